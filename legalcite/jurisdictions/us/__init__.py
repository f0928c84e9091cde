"""United States, federal: the U.S. Code, the C.F.R., the federal rules, the Constitution, and cases in every
reporter of reporters-db (California reporters give ``us-ca`` keys), with the short forms of both.

``extract.py`` anchors and dispatches; ``case.lark`` is the grammar of case citations, ``grammar.py`` its
Transformer (and the parsers, the only Lark import), ``cases.py`` what they yield, the fast path for the commonest
shapes and the Citations; section chains and constitution units come from ``us_common``. ``link.py`` binds
``Id.``, ``supra``, short cites and bare sections for US *and* California citations; ``printer.py`` prints keys
back; ``snapshots.py`` reads ``us_constitution``/``us_usc_sections``; ``build.py`` builds ``data/usc.json.gz``.
"""
from legalcite.jurisdictions import Jurisdiction, KeyScheme, StoreRules, SubunitCheck as C

JURISDICTION = Jurisdiction(
    code="us", name="United States (federal)", languages=("en",), quantity_languages=("en",),
    keys=KeyScheme(labels=("t", "s", "art", "amend", "cl", "r"), unit=("s", "art", "amend", "r")), fetch="olrc",
    case_keys=("case/{volume}/{reporter}/{page}",), case_names="case_names.json",
    store=StoreRules(subunits={"": C.SUBDIVISIONS, "cl": C.LISTED_WHERE_FOUND},
                     uncovered_works=("cfr", "frcp", "frcrp", "fre", "frap"), titled_works=("usc",),
                     implied_courts={"u.s.": "scotus"}))
