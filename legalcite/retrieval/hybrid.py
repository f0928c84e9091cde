"""Reciprocal-rank fusion (Cormack et al. 2009): score(d) = Σ_i w_i / (k0 + rank_i(d)), ranks from 1.

Rank-based, so BM25 scores and cosine similarities need no calibration; a document found by only one
side still counts, which is how an English question reaches German or Chinese units (dense side only).
"""
from __future__ import annotations

from typing import Sequence

RRF_K = 60


def rrf(rankings: Sequence[Sequence[int]], weights: Sequence[float] | None = None, *, k0: int = RRF_K,
        limit: int | None = None) -> list[tuple[int, float]]:
    """Fuse ranked lists of document ids into [(id, fused score)], best first; ties broken by id."""
    weights = list(weights) if weights is not None else [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError("one weight per ranking")
    fused: dict[int, float] = {}
    for ranking, w in zip(rankings, weights):
        if w == 0:
            continue
        for rank, doc in enumerate(ranking, 1):
            fused[int(doc)] = fused.get(int(doc), 0.0) + w / (k0 + rank)
    out = sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))
    return out[:limit] if limit is not None else out
