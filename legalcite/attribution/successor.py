"""The article that took over a repealed provision, read from what the answer says about it.

A repealed law's verdict names the law that replaced it (``《合同法》`` → ``民法典``, from the successor's repeal
clause), but the corpora hold no article-level concordance (the old laws' texts are not in them). The answer's own
statement is the evidence left: "根据《合同法》第一百零七条，当事人一方不履行合同义务…应当承担…违约责任" states the
rule, and BM25 within the successor work finds the article that now holds it (``民法典`` art. 577). It is named
only where the statement carries enough of the law's terms (:data:`MIN_TERMS`) and one article leads clearly
(:data:`LEAD`); otherwise the verdict names the successor law alone. Nothing about the status changes: the citation
stays ``repealed``.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Sequence

from legalcite.attribution.claims import Spans, statement_for
from legalcite.attribution import lexical
from legalcite.attribution.store import lexical_scope
from legalcite.jurisdictions import print_key
from legalcite.status import CheckedCitation, Evidence, Status

if TYPE_CHECKING:
    from legalcite.corpora.store import Store

MIN_TERMS = 8     # content terms of the statement the successor work knows
LEAD = 1.3        # the best article's BM25 score over the second's


def successor_unit(claim: str, work_key: str, store: Store) -> tuple[str, float, float] | None:
    """``(unit key, its score, the runner-up's)`` of the unit of ``work_key`` that clearly holds ``claim``; None."""
    if not lexical.available():
        return None
    lex = lexical_scope(store, work_key)
    if lex is None or len(lex.keys) < 2:
        return None
    scores, known, _ = lex.scores(claim)
    if known < MIN_TERMS:
        return None
    first, second = (int(i) for i in (-scores).argsort()[:2])
    if not scores[first] > 0 or scores[first] < LEAD * scores[second]:
        return None
    return lex.keys[first], float(scores[first]), float(scores[second])


def with_successors(out: Sequence[CheckedCitation], text: str, store: Store) -> list[CheckedCitation]:
    """Each ``repealed`` verdict whose law names a successor in the store, with the successor's article that holds
    the statement around the citation (in the reason and as evidence), where one does."""
    done = list(out)
    spans = [(cc.citation.span.start, cc.citation.span.end) for cc in out]
    index = Spans(spans)
    for i, cc in enumerate(out):
        if cc.status is not Status.REPEALED or not text or spans[i][1] <= spans[i][0]:
            continue
        by = next((e.details.get("replaced_by") for e in cc.evidence if e.details.get("replaced_by")), None)
        work_key = f"{cc.citation.jurisdiction}/{by}" if by else None
        if work_key is None or store.work(work_key) is None:
            continue
        claim = statement_for(text, *spans[i], index)
        found = successor_unit(claim, work_key, store)
        if found is None:
            continue
        key, score, runner_up = found
        ev = Evidence(source="successor", key=key, details={
            "method": f"BM25 of the statement within {work_key}: its best unit, {LEAD}× ahead of the next",
            "score": round(score, 2), "next": round(runner_up, 2), "statement": claim[:200]})
        done[i] = dataclasses.replace(cc, reason=f"{cc.reason}; the statement is now in {print_key(key)} ({key})",
                                      evidence=cc.evidence + (ev,))
    return done
