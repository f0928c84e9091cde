"""Misattribution: does the cited unit support the claim that cites it? Attribution as retrieval in reverse.

==============  ==================================================================================================
module          what
==============  ==================================================================================================
``claims``      the claim around a citation as a lawyer reads it (:func:`claim_for`), whether it states anything
                (``bare``), the quotations it carries, and its language
``quotes``      a quotation of the provision compared with the unit's text (RapidFuzz), before any model
``lexical``     BM25 within a scope (the work; a title of the U.S. Code)
``store``       the per-scope BM25 matrices (every store build) and unit vectors (``legalcite corpus embed``)
``core``        the models' misfits, the calibrated decision, ``confirmed`` (:class:`Attributor`)
==============  ==================================================================================================

:func:`attribute_all` is what :func:`legalcite.checker.check` runs after the resolver chain. Every ``real`` verdict
leaves with one evidence entry of source ``attribution`` whose ``details["result"]`` says what happened —
``judged``, ``no claim`` (the sentence states nothing beyond the citation) or ``not run`` with the ``reason`` — and
with ``content_checked`` (True only when judged). Method, thresholds and measured rates: ``docs/check.md`` §4 and
``python benchmarks/check_attribution.py``.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from legalcite.attribution.claims import Claim, Spans, claim_for, language_of, statement_for
from legalcite.attribution.lexical import available
from legalcite.core.budget import spend
from legalcite.status import CheckedCitation, Evidence, Status

__all__ = ["attribute_all", "attribute_texts", "claim_for", "statement_for", "language_of", "not_run", "attribution_result", "RESULTS",
           "REASONS"]

JUDGED, NO_CLAIM, NOT_RUN = "judged", "no claim", "not run"
RESULTS = (JUDGED, NO_CLAIM, NOT_RUN)    # details["result"] of the attribution evidence
# details["reason"] where the test was not run (the models add theirs: too little text, no unit vectors)
REASONS = {
    "extra": "the misattribution test needs numpy and PyStemmer: pip install 'legalcite[retrieval]'",
    "off": "the misattribution test was switched off (--no-attribution)",
    "no_text": "the store has no text of the cited unit (known from a table of contents or a range): it exists, "
               "its content was not compared",
    "no_context": "no text around the citation to compare",
    "no_claim": "the sentence states nothing beyond the citation (a list, a label, a citation sentence)",
}


def attribute_all(out: Sequence[CheckedCitation], units: Sequence[Any], text: str, store, *,
                  dense: str = "auto") -> list[CheckedCitation]:
    """The misattribution test on every ``real`` citation whose unit the store checked (``units``, in the order of
    ``out``), against the claim around it in ``text``. Citations printed together (a list or range such as
    ``§§ 1 bis 5 PatG``, overlapping spans) support one claim as a group: they are flagged only if every member
    is. Without numpy and PyStemmer (the ``retrieval`` extra) nothing is judged, and the evidence says so."""
    return attribute_texts([(out, units, text)], store, dense=dense)[0]


@dataclasses.dataclass
class _Todo:
    job: int
    index: int
    claim: Claim
    key: str
    language: str | None


def attribute_texts(jobs: Sequence[tuple[Sequence[CheckedCitation], Sequence[Any], str]], store, *,
                    dense: str = "auto") -> list[list[CheckedCitation]]:
    """:func:`attribute_all` for several ``(verdicts, units, text)`` at once: one batch of claims for the models."""
    done = [list(out) for out, _, _ in jobs]
    todo: list[_Todo] = []
    extra = available()
    for j, (out, units, text) in enumerate(jobs):
        spans = [(cc.citation.span.start, cc.citation.span.end) for cc in out]
        index, claims = Spans(spans), {}  # citations printed together share their span and their claim
        for i, (cc, u) in enumerate(zip(out, units)):
            spend("reading the claims")
            if cc.status != Status.REAL:
                continue
            key = u.key if u is not None else cc.checked_key
            if u is None or not u.text:
                done[j][i] = not_run(cc, REASONS["no_text"], key)
            elif not text or spans[i][1] <= spans[i][0]:
                done[j][i] = not_run(cc, REASONS["no_context"], key)
            else:
                claim = claims.get(spans[i]) or claims.setdefault(spans[i], claim_for(text, *spans[i], index))
                if not extra:
                    done[j][i] = not_run(cc, REASONS["extra"], key, claim.text)
                elif claim.bare and not claim.quotes:
                    done[j][i] = not_run(cc, REASONS["no_claim"], key, claim.text, result=NO_CLAIM)
                else:
                    todo.append(_Todo(j, i, claim, u.key, u.language))
    if todo:
        _judge(todo, jobs, done, store, dense)
    return [_lists(done[j], jobs[j][0], jobs[j][1]) for j in range(len(jobs))]


def _judge(todo: list[_Todo], jobs, done: list[list[CheckedCitation]], store, dense: str) -> None:
    """Quotations first (:mod:`~legalcite.attribution.quotes`), then the models for the rest, in one batch."""
    from legalcite.attribution.core import Attributor
    from legalcite.attribution.lexical import scope_of
    from legalcite.attribution.store import lexical_scope

    from legalcite.attribution.core import calibration

    only_quotes = calibration().quotations_only
    models: list[_Todo] = []
    for t in todo:
        q = _quote_check(store, t, lexical_scope(store, scope_of(t.key)))
        cc = jobs[t.job][0][t.index]
        if q is not None and q.verdict != "unclear":
            done[t.job][t.index] = _apply_quote(cc, t, q)
        elif scope_of(t.key) in only_quotes:   # the models are not trusted on this work (measured): say so
            done[t.job][t.index] = not_run(cc, only_quotes[scope_of(t.key)], t.key, t.claim.text)
        else:
            models.append(t)
    if models:
        claims = [(t.claim.text, t.key, t.language) for t in models]
        for t, a in zip(models, Attributor(store, dense=dense).judge(claims)):
            done[t.job][t.index] = _apply(jobs[t.job][0][t.index], t.key, t.claim, a)


def _quote_check(store, t: _Todo, lex):
    """The first quotation of the claim in the law's language that can be compared (None: none)."""
    from legalcite.attribution.quotes import check_quote

    if lex is None:
        return None
    law = t.language or lex.language
    for q in t.claim.quotes:
        if language_of(q.text, law) == law:
            got = check_quote(store, t.key, q.text, q.marked, law, lex)
            if got is not None:
                return got
    return None


