"""Linking of US and California short forms (``Id.``, ``supra``, ``550 U.S. at 570``, ``§ 1671(b)``,
``Rule 56``): one linker for both, since a California opinion cites federal law and the other way round."""
from __future__ import annotations

import functools
import re

from legalcite.core.data import load
from legalcite.core.link import keyed
from legalcite.core.scan import Context
from legalcite.models import Citation, Form, Kind

_STATUTE_WORKS_WITH_TITLE = ("usc", "cfr")
_RULE_WORKS = frozenset({"frcp", "frcrp", "fre", "frap"})
_US = frozenset({"us", "us-ca"})
# the opening of an explanatory parenthetical that cites another authority: "(quoting", "(citing", "(in turn quoting",
# "(cited with approval in", "(quoted in"
_CITING_PARENTHETICAL = re.compile(r"\(\s*(?:[a-z]+\s+){0,2}?"
                                   r"(?:quoting|citing|quoted\s+in|cited\s+(?:with\s+approval\s+)?in)\b")
_REACH = 600  # characters between a parenthetical's opening and a citation inside it, and its closing
_PARENS = re.compile(r"[()]")


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    """Bind the US and California short forms to their antecedents (``antecedent`` = index in the list):
    ``Id.``/``Ibid.`` → the citation just before; ``Name, supra`` → the last full case of that name;
    ``550 U.S. at 570`` → the last full case in that volume and reporter; ``§ 1671(b)`` / ``section 1542`` →
    the code of the last statute cited (its title too, for the U.S. Code and C.F.R.), anywhere before it in the
    text, unless a section of another work came between (``N.C. Gen. Stat. § 163-230.2``: its code is not known)
    or the same number was cited as another work's section (``Section 208 of the VRA`` … ``Section 208``), and
    only to a U.S. Code title that has (or had) that section (``the Section 4(b) coverage formula`` after
    ``52 U.S.C. § 10301`` is the Voting Rights Act's section, not 52 U.S.C. § 4);
    ``Rule 56`` → the rule set last cited, unless no federal rule has the number (``Rule 10b-5``) or it was cited as
    another body's rule (``Local Rule 7.1`` … ``Rule 7.1``). A short form with no antecedent keeps ``key=None``."""
    if not any(c.jurisdiction in _US or c.form is Form.ID for c in citations):
        return citations  # every binding below needs a US antecedent, but "Id.", which repeats any citation
    out: list[Citation] = []
    last_full_case: dict[tuple[str, str], int] = {}
    # the last full case each name can refer to (its short name, a word of its case name), alone and with its volume:
    # a short form finds its case by one lookup, not by a pass over every case before it
    by_name: dict[str | tuple[str, str], int] = {}
    last_statute: int | None = None
    last_rule: int | None = None
    other_sections: set[str] = set()  # numbers cited as another work's sections ("Section 208 of the VRA")
    other_rules: set[str] = set()  # and rules ("Local Rule 7.1")
    for i, c in enumerate(citations):
        if c.form is Form.FULL and keyed(c):
            if c.kind is Kind.CASE and c.jurisdiction in _US and c.metadata.volume is not None:
                last_full_case[(c.metadata.volume, c.metadata.reporter)] = i
                if c._link.get("short_name"):
                    for word in {c._link["short_name"].lower(), *(c.metadata.case_name or "").lower().split()}:
                        by_name[word] = by_name[(c.metadata.volume, word)] = i
            elif c.kind is Kind.STATUTE and c.jurisdiction in _US:
                if c.work in _RULE_WORKS:
                    last_rule = i
                elif c.work != "const":
                    last_statute = i
                    other_sections.discard(_section(c))  # the number is a code's own section again
            out.append(c)
            continue
        ante: int | None = None
        if c.form is Form.ID and c._link.get("id"):
            # "Id." is the authority cited just before; if that one is unresolved, so is "Id.". A mention of an
            # amendment in prose is no authority "Id." could repeat, and "Id. at 299" (a page) needs a case.
            prev = _id_antecedent(out, c, ctx.text)
            if prev is not None and keyed(out[prev]) and (c.pin is None or out[prev].kind is Kind.CASE):
                prev -= out[prev]._link.get("parallel_index", 0)  # a parallel group is one authority
                a = out[prev]
                # "Id." alone repeats the pin of the cite before it; the antecedent is that cite's own full
                # citation, so every short form points at a full one
                ante = a.antecedent if a.antecedent is not None else prev
                c = c.replace(jurisdiction=a.jurisdiction, kind=a.kind, work=a.work, units=a.units,
                              antecedent=ante, pin=c.pin or a.pin, metadata=None)
        elif c.form is Form.SUPRA:
            want = (c.metadata.antecedent_guess or "").lower()
            vr = (c.metadata.volume, c.metadata.reporter)
            if vr in last_full_case:
                ante = last_full_case[vr]
            else:
                ante = by_name.get(want)
            if ante is not None:
                a = out[ante]
                c = c.replace(jurisdiction=a.jurisdiction, work=a.work, units=a.units, antecedent=ante)
        elif c.form is Form.SHORT and c.kind is Kind.CASE and c.metadata.volume is not None:
            ante = last_full_case.get((c.metadata.volume, c.metadata.reporter))
            if ante is None and c.metadata.reporter is None:  # "Driehaus, 573 at 164": that name in that volume
                want = (c.metadata.antecedent_guess or "").lower()
                ante = by_name.get((c.metadata.volume, want))
            if ante is None:  # a short cite to a parallel reporter of an earlier case
                for idx in reversed(list(last_full_case.values())):
                    par = out[idx].metadata.parallel
                    if any(p.startswith(f"{c.metadata.volume} {c.metadata.reporter} ") for p in par):
                        ante = idx
                        break
            if ante is not None:
                a = out[ante]
                c = c.replace(jurisdiction=a.jurisdiction, work=a.work, units=a.units, antecedent=ante)
        elif c.form is Form.SHORT and c.kind is Kind.STATUTE and c.work is None:
            if c._link.get("other_work"):  # another work's section: the scope of the code before ends
                if c._link.get("rule_short"):  # "Local Rule 7.1", "Supreme Court Rule 402": only that number
                    other_rules.add(c.units[0].value)
                else:
                    last_statute = None
                    other_sections.add(_section(c))
            elif c._link.get("no_federal_rule"):
                pass  # "Rule 10b-5": no federal rule has that number; the rule set cited before stays in scope
            elif c._link.get("section_short") and _section(c) in other_sections or \
                    c._link.get("rule_short") and c.units[0].value in other_rules:
                pass  # "Section 208" after "Section 208 of the VRA": that act's section again, not the code's
            elif c._link.get("rule_short") and last_rule is not None:
                ante = last_rule
            elif c._link.get("section_short") and last_statute is not None and _has(out[last_statute], _section(c)):
                ante = last_statute
            if ante is not None:
                a = out[ante]
                head = tuple(u for u in a.units if u.label == "t") if a.work in _STATUTE_WORKS_WITH_TITLE else ()
                c = c.replace(jurisdiction=a.jurisdiction, work=a.work, units=head + c.units, antecedent=ante)
        out.append(c)
    return out


