"""The code of the international treaties, as the registry asks for it
(:class:`~legalcite.jurisdictions.interface.Parts`)."""
from __future__ import annotations

from legalcite.jurisdictions.interface import Parts
from legalcite.jurisdictions.intl.extract import EXTRACTOR
from legalcite.jurisdictions.intl.printer import PRINTER
from legalcite.jurisdictions.intl.snapshots import READERS
from legalcite.jurisdictions.intl.structure import PARSER

PARTS = Parts(extractor=EXTRACTOR, printer=PRINTER, structure=PARSER, readers=READERS)
