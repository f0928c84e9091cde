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
from legalcite.jurisdictions.us_common.chain import (WINDOW, chain_citations, foreign_law_after, german_prose,
                                                     parse_chain, parse_constitution, section_expander)
from legalcite.jurisdictions.us.cases import (ASK_GRAMMAR, Supra, after_unit_label, blank_page, citations, fast_case,
                                              fast_id, fast_supra, in_german, no_reporter, plausible,
                                              reporterless_short, supra_citation)
from legalcite.jurisdictions.us_common.reporters import year_page_starts
from legalcite.keys import numeral_value, ordinal_to_int
from legalcite.models import Citation, Form, Kind, Span, Unit

# ---------------------------------------------------------------- anchors (cheap, compiled once by scan)

# a volume or title (cases, U.S.C., C.F.R.); a year and a dash (2006-Ohio-2095; T.C. Memo. 2019-233, read at its year);
# a volume and a page before the reporter in parentheses (2009 12345 (La.App. 1 Cir. 05/10/10))
_A_NUMBER = (r"(?<![\w.$/§-])(?:[1-9]\d{0,4}(?:\s+(?=[A-Z])|[- ]\d{2,5}[A-Z]?\s+\((?=[A-Z])|\s+(?=at\s+\d))"
             r"|(?:1[789]|20)\d\d-(?=[A-Z\d]))")
_A_ID = r"(?<![\w.])(?:[Ii]d\.|[Ii]bid\b\.?)"
_A_SUPRA = r"(?<![\w])supra\b"
_A_SECTION = r"§§?(?=\s*\d)|(?<![\w])(?:[Ss]ections?|[Ss]ecs?\.)(?=\s*\d)"  # a § with no number is no anchor
_A_RULE = r"(?<![\w.])(?:Fed\.\s?R\.|FRCP\b|FRCrP\b|FRE\b|FRAP\b|Federal\s+Rules?\s+of\b|Rules?\s+(?=\d))"
_A_CONST = r"(?<![\w.])(?:U\.\s?S\.\s?Const\b|(?:United\s+States|U\.\s?S\.)\s+Constitution\b)"
_A_AMEND = r"(?<![\w])Amendments?\b"
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
_AT = re.compile(r"\d+\s*")  # the volume before a short cite's "at" (a reporterless one: "Driehaus, 573 at 164")


def _read(text: str, pos: int, fast: Any = None, gate: Any = None) -> Any:
    """The parse result at ``pos``: ``fast`` (the fast path for the commonest shapes) when it decides, else
    ``case.lark`` — asked only when ``gate`` (a cheap test) lets it."""
    result = ASK_GRAMMAR if fast is None else fast(text, pos)
    if result is ASK_GRAMMAR:
        if gate is not None and not gate(text, pos):
            return None
        from legalcite.jurisdictions.us.grammar import parse_case  # start-up: kept off `legalcite extract`

        result = parse_case(text, pos)
    return result


def _cases(text: str, pos: int, ctx: Context) -> list[Citation]:
    """A full or short case citation at ``pos`` (its volume), with pins, parallel cites, parenthetical, case name;
    a slip opinion's ``603 U.S. ___``; in German prose only one that says its year or court
    (:func:`~legalcite.jurisdictions.us.cases.in_german`)."""
    if no_reporter(text, pos) or after_unit_label(text, pos):
        return []  # what both paths would find, told cheaply; "Art. 35 Abs. 2" is no volume and reporter
    found = citations(text, pos, _read(text, pos, fast_case, plausible))
    if not found and "___" in text[pos : pos + 40]:
        found = blank_page(text, pos)
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