def not_run(checked: CheckedCitation, reason: str, key: str | None = None, claim: str | None = None, *,
            result: str = NOT_RUN) -> CheckedCitation:
    """``checked`` (a ``real`` verdict) with the attribution evidence saying the test was not run, and why."""
    details: dict[str, Any] = {"result": result, "reason": reason}
    if claim is not None:
        details["statement"] = claim[:200]
    ev = Evidence(source="attribution", key=key or checked.checked_key, details=details)
    return dataclasses.replace(checked, evidence=checked.evidence + (ev,), content_checked=False)


def attribution_result(checked: CheckedCitation) -> str:
    """What the misattribution test did with a verdict: ``judged``, ``no claim`` or ``not run`` (also where it left
    no evidence: the test was switched off)."""
    for e in checked.evidence:
        if e.source == "attribution":
            return e.details.get("result", JUDGED)
    return NOT_RUN


def _lists(done: list[CheckedCitation], out: Sequence[CheckedCitation], units: Sequence[Any]
           ) -> list[CheckedCitation]:
    """Citations printed together are flagged only if every member is."""
    spans = [(cc.citation.span.start, cc.citation.span.end) for cc in out]
    for i, cc in enumerate(done):
        if cc.status != Status.MISATTRIBUTED:
            continue
        s, e = spans[i]
        group = [j for j, (s2, e2) in enumerate(spans) if j != i and s2 < e and s < e2 and units[j] is not None]
        if group and any(done[j].status != Status.MISATTRIBUTED for j in group):
            done[i] = dataclasses.replace(cc, status=Status.REAL, confirmed=None, content_checked=True,
                                          reason=out[i].reason + "; not flagged: another provision cited in the "
                                          "same list fits the statement")
    return done


def _apply(checked: CheckedCitation, key: str, claim: Claim, a) -> CheckedCitation:
    details = {"result": JUDGED if a.judged else NOT_RUN, **a.details(), "statement": claim.text[:200],
               "claim": claim.where}
    if not a.judged:
        details["reason"] = a.note
    ev = Evidence(source="attribution", key=key, details=details)
    if not a.misattributed:
        return dataclasses.replace(checked, evidence=checked.evidence + (ev,), content_checked=a.judged)
    better = ", ".join(f"{k} ({s:.2f})" for k, s in a.better)
    how = "two models agree" if a.confirmed else "one model"
    return dataclasses.replace(
        checked, status=Status.MISATTRIBUTED, confirmed=a.confirmed, evidence=checked.evidence + (ev,),
        reason=f"{checked.reason.split(';')[0]}, but does not support the statement (misfit {a.score:.2f} > "
               f"{a.threshold:.2f}, {how}" + (f"; fitting better: {better}" if better else "") + ")")


def _apply_quote(checked: CheckedCitation, t: _Todo, q) -> CheckedCitation:
    ev = Evidence(source="attribution", key=t.key,
                  details={"result": JUDGED, **q.details(), "statement": t.claim.text[:200], "claim": t.claim.where})
    if q.verdict == "contained":
        return dataclasses.replace(checked, evidence=checked.evidence + (ev,), content_checked=True,
                                   reason=f"{checked.reason}; the quoted words are its text")
    where = (f"; they are the text of {q.found_in} (containment {q.found:.0f})" if q.found_in
             else "; no unit of the law that fits the quotation best holds it")
    return dataclasses.replace(
        checked, status=Status.MISATTRIBUTED, confirmed=q.found_in is not None, evidence=checked.evidence + (ev,),
        reason=f"{checked.reason.split(';')[0]}, but the quoted words are not its text (containment "
               f"{q.cited:.0f} < {q.details()['missing_below']:.0f}){where}")