@functools.cache
def _usc_sections(title: str) -> frozenset[str]:
    """The sections a U.S. Code title has in force (``data/usc.json.gz``) or had (``data/usc_dispositions.json``);
    empty for a title the tables do not list."""
    live = load("legalcite.jurisdictions.us", "usc.json.gz")["titles"].get(title) or ()
    former = load("legalcite.jurisdictions.us", "usc_dispositions.json")["sections"]
    prefix = f"us/usc/t{title}/s"
    return frozenset(live) | {k[len(prefix):] for k in former if k.startswith(prefix)}


def _section(c: Citation) -> str | None:
    """The section number a statute citation names (``s1983`` of ``us/usc/t42/s1983/a``)."""
    return next((u.value for u in c.units if u.label == "s"), None)


def _has(statute: Citation, section: str | None) -> bool:
    """Whether a bare section can be the statute's code's: any section for a code without a section table, only a
    listed one for a U.S. Code title."""
    if statute.work != "usc":
        return True
    sections = _usc_sections(statute.units[0].value)
    return not sections or section in sections


def _id_antecedent(out: list[Citation], c: Citation, text: str) -> int | None:
    """The index of the authority an ``Id.`` repeats: the citation just before it, passing over amendments named in
    prose and citations inside a ``(quoting …)`` / ``(citing …)`` parenthetical — those explain the authority
    before them, they are not it: ``Iqbal, 556 U.S. at 678 (quoting Twombly, 550 U.S. at 570). … Id.`` is Iqbal.
    Unless the ``Id.``'s page says otherwise: ``Id., at 307`` after ``539 U.S., at 330 (quoting Bakke, 438 U.S.
    265, 307)`` is Bakke, whose page it repeats; ``Id. at 570`` cannot be a case that begins at page 662."""
    quoted: list[int] = []
    for j in range(len(out) - 1, -1, -1):
        if out[j]._link.get("prose"):
            continue
        if not _in_closed_parenthetical(text, out[j].span.start, c.span.start):
            break
        quoted.append(j)
    else:
        j = None
    if c.pin is None or not quoted:
        return j
    main = j if j is None else j - out[j]._link.get("parallel_index", 0)
    for q in quoted:
        if out[q].kind is Kind.CASE and (out[q].pin == c.pin and (main is None or out[main].pin != c.pin)
                                         or _begins_after(out[main], c.pin) and not _begins_after(out[q], c.pin)):
            return q
    return j


def _begins_after(cite: Citation | None, pin: str) -> bool:
    """Whether a full case citation's first page comes after the page ``pin`` (so the pin is not in it)."""
    if cite is None or cite.kind is not Kind.CASE or len(cite.units) < 3:
        return False
    first, page = cite.units[2].value, re.match(r"\d+", pin)
    return first.isdigit() and page is not None and int(page.group()) < int(first)


def _in_closed_parenthetical(text: str, start: int, before: int) -> bool:
    """Whether the citation at ``start`` stands inside a ``(quoting …)`` / ``(citing …)`` parenthetical that closes
    before ``before`` (an ``Id.`` after it, outside it). Parentheses are counted, so a pin's ``(a)(1)`` or a nested
    ``(2007)`` is no boundary; only the parentheses are visited, not every character."""
    for opened in reversed([m.start() for m in _CITING_PARENTHETICAL.finditer(text, max(0, start - _REACH), start)]):
        depth = text.count("(", opened, start) - text.count(")", opened, start)
        if depth < 1:
            continue  # closed before the citation
        for m in _PARENS.finditer(text, start, min(before, start + _REACH)):
            depth += 1 if m.group() == "(" else -1
            if depth == 0:
                return True  # it closes before the Id.
        return False  # the Id. is inside it too (or it is not closed within reach)
    return False
