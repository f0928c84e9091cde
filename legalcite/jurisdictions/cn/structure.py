"""Chinese sub-unit structure: 款 (the snapshot's paragraphs, one a line) with their 项 (``（一）…``); and the mark
of an article struck out by an amendment (``（删去）``, 刑法 Art. 199)."""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from legalcite.corpora.structure import RepealMarks, Sub, mark_repealed, sub
from legalcite.keys import cn_to_int

_ITEM = re.compile(r"^[（(]([一二三四五六七八九十百零〇]+)[）)]")

REPEAL = RepealMarks(words=("删去",))


class ChineseStructure:
    """:class:`~legalcite.jurisdictions.StructureParser` of PRC law."""

    repeal = REPEAL

    def subunits(self, text: str, paragraphs: Sequence[Mapping[str, Any]] = (), language: str | None = None
                 ) -> list[Sub]:
        """``[{kuan, text, items?}]`` → 款 (``para``) with their 项 (``item``), numbered as printed (``（十二）``)
        or, where the number cannot be read, by position."""
        out = []
        for p in paragraphs:
            items = []
            for i, it in enumerate(p.get("items") or (), 1):
                m = _ITEM.match(it.strip())
                try:
                    value = cn_to_int(m.group(1)) if m else i
                except ValueError:
                    value = i
                items.append(sub("item", str(value), it))
            out.append(sub("para", str(p.get("kuan")), p.get("text", ""), items))
        return mark_repealed(out, REPEAL)


PARSER = ChineseStructure()
