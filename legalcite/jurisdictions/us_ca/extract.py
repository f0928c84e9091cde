"""California: the 29 codes in Bluebook form (``Cal. Civ. Code § 1668``, ``Cal. Code Civ. Proc. § 425.16``) and
California Style Manual form (``Civil Code section 1542``, ``(Pen. Code, § 187, subd. (a).)``,
``Code of Civil Procedure section 437c, subdivision (c)``, ``section 1542 of the Civil Code``), and the
California Constitution (``Cal. Const., art. I, § 1``; ``art. XIII A`` → ``art13a``).

The scanner stops at ``Code`` (the name is read backwards from there, or forwards for ``Code Civ. Proc.`` /
``Code of Civil Procedure``), at ``Cal. Const.`` / ``California Constitution``, and at ``section``/``§``
(for ``section 1542 of the Civil Code``). Code names come from the code table (:mod:`.codes`, built by
:mod:`.build`); the section chain is parsed by ``us_common/units.lark``.

Jurisdiction (docs/keys.md, context): ``Cal.``/``California`` in the cite, or a Style Manual abbreviation
(``Pen. Code``, ``Code Civ. Proc.``) that only California uses, makes it ``us-ca``. A spelled-out name
(``Civil Code section 1542``) is California's only where the context says so (``jurisdiction="us-ca"``, or
California named in the document); otherwise it stays unresolved (``jurisdiction=None``, ``key=None``).
California cases are found by :mod:`legalcite.jurisdictions.us` (reporters-db's California reporters), and
California short forms are bound by its linker.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Sequence

from legalcite.core.scan import Context, Extractor
from legalcite.jurisdictions.us_ca.codes import table
from legalcite.jurisdictions.us_common.chain import (WINDOW, chain_citations, parse_chain, parse_constitution,
                                                     section_expander)
from legalcite.models import Citation, Kind, Span, StatuteMetadata

# the leading character test keeps the scanner's combined pattern cheap at every other position; lowercase
# "section 1542" is a literal (core.scan), so that no lowercase letter is in that test
ANCHOR = (r"(?=[C§S])(?:(?<![\w])Code\b|(?<![\w.])Cal(?:\.|ifornia)\s*Const(?:\.|itution\b)"
          r"|§§?(?=\s*\d)|(?<![\w])(?:Sections?|Secs?\.)(?=\s*\d))")
LITERALS = ("sec",)
LITERAL_ANCHOR = r"(?<![\w])(?:sections?|secs?\.)(?=\s*\d)"

_CAL = r"(?:Cal(?:\.|ifornia(?:'s)?)|West's\s+Ann\.\s*Cal\.|Deering's\s+Cal\.)"


def _name_rx(name: str) -> str:
    out = re.escape(name).replace(r"\ ", r"\s+").replace("'", "['’]").replace("’", "['’]")
    return out


@functools.cache
def _codes() -> dict[str, Any]:
    """Lookup tables built once from ``us_ca_codes``: the name regexes and a normalised name → work map."""
    data = table()["codes"]
    by_name: dict[str, str] = {}
    before: list[str] = []   # names printed before "Code"
    after: list[str] = []    # names that start with "Code" (Code Civ. Proc., Code of Civil Procedure)
    sections: dict[str, list[str]] = {}
    for c in data:
        sections[c["code"]] = c["sections"]
        for n in c["cited_as"]:
            by_name[_norm(n)] = c["code"]
            (after if n.startswith("Code ") else before).append(n)
    before.sort(key=len, reverse=True)
    after.sort(key=len, reverse=True)
    pre = re.compile(r"(?:(?P<cal>%s)\s*)?(?P<name>%s)\s*$" % (_CAL, "|".join(_name_rx(n) for n in before)))
    post = re.compile(r"(?P<name>%s)" % "|".join(_name_rx(n) for n in after))
    return {"by_name": by_name, "pre": pre, "post": post, "sections": sections}


def _norm(name: str) -> str:
    return re.sub(r"\s+", " ", name.replace("’", "'")).strip().lower()


# how far after a section sign the "Code" of "§ 17200 of the Business and Professions Code" may end
_CHAIN_AND_NAME = WINDOW + 80
# what may stand between the code name and the section sign
_TO_SIGN = re.compile(r"(?:\s+Ann\.)?\s*,?\s*(?=§|[Ss]ec(?:tion)?s?\b|[Ss]ecs?\.)")
_OF_CODE = re.compile(r"\s*,?\s+of\s+(?:the\s+)?(?:(?P<cal>California|Cal\.)\s+)?"
                      r"(?P<name>[A-Z][\w.'’&]*(?:\s+(?:[A-Z][\w.'’&]*|&|and|of))*?\s+Code"
                      r"|Code\s+of\s+Civil\s+Procedure|Code\s+Civ\.\s+Proc\.)(?![\w])")
_CONST = re.compile(r"Cal(?:\.|ifornia)\s*Const(?:\.|itution)\s*,?\s*")
_CUE = re.compile(r"\bCal(?:ifornia|\.)")


@functools.cache
def _other_state() -> re.Pattern:
    """Another state's name or Bluebook abbreviation (reporters-db's list) before a code's name: ``Tex. Penal
    Code``, ``Texas Education Code``, ``Tex. Bus. & Com. Code`` are Texas's codes, whose names California's share."""
    from reporters_db import STATE_ABBREVIATIONS  # reporters_db: heavy

    names = [n for a, n in STATE_ABBREVIATIONS.items() if a != "Cal."] + [a for a in STATE_ABBREVIATIONS if a != "Cal."]
    alts = "|".join(_name_rx(n) for n in sorted(set(names), key=len, reverse=True))
    return re.compile(rf"(?<![\w.])(?:{alts})(?:['’]s)?\s*(?:(?:[A-Z][\w.'’]*|&|and)\s*){{0,3}}$")


def _other_states_code(text: str, start: int) -> bool:
    """Whether the code name starting at ``start`` follows another state's name, maybe with the first words of that
    state's code name between (``Tex. Bus. & Com. Code``: :func:`_other_state`)."""
    return _other_state().search(text, max(0, start - 40), start) is not None


