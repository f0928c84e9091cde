"""Swiss keys as readable citations, the way Swiss courts print them in German: ``ch/or/art41/abs1`` → ``Art. 41 Abs.
1 OR``, ``ch/stgb/art123/ziff1/abs1`` → ``Art. 123 Ziff. 1 Abs. 1 StGB``, ``ch/zgb/schlt/art1`` → ``Art. 1 SchlT ZGB``,
``ch/rep/bge/140/iii/86`` → ``BGE 140 III 86``, ``ch/case/bger/4a_123-2020`` → ``Urteil 4A_123/2020``, a cantonal
act ``ch/polg-zh/s55`` → ``§ 55 POLG/ZH``; an act without abbreviation by its title (``Art. 5 der Verordnung über
…``). What it prints parses back to the same key (``tests/ch/test_printer.py``)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import re

from legalcite.jurisdictions.ch import acts
from legalcite.keys import print_segments, split, split_segment
from legalcite.jurisdictions.interface import Printer

_LABEL = {"art": "Art.", "abs": "Abs.", "ziff": "Ziff.", "lit": "lit.", "satz": "Satz", "s": "§",
          # treaty articles (int): Swiss courts print a paragraph of a treaty article as "Ziff."
          "par": "Ziff.", "pt": "lit.", "annex": "Anhang"}
# a level's name in a list of its members ("Art. 41 OR has Absätze 1–2"), for the store's reasons
LEVEL_NAMES = {"art": "Artikel", "abs": "Absätze", "ziff": "Ziffern", "lit": "Buchstaben", "satz": "Sätze",
               "s": "Paragraphen", "par": "Ziffern", "pt": "Buchstaben"}


def act_name(work: str, printed_as: Callable[[str], str | None] | None = None) -> tuple[str, bool]:
    """How an act is named after its article: ``printed_as(work)`` where it gives a name (the treaties' table, from
    the treaty printer: ch builds on no other package), else its abbreviation, else ``der <title>``;
    (name, is_title)."""
    a = acts.act(work)
    if a is None:
        m = re.fullmatch(r"(.+)-([a-z]{2})", work)
        if m and m.group(2).upper() in acts.names()["cantons"]:
            return f"{m.group(1).upper()}/{m.group(2).upper()}", False
        return work.upper(), False
    printed = (printed_as(work) if printed_as else None) or a.get("abbr")
    if printed:
        return printed, False
    return f"der {a['title']}" if a.get("title", "").startswith("Verordnung") else f"des {a['title']}", True


def print_units(segs: Sequence[str], language: str | None = None) -> str | None:
    """Unit segments without the act's name: ``["abs3"]`` → ``Abs. 3``, ``["art6", "par1"]`` (a treaty) → ``Art. 6
    Ziff. 1``; None for a segment with no printed form (a transitional section ``disp16``)."""
    return print_segments(segs, _LABEL)


def print_key(key: str, language: str | None = None) -> str | None:
    """A ``ch`` key (an act's article, a BGE, a Federal Supreme Court docket) as a citation; None for other keys."""
    return sr_print(key) if key.startswith("ch/") else None


def sr_print(key: str, printed_as: Callable[[str], str | None] | None = None) -> str | None:
    """A key of an act of the SR — Swiss (``ch``) or a treaty (``int``) — as a citation; ``printed_as``: the name
    a work is printed with where it has its own (:func:`act_name`)."""
    jur, work, segs = split(key)
    if jur == "ch" and work == "rep" and len(segs) == 4 and segs[0] == "bge":
        part = segs[2].upper()
        part = "I" + part[1].lower() if part in ("IA", "IB") else part
        return f"BGE {segs[1]} {part} {segs[3]}"
    if jur == "ch" and work == "case" and len(segs) == 2 and segs[0] == "bger":
        docket = segs[1]
        m = re.fullmatch(r"(\d)([a-z])([_.]\d+)-(\d{4})", docket)
        return f"Urteil {m.group(1)}{m.group(2).upper()}{m.group(3)}/{m.group(4)}" if m else None
    if work in ("rep", "case"):
        return None
    name, is_title = act_name(work, printed_as)
    schlt = bool(segs) and segs[0] == "schlt"
    if schlt:
        segs = segs[1:]
        name = "SchlT " + name
    text = print_units(segs)
    if text is None:  # a transitional section's article ("disp16/art5"): the segments as they are
        text = " ".join(_LABEL[lab] + " " + v if lab in _LABEL else seg
                        for seg in segs for lab, v in [split_segment(seg)])
    return f"{text} {name}".strip() if text else name


# Swiss style only (German abbreviations): the registry passes no language (Printer.languages is empty)
PRINTER = Printer(print_key, print_units, LEVEL_NAMES)
