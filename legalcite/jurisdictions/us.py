"""United States, federal: statutes (``42 U.S.C. § 1983``), regulations (``12 C.F.R. § 1026.18``), the
federal rules (``Fed. R. Civ. P. 12(b)(6)``), the Constitution (``U.S. Const. art. I, § 8, cl. 3``,
``the Fourteenth Amendment``), and cases in every reporter of reporters-db (``5 U.S. 137``,
``51 Cal. 4th 310`` — California reporters get jurisdiction ``us-ca``), with their short forms
(``Id.``, ``Ibid.``, ``supra``, ``550 U.S. at 570``, ``§ 1671(b)``, ``Rule 56``), bound in :func:`link`.

How a citation becomes a key:
1. the scanner stops at one of the cheap anchors in :data:`ANCHOR` (a number before a capital letter, ``§``,
   ``Id.``, ``supra``, ``Fed. R.``, ``Const.``, ``Amendment``);
2. a volume/title number is followed by ``U.S.C.`` / ``C.F.R.`` (statute) or by a reporter abbreviation,
   looked up in a table built on first use from reporters-db (editions *and* variations: ``U. S.``,
   ``Cal.4th``, ``F. Supp. 2d``);
3. the section/rule chain after a work name (``§§ 1981–1983``, ``1030(a)(2)(C)``, ``56(a)``) is parsed by
   ``grammars/us_units.lark`` (:func:`parse_chain`, shared with :mod:`legalcite.jurisdictions.us_ca`).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Sequence

from legalcite.keys import numeral_value
from legalcite.models import Citation, Form, Kind, Span, Unit
from legalcite.scan import Context

WINDOW = 240  # characters a section chain may span

# ---------------------------------------------------------------- anchors (cheap, compiled once by scan)

_A_NUMBER = r"(?<![\w.$/§-])[1-9]\d{0,4}\s+(?=[A-Z])"  # volume or title: cases, U.S.C., C.F.R.
_A_ID = r"(?<![\w.])(?:[Ii]d\.|[Ii]bid\b\.?)"
_A_SUPRA = r"(?<![\w])supra\b"
_A_SECTION = r"§|(?<![\w])(?:[Ss]ections?|[Ss]ecs?\.)(?=\s*\d)"
_A_RULE = r"(?<![\w.])(?:Fed\.\s?R\.|FRCP\b|FRCrP\b|FRE\b|FRAP\b|Federal\s+Rules?\s+of\b|Rules?\s+(?=\d))"
_A_CONST = r"(?<![\w.])(?:U\.\s?S\.\s?Const\b|(?:United\s+States|U\.\s?S\.)\s+Constitution\b)"
_A_AMEND = r"(?<![\w])Amendment\b"
# One leading character test first: the scanner ORs every jurisdiction's anchor into one pattern that is tried at
# every position, so a branch that fails on its first character keeps the whole scan fast.
ANCHOR = "(?=[1-9§SsIiFRUA])(?:%s)" % "|".join((_A_NUMBER, _A_ID, _A_SUPRA, _A_SECTION, _A_RULE, _A_CONST, _A_AMEND))


# ---------------------------------------------------------------- section chains (Lark)

@dataclass(frozen=True)
class ChainRef:
    """One cited unit of a chain: its path of values (``["1030", "a", "2", "C"]``) and where it is printed."""

    path: tuple[str, ...]
    start: int
    end: int
    et_seq: bool = False


@dataclass(frozen=True)
class Chain:
    refs: tuple[ChainRef, ...]
    end: int
    plural: bool


_REF_SPLIT = re.compile(r"\(([A-Za-z0-9]{1,5})\)")
_PATH_SPLIT = re.compile(r"\([A-Za-z0-9]{1,5}\)(?:\([A-Za-z0-9]{1,5}\))*")


def _ref_path(ref: str) -> list[str]:
    """``1030(a)(2)(C)`` → ``["1030", "a", "2", "C"]`` (sub-unit case kept: USLM tells (a) from (A))."""
    head = ref.split("(", 1)[0]
    return [head, *_REF_SPLIT.findall(ref)]


# The grammar's REF terminal, and a single reference that nothing in the grammar could continue: the common
# case ("§ 1983", "42 U.S.C. 1983", "Rule 56(c)"), read without Lark. tests/test_us.py checks both paths agree.
REF_RE = r"\d+[A-Za-z]{0,3}(?:(?:[.:]|(?<=[A-Za-z])-)\d+[A-Za-z]{0,3})*(?:\([A-Za-z0-9]{1,5}\))*"
_NUM_RE = r"\d+[A-Za-z]{0,3}(?:(?:[.:]|(?<=[A-Za-z])-)\d+[A-Za-z]{0,3})*"  # REF without its sub-units
_SUBS_RE = r"(?:\([A-Za-z0-9]{1,5}\))*"
_CANNOT_CONTINUE = (r"(?![\w(\[]|[.:]\d|\s*(?:[-–—&]|,\s*\d|,?\s*(?:sub|par|cls?\b|cl\.|clause|et\b)"
                    r"|(?:and|or|to|through|thru)\b))")
_SIMPLE = re.compile(
    r"(?:(?P<plural>§§|[Ss]ections\b|[Ss]ecs\.)\s*(?P<pref>" + REF_RE + r")"
    # after a singular sign (or none) touching dashes join one number: "§ 28-2-1" (as _parse_chain_lark does)
    r"|(?:§|[Ss]ection\b|[Ss]ec\.)?\s*(?P<ref>" + _NUM_RE + r"(?:[-–—]" + _NUM_RE + r")*" + _SUBS_RE + r"))"
    + _CANNOT_CONTINUE
)
_DASHES = str.maketrans({"–": "-", "—": "-"})


def parse_chain(text: str, pos: int, *, expand: Any = None, fast: bool = True) -> Chain | None:
    """Parse the section/rule chain at ``pos`` (``§§ 510, 1194``; ``437c, subdivision (c)``; ``56(a)``).

    ``expand(lo, hi)`` lists the units of a range ``lo–hi`` (default: the integers between, when both ends are
    integers and the range is short); a range it cannot expand yields its two ends. ``fast=False`` sends even a
    single reference through the grammar."""
    if fast and (m := _SIMPLE.match(text, pos)) is not None:
        group = "pref" if m.group("plural") else "ref"
        path = _ref_path(m.group(group))
        path[0] = path[0].translate(_DASHES)
        return Chain((ChainRef(tuple(path), m.start(group), m.end()),), m.end(), group == "pref")
    return _parse_chain_lark(text, pos, expand)


@functools.lru_cache(maxsize=8)
def _parse_chain_lark(text: str, pos: int, expand: Any) -> Chain | None:
    """The grammar path (cached: ``§`` is claimed by the US and California extractors at the same spot)."""
    from legalcite.parser import get_parser, longest_prefix

    window = text[pos : pos + WINDOW]
    res = longest_prefix(get_parser("us_units"), window)
    if res is None:
        return None
    plural = False
    groups: list[list[ChainRef]] = []
    pending_range = False
    joined = False
    for ch in res.tree.children:
        kind = getattr(ch, "data", None)
        if kind == "sign_ss":
            plural = True
        elif kind == "range_sep":
            pending_range = True
            tok = ch.children[0]
            # "§ 28-2-1", "§ 23–4C–6": after a singular sign a dash that touches both numbers is part of one
            # (state-style) section number; after "§§" it is a range ("§§ 1981–1983"), unless a hyphen joins
            # numbers of different lengths ("Sections 9-110", UCC style)
            at = pos + tok.start_pos
            touching = str(tok) in "-–—" and not text[at - 1].isspace() and not text[at + 1 : at + 2].isspace()
            joined = touching and (not plural or (str(tok) == "-" and _digits_differ(text, at)))
        elif kind == "item":
            refs = _item_refs(ch, pos)
            if joined and groups and refs and len(groups[-1][-1].path) == 1:
                lo, hi = groups[-1][-1], refs[0]
                groups[-1][-1] = ChainRef((f"{lo.path[0]}-{hi.path[0]}", *hi.path[1:]), lo.start, hi.end, hi.et_seq)
                groups[-1].extend(refs[1:])
            elif pending_range and groups and refs:
                lo, hi = groups[-1][-1], refs[0]
                groups[-1].extend(_range(lo, hi, expand))
                groups[-1].extend(refs[1:])
            else:
                groups.append(refs)
            pending_range = joined = False
    refs = tuple(r for g in groups for r in g)
    if not refs:
        return None
    return Chain(refs, pos + res.end, plural)


def _digits_differ(text: str, at: int) -> bool:
    """Whether the numbers on both sides of the hyphen at ``at`` have different lengths (``9-110``)."""
    left = re.search(r"(\d+)$", text[max(0, at - 8) : at])
    right = re.match(r"\d+", text[at + 1 : at + 9])
    return bool(left and right) and len(left.group(1)) != len(right.group())


def _item_refs(item: Any, pos: int) -> list[ChainRef]:
    ref_tok = item.children[0]
    base = _ref_path(str(ref_tok))
    start, end = pos + ref_tok.start_pos, pos + ref_tok.start_pos + len(ref_tok)
    paths: list[list[str]] = [base]
    et_seq = False
    for sub in item.children[1:]:
        if sub.data == "subd":
            parens = sub.children[1]
            end = pos + parens.start_pos + len(parens)
            alts = [_REF_SPLIT.findall(p) for p in _PATH_SPLIT.findall(str(parens))]
            paths = [p + a for p in paths for a in alts]
        elif sub.data == "following":
            et_seq = True
            end = pos + sub.children[0].start_pos + len(sub.children[0])
    return [ChainRef(tuple(p), start, end, et_seq) for p in paths]


def _range(lo: ChainRef, hi: ChainRef, expand: Any) -> list[ChainRef]:
    """The units strictly after ``lo`` up to ``hi`` (``lo`` is already listed)."""
    if len(lo.path) == 1 and len(hi.path) == 1:
        values = expand(lo.path[0], hi.path[0]) if expand else None
        if values is None and lo.path[0].isdigit() and hi.path[0].isdigit():
            a, b = int(lo.path[0]), int(hi.path[0])
            values = [str(v) for v in range(a, b + 1)] if 0 < b - a <= 200 else None
        if values:
            inner = [ChainRef((v,), lo.start, hi.end) for v in values if v not in (lo.path[0], hi.path[0])]
            return inner + [hi]
    return [hi]


def chain_units(path: Sequence[str], label: str) -> tuple[Unit, ...]:
    """``["1030", "a", "2"]`` → ``s1030/a/2``: the first value labelled, the sub-units bare (DESIGN.md §2)."""
    return (Unit(label, numeral_value(path[0])), *(Unit("", v) for v in path[1:]))


def chain_citations(text: str, start: int, chain: Chain, jurisdiction: str | None, work: str | None,
                    head: tuple[Unit, ...], label: str, meta: dict, form: Form = Form.FULL) -> list[Citation]:
    """One Citation per unit of a chain; the first one's span starts at the work name (``start``)."""
    out = []
    for i, ref in enumerate(chain.refs):
        s = start if i == 0 else ref.start
        e = ref.end if i < len(chain.refs) - 1 else chain.end
        m = dict(meta)
        if ref.et_seq:
            m["et_seq"] = True
        out.append(Citation(jurisdiction, Kind.STATUTE, work, head + chain_units(ref.path, label), Span(s, e),
                            text[s:e], None, form, None, m))
    return out


