"""Linking of German short forms: a ``§`` without a law, ``ebd.``/``a.a.O.``/``dort`` and a bare ``Abs. 2`` (the
levels they print continue the provision cited just before: core.link.bound), a decision without a court."""
from __future__ import annotations

import functools
import re

from legalcite.core.data import load
from legalcite.core.link import CONTINUES, bound, named_before, same_passage
from legalcite.core.scan import Context
from legalcite.jurisdictions.de.parts import RANK
from legalcite.jurisdictions.de.statute import cited_by_section_only
from legalcite.keys import work_id
from legalcite.models import Citation, Form, Kind, Unit

MENTION_REACH = 600  # characters before a decision without a court searched for the court it belongs to


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    """Bind German short forms: a § without a law takes the law of the previous statute citation in the same
    passage when that one is German (an ``Art.`` only when that law has articles and the prose has named no act since;
    after an EU act, ``Art. 7 Abs. 3`` is left to the EU linker); ``ebd.``/``a.a.O.``/``dort`` and a bare ``Abs. 2``
    continue the citation before them (core.link.bound); a decision without a court (``Urteil
    vom 13. Mai 2004 – 2 AZR 426/03``, a docket in a list) takes the court named last before it in the same
    paragraph — a decision cited with its court, or a court mentioned in the prose (``der Rechtsprechung des I.
    Senats des BFH (vgl. Urteil vom 17. Juli 2008 I R 83/07)``)."""
    out: list[Citation] = []
    last_law: tuple[str, int] | None = None
    last_court: tuple[str, int] | None = None
    text = ctx.text
    german_text = ctx.language == "de" or ctx.jurisdiction == "de"
    for c in citations:
        if c.jurisdiction != "de":
            if c.kind is Kind.STATUTE and c.work is not None:
                last_law = None  # "Art. 6 DSGVO … Art. 7 Abs. 3": a bare Art. now refers to that act (its linker's)
            out.append(c)
            continue
        if c.form is Form.ID or CONTINUES in c._link:
            # ebd. / a.a.O. / dort / a bare "Abs. 2": the citation just before it, if that is German and in the same
            # passage, with the levels it prints in place of its own (those of an EU or Swiss citation: their linkers)
            c = bound(c, out, ctx, ("de",), _same_labels, RANK)
            if c.work is not None and c.kind is Kind.STATUTE:
                last_law = (c.work, c.span.end)
            out.append(c)
            continue
        if c.kind is Kind.STATUTE:
            if c.work is None and last_law and same_passage(ctx, last_law[1], c.span.start) \
                    and not (c.units and c.units[0].label == "art" and (cited_by_section_only(last_law[0])
                                                                        or named_before(ctx, out, c) is not None)):
                # (a bare "Art. 2" after "§ 823 BGB" is not the BGB's: the BGB has no articles; nor after "die DSGVO"
                # named since: the act the prose names last; a § is never an act's the prose names alone)
                c = c.replace(work=last_law[0], form=Form.SHORT, antecedent=_index_of(out, last_law[1]))
            if c.work is None and not german_text:
                continue  # "§ 1542" in English or Chinese prose is not a German citation
            if c.work is not None:
                last_law = (c.work, c.span.end)
        elif c.kind is Kind.CASE:
            if c.work is None:
                c = _with_court(c, text, last_court, out)
            if c.work == "case" and c.units:
                last_court = (c.units[0].value, c.span.end)
        out.append(c)
    return out


def _same_labels(units: tuple[Unit, ...], jurisdiction: str) -> tuple[Unit, ...]:
    return units  # a German continuation of a German provision: the labels are Germany's


def _with_court(c: Citation, text: str, last_court: tuple[str, int] | None, out: list[Citation]) -> Citation:
    """A decision without a court, with the court named last before it in its paragraph (if any)."""
    start = max(0, c.span.start - MENTION_REACH)
    para = text.rfind("\n\n", start, c.span.start)
    if para >= 0:
        start = para
    docket = c.metadata.docket or ""
    court, at, antecedent = None, -1, None
    if last_court is not None and last_court[1] > start and _fits(last_court[0], docket):
        court, at, antecedent = last_court[0], last_court[1], _index_of(out, last_court[1])
    mention = _last_mention(text, max(start, at), c.span.start)
    if mention is not None and _fits(work_id(mention), docket):
        court, antecedent = work_id(mention), None
    if court is None:
        return c
    return c.replace(work="case", units=(Unit("", court), Unit("", work_id(docket))), antecedent=antecedent)


@functools.cache
def _mention_rx() -> re.Pattern:
    """A court's abbreviation (``BFH``, ``OLG München``) or written-out name in any grammatical case
    (``des Bundesfinanzhofs``), from data/courts.json."""
    data = load(__package__, "courts.json")
    # "KG" alone is mostly a Kommanditgesellschaft: the Kammergericht is only found by its name
    abbrs = sorted(set(data["federal"].values()) - {"KG"}, key=len, reverse=True)
    names = sorted((n for n in data["federal"] if " " not in n), key=len, reverse=True)
    placed = "|".join(map(re.escape, sorted(data["placed"].values(), key=len, reverse=True)))
    adjectives = "|".join(map(re.escape, sorted(data["places_adjectival"], key=len, reverse=True)))
    return re.compile(
        rf"(?<![\w-])(?:(?P<abbr>{'|'.join(map(re.escape, abbrs))})"
        rf"|(?P<name>{'|'.join(map(re.escape, names))})(?:e?s)?"
        rf"|(?P<placed>(?:{placed})[ \t]+[A-ZÄÖÜ][\wäöüß\-]+)"
        rf"|(?P<adjective>{adjectives})[nrms]?[ \t]+(?P<court>{placed}))(?![\w-])")


@functools.cache
def _docket_courts() -> dict[str, tuple[str, ...]]:
    return {k: tuple(work_id(c) for c in v) for k, v in load(__package__, "courts.json")["docket_courts"].items()}


def _fits(court: str, docket: str) -> bool:
    """Whether a docket can be this court's: ``B 14 AS 5/15 R`` is the BSG's, ``L 4 KR 295/14`` an LSG's."""
    head = docket[:2]
    kinds = _docket_courts().get(head[0]) if len(head) == 2 and head[1] == " " else None
    return kinds is None or court.split("-")[0] in kinds


@functools.cache
def _federal_names() -> dict[str, str]:
    return {k: v for k, v in load(__package__, "courts.json")["federal"].items() if " " not in k}


def _last_mention(text: str, start: int, end: int) -> str | None:
    """The court named last in ``text[start:end]``, as its abbreviation."""
    last = None
    for m in _mention_rx().finditer(text, start, end):
        last = m
    if last is None:
        return None
    if last.group("name"):
        return _federal_names()[last.group("name")]
    if last.group("adjective"):
        places = load(__package__, "courts.json")["places_adjectival"]
        return f"{last.group('court')} {places[last.group('adjective')]}"
    return last.group("abbr") or last.group("placed")


def _index_of(cites: list[Citation], end: int) -> int | None:
    for j in range(len(cites) - 1, -1, -1):
        if cites[j].span.end == end:
            return j
    return None
