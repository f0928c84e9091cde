"""US case citations: what ``case.lark`` yields (:class:`Full`, :class:`Short`, :class:`IdCite`, :class:`Supra`,
built by :class:`legalcite.jurisdictions.us.grammar.CaseTransformer` during the parse) and how that becomes
:class:`~legalcite.models.Citation`\\ s with the case name printed before them.

A full citation's key is ``<jurisdiction>/case/<volume>/<reporter segment>/<first page>``. A short cite
(``454 U.S. at 241``, ``Kaiser, supra, 13 Cal.App.5th at 1146``) states no first page: it gets the partial key
``<jurisdiction>/case/<volume>/<reporter segment>`` (docs/keys.md), which linking replaces with its antecedent's key
when the text has the full citation. Lark is imported only by :mod:`.grammar`, on the first case parsed.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any, Sequence

from legalcite.jurisdictions.us_common.reporters import Edition, lookup_editions, pick, starts_a_reporter
from legalcite.models import CaseMetadata, Citation, Form, Kind, Span, Unit

WINDOW = 300  # characters a case citation with its parallels and parenthetical may span


class Reject(Exception):
    """Raised by the Transformer when the tables refuse a reference (no reporter of that name, no such format):
    :func:`legalcite.core.parse.longest_prefix` then ends the citation before it."""


# ---------------------------------------------------------------- what the grammar yields (window offsets)
# Plain (not frozen) slotted dataclasses: thousands are built per document, and a frozen one costs six times more
# to build. Nothing changes them after the builders below.

@dataclass(slots=True)
class Ref:
    """One volume-reporter-page reference as printed, with the editions whose formats admit it."""

    shape: str                       # vref | neutral | year_page | page_first (reporters.Format.shape)
    volume: str
    printed: str                     # the reporter as printed, runs of whitespace made one space
    editions: tuple[Edition, ...]
    page: str | None                 # None in a short cite
    start: int
    end: int
    nominative: str | None = None    # "1 Cranch" in "5 U.S. (1 Cranch) 137"
    date: str | None = None          # "05/10/10" in "2009 12345 (La.App. 1 Cir. 05/10/10)"


@dataclass(slots=True)
class Paren:
    """A citation's parenthetical (``(9th Cir. 2021)``): the court as printed (None when only a year is given), the
    year, and where the parenthetical ends in the window."""

    court: str | None
    year: str
    end: int


@dataclass(slots=True)
class Cited:
    """A reference of a full citation with its pin cites; ``end`` is after those pins."""

    ref: Ref
    pins: tuple[str, ...]
    end: int


@dataclass(slots=True)
class Full:
    """A full citation: its references (parallel cites after the first), the parenthetical, where it all ends."""

    cited: tuple[Cited, ...]
    paren: Paren | None
    end: int


@dataclass(slots=True)
class Short:
    """A short cite (``454 U.S. at 241``): its reference (no first page), the pin, where it ends in the window."""

    ref: Ref
    pin: str
    end: int


@dataclass(slots=True)
class IdCite:
    """``Id.``/``Ibid.`` with its pin (None when none is printed), and where it ends in the window."""

    pin: str | None
    end: int


@dataclass(slots=True)
class Supra:
    """``supra`` with its pin and, where it gives one, the reference (``supra, 13 Cal.App.5th at 1146``), and where it
    ends in the window."""

    pin: str | None
    ref: Ref | None                  # "supra, 13 Cal.App.5th at 1146"
    end: int


NOTHING = object()  # "Id. § 1988" (the section is the citation), "supra note 5" (a footnote): no case citation


# ---------------------------------------------------------------- the builders (grammar.CaseTransformer, fast path)

@dataclass(slots=True)
class Words:
    """Words as printed, runs of whitespace made one space, and where they stand in the window."""

    text: str
    start: int
    end: int


@dataclass(slots=True)
class Pin:
    """A pin cite as printed, spaces dropped (``241``, ``570-71``), and where it ends in the window."""

    text: str
    end: int


class Note(Pin):
    """``n. 6`` after a pin and a comma (``280, n. 6``): part of that pin (``280,n.6``)."""

    __slots__ = ()


def words(pieces: Sequence[tuple[str, int, int]]) -> Words:
    """(value, start, end) of consecutive tokens → :class:`Words` (a space where the text has any)."""
    out = [pieces[0][0]]
    for (_, _, prev_end), (value, start, _) in zip(pieces, pieces[1:]):
        out.append(f" {value}" if start > prev_end else value)
    return Words("".join(out), pieces[0][1], pieces[-1][2])


def make_ref(shape: str, volume: str, reporter: Words, page: str | None, start: int, end: int,
             nominative: str | None = None, date: str | None = None) -> Ref:
    """A reference the tables admit: the editions named ``reporter`` whose formats have this shape, volume and page;
    none → :class:`Reject`. ``5 U.S. (Cranch) 137``: a parenthesized last word that no reporter has is the
    nominative reporter."""
    editions = lookup_editions(reporter.text)
    if not editions and nominative is None and reporter.text.endswith(")") and "(" in reporter.text:
        head, _, nom = reporter.text.rpartition("(")
        reporter, nominative = Words(head.rstrip(), reporter.start, reporter.start + len(head.rstrip())), nom[:-1]
        editions = lookup_editions(reporter.text)
    editions = tuple(e for e in editions if e.admits(shape, volume, page))
    if not editions:
        raise Reject(f"{volume} {reporter.text} {page or ''}")
    return Ref(shape, volume, reporter.text, editions, page, start, end, nominative, date)


_YEAR = re.compile(r"1[6-9]\d\d|20\d\d")
_SIGNAL_WORDS = frozenset({"citing", "quoting", "see", "v.", "cf.", "accord", "discussing", "holding"})


def make_paren(tokens: Sequence[tuple[str, str, int, int]], year: str, end: int) -> Paren:
    """``(9th Cir. 2021)`` from its (type, value, start, end) words before the year; not a parenthetical that holds
    a citation or a signal (``(citing Hensley, 461 U.S. at 435)``), a year out of range, or a long aside."""
    if not _YEAR.fullmatch(year) or (tokens and end - tokens[0][2] > 66):
        raise Reject(f"({year})")
    for prev, tok in zip(tokens, tokens[1:]):
        if prev[0] == "NUMBER" and tok[0] == "REPORTER":
            raise Reject("a citation in the parenthetical")
    if any(t[0] == "REPORTER" and t[1].lower() in _SIGNAL_WORDS for t in tokens):
        raise Reject("a signal in the parenthetical")
    court = words([t[1:] for t in tokens]).text.strip(" ,") if tokens else None
    return Paren(court if court and not re.fullmatch(r"[\d\s,]*", court) else None, year, end)


def make_full(parts: Sequence[Any]) -> Full:
    """The first reference, then pins and parallel references in printed order, the California brackets
    (``[120 Cal.Rptr.3d 741]``: a tuple of its cited and its end), the parenthetical."""
    paren = parts[-1] if isinstance(parts[-1], Paren) else None
    cited: list[Cited] = []
    ref, pins, end = parts[0], [], parts[0].end
    for p in parts[1 : len(parts) - (paren is not None)]:
        if isinstance(p, Note):
            if pins:
                pins[-1] += "," + p.text
            end = p.end
            continue
        if isinstance(p, Pin):
            pins.append(p.text)
            end = p.end
            continue
        cited.append(Cited(ref, tuple(pins), end))
        if isinstance(p, Ref):
            ref, pins, end = p, [], p.end
        else:  # bracketed, the last part before the parenthetical: (its cited, its end)
            return Full((*cited, *p[0]), paren, paren.end if paren else p[1])
    cited.append(Cited(ref, tuple(pins), end))
    return Full(tuple(cited), paren, paren.end if paren else end)


def make_short(volume: str, reporter: Words, start: int, pin: Pin) -> Short:
    """The :class:`Short` of ``volume reporter at pin``; :class:`Reject` when no edition named ``reporter`` is cited
    that way."""
    return Short(make_ref("vref", volume, reporter, None, start, pin.end), pin.text, pin.end)


# ---------------------------------------------------------------- parse results -> Citations

_ID_LINK = MappingProxyType({"id": True})  # one shared read-only flag: a run of "Id." makes no dict per citation


def citations(text: str, pos: int, result: Any) -> list[Citation]:
    """The citations of one parse of the window starting at ``pos``."""
    if isinstance(result, Full):
        return _full(text, pos, result)
    if isinstance(result, Short):
        return [_short(text, pos, result)]
    if isinstance(result, IdCite):
        end = pos + result.end
        return [Citation(jurisdiction=None, kind=Kind.CASE, work=None, span=Span(pos, end), text=text[pos:end],
                         pin=result.pin, form=Form.ID, _link=_ID_LINK)]
    return []


def _full(text: str, pos: int, full: Full) -> list[Citation]:
    name, style_year, _ = case_name(text, pos + full.cited[0].ref.start)
    year = full.paren.year if full.paren else style_year
    court = full.paren.court if full.paren else None
    n = len(full.cited)
    chosen = [pick(c.ref.editions, int(year) if year else None) for c in full.cited]
    printed = [f"{c.ref.volume} {ed.abbr} {c.ref.page}" for c, ed in zip(full.cited, chosen)] if n > 1 else []
    short = short_name(name)
    out = []
    for i, (c, ed) in enumerate(zip(full.cited, chosen)):
        ref = c.ref
        s, e = pos + ref.start, pos + (full.end if i == n - 1 else c.end)
        metadata = CaseMetadata(volume=ref.volume, reporter=ed.abbr, reporter_printed=ref.printed, year=year,
                                court=court, date=ref.date, case_name=name, nominative=ref.nominative,
                                parallel=tuple(printed[:i] + printed[i + 1 :]))
        link: dict[str, Any] = {"short_name": short} if short else {}
        if n > 1:
            link["parallel_index"] = i
        out.append(Citation(jurisdiction=ed.jurisdiction, kind=Kind.CASE, work="case",
                            units=(Unit("", ref.volume), Unit("", ed.segment), Unit("", ref.page)), span=Span(s, e),
                            text=text[s:e], pin=", ".join(c.pins) or None, metadata=metadata, _link=link))
    return out


def _short(text: str, pos: int, short: Short) -> Citation:
    s, e = pos + short.ref.start, pos + short.end
    ref = short.ref
    return Citation(jurisdiction=ref.editions[0].jurisdiction, kind=Kind.CASE, work="case",
                    units=partial_units(ref.volume, ref.editions[0]), span=Span(s, e), text=text[s:e], pin=short.pin,
                    form=Form.SHORT, metadata=CaseMetadata(volume=ref.volume, reporter=ref.editions[0].abbr,
                                                           reporter_printed=ref.printed,
                                                           antecedent_guess=name_before(text, s)))


# "Driehaus, 573 at 164": a short cite whose reporter the writer left out, after a case's name and a comma
_REPORTERLESS = re.compile(r"(?P<vol>[1-9]\d{0,3})\s+at\s+(?P<pin>\d+(?:\s*[-–—]\s*\d+)?)(?![\w\-–—.,]\d)")
_COMMA_BEFORE = re.compile(r"\S\s*,\s*$")


def reporterless_short(text: str, pos: int) -> list[Citation]:
    """``Driehaus, 573 at 164``: a short cite that states its case's name, volume and pin but not the reporter. It
    keeps what it states — the partial key ``us/case/573`` (docs/keys.md), the pin, the name as antecedent guess —
    and linking binds it to the case of that name in that volume cited before it. Only after a name that reads as a
    case's (one with no period at its end: ``Tr., 12 at 5`` and ``Decl., 3 at 4`` cite a record)."""
    m = _REPORTERLESS.match(text, pos)
    if m is None or _COMMA_BEFORE.search(text, max(0, pos - 4), pos) is None:
        return []
    name = name_before(text, pos)
    if not name or name.endswith(".") or name.lower() in ("id", "ibid"):
        return []
    return [Citation(jurisdiction="us", kind=Kind.CASE, work="case", units=(Unit("", m.group("vol")),),
                     span=Span(pos, m.end()), text=text[pos:m.end()], pin=_SPACES.sub("", m.group("pin")),
                     form=Form.SHORT, metadata=CaseMetadata(volume=m.group("vol"), antecedent_guess=name))]