# ---------------------------------------------------------------- reporters (reporters-db, on first use)

@dataclass(frozen=True)
class Edition:
    """A reporter edition: reporters-db's canonical abbreviation, its jurisdiction, its years."""

    abbr: str
    jurisdiction: str
    start: int | None
    end: int | None

    @property
    def segment(self) -> str:
        """The key segment: canonical abbreviation lowercased, spaces removed (``Cal. 4th`` → ``cal.4th``)."""
        return re.sub(r"\s+", "", self.abbr).lower()

    def covers(self, year: int) -> bool:
        return (self.start is None or self.start <= year) and (self.end is None or year <= self.end)


def _norm_reporter(s: str) -> str:
    return "".join(s.split()).replace("’", "'")


def _year(d: Any) -> int | None:
    return getattr(d, "year", None)


@functools.cache
def reporter_index() -> dict[str, tuple[Edition, ...]]:
    """Printed reporter (spaces removed) → candidate editions, from reporters-db's editions and variations.
    A reporter is California's (``us-ca``) when every court it reports is a California court."""
    from reporters_db import REPORTERS

    editions: dict[str, Edition] = {}
    index: dict[str, list[Edition]] = {}
    for entries in REPORTERS.values():
        for entry in entries:
            mlz = entry.get("mlz_jurisdiction") or []
            jur = "us-ca" if mlz and all(j.startswith(("us:ca;", "us:ca:")) for j in mlz) else "us"
            for abbr, info in entry["editions"].items():
                ed = Edition(abbr, jur, _year(info.get("start")), _year(info.get("end")))
                editions.setdefault(abbr, ed)
                index.setdefault(_norm_reporter(abbr), []).append(ed)
            for variant, abbr in entry.get("variations", {}).items():
                if abbr in entry["editions"]:
                    ed = Edition(abbr, jur, _year(entry["editions"][abbr].get("start")),
                                 _year(entry["editions"][abbr].get("end")))
                    index.setdefault(_norm_reporter(variant), []).append(ed)
    out = {}
    for k, eds in index.items():
        seen: dict[str, Edition] = {}
        # the edition printed exactly as the text prints it first, then the others in reporters-db order
        for ed in sorted(eds, key=lambda e: _norm_reporter(e.abbr) != k):
            seen.setdefault(ed.abbr, ed)
        out[k] = tuple(seen.values())
    return out


