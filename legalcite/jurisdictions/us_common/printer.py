"""Printing what US federal and California keys share: bare sub-units ``(a)(2)(C)`` and constitution units with
Roman numerals for any number (``art13a`` → ``art. XIII A``, ``amend14`` → ``amend. XIV``)."""
from __future__ import annotations

from collections.abc import Sequence

import re

from legalcite.keys import int_to_roman, split_segment

_LABEL = {"art": "art.", "amend": "amend.", "s": "§", "cl": "cl.", "t": "title", "r": "Rule"}
# a level's name in a list of its members ("42 U.S.C. § 1983 has subdivisions a, b"); "" is a bare sub-unit
LEVEL_NAMES = {"": "subdivisions", "s": "sections", "cl": "clauses", "art": "articles", "amend": "amendments",
               "t": "titles", "r": "rules"}


def subunits(values: list[str]) -> str:
    """``["a", "2", "C"]`` → ``(a)(2)(C)``."""
    return "".join(f"({v})" for v in values)


def roman(value: str) -> str | None:
    """``14`` → ``XIV``; ``13a`` → ``XIII A``; None when the value is no number."""
    m = re.fullmatch(r"(\d+)([a-z]?)", value)
    if not m or int(m.group(1)) == 0:
        return None
    return int_to_roman(int(m.group(1))) + (f" {m.group(2).upper()}" if m.group(2) else "")


def constitution(prefix: str, pairs: list[tuple[str, str]]) -> str | None:
    """``U.S. Const.`` + ``[(art, 1), (s, 8), (cl, 3)]`` → ``U.S. Const. art. I, § 8, cl. 3``; bare values after a
    section are subdivisions (``, subd. (a)``); None for a shape no citation has."""
    bits: list[str] = []
    for i, (label, value) in enumerate(pairs):
        if label in ("art", "amend") and i == 0:
            number = roman(value)
            if number is None:
                return None
            bits.append(f"{_LABEL[label]} {number}")
        elif label in ("s", "cl") and i > 0:
            bits.append(f"{_LABEL[label]} {value}")
        elif label == "" and i > 0 and pairs[i - 1][0] == "s":
            bits.append(f"subd. ({value})")
        else:
            return None
    return " ".join([prefix, ", ".join(bits)]) if bits else prefix


def print_units(segs: Sequence[str], language: str | None = None) -> str | None:
    """Unit segments without the work's name: ``["z"]`` → ``(z)``, ``["s8", "cl30"]`` → ``§ 8, cl. 30``,
    ``["s2802", "a"]`` → ``§ 2802(a)``, ``["amend14"]`` → ``amend. XIV``."""
    bits: list[str] = []
    for seg in segs:
        label, value = split_segment(seg)
        if label == "":  # a subdivision follows what it divides without a space: § 2802(a)(1)
            bits[-1:] = [(bits[-1] if bits else "") + f"({value})"]
        elif label in ("art", "amend"):
            number = roman(value)
            if number is None:
                return None
            bits.append(f"{_LABEL[label]} {number}")
        elif label in _LABEL:
            bits.append(f"{_LABEL[label]} {value}")
        else:
            return None
    return ", ".join(bits)
