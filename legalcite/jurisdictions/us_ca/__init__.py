"""California: the 29 codes in Bluebook and California Style Manual form (``Cal. Civ. Code § 1668``,
``Code of Civil Procedure section 437c, subdivision (c)``) and the California Constitution. California cases are
found (reporters-db) and California short forms bound by the ``us`` package.

``extract.py`` anchors and parses (section chains from ``us_common``); ``codes.py`` holds the code table
(``data/codes.json.gz``, built by ``build.py``); ``printer.py`` prints keys back; ``snapshots.py`` reads
``ca_codes_toc``/``ca_fulltext``.
"""
from legalcite.jurisdictions import Jurisdiction, KeyScheme, StoreRules, SubunitCheck as C

JURISDICTION = Jurisdiction(
    code="us-ca", name="California", languages=("en",),
    keys=KeyScheme(labels=("s", "art", "amend", "cl"), unit=("s", "art", "amend")),
    aliases=("ca",), fetch="leginfo", case_keys=("case/{volume}/{reporter}/{page}",),
    store=StoreRules(subunits={"": C.SUBDIVISIONS, "cl": C.LISTED_WHERE_FOUND}))
