"""The code of Germany, as the registry asks for it (:class:`~legalcite.jurisdictions.interface.Parts`)."""
from __future__ import annotations

from legalcite.jurisdictions.interface import Parts
from legalcite.jurisdictions.de.extract import cue_count, EXTRACTOR, knows_name
from legalcite.jurisdictions.de.link import link
from legalcite.jurisdictions.de.printer import PRINTER
from legalcite.jurisdictions.de.snapshots import READERS
from legalcite.jurisdictions.de.structure import PARSER

PARTS = Parts(extractor=EXTRACTOR, printer=PRINTER, linker=link, knows_name=knows_name, cue_count=cue_count,
              structure=PARSER, readers=READERS)
