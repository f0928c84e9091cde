"""US and California reporters from reporters-db (editions *and* variations: ``U. S.``, ``Cal.4th``,
``F. Supp. 2d``), indexed on first use. A case key is ``<jurisdiction>/case/<volume>/<segment>/<page>``, the
segment being the edition's canonical abbreviation lowercased with spaces removed; the jurisdiction is the
reporter's (California reporters → ``us-ca``). Shared by the US extractor, which finds every reporter's cases, and
by both printers.

Each edition also carries its **formats**, read from its reporters-db regexes (``$full_cite`` when it has none):
which shape of ``us/case.lark`` it is cited in — ``vref`` (``550 U.S. 544``), ``neutral`` (``2006-Ohio-2095``),
``year_page`` (``T.C. Memo. 2019-233``), ``page_first`` (``2009 12345 (La.App. 1 Cir. 05/10/10)``) — and what its
volume and page look like (``IL App (1st)``: page ``143684-B``; ``Conn. Super. Ct.``: year volumes, page ``5243-P``).
So vendor-neutral and other formats are reporters-db's data, not code.
"""
from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass
from typing import Any

from legalcite.core.data import load, without_gc

@dataclass(frozen=True)
class Format:
    """One way an edition is cited: a shape of ``us/case.lark`` and the volume and page it admits."""

    shape: str                 # vref | neutral | year_page | page_first
    volume: re.Pattern
    page: re.Pattern
    roman: bool = False        # a plain ``$page`` also admits roman front-matter pages (``12 Neb. App. lxiv``)

    def admits(self, shape: str, volume: str, page: str | None) -> bool:
        """Whether a citation of this shape, volume and page (None: a short cite, page unknown) fits."""
        if shape != self.shape:
            return False
        if self.plain:  # $full_cite, most editions: digits and digits, no regex needed
            if not (volume.isdigit() and volume[0] != "0") or (page is not None and not page.isdigit()):
                return page is not None and volume.isdigit() and volume[0] != "0" and bool(_roman().fullmatch(page))
            return True
        if not self.volume.fullmatch(volume):
            return False
        return page is None or bool(self.page.fullmatch(page) or (self.roman and _roman().fullmatch(page)))

    @functools.cached_property
    def plain(self) -> bool:
        """Whether this is the plain ``$full_cite`` format (volume and page in digits, roman front-matter pages
        admitted): :meth:`admits` then tests it without regexes."""
        return self.volume.pattern == r"[1-9]\d*" and self.page.pattern == r"\d+" and self.roman




@functools.cache
def _roman() -> re.Pattern:
    """reporters-db's roman page numbers (``lxiv``; not a lone ``v``), lowercase as front matter prints them."""
    from reporters_db import REGEX_VARIABLES  # reporters_db: heavy

    page = re.sub(r"\(\?P<page>(.*)\)$", r"\1", REGEX_VARIABLES["page_with_roman_numerals"])
    return re.compile(page.replace("?P<page>", ""))


@dataclass(frozen=True)
class Edition:
    """A reporter edition: reporters-db's canonical abbreviation, its jurisdiction, its years, its formats."""

    abbr: str
    jurisdiction: str
    start: int | None
    end: int | None
    formats: tuple[Format, ...] = ()
    last_volume: int | None = None   # a finished series' last volume (data/editions.json); None: unknown or running
    source: str | None = None        # where a corrected year or the last volume comes from (data/editions.json)

    def admits(self, shape: str, volume: str, page: str | None) -> bool:
        """Whether a citation of this shape, volume and page is one of this edition's formats."""
        return any(f.admits(shape, volume, page) for f in self.formats)

    @functools.cached_property
    def segment(self) -> str:
        """The key segment: canonical abbreviation lowercased, spaces removed (``Cal. 4th`` → ``cal.4th``)."""
        return re.sub(r"\s+", "", self.abbr).lower()

    def covers(self, year: int) -> bool:
        """Whether the edition reports decisions of ``year``; an unknown start or end does not bound it."""
        return (self.start is None or self.start <= year) and (self.end is None or year <= self.end)


