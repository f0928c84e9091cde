"""United States, federal: statutes (``42 U.S.C. § 1983``), regulations (``12 C.F.R. § 1026.18``), the
federal rules (``Fed. R. Civ. P. 12(b)(6)``), the Constitution (``U.S. Const. art. I, § 8, cl. 3``,
``the Fourteenth Amendment``), and cases in every reporter of reporters-db (``5 U.S. 137``,
``51 Cal. 4th 310`` — California reporters get jurisdiction ``us-ca``), with their short forms
(``Id.``, ``Ibid.``, ``supra``, ``550 U.S. at 570``, ``§ 1671(b)``, ``Rule 56``), bound in :mod:`.link`.

How a citation becomes a key:
1. the scanner stops at one of the cheap anchors in :data:`ANCHOR` (a number before a capital letter, ``§``,
   ``Id.``, ``supra``, ``Fed. R.``, ``Const.``, ``Amendment``);
2. a volume/title number is followed by ``U.S.C.`` / ``C.F.R.`` (statute) or by a reporter abbreviation,
   looked up in reporters-db (:mod:`legalcite.jurisdictions.us_common.reporters`);
3. the section/rule chain after a work name (``§§ 1981–1983``, ``1030(a)(2)(C)``, ``56(a)``) is parsed by
   ``us_common/units.lark`` (:func:`~legalcite.jurisdictions.us_common.chain.parse_chain`, shared with
   California).
"""
from __future__ import annotations

import functools
import re
from typing import Sequence

from legalcite.core.data import load
from legalcite.core.scan import Context
from legalcite.jurisdictions.us_common.chain import chain_citations, const_units, parse_chain, section_expander
from legalcite.jurisdictions.us_common.reporters import Edition, lookup_reporter
from legalcite.keys import numeral_value, ordinal_to_int
from legalcite.models import CaseMetadata, Citation, Form, Kind, Span, Unit

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
        if m.group("at"):
            out.append(Citation(
                jurisdiction=None, kind=Kind.CASE, work=None, span=Span(s, m.end()), text=text[s : m.end()],
                pin=m.group("page"), form=Form.SHORT,
                metadata=CaseMetadata(volume=m.group("vol"), reporter=ed.abbr, reporter_printed=m.group("rep"))))
            continue
        if year:
            ed = lookup_reporter(m.group("rep"), int(year)) or ed
        parallel = tuple(f"{g[0].group('vol')} {g[1].abbr} {g[0].group('page')}" for j, g in enumerate(group)
                         if j != i) if len(group) > 1 else ()
        metadata = CaseMetadata(
            volume=m.group("vol"), reporter=ed.abbr, reporter_printed=m.group("rep"), year=year,
            court=court if court and not re.fullmatch(r"[\d\s,]*", court) else None,
            case_name=name, nominative=m.group("nom"), parallel=parallel)
        link = {"short_name": _short_name(name)} if name else {}
        if len(group) > 1:
            link["parallel_index"] = i
        units = (Unit("", m.group("vol")), Unit("", ed.segment), Unit("", m.group("page")))
        out.append(Citation(jurisdiction=ed.jurisdiction, kind=Kind.CASE, work="case", units=units, span=Span(s, e),
                            text=text[s:e], pin=", ".join(pins) or None, metadata=metadata, _link=link))
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
_AMEND_BEFORE = re.compile(r"(?P<ord>(?:Twenty-)?[A-Z][a-z]+)\s+$")
_AMEND_AFTER = re.compile(r"Amendment(?:\s+(?P<num>[IVX]+\b|\d{1,2}\b))?")

@functools.cache
def _usc_expander(title: str):
    """Ranges in a U.S. Code title run over the sections the Code lists (``§§ 2000e–2000e-17``: 18 sections)."""
    return section_expander(load(__package__, "usc.json.gz")["titles"].get(title) or [])


