"""European Union (``eu``): EU acts, the treaties and the Charter, Court of Justice and General Court cases.

``extract.py`` anchors and parses (``statute.lark``: unit chains and act numbers; ``case.lark``: case numbers and
ECLI); ``acts.py`` reads act names and numbers (``data/acts.json.gz``, built by ``build.py`` from ``eu_toc``, and
the hand-kept ``data/aliases.json``); ``link.py`` binds an article printed without its act; ``printer.py`` prints
keys back in English, German or French; ``snapshots.py`` reads ``eu_toc``/``eu_fulltext``. Keys: docs/keys.md.
"""
from legalcite.jurisdictions import Jurisdiction, KeyScheme, StoreRules, SubunitCheck as C

# EU law is cited in every language of the Union: German, English and French prose
JURISDICTION = Jurisdiction(
    code="eu", name="European Union", languages=("de", "en", "fr"),
    keys=KeyScheme(labels=("art", "par", "sub", "pt", "satz", "recital", "annex"), unit=("art",), lettered=("pt",),
                   documents=("case", "ecli")),
    store=StoreRules(subunits={"par": C.NUMBERED, "pt": C.POINTS, "satz": C.SENTENCES}))