_USC = re.compile(r"(?P<title>[1-9]\d{0,2})\s+(?:U\.\s?S\.\s?C\.?(?:\s?A\.?)?|USCA?\b)"
                  r"(?:\s+(?:app\.|Supp\.\s*[IVX]*))?\s*")
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
# the numbers the federal rules have (Fed. R. Civ. P. 4.1, 23.1; Fed. R. Evid. 1101): "Rule 10b-5" is the SEC's
_FEDERAL_RULE_NUMBER = re.compile(r"\d{1,4}(?:\.\d{1,2})?")
_CONST = re.compile(r"(?:U\.\s?S\.\s?Const\b\.?|(?:United\s+States|U\.\s?S\.)\s+Constitution)\s*,?\s*")
# an amendment's ordinal before "Amendment(s)": "Fourteenth", "Twenty-First", "14th"; the list ends at the anchor,
# possibly across a quotation's ellipsis ("the First ... Amendment[ ]")
_ORDINAL = r"(?<![\w-])(?:[A-Z][a-z]+(?:-[A-Z][a-z]+)?|[1-9]\d?(?:st|nd|rd|th))"
_AMEND_LAST = re.compile(rf"(?P<ord>{_ORDINAL})(?:\s+(?:\.\s?\.\s?\.|…))?\s+$")
# an earlier member of the list: "First, Fifth, and " / "First and " / "8th & "
_AMEND_MORE = re.compile(rf"(?P<ord>{_ORDINAL})(?:\s*,\s*(?:(?:and|or|&)\s+)?|\s+(?:and|or|&)\s+)$")
_AMEND_AFTER = re.compile(r"Amendments?(?:\s+(?P<num>[IVX]+\b|\d{1,2}\b))?")
# "… Amendment to the United States Constitution": the federal one, part of the citation; an amendment to a state's
# constitution ("to the Nebraska Constitution", "to the Constitution of Illinois") is not the federal one
_AMEND_TO = re.compile(r"\s+(?:to|of)\s+the\s+(?:(?P<fed>United\s+States|U\.\s?S\.|[Ff]ederal)\s+"
                       r"|(?P<other>(?:[A-Z][\w.]*\s+){1,3}))?Constitution\b"
                       r"(?:\s+of\s+(?:(?P<us>the\s+United\s+States)\b|(?P<state>[A-Z]|the\s+State)))?")


def _ordinal(word: str) -> int | None:
    """``Fourteenth`` / ``14th`` → 14; None for a word that is no ordinal."""
    if word[0].isdigit():
        return int(word[:-2])
    return ordinal_to_int(word)


@functools.cache
def _usc_expander(title: str):
    """Ranges in a U.S. Code title run over the sections the Code lists (``§§ 2000e–2000e-17``: 18 sections)."""
    return section_expander(load(__package__, "usc.json.gz")["titles"].get(title) or [])


# a section sign lost in a conversion: U+FFFD where "§" / "§§" stood ("38 C.F.R. � 4.130", "38 U.S.C. �� 1155")
_LOST_SECTION_SIGN = re.compile(r"\ufffd{1,2}(?=\s*\d)")


def _usc_cfr(text: str, pos: int, m: re.Match, work: str) -> list[Citation]:
    """``42 U.S.C. § 1983``, ``12 C.F.R. §§ 1026.18, 1026.19``. Between a title's code and its section only a
    section sign can stand, so a replacement character there is read as the § it replaced."""
    expand = _usc_expander(m.group("title")) if work == "usc" else None
    if (lost := _LOST_SECTION_SIGN.match(text, m.end())) is None:
        chain = parse_chain(text, m.end(), expand=expand)
    else:  # the chain read in a window where the sign is back (one character for one: the spans hold)
        window = text[pos:lost.start()] + "§" * len(lost.group()) + text[lost.end():lost.end() + 2 * WINDOW]
        chain = parse_chain(window, m.end() - pos, expand=expand)
        chain = chain and chain.shifted(pos)
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
        if named_work_before(text, pos) or _WORK_AFTER.match(text, chain.end) is not None:
            link = {"rule_short": True, "other_work": True}  # "Supreme Court Rule 402": that court's rules now
        elif not _FEDERAL_RULE_NUMBER.fullmatch(chain.refs[0].path[0]):
            link = {"rule_short": True, "no_federal_rule": True}  # "Rule 10b-5" (the SEC's) between FRCP cites
        else:
            link = {"rule_short": True}
        return chain_citations(text, pos, chain, None, None, (), "r", form=Form.SHORT, link=link)
    key = next(k for k, v in m.groupdict().items() if v)
    work = _RULE_WORK[m.group("abbr")] if key == "abbr" else _RULE_WORK[key.rstrip("2")]
    chain = parse_chain(text, m.end())
    if chain is None:
        return []
    return chain_citations(text, pos, chain, "us", work, (), "r")


