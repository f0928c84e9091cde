"""What an answer loses for its citations, as LexAssay counts it: a quarter point per distinct citation whose
status is deducted (``misattributed``, ``invented``) and, under ``deduct="confirmed"``, confirmed. One rule for the
checker's summary, the inspect scorer and ``score lexassay`` (docs/metrics.md)."""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from legalcite.keys import less_precise
from legalcite.status import DEDUCTED

CITATION_PENALTY = Fraction(1, 4)   # per distinct deducted citation
_DEDUCTED = {d.value for d in DEDUCTED}


def counts_against(c: dict[str, Any], deduct: str = "confirmed") -> bool:
    """Whether a citation costs points: its status is deducted and, under ``deduct="confirmed"`` (the default,
    LexAssay: "a deduction needs evidence"), two independent signals confirmed it."""
    return c["status"] in _DEDUCTED and (deduct == "unconfirmed" or c.get("confirmed", True) is True)


def distinct_deducted(cites: Sequence[dict[str, Any]], deduct: str = "confirmed") -> list[dict[str, Any]]:
    """The deducted citations (:func:`counts_against` under ``deduct``), "the same citation counts once": one
    entry per key that no other deducted key
    refines. A key that is a segment prefix of another deducted key (``§ 823 BGB`` beside ``§ 823 Abs. 1 BGB``)
    is the same citation, less precise, and joins that one's group; ``§ 823 I BGB`` and ``§ 823 Abs. 1 BGB``
    share a key. Two keys neither of which is a prefix of the other (``§ 823 Abs. 1`` and ``§ 823 Abs. 2``) are
    two citations. A citation without a key counts once per distinct text. Returns ``{"key", "also"}``, sorted."""
    keys = sorted({c["key"] for c in cites if counts_against(c, deduct) and c["key"]})
    texts = sorted({f"?{c['text']}" for c in cites if counts_against(c, deduct) and not c["key"]})
    groups: dict[str, list[str]] = {k: [] for k in keys if not any(less_precise(k, other) for other in keys)}
    for k in keys:
        if k not in groups:  # joins every more precise key it prefixes; listed under the first of them
            groups[next(g for g in groups if less_precise(k, g))].append(k)
    return [{"key": k, "also": also} for k, also in sorted(groups.items())] + [{"key": t, "also": []} for t in texts]
