"""U.S. Code structure as the OLRC text prints it: ``(a) …`` at the margin, each deeper level (``(1)``, ``(A)``,
``(i)``) indented two more spaces; lines without a ``(x)`` belong to the open subdivision. A subdivision that
reads ``Repealed. Pub. L. …`` is marked repealed (:data:`legalcite.jurisdictions.us_common.structure.REPEAL`)."""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from legalcite.corpora.structure import Sub, mark_repealed, sub
from legalcite.jurisdictions.us_common.structure import REPEAL

_USC_LINE = re.compile(r"^( *)\(([0-9A-Za-z]+)\)\s*(.*)$")


def usc_subsections(text: str) -> list[Sub]:
    """The subdivision tree of a section's text (bare labels: the ``""`` label of US keys)."""
    root: list[Sub] = []
    stack: list[tuple[int, Sub]] = []
    for line in text.split("\n"):
        m = _USC_LINE.match(line)
        if not m:
            if stack:
                stack[-1][1]["text"] += " " + line.strip()
            continue
        depth = len(m.group(1)) // 2
        node = sub("", m.group(2), m.group(3).strip())
        while stack and stack[-1][0] >= depth:
            stack.pop()
        (stack[-1][1].setdefault("children", []) if stack else root).append(node)
        stack.append((depth, node))
    return root


class USCodeStructure:
    """:class:`~legalcite.jurisdictions.StructureParser` of the U.S. Code."""

    repeal = REPEAL

    def subunits(self, text: str, paragraphs: Sequence[Mapping[str, Any]] = (), language: str | None = None
                 ) -> list[Sub]:
        return mark_repealed(usc_subsections(text), REPEAL)


PARSER = USCodeStructure()
