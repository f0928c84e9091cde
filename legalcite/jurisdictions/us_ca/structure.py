"""California subdivisions ``(a)(1)(A)(i)`` read from the lines of a section's text, nested as the USLM levels
are: (a) → 0, (1) → 1, (A) → 2, (i) → 3."""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from legalcite.corpora.structure import Sub, mark_repealed, sub
from legalcite.jurisdictions.us_common.structure import REPEAL

_CA_LABEL = re.compile(r"^\(([A-Za-z]{1,4}|\d{1,3}(?:\.\d+)?)\)\s*")
_ROMAN_LC = re.compile(r"^(?=[ivxl]+$)x{0,3}(ix|iv|v?i{0,3})$")


def _ca_level(label: str, open_labels: list[str]) -> int:
    """USLM nesting. A lower-case Roman-looking label is a numeral only below an (A) level, or below a (1) level
    when it cannot continue the letters (``(i)`` after ``(h)``)."""
    if label[0].isdigit():
        return 1
    if label.isupper():
        return 2
    if _ROMAN_LC.match(label):
        depth = len(open_labels)
        prev_letter = open_labels[0] if open_labels else None
        continues = prev_letter is not None and len(prev_letter) == 1 and len(label) == 1 \
            and ord(label) == ord(prev_letter) + 1
        if depth >= 3 or (depth >= 2 and not continues):
            return 3
    return 0


def ca_subdivisions(text: str, top_letters: Sequence[str] = ()) -> list[Sub]:
    """Subdivisions read from the lines of a section's text (``(a)(1) …`` opens two levels). ``top_letters``, the
    snapshot's own list of top-level letters, is added where the text misses one."""
    root: list[Sub] = []
    path: list[Sub] = []          # the open node per level
    labels: list[str] = []
    for line in text.split("\n"):
        rest = line.strip()
        while m := _CA_LABEL.match(rest):
            label = m.group(1)
            level = min(_ca_level(label, labels), len(path))  # never skip a level
            rest = rest[m.end():]
            node = sub("", label, rest)
            (root if level == 0 else path[level - 1].setdefault("children", [])).append(node)
            del path[level:], labels[level:]
            path.append(node)
            labels.append(label)
    have = {n["value"] for n in root}
    root += [sub("", x) for x in top_letters if x not in have]
    return mark_repealed(root, REPEAL)


class CaliforniaStructure:
    """:class:`~legalcite.jurisdictions.StructureParser` of the California codes and constitution."""

    repeal = REPEAL

    def subunits(self, text: str, paragraphs: Sequence[Mapping[str, Any]] = (), language: str | None = None
                 ) -> list[Sub]:
        return ca_subdivisions(text)


PARSER = CaliforniaStructure()
