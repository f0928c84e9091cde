"""German keys as citations, in the form German courts and commentaries print them:
``de/bgb/s823/abs1`` → ``§ 823 Abs. 1 BGB``, ``de/egbgb/art229/s5`` → ``Art. 229 § 5 EGBGB``,
``de/case/bag/2-azr-363-21`` → ``BAG, 2 AZR 363/21``, ``de/rep/bghz/100/1`` → ``BGHZ 100, 1``, ``de/bgb`` → ``BGB``.
Each parses back to its key (tests/de/test_printer.py, over every law of the table)."""
from __future__ import annotations

from collections.abc import Sequence

import functools
import re

from legalcite.core.data import load
from legalcite.jurisdictions.de.laws import cited_as, table
from legalcite.keys import is_roman, print_segments, split, work_id
from legalcite.jurisdictions.interface import Printer

_LABEL = {"s": "§", "art": "Art.", "abs": "Abs.", "uabs": "UAbs.", "satz": "Satz", "hs": "Hs.", "nr": "Nr.",
          "lit": "lit.", "alt": "Alt."}
# a level's name in a list of its members ("§ 823 BGB has Absätze 1–2")
LEVEL_NAMES = {"s": "Paragraphen", "art": "Artikel", "abs": "Absätze", "uabs": "Unterabsätze", "satz": "Sätze",
               "hs": "Halbsätze", "nr": "Nummern", "lit": "Buchstaben", "alt": "Alternativen"}


def print_key(key: str, language: str | None = None) -> str | None:
    """The citation of a ``de/…`` key; None for a shape it has no form for (``de/bgb/anlage1``)."""
    jur, work, segs = split(key)
    if jur != "de":
        return None
    if work == "case":
        return _decision(segs)
    if work == "rep":
        return _reporter(segs)
    units = print_units(segs)
    return None if units is None else " ".join(filter(None, [units, law_name(work)]))


def print_units(segs: Sequence[str], language: str | None = None) -> str | None:
    """Unit segments without the law's name: ``["abs7"]`` → ``Abs. 7``, ``["s823", "abs1"]`` → ``§ 823 Abs. 1``."""
    return print_segments(segs, _LABEL)


def law_name(work: str) -> str:
    """``bgb`` → ``BGB``, ``sgb-v`` → ``SGB V``: the name the law is cited by; an id the table does not know is
    printed in capitals (``fantasieg`` → ``FANTASIEG``, which parses back to it), or, when it is a title (a norm's
    noun and what it is about: ``rahmenvereinbarung-über-teilzeitarbeit``), as the title in the genitive, its nouns
    capitalised (``der Rahmenvereinbarung über Teilzeitarbeit``)."""
    known = _names().get(work)
    if known:
        return known
    words = work.split("-")
    if len(words) > 2 and words[1] in _TITLE_LINKS:
        article = "des" if words[0].endswith("s") else "der"
        return " ".join([article, *(w if w in _FUNCTION_WORDS else w[:1].upper() + w[1:] for w in words)])
    return work.upper().replace("-", " ")


_TITLE_LINKS = frozenset({"über", "zur", "zum", "für", "betreffend"})
_FUNCTION_WORDS = _TITLE_LINKS | frozenset({"den", "die", "das", "dem", "der", "des", "und", "oder"})


@functools.cache
def _names() -> dict[str, str]:
    out: dict[str, str] = {}
    for law in table()["laws"]:
        name = cited_as(law)
        # the loser of an id clash (AEG 1994 beside AEG) keeps its own abbreviation, as its id does
        out[law["id"]] = name if work_id(name) == law["id"] else law["abbr"]
    return out


@functools.cache
def _courts() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    data = load(__package__, "courts.json")
    federal = {work_id(v): v for v in data["federal"].values()}
    placed = {work_id(v): v for v in data["placed"].values()}
    marks = {m.lower(): m for m in data["register_marks"]}
    return federal, placed, marks


def court_name(court: str) -> str | None:
    """``bag`` → ``BAG``; ``olg-münchen`` → ``OLG München``; ``olg-frankfurt-a.-m.`` → ``OLG Frankfurt a. M.``."""
    federal, placed, _ = _courts()
    if court in federal:
        return federal[court]
    kind, _, place = court.partition("-")
    if kind not in placed or not place:
        return None
    suffix = ""
    if place.endswith("-a.-m."):
        place, suffix = place[: -len("-a.-m.")], " a. M."
    return f"{placed[kind]} {'-'.join(p[:1].upper() + p[1:] for p in place.split('-'))}{suffix}"


