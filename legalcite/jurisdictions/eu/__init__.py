"""European Union (``eu``): EU acts, the treaties and the Charter, Court of Justice and General Court cases.

Registered in :data:`legalcite.scan.JURISDICTIONS`; see :mod:`.extract` for the forms it reads and
``docs/keys.md`` for the keys."""
from legalcite.jurisdictions.eu.extract import EXTRACTOR
from legalcite.jurisdictions.eu.link import link

__all__ = ["EXTRACTOR", "knows_name", "link"]


def knows_name(name: str) -> bool:
    """Whether ``name`` (as printed after an article: ``DSGVO``, ``AEUV``, ``EUV``) names an EU act in the tables;
    the German extractor asks, so that an EU act in German prose stays ``eu``."""
    from legalcite.jurisdictions.eu.acts import index

    m = index().match_name(name, 0)
    return m is not None and m.end == len(name)
