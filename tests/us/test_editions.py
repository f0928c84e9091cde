"""The hand-kept reporter facts (legalcite/jurisdictions/us_common/data/editions.json) over reporters-db's edition
table: every row names a reporters-db edition and its source, corrects what it says it corrects, and leaves each
finished series ending where its successor begins."""
from __future__ import annotations


import pytest

from legalcite.jurisdictions.us_common.reporters import edition_facts, lookup_editions, lookup_reporter

FACTS = sorted(edition_facts().items())


def test_every_row_is_a_reporters_db_edition_with_a_source() -> None:
    from reporters_db import REPORTERS

    abbrs = {abbr for entries in REPORTERS.values() for e in entries for abbr in e["editions"]}
    for abbr, fact in FACTS:
        assert abbr in abbrs, abbr
        assert fact["source"].strip(), abbr
        assert set(fact) <= {"start", "end", "last_volume", "next", "source"}, abbr
        assert isinstance(fact.get("last_volume", 1), int)


# (edition, decision years after the correction, last volume): what reporters-db gets wrong or lacks
CORRECTED = [
    ("F. Supp.", (1932, 1998), 999),       # reporters-db: 1932–1988, so Carr v. First Nationwide Bank (1993)
                                           # looked invented
    ("F. Supp. 2d", (1997, 2014), 999),    # reporters-db: from 1988
    ("F.3d", (1993, 2021), 999),           # reporters-db: running
    ("F. App'x", (2001, 2021), 861),       # reporters-db: running
    ("F.2d", (1924, 1993), 999),           # right in reporters-db; the last volume added
    ("S.W.2d", (1928, 1999), 999),
]


@pytest.mark.parametrize("abbr,years,last", CORRECTED)
def test_corrections_are_applied(abbr: str, years: tuple[int, int], last: int) -> None:
    ed = lookup_reporter(abbr)
    assert (ed.abbr, (ed.start, ed.end), ed.last_volume) == (abbr, years, last)
    assert ed.source


@pytest.mark.parametrize("abbr,following", [(a, f["next"]) for a, f in FACTS if "next" in f])
def test_a_finished_series_ends_where_its_successor_begins(abbr: str, following: str) -> None:
    ed = lookup_reporter(abbr)
    nxt = [e for e in lookup_editions(following) if e.abbr == following]
    assert ed.end is not None and ed.last_volume and nxt, (abbr, following)
    assert abs(nxt[0].start - ed.end) <= 1, (abbr, ed.end, following, nxt[0].start)
