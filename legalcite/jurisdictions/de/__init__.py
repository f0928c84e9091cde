"""Germany: federal statutes (``§ 823 Abs. 1 BGB``), decisions (``BAG, Urteil vom 5. Mai 2022 – 2 AZR 363/21``),
reporters (``BGHZ 164, 11``).

``extract.py`` anchors and parses (``statute.lark``, ``case.lark``); ``laws.py`` looks law names up in
``data/laws.json.gz`` (built by ``build.py`` from ``de_toc.jsonl.gz``); ``link.py`` binds ``ebd.`` and a § without
a law; ``printer.py`` prints keys back; ``snapshots.py`` reads ``de_toc``/``de_fulltext``.
"""
from legalcite.jurisdictions import Jurisdiction
from legalcite.jurisdictions.de.extract import EXTRACTOR, cue_count, knows_name
from legalcite.jurisdictions.de.link import link

JURISDICTION = Jurisdiction(code="de", name="Germany", languages=("de",), extractor=EXTRACTOR, link=link,
                            knows_name=knows_name, cue_count=cue_count)
