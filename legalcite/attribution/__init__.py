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
from typing import TYPE_CHECKING, Any, Sequence

from legalcite.attribution.claims import Claim, Spans, citation_material, claim_for, is_bare, statement_for
from legalcite.attribution.core import RESTATES_ANOTHER, Attributor, calibration
from legalcite.attribution.lexical import available, scope_of
from legalcite.attribution.quotes import check_quote
from legalcite.attribution.results import JUDGED, NO_CLAIM, NOT_RUN, RESULTS
from legalcite.attribution.store import lexical_scope
from legalcite.core.budget import spend
from legalcite.jurisdictions import guess_language, print_key
from legalcite.keys import key_at
from legalcite.status import CheckedCitation, Evidence, Status

if TYPE_CHECKING:
    from legalcite.corpora.store import Store

__all__ = ["attribute_all", "attribute_texts", "claim_for", "statement_for", "not_run", "attribution_result", "RESULTS",
           "REASONS"]

# details["result"] of the attribution evidence: RESULTS (.results); details["reason"] where the test was not
# run (the models add theirs: too little text, no unit vectors)
REASONS = {
    "extra": "the misattribution test needs numpy and PyStemmer: pip install 'legalcite[retrieval]'",
    "off": "the misattribution test was switched off (--no-attribution)",
    "no_text": "the store has no text of the cited unit (known from a table of contents or a range): it exists, "
               "its content was not compared",
    "no_context": "no text around the citation to compare",
    "no_claim": "the sentence states nothing beyond the citation (a list, a label, a citation sentence)",
}


def attribute_all(out: Sequence[CheckedCitation], units: Sequence[Any], text: str, store: Store, *,
                  dense: str = "auto", question: str | None = None, opinion: Any = None) -> list[CheckedCitation]:
    """The misattribution test on every ``real`` citation whose unit the store checked (``units``, in the order of
    ``out``), against the claim around it in ``text``. Citations printed together (a list or range such as
    ``§§ 1 bis 5 PatG``, overlapping spans) support one claim as a group: they are flagged only if every member
    is. ``question``: what the text answers; a citation whose sentence states nothing (``答：依据《民法典》第N条的
    规定。``) is judged against it. Without numpy and PyStemmer (the ``retrieval`` extra) nothing is judged, and the
    evidence says so. ``opinion``: :class:`~legalcite.attribution.opinion.OpinionSettings` to ask a model about
    what the rules flag or leave undecided (None: nothing is sent anywhere)."""
    return attribute_texts([(out, units, text)], store, dense=dense, questions=[question], opinion=opinion)[0]


@dataclasses.dataclass
class _Todo:
    job: int
    index: int
    claim: Claim
    key: str
    language: str | None
    cited_text: str | None = None   # the unit's text at the cited depth (None: the whole unit)
    beside: frozenset[str] = frozenset()   # the units of the other citations in the claim's sentence
    figures: str | None = None             # the part of the sentence whose figures are this citation's
    cited_lead: str | None = None          # the words that introduce the cited item's list (CorpusUnit.cited_lead)


def attribute_texts(jobs: Sequence[tuple[Sequence[CheckedCitation], Sequence[Any], str]], store: Store, *,
                    dense: str = "auto", questions: Sequence[str | None] | None = None, opinion: Any = None
                    ) -> list[list[CheckedCitation]]:
    """:func:`attribute_all` for several ``(verdicts, units, text)`` at once (``questions``: what each text answers,
    or None; ``opinion``: a model asked after the rules, :mod:`~legalcite.attribution.opinion`): one batch of claims
    for the models, one of requests for the opinion."""
    done = [list(out) for out, _, _ in jobs]
    todo: list[_Todo] = []
    extra = available()
    for j, (out, units, text) in enumerate(jobs):
        spans = [(cc.citation.span.start, cc.citation.span.end) for cc in out]
        blank = citation_material(text, [cc.citation for cc in out]) if text else []
        question = questions[j] if questions else None
        index = Spans(spans + blank)
        claims: dict[tuple[int, int], Claim] = {}   # citations printed together share their span and claim
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
                if claim.bare and not claim.quotes and question and question.strip():
                    claim = _asked(question)
                if not extra:
                    done[j][i] = not_run(cc, REASONS["extra"], key, claim.text)
                elif claim.bare and not claim.quotes:
                    done[j][i] = not_run(cc, REASONS["no_claim"], key, claim.text, result=NO_CLAIM)
                else:
                    beside = frozenset(v.key for k, v in enumerate(units) if v is not None and k != i
                                       and claim.span and claim.span[0] <= spans[k][0] < claim.span[1])
                    todo.append(_Todo(j, i, claim, u.key, u.language, u.cited_text, beside,
                                      _figure_part(text, spans, i, claim), u.cited_lead))
    if todo:
        _judge(todo, jobs, done, store, dense)
        if opinion is not None:   # a model's opinion on what the rules flag or leave undecided
            # loaded only when one is asked for: it brings asyncio, the LLM client and the judge's prompts
            from legalcite.attribution.opinion import review  # heavy: imports Stemmer, httpx

            review(todo, jobs, done, opinion)
    return [_lists(done[j], jobs[j][0], jobs[j][1]) for j in range(len(jobs))]