def lookup_reporter(printed: str, year: int | None = None) -> Edition | None:
    """The edition a printed reporter names; with several, the first whose years include ``year``."""
    eds = reporter_index().get(_norm_reporter(printed))
    if not eds:
        return None
    if year is not None and len(eds) > 1:
        for ed in eds:
            if ed.covers(year):
                return ed
    return eds[0]


# ---------------------------------------------------------------- cases

_TOKEN_FIRST = r"[A-Z][^\s,;()\[\]]*"
_TOKEN_NEXT = r"(?:[^\s\d,;()\[\]][^\s,;()\[\]]*|\d+(?:st|nd|rd|th|d)\b\.?|\(\d+(?:st|nd|rd|th)\))"
_CASE = re.compile(
    rf"(?P<vol>[1-9]\d{{0,4}})\s+(?P<rep>{_TOKEN_FIRST}(?:\s+{_TOKEN_NEXT}){{0,8}}?)"
    r"(?:\s*\((?P<nom>(?:\d{1,2}\s+)?[A-Z][A-Za-z.]{1,12})\))?"
    r"(?P<comma>\s*,)?\s+(?P<at>at\s+(?:pp?\.\s*)?)?(?P<page>\d{1,7}(?:\[U\])?)(?![\w])"
)
_PIN = re.compile(r"\s*,\s*(?:at\s+)?(?:pp?\.\s*)?(?P<pin>\*{0,2}\d+(?:\s*[-–—]\s*\d+)?(?:\s*,?\s*nn?\.\s*\d+)?)(?![\w])"
                  r"(?!\s+[A-Z][\w.]*\s)")
