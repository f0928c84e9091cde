"""The treaties' table (``data/treaties.json``) as the printers read it: the abbreviation a treaty is printed with.

Kept apart from :mod:`.printer` because the Swiss printer, which the treaty printer builds on, prints a treaty
with it (:func:`treaty_print`, handed to :func:`legalcite.jurisdictions.ch.printer.sr_print`)."""
from __future__ import annotations

from legalcite.core.data import load


def treaties() -> dict:
    """``data/treaties.json`` (cached by :func:`legalcite.core.data.load`)."""
    return load(__package__, "treaties.json")


def treaty_print(work: str) -> str | None:
    """The abbreviation a treaty is printed with (``echr`` → ``EMRK``), None for a work without one here."""
    t = treaties()["treaties"].get(work)
    return t["print"] if t else None