def _figure_part(text: str, spans: Sequence[tuple[int, int]], i: int, claim: Claim) -> str | None:
    """The part of the claim's sentence whose figures belong to citation ``i`` when other citations share the
    sentence: a citation in brackets after its clause (``… drei Jahre (§ 195 BGB) und beginnt … (§ 199 BGB)``)
    holds the text back to the citation before it; one that leads its clause (``Nach § 622 BGB beträgt …``) the
    text between its neighbours. None where the citation is alone in its sentence (the claim is its part)."""
    if claim.span is None:
        return None
    a, b = claim.span
    s, e = spans[i]
    inside = sorted(sp for k, sp in enumerate(spans) if k != i and a <= sp[0] < b)
    if not inside:
        return None
    before = max((x[1] for x in inside if x[1] <= s), default=a)
    after = min((x[0] for x in inside if x[0] >= e), default=b)
    trailing = text[max(a, s - 2):s].rstrip().endswith(("(", "[", "（")) or text[e:e + 1] in ")]）"
    return text[before:s] if trailing else text[before:after]


def _asked(question: str) -> Claim:
    """A question as the claim of a bare citation that answers it: its words are what the citation is offered for."""
    text = " ".join(question.split())
    return Claim(text, is_bare(text), (), "question")


def _judge(todo: list[_Todo], jobs, done: list[list[CheckedCitation]], store: Store, dense: str) -> None:
    """Quotations first (:mod:`~legalcite.attribution.quotes`), then the models for the rest, in one batch."""
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
        claims = [(t.claim.text, t.key, t.language, t.cited_text, t.figures, t.cited_lead) for t in models]
        for t, a in zip(models, Attributor(store, dense=dense).judge(claims)):
            done[t.job][t.index] = _apply(jobs[t.job][0][t.index], t.key, t.claim, a, t.beside)


def _quote_check(store: Store, t: _Todo, lex):
    """The first quotation of the claim in the law's language that can be compared (None: none)."""
    if lex is None:
        return None
    law = t.language or lex.language
    for q in t.claim.quotes:
        if guess_language(q.text, tie="en", default="en", short=law) == law:
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


def _apply(checked: CheckedCitation, key: str, claim: Claim, a, beside: frozenset[str] = frozenset()
           ) -> CheckedCitation:
    details = {"result": JUDGED if a.judged else NOT_RUN, **a.details(), "statement": claim.text[:200],
               "claim": claim.where}
    if not a.judged:
        details["reason"] = a.note
    ev = Evidence(source="attribution", key=key, details=details)
    if a.misattributed and a.better and key_at(a.better[0][0], "unit") in beside:
        # what fits better is cited in the same sentence: the claim is theirs together ("… festsetzen (§ 9 KSchG);
        # die Höhe beträgt bis zu zwölf Monatsverdienste (§ 10 KSchG)")
        details["note"] = f"{a.better[0][0]} fits better and is cited in the same sentence: not flagged"
        return dataclasses.replace(checked, evidence=checked.evidence + (ev,), content_checked=True)
    if not a.misattributed:
        return dataclasses.replace(checked, evidence=checked.evidence + (ev,), content_checked=a.judged)
    better = ", ".join(print_key(k) for k, _ in a.better)
    how = "two models agree" if a.confirmed else "one model"
    if a.by == "figures" and a.figures is not None:
        said = ", ".join(q.text for q in a.figures.missing)
        why = (f"it states {said} only of something else" if a.figures.elsewhere else f"it does not state {said}") \
            + (" (confirmed by BM25)" if a.confirmed else "")
    elif a.by == "across" and a.across is not None and a.across.full > 0:
        why = (f"another act holds {a.across.s_other / a.across.full:.0%} of the claim's words, the cited act at most "
               f"{a.across.s_scope / a.across.full:.0%}" + (", BM25 within the act agrees" if a.confirmed else ""))
    elif a.note == RESTATES_ANOTHER and a.lexical is not None and a.lexical.scale:
        why = (f"another unit holds {a.lexical.s_best / a.lexical.scale:.0%} of the claim's words, the cited unit "
               f"{a.lexical.s_cited / a.lexical.scale:.0%}" + (", the dense model agrees" if a.confirmed else ""))
    else:
        why = f"misfit {a.score:.2f} > {a.threshold:.2f}, {how}"
    return dataclasses.replace(
        checked, status=Status.MISATTRIBUTED, confirmed=a.confirmed, evidence=checked.evidence + (ev,),
        reason=f"{checked.reason.split(';')[0]}, but does not support the statement ({why}"
               + (f"; fitting better: {better}" if better else "") + ")")


def _apply_quote(checked: CheckedCitation, t: _Todo, q) -> CheckedCitation:
    ev = Evidence(source="attribution", key=t.key,
                  details={"result": JUDGED, **q.details(), "statement": t.claim.text[:200], "claim": t.claim.where})
    if q.verdict == "contained":
        return dataclasses.replace(checked, evidence=checked.evidence + (ev,), content_checked=True,
                                   reason=f"{checked.reason}; the quoted words are its text")
    where = (f"; they are the text of {print_key(q.found_in)} (containment {q.found:.0f})" if q.found_in
             else "; no unit of the law that fits the quotation best holds it")
    return dataclasses.replace(
        checked, status=Status.MISATTRIBUTED, confirmed=q.found_in is not None, evidence=checked.evidence + (ev,),
        reason=f"{checked.reason.split(';')[0]}, but the quoted words are not its text (containment "
               f"{q.cited:.0f} < {q.details()['missing_below']:.0f}){where}")
