"""United States, federal: statutes (``42 U.S.C. § 1983``), regulations (``12 C.F.R. § 1026.18``), the
federal rules (``Fed. R. Civ. P. 12(b)(6)``), the Constitution (``U.S. Const. art. I, § 8, cl. 3``,
``the Fourteenth Amendment``), and cases in every reporter of reporters-db (``5 U.S. 137``,
``51 Cal. 4th 310`` — California reporters get jurisdiction ``us-ca``), with their short forms
(``Id.``, ``Ibid.``, ``supra``, ``550 U.S. at 570``, ``§ 1671(b)``, ``Rule 56``), bound in :mod:`.link`.

How a citation becomes a key:
1. the scanner stops at one of the cheap anchors in :data:`ANCHOR` (a number before a capital letter, a year and a
   dash, ``§``, ``Id.``, ``supra``, ``Fed. R.``, ``Const.``, ``Amendment``);
2. a volume/title number is followed by ``U.S.C.`` / ``C.F.R.`` (statute) or by a case citation: ``case.lark``
   (through :func:`~legalcite.jurisdictions.us.cases.fast_case` for the commonest shapes), its reporter looked up
   in reporters-db and checked against the edition's formats (:mod:`legalcite.jurisdictions.us_common.reporters`);
3. the section/rule chain after a work name (``§§ 1981–1983``, ``1030(a)(2)(C)``, ``56(a)``) is parsed by
   ``us_common/units.lark`` (:func:`~legalcite.jurisdictions.us_common.chain.parse_chain`, shared with
   California), constitution units by ``us_common/const.lark``.
"""
from __future__ import annotations

import functools
import re
from typing import Any, Sequence

from legalcite.core.data import load
from legalcite.core.scan import Context, Extractor
from legalcite.jurisdictions.us_common.chain import (chain_citations, foreign_law_after, german_prose, parse_chain,
                                                     parse_constitution, section_expander)
from legalcite.jurisdictions.us.cases import (ASK_GRAMMAR, Supra, after_unit_label, citations, fast_case, fast_id,
                                              fast_supra, in_german, no_reporter, plausible, supra_citation)
from legalcite.jurisdictions.us_common.reporters import year_page_starts
from legalcite.keys import numeral_value, ordinal_to_int
from legalcite.models import Citation, Form, Kind, Span, Unit

# ---------------------------------------------------------------- anchors (cheap, compiled once by scan)

# a volume or title (cases, U.S.C., C.F.R.); a year and a dash (2006-Ohio-2095; T.C. Memo. 2019-233, read at its year);
# a volume and a page before the reporter in parentheses (2009 12345 (La.App. 1 Cir. 05/10/10))
_A_NUMBER = (r"(?<![\w.$/§-])(?:[1-9]\d{0,4}(?:\s+(?=[A-Z])|[- ]\d{2,5}[A-Z]?\s+\((?=[A-Z]))"
             r"|(?:1[789]|20)\d\d-(?=[A-Z\d]))")
_A_ID = r"(?<![\w.])(?:[Ii]d\.|[Ii]bid\b\.?)"
_A_SUPRA = r"(?<![\w])supra\b"
_A_SECTION = r"§§?(?=\s*\d)|(?<![\w])(?:[Ss]ections?|[Ss]ecs?\.)(?=\s*\d)"  # a § with no number is no anchor
_A_RULE = r"(?<![\w.])(?:Fed\.\s?R\.|FRCP\b|FRCrP\b|FRE\b|FRAP\b|Federal\s+Rules?\s+of\b|Rules?\s+(?=\d))"
_A_CONST = r"(?<![\w.])(?:U\.\s?S\.\s?Const\b|(?:United\s+States|U\.\s?S\.)\s+Constitution\b)"
_A_AMEND = r"(?<![\w])Amendment\b"
# One leading character test first: the scanner ORs every jurisdiction's anchor into one pattern that is tried at
# every position, so a branch that fails on its first character keeps the whole scan fast. The anchors that start
# with a lowercase letter (``id.``, ``supra``, ``section 1``) are literals, found by ``str.find`` (core.scan): a
# lowercase letter in the union's first set would stop the scan at every fifth character of prose. Together they
# match what _A_ID, _A_SUPRA and _A_SECTION match (tests/us/test_extract.py).
# (first characters, pattern): the scan's union tests each behind its own first characters (core.scan)
ANCHOR_PARTS = (("1-9", _A_NUMBER), ("I", r"(?<![\w.])(?:Id\.|Ibid\b\.?)"),
                ("§S", r"§§?(?=\s*\d)|(?<![\w])(?:Sections?|Secs?\.)(?=\s*\d)"), ("FR", _A_RULE), ("U", _A_CONST),
                ("A", _A_AMEND))
ANCHOR = "(?=[1-9§SIFRUA])(?:%s)" % "|".join(rx for _, rx in ANCHOR_PARTS)
LITERALS = ("id.", "ibid", "supra", "sec")
LITERAL_ANCHOR = r"(?<![\w.])(?:id\.|ibid\b\.?)|(?<![\w])(?:supra\b|(?:sections?|secs?\.)(?=\s*\d))"


# ---------------------------------------------------------------- cases (us/case.lark, built by grammar.py)

_YEAR_DASH = re.compile(r"(?:1[789]|20)\d\d-\d")


