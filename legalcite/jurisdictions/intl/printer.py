"""Treaty keys as readable citations, Swiss style: ``int/echr/art6/par1`` → ``Art. 6 Ziff. 1 EMRK``,
``int/cisg/art1/par1/pta`` → ``Art. 1 Ziff. 1 lit. a CISG``, ``int/case/echr/13444-04`` → ``EGMR, Nr. 13444/04``
(the ECtHR named, so that the number parses back as an application number)."""
from __future__ import annotations

from legalcite.core.data import load
from legalcite.jurisdictions.ch.printer import LEVEL_NAMES, print_units
from legalcite.keys import split

__all__ = ["LEVEL_NAMES", "print_key", "print_units", "treaty_print"]  # the SR's treaties print as Swiss acts do


def _treaties() -> dict:
    return load(__package__, "treaties.json")


def treaty_print(work: str) -> str | None:
    """The abbreviation a treaty is printed with (``echr`` → ``EMRK``), None for a work without one here."""
    t = _treaties()["treaties"].get(work)
    return t["print"] if t else None


def print_key(key: str) -> str | None:
    jur, work, segs = split(key)
    if jur != "int":
        return None
    if work == "case":
        if len(segs) == 2 and segs[0] == "echr":
            return f"EGMR, Nr. {segs[1].replace('-', '/', 1)}"
        return None
    from legalcite.jurisdictions.ch.printer import sr_print

    return sr_print(key)
