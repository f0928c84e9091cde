"""Swiss short forms: an article printed without its act (``Art. 59 Abs. 2 lit. a ZPO … Art. 60 verlangt …``,
``Article 41 CO … Article 42(1) provides …``) takes the act of the statute cited just before it in the same
passage when that one is a Swiss federal act or a treaty of the SR and no other work is named between them; else
the act the prose names last before it (core.link.named_before, with :func:`names`: ``Die UN-FoK sieht dies vor
(Art. 12 und 13)``, ``The Swiss Civil Code (ZGB) provides in Art. 28``). Never when a name follows the article, nor
when the act's article list (where it has one) lacks the article. A German continuation after a Swiss article or a
treaty's (``Nach Art. 41 OR …; Abs. 2 erfasst …``, ``ebd. lit. d``) continues it (core.link.bound), in Swiss labels.

The bare article is read by whichever extractor won its anchor — the German one (``Art. 60``, German labels), the EU
one (``Article 42(1)``, EU labels) or the Swiss one (in Swiss prose) — and becomes ``ch`` (or ``int``) with the
labels of its new jurisdiction. The German and EU linkers leave it alone after a citation that is not theirs. A
bare ``§`` is never Swiss (a cantonal act is cited by § with its canton named: ``§ 55 PolG/ZH``).
"""
from __future__ import annotations

import re

from legalcite.core.link import CONTINUES, Named, bound, named_before, same_passage
from legalcite.core.scan import Context
from legalcite.jurisdictions.ch import acts
from legalcite.jurisdictions.ch.extract import _INT_LABEL
from legalcite.models import Citation, Form, Kind, Unit

# the labels of a bare article as each extractor writes them → the Swiss labels (docs/keys.md); a level Switzerland
# has no label for (Unterabsatz, Halbsatz, Alternative) ends the key there
_TO_CH = {
    "de": {"art": "art", "abs": "abs", "satz": "satz", "nr": "ziff", "lit": "lit"},
    "eu": {"art": "art", "par": "abs", "pt": "lit", "satz": "satz"},
    "ch": {"art": "art", "abs": "abs", "ziff": "ziff", "lit": "lit", "satz": "satz"},
}


# the depth of each level under an article, Swiss and treaty labels (core.link.continued): "Abs. 2" after "Art. 123
# Ziff. 1 Abs. 1" replaces the Absatz, after "Art. 83 lit. f" the Buchstabe and what follows it
_RANK = {"art": 0, "abs": 1, "par": 1, "satz": 2, "ziff": 3, "lit": 4, "pt": 4}


def _units(c: Citation, target: str) -> tuple[Unit, ...] | None:
    """The units of the bare article ``c`` in ``target``'s labels (``ch`` or ``int``); None when it is no article."""
    if not c.units or c.units[0].label != "art":
        return None
    return _relabelled(c.units, c.jurisdiction or "", target, stop=True)


def _relabelled(units: tuple[Unit, ...], source: str, target: str, stop: bool) -> tuple[Unit, ...] | None:
    """``units`` as ``source``'s extractor labels them, in ``target``'s labels (``ch`` or ``int``): a level with no
    label there ends them (``stop``), or makes them None."""
    labels = _TO_CH.get(source)
    if labels is None:
        return None
    out = []
    for u in units:
        label = labels.get(u.label)
        if label is None:
            if stop:
                break
            return None
        if target == "int" and label != "art":
            label = _INT_LABEL[label]
        out.append(Unit(label, u.value.lower() if label in ("lit", "pt") else u.value))
    return tuple(out)


def _levels(units: tuple[Unit, ...], target: str) -> tuple[Unit, ...] | None:
    """The levels a German continuation prints (``ebd. Abs. 2``, a bare ``lit. a``) in ``target``'s labels."""
    return _relabelled(units, "de", target, stop=False)


# a name of another work between the act and the bare article: "… (Art. 3 EMRK) … UN-FoK sieht dies vor (Art. 12 und
# 13)" — the articles are the UN-FoK's. Abbreviation-shaped words (two capitals), roman numerals left out
_NAME = re.compile(r"(?<![\w-])(?![IVXLC]+\b)[A-ZÄÖÜ][\wÄÖÜäöü-]*[A-ZÄÖÜ][\wÄÖÜäöü-]*")


def _named_between(text: str, start: int, end: int, work: str) -> bool:
    """Whether ``text[start:end]`` names a work other than ``work`` (its own abbreviation may recur: ``das OR``)."""
    return any(acts.lookup(m.group().rstrip("-")) != work for m in _NAME.finditer(text, start, end))


def _exists(work: str, units: tuple[Unit, ...]) -> bool:
    """Whether the act's article list, where it has one, holds the article: ``Art. 237 Ziff. 1 Abs. 2`` after ``Art.
    91a SVG`` is not the SVG's (it ends at Art. 106) but the StGB's, which the writer left unnamed."""
    listed = acts.units(work)
    return not listed or units[0].value in listed