# "article I, § 10, of the U.S. Constitution", "Article III of the United States Constitution": the units first
_ARTICLE_BEFORE = re.compile(r"(?<![\w.])[Aa]rt(?:icle|\.)\s+(?:[IVXL]+|\d+)\b")
_OF_THE_CONSTITUTION = re.compile(r"\s*,?\s+of\s+the\s+(?:(?:U\.\s?S\.|United\s+States|[Ff]ederal)\s+Constitution\b"
                                  r"|Constitution\s+of\s+the\s+United\s+States\b)")


def _const_units_before(text: str, start: int, end: int) -> list[Citation]:
    """``article I, § 10, of the U.S. Constitution``: the units from ``start`` (``article``) and the federal
    Constitution named after them; [] when it is not named there or the units do not reach ``end``."""
    parsed = parse_constitution(text, start)
    after = _OF_THE_CONSTITUTION.match(text, parsed[1]) if parsed is not None and parsed[1] >= end else None
    if after is None:
        return []
    return [Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", units=parsed[0],
                     span=Span(start, after.end()), text=text[start:after.end()])]


def _const(text: str, pos: int) -> list[Citation]:
    """``U.S. Const. art. I, § 8, cl. 3``: the name, then its units through ``us_common/const.lark``; the name alone
    (``U.S. Const.``) is the work; ``Article III of the U.S. Constitution``: the units before the name."""
    m = _CONST.match(text, pos)
    if m is None:
        return []
    parsed = parse_constitution(text, m.end())
    if parsed is None:
        art = list(_ARTICLE_BEFORE.finditer(text, max(0, pos - 40), pos))
        if art and (found := _const_units_before(text, art[-1].start(), art[-1].end())) and \
                found[0].span.end >= pos + len("Constitution"):
            return found
        if not text.startswith(("U.S.", "U. S."), pos) or "Constitution" in m.group():
            return []
        end = pos + len(m.group().rstrip(" ,"))
        return [Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", span=Span(pos, end), text=text[pos:end])]
    units, end = parsed
    return [Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", units=units, span=Span(pos, end),
                     text=text[pos:end])]


def _amendment(text: str, pos: int) -> list[Citation]:
    """``the Fourteenth Amendment``, ``the First and Fourteenth Amendments`` (one citation per amendment),
    ``the 8th and 14th Amendments to the U.S. Constitution``, ``the First ... Amendment`` (a quotation's ellipsis),
    ``Amendment XIV`` → ``us/const/amend14``. An amendment to a state's constitution is none of them."""
    window = max(0, pos - 120)
    last = _AMEND_LAST.search(text, window, pos)
    n = _ordinal(last.group("ord")) if last else None
    if n is not None and 1 <= n <= 27:
        found = [(n, last.start(), None)]
        head = last.start()
        while (more := _AMEND_MORE.search(text, window, head)) is not None:
            m = _ordinal(more.group("ord"))
            if m is None or not 1 <= m <= 27:
                break
            found.append((m, more.start(), more.start("ord") + len(more.group("ord"))))
            head = more.start()
        end = _AMEND_AFTER.match(text, pos).end()
    else:
        after = _AMEND_AFTER.match(text, pos)
        value = numeral_value(after.group("num")) if after.group("num") else ""
        if not value.isdigit():  # none, or no numeral ("Amendment IIII")
            return []
        n, end = int(value), after.end()
        if not 1 <= n <= 27:
            return []
        found = [(n, pos, None)]
    if (to := _AMEND_TO.match(text, end)) is not None:
        if to.group("other") or to.group("state"):
            return []  # "the Fourteenth Amendment to the Nebraska Constitution"
        end = to.end()
    out = []
    for num, start, stop in reversed(found):
        stop = end if stop is None else stop
        out.append(Citation(jurisdiction="us", kind=Kind.STATUTE, work="const", units=(Unit("amend", str(num)),),
                            span=Span(start, stop), text=text[start:stop], _link={"prose": True}))
    return out