_PAREN = re.compile(r"\s*\((?P<inner>[^()\n]{0,60}?)\s*(?P<year>1[6-9]\d\d|20\d\d)\)")
_NOT_A_DATE = re.compile(r"\d\s+[A-Z][\w.]*\s+(?:at\s+)?\d|\b(?:citing|quoting|see|v\.)\s", re.I)
_STYLE_YEAR = re.compile(r"\((?P<year>1[6-9]\d\d|20\d\d)\)\s*$")
_NAME_STOP = re.compile(r"[;()“”\"]|(?<=\d)\.\s|\b(?:[Ss]ee(?:,? e\.g\.,| also)?|[Cc]f\.|[Cc]iting|[Qq]uoting|[Aa]ccord|"
                        r"[Aa]ff'd|[Rr]ev'd|[Ii]n(?=\s+(?!re\b)))\s")
_NAME = re.compile(r"(?P<name>(?:In re|Ex parte|Matter of|[A-Z0-9][\w.'’&-]*)(?:,? (?:[A-Z0-9][\w.'’&-]*|of|the|for|and|&|"
                   r"de|ex rel\.|v\.|vs\.|et al\.|Co\.,|Inc\.,))*? v\. [^,]*?|(?:In re|Ex parte|Matter of) [^,]*?)"
                   r"\s*,?\s*$")


def _case_name(text: str, pos: int) -> tuple[str | None, str | None, int]:
    """The case name (and a Style Manual year) printed just before a full cite: ``Marbury v. Madison, ``,
    ``Kwikset Corp. v. Superior Court (2011) ``. Returns (name, year, start)."""
    lo = max(0, pos - 160)
    before = text[lo:pos]
    year = None
    m = _STYLE_YEAR.search(before)
    if m:
        year = m.group("year")
        before = before[: m.start()]
    stops = list(_NAME_STOP.finditer(before))
    cut = stops[-1].end() if stops else 0
    seg = before[cut:]
    n = _NAME.search(seg)
    if not n or "\n\n" in n.group("name"):
        return None, year, pos
    name = re.sub(r"\s+", " ", n.group("name")).strip(" ,")
    return name, year, lo + cut + n.start("name")


def _short_name(name: str | None) -> str | None:
    """The word a later ``supra`` uses: the first party's first significant word."""
    if not name:
        return None
    first = re.split(r"\s+v\.\s+", name)[0]
    first = re.sub(r"^(?:In re|Ex parte|Matter of|People|State|United States|Commonwealth)\s*", "", first) or \
        re.split(r"\s+v\.\s+", name)[-1]
    words = re.findall(r"[A-Za-z][\w'’-]+", first)
    return words[0] if words else None


