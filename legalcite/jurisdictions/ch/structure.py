"""Swiss sub-unit structure as Fedlex prints it: Absätze (``(1)``, ``(1bis)``), Ziffern of an article, and the
lists of an Absatz — Buchstaben ``a.``, ``abis.`` and Ziffern ``1.``, ``2bis.``, nested by indentation (``  1.``
under ``e.``) — under the Satz that introduces them; and the marks of a repealed article, Absatz or Buchstabe
(``Aufgehoben``, or ``…`` where Fedlex leaves only an ellipsis).

The treaties of the Swiss compilation (``int``) are printed the same way; their keys name the levels ``par``
and ``pt`` (docs/keys.md), so :class:`SwissStructure` takes the labels (:mod:`legalcite.jurisdictions.intl.structure`).
"""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from legalcite.corpora.structure import (ItemShape, RepealMarks, SentenceRules, Sub, mark_repealed, sentence_of_lines,
                                         sentences, split_items, sub)
from legalcite.jurisdictions.de.structure import ABBREVIATIONS as GERMAN_ABBREVIATIONS, OPENERS

# Latin suffixes of an inserted unit: Art. 6a, Abs. 1bis, lit. cter, Ziff. 2quater
LATIN = "bis|ter|quater|quinquies|sexies|septies|octies|novies|decies"
ABBREVIATIONS = GERMAN_ABBREVIATIONS + ("Bst", "SR", "AS", "BBl", "SchlT")
# list items: Buchstaben a., abis.; Ziffern 1., 2bis. (the keys' labels for them are the parser's)
LETTER = re.compile(rf"([a-z]{{1,2}}(?:{LATIN})?)\.(?=\s)")
NUMBER = re.compile(rf"(\d+[a-z]?(?:{LATIN})?)\.(?=\s)")
SENTENCES = SentenceRules(ABBREVIATIONS, (ItemShape("", LETTER), ItemShape("", NUMBER)), openers=OPENERS,
                          day_ordinals=True)

LABELS = {"abs": "abs", "ziff": "ziff", "lit": "lit", "satz": "satz"}

REPEAL = RepealMarks(words=("Aufgehoben", "…", "..."), leads=("Aufgehoben durch", "Aufgehoben ("),
                     names=(("…", "aufgehoben: only “…” is left"), ("...", "aufgehoben: only “…” is left")))

_INLINE_ABS = re.compile(r"\((\d+[a-z]*)\)\s+")


class SwissStructure:
    """:class:`~legalcite.jurisdictions.StructureParser` of the Swiss compilation, with the key ``labels`` of
    Absatz, Ziffer, Buchstabe and Satz (``abs``, ``ziff``, ``lit``, ``satz`` for Swiss acts)."""

    repeal = REPEAL

    def __init__(self, labels: Mapping[str, str] = LABELS) -> None:
        self.labels = dict(labels)
        self.items = (ItemShape(self.labels["lit"], LETTER), ItemShape(self.labels["ziff"], NUMBER))

    def subunits(self, text: str, paragraphs: Sequence[Mapping[str, Any]] = (), language: str | None = None
                 ) -> list[Sub]:
        """Absätze, Ziffern (an Absatz under a Ziffer is numbered within it), Sätze and list items of the
        snapshot's ``paragraphs`` (``[{abs, ziff, text, is_title}]``), as ``CorpusUnit.subunits`` nodes."""
        labels = self.labels
        nested = labels["abs"] != labels["ziff"]   # a treaty's Absatz and Ziffer are both "par"
        out: list[Sub] = []
        current_ziff: Sub | None = None
        for p in paragraphs:
            if p.get("is_title"):
                continue
            text = p.get("text") or ""
            if p.get("abs") is None and p.get("ziff") is None and (m := _INLINE_ABS.match(text)):
                p = {**p, "abs": m.group(1)}  # "(1) Alle Menschen …": the Absatz number only in the text
                text = text[m.end():]
            if p.get("ziff") is not None:   # "3. Der Dieb …": the Ziffer's own number opens its text
                text = re.sub(rf"^\s*{re.escape(str(p['ziff']))}\.\s+", "", text)
            children = self.paragraph(text)
            if p.get("abs") is not None:
                node = sub(labels["abs"], str(p["abs"]), text, children)
                (current_ziff.setdefault("children", []) if current_ziff is not None and nested else out).append(node)
            elif p.get("ziff") is not None:
                current_ziff = sub(labels["ziff"], str(p["ziff"]), text,
                                   [sub(labels["abs"], "1", text, children)] if nested else children)
                out.append(current_ziff)
            elif current_ziff is not None and nested:
                kids = current_ziff.setdefault("children", [])
                kids.append(sub(labels["abs"], str(len(kids) + 1), text, children))
            else:
                out.extend(children)
        return mark_repealed(out, REPEAL)

    def paragraph(self, text: str) -> list[Sub]:
        """The Sätze of one Absatz, each with the list items whose first line lies in it."""
        found = sentences(text, SENTENCES)
        sentence_at = sentence_of_lines(text, found)
        sätze = [sub(self.labels["satz"], str(i), s) for i, s in enumerate(found, 1)]
        loose: list[Sub] = []
        for line_no, item in split_items(text.strip().split("\n"), self.items, by_indent=True):
            k = sentence_at[line_no]
            (sätze[k].setdefault("children", []) if 0 <= k < len(sätze) else loose).append(item)
        return sätze + loose


PARSER = SwissStructure()