def _usc_cfr(text: str, pos: int, m: re.Match, work: str) -> list[Citation]:
    chain = parse_chain(text, m.end(), expand=_usc_expander(m.group("title")) if work == "usc" else None)
    if chain is None:
        return []
    return chain_citations(text, pos, chain, "us", work, (Unit("t", m.group("title")),), "s")


def _rules(text: str, pos: int) -> list[Citation]:
    m = _RULE.match(text, pos)
    if m is None:
        sm = _RULE_SHORT.match(text, pos)
        chain = parse_chain(text, sm.end()) if sm else None
        if chain is None:
            return []
        return chain_citations(text, pos, chain, None, None, (), "r", link={"rule_short": True}, form=Form.SHORT)
    key = next(k for k, v in m.groupdict().items() if v)
    work = _RULE_WORK[m.group("abbr")] if key == "abbr" else _RULE_WORK[key.rstrip("2")]
    chain = parse_chain(text, m.end())
    if chain is None:
        return []
    return chain_citations(text, pos, chain, "us", work, (), "r")

def _const(text: str, pos: int) -> list[Citation]:
    m = _CONST.match(text, pos)
    if m is None:
        return []
    if not m.group("num"):
        if not re.match(r"U\.\s?S\.\s?Const", m.group()):
            return []
        end = pos + len(m.group().rstrip(" ,"))
        return [Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", span=Span(pos, end), text=text[pos:end])]
    units = const_units(m.group("art"), m.group("amend"), m.group("num"), m.group("sec"), m.group("cl"))
    return [Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", units=units, span=Span(pos, m.end()),
                     text=text[pos:m.end()])]


def _amendment(text: str, pos: int) -> list[Citation]:
    """``the Fourteenth Amendment`` / ``Amendment XIV`` → ``us/const/amend14``."""
    before = _AMEND_BEFORE.search(text, max(0, pos - 24), pos)
    n = ordinal_to_int(before.group("ord")) if before else None
    if n is not None and n <= 27:
        start, end = before.start(), pos + len("Amendment")
    else:
        after = _AMEND_AFTER.match(text, pos)
        if not (after and after.group("num")):
            return []
        n, start, end = int(numeral_value(after.group("num"))), pos, after.end()
    if not 1 <= n <= 27:
        return []
    return [Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", units=(Unit("amend", str(n)),),
                     span=Span(start, end), text=text[start:end], _link={"prose": True})]


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
    return [Citation(jurisdiction=None, kind=Kind.CASE, work=None, span=Span(pos, end), text=text[pos:end],
                     pin=m.group("pin"), form=Form.ID, _link={"id": True})]


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
    volume = reporter = None
    if pin is None:
        nxt = re.match(r"\s*,\s*", text[end : end + 4])
        if nxt:
            cm = _CASE.match(text, end + nxt.end())
            if cm and cm.group("at") and (ed := lookup_reporter(cm.group("rep"))):
                pin = cm.group("page")
                volume, reporter = cm.group("vol"), ed.abbr
                end = cm.end()
    start = before.end("name") - len(name)
    metadata = CaseMetadata(antecedent_guess=_short_name(name) or name, case_name=name, volume=volume,
                            reporter=reporter)
    return [Citation(jurisdiction=None, kind=Kind.CASE, work=None, span=Span(start, end), text=text[start:end],
                     pin=pin, form=Form.SUPRA, metadata=metadata)]


def _short_section(text: str, pos: int) -> list[Citation]:
    """``§ 1671(b)``, ``section 1542``, ``§§ 1981–1983``: a section whose code the context supplies."""
    chain = parse_chain(text, pos)
    if chain is None or not re.match(r"§|[Ss]ec", text[pos:]):
        return []
    return chain_citations(text, pos, chain, None, None, (), "s", link={"section_short": True}, form=Form.SHORT)


# ---------------------------------------------------------------- the extractor

class USExtractor:
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

