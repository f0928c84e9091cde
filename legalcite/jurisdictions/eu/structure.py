"""EU sub-unit structure: paragraphs (``par``, numbered ``1.`` in the act) with their subparagraphs (``sub``) and
points (``pt``: ``(a)``, ``(1)`` in English, ``a)``, ``1.`` in German), read from a row's ``paragraphs``. Lines
that are not points open a new subparagraph; points belong to the subparagraph before them; a sub-point ``(i)``
below a lettered point is kept in its point's text (no EU key label names it), as are indents (``—``), which
a key cannot reach either (docs/keys.md). The OJ texts of the snapshot print no repeal marks."""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from legalcite.corpora.structure import RepealMarks, Sub, sub

_EN_POINT = re.compile(r"^\(([a-z]{1,2}|\d{1,3})\)\s*(.*)$", re.S)
_DE_LETTER = re.compile(r"^([a-z]{1,2})\)\s*(.*)$", re.S)
_DE_NUMBER = re.compile(r"^(\d{1,3})\.\s+(.*)$", re.S)
_ROMAN_POINT = re.compile(r"^(?:i{1,3}|iv|v|vi{1,3}|ix|x)$")

REPEAL = RepealMarks()


def _is_sub_point(label: str, last_letter: str | None) -> bool:
    """``(i)``, ``(ii)`` … below a lettered point; but ``(i)`` right after ``(h)`` is the letter i."""
    if not _ROMAN_POINT.match(label) or last_letter is None:
        return False
    return not (len(label) == 1 and ord(label) == ord(last_letter) + 1)


def _subparagraphs(text: str, lang: str) -> list[Sub]:
    subs: list[Sub] = []
    last_letter = None
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        m = _EN_POINT.match(line) if lang != "de" else (_DE_LETTER.match(line) or _DE_NUMBER.match(line))
        if m and subs:
            label = m.group(1)
            points = subs[-1].setdefault("children", [])
            if _is_sub_point(label, last_letter):
                if points:
                    points[-1]["text"] += "\n" + line  # a sub-point: not a level the EU labels name, kept as text
                continue
            if label.isalpha():
                last_letter = label
            if label.isalpha() and points and points[-1]["value"].isdigit():
                points[-1].setdefault("children", []).append(sub("pt", label, m.group(2)))  # (23)(a), Nr. 23 lit. a
                continue
            if label.isdigit():
                last_letter = None
            points.append(sub("pt", label, m.group(2)))
        else:
            subs.append(sub("sub", str(len(subs) + 1), line))
    return subs


class EuropeanStructure:
    """:class:`~legalcite.jurisdictions.StructureParser` of EU acts."""

    repeal = REPEAL

    def subunits(self, text: str, paragraphs: Sequence[Mapping[str, Any]] = (), language: str | None = None
                 ) -> list[Sub]:
        """The snapshot's ``paragraphs`` (``[{para, text}]``) in ``language`` (German points read ``a)``, ``1.``).
        An unnumbered article that is one list (GDPR Art. 4: definitions (1) … (26)) has its points at the top."""
        lang = language or "en"
        out: list[Sub] = []
        for p in paragraphs:
            subs = _subparagraphs(p.get("text") or "", lang)
            if p.get("para"):
                out.append(sub("par", str(p["para"]), p.get("text") or "", subs))
            elif len(subs) == 1 and subs[0].get("children"):
                out.extend(subs[0]["children"])
            else:
                out.extend(subs)
        return out


PARSER = EuropeanStructure()
