"""The store's case table: one interface whatever fills it (the BGE list at build time, CourtListener bulk data and
case lists loaded later), rows of several tables at one citation, loaded tables kept across rebuilds and official
fetches, and the schema bump that introduced it refused with a clear remedy."""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from legalcite.corpora.cases import CaseParts, case_key, case_parts, reporter_id, with_page
from legalcite.corpora.store import SCHEMA_VERSION, Store, StoreCorrupt, build_store, merge_into_store


@pytest.mark.parametrize("key,parts", [
    ("us/case/925/f.3d/1339", CaseParts("us/case/f.3d", "925", "1339")),
    ("us-ca/case/51/cal.4th/310", CaseParts("us-ca/case/cal.4th", "51", "310")),
    ("ch/rep/bge/146/iii/1", CaseParts("ch/rep/bge/iii", "146", "1")),
    ("de/rep/bghz/100/1", CaseParts("de/rep/bghz", "100", "1")),
    ("de/case/bag/2-azr-363-21", None),                    # a docket, no reporter page
    ("eu/case/c-486-08", None),
])
def test_case_parts_and_back(key: str, parts: CaseParts | None) -> None:
    assert case_parts(key) == parts
    if parts is not None:
        assert with_page(parts, parts.page) == key


@pytest.mark.parametrize("jurisdiction,names,volume,page,key", [
    ("us", ("f.3d",), "925", "1339", "us/case/925/f.3d/1339"),
    ("us-ca", ("cal.4th",), "51", "310", "us-ca/case/51/cal.4th/310"),
    ("ch", ("bge", "iii"), "146", "1", "ch/rep/bge/146/iii/1"),
    ("de", ("bghz",), "100", "1", "de/rep/bghz/100/1"),
])
def test_keys_from_the_declared_shapes(jurisdiction: str, names: tuple[str, ...], volume: str, page: str,
                                       key: str) -> None:
    assert case_key(jurisdiction, volume, page, *names) == key
    assert reporter_id(jurisdiction, *names) == case_parts(key).reporter


def test_a_jurisdiction_without_case_key_shapes() -> None:
    assert case_parts("cn/case/(2021)京01民终1234号") is None
    with pytest.raises(ValueError, match="no case-key shape"):
        reporter_id("cn", "x")
    with pytest.raises(ValueError, match="no case-key shape"):
        with_page(CaseParts("eu/case/x", "1", "2"), 2)


def test_one_interface_for_every_table(case_store: Path) -> None:
    with Store(case_store) as s:
        [cap, cl] = s.cases_at("us/case/925/f.3d/1291")
        assert (cap.table, cap.last_page, cl.table, cl.last_page) == ("cap", 1349, "courtlistener", None)
        assert cl.name == cap.name == "J.D. v. Azar" and cl.parties == ("jd", "azar")
        [bge] = s.cases_at("ch/rep/bge/146/iii/1")
        assert bge.extra["cite"] == "BGE 146 III 1" and bge.docket and bge.table == "bge"
        [t] = s.case_tables("ch/rep/bge/iii")
        assert t.closed and t.max_volume == 152 and not t.complete
        assert [r.first_page for r in s.cases_in_volume("us/case/454/u.s.")] == [235, 263]
        assert {r.key for r in s.cases_by_party("zicherman")} == {"us/case/516/u.s./217"}
        assert {name for name, *_ in s.case_summary()} == {"bge", "cap", "courtlistener"}


def test_loaded_tables_survive_a_rebuild_and_a_fetch(case_store: Path, small_corpora: Path, tmp_path: Path) -> None:
    from legalcite.corpora import CorpusUnit
    from legalcite.jurisdictions import snapshot_readers

    store = tmp_path / "store.sqlite"
    shutil.copy(case_store, store)
    build_store(small_corpora, store, readers=snapshot_readers(), force=True)   # the snapshots again
    with Store(store) as s:
        assert len(s.cases_at("us/case/925/f.3d/1291")) == 2 and s.cases_at("ch/rep/bge/146/iii/1")
    unit = CorpusUnit(key="us/usc/t99/s1", jurisdiction="us", work="usc", work_title=None, heading="x", text="x",
                      language="en")
    merge_into_store([unit], store, note="test")
    with Store(store) as s:
        assert len(s.cases_at("us/case/925/f.3d/1291")) == 2 and s.unit("us/usc/t99/s1")


def test_an_old_store_is_refused_with_the_remedy(small_store: Path, tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite"
    shutil.copy(small_store, old)
    con = sqlite3.connect(old)
    con.execute("UPDATE meta SET value = '1' WHERE name = 'schema_version'")
    con.commit()
    con.close()
    with pytest.raises(StoreCorrupt, match=rf"schema version 1, this legalcite reads version {SCHEMA_VERSION} "
                                           r"\(version 2 adds the case tables.*corpus build --force"):
        Store(old)
