"""What US federal and California texts share about structure: how a repealed section or subdivision reads
(``Repealed. Pub. L. 104–193, …``, ``[Repealed]``). ``Omitted`` and ``[Reserved]`` are not repeal: an omitted
subsection was left out of the Code (executed, expired), a reserved one never had text."""
from __future__ import annotations

from legalcite.corpora.structure import RepealMarks

REPEAL = RepealMarks(words=("Repealed",), leads=("Repealed.", "Repealed by", "Repealed,"))
