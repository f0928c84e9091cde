"""The code of the European Union, as the registry asks for it (:class:`~legalcite.jurisdictions.interface.Parts`)."""
from __future__ import annotations

from legalcite.jurisdictions.interface import Parts
from legalcite.jurisdictions.eu.acts import knows_name
from legalcite.jurisdictions.eu.extract import EXTRACTOR
from legalcite.jurisdictions.eu.link import link, names
from legalcite.jurisdictions.eu.printer import PRINTER
from legalcite.jurisdictions.eu.snapshots import READERS
from legalcite.jurisdictions.eu.structure import PARSER

PARTS = Parts(extractor=EXTRACTOR, printer=PRINTER, linker=link, namer=names, knows_name=knows_name, structure=PARSER,
              readers=READERS)
