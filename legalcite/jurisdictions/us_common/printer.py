"""Printing what US federal and California keys share: bare sub-units ``(a)(2)(C)`` and constitution units with
Roman numerals for any number (``art13a`` → ``art. XIII A``, ``amend14`` → ``amend. XIV``)."""
from __future__ import annotations

import re

from legalcite.keys import int_to_roman

_CONST_LABEL = {"art": "art.", "amend": "amend.", "s": "§", "cl": "cl."}


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
            bits.append(f"{_CONST_LABEL[label]} {number}")
        elif label in ("s", "cl") and i > 0:
            bits.append(f"{_CONST_LABEL[label]} {value}")
        elif label == "" and i > 0 and pairs[i - 1][0] == "s":
            bits.append(f"subd. ({value})")
        else:
            return None
    return " ".join([prefix, ", ".join(bits)]) if bits else prefix
