"""Treaty keys as readable citations, Swiss style: ``int/echr/art6/par1`` → ``Art. 6 Ziff. 1 EMRK``,
``int/cisg/art1/par1/pta`` → ``Art. 1 Ziff. 1 lit. a CISG``, ``int/case/echr/13444-04`` → ``EGMR, Nr. 13444/04``
(the ECtHR named, so that the number parses back as an application number). In English (``language="en"``) a
treaty article prints as English texts cite it: ``Article 6(1) ECHR``, ``Article 1(1)(a) CISG``."""
from __future__ import annotations

from collections.abc import Sequence

from legalcite.jurisdictions.ch.printer import LEVEL_NAMES, sr_print
from legalcite.jurisdictions.ch.printer import print_units as _swiss_units
from legalcite.jurisdictions.intl.treaties import treaties as _treaties
from legalcite.jurisdictions.intl.treaties import treaty_print
from legalcite.keys import print_segments, split, split_segment
from legalcite.jurisdictions.interface import Printer

# the SR's treaties print as Swiss acts do
__all__ = ["LANGUAGES", "LEVEL_NAMES", "print_key", "print_units", "treaty_print"]
LANGUAGES = ("de", "en")   # Swiss style (the default) or English; the registry asks for no other


# a treaty's sub-units in an English reason ("Article 6 ECHR exists; paragraph 4 not checked")
_ENGLISH_LEVELS = {"art": "Article", "par": "paragraph", "pt": "point"}


def print_units(segs: Sequence[str], language: str | None = None) -> str | None:
    """Unit segments without the treaty's name, as Swiss courts print them (``Ziff. 1 lit. a``), or in English
    (``paragraph 1 point a``)."""
    return _swiss_units(segs) if language != "en" else print_segments(segs, _ENGLISH_LEVELS)


def print_key(key: str, language: str | None = None) -> str | None:
    """An ``int`` key as a citation: a treaty article in the SR's form, or in English (``Article 6(1) ECHR``) where
    asked and the treaty has an English name; an ECtHR case by application number. None for other keys."""
    jur, work, segs = split(key)
    if jur != "int":
        return None
    if language == "en" and work != "case":
        english = _english(work, segs)
        if english is not None:
            return english
    if work == "case":
        if len(segs) == 2 and segs[0] == "echr":
            return f"EGMR, Nr. {segs[1].replace('-', '/', 1)}"
        return None
    return sr_print(key, treaty_print)


def _english(work: str, segs: list[str]) -> str | None:
    """``Article 6(1) ECHR``: the article, its paragraph and point in brackets, the treaty's English abbreviation;
    None where the treaty has no English name here or a segment has no English form."""
    t = _treaties()["treaties"].get(work)
    if not t or not t.get("english") or not segs:
        return None
    label, value = split_segment(segs[0])
    if label != "art":
        return None
    subs = []
    for seg in segs[1:]:
        label, v = split_segment(seg)
        if label not in ("par", "pt"):
            return None
        subs.append(f"({v})")
    name = t["english"]
    return f"Article {value}{''.join(subs)} {'of the ' + name if ' ' in name else name}"


PRINTER = Printer(print_key, print_units, languages=LANGUAGES)