@dataclass
class _Cue:
    """Per document (``ctx.own``): whether it names California (``Cal.``), looked for once."""

    found: bool | None = None


def _california(ctx: Context | None, explicit: bool) -> str | None:
    """``us-ca`` when the cite says so, or the context does; else None (left unresolved, docs/keys.md)."""
    if explicit:
        return "us-ca"
    if ctx is None:
        return None
    if ctx.jurisdiction is not None:
        return "us-ca" if ctx.jurisdiction == "us-ca" else None
    cues = ctx.own(_Cue)
    if cues.found is None:
        cues.found = bool(_CUE.search(ctx.text))
    return "us-ca" if cues.found else None


@functools.cache
def _expander(work: str):
    return section_expander(_codes()["sections"].get(work) or [])


def _code_cite(text: str, pos: int, ctx: Context | None) -> list[Citation]:
    """A code citation whose name contains the ``Code`` at ``pos``."""
    codes = _codes()
    post = codes["post"].match(text, pos)
    if post is not None:
        name, name_end = post.group("name"), post.end()
        cal = re.search(r"%s\s*$" % _CAL, text[max(0, pos - 30) : pos])
        start = pos - len(text[max(0, pos - 30) : pos]) + cal.start() if cal else pos
        explicit = cal is not None or "." in name
    else:
        pre = codes["pre"].search(text, max(0, pos - 60), pos)
        if pre is None:
            return []
        name, name_end, start = pre.group("name"), pos + len("Code"), pre.start()
        if pre.group("cal"):
            start = pre.start("cal")
        explicit = bool(pre.group("cal")) or "." in name
    work = codes["by_name"].get(_norm(name))
    if work is None or _other_states_code(text, start):
        return []
    to_sign = _TO_SIGN.match(text, name_end)
    if to_sign is None:
        return []
    chain = parse_chain(text, to_sign.end(), expand=_expander(work))
    if chain is None:
        return []
    jur = _california(ctx, explicit)
    metadata = StatuteMetadata(work_name=name, jurisdiction_candidates=("us-ca",) if jur is None else ())
    return chain_citations(text, start, chain, jur, work, (), "s", metadata=metadata)


def _section_of_code(text: str, pos: int, ctx: Context | None) -> list[Citation]:
    """``section 1542 of the Civil Code``, ``§ 17200 of the Business and Professions Code``: the chain is parsed only
    where a code's name can follow it (every name ends in, or starts with, ``Code``)."""
    if text.find("Code", pos, pos + _CHAIN_AND_NAME) < 0:
        return []
    chain = parse_chain(text, pos)
    if chain is None or not text.startswith(("§", "Sec", "sec"), pos):
        return []
    of = _OF_CODE.match(text, chain.end)
    if of is None:
        return []
    name = re.sub(r"\s+Code$", "", of.group("name")) if not of.group("name").startswith("Code") else of.group("name")
    work = _codes()["by_name"].get(_norm(name))
    if work is None:
        return []
    jur = _california(ctx, bool(of.group("cal")) or "." in name)
    metadata = StatuteMetadata(work_name=name, jurisdiction_candidates=("us-ca",) if jur is None else ())
    cites = chain_citations(text, pos, chain, jur, work, (), "s", metadata=metadata)
    last = cites[-1]
    end = of.end()
    cites[-1] = last.replace(span=Span(last.span.start, end), text=text[last.span.start : end])
    return cites


def _const(text: str, pos: int) -> list[Citation]:
    """``Cal. Const., art. XIII A, § 1``: the name, then its units through ``us_common/const.lark``."""
    m = _CONST.match(text, pos)
    if m is None:
        return []
    parsed = parse_constitution(text, m.end())
    if parsed is None or parsed[0][0].label != "art":
        end = pos + len(m.group().rstrip(" ,"))
        return [Citation(jurisdiction="us-ca", kind=Kind.STATUTE, work="const", span=Span(pos, end),
                         text=text[pos:end])]
    units, end = parsed
    return [Citation(jurisdiction="us-ca", kind=Kind.STATUTE, work="const", units=units, span=Span(pos, end),
                     text=text[pos:end])]


class CaliforniaExtractor(Extractor):
    """The California codes (Bluebook and Style Manual forms) and the California Constitution (the module docstring
    lists the forms and stops)."""

    anchor = ANCHOR
    literals = LITERALS
    literal_anchor = LITERAL_ANCHOR
    literals_not_in = {"de": LITERALS}  # "section 1542": English

    def quiet(self, ctx: Context) -> str:
        """Where it reads nothing in this document (core.scan): at ``§``, ``Section`` and ``section`` when no code is
        named anywhere (:func:`_section_of_code` reads a section only with a code's name after it)."""
        return "" if "Code" in ctx.text else "§Ss"

    def extract(self, text: str, anchor: re.Match, ctx: Context) -> Sequence[Citation]:
        pos = anchor.start()
        if text.startswith("Code", pos):
            return _code_cite(text, pos, ctx)
        if text.startswith("Cal", pos):
            return _const(text, pos)
        return _section_of_code(text, pos, ctx)


EXTRACTOR = CaliforniaExtractor()
