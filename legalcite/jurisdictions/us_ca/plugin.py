"""The code of California, as the registry asks for it (:class:`~legalcite.jurisdictions.interface.Parts`)."""
from __future__ import annotations

from legalcite.jurisdictions.interface import Parts
from legalcite.jurisdictions.us_common.reporters import editions_by_segment
from legalcite.jurisdictions.us_ca.extract import EXTRACTOR
from legalcite.jurisdictions.us_ca.printer import PRINTER
from legalcite.jurisdictions.us_ca.snapshots import READERS
from legalcite.jurisdictions.us_ca.structure import PARSER

PARTS = Parts(extractor=EXTRACTOR, printer=PRINTER, structure=PARSER, readers=READERS,
              reporter_editions=editions_by_segment)
