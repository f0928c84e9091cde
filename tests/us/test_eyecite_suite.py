"""eyecite's own test data (``../shared/testdata/us_eyecite_tests.jsonl``), scored as its README says (volume,
reporter, page): the floors of issue 17. ``benchmarks/us_eyecite_suite.py`` prints the figures and the misses."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def suite():
    spec = importlib.util.spec_from_file_location("us_eyecite_suite", ROOT / "benchmarks" / "us_eyecite_suite.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["us_eyecite_suite"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_floors_on_eyecite_tests(suite, testdata_dir: Path) -> None:
    rows = suite.load(testdata_dir / "us_eyecite_tests.jsonl")
    score = suite.score(rows, suite.legalcite_found)
    assert score.gold["full_case"] >= 150 and score.gold["short_case"] >= 30
    assert score.share("full_case") >= 0.97, score.missed
    assert score.share("short_case") >= 0.90, score.missed


def test_the_scorer_counts_what_it_should(suite) -> None:
    """A found citation counts once, by volume, reporter (canonical or as printed) and page; a short cite by the page
    it points at."""
    row = {"text": "", "expected": [
        {"kind": "full_case", "volume": "672", "reporter": "P2d", "page": "231"},
        {"kind": "short_case", "volume": "1", "reporter": "U.S.", "page": "20"},
        {"kind": "short_case", "volume": "1", "reporter": "U.S.", "page": "20"},
        {"kind": "id", "volume": None, "reporter": None, "page": None}]}
    found = [("full_case", "672", frozenset({"p.2d", "p2d"}), "231"), ("short_case", "1", frozenset({"u.s."}), "20")]
    s = suite.score([row], lambda r: list(found))
    assert (s.found["full_case"], s.gold["full_case"], s.found["short_case"], s.gold["short_case"]) == (1, 1, 1, 2)
    assert suite.first_page("20-25") == "20" and suite.first_page("*3") == "3"