# "Loper Bright Enterprises v. Raimondo, 603 U.S. ___ (2024)": a decision cited before its first page is printed
_BLANK_PAGE = re.compile(r"(?P<vol>[1-9]\d{0,4})\s+(?P<rep>[A-Z][\w.']*(?:\s?[A-Z\d][\w.']*){0,3}?)\s*,?\s+_{3,}"
                         r"(?:,\s*(?:(?P<pin>\d+(?:[-–]\d+)?)(?![\w.]\d)|_{3,}))?"
                         r"(?:\s*\((?P<year>1[6-9]\d\d|20\d\d)\))?")


def blank_page(text: str, pos: int) -> list[Citation]:
    """``603 U.S. ___ (2024)``, ``576 U.S. ___, 13``: a full citation whose page the reporter has not yet printed.
    It states volume and reporter, so it keeps the partial key ``us/case/603/u.s.`` (docs/keys.md), with its case
    name, pin and year."""
    m = _BLANK_PAGE.match(text, pos)
    if m is None:
        return []
    editions = tuple(e for e in lookup_editions(m.group("rep")) if e.admits("vref", m.group("vol"), None))
    if not editions:
        return []
    name, style_year, _ = case_name(text, pos)
    year = m.group("year") or style_year
    ed = pick(editions, int(year) if year else None)
    short = short_name(name)
    return [Citation(jurisdiction=ed.jurisdiction, kind=Kind.CASE, work="case", units=partial_units(m.group("vol"), ed),
                     span=Span(pos, m.end()), text=text[pos:m.end()], pin=m.group("pin"),
                     metadata=CaseMetadata(volume=m.group("vol"), reporter=ed.abbr, reporter_printed=m.group("rep"),
                                           year=year, case_name=name),
                     _link={"short_name": short} if short else {})]


