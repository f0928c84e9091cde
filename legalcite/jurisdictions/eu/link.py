"""EU short forms: an article printed without its act takes the act the answer is about at that point.

- ``Article 7(3)``, ``Art. 9(2)(a)`` in English (EU short forms) or a German ``Art. 7 Abs. 3`` (the German
  extractor's short form, which :func:`legalcite.jurisdictions.de.link` leaves alone when the statute cited just
  before is not German) take the EU act the prose names last before it (``Under the GDPR, health data need an
  exception (Art. 9(2)(a))``: core.link.named_before), else the act of the previous statute citation in the same
  passage when that citation is an EU one; never when the prose names another act, or two, after that citation,
  nor when a law name follows the article (``Art. 7 KG`` names a law the tables do not know; it is not bare). The
  German labels become EU labels (``Abs.`` → ``par``, ``UAbs.`` → ``sub``, ``lit.``/``Nr.`` → ``pt``).
- ``ebd.``, ``dort lit. a``, a bare ``Abs. 2`` after an EU provision continue it (core.link.bound).
- ``Article 9 of that Regulation`` / ``der genannten Richtlinie`` takes the last EU act of that type cited in the
  same paragraph.
- ``of this Regulation`` / ``dieser Verordnung`` (a document's own article) and anything with no antecedent stay
  without a key: unresolved, not guessed (docs/keys.md, context).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from legalcite.core.link import CONTINUES, Named, bound, named_before, same_passage
from legalcite.core.scan import Context
from legalcite.jurisdictions.eu import acts as _acts
from legalcite.jurisdictions.eu.extract import _RANK, _SELF
from legalcite.models import Citation, Form, Kind, Unit

# A law name printed right after the article ("Art. 7 KG"): the article is that law's, known or not, never bare
_NAMED_AFTER = re.compile(r"[ \t]*(?:[A-ZÄÖÜ][\wäöüß]*[A-ZÄÖÜ][\wäöüß-]*|[A-ZÄÖÜ]{2,})(?![\w])")

# German short-form labels → EU labels; a German level with no EU label (Halbsatz, Alternative) ends the key
_DE_TO_EU = {"art": "art", "abs": "par", "uabs": "sub", "lit": "pt", "nr": "pt", "satz": "satz"}


def _units_from_de(units: tuple[Unit, ...]) -> tuple[Unit, ...] | None:
    if not units or units[0].label != "art":
        return None  # a § is never an EU provision
    out = []
    for u in units:
        label = _DE_TO_EU.get(u.label)
        if label is None:
            break
        out.append(Unit(label, u.value.lower() if label == "pt" else u.value))
    return tuple(out)


def _levels_from_de(units: tuple[Unit, ...], jurisdiction: str) -> tuple[Unit, ...] | None:
    """The levels a German continuation prints (``ebd. Abs. 2``, a bare ``lit. a``) in EU labels; None where a level
    has none."""
    out = []
    for u in units:
        label = _DE_TO_EU.get(u.label)
        if label is None or label == "art":
            return None
        out.append(Unit(label, u.value.lower() if label == "pt" else u.value))
    return tuple(out)


def _bare(c: Citation, units: tuple[Unit, ...], out: list[Citation], ctx: Context,
          last: tuple[int, Citation] | None) -> Citation:
    """A bare article with the EU act it is of: the act the prose names last before it (core.link.named_before),
    else that of the statute cited just before it in its passage when that one is EU; ``c`` itself when the prose
    names another act, or two."""
    named = named_before(ctx, out, c)
    if named is not None:
        if named.jurisdiction != "eu" or _own_text(ctx):
            return c  # another act, or two acts (AMBIGUOUS): not this linker's to guess; an act's own text
        return c.replace(jurisdiction="eu", work=named.work, units=units, form=Form.SHORT)
    if last is not None and last[1].jurisdiction == "eu" and same_passage(ctx, last[1].span.end, c.span.start):
        return c.replace(jurisdiction="eu", work=last[1].work, units=units, form=Form.SHORT, antecedent=last[0])
    return c


@dataclass
class _OwnText:
    """Per document: whether it is an act's own text (``this Regulation``, ``dieser Richtlinie``, ``paragraph 1 of this
    Article``), whose bare articles are its own, not those of an act it names (``… including the Charter, …;
    (c) … pursuant to Article 11(3)``: the DSA's); asked once."""

    own: bool | None = None


_OWN_LEVEL = re.compile(r"\b(?:of[ \t]+this[ \t]+(?:Article|paragraph)|dieses[ \t]+(?:Artikels|Absatzes))\b")


def _own_text(ctx: Context) -> bool:
    state = ctx.own(_OwnText)
    if state.own is None:
        state.own = _SELF.search(ctx.text) is not None or _OWN_LEVEL.search(ctx.text) is not None
    return state.own


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    """The document's citations with EU short forms bound to their act (the module docstring says when); the rest
    unchanged, in order."""
    if not any(c.kind is Kind.STATUTE and (c.jurisdiction == "eu" or (
            c.jurisdiction == "de" and c.work is None and c.units and c.units[0].label == "art")) for c in citations):
        return citations  # every binding below takes an EU act cited, or one the prose names before a bare article
    text = ctx.text
    out: list[Citation] = []
    last_statute: tuple[int, Citation] | None = None        # (index in out, citation) of the last statute with a work
    last_of_type: dict[str, tuple[int, Citation]] = {}      # reg/dir/dec → last EU act of that type

    for c in citations:
        if c.kind is not Kind.STATUTE:
            out.append(c)
            continue
        if c.work is None and c.jurisdiction == "eu":
            refers = c._link.get("refers_to")
            if refers in ("reg", "dir", "dec"):
                target = last_of_type.get(refers)
                if target is not None and same_passage(ctx, target[1].span.end, c.span.start):
                    c = c.replace(work=target[1].work, antecedent=target[0])
            elif refers is None:
                c = _bare(c, c.units, out, ctx, last_statute)
        elif c.work is None and c.jurisdiction == "de":
            if c.form is Form.ID or CONTINUES in c._link:
                c = bound(c, out, ctx, ("eu",), _levels_from_de, _RANK)  # "Art. 6 Abs. 1 DSGVO …; lit. f erlaubt …"
            elif c.units and c.units[0].label == "art" and not _NAMED_AFTER.match(text, c.span.end):
                units = _units_from_de(c.units)
                if units:
                    c = _bare(c, units, out, ctx, last_statute)
        if c.work is not None:
            last_statute = (len(out), c)
            if c.jurisdiction == "eu" and c.work[:3] in ("reg", "dir", "dec"):
                last_of_type[c.work[:3]] = (len(out), c)
        out.append(c)
    return out


def names(text: str, start: int, end: int, ctx: Context) -> list[Named]:
    """The EU acts ``text[start:end]`` names (``the GDPR``, ``die Datenschutz-Grundverordnung``): the namer of
    core.link.named_before, declared as ``names_at``."""
    return [Named("eu", m.work, at, m.end) for at, m in _acts.index().names_in(text, start, end)]
