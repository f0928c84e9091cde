"""The California snapshot readers on hand-written rows."""
from __future__ import annotations

from pathlib import Path

from legalcite.corpora import CorpusUnit
from legalcite.jurisdictions.us_ca.snapshots import ca_segments, read_ca_fulltext
from tests.conftest import write_jsonl_gz


def test_ca_duplicate_sections_merge(tmp_path: Path) -> None:
    base = dict(code="CCP", code_name="Code of Civil Procedure", section="35", path=[], history="",
                source="johnakelly-yahoo-com/california-codes", complete_code=True)
    rows = [dict(base, key="ca/ccp/35", text="(a) first version.\n(b) more.", subdivisions=["a", "b"]),
            dict(base, key="ca/ccp/35", text="(a) second version.\n(c) new.", subdivisions=["a", "c"])]
    units = [r for r in read_ca_fulltext(write_jsonl_gz(tmp_path / "ca_fulltext.jsonl.gz", rows))
             if isinstance(r, CorpusUnit)]
    assert len(units) == 1 and units[0].key == "us-ca/ccp/s35"
    assert [s["value"] for s in units[0].subunits] == ["a", "b", "c"] and units[0].extra["versions"] == 2


def test_constitution_articles_and_codes_key_like_extraction() -> None:
    assert ca_segments("CONS", "XIIIB-1") == ("const", ["art13b", "s1"])
    assert ca_segments("CONS", "XXXV-2") == ("const", ["art35", "s2"])
    assert ca_segments("LAB", "2802") == ("lab", ["s2802"])