def partial_units(volume: str, edition: Edition) -> tuple[Unit, ...]:
    """The units of a short cite's partial key: volume and reporter, no first page (docs/keys.md)."""
    return (Unit("", volume), Unit("", edition.segment))


def supra_citation(text: str, pos: int, supra: Supra) -> list[Citation]:
    """``Name, supra[, at 570 | , 13 Cal.App.5th at 1146]``, ``supra`` at ``pos``; the name is read before it."""
    name_start, name = supra_name(text, pos)
    if name is None:
        return []
    end = pos + supra.end
    ref = supra.ref
    ed = ref.editions[0] if ref else None
    metadata = CaseMetadata(antecedent_guess=short_name(name) or name, case_name=name,
                            volume=ref.volume if ref else None, reporter=ed.abbr if ed else None,
                            reporter_printed=ref.printed if ref else None)
    return [Citation(jurisdiction=ed.jurisdiction if ed else None, kind=Kind.CASE, work="case" if ed else None,
                     units=partial_units(ref.volume, ed) if ed else (), span=Span(name_start, end),
                     text=text[name_start:end], pin=supra.pin, form=Form.SUPRA, metadata=metadata)]


# ---------------------------------------------------------------- case names, read backwards from the citation

_STYLE_YEAR = re.compile(r"\((?P<year>1[6-9]\d\d|20\d\d)\)\s*$")
_NAME_STOP = re.compile(r"[;()“”\"]|(?<=\d)\.\s|\b(?:[Ss]ee(?:,? e\.g\.,| also)?|[Cc]f\.|"
                        r"[Cc]iting|[Qq]uoting|[Aa]ccord|"
                        r"[Aa]ff'd|[Rr]ev'd|[Ii]n(?=\s+(?!re\b)))\s")
