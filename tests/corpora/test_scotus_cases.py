"""The U.S. Reports as a case table (issue 27): scripts/build_scotus_cases.py turns the Supreme Court Database's
case-centered CSV (and Citation Finder lists) into ``us_scotus_cases.jsonl.gz``, which ``corpus build`` loads from
the corpora folder; offline, Supreme Court citations then get the verdicts a lawyer gives them."""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

from legalcite.checker import check

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "scotus"


@pytest.fixture(scope="module")
def scotus_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_scotus_cases
    finally:
        sys.path.pop(0)
    from legalcite.cli.corpus import build_steps
    from legalcite.corpora.store import build_store
    from legalcite.jurisdictions import snapshot_readers

    corpora = tmp_path_factory.mktemp("scotus_corpora")
    out = corpora / "us_scotus_cases.jsonl.gz"
    assert build_scotus_cases.main([*map(str, sorted(FIXTURES.glob("*.csv"))), "--source", "fixture", "-o",
                                    str(out)]) == 0
    store = corpora / "store.sqlite"
    build_store(corpora, store, readers=snapshot_readers(), steps=build_steps())
    return store


def test_the_builder_keys_every_citation_once() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_scotus_cases
    finally:
        sys.path.pop(0)
    lines = build_scotus_cases.build(sorted(FIXTURES.glob("*.csv")), "fixture")
    keys = [line["key"] for line in lines]
    assert len(keys) == len(set(keys))                           # Marbury is listed twice in the input
    assert "us/case/5/u.s./137" in keys and "us/case/127/s.ct./1955" in keys
    assert not any("603" in k for k in keys)                     # 603 U.S. ___: no page yet
    twombly = next(line for line in lines if line["key"] == "us/case/550/u.s./544")
    assert twombly["date"] == "2007-05-21" and twombly["docket"] == "05-1126"
    assert twombly["parallel_keys"] == ["us/case/127/s.ct./1955", "us/case/167/l.ed.2d/929"]


# (model answer, status, words the reason must hold)
ANSWERS = [
    ("Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007).", "real", ["TWOMBLY"]),
    ("Twombly, 127 S. Ct. 1955 (2007).", "real", []),
    ("Marbury v. Madison, 5 U.S. 137 (1803).", "real", ["Marbury v. Madison"]),
    # a famous name on another decision's page: misattributed, both names said
    ("Twombly v. Bell Atlantic Corp., 556 U.S. 662 (2009).", "misattributed", ["IQBAL", "not Twombly"]),
    ("Hepburn v. Auld, 5 U.S. 137 (1803).", "misattributed", ["Marbury v. Madison", "not Hepburn v. Auld"]),
    # a page inside a listed decision under another name (its pages run to the next listed one)
    ("Smith v. Jones, 5 U.S. 150 (1803).", "misattributed", ["lies within Marbury v. Madison", "137–181"]),
    # after the last listed decision: a decision may begin there (not every order is listed)
    ("Doe v. Roe, 5 U.S. 400 (1803).", "not_findable", ["none lists every decision"]),
    # a name the table lists at another citation: said in the reason
    ("Marbury v. Madison, 6 U.S. 137 (1803).", "not_findable", ["a decision of that name is listed at",
                                                                 "5 U.S. 137"]),
]


@pytest.mark.parametrize("answer,status,words", ANSWERS, ids=[a[:40] for a, *_ in ANSWERS])
def test_supreme_court_citations_offline(scotus_store: Path, answer: str, status: str, words: list[str]) -> None:
    [cc] = [c for c in check(answer, store=scotus_store, attribution=False) if c.citation.key]
    assert cc.status.value == status, cc.reason
    for w in words:
        assert w in cc.reason, cc.reason
    assert any(e.source.startswith("case table:scdb") for e in cc.evidence)


def test_a_case_list_line_without_a_key_is_refused(tmp_path: Path) -> None:
    from legalcite.jurisdictions.us.snapshots import read_scotus_cases
    from legalcite.errors import InputError

    bad = tmp_path / "us_scotus_cases.jsonl.gz"
    with gzip.open(bad, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps({"citation": "5 U.S. 137", "name": "Marbury v. Madison"}) + "\n")
    with pytest.raises(InputError, match="has no key"):
        list(read_scotus_cases(bad))