def _read(text: str, pos: int, fast: Any = None, gate: Any = None) -> Any:
    """The parse result at ``pos``: ``fast`` (the fast path for the commonest shapes) when it decides, else
    ``case.lark`` — asked only when ``gate`` (a cheap test) lets it."""
    result = ASK_GRAMMAR if fast is None else fast(text, pos)
    if result is ASK_GRAMMAR:
        if gate is not None and not gate(text, pos):
            return None
        from legalcite.jurisdictions.us.grammar import parse_case

        result = parse_case(text, pos)
    return result


def _cases(text: str, pos: int, ctx: Context) -> list[Citation]:
    """A full or short case citation at ``pos`` (its volume), with pins, parallel cites, parenthetical, case name;
    in German prose only one that says its year or court (:func:`~legalcite.jurisdictions.us.cases.in_german`)."""
    if no_reporter(text, pos) or after_unit_label(text, pos):
        return []  # what both paths would find, told cheaply; "Art. 35 Abs. 2" is no volume and reporter
    found = citations(text, pos, _read(text, pos, fast_case, plausible))
    return in_german(found, german_prose(ctx)) if found else found


def _year_page(text: str, pos: int) -> list[Citation]:
    """``T.C. Memo. 2019-233``: the reporter is the words before the year (``pos``); formats say which it may be."""
    for start in year_page_starts(text, pos):
        if (result := _read(text, start)) is not None:
            return citations(text, start, result)
    return []


def _id(text: str, pos: int) -> list[Citation]:
    """``Id.``, ``Id. at 570``, ``(Id. at p. 651.)``, ``Ibid.``; in ``Id. § 1988`` the section is the citation
    (a short form bound to the statute in scope), so ``Id.`` itself yields nothing."""
    return citations(text, pos, _read(text, pos, fast_id))


def _supra(text: str, pos: int) -> list[Citation]:
    result = _read(text, pos, fast_supra)
    return supra_citation(text, pos, result) if isinstance(result, Supra) else []


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
_CONST = re.compile(r"(?:U\.\s?S\.\s?Const\.?|(?:United\s+States|U\.\s?S\.)\s+Constitution)\s*,?\s*")
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
    """``U.S. Const. art. I, § 8, cl. 3``: the name, then its units through ``us_common/const.lark``; the name alone
    (``U.S. Const.``) is the work."""
    m = _CONST.match(text, pos)
    if m is None:
        return []
    parsed = parse_constitution(text, m.end())
    if parsed is None:
        if not text.startswith(("U.S.", "U. S."), pos) or "Constitution" in m.group():
            return []
        end = pos + len(m.group().rstrip(" ,"))
        return [Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", span=Span(pos, end), text=text[pos:end])]
    units, end = parsed
    return [Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", units=units, span=Span(pos, end),
                     text=text[pos:end])]


def _amendment(text: str, pos: int) -> list[Citation]:
    """``the Fourteenth Amendment`` / ``Amendment XIV`` → ``us/const/amend14``."""
    before = _AMEND_BEFORE.search(text, max(0, pos - 24), pos)
    n = ordinal_to_int(before.group("ord")) if before else None
    if n is not None and n <= 27:
        start, end = before.start(), pos + len("Amendment")
    else:
        after = _AMEND_AFTER.match(text, pos)
        value = numeral_value(after.group("num")) if after and after.group("num") else ""
        if not value.isdigit():  # none, or no numeral ("Amendment IIII")
            return []
        n, start, end = int(value), pos, after.end()
    if not 1 <= n <= 27:
        return []
    return [Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", units=(Unit("amend", str(n)),),
                     span=Span(start, end), text=text[start:end], _link={"prose": True})]


# ---------------------------------------------------------------- short forms

def _short_section(text: str, pos: int, ctx: Context) -> list[Citation]:
    """``§ 1671(b)``, ``section 1542``, ``§§ 1981–1983``: a section whose code the context supplies (not in German
    prose: :func:`~legalcite.jurisdictions.us_common.chain.german_prose`)."""
    if german_prose(ctx):
        return []
    chain = parse_chain(text, pos)
    if chain is None or not text.startswith(("§", "Sec", "sec"), pos) or foreign_law_after(text, chain.end):
        return []
    return chain_citations(text, pos, chain, None, None, (), "s", link={"section_short": True}, form=Form.SHORT)


# ---------------------------------------------------------------- the extractor

class USExtractor(Extractor):
    anchor = ANCHOR
    anchor_parts = ANCHOR_PARTS
    literals = LITERALS
    literal_anchor = LITERAL_ANCHOR
    literals_not_in = {"de": LITERALS}  # English words: German prose cites nothing with them

    def quiet(self, ctx: Context) -> str:
        """Where it reads nothing in this document (core.scan): at ``§`` and ``Section`` (a short section) in German
        prose, where :func:`_short_section` leaves the section to the German extractor."""
        return "§S" if german_prose(ctx) else ""

    def extract(self, text: str, anchor: re.Match, ctx: Context) -> Sequence[Citation]:
        pos = anchor.start()
        ch = text[pos]
        if ch.isdigit():
            if (m := _USC.match(text, pos)) is not None and (found := _usc_cfr(text, pos, m, "usc")):
                return found
            if (m := _CFR.match(text, pos)) is not None and (found := _usc_cfr(text, pos, m, "cfr")):
                return found
            if _YEAR_DASH.match(text, pos):
                return _year_page(text, pos)
            return _cases(text, pos, ctx)
        if ch == "§" or ch in "Ss" and text.startswith(("ec", "ect"), pos + 1):
            return _short_section(text, pos, ctx)
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

