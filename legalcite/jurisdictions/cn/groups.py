"""A Chinese unit chain's groups as written, what both of its readers build: the grammar's Transformer
(:mod:`.units`, which imports Lark) and the fast path for a single provision (:mod:`.extract`). Kept apart from
both so that the Transformer does not import the extractor that loads it on the first chain."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Group:
    """One group of a unit chain as written (built by :mod:`.units`' Transformer, or by
    :func:`~legalcite.jurisdictions.cn.extract._simple_groups` for a single provision): offsets are into the parsed
    window."""

    kind: str                     # "art" or "sub"
    arts: list[tuple[str, str]]   # (op, value): op "," or "~" (range to)
    subs: list[tuple[str, list[tuple[str, str]]]]  # (label, values)
    start: int
    end: int
    sep: str                      # separator before this group: "", "," or "~"
    following: bool = False
