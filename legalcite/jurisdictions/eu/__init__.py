"""European Union (``eu``): EU acts, the treaties and the Charter, Court of Justice and General Court cases.

``extract.py`` anchors and parses (``statute.lark``: unit chains and act numbers; ``case.lark``: case numbers and
ECLI); ``acts.py`` reads act names and numbers (``data/acts.json.gz``, built by ``build.py`` from ``eu_toc``, and
the hand-kept ``data/aliases.json``); ``link.py`` binds an article printed without its act; ``printer.py`` prints
keys back in English, German or French; ``snapshots.py`` reads ``eu_toc``/``eu_fulltext``. Keys: docs/keys.md.
"""
from legalcite.jurisdictions import Jurisdiction
from legalcite.jurisdictions.eu.extract import EXTRACTOR
from legalcite.jurisdictions.eu.link import link


def knows_name(name: str) -> bool:
    """Whether ``name`` (as printed after an article: ``DSGVO``, ``AEUV``, ``EUV``) names an EU act in the tables;
    the German extractor asks (through ``jurisdictions.claimed_elsewhere``), so that an EU act in German prose stays
    ``eu``."""
    from legalcite.jurisdictions.eu.acts import index

    m = index().match_name(name, 0)
    return m is not None and m.end == len(name)


# EU law is cited in every language of the Union: German, English and French prose
JURISDICTION = Jurisdiction(code="eu", name="European Union", languages=("de", "en", "fr"), extractor=EXTRACTOR,
                            link=link, knows_name=knows_name)
