"""EU short forms: an article printed without its act takes the act of the statute cited just before it.

- ``Article 7(3)`` (an EU short form) or a German ``Art. 7 Abs. 3`` (the German extractor's short form, which
  :func:`legalcite.jurisdictions.de.link` leaves alone when the statute cited just before is not German) take the
  act of the previous statute citation in the same paragraph when that citation is an EU one and no law name
  follows the article (``Art. 7 KG`` names a law the tables do not know; it is not bare). The German labels
  become EU labels (``Abs.`` → ``par``, ``UAbs.`` → ``sub``, ``lit.``/``Nr.`` → ``pt``).
- ``Article 9 of that Regulation`` / ``der genannten Richtlinie`` takes the last EU act of that type cited in the
  same paragraph.
- ``of this Regulation`` / ``dieser Verordnung`` (a document's own article) and anything with no antecedent stay
  without a key: unresolved, not guessed (docs/keys.md, context).
"""
from __future__ import annotations

import re

from legalcite.core.scan import Context
from legalcite.models import Citation, Kind, Unit

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


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    if not any(c.jurisdiction == "eu" and c.work is not None and c.kind is Kind.STATUTE for c in citations):
        return citations  # every binding below takes the act of an EU statute citation
    text = ctx.text
    out: list[Citation] = []
    last_statute: tuple[int, Citation] | None = None        # (index in out, citation) of the last statute with a work
    last_of_type: dict[str, tuple[int, Citation]] = {}      # reg/dir/dec → last EU act of that type

    def same_paragraph(a: Citation, b: Citation) -> bool:
        return ctx.same_paragraph(a.span.end, b.span.start)

    for c in citations:
        if c.kind is not Kind.STATUTE:
            out.append(c)
            continue
        if c.work is None and c.jurisdiction == "eu":
            refers = c._link.get("refers_to")
            target = None
            if refers in ("reg", "dir", "dec"):
                target = last_of_type.get(refers)
            elif refers is None and last_statute and last_statute[1].jurisdiction == "eu":
                target = last_statute
            if target is not None and same_paragraph(target[1], c):
                c = c.replace(work=target[1].work, antecedent=target[0])
        elif c.work is None and c.jurisdiction == "de" and last_statute and last_statute[1].jurisdiction == "eu" \
                and same_paragraph(last_statute[1], c) and not _NAMED_AFTER.match(text, c.span.end):
            units = _units_from_de(c.units)
            if units:
                c = c.replace(jurisdiction="eu", work=last_statute[1].work, units=units, antecedent=last_statute[0])
        if c.work is not None:
            last_statute = (len(out), c)
            if c.jurisdiction == "eu" and c.work[:3] in ("reg", "dir", "dec"):
                last_of_type[c.work[:3]] = (len(out), c)
        out.append(c)
    return out
