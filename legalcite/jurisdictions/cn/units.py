"""``units.lark`` trees → :class:`~legalcite.jurisdictions.cn.groups.Group` s, by a Lark :class:`Transformer`.

A Chinese unit chain (``第五百零九条至第五百一十二条``, ``第一千零七十九条、第一千零八十条第一款``,
``第三十九条第（二）项``, ``第一百三十三条之一``) is parsed by ``units.lark`` into groups as written: each an article
group (the articles with their list and range operators, the sub-units after them) or a group of sub-units alone
(``、第二款``), with the separator before it and its span in the parsed window. Ranges are expanded, and the
sub-unit-only groups attached to the provision before them, after the parse
(:func:`~legalcite.jurisdictions.cn.extract.unit_paths`), where the work's article list is known. Imported on the first
chain the grammar reads (the common single provision is read without Lark).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer

from legalcite.jurisdictions.cn.groups import Group
from legalcite.keys import cn_to_int

Values = list[tuple[str, str]]   # (op, value): op "," (listed) or "~" (a range up to this value)


def number(tok: str) -> str:
    """A numeral token (``五百零九``, ``509``, ``（二）``) as a decimal string."""
    return str(cn_to_int(re.sub(r"[\s（）()]", "", str(tok))))


@dataclass(frozen=True)
class _Sep:
    op: str                      # "," list, "~" range


@dataclass(frozen=True)
class _Part:
    """A rule's value with the window offsets of its first and last token."""

    value: Any
    start: int
    end: int


def _bounds(children: list) -> tuple[int, int]:
    starts, ends = [], []
    for ch in children:
        if isinstance(ch, Token):
            starts.append(ch.start_pos)
            ends.append(ch.start_pos + len(ch))
        elif isinstance(ch, _Part):
            starts.append(ch.start)
            ends.append(ch.end)
    return min(starts), max(ends)


class UnitChain(Transformer):
    """Bottom-up: numerals → values, ``art``/``para``/``item`` → labelled values, groups → :class:`Group`,
    the chain → ``[Group, …]`` (the last one marked ``following`` for ``以下``/``等``)."""

    def list_sep(self, children: list) -> _Sep:      # between numbers (nsep) and between groups (sep)
        return _Sep(",")

    def range_sep(self, children: list) -> _Sep:
        return _Sep("~")

    def nums(self, children: list) -> _Part:
        out: Values = []
        op = ","
        for ch in children:
            if isinstance(ch, _Sep):
                op = ch.op
            else:
                out.append((op, number(ch)))
                op = ","
        return _Part(out, *_bounds(children))

    def zhi(self, children: list) -> _Part:          # 之一: the article's sub-number
        return _Part(number(children[1]), *_bounds(children))

    def art(self, children: list) -> _Part:
        arts: Values = []
        for ch in children:
            if isinstance(ch, _Part) and isinstance(ch.value, list):
                arts = list(ch.value)
            elif isinstance(ch, _Part):              # zhi: art133 → art133-1
                arts = arts[:-1] + [(arts[-1][0], f"{arts[-1][1]}-{ch.value}")]
        return _Part(arts, *_bounds(children))

    def para(self, children: list) -> _Part:
        vals = next((ch.value for ch in children if isinstance(ch, _Part)), [])
        return _Part(("para", vals), *_bounds(children))

    def item(self, children: list) -> _Part:
        vals: Values = []
        for ch in children:
            if isinstance(ch, _Part):
                vals = ch.value
            elif isinstance(ch, Token) and ch.type == "PITEM":   # 第（二）项
                vals = [(",", number(ch))]
        return _Part(("item", vals), *_bounds(children))

    def subs(self, children: list) -> _Part:
        return _Part([ch.value for ch in children], *_bounds(children))

    def art_group(self, children: list) -> Group:
        art, *rest = children
        subs = rest[0].value if rest else []
        start, end = _bounds(children)
        return Group("art", art.value, subs, start, end, "")

    def sub_group(self, children: list) -> Group:
        start, end = _bounds(children)
        return Group("sub", [], children[0].value, start, end, "")

    def chain(self, children: list) -> list[Group]:
        groups: list[Group] = []
        sep = ""
        for ch in children:
            if isinstance(ch, _Sep):
                sep = ch.op
                continue
            ch.sep = sep
            groups.append(ch)
            sep = ""
        return groups

    def following(self, children: list) -> bool:
        return True

    def start(self, children: list) -> list[Group]:
        groups = children[0]
        if groups and len(children) > 1:
            groups[-1].following = True
        return groups


TRANSFORMER = UnitChain()
