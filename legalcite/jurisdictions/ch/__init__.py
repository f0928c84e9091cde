"""Switzerland (``ch``): federal acts and the treaties of the Swiss classified compilation (SR 0.*, keyed ``int``),
cantonal acts, leading decisions (BGE/ATF/DTF), Federal Supreme Court dockets.

``extract.py`` anchors and parses (``statute.lark``, ``case.lark``); ``acts.py`` looks act names up in
``data/acts.json.gz`` (built by ``build.py`` from ``ch_toc.jsonl.gz``, with the hand-kept ``data/names.json``);
``link.py`` binds an article printed without its act; ``printer.py`` prints keys back; ``snapshots.py`` reads ``ch_toc``/``ch_fulltext`` (the BGE list is a case table, ``corpora.cases``).
"""
from legalcite.jurisdictions import Jurisdiction
from legalcite.jurisdictions.ch.acts import knows_name
from legalcite.jurisdictions.ch.extract import EXTRACTOR, cue_count
from legalcite.jurisdictions.ch.link import link

JURISDICTION = Jurisdiction(code="ch", name="Switzerland", languages=("de", "fr", "it"), extractor=EXTRACTOR, link=link,
                            knows_name=knows_name, cue_count=cue_count)
