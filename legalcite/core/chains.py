"""Lists, ranges, ``f.`` and ``ff.`` of a unit chain, shared by the jurisdictions that print them the same way
(German ``§§ 987–993``, ``§ 7 f.``; Swiss ``Art. 328–328b``, ``Art. 41 f.``, ``Art. 97 ff.``). A chain's parser
produces :class:`Item` s; :func:`expand` turns each into the unit paths it stands for, given what the work's table of
contents lists. No jurisdiction knowledge: the caller passes the listed values.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

Path = list[tuple[str, str]]        # [(label, value)], e.g. [("art", "41"), ("abs", "1")]


@dataclass
class Item:
    """One list member of a chain: a path, or a range between two paths; ``f.``/``ff.``; a version marker."""

    path: Path
    range_to: Path | None = None
    following: str | None = None     # "f." or "ff."
    version: str | None = None


def expand(item: Item, listed: Callable[[str], Sequence[str] | None]) -> list[Path]:
    """The unit paths an item stands for. ``listed(label)`` gives the values of that label the work's table of
    contents lists, in order (None when it lists none). A range of top-level units yields every listed value between
    its ends (integers when the list has not both; at most 500); a range of sub-units yields integers (at most 200);
    ``f.`` yields the unit and the next listed one (else the next integer); ``ff.`` keeps the first."""
    if item.range_to is not None:
        a, b = item.path, item.range_to
        if len(a) == 1 and len(b) == 1 and a[0][0] == b[0][0]:
            return [[(a[0][0], v)] for v in unit_range(listed(a[0][0]), a[0][1], b[0][1])]
        if len(a) == len(b) and a[:-1] == b[:-1] and a[-1][0] == b[-1][0]:
            lo, hi = a[-1][1], b[-1][1]
            if lo.isdigit() and hi.isdigit() and 0 <= int(hi) - int(lo) <= 200:
                return [a[:-1] + [(a[-1][0], str(v))] for v in range(int(lo), int(hi) + 1)]
        return [a, b]
    if item.following == "f.":
        label, value = item.path[-1]
        nxt = None
        if len(item.path) == 1:
            values = listed(label)
            if values and value in values and values.index(value) + 1 < len(values):
                nxt = values[values.index(value) + 1]
        if nxt is None and value.isdigit():
            nxt = str(int(value) + 1)
        if nxt:
            return [item.path, item.path[:-1] + [(label, nxt)]]
    return [item.path]


def unit_range(values: Sequence[str] | None, lo: str, hi: str) -> list[str]:
    """Every listed value from ``lo`` to ``hi``; integers when the list lacks either end (at most 500); else both
    ends only."""
    if values and lo in values and hi in values and values.index(lo) <= values.index(hi):
        return list(values[values.index(lo): values.index(hi) + 1])
    if lo.isdigit() and hi.isdigit() and 0 <= int(hi) - int(lo) <= 500:
        return [str(v) for v in range(int(lo), int(hi) + 1)]
    return [lo, hi]


def back_fill(groups: list, attr: str) -> list:
    """Groups of a chain joined by ``i.V.m.``, ``und``, ``,`` share the work named after the last of them: a group
    without one (its ``attr`` is None) takes the next group's (``§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB`` → both BGB).
    The chain is kept up to the last group that has a work (all of it when none has one)."""
    work = None
    for g in reversed(groups):
        if getattr(g, attr) is not None:
            work = getattr(g, attr)
        elif work is not None:
            setattr(g, attr, work)
    if any(getattr(g, attr) is not None for g in groups):
        while groups and getattr(groups[-1], attr) is None:
            groups.pop()
    return groups
