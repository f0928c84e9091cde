"""Misattribution: does the cited unit support the claim that cites it? Attribution as retrieval in reverse.

==============  ==================================================================================================
module          what
==============  ==================================================================================================
``claims``      the claim around a citation (:func:`statement_for`) and its language
``lexical``     BM25 within a scope (the work; a title of the U.S. Code)
``store``       the per-scope BM25 matrices (every store build) and unit vectors (``legalcite corpus embed``)
``core``        the models' misfits, the calibrated decision, ``confirmed`` (:class:`Attributor`)
==============  ==================================================================================================

:func:`attribute_all` is what :func:`legalcite.checker.check` runs after the resolver chain. Method, thresholds
and measured rates: ``docs/check.md`` §4 and ``python benchmarks/check_attribution.py``.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from legalcite.attribution.claims import language_of, statement_for
from legalcite.attribution.lexical import available
from legalcite.status import CheckedCitation, Evidence, Status

__all__ = ["attribute_all", "attribute_texts", "statement_for", "language_of"]


def attribute_all(out: Sequence[CheckedCitation], units: Sequence[Any], text: str, store, *,
                  dense: str = "auto") -> list[CheckedCitation]:
    """The misattribution test on every ``real`` citation whose unit the store checked (``units``, in the order of
    ``out``), against the claim around it in ``text``. Citations printed together (a list or range such as
    ``§§ 1 bis 5 PatG``, overlapping spans) support one claim as a group: they are flagged only if every member
    is. Without numpy and PyStemmer (the ``retrieval`` extra) nothing is judged."""
    return attribute_texts([(out, units, text)], store, dense=dense)[0]


def attribute_texts(jobs: Sequence[tuple[Sequence[CheckedCitation], Sequence[Any], str]], store, *,
                    dense: str = "auto") -> list[list[CheckedCitation]]:
    """:func:`attribute_all` for several ``(verdicts, units, text)`` at once: one batch of claims for the models."""
    todo: list[tuple[int, int]] = []
    claims: list[tuple[str, str, str | None]] = []
    for j, (out, units, text) in enumerate(jobs):
        if not text:
            continue
        spans = [(cc.citation.span.start, cc.citation.span.end) for cc in out]
        for i, (cc, u) in enumerate(zip(out, units)):
            if u is None or cc.status != Status.REAL or not u.text or spans[i][1] <= spans[i][0]:
                continue
            me = spans[i]
            todo.append((j, i))
            claims.append((statement_for(text, me[0], me[1], [s for s in spans if s != me]), u.key, u.language))
    done = [list(out) for out, _, _ in jobs]
    if not claims or not available():
        return done
    from legalcite.attribution.core import Attributor

    for (j, i), (claim, key, _), a in zip(todo, claims, Attributor(store, dense=dense).judge(claims)):
        done[j][i] = _apply(jobs[j][0][i], key, claim, a)
    return [_lists(done[j], jobs[j][0], jobs[j][1]) for j in range(len(jobs))]


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
            done[i] = dataclasses.replace(cc, status=Status.REAL, confirmed=None,
                                          reason=out[i].reason + "; not flagged: another provision cited in the "
                                          "same list fits the statement")
    return done


def _apply(checked: CheckedCitation, key: str, claim: str, a) -> CheckedCitation:
    ev = Evidence(source="attribution", key=key, details={**a.details(), "statement": claim[:200]})
    if not a.misattributed:
        return dataclasses.replace(checked, evidence=checked.evidence + (ev,))
    better = ", ".join(f"{k} ({s:.2f})" for k, s in a.better)
    how = "two models agree" if a.confirmed else "one model"
    return dataclasses.replace(
        checked, status=Status.MISATTRIBUTED, confirmed=a.confirmed, evidence=checked.evidence + (ev,),
        reason=f"{checked.reason.split(';')[0]}, but does not support the statement (misfit {a.score:.2f} > "
               f"{a.threshold:.2f}, {how}" + (f"; fitting better: {better}" if better else "") + ")")