# a party may end in a corporate suffix after a comma: "Anderson v. Liberty Lobby, Inc., 477 U.S. 242"
_SUFFIX = r"(?:, (?:Inc|Co|Corp|Ltd|LLC|L\.L\.C|LLP|L\.L\.P|L\.P|N\.A|P\.C|P\.A|S\.A|et al)\.?)"
_WORD = r"[A-Z0-9][\w.'’&-]*"
_FIRST = r"[A-Z][\w.'’&-]*|\d+[A-Za-z][\w.'’&-]*"  # a name starts with a word, not a number ("3M Co.", not "248")
_NAME = re.compile(rf"(?P<name>(?:In re|Ex parte|Matter of|{_FIRST})(?:,? (?:{_WORD}|of|the|for|and|&|de|ex rel\.|"
                   rf"v\.|vs\.|et al\.|Co\.,|Inc\.,))*? vs?\.? [^,]*?{_SUFFIX}*|(?:In re|Ex parte|Matter of) [^,]*?)"
                   r"\s*,?\s*$")
_VERSUS = re.compile(r" vs?\.? ")
_SPACES = re.compile(r"\s+")
_PARTY_SPLIT = re.compile(r"\s+v\.\s+")
_PARTY_PREFIX = re.compile(r"^(?:In re|Ex parte|Matter of|People|State|United States|Commonwealth)\s*")
_NAME_WORDS = re.compile(r"[A-Za-z][\w'’-]+")
_BEFORE = re.compile(r"(?P<name>[A-Z][\w.'’&-]*(?: (?:v\.|[A-Z][\w.'’&-]*|of|the|&))*)" + _SUFFIX + r"*\s*,?\s*$")
_SIGNALS = re.compile(r"^(?:(?:See|see|Cf\.|cf\.|But|but|also|In|in|and|accord|Accord)\s+)+")