def _parallel(text: str, pos: int, bracket: bool = False) -> re.Match | None:
    """A full cite in a known reporter right after ``, `` (a parallel citation), else None. ``bracket``: also
    after `` [``, the California Style Manual's brackets around parallel cites."""
    nxt = re.match(r"\s*[,\[]\s*" if bracket else r"\s*,\s*", text[pos : pos + 8])
    if not nxt:
        return None
    m = _CASE.match(text, pos + nxt.end())
    if m is None or m.group("at") or lookup_reporter(m.group("rep")) is None:
        return None
    return m


def _cases(text: str, pos: int) -> list[Citation]:
    """A full or short case cite at ``pos`` with its pin cites, parallel cites, year and case name."""
    m = _CASE.match(text, pos)
    group: list[tuple[re.Match, Edition, list[str], int]] = []  # (match, edition, pins, end of its own text)
    end = pos
    bracketed = False
    while m is not None:
        ed = lookup_reporter(m.group("rep"))
        if ed is None:
            break
        pins: list[str] = []
        end = m.end()
        if not m.group("at"):
            while _parallel(text, end) is None and (p := _PIN.match(text, end)):
                pins.append(re.sub(r"\s+", "", p.group("pin")))
                end = p.end()
        group.append((m, ed, pins, end))
        if m.group("at"):
            break
        m = _parallel(text, end, bracket=len(group) == 1)
        if m is not None and "[" in text[end : m.start()]:
            bracketed = True
    if not group:
        return []
    if bracketed and (close := re.match(r"\s*\]", text[end : end + 4])):
        end += close.end()
    year = court = None
    paren = _PAREN.match(text, end) if not group[0][0].group("at") else None
    if paren and _NOT_A_DATE.search(paren.group("inner")):
        paren = None  # "(citing Hensley, 461 U.S. at 435, 103 S.Ct. 1933)": a parenthetical holding a cite
    if paren:
        year = paren.group("year")
        court = paren.group("inner").strip(" ,") or None
        end = paren.end()
    name, style_year, _ = _case_name(text, pos)
    year = year or style_year
    out = []
    for i, (m, ed, pins, own_end) in enumerate(group):
        s, e = m.start(), end if i == len(group) - 1 else own_end
        meta: dict[str, Any] = {"volume": m.group("vol"), "reporter": ed.abbr, "reporter_printed": m.group("rep")}
        if m.group("at"):
            out.append(Citation(None, Kind.CASE, None, (), Span(s, m.end()), text[s : m.end()], m.group("page"),
                                Form.SHORT, None, meta))
            continue
        if year:
            ed = lookup_reporter(m.group("rep"), int(year)) or ed
            meta["reporter"] = ed.abbr
            meta["year"] = year
        if court and not re.fullmatch(r"[\d\s,]*", court):
            meta["court"] = court
        if name:
            meta["case_name"] = name
            meta["short_name"] = _short_name(name)
        if m.group("nom"):
            meta["nominative"] = m.group("nom")
        if len(group) > 1:
            meta["parallel"] = [f"{g[0].group('vol')} {g[1].abbr} {g[0].group('page')}" for j, g in enumerate(group)
                                if j != i]
            meta["parallel_index"] = i
        units = (Unit("", m.group("vol")), Unit("", ed.segment), Unit("", m.group("page")))
        out.append(Citation(ed.jurisdiction, Kind.CASE, "case", units, Span(s, e), text[s:e],
                            ", ".join(pins) or None, Form.FULL, None, meta))
    return out


# ---------------------------------------------------------------- statutes, rules, constitution

_USC = re.compile(r"(?P<title>[1-9]\d{0,2})\s+(?:U\.\s?S\.\s?C\.?(?:\s?A\.?)?|USCA?\b)(?:\s+(?:app\.|Supp\.\s*[IVX]*))?\s*")
_CFR = re.compile(r"(?P<title>[1-9]\d{0,2})\s+(?:C\.\s?F\.\s?R\.?|CFR\b)\s*")
_RULE = re.compile(
    r"(?:Fed\.\s?R\.\s?(?:(?P<civ>Civ\.\s?P(?:roc)?\.)|(?P<crim>Crim\.\s?P(?:roc)?\.)|(?P<evid>Evid\.)"
    r"|(?P<app>App\.\s?P(?:roc)?\.))"
    r"|Federal\s+Rules?\s+of\s+(?:(?P<civ2>Civil\s+Procedure)|(?P<crim2>Criminal\s+Procedure)|(?P<evid2>Evidence)"
    r"|(?P<app2>Appellate\s+Procedure))"
    r"|(?P<abbr>FRCP|FRCrP|FRE|FRAP))\s*(?:[Rr]ules?\s*)?"
)
_RULE_WORK = {"civ": "frcp", "crim": "frcrp", "evid": "fre", "app": "frap",
              "FRCP": "frcp", "FRCrP": "frcrp", "FRE": "fre", "FRAP": "frap"}