# ---------------------------------------------------------------- short forms

# What stands just before a bare "§ 1441" / "Rule 12" that leaves it to the code (rule set) in scope: a signal, a
# preposition, "Id." — or punctuation, a table's "|", a list's "-", a sentence's end. Any other name there is the
# work the section belongs to ("N.C. Gen. Stat. § 163-230.2", "3 L.P.R.A. § 761", "OCGA § 51-12-12", "FLSA § 7",
# "Restatement (Second) of Torts § 402A", "Stats. 2014, ch. 249, § 2", "Wright & Miller, supra, § 1357").
_LEAVES_TO_SCOPE = frozenset({
    "see", "cf", "but", "compare", "accord", "contra", "also", "and", "or", "nor", "under", "in", "of", "to", "at",
    "by", "with", "per", "from", "pursuant", "id", "ibid", "both", "either", "neither", "only", "unlike", "like",
    "via", "citing", "quoting", "section", "sections"})
_TOKEN_BEFORE = re.compile(r"(?:^|(?<=\s))(?P<tok>\S+)[ \t]*\Z")  # the word before, on the same line
_NUMBER = re.compile(r"\d[\d.:–—-]*[A-Za-z]?")
_ROMAN = re.compile(r"[IVXLC]+")
_CLOSERS = "\"'“”‘’*_"  # closing quotes and emphasis after a word
# "… of the Texas Uniform Commercial Code", "of PROMESA", "of article I": another work's section ("of this title",
# "of the same title", "of subdivision (b)" stay with the code in scope)
_WORK_AFTER = re.compile(r"\s*,?\s+of\s+(?:the\s+)?(?:[A-Z]|article\b|chapter\b|part\b)")
# "section 544 of title 11 (of the United States Code)": the U.S. Code's title, named after the section
_OF_TITLE = re.compile(r"\s+of\s+[Tt]itle\s+(?P<title>[1-9]\d?)\b(?!\s+of\s+the\s+(?!United\s+States\b)[A-Z])"
                       r"(?:\s*,?\s+(?:of\s+the\s+)?(?:United\s+States\s+Code|U\.\s?S\.\s?C(?:ode|\.)?)(?!\w))?")


@functools.cache
def _title_names() -> tuple[dict[str, tuple[str, str]], re.Pattern, re.Pattern]:
    """The acts whose sections are one U.S. Code or C.F.R. title's (``data/title_names.json``): name → (work,
    title), and the patterns of the name before a section (``I.R.C. § 162``) and after it (``section 544 of the
    Bankruptcy Code``)."""
    titles = load(__package__, "title_names.json")["names"]
    names = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(titles, key=len, reverse=True))
    return ({re.sub(r"\s+", " ", n): (w, t) for n, (w, t) in titles.items()},
            re.compile(rf"(?<![\w.])(?P<name>{names})(?!\w)\s*,?\s*$"),
            re.compile(rf"\s*,?\s+of\s+the\s+(?P<name>{names})(?!\w)"))