def case_name(text: str, pos: int) -> tuple[str | None, str | None, int]:
    """The case name (and a Style Manual year) printed just before a full cite: ``Marbury v. Madison, ``,
    ``Kwikset Corp. v. Superior Court (2011) ``, ``Anderson v. Liberty Lobby, Inc., ``. The name is clean — one
    space between words, ``v.`` between the parties, so that ``CaseMetadata.parties`` splits it. Returns
    (name, year, start)."""
    end, year = pos, None
    if text[max(0, pos - 12) : pos].rstrip().endswith(")") and (m := _STYLE_YEAR.search(text, max(0, pos - 12), pos)):
        end, year = m.start(), m.group("year")
    for width in (60, 160):  # the last stop before the name: most are near, so look there first
        lo = max(0, end - width)
        stops = list(_NAME_STOP.finditer(text, lo, end))
        if stops or lo == 0:
            break
    start = stops[-1].end() if stops else lo
    seg = text[start:end]
    if " v" not in seg and "In re" not in seg and "Ex parte" not in seg and "Matter of" not in seg:
        return None, year, pos
    n = _NAME.search(seg)
    if not n or "\n\n" in n.group("name"):
        return None, year, pos
    name = _VERSUS.sub(" v. ", _SPACES.sub(" ", n.group("name")).strip(" ,"), count=1)
    return name, year, start + n.start("name")


def short_name(name: str | None) -> str | None:
    """The word a later ``supra`` uses: the first party's first significant word."""
    if not name:
        return None
    parties = _PARTY_SPLIT.split(name)
    first = _PARTY_PREFIX.sub("", parties[0]) or parties[-1]
    words = _NAME_WORDS.findall(first)
    return words[0] if words else None


def supra_name(text: str, anchor: int) -> tuple[int, str | None]:
    """``Twombly, supra``: the name before ``supra`` and where it starts (signals such as ``See`` left out)."""
    before = _BEFORE.search(text, max(0, anchor - 80), anchor)
    if before is None:
        return anchor, None
    name = _SIGNALS.sub("", before.group("name"))
    if not name:
        return anchor, None
    return before.start("name") + len(before.group("name")) - len(name), name


def name_before(text: str, pos: int) -> str | None:
    """The name a short cite is printed after (``Piper Aircraft, 454 U.S. at 241``): eyecite's antecedent guess."""
    before = _BEFORE.search(text, max(0, pos - 60), pos)
    return _SIGNALS.sub("", before.group("name")) or None if before else None


# ---------------------------------------------------------------- the fast path

ASK_GRAMMAR = object()  # fast_case could not decide: parse with case.lark


@functools.cache
def _terminals() -> dict[str, str]:
    """``case.lark``'s terminal regexes by name: the fast path is assembled from them, so both read alike."""
    text = resources.files(__package__).joinpath("case.lark").read_text(encoding="utf-8")
    return {m["name"]: m["rx"] for m in re.finditer(r"^(?P<name>[A-Z]+)(?:\.\d+)?: /(?P<rx>.*)/$", text, re.M)}


@dataclass(frozen=True)
class _Fast:
    volume: re.Pattern
    first: re.Pattern   # the first reporter word
    word: re.Pattern    # the next reporter word, as the grammar reads it
    ref: re.Pattern     # volume, reporter, then a page or ", at" (a short cite)
    tail: re.Pattern    # ", 570" (a pin) or ", 89 S.Ct. 733" (a parallel reference)
    paren: re.Pattern
    bracket: re.Pattern  # "[1983]", "[2d Dept. 1907]": New York's year in brackets
    paren_token: re.Pattern
    id: re.Pattern      # "Id.", "Id. at 570", "(Id. at p. 651.)", "Ibid."
    supra: re.Pattern   # "supra", "supra, at 570"