_RULE_SHORT = re.compile(r"Rules?\s+")
_CONST = re.compile(
    r"(?:U\.\s?S\.\s?Const\.?|(?:United\s+States|U\.\s?S\.)\s+Constitution)\s*,?\s*"
    r"(?:(?:(?P<art>[Aa]rt(?:icle|\.)?)|(?P<amend>[Aa]mend(?:ment|\.)?))\s*(?P<num>[IVXL]+\b|\d+)"
    r"(?:\s*,?\s*(?:§|[Ss]ec(?:tion|\.)?)\s*(?P<sec>\d+))?(?:\s*,?\s*(?:cl\.|[Cc]lause)\s*(?P<cl>\d+))?)?"
)
_ORDINALS = {w: i for i, w in enumerate(
    "First Second Third Fourth Fifth Sixth Seventh Eighth Ninth Tenth Eleventh Twelfth Thirteenth Fourteenth "
    "Fifteenth Sixteenth Seventeenth Eighteenth Nineteenth Twentieth".split(), 1)}
_ORDINALS.update({f"Twenty-{w}": 20 + i for w, i in list(_ORDINALS.items())[:7]})
_AMEND_BEFORE = re.compile(r"(?P<ord>(?:Twenty-)?[A-Z][a-z]+)\s+$")
_AMEND_AFTER = re.compile(r"Amendment(?:\s+(?P<num>[IVX]+\b|\d{1,2}\b))?")


def section_expander(sections: Sequence[str]):
    """``expand(lo, hi)`` for :func:`parse_chain`: the listed sections from ``lo`` to ``hi`` (DESIGN.md §2: a range
    yields every unit the corpus lists), or None when either end is not listed. None if nothing is listed."""
    if not sections:
        return None
    index = {s: i for i, s in enumerate(sections)}

    def expand(lo: str, hi: str) -> list[str] | None:
        if lo in index and hi in index and 0 < index[hi] - index[lo] <= 500:
            return list(sections[index[lo] : index[hi] + 1])
        return None

    return expand


@functools.cache
def _usc_expander(title: str):
    """Ranges in a U.S. Code title run over the sections the Code lists (``§§ 2000e–2000e-17``: 18 sections)."""
    from legalcite import tables

    return section_expander(tables.load("us_usc")["titles"].get(title) or [])


def _usc_cfr(text: str, pos: int, m: re.Match, work: str) -> list[Citation]:
    chain = parse_chain(text, m.end(), expand=_usc_expander(m.group("title")) if work == "usc" else None)
    if chain is None:
        return []
    return chain_citations(text, pos, chain, "us", work, (Unit("t", m.group("title")),), "s", {})


def _rules(text: str, pos: int) -> list[Citation]:
    m = _RULE.match(text, pos)
    if m is None:
        sm = _RULE_SHORT.match(text, pos)
        chain = parse_chain(text, sm.end()) if sm else None
        if chain is None:
            return []
        return chain_citations(text, pos, chain, None, None, (), "r", {"rule_short": True}, Form.SHORT)
    key = next(k for k, v in m.groupdict().items() if v)
    work = _RULE_WORK[m.group("abbr")] if key == "abbr" else _RULE_WORK[key.rstrip("2")]
    chain = parse_chain(text, m.end())
    if chain is None:
        return []
    return chain_citations(text, pos, chain, "us", work, (), "r", {})


def const_units(art: str | None, amend: str | None, num: str, sec: str | None, cl: str | None) -> tuple[Unit, ...]:
    units = [Unit("art" if art else "amend", numeral_value(num))]
    if sec:
        units.append(Unit("s", sec))
    if cl:
        units.append(Unit("cl", cl))
    return tuple(units)


def _const(text: str, pos: int) -> list[Citation]:
    m = _CONST.match(text, pos)
    if m is None:
        return []
    if not m.group("num"):
        if not re.match(r"U\.\s?S\.\s?Const", m.group()):
            return []
        end = pos + len(m.group().rstrip(" ,"))
        return [Citation("us", Kind.STATUTE, "const", (), Span(pos, end), text[pos:end])]
    units = const_units(m.group("art"), m.group("amend"), m.group("num"), m.group("sec"), m.group("cl"))
    return [Citation("us", Kind.STATUTE, "const", units, Span(pos, m.end()), text[pos:m.end()])]


