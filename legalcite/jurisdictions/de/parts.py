"""What a German citation is read into, as both of its readers build it: the token readers and the grammars'
Transformers (:mod:`.trees`, which imports Lark) and the extractors (:mod:`.statute`, :mod:`.case`). A statute chain's
parts and where each list item attaches (:func:`attach_item`, :func:`chain_of`); a decision's and a reporter cite's
parts, and the court and reporter tables the Transformer consults. Kept apart so that :mod:`.trees` imports neither
extractor (they load it on the first parse)."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from legalcite.core.chains import Item, Path
from legalcite.core.data import load
from legalcite.keys import roman_to_int

# ---------------------------------------------------------------- statute chains (statute.lark)

# Label order inside a provision (docs/keys.md): a list item restarts at its own level.
RANK = {"s": 0, "art": 0, "abs": 1, "uabs": 2, "satz": 3, "hs": 4, "nr": 5, "lit": 6, "alt": 7}
# token type → (the main unit it starts, plural sign, English): the first item's sign
SIGNS = {"SIGN": ("s", False, False), "SIGNS": ("s", True, False), "ART": ("art", False, False),
          "ARTS": ("art", True, False), "EN_SIGN": ("s", False, True), "EN_ART": ("art", False, True)}
# token type → label of a level written with its value ("Abs. 1")
LEVELS = {"ABS": "abs", "UABS": "uabs", "SATZ": "satz", "HS": "hs", "NR": "nr", "ALT": "alt", "LIT": "lit",
           "SUBSECTION": "abs", "SECTION": "s"}
STYLES = {"VALUE": "bare", "ROMAN_NUMERAL": "roman", "PAREN": "paren", "FOLLOWING": "following", "VERSION": "version"}
# the value at the end of a sign's or level's token: "§ 613 a" → "613 a", "Abs. (2)" → "2", "lit. b)" → "b"
END_VALUE = re.compile(r"\(?(\d+(?:\.\d+)*(?:[ ]?[a-z])?|[a-z]{1,2})\)?\)?$")
_LEADING_INT = re.compile(r"\d+")


@dataclass(slots=True)
class Chain:
    """``§§ 280 Abs. 1, 281``: its items, where it ends in the window, and how the parse ended."""

    items: list[Item]
    end: int
    english: bool       # "Section 823(1)": needs an English law name or a German cue
    open: bool          # the parse ran to the window's end: the chain may go on beyond it


# a part of an item: (style, label, value, end offset in the window)
Part = tuple[str, "str | None", str, int]


# the highest Absatz or Satz number a list after one is read as ("§ 3 Abs. 1, 4": Abs. 4); beyond it, and beyond the
# unit's own number, a bare number is the next unit, as models write it with a single sign ("§ 280 Abs. 1, 281 BGB")
MAX_SUB_VALUE = 20


def _next_unit(value: str, ppath: Path) -> bool:
    """Whether a bare list item after an Absatz or Satz is a unit: too high for the level, above the current unit."""
    n = _int(value)
    return ppath[-1][0] in ("abs", "satz") and n > MAX_SUB_VALUE and n > _int(ppath[0][1])


def attach_item(parts: tuple[Part, ...], prev: tuple[Path, str] | None, plural: bool, main: str
          ) -> tuple[Path, str, str | None, str | None, int, bool] | None:
    """Where a list item attaches (docs/keys.md, lists): the first item starts with the unit number; a later one
    starting with a bare number is a new unit after a unit alone (``§§ 1, 2``), after an Absatz written in Roman
    numerals or in brackets (``§ 280 I, III, 283``: 283 is a §), or, after ``§§``, when it is greater than the
    current unit (``§§ 280 Abs. 1, 281``), and after an Absatz or Satz when it is too high for one and above the
    current unit (``§ 280 Abs. 1, 281``, :func:`_next_unit`); else it continues the previous item's last level
    (``§§ 280 Abs. 1 und 3`` → Abs. 3, ``Sätze 2 und 3``). A labeled item attaches below the previous item's higher
    levels (``Abs. 1 Satz 2, Abs. 3``). Returns (path, style of its last part, f./ff., a.F./n.F., end, whether every
    part attached)."""
    style, label, value, _ = parts[0]
    rest = parts
    if prev is None:
        if style != "bare":
            return None
        path: Path = [(main, value)]
        rest = parts[1:]
    else:
        ppath, pstyle = prev
        if style == "bare":
            if len(ppath) == 1 or pstyle in ("roman", "paren") or (plural and _int(value) > _int(ppath[0][1])) \
                    or _next_unit(value, ppath):
                path = [(main, value)]
            else:
                level = ppath[-1][0]
                path = [p for p in ppath if RANK[p[0]] < RANK[level]] + [(level, value)]
            rest = parts[1:]
        elif style == "paren":
            path = list(ppath[:-1]) if pstyle == "paren" else list(ppath)  # "(1) and (2)": the same level
        elif style in ("roman", "labeled"):
            path = [p for p in ppath if RANK[p[0]] < RANK[label]]
        else:  # "f." or "a.F." alone after a separator
            return None
    following = version = None
    last_style, end, complete = style, parts[0][3], True
    for part in rest:
        pstyle_, plabel, pvalue, pend = part
        if pstyle_ == "following":
            following = pvalue
        elif pstyle_ == "version":
            version = pvalue
        elif pstyle_ == "bare":
            # "§ 812 I 1": a bare number after an Absatz is the Satz, after a Satz the Nummer
            level = {"abs": "satz", "satz": "nr"}.get(path[-1][0])
            if level is None:
                complete = False
                break
            path.append((level, pvalue))
        elif pstyle_ == "paren":
            if pvalue[0].isdigit():
                path.append(("satz" if any(p[0] == "abs" for p in path) else "abs", pvalue))
            else:
                path.append(("lit", pvalue.lower()))
        else:  # roman, labeled
            path.append((plabel, pvalue))
        last_style, end = pstyle_, pend
    return path, last_style, following, version, end, complete


def chain_of(sign: str, sign_end: int, members: list[tuple[str | None, tuple[Part, ...]]]) -> Chain:
    """The chain a sign (its terminal's name, where it ends) and its list members make (each member: the separator
    before it, ``SEP`` or ``RANGE``, and its parts; the first member's parts start with the sign's value): each
    member attached where :func:`attach_item` says, a member after ``RANGE`` the end of a range; a member that does
    not attach ends the chain."""
    main, plural, english = SIGNS[sign]
    items: list[Item] = []
    end = sign_end
    prev: tuple[Path, str] | None = None
    for sep, parts in members:
        built = attach_item(parts, prev, plural, main)
        if built is None:
            break
        path, last_style, following, version, item_end, complete = built
        if sep == "RANGE" and items and items[-1].range_to is None:
            items[-1].range_to = path
        else:
            items.append(Item(path, following=following, version=version))
        prev, end = (path, last_style), item_end
        if not complete:
            break
    return Chain(items, end, english=english, open=True)


def _int(value: str) -> int:
    m = _LEADING_INT.match(value)
    return int(m.group()) if m else 0


def end_value(text: str) -> str:
    """The value at the end of a sign's or level's token: ``§ 613 a`` → ``613a``, ``Abs. (2)`` → ``2``."""
    return END_VALUE.search(text).group(1).replace(" ", "")


def part_of(kind: str, text: str, end: int) -> Part:
    """A token of a list item (its terminal ``kind``, its text, where it ends) as a :data:`Part`."""
    label = LEVELS.get(kind)
    if label is not None:
        value = end_value(text)
        return ("labeled", label, value.lower() if label == "lit" else value, end)
    style = STYLES[kind]
    if style == "bare":
        return (style, None, text.replace(" ", ""), end)
    if style == "roman":
        return (style, "abs", str(roman_to_int(text)), end)
    if style == "paren":
        return (style, None, text[1:-1], end)
    if style == "following":
        return (style, None, "ff." if text.startswith(("ff", "et")) else "f.", end)
    return (style, None, text.replace(" ", ""), end)  # version


# ---------------------------------------------------------------- decisions and reporters (case.lark)

@dataclass(slots=True)
class Cite:
    """One volume-and-page (or loose-leaf number) of a reporter, with its pin cites."""

    volume: str
    page: str
    pins: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Reporter:
    """A reporter cited in a decision's parse: its name as printed (with its series; None when the extractor read it
    itself), its volume-and-page cites, and where it ends in the parsed window."""

    name: str | None          # as printed ("BStBl II" with its series), None when the extractor read it
    cites: list[Cite]
    end: int


@dataclass(slots=True)
class Decision:
    """A parsed decision: the court named inside it, the decision type and date as printed, its dockets, the reporter it
    was cited by, and where it ends in the parsed window."""

    court: str | None = None          # a court named inside the docket ("BVerwG 4 NB 43.93")
    decision_type: str | None = None
    date: str | None = None
    dockets: list[str] = field(default_factory=list)
    reporter: Reporter | None = None
    end: int = 0


@functools.cache
def courts() -> dict:
    """``data/courts.json``: the courts' names and abbreviations."""
    return load(__package__, "courts.json")


@functools.cache
def federal_courts() -> frozenset[str]:
    """Abbreviations of the courts that stand alone (``BGH``, ``BVerfG``)."""
    return frozenset(courts()["federal"].values())


@functools.cache
def reporter_kinds() -> dict[str, str]:
    """Reporter name → its kind: ``volume``, ``year``, ``loose_leaf`` or ``annotated`` (data/reporters.json)."""
    data = load(__package__, "reporters.json")
    return {name: kind for kind in ("volume", "year", "loose_leaf", "annotated") for name in data[kind]}


def known_reporter(name: str | None) -> bool:
    """Whether ``name`` (its first word: the reporter without its series) is in ``data/reporters.json``; False for None
    or ``""``."""
    return bool(name) and name.split(" ")[0] in reporter_kinds()