@functools.cache
def _fast() -> _Fast:
    t = _terminals()
    # the next reporter word: after a space, a word that is not the AT keyword nor a roman page; glued to the word
    # before, only an ordinal ("Cal.4th"), so that a word is never split in two
    word = rf"(?:\s+(?!at\b)(?!(?:{t['ROMAN']})(?![\w.'’]))(?:{t['ORD']}|{t['PORD']}|{t['REPORTER']})|{t['ORD']})"
    ref = rf"(?P<vol>[1-9]\d{{0,4}})\s+(?P<rep>{t['REPORTER']}{word}{{0,8}}?)"
    page = r"(?:\s*,)?\s+(?P<page>\d+)(?![\w\[\-–—/])(?!\([AU]\))"  # "1 U.S., 1" (reporters-db's $full_cite)
    pin = r"\d+(?:\s*[-–—]\s*\d+)?(?:\s*nn?\.\s*\d+)?(?![\w\-–—])"  # "570", "610–14", "390 n.13"
    return _Fast(
        volume=re.compile(r"[1-9]\d{0,4}\s+"),
        first=re.compile(t["REPORTER"]),
        word=re.compile(word),
        ref=re.compile(rf"{ref}(?:{page}|\s*,?\s+at\s+(?:pp?\.\s*)?(?P<spin>{pin}))"),
        tail=re.compile(rf"\s*,\s*(?:(?P<pin>{pin})(?!\s*[A-Za-z&.'’])|{ref}{page})"),
        paren=re.compile(r"\s*\((?P<inner>[^()]{0,70})\)"),
        bracket=re.compile(r"\s*\[(?P<inner>[^\[\]]{0,70})\]"),
        paren_token=re.compile(rf"\s*(?:(?P<ORD>{t['ORD']})|(?P<NUMBER>\d+)(?![\w/])|(?P<REPORTER>{t['REPORTER']})"
                               r"|(?P<COMMA>,)|(?P<DASH>[-–—]))"),
        id=re.compile(rf"(?:{t['ID']})(?:\s*,?\s+at\s+(?:pp?\.\s*)?(?P<pin>{pin}))?"),
        supra=re.compile(rf"(?:{t['SUPRA']})(?:\s*,?\s*at\s+(?:pp?\.\s*)?(?P<pin>{pin}))?"))


# what the grammar could read on: after a comma a pin or a reference; a parenthesis, a bracket, a dash, a footnote
_GOES_ON = re.compile(r"\s*(?:,\s*(?:at\b|pp?\.|nn?\.|[\d*A-Z&.])|[(\[\-–—]|nn?\.)")
_PIN_GOES_ON = re.compile(r"\s*(?:[-–—]|nn?\.)")
# what may follow a reporter: a page, a short cite's "at", a parenthesis (a nominative reporter), a roman page
_AFTER_REPORTER = re.compile(r"\s*(?:,\s*)?(?:\d|at\b|\(|[ivxlc]+(?![\w.]))")


def plausible(text: str, pos: int) -> bool:
    """Whether the words after the volume at ``pos`` could be a reporter: each word read keeps them a prefix of some
    reporter in reporters-db (spaces ignored), up to a page, a parenthesis or a comma. Cheap; it keeps prose
    (``1983 Congress passed``, ``17 The court``) from the parser."""
    f = _fast()
    m = f.volume.match(text, pos)
    if m is None:
        return True  # neutral (2006-Ohio-2095) and page-first forms: the grammar decides
    w = f.first.match(text, m.end())
    if w is None:
        return True  # "2009 12345 (La.App. 1 Cir. 05/10/10)": the grammar decides
    if not starts_a_reporter(w.group()):
        return False  # (no_reporter: the same test)
    seen, at = w.group(), w.end()
    while (n := f.word.match(text, at)) is not None:
        nxt = seen + n.group().strip()
        if not starts_a_reporter(nxt):
            break
        seen, at = nxt, n.end()
    return bool(_AFTER_REPORTER.match(text, at))


