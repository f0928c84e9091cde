"""Lists, ranges, ``f.`` and ``ff.`` of a unit chain, shared by the jurisdictions that print them the same way
(German ``§§ 987–993``, ``§ 7 f.``; Swiss ``Art. 328–328b``, ``Art. 41 f.``, ``Art. 97 ff.``). A chain's parser
produces :class:`Item` s; :func:`expand` turns each into the unit paths it stands for, given what the work's table of
contents lists (a :class:`Listing` per label). No jurisdiction knowledge: the caller passes the listed values.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Sized, TypeVar

Path = list[tuple[str, str]]        # [(label, value)], e.g. [("art", "41"), ("abs", "1")]
G = TypeVar("G")                    # a group of a chain (each jurisdiction has its own class)


@dataclass(slots=True)
class Item:
    """One list member of a chain: a path, or a range between two paths; ``f.``/``ff.``; a version marker."""

    path: Path
    range_to: Path | None = None
    following: str | None = None     # "f." or "ff."
    version: str | None = None


class Listing:
    """The values of one label a work's table of contents lists, in order, with each one's position: a range's ends
    and ``f.``'s successor are found in constant time, however long a run of ranges (``§§ 1–9999 BGB …``)."""

    __slots__ = ("values", "_at")

    def __init__(self, values: Iterable[str]) -> None:
        self.values = list(values)
        self._at = {v: i for i, v in enumerate(self.values)}

    def after(self, value: str) -> str | None:
        """The value listed after ``value`` (None when ``value`` is last or not listed)."""
        i = self._at.get(value)
        return self.values[i + 1] if i is not None and i + 1 < len(self.values) else None

    def between(self, lo: str, hi: str) -> list[str] | None:
        """Every value listed from ``lo`` to ``hi``; None unless both are listed in that order."""
        a, b = self._at.get(lo), self._at.get(hi)
        return self.values[a: b + 1] if a is not None and b is not None and a <= b else None


def expand(item: Item, listed: Callable[[str], Listing | None]) -> list[Path]:
    """The unit paths an item stands for. ``listed(label)`` gives the values of that label the work's table of
    contents lists (None when it lists none); it is asked only for ranges and ``f.``. A range of top-level units
    yields every listed value between its ends (integers when the list has not both; at most 500); a range of
    sub-units yields integers (at most 200) or letters (``lit. a–c``); ``f.`` yields the unit and the next listed one
    (else the next integer); ``ff.`` keeps the first."""
    if item.range_to is not None:
        a, b = item.path, item.range_to
        if len(a) == 1 and len(b) == 1 and a[0][0] == b[0][0]:
            return [[(a[0][0], v)] for v in unit_range(listed(a[0][0]), a[0][1], b[0][1])]
        if len(a) == len(b) and a[:-1] == b[:-1] and a[-1][0] == b[-1][0]:
            lo, hi = a[-1][1], b[-1][1]
            if lo.isdigit() and hi.isdigit() and 0 <= int(hi) - int(lo) <= 200:
                return [a[:-1] + [(a[-1][0], str(v))] for v in range(int(lo), int(hi) + 1)]
            if len(lo) == len(hi) == 1 and "a" <= lo < hi <= "z":  # "lit. a–c": the letters between
                return [a[:-1] + [(a[-1][0], chr(v))] for v in range(ord(lo), ord(hi) + 1)]
        return [a, b]
    if item.following == "f.":
        label, value = item.path[-1]
        nxt = None
        if len(item.path) == 1:
            values = listed(label)
            nxt = values.after(value) if values is not None else None
        if nxt is None and value.isdigit():
            nxt = str(int(value) + 1)
        if nxt:
            return [item.path, item.path[:-1] + [(label, nxt)]]
    return [item.path]


def unit_range(values: Listing | None, lo: str, hi: str) -> list[str]:
    """Every listed value from ``lo`` to ``hi``; integers when the list lacks either end (at most 500); else both
    ends only."""
    between = values.between(lo, hi) if values is not None else None
    if between is not None:
        return between
    if lo.isdigit() and hi.isdigit() and 0 <= int(hi) - int(lo) <= 500:
        return [str(v) for v in range(int(lo), int(hi) + 1)]
    return [lo, hi]


def back_fill(groups: list[G], attr: str) -> list[G]:
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


MAX_GROUPS = 13  # groups of one chain joined by connectors ("§ 280 Abs. 1 i.V.m. § 241 Abs. 2 …"): a bound on lists


def next_group(text: str, end: int, groups: Sized, connector: re.Pattern[str]) -> int | None:
    """Where the next group of a chain starts after a group ending at ``end`` (the connector's end: ``i.V.m.``,
    ``und``, ``;``), or None where the chain ends there (no connector, or :data:`MAX_GROUPS` groups read)."""
    c = connector.match(text, end)
    return c.end() if c and len(groups) < MAX_GROUPS else None

