"""Switzerland (``ch``): federal acts and the treaties of the Swiss classified compilation (SR 0.*, keyed ``int``),
cantonal acts, leading decisions (BGE/ATF/DTF), Federal Supreme Court dockets.

``extract.py`` anchors and parses (``statute.lark``, ``case.lark``); ``acts.py`` looks act names up in
``data/acts.json.gz`` (built by ``build.py`` from ``ch_toc.jsonl.gz``, with the hand-kept ``data/names.json``);
``link.py`` binds an article printed without its act; ``printer.py`` prints keys back; ``snapshots.py`` reads
``ch_toc``/``ch_fulltext`` and the BGE list, a case table.
"""
from legalcite.jurisdictions import Jurisdiction, KeyScheme, StoreRules, SubunitCheck as C

BGE_FIRST_YEAR = 1875   # BGE volume 1 reports the decisions of 1875: volume N is the year 1874 + N

JURISDICTION = Jurisdiction(
    code="ch", name="Switzerland", languages=("de", "fr", "it"), quantity_languages=("fr", "it"),
    case_keys=("rep/{reporter}/{volume}/{part}/{page}",),
    keys=KeyScheme(labels=("art", "abs", "ziff", "lit", "satz", "s", "annex"), unit=("art", "s"),
                   lettered=("lit",), documents=("case", "rep"), reporters=("rep",)),
    store=StoreRules(subunits={"abs": C.NUMBERED, "satz": C.SENTENCES, "lit": C.LISTED_WHERE_FOUND,
                               "ziff": C.LISTED_WHERE_FOUND}, yearly_volumes={"bge": BGE_FIRST_YEAR}))
