"""California keys as Bluebook citations: ``us-ca/civ/s1542/a`` → ``Cal. Civ. Code § 1542(a)``, ``us-ca/ccp/s425.16``
→ ``Cal. Civ. Proc. Code § 425.16``, ``us-ca/const/art13a/s1`` → ``Cal. Const. art. XIII A, § 1``,
``us-ca/case/51/cal.4th/310`` → ``51 Cal. 4th 310``. A code alone prints its name (``Cal. Civ. Code``). Each unit
key parses back to itself (tests/us_ca/test_printer.py, over every section of the complete codes)."""
from __future__ import annotations

from legalcite.jurisdictions.us_ca.codes import by_work
from legalcite.jurisdictions.us_common.printer import LEVEL_NAMES, constitution, print_units, subunits
from legalcite.jurisdictions.us_common.reporters import print_case
from legalcite.keys import split, split_segment
from legalcite.jurisdictions.interface import Printer

__all__ = ["LEVEL_NAMES", "PRINTER", "print_key", "print_units"]


def print_key(key: str, language: str | None = None) -> str | None:
    """The citation of a ``us-ca/…`` key; None for a shape it has no form for."""
    jur, work, segs = split(key)
    if jur != "us-ca":
        return None
    if work == "case":
        return print_case(segs)
    pairs = [split_segment(s) for s in segs]
    if work == "const":
        return constitution("Cal. Const.", pairs)
    code = by_work().get(work)
    if code is None:
        return None
    name = f"Cal. {code['cited_as'][0]} Code"  # Bluebook: the first name the table lists
    if not pairs:
        return name
    if pairs[0][0] != "s" or any(label for label, _ in pairs[1:]):
        return None
    return f"{name} § {pairs[0][1]}{subunits([v for _, v in pairs[1:]])}"


# English only: the registry passes no language (Printer.languages is empty)
PRINTER = Printer(print_key, print_units, LEVEL_NAMES)
