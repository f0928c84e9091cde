"""German sub-unit structure as gesetze-im-internet.de prints it: the Sätze of an Absatz, and under the Satz that
introduces it each list's Nummern (``1.``, ``5a.``), Buchstaben (``a)``) and Doppelbuchstaben (``aa)``), one item a
line; and the words that say a § or an Absatz is gone (``(weggefallen)``; ``-`` where a § has no text left).

The snapshot's paragraphs are the Absätze (``[{abs, text}]``, ``abs`` null for an unnumbered §); everything below
is read here (:class:`GermanStructure`), through the registry's hook (``Jurisdiction.structure``).
"""
from __future__ import annotations

import re
import string
from typing import Any, Mapping, Sequence

from legalcite.corpora.structure import (ItemShape, RepealMarks, SentenceRules, Sub, mark_repealed, sentence_of_lines,
                                         sentences, split_items, sub)

# Abbreviations after which a period does not end a sentence (statute style).
ABBREVIATIONS = tuple(
    "Abs Art Nr Nrn S Satz Buchst Halbs Hs Alt Var bzw vgl ggf gem einschl usw sog etc Anm Anl Ziff lit "
    "BGBl GVBl RGBl ABl Bl Bd Prot Tz Rn Rdnr Kap Tit Abschn Unterabs UAbs Dr Prof St v vom z B d h u a m i V "
    "s o f ff Co Ltd Inc Str e max min ca Mio Mrd Tsd zzgl abzgl inkl Nrs Anh Bek Verf Ges Gen Jan Feb Aug "
    "Sept Okt Nov Dez".split())

ITEMS = (
    ItemShape("nr", re.compile(r"(\d{1,3}[a-z]?)\.(?=\s)"), rank=0),   # Nummer 1., 5a.
    ItemShape("lit", re.compile(r"([a-z])\)(?=\s)"), rank=1),          # Buchstabe a)
    ItemShape("lit", re.compile(r"(%s)\)(?=\s)" % "|".join(c * 2 for c in string.ascii_lowercase)),
              rank=2),                                                 # Doppelbuchstabe aa) (key: …/lita/litaa)
)
# a Satz opens with a capital (umlauts too), a quotation mark („, »), a bracket or a §; dates read "1. Januar"
OPENERS = "A-ZÄÖÜ„»(§"
SENTENCES = SentenceRules(ABBREVIATIONS, ITEMS, openers=OPENERS, day_ordinals=True)

# what a § or an Absatz reads once it is repealed: "(weggefallen)", "(aufgehoben)", "(entfallen)"; "-" for a § the
# source prints without any text
REPEAL = RepealMarks(words=("weggefallen", "aufgehoben", "entfallen", "-"), names=(("-", "no text left: “-”"),))


class GermanStructure:
    """:class:`~legalcite.jurisdictions.StructureParser` of German federal law."""

    repeal = REPEAL

    def subunits(self, text: str, paragraphs: Sequence[Mapping[str, Any]] = (), language: str | None = None
                 ) -> list[Sub]:
        """The Absätze of a § (the snapshot's ``paragraphs``; the whole ``text`` as one unnumbered Absatz where it
        gives none) with their Sätze and lists; an unnumbered § gives its Sätze directly."""
        out: list[Sub] = []
        for p in paragraphs or ({"abs": None, "text": text},):
            made = self.absatz(p.get("abs"), p.get("text") or "")
            out.extend(made if isinstance(made, list) else [made])
        return mark_repealed(out, REPEAL)

    def absatz(self, abs_value: Any, text: str) -> Sub | list[Sub]:
        """One Absatz: its Sätze, each with the list items whose first line lies in it."""
        found = sentences(text, SENTENCES)
        lines = text.strip().split("\n")
        sentence_at = sentence_of_lines(text, found)
        sätze = [sub("satz", str(i), s) for i, s in enumerate(found, 1)]
        loose: list[Sub] = []
        for line_no, item in split_items(lines, ITEMS):
            k = sentence_at[line_no]
            (sätze[k].setdefault("children", []) if 0 <= k < len(sätze) else loose).append(item)
        children = sätze + loose
        if abs_value is None:
            return children
        return sub("abs", str(abs_value), text, children)


PARSER = GermanStructure()


def sentences_of(text: str) -> list[str]:
    """The Sätze of a German Absatz (:data:`SENTENCES`)."""
    return sentences(text, SENTENCES)
