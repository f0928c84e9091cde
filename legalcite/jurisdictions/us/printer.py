"""US federal keys as Bluebook citations: ``us/usc/t42/s1983/a`` → ``42 U.S.C. § 1983(a)``, ``us/cfr/t12/s1026.18``
→ ``12 C.F.R. § 1026.18``, ``us/frcp/r56/a`` → ``Fed. R. Civ. P. 56(a)``, ``us/const/amend14/s1`` → ``U.S. Const.
amend. XIV, § 1``, ``us/case/5/u.s./137`` → ``5 U.S. 137``. A work alone prints its name (``U.S.C.``). Each unit
key parses back to itself (tests/us/test_printer.py, over every section of the U.S. Code table)."""
from __future__ import annotations

from legalcite.jurisdictions.us_common.printer import LEVEL_NAMES, constitution, print_units, subunits
from legalcite.jurisdictions.us_common.reporters import print_case
from legalcite.keys import split, split_segment
from legalcite.jurisdictions.interface import Printer

__all__ = ["LEVEL_NAMES", "print_key", "print_units"]

_CODES = {"usc": "U.S.C.", "cfr": "C.F.R."}
_RULES = {"frcp": "Fed. R. Civ. P.", "frcrp": "Fed. R. Crim. P.", "fre": "Fed. R. Evid.", "frap": "Fed. R. App. P."}


def print_key(key: str, language: str | None = None) -> str | None:
    """The citation of a ``us/…`` key; None for a shape it has no form for."""
    jur, work, segs = split(key)
    if jur != "us":
        return None
    if work == "case":
        return print_case(segs)
    pairs = [split_segment(s) for s in segs]
    if work == "const":
        return constitution("U.S. Const.", pairs)
    labels = [label for label, _ in pairs]
    values = [value for _, value in pairs]
    if work in _CODES:
        if not pairs:
            return _CODES[work]
        if labels[:2] == ["t", "s"] and not any(labels[2:]):
            return f"{values[0]} {_CODES[work]} § {values[1]}{subunits(values[2:])}"
        return None
    if work in _RULES:
        if not pairs:
            return _RULES[work]
        if labels[0] == "r" and not any(labels[1:]):
            return f"{_RULES[work]} {values[0]}{subunits(values[1:])}"
    return None


# English only: the registry passes no language (Printer.languages is empty)
PRINTER = Printer(print_key, print_units, LEVEL_NAMES)
