"""United States, federal: the U.S. Code, the C.F.R., the federal rules, the Constitution, and cases in every
reporter of reporters-db (California reporters give ``us-ca`` keys), with the short forms of both.

``extract.py`` anchors and parses (section chains and reporters from ``us_common``); ``link.py`` binds ``Id.``,
``supra``, short cites and bare sections for US *and* California citations; ``printer.py`` prints keys back;
``snapshots.py`` reads ``us_constitution``/``us_usc_sections``; ``build.py`` builds ``data/usc.json.gz``.
"""
from legalcite.jurisdictions import Jurisdiction
from legalcite.jurisdictions.us.extract import EXTRACTOR
from legalcite.jurisdictions.us.link import link


def _print_key(key: str) -> str | None:  # imported on first use: extraction never needs the printer
    from legalcite.jurisdictions.us.printer import print_key

    return print_key(key)


def _snapshot_readers():
    from legalcite.jurisdictions.us.snapshots import READERS

    return READERS


JURISDICTION = Jurisdiction(code="us", name="United States (federal)", languages=("en",), extractor=EXTRACTOR,
                            printer=_print_key, link=link, snapshot_readers=_snapshot_readers)
