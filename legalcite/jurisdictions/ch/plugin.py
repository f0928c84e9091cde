"""The code of Switzerland, as the registry asks for it (:class:`~legalcite.jurisdictions.interface.Parts`)."""
from __future__ import annotations

from legalcite.jurisdictions.interface import Parts
from legalcite.jurisdictions.ch.acts import knows_name
from legalcite.jurisdictions.ch.extract import cue_count, EXTRACTOR
from legalcite.jurisdictions.ch.link import link, names
from legalcite.jurisdictions.ch.printer import PRINTER
from legalcite.jurisdictions.ch.snapshots import READERS
from legalcite.jurisdictions.ch.structure import PARSER

PARTS = Parts(extractor=EXTRACTOR, printer=PRINTER, linker=link, namer=names, knows_name=knows_name,
              cue_count=cue_count, structure=PARSER, readers=READERS)