def docket_name(docket: str) -> str | None:
    """``2-azr-363-21`` → ``2 AZR 363/21``, ``2-bvr-624-01`` → ``2 BvR 624/01``, ``9-c-6.12`` → ``9 C 6.12``."""
    if docket.startswith("ecli-"):
        return None
    _, _, marks = _courts()
    tokens = [t if t[:1].isdigit() else marks.get(t) or _senate(t) or t.upper() for t in docket.split("-")]
    for i in range(len(tokens) - 2, 0, -1):  # "363", "21" → "363/21" (suffixes such as "B ER" may follow)
        a, b = tokens[i], tokens[i + 1]
        if a.isdigit() and b.isdigit() and len(b) == 2 and len(tokens) - i <= 4:
            tokens[i : i + 2] = [f"{a}/{b}"]
            break
    return " ".join(tokens)


_SENATE = re.compile(r"([ivx]+)([a-hj-uwyz])")


def _senate(token: str) -> str | None:
    """``iva`` → ``IVa``: a senate's Roman number with its letter."""
    m = _SENATE.fullmatch(token)
    return f"{m.group(1).upper()}{m.group(2)}" if m else None


def _decision(segs: list[str]) -> str | None:
    if len(segs) != 2:
        return None
    court, docket = court_name(segs[0]), docket_name(segs[1])
    return f"{court}, {docket}" if court and docket else None


@functools.cache
def _reporters() -> dict[str, tuple[str, str]]:
    """Reporter id → (its name, its kind: volume, year, loose_leaf, annotated)."""
    data = load(__package__, "reporters.json")
    return {work_id(name): (name, kind)
            for kind in ("volume", "year", "loose_leaf", "annotated") for name in data[kind]}


_HEADING_UNIT = re.compile(r"-(?=(?:s|art)\d)")


def _reporter(segs: list[str]) -> str | None:
    """``bghz/100/1`` → ``BGHZ 100, 1``; ``bstbl-ii/2018/81`` → ``BStBl II 2018, 81`` (a series in Roman numerals);
    loose-leaf collections: ``sozr/3-2500-s5/23`` → ``SozR 3-2500 § 5 Nr. 23``, ``eza/bgb-2002-s626/5`` → ``EzA § 626
    BGB 2002 Nr. 5``; ``ap/hgb-s74/17`` → ``AP Nr. 17 zu § 74 HGB``."""
    if len(segs) != 3:
        return None
    rep, volume, page = segs
    name, kind = _reporters().get(rep, (None, None))
    if name is None:
        base, _, series = rep.rpartition("-")
        if base in _reporters() and is_roman(series):
            name, kind = f"{_reporters()[base][0]} {series.upper()}", _reporters()[base][1]
    if name is None or not re.fullmatch(r"\d+", page):
        return None
    if kind not in ("loose_leaf", "annotated"):
        return f"{name} {volume}, {page}"
    prefix, units = _split_heading(volume)
    if units is None:
        return None
    law = "" if prefix[:1].isdigit() else law_name(prefix)
    # in a heading the statute grammar's "Nr." is printed "Ziff.", as collections print it (the entry is "Nr")
    heading = " ".join(filter(None, [print_units(units).replace("Nr.", "Ziff."), law]))
    if kind == "annotated":
        return f"{name} Nr. {page} zu {heading}"
    number = prefix if prefix[:1].isdigit() else ""
    return " ".join(filter(None, [name, number, heading, f"Nr. {page}"]))


def _split_heading(volume: str) -> tuple[str, list[str] | None]:
    """``3-2500-s5`` → (``3-2500``, ``["s5"]``); ``hgb-s74`` → (``hgb``, ``["s74"]``); no heading → (…, None)."""
    m = _HEADING_UNIT.search(volume)
    if m is None:
        return volume, None
    return volume[: m.start()], volume[m.end():].split("-")


# German only: the registry passes no language (Printer.languages is empty)
PRINTER = Printer(print_key, print_units, LEVEL_NAMES)