def _norm_reporter(s: str) -> str:
    return "".join(s.split()).replace("’", "'")


def _year(d: Any) -> int | None:
    return getattr(d, "year", None)


@functools.cache
def edition_facts() -> dict[str, dict[str, Any]]:
    """Canonical abbreviation → the hand-kept facts of ``data/editions.json``: corrected decision years
    (``start``, ``end``) where reporters-db's are wrong (it ends F. Supp. in 1988; the series ran to 1998), the last
    volume of a finished series, and the source of each."""
    return load(__package__, "editions.json")["editions"]


def _edition(abbr: str, jur: str, info: dict[str, Any], formats: tuple[Format, ...]) -> Edition:
    """One reporters-db edition with the corrections of :func:`edition_facts` applied."""
    fact = edition_facts().get(abbr, {})
    return Edition(abbr, jur, fact.get("start", _year(info.get("start"))), fact.get("end", _year(info.get("end"))),
                   formats, fact.get("last_volume"), fact.get("source"))


def editions_by_segment(segment: str) -> tuple[Edition, ...]:
    """Key segment (``f.3d``, ``wash.``) → every reporters-db edition printed that way (several reporters may share
    an abbreviation: ``Wash.`` is Washington's Virginia reports of 1790–1796 and the Washington Reports since
    1889); () for none."""
    return _segments().get(segment, ())


@functools.cache
def _segments() -> dict[str, tuple[Edition, ...]]:
    out: dict[str, dict[tuple[str, int | None, int | None], Edition]] = {}
    for eds in reporter_index().values():
        for ed in eds:
            out.setdefault(ed.segment, {})[(ed.abbr, ed.start, ed.end)] = ed
    return {seg: tuple(eds.values()) for seg, eds in out.items()}


@functools.cache
def reporter_index() -> dict[str, tuple[Edition, ...]]:
    """Printed reporter (spaces removed) → candidate editions, from reporters-db's editions and variations.
    A reporter is California's (``us-ca``) when every court it reports is a California court."""
    with without_gc():
        return _reporter_index()


def _reporter_index() -> dict[str, tuple[Edition, ...]]:
    from reporters_db import REGEX_VARIABLES, REPORTERS  # reporters_db: heavy
    from reporters_db.utils import recursive_substitute  # reporters_db: heavy

    def formats_of(templates: list[str]) -> tuple[Format, ...]:
        found = (_format(recursive_substitute(t, REGEX_VARIABLES)) for t in templates)
        return tuple(dict.fromkeys(f for f in found if f is not None))

    index: dict[str, list[Edition]] = {}
    for entries in REPORTERS.values():
        for entry in entries:
            mlz = entry.get("mlz_jurisdiction") or []
            jur = "us-ca" if mlz and all(j.startswith(("us:ca;", "us:ca:")) for j in mlz) else "us"
            editions = {abbr: _edition(abbr, jur, info, formats_of(info.get("regexes") or ["$full_cite"]))
                        for abbr, info in entry["editions"].items()}
            for abbr, ed in editions.items():
                index.setdefault(_norm_reporter(abbr), []).append(ed)
            for variant, abbr in entry.get("variations", {}).items():
                if abbr in editions:
                    index.setdefault(_norm_reporter(variant), []).append(editions[abbr])
    out = {}
    for k, eds in index.items():
        # the edition printed exactly as the text prints it first, then the others in reporters-db order; two
        # reporters may share an abbreviation ("Ohio": the Ohio Reports and Ohio's neutral citations)
        seen = {id(ed): ed for ed in sorted(eds, key=lambda e: _norm_reporter(e.abbr) != k)}
        out[k] = tuple(seen.values())
    return out


def _group(rx: str, name: str) -> tuple[int, int, str] | None:
    """Start, end and body of the named group ``(?P<name>…)`` in ``rx`` (parentheses balanced)."""
    start = rx.find(f"(?P<{name}>")
    if start < 0:
        return None
    depth, i = 0, start
    while i < len(rx):
        c = rx[i]
        if c == "\\":
            i += 2
            continue
        depth += c == "("
        depth -= c == ")"
        if depth == 0:
            return start, i + 1, rx[start + len(name) + 5 : i]
        i += 1
    return None


