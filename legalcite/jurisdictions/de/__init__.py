"""Germany: federal statutes (``§ 823 Abs. 1 BGB``), decisions (``BAG, Urteil vom 5. Mai 2022 – 2 AZR 363/21``),
reporters (``BGHZ 164, 11``).

``extract.py`` anchors and parses (``statute.lark``, ``case.lark``); ``laws.py`` looks law names up in
``data/laws.json.gz`` (built by ``build.py`` from ``de_toc.jsonl.gz``); ``link.py`` binds ``ebd.`` and a § without
a law; ``printer.py`` prints keys back; ``snapshots.py`` reads ``de_toc``/``de_fulltext``.
"""
from legalcite.jurisdictions import Jurisdiction, KeyScheme, StoreRules, SubunitCheck as C

JURISDICTION = Jurisdiction(
    code="de", name="Germany", languages=("de",), quantity_languages=("de",),
    case_keys=("rep/{reporter}/{volume}/{page}",),
    keys=KeyScheme(labels=("s", "art", "abs", "uabs", "satz", "hs", "nr", "lit", "alt"), unit=("s", "art"),
                   lettered=("lit",), documents=("case", "rep"), reporters=("rep",)), fetch="gii",
    store=StoreRules(subunits={"abs": C.NUMBERED, "satz": C.SENTENCES, "nr": C.LISTED_WHERE_FOUND,
                               "lit": C.LISTED_WHERE_FOUND, "uabs": C.UNMODELLED, "hs": C.UNMODELLED,
                               "alt": C.UNMODELLED}))
