"""Corpus units: one row per provision, keyed by the canonical key, from any source format.

Loaders (one module per source format) yield :class:`CorpusUnit`; the SQLite store, the check and the
retrieval indexes all consume this one type, so they share one identifier.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CorpusUnit:
    """One provision as a source gives it (a store row): its canonical key, where it belongs, its text or only its
    heading (a table-of-contents entry), its sub-unit tree and its repeal and snapshot facts."""

    key: str                          # canonical key: de/bgb/s823, cn/中华人民共和国民法典/art577, us/usc/t42/s1983
    jurisdiction: str                 # de, cn, us, us-ca, eu, ch, int
    work: str                         # work id (the key's second segment)
    work_title: str | None            # Bürgerliches Gesetzbuch, 中华人民共和国民法典, Civil Code
    heading: str | None               # § heading / article caption / section heading
    text: str                         # full text of the unit ("" when only the TOC is known)
    language: str                     # de, zh, en
    # Sub-unit structure as nested dicts: [{"label": "abs", "value": "1", "text": "...", "children": [...]}]
    subunits: tuple[dict[str, Any], ...] = ()
    path: tuple[str, ...] = ()        # Buch/Abschnitt/Titel, 编/章/节, Division/Part/Chapter
    repealed: bool = False
    repealed_on: str | None = None    # ISO date where known
    replaced_by: str | None = None    # key or title of the successor, where known
    valid_from: str | None = None
    source: str = ""                  # snapshot file or URL
    snapshot: str | None = None       # snapshot date (ISO)
    extra: dict[str, Any] = field(default_factory=dict)
    # The text at the depth a citation cites (the item of "§ 14 Abs. 1 Satz 2 Nr. 1", the Absatz of "Abs. 2"): set by
    # the store resolver on the copy of the unit it hands on (to the misattribution test); None where the whole unit
    # is cited. Never stored.
    cited_text: str | None = None
    # The words that introduce the list the cited item stands in, at every level above it (the chapeau of 28 U.S.C.
    # § 1332(a) for "(a)(1)", "Sonstige Schadensersatzansprüche verjähren" for "§ 199 Abs. 3 Satz 1 Nr. 2"): they
    # apply to each item (a figure stated there is the item's). Set with :attr:`cited_text`; never stored.
    cited_lead: str | None = None

    @property
    def text_at_depth(self) -> str:
        """The text of what was cited: :attr:`cited_text` where a sub-unit was, else the whole :attr:`text`."""
        return self.text if self.cited_text is None else self.cited_text
