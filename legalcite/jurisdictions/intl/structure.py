"""The structure of the treaties in the Swiss compilation: printed as Swiss acts are
(:class:`~legalcite.jurisdictions.ch.structure.SwissStructure`), keyed with the treaty levels of docs/keys.md — an
Absatz and a Ziffer are a paragraph (``par``), a Buchstabe a point (``pt``)."""
from __future__ import annotations

from legalcite.jurisdictions.ch.structure import SwissStructure

LABELS = {"abs": "par", "ziff": "par", "lit": "pt", "satz": "satz"}

PARSER = SwissStructure(LABELS)
