"""German keys as citations, in the form German courts and commentaries print them:
``de/bgb/s823/abs1`` → ``§ 823 Abs. 1 BGB``, ``de/egbgb/art229/s5`` → ``Art. 229 § 5 EGBGB``,
``de/case/bag/2-azr-363-21`` → ``BAG, 2 AZR 363/21``, ``de/rep/bghz/100/1`` → ``BGHZ 100, 1``, ``de/bgb`` → ``BGB``.
Each parses back to its key (tests/de/test_printer.py, over every law of the table)."""
from __future__ import annotations

import functools
import re

from legalcite.core.data import load
from legalcite.jurisdictions.de.laws import cited_as, table
from legalcite.keys import is_roman, split, split_segment, work_id

_LABEL = {"s": "§", "art": "Art.", "abs": "Abs.", "uabs": "UAbs.", "satz": "Satz", "hs": "Hs.", "nr": "Nr.",
          "lit": "lit.", "alt": "Alt."}
# a level's name in a list of its members ("§ 823 BGB has Absätze 1–2")
LEVEL_NAMES = {"s": "Paragraphen", "art": "Artikel", "abs": "Absätze", "uabs": "Unterabsätze", "satz": "Sätze",
               "hs": "Halbsätze", "nr": "Nummern", "lit": "Buchstaben", "alt": "Alternativen"}


def print_key(key: str) -> str | None:
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


def print_units(segs: list[str]) -> str | None:
    """Unit segments without the law's name: ``["abs7"]`` → ``Abs. 7``, ``["s823", "abs1"]`` → ``§ 823 Abs. 1``."""
    units = []
    for seg in segs:
        label, value = split_segment(seg)
        if label not in _LABEL:
            return None
        units.append(f"{_LABEL[label]} {value}")
    return " ".join(units)


def law_name(work: str) -> str:
    """``bgb`` → ``BGB``, ``sgb-v`` → ``SGB V``: the name the law is cited by; an id the table does not know is
    printed in capitals (``fantasieg`` → ``FANTASIEG``, which parses back to it)."""
    return _names().get(work) or work.upper().replace("-", " ")


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


def _court(court: str) -> str | None:
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


def _docket(docket: str) -> str | None:
    """``2-azr-363-21`` → ``2 AZR 363/21``, ``2-bvr-624-01`` → ``2 BvR 624/01``, ``9-c-6.12`` → ``9 C 6.12``."""
    if docket.startswith("ecli-"):
        return None
    _, _, marks = _courts()
    tokens = [t if t[:1].isdigit() else marks.get(t, t.upper()) for t in docket.split("-")]
    for i in range(len(tokens) - 2, 0, -1):  # "363", "21" → "363/21" (a suffix such as "R" may follow)
        a, b = tokens[i], tokens[i + 1]
        if a.isdigit() and b.isdigit() and len(b) == 2 and len(tokens) - i <= 3:
            tokens[i : i + 2] = [f"{a}/{b}"]
            break
    return " ".join(tokens)


def _decision(segs: list[str]) -> str | None:
    if len(segs) != 2:
        return None
    court, docket = _court(segs[0]), _docket(segs[1])
    return f"{court}, {docket}" if court and docket else None


@functools.cache
def _reporters() -> dict[str, str]:
    data = load(__package__, "reporters.json")
    return {work_id(name): name for kind in ("volume", "year") for name in data[kind]}


def _reporter(segs: list[str]) -> str | None:
    """``bghz/100/1`` → ``BGHZ 100, 1``; ``bstbl-ii/2018/81`` → ``BStBl II 2018, 81`` (a series in Roman numerals)."""
    if len(segs) != 3:
        return None
    rep, volume, page = segs
    name = _reporters().get(rep)
    if name is None:
        base, _, series = rep.rpartition("-")
        if base in _reporters() and is_roman(series):
            name = f"{_reporters()[base]} {series.upper()}"
    return f"{name} {volume}, {page}" if name and re.fullmatch(r"\d+", page) else None