def no_reporter(text: str, pos: int) -> bool:
    """Whether the word after the volume at ``pos`` starts no reporter (``Absatz 1 Satz 2``: most numbers in German
    prose), so that no case citation is read there: :func:`fast_case`'s reference would name a reporter that begins
    with that word (the reporter words hold no space, digit, comma or bracket, so the first one is the whole word;
    the tables' keys ignore spaces), which :func:`make_ref` rejects, and :func:`plausible` keeps the grammar from it.
    Cheaper than either."""
    f = _fast()
    m = f.volume.match(text, pos)
    w = f.first.match(text, m.end()) if m is not None else None
    return w is not None and not starts_a_reporter(w.group())


# a unit label of German or Swiss law just before the number: "Art. 12 Abs. 2", "§ 83 Abs. 2" ("Abs." is also a
# variant of the reporter "Ohio Law Abs."): the number is an article or paragraph, never a volume
_UNIT_LABEL_BEFORE = re.compile(r"(?:§§?|(?<![\w.])(?:Art|Abs|Ziff|Nr|Rn|Rz|lit|Bst)\."
                                r"|(?<![\w.])(?:Artikel|Absatz|Ziffer))"
                                r"\s*$")


def after_unit_label(text: str, pos: int) -> bool:
    """Whether the number at ``pos`` follows a German or Swiss unit label (``Art. 35 Abs. 2``): no volume."""
    return _UNIT_LABEL_BEFORE.search(text, max(0, pos - 10), pos) is not None


# reporter variants printed as a German unit label: "Abs." ("Ohio Law Abs.") is the only one of reporters-db's
# one-word variants found between two numbers in the German and Swiss statute and court texts of ../shared (3,583
# times; "VI" twice, as a roman numeral)
_GERMAN_LABELS = frozenset({"Abs.", "Abs"})


def dated(cite: Citation) -> bool:
    """Whether a case citation says its year or court (``(1954)``, ``(9th Cir. 2021)``, ``Kwikset Corp. v. Superior
    Court (2011)``)."""
    md = cite.metadata
    return isinstance(md, CaseMetadata) and bool(md.year or md.court)


def in_german(found: list[Citation], german_prose: bool) -> list[Citation]:
    """The case citations read at one volume that German prose may hold: in German-language text, or printed with a
    German unit label as their reporter (``83 Abs. 2``), only those that say their year or court — an undated
    ``83 Abs. 2`` is a paragraph, and no German writer cites an American case without its year."""
    if german_prose or any(isinstance(c.metadata, CaseMetadata) and c.metadata.reporter_printed in _GERMAN_LABELS
                           for c in found):
        return [c for c in found if dated(c)]
    return found


def fast_case(text: str, pos: int) -> Any:
    """The commonest shapes without Lark — ``550 U.S. 544, 570, 89 S.Ct. 733 (2007)``, ``550 U.S. at 570`` — built by
    the same builders as :class:`~legalcite.jurisdictions.us.grammar.CaseTransformer`, with the same result
    (``tests/us/test_cases.py`` checks both on the shared US texts); :data:`ASK_GRAMMAR` where the text goes on in
    a way only the grammar reads (star pins, nominative reporters, brackets, neutral forms …). It reads the window the
    grammar reads (:data:`WINDOW` characters): a chain of parallel references goes no further than the grammar's,
    and each of its citations lists the others (``parallel``), so that an endless chain (``123 F.3d 456, 123 F.3d
    456, …``) is read a window at a time, not as one chain whose every citation lists all the others."""
    return _fast_case(text[pos : pos + WINDOW])