def _amendment(text: str, pos: int) -> list[Citation]:
    """``the Fourteenth Amendment`` / ``Amendment XIV`` → ``us/const/amend14``."""
    before = _AMEND_BEFORE.search(text, max(0, pos - 24), pos)
    if before and before.group("ord") in _ORDINALS:
        n, start, end = _ORDINALS[before.group("ord")], before.start(), pos + len("Amendment")
    else:
        after = _AMEND_AFTER.match(text, pos)
        if not (after and after.group("num")):
            return []
        n, start, end = int(numeral_value(after.group("num"))), pos, after.end()
    if not 1 <= n <= 27:
        return []
    return [Citation("us", Kind.STATUTE, "const", (Unit("amend", str(n)),), Span(start, end), text[start:end],
                     meta={"prose": True})]


# ---------------------------------------------------------------- short forms

_ID = re.compile(r"(?P<id>[Ii]d\.|[Ii]bid\b\.?)(?:,?\s*(?:at\s+(?:pp?\.\s*)?(?P<pin>\d+(?:\s*[-–—]\s*\d+)?)"
                 r"|(?P<sec>§§?\s*\S)))?")
_SUPRA_BEFORE = re.compile(r"(?P<name>[A-Z][\w.'’&-]*(?: (?:v\.|[A-Z][\w.'’&-]*|of|the|&))*)\s*,?\s*$")
_SUPRA_AFTER = re.compile(r"supra(?!\s+note)(?:\s*,\s*at\s+(?:pp?\.\s*)?(?P<pin>\d+(?:\s*[-–—]\s*\d+)?)(?![\w]))?")


def _id(text: str, pos: int) -> list[Citation]:
    """``Id.``, ``Id. at 570``, ``(Id. at p. 651.)``, ``Ibid.``; in ``Id. § 1988`` the section is the citation
    (a short form bound to the statute in scope), so ``Id.`` itself yields nothing."""
    m = _ID.match(text, pos)
    if m is None or m.group("sec"):
        return []
    end = m.end()
    return [Citation(None, Kind.CASE, None, (), Span(pos, end), text[pos:end], m.group("pin"), Form.ID, None,
                     {"id": True})]


def _supra(text: str, pos: int) -> list[Citation]:
    after = _SUPRA_AFTER.match(text, pos)
    if after is None:
        return []
    before = _SUPRA_BEFORE.search(text, max(0, pos - 80), pos)
    if before is None:
        return []
    name = re.sub(r"^(?:(?:See|see|Cf\.|cf\.|But|but|also|In|in|and|accord)\s+)+", "", before.group("name"))
    if not name:
        return []
    end = after.end()
    pin = after.group("pin")
    meta: dict[str, Any] = {"supra": _short_name(name) or name, "case_name": name}
    if pin is None:
        nxt = re.match(r"\s*,\s*", text[end : end + 4])
        if nxt:
            cm = _CASE.match(text, end + nxt.end())
            if cm and cm.group("at") and (ed := lookup_reporter(cm.group("rep"))):
                pin = cm.group("page")
                meta.update(volume=cm.group("vol"), reporter=ed.abbr)
                end = cm.end()
    start = before.end("name") - len(name)
    return [Citation(None, Kind.CASE, None, (), Span(start, end), text[start:end], pin, Form.SUPRA, None, meta)]


def _short_section(text: str, pos: int) -> list[Citation]:
    """``§ 1671(b)``, ``section 1542``, ``§§ 1981–1983``: a section whose code the context supplies."""
    chain = parse_chain(text, pos)
    if chain is None or not re.match(r"§|[Ss]ec", text[pos:]):
        return []
    return chain_citations(text, pos, chain, None, None, (), "s", {"section_short": True}, Form.SHORT)


# ---------------------------------------------------------------- the extractor

class USExtractor:
    code = "us"
    languages = ("en",)
    anchor = ANCHOR

    def extract(self, text: str, anchor: re.Match, ctx: Context) -> Sequence[Citation]:
        pos = anchor.start()
        ch = text[pos]
        if ch.isdigit():
            if (m := _USC.match(text, pos)) is not None:
                return _usc_cfr(text, pos, m, "usc")
            if (m := _CFR.match(text, pos)) is not None:
                return _usc_cfr(text, pos, m, "cfr")
            return _cases(text, pos)
        if ch == "§" or ch in "Ss" and text.startswith(("ec", "ect"), pos + 1):
            return _short_section(text, pos)
        if ch in "Ii":
            return _id(text, pos)
        if text.startswith("supra", pos):
            return _supra(text, pos)
        if text.startswith("Amendment", pos):
            return _amendment(text, pos)
        if text.startswith(("U.S. Const", "U. S. Const", "U.S.Const", "United States", "U.S. Constitution",
                            "U. S. Constitution"), pos):
            return _const(text, pos)
        return _rules(text, pos)


