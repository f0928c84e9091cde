"""What a section chain is made of, as both of its readers build it: the regular expressions and the grammar's
Transformer (:mod:`.grammar`) yield :class:`ChainRef` s, ranges (:class:`RangeOf`) and a :class:`Parsed` chain,
which :mod:`.chain` turns into citations. Kept apart from both so that the grammar (it imports Lark) does not
import the module that loads it on the first chain."""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class ChainRef:
    """One cited unit of a chain: its path of values (``["1030", "a", "2", "C"]``) and where it is printed."""

    path: tuple[str, ...]
    start: int
    end: int
    et_seq: bool = False


@dataclass(frozen=True)
class RangeOf:
    """``lo–hi`` in a chain: the units after ``lo`` (listed just before it) up to ``hi``, as the table lists them."""

    lo: ChainRef
    hi: ChainRef


@dataclass(frozen=True)
class Parsed:
    """A chain as written, positions relative to the parsed window; ranges not yet expanded."""

    plural: bool
    parts: tuple[ChainRef | RangeOf, ...]
    end: int


REF_SPLIT = re.compile(r"\(([A-Za-z0-9]{1,5})\)")
PATH_SPLIT = re.compile(r"\([A-Za-z0-9]{1,5}\)(?:\([A-Za-z0-9]{1,5}\))*")


def ref_path(ref: str) -> list[str]:
    """``1030(a)(2)(C)`` → ``["1030", "a", "2", "C"]`` (sub-unit case kept: USLM tells (a) from (A))."""
    head = ref.split("(", 1)[0]
    return [head, *REF_SPLIT.findall(ref)]
