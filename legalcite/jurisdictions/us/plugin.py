"""The code of the United States (federal), as the registry asks for it
(:class:`~legalcite.jurisdictions.interface.Parts`)."""
from __future__ import annotations

from legalcite.jurisdictions.interface import Parts
from legalcite.jurisdictions.us_common.reporters import editions_by_segment
from legalcite.jurisdictions.us.dispositions import missing_unit
from legalcite.jurisdictions.us.extract import EXTRACTOR
from legalcite.jurisdictions.us.link import link
from legalcite.jurisdictions.us.printer import PRINTER
from legalcite.jurisdictions.us.snapshots import READERS
from legalcite.jurisdictions.us.structure import PARSER

PARTS = Parts(extractor=EXTRACTOR, printer=PRINTER, linker=link, structure=PARSER, readers=READERS,
              missing_unit=missing_unit, reporter_editions=editions_by_segment)