EXTRACTOR = USExtractor()


# ---------------------------------------------------------------- link

_STATUTE_WORKS_WITH_TITLE = ("usc", "cfr")
_RULE_WORKS = frozenset({"frcp", "frcrp", "fre", "frap"})


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    """Bind the US and California short forms to their antecedents (``antecedent`` = index in the list):
    ``Id.``/``Ibid.`` → the citation just before; ``Name, supra`` → the last full case of that name;
    ``550 U.S. at 570`` → the last full case in that volume and reporter; ``§ 1671(b)`` / ``section 1542`` →
    the code of the last statute cited (its title too, for the U.S. Code and C.F.R.); ``Rule 56`` → the rule
    set last cited. A short form with no antecedent keeps ``key=None``."""
    out: list[Citation] = []
    last_full_case: dict[tuple[str, str], int] = {}
    cases_by_name: list[tuple[str, int]] = []
    last_statute: int | None = None
    last_rule: int | None = None
    for i, c in enumerate(citations):
        if c.form is Form.FULL and c.key:
            if c.kind is Kind.CASE and c.jurisdiction in ("us", "us-ca") and "volume" in c.meta:
                last_full_case[(c.meta["volume"], c.meta["reporter"])] = i
                if c.meta.get("short_name"):
                    cases_by_name.append((c.meta["short_name"].lower(), i))
            elif c.kind is Kind.STATUTE and c.jurisdiction in ("us", "us-ca"):
                if c.work in _RULE_WORKS:
                    last_rule = i
                elif c.work != "const":
                    last_statute = i
            out.append(c)
            continue
        ante: int | None = None
        if c.form is Form.ID and c.meta.get("id"):
            # "Id." is the authority cited just before; if that one is unresolved, so is "Id.". A mention of an
            # amendment in prose is no authority "Id." could repeat, and "Id. at 299" (a page) needs a case.
            prev = next((j for j in range(len(out) - 1, -1, -1) if not out[j].meta.get("prose")), None)
            if prev is not None and out[prev].key is not None and (c.pin is None or out[prev].kind is Kind.CASE):
                prev -= out[prev].meta.get("parallel_index", 0)  # a parallel group is one authority
                a = out[prev]
                # "Id." alone repeats the pin of the cite before it; the antecedent is that cite's own full
                # citation, so every short form points at a full one
                ante = a.antecedent if a.antecedent is not None else prev
                c = c.replace(jurisdiction=a.jurisdiction, kind=a.kind, work=a.work, units=a.units,
                              antecedent=ante, pin=c.pin or a.pin)
        elif c.form is Form.SUPRA:
            want = (c.meta.get("supra") or "").lower()
            vr = (c.meta.get("volume"), c.meta.get("reporter"))
            if vr in last_full_case:
                ante = last_full_case[vr]
            else:
                for name, idx in reversed(cases_by_name):
                    if name == want or want in out[idx].meta.get("case_name", "").lower().split():
                        ante = idx
                        break
            if ante is not None:
                a = out[ante]
                c = c.replace(jurisdiction=a.jurisdiction, work=a.work, units=a.units, antecedent=ante)
        elif c.form is Form.SHORT and c.kind is Kind.CASE and "volume" in c.meta:
            ante = last_full_case.get((c.meta["volume"], c.meta["reporter"]))
            if ante is None:  # a short cite to a parallel reporter of an earlier case
                for idx in reversed(list(last_full_case.values())):
                    par = out[idx].meta.get("parallel", ())
                    if any(p.startswith(f"{c.meta['volume']} {c.meta['reporter']} ") for p in par):
                        ante = idx
                        break
            if ante is not None:
                a = out[ante]
                c = c.replace(jurisdiction=a.jurisdiction, work=a.work, units=a.units, antecedent=ante)
        elif c.form is Form.SHORT and c.kind is Kind.STATUTE and c.work is None:
            if c.meta.get("rule_short") and last_rule is not None:
                ante = last_rule
            elif c.meta.get("section_short") and last_statute is not None:
                ante = last_statute
            # the code in scope: named earlier in the same paragraph
            if ante is not None and "\n\n" in ctx.text[out[ante].span.end : c.span.start]:
                ante = None
            if ante is not None:
                a = out[ante]
                head = tuple(u for u in a.units if u.label == "t") if a.work in _STATUTE_WORKS_WITH_TITLE else ()
                c = c.replace(jurisdiction=a.jurisdiction, work=a.work, units=head + c.units, antecedent=ante)
        out.append(c)
    return out
