"""Chinese keys as citations, in the form statutes and courts print them — the title in 《》 and the units in
Chinese numerals: ``cn/中华人民共和国民法典/art577/para2`` → ``《中华人民共和国民法典》第五百七十七条第二款``,
``…/art133-1`` → ``第一百三十三条之一``, ``…/item2`` → ``第（二）项``; ``cn/case/(2021)京01民终1234号`` →
``（2021）京01民终1234号``; ``cn/法释[2020]26号`` → ``法释〔2020〕26号``. (One rule, Chinese numerals everywhere: the
Arabic form ``第577条`` parses to the same key.) Each parses back to its key (tests/cn/test_printer.py, over the
national laws of the table)."""
from __future__ import annotations

from collections.abc import Sequence

import re

from legalcite.jurisdictions.cn.laws import tables
from legalcite.keys import int_to_cn, split, split_segment
from legalcite.jurisdictions.interface import Printer

_DOCNO = re.compile(r"[^\[\]]{1,8}\[\d{4}\]\d{1,4}号")
_UNIT = {"art": "第{}条", "para": "第{}款", "item": "第（{}）项"}
# a level's name in a list of its members ("第一千零七十九条 has 款 1–5")
LEVEL_NAMES = {"art": "条", "para": "款", "item": "项"}


def print_key(key: str, language: str | None = None) -> str | None:
    """The citation of a ``cn/…`` key; None for a shape it has no form for."""
    jur, work, segs = split(key)
    if jur != "cn":
        return None
    if work == "case":
        return segs[0].replace("(", "（", 1).replace(")", "）", 1) if len(segs) == 1 else None
    if not segs and _DOCNO.fullmatch(work):  # a judicial interpretation's document number
        return work.replace("[", "〔").replace("]", "〕")
    units = print_units(segs)
    return None if units is None else f"《{title(work)}》{units}"


def print_units(segs: Sequence[str], language: str | None = None) -> str | None:
    """Unit segments without the law's title: ``["para9"]`` → ``第九款``, ``["art39", "item2"]`` →
    ``第三十九条第（二）项``."""
    parts = []
    for seg in segs:
        label, value = split_segment(seg)
        num, _, sub = value.partition("-")
        if label not in _UNIT or not num.isdigit() or (sub and not (label == "art" and sub.isdigit())):
            return None
        parts.append(_UNIT[label].format(int_to_cn(int(num))) + (f"之{int_to_cn(int(sub))}" if sub else ""))
    return "".join(parts)


def title(work: str) -> str:
    """The official title of a work id (its brackets full-width again, an inner 《》 as 〈〉); the id itself for a
    work the table does not know."""
    printed = tables().works.get(work, {}).get("title") or work
    return printed.replace("《", "〈").replace("》", "〉")


# Chinese only: the registry passes no language (Printer.languages is empty)
PRINTER = Printer(print_key, print_units, LEVEL_NAMES)