def _fast_case(text: str, pos: int = 0) -> Any:
    f = _fast()
    m = f.ref.match(text, pos)
    if m is None:
        return ASK_GRAMMAR
    try:
        if m["spin"] is not None:
            if _PIN_GOES_ON.match(text, m.end()):
                return ASK_GRAMMAR
            return make_short(m["vol"], _words_of(m, pos), 0, Pin(_nospace(m["spin"]), m.end() - pos))
        parts: list[Any] = [make_ref("vref", m["vol"], _words_of(m, pos), m["page"], 0, m.end("page") - pos)]
    except Reject:
        return None
    at = m.end()
    while (t := f.tail.match(text, at)) is not None:
        if t["pin"] is not None:
            parts.append(Pin(_nospace(t["pin"]), t.end() - pos))
        else:
            try:
                parts.append(make_ref("vref", t["vol"], _words_of(t, pos), t["page"], t.start("vol") - pos,
                                      t.end() - pos))
            except Reject:
                return ASK_GRAMMAR
        at = t.end()
    # one parenthetical ends the citation; one that is no court and year ("(citing …)", "(rejecting the argument
    # …)", too long, nested) ends it before the parenthesis, in the grammar as here
    ahead = text[at : at + 12].lstrip()
    if ahead.startswith("("):
        if (p := f.paren.match(text, at)) is not None:
            _add_paren(parts, text, pos, p, ("ORD", "NUMBER", "REPORTER", "COMMA", "DASH"))
        return make_full(parts)
    if ahead.startswith("["):
        if ahead[1:].lstrip()[:1].isdigit():
            # "[120 Cal.Rptr.3d 741]" (a bracketed parallel cite) or "[1983]": the grammar reads both
            return ASK_GRAMMAR
        if (p := f.bracket.match(text, at)) is not None:
            _add_paren(parts, text, pos, p, ("ORD", "NUMBER", "REPORTER"))
        return make_full(parts)
    if _GOES_ON.match(text, at):
        return ASK_GRAMMAR
    return make_full(parts)


def _add_paren(parts: list[Any], text: str, pos: int, p: re.Match, kinds: tuple[str, ...]) -> None:
    """The parenthetical ``p`` as the grammar reads it (its words, the year last), when it is a court and year."""
    tokens, i = [], p.start("inner")
    while i < p.end("inner") and (tok := _fast().paren_token.match(text, i, p.end("inner"))) is not None:
        if tok.lastgroup not in kinds:
            return
        tokens.append((tok.lastgroup, tok[tok.lastgroup], tok.start(tok.lastgroup) - pos, tok.end() - pos))
        i = tok.end()
    if tokens and tokens[-1][0] == "NUMBER" and not text[i : p.end("inner")].strip():
        try:
            parts.append(make_paren(tokens[:-1], tokens[-1][1], p.end() - pos))
        except Reject:
            pass


def fast_id(text: str, pos: int) -> Any:
    """``Id.``, ``Id. at 570``: the grammar's :class:`IdCite` without Lark, or :data:`ASK_GRAMMAR` (``Id. § 1988``,
    ``Id. at 5 n. 3``)."""
    m = _fast().id.match(text, pos)
    if m is None or (m["pin"] and _PIN_GOES_ON.match(text, m.end())):
        return ASK_GRAMMAR
    if m["pin"] is None and (g := _ID_GOES_ON.match(text, m.end())):
        if g.group().endswith("§"):
            return NOTHING
        if _ID_PIN_AHEAD.match(text, m.end()):
            return ASK_GRAMMAR
        # "Id. at Id. at …": no pin can follow "at" (the grammar's pinval starts with a star or a number), so the
        # grammar reads "Id." alone, as here
    return IdCite(None, m.end() - pos) if m["pin"] is None else IdCite(_nospace(m["pin"]), m.end() - pos)


_ID_GOES_ON = re.compile(r"\s*(?:,\s*)?(?:§|at\b)")
_ID_PIN_AHEAD = re.compile(r"\s*(?:,\s*)?at\s*(?:pp?\.\s*)?[*\d]")
_SUPRA_GOES_ON = re.compile(r"\s*(?:,\s*)?(?:at\b|\d)")
_SUPRA_NOTE = re.compile(r"supra\s+note\b")


def fast_supra(text: str, pos: int) -> Any:
    """``supra``, ``supra, at 570``, ``supra note 5``: the grammar's result without Lark, or :data:`ASK_GRAMMAR`
    (``supra, 13 Cal.App.5th at 1146``)."""
    if _SUPRA_NOTE.match(text, pos):
        return NOTHING
    m = _fast().supra.match(text, pos)
    if m is None:
        return ASK_GRAMMAR
    if m["pin"] is None:
        return ASK_GRAMMAR if _SUPRA_GOES_ON.match(text, m.end()) else Supra(None, None, m.end() - pos)
    if _PIN_GOES_ON.match(text, m.end()):
        return ASK_GRAMMAR
    return Supra(_nospace(m["pin"]), None, m.end() - pos)


def _nospace(pin: str) -> str:
    return _SPACES.sub("", pin)


def _words_of(m: re.Match, pos: int) -> Words:
    return Words(_SPACES.sub(" ", m["rep"]), m.start("rep") - pos, m.end("rep") - pos)
