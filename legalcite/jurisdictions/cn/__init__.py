"""China (PRC): statutes and judicial interpretations (``《中华人民共和国民法典》第五百零九条第二款``), case numbers,
document numbers (``法释〔2020〕26号``), English renderings (``Article 577 of the PRC Civil Code``).

``extract.py`` anchors and parses (``units.lark``); ``laws.py`` normalises titles and looks them up in
``data/laws.json.gz`` (built by ``build.py`` from ``cn_laws``/``cn_fulltext``); ``link.py`` binds 本法, 同法, 前条 …;
``printer.py`` prints keys back; ``snapshots.py`` reads ``cn_laws``/``cn_fulltext``.
"""
from legalcite.jurisdictions import Jurisdiction, KeyScheme, StoreRules, SubunitCheck as C

JURISDICTION = Jurisdiction(
    code="cn", name="China (PRC)", languages=("zh",), quantity_languages=("zh",),
    keys=KeyScheme(labels=("art", "para", "item"), unit=("art",)), fetch="flk",
    store=StoreRules(subunits={"para": C.LISTED, "item": C.ITEMS}))