def named_work_before(text: str, pos: int) -> bool:
    """Whether the ``§``/``Rule`` at ``pos`` follows the name of the work it belongs to (:data:`_LEAVES_TO_SCOPE`
    says what names none)."""
    m = _TOKEN_BEFORE.search(text, max(0, pos - 40), pos)
    if m is None:
        return False  # the line (or the text) starts here
    tok = m.group("tok")
    core = tok.rstrip(_CLOSERS)
    if not core or core[-1] in "([]|;:>#-–—":
        return False  # "(§ 107)", "| § 207 |", "- § 1446", "**Factors:** § 107", "[217 Cal.Rptr.3d 712] § 786"
    if core.endswith(")"):  # "(S.B. 683) § 1.3(a)": a bill or an act by its number; "… 686.) Section 786" is not
        close = m.start() + len(core) - 1
        opened = text.rfind("(", max(0, pos - 40), close)
        inside = text[opened + 1 : close] if opened >= 0 else ""
        return inside[:1].isupper() and inside[-1:].isalnum()
    if core.endswith(","):  # "ch. 249, § 2", "tit. 16, § 1360.1", "Title VII, § 703", "supra, § 1357"; "Moreover,"
        word = core[:-1]
        return bool(_NUMBER.fullmatch(word) or _ROMAN.fullmatch(word)) or word == "supra"
    word = core.rstrip(".").lstrip("([")
    first = next((ch for ch in word if ch.isalpha()), "")
    if core.endswith(".") and (core != tok or not first or first.islower() or _NUMBER.fullmatch(word)):
        return word == "supra"  # a sentence's end ("… lies. § 1988(b)", "… (a).”) Section 928(a)", "1. § 107")
    if word.lower() in _LEAVES_TO_SCOPE or first.islower():
        return word == "supra"
    return True  # "Stat.", "L.P.R.A.", "Code", "UCC", "Torts", "Act No. 3-2013"


def _short_section(text: str, pos: int, ctx: Context) -> list[Citation]:
    """``§ 1671(b)``, ``section 1542``, ``§§ 1981–1983``: a section whose code the context supplies (not in German
    prose: :func:`~legalcite.jurisdictions.us_common.chain.german_prose`). A U.S. Code or C.F.R. title named before
    or after it makes it a full citation (``I.R.C. § 162``, ``Treas. Reg. § 1.162-1``, ``section 544 of the
    Bankruptcy Code``, ``section 1983 of title 42``); the name of another work (``N.C. Gen. Stat. § 163-230.2``,
    ``section 9.1 of the Condominium Property Act``) makes it that work's: it stays unresolved and ends the scope
    of the code cited before it."""
    if german_prose(ctx):
        return []
    chain = parse_chain(text, pos)
    if chain is None or not text.startswith(("§", "Sec", "sec"), pos) or foreign_law_after(text, chain.end):
        return []
    if (art := _ARTICLE_BEFORE.search(text, max(0, pos - 16), pos)) is not None and \
            (found := _const_units_before(text, art.start(), chain.end)):
        return found  # "article I, § 10, of the U.S. Constitution"
    titles, before, after = _title_names()
    start, end, work, title = pos, chain.end, "usc", None
    if (m := before.search(text, max(0, pos - 40), pos)) is not None:
        start, (work, title) = m.start(), titles[re.sub(r"\s+", " ", m.group("name"))]
    elif (m := after.match(text, chain.end)) is not None:
        end, (work, title) = m.end(), titles[re.sub(r"\s+", " ", m.group("name"))]
    elif (m := _OF_TITLE.match(text, chain.end)) is not None:
        end, title = m.end(), m.group("title")
    if title is not None:
        found = chain_citations(text, start, chain, "us", work, (Unit("t", title),), "s")
        last = found[-1]
        return [*found[:-1], last.replace(span=Span(last.span.start, end), text=text[last.span.start:end])]
    other = named_work_before(text, pos) or _WORK_AFTER.match(text, chain.end) is not None
    return chain_citations(text, pos, chain, None, None, (), "s", form=Form.SHORT,
                           link={"section_short": True, "other_work": True} if other else {"section_short": True})


# ---------------------------------------------------------------- the extractor

class USExtractor(Extractor):
    """US federal statutes, regulations, rules, the Constitution and cases in every reporters-db reporter, with their
    short forms (the module docstring lists the forms and stops)."""

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
            if text.startswith("at", _AT.match(text, pos).end()):
                return [] if german_prose(ctx) else reporterless_short(text, pos)
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

