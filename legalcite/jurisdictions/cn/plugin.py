"""The code of China, as the registry asks for it (:class:`~legalcite.jurisdictions.interface.Parts`)."""
from __future__ import annotations

from legalcite.jurisdictions.interface import Parts
from legalcite.jurisdictions.cn.extract import EXTRACTOR
from legalcite.jurisdictions.cn.link import link, names
from legalcite.jurisdictions.cn.printer import PRINTER
from legalcite.jurisdictions.cn.snapshots import READERS
from legalcite.jurisdictions.cn.structure import PARSER

PARTS = Parts(extractor=EXTRACTOR, printer=PRINTER, linker=link, namer=names, structure=PARSER, readers=READERS)