# A statute's own text cites its own articles bare ("nach Artikel 66 Absatz 2" in an ordinance that cited another act
# before, "(Art. 49)" in a list of its own provisions): its Absätze numbered from "(1) " and its articles written out
# ("Artikel 75") tell it. Measured on ch_fulltext: 354 of the 361 bare "Art." this linker bound there stood in such a
# text, most of them the act's own (and every bare "Artikel"); none of the 35 LEXam reference answers reads so.
# "hiervor", "dieses Gesetzes" … after an article say the same of that one.
_STATUTE_TEXT = re.compile(r"\A\s*\(1\) |\bArtikeln?[ \t]+\d")
_OWN = re.compile(r"[ \t]*(?:hiervor|hiernach|dieses[ \t]+Gesetzes|dieser[ \t]+Verordnung|des[ \t]+vorliegenden|"
                  r"of[ \t]+this[ \t]+Act|de[ \t]+la[ \t]+présente)\b")


# the readings a bare "Art. 60" / "Article 42(1)" gets in German, French or English prose (Swiss, a treaty's, German
# or EU where no Swiss cue was counted); a Chinese 第十条 is an article without its law too, but never this linker's
# (and a Chinese statute text may be megabytes long)
_READINGS = frozenset({"ch", "int", "de", "eu"})


def _bare_article(c: Citation) -> bool:
    """An article without its act (``Art. 60``): what this linker binds (tested first, as it is cheap)."""
    return c.work is None and c.kind is Kind.STATUTE and c.jurisdiction in _READINGS and bool(c.units) \
        and c.units[0].label == "art"


def _continuation(c: Citation) -> bool:
    """A German continuation (``ebd.``, ``dort Ziff. 3``, a bare ``Abs. 2``), which may continue a Swiss article."""
    return c.work is None and c.jurisdiction == "de" and (c.form is Form.ID or CONTINUES in c._link)


def _bindable(c: Citation) -> bool:
    """:func:`_bare_article` or :func:`_continuation`, in one test (asked of every citation)."""
    return c.work is None and c.jurisdiction in _READINGS and (
        (c.kind is Kind.STATUTE and bool(c.units) and c.units[0].label == "art")
        or (c.jurisdiction == "de" and (c.form is Form.ID or CONTINUES in c._link)))


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    """The document's citations with bare Swiss articles bound to their act (the module docstring says when); the rest
    unchanged, in order."""
    if not any(map(_bindable, citations)) or _STATUTE_TEXT.search(ctx.text):
        # nothing to bind (a bare § is never Swiss), or a statute's text, whose bare articles are its own
        return citations
    text = ctx.text
    out: list[Citation] = []
    last: tuple[int, Citation] | None = None  # (index in out, citation) of the last statute with a work
    for c in citations:
        if c.work is not None:
            pass
        elif _continuation(c):
            c = bound(c, out, ctx, ("ch", "int"), _levels, _RANK)  # "Nach Art. 41 OR …; Abs. 2 erfasst …"
        elif _bare_article(c) and not c._link.get("refers_to") and not _OWN.match(text, c.span.end) \
                and acts.match_act(text, c.span.end) is None:
            c = _bound(c, ctx, out, last)
        if c.kind is Kind.STATUTE and c.work is not None:
            last = (len(out), c)
        out.append(c)
    return out


def _bound(c: Citation, ctx: Context, out: list[Citation], last: tuple[int, Citation] | None) -> Citation:
    """The bare article ``c`` with the act of the statute cited just before it, else of the one act the prose names
    last before it (core.link.named_before); ``c`` itself when neither fits."""
    text = ctx.text
    named = named_before(ctx, out, c)
    if (last is not None and last[1].jurisdiction in ("ch", "int") and last[1].units
            and last[1].units[0].label == "art" and same_passage(ctx, last[1].span.end, c.span.start)
            and (named is None or (named.jurisdiction, named.work) == (last[1].jurisdiction, last[1].work))):
        target = last[1]
        units = _units(c, target.jurisdiction)
        if units and _exists(target.work, units) and not _named_between(text, target.span.end, c.span.start,
                                                                       target.work):
            return c.replace(jurisdiction=target.jurisdiction, work=target.work, units=units, form=Form.SHORT,
                             antecedent=last[0])
    if named is None or named.jurisdiction not in ("ch", "int"):
        return c
    units = _units(c, named.jurisdiction)
    if units and _exists(named.work, units):
        return c.replace(jurisdiction=named.jurisdiction, work=named.work, units=units, form=Form.SHORT)
    return c


def names(text: str, start: int, end: int, ctx: Context) -> list[Named]:
    """The acts of the SR ``text[start:end]`` names by their abbreviation (``die UN-FoK``, ``The Swiss Civil Code
    (ZGB)``): the namer of core.link.named_before, declared as ``names_at``. Only acts whose articles the SR lists:
    the abbreviations of the others are mostly common acronyms in prose (``the ADR procedures``, ``OLAF``)."""
    out = []
    for m in _NAME.finditer(text, start, end):
        work = acts.lookup(m.group().rstrip("-"))
        if work is not None and acts.units(work):
            out.append(Named(acts.index().jurisdiction(work), work, m.start(), m.end()))
    return out