_PLAIN_SEP = re.compile(r"(?:\\s[*+?]?|[ ,?)])*")  # spaces, an optional comma, the end of an optional volume


def _format(rx: str) -> Format | None:
    """The shape of one expanded reporters-db regex (the order of volume, reporter and page, and what stands between
    them), or None for a shape the grammar does not have (``33 Ga. Supp. 5``, paragraph cites without a volume)."""
    v, r, p = _group(rx, "volume"), _group(rx, "reporter"), _group(rx, "page")
    if not (v and r and p):
        return None
    between = lambda a, b: rx[a[1] : b[0]]  # noqa: E731
    if v[0] < r[0] < p[0]:
        if "-" in between(v, r) and "-" in between(r, p):
            shape = "neutral"
        elif _PLAIN_SEP.fullmatch(between(v, r)) and (_PLAIN_SEP.fullmatch(between(r, p))
                                                      or "reporter_nominative" in between(r, p)):
            shape = "vref"
        else:
            return None
    elif r[0] < v[0] < p[0] and between(v, p) == "-":
        shape = "year_page"
    elif v[0] < p[0] < r[0] and "(" in between(p, r):
        shape = "page_first"
    else:
        return None
    return Format(shape, re.compile(v[2]), re.compile(p[2]), roman=p[2] == r"\d+")


@functools.cache
def _sorted_keys() -> list[str]:
    return sorted(reporter_index())


def starts_a_reporter(word: str) -> bool:
    """Whether some reporter, spaces ignored, begins with ``word`` (the first word after a volume: ``F.Supp.``,
    ``U.``, ``Cal.``); the US extractor parses only then."""
    keys = _sorted_keys()
    w = _norm_reporter(word)
    i = bisect.bisect_left(keys, w)
    return i < len(keys) and keys[i].startswith(w)


_WORD_STARTS = re.compile(r"(?<!\S)\S")


def year_page_starts(text: str, pos: int) -> list[int]:
    """Where a reporter cited before its year could start, for a year at ``pos`` (``T.C. Memo. 2019-233``):
    each start whose words up to ``pos`` name an edition with a ``year_page`` format, longest first."""
    lo = max(0, pos - 40)
    out = []
    for m in _WORD_STARTS.finditer(text, lo, pos):
        if m.start() == lo and lo > 0 and not text[lo - 1].isspace():
            continue
        eds = lookup_editions(text[m.start() : pos])
        if any(f.shape == "year_page" for e in eds for f in e.formats):
            out.append(m.start())
    return out


def lookup_editions(printed: str) -> tuple[Edition, ...]:
    """Every edition a printed reporter may name (spaces ignored), the exactly printed one first."""
    return reporter_index().get(_norm_reporter(printed), ())


def lookup_reporter(printed: str, year: int | None = None) -> Edition | None:
    """The edition a printed reporter names; with several, the first whose years include ``year``."""
    return pick(reporter_index().get(_norm_reporter(printed), ()), year)


def pick(editions: tuple[Edition, ...], year: int | None = None) -> Edition | None:
    """The first of ``editions`` whose years include ``year`` (the first when none does or no year is known)."""
    if year is not None and len(editions) > 1:
        for ed in editions:
            if ed.covers(year):
                return ed
    return editions[0] if editions else None


@functools.cache
def _by_segment() -> dict[str, str]:
    """Key segment → the canonical abbreviation (``cal.4th`` → ``Cal. 4th``), first edition in reporters-db order."""
    out: dict[str, str] = {}
    for eds in reporter_index().values():
        for ed in eds:
            out.setdefault(ed.segment, ed.abbr)
    return out


def print_case(segments: list[str]) -> str | None:
    """``[5, u.s., 137]`` (a case key after ``<jurisdiction>/case/``) → ``5 U.S. 137``; None for another shape."""
    if len(segments) != 3 or segments[1] not in _by_segment():
        return None
    volume, reporter, page = segments
    return f"{volume} {_by_segment()[reporter]} {page}"
