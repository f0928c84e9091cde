"""The snapshot records in the store (canonical keys, completeness, repeal) and the SQLite store (atomic,
idempotent build).

The store fixtures (``small_corpora``, ``small_store``, ``store``) are in ``tests/conftest.py``.
"""
from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from legalcite.corpora import CorpusUnit
from legalcite.corpora import snapshots as snap
from legalcite.corpora.store import Store, StoreMissing, build_store, default_store_path, write_store
from legalcite.jurisdictions import get
from legalcite.jurisdictions.de.structure import sentences_of as de_sentences
from legalcite.jurisdictions.us_ca.structure import ca_subdivisions
from legalcite.jurisdictions import snapshot_readers

# ------------------------------------------------------------------ canonical keys and content

@pytest.mark.parametrize("key, check", [
    ("de/bgb/s823", lambda u: u.heading == "Schadensersatzpflicht" and [s["value"] for s in u.subunits] == ["1", "2"]),
    ("de/gg/art1", lambda u: u.text.startswith("(1) Die Würde des Menschen ist unantastbar")),
    ("de/stgb/s242", lambda u: u.heading == "Diebstahl"),
    ("de/kschg/s1", lambda u: [s["value"] for s in u.subunits][:3] == ["1", "2", "3"]),
    ("de/burlg/s3", lambda u: "24 Werktage" in u.text),
    ("de/egbgb/art229/s1", lambda u: u.extra.get("nested") and "art_229__1" in u.extra["url"]),
    ("de/bgb/s5", lambda u: u.repealed and u.text == ""),                         # TOC: (weggefallen)
    ("de/sgb-v/s1", lambda u: u.extra.get("toc_only") and u.work_title.startswith("Sozialgesetzbuch")),
    ("cn/中华人民共和国民法典/art577", lambda u: u.text.startswith("当事人一方不履行合同义务")),
    ("cn/中华人民共和国民法典/art1079", lambda u: len(u.subunits) == 5),
    ("cn/中华人民共和国劳动合同法/art39", lambda u: len(u.subunits[0]["children"]) == 6),
    ("cn/中华人民共和国刑法/art120-1", lambda u: u.heading == "第一百二十条之一"),
    ("cn/中华人民共和国公司法/art1", lambda u: u.extra.get("toc_only")),           # from the article count
    ("us-ca/lab/s2802", lambda u: [s["value"] for s in u.subunits][:2] == ["a", "b"]),
    ("us-ca/lab/s1194", lambda u: "minimum wage" in u.text.lower()),
    ("us-ca/const/art1/s1", lambda u: u.text.startswith("All people are by nature free")),
    ("us-ca/const/art13b/s1", lambda u: "appropriations" in u.text),
    ("us-ca/civ/s1542", lambda u: u.text.startswith("A general release")),
    ("us-ca/ccp/s335.1", lambda u: u.extra.get("toc_only")),
    ("us/const/art1/s8", lambda u: len(u.subunits) > 10 and u.subunits[0]["label"] == "cl"),
    ("us/const/amend14/s1", lambda u: "due process of law" in u.text),
    ("us/const/amend18/s1", lambda u: u.repealed and u.replaced_by == "us/const/amend21/s1"),
    ("us/usc/t42/s1983", lambda u: u.heading == "Civil action for deprivation of rights"),
    ("us/usc/t42/s2000e-2", lambda u: u.heading == "Unlawful employment practices"),
])
def test_canonical_keys(store: Store, key: str, check) -> None:
    unit = store.unit(key)
    assert unit is not None, key
    assert check(unit), unit


def test_snapshot_row_ids_are_not_keys(store: Store) -> None:
    for row_id in ("de/bgb/823", "cn/民法典/577", "ca/fam/2310", "us/usc/42/1983", "us/const/artI/s8"):
        assert store.unit(row_id) is None


@pytest.mark.parametrize("key, complete", [
    ("de/bgb", True), ("de/egbgb", False), ("cn/中华人民共和国民法典", True), ("us-ca/lab", True),
    ("us-ca/civ", False), ("us-ca/pen", False), ("us-ca/gov", False), ("us/usc", True), ("us/const", True),
])
def test_work_completeness(store: Store, key: str, complete: bool) -> None:
    assert store.work(key).complete is complete


def test_repeal_clause_of_civil_code(store: Store) -> None:
    for title in ("中华人民共和国合同法", "中华人民共和国婚姻法", "中华人民共和国物权法", "中华人民共和国民法总则"):
        w = store.work(f"cn/{title}")
        assert w.repealed and w.repealed_on == "2021-01-01" and w.replaced_by == "中华人民共和国民法典"
        assert w.extra["repeal_clause"] == "cn/中华人民共和国民法典/art1260"
    assert not store.work("cn/中华人民共和国民法典").repealed


def test_aliases(store: Store) -> None:
    assert [w.key for w in store.find_works("SGB V", "de")] == ["de/sgb-v"]
    assert [w.key for w in store.find_works("BGBEG", "de")] == ["de/egbgb"]
    assert [w.key for w in store.find_works("民法典", "cn")] == ["cn/中华人民共和国民法典"]


# ------------------------------------------------------------------ merging TOC and full text (the readers' own
# tests are in tests/<jurisdiction>/test_snapshots.py)

def test_full_text_merges_over_toc(tmp_path: Path) -> None:
    toc = CorpusUnit("de/x/s1", "de", "x", None, "(weggefallen)", "", "de", repealed=True, extra={"toc_only": True})
    full = CorpusUnit("de/x/s1", "de", "x", "X", "Heading", "Text", "de", extra={"subunits_known": True})
    merged = snap.merge_unit(toc, full)
    assert merged.text == "Text" and merged.repealed and "toc_only" not in merged.extra


# ------------------------------------------------------------------ structure parsing

def test_de_sentences() -> None:
    text = ("Die Frist beträgt nach § 3 Abs. 1 vier Wochen. Sie beginnt am 1. Januar 2000. "
            "Die Angaben sind:\n1. der Name,\n2. Die Anschrift.\nWerden Verträge geschlossen, gilt dies.")
    assert de_sentences(text) == [
        "Die Frist beträgt nach § 3 Abs. 1 vier Wochen.", "Sie beginnt am 1. Januar 2000.",
        "Die Angaben sind: 1. der Name, 2. Die Anschrift.", "Werden Verträge geschlossen, gilt dies."]


def test_ca_subdivisions_nesting() -> None:
    text = "(a) A.\n(b) B:\n(1) one\n(A) big\n(i) roman\n(ii) two\n(2) two\n(c)(1) c-one\n(2) c-two\n(h) h\n(i) letter"
    tree = ca_subdivisions(text, ["a", "b", "c", "h", "i", "j"])
    assert [n["value"] for n in tree] == ["a", "b", "c", "h", "i", "j"]
    b = tree[1]
    assert [n["value"] for n in b["children"]] == ["1", "2"]
    assert [n["value"] for n in b["children"][0]["children"][0]["children"]] == ["i", "ii"]
    assert [n["value"] for n in tree[2]["children"]] == ["1", "2"]


def test_cn_items() -> None:
    kuan = {"kuan": 1, "text": "有下列情形之一的：", "items": ["（一）甲；", "（十二）乙。"]}
    paras = get("cn").parts.structure.subunits("", [kuan])
    assert [c["value"] for c in paras[0]["children"]] == ["1", "12"]


# ------------------------------------------------------------------ the store file

def test_rebuild_is_skipped_when_inputs_unchanged(small_corpora: Path, small_store: Path) -> None:
    mtime = small_store.stat().st_mtime_ns
    again = build_store(small_corpora, small_store, readers=snapshot_readers())
    assert again.skipped and again.units == _digest(small_store)[0][0] > 0 and small_store.stat().st_mtime_ns == mtime


def _digest(path: Path) -> list:
    con = sqlite3.connect(path)
    try:
        return [con.execute("SELECT count(*), total(length(text)), group_concat(key, '') IS NOT NULL "
                            "FROM units").fetchone(),
                con.execute("SELECT key, complete, repealed FROM works ORDER BY key").fetchall()]
    finally:
        con.close()


def test_forced_rebuild_is_idempotent(tmp_path: Path) -> None:
    units = [CorpusUnit(f"de/x/s{i}", "de", "x", "X", None, f"text {i}", "de") for i in range(50)]
    work = snap.Work("de/x", "de", "x", "X-Gesetz", ("X",), complete=True, n_units=50)
    p = tmp_path / "s.sqlite"
    write_store([*units, work], p)
    first = _digest(p)
    write_store([*units, work], p)
    assert _digest(p) == first


def test_failed_build_keeps_the_old_store(tmp_path: Path) -> None:
    p = tmp_path / "s.sqlite"
    write_store([CorpusUnit("de/x/s1", "de", "x", "X", None, "alt", "de")], p)

    def broken():
        yield CorpusUnit("de/x/s1", "de", "x", "X", None, "neu", "de")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_store(broken(), p)
    with Store(p) as s:
        assert s.unit("de/x/s1").text == "alt"
    assert [f.name for f in tmp_path.iterdir()] == ["s.sqlite"]  # no temp file left behind


def test_store_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LEGALCITE_STORE", str(tmp_path / "env.sqlite"))
    assert default_store_path() == tmp_path / "env.sqlite"
    monkeypatch.delenv("LEGALCITE_STORE")
    assert default_store_path().name == "store.sqlite" and "legalcite" in str(default_store_path())
    with pytest.raises(StoreMissing):
        Store(tmp_path / "nope.sqlite")


def test_cli_corpus_build_and_show(small_corpora: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    store = tmp_path / "cli.sqlite"
    assert main(["corpus", "build", "--from", str(small_corpora), "--store", str(store), "--jurisdictions", "us",
                 "--quiet"]) == 0
    assert "built" in capsys.readouterr().err
    assert main(["corpus", "show", "us/const/amend1", "--store", str(store)]) == 0
    assert json.loads(capsys.readouterr().out)["heading"] == "Freedom of Religion, Press, Expression"
    assert main(["corpus", "show", "us/const/amend99", "--store", str(store)]) == 1
    assert main(["corpus", "info", "--store", str(store)]) == 0
    assert os.path.getsize(store) > 0


def test_rebuild_keeps_the_online_cache(tmp_path: Path) -> None:
    p = tmp_path / "s.sqlite"
    write_store([CorpusUnit("de/x/s1", "de", "x", "X", None, "alt", "de")], p)
    con = sqlite3.connect(p)
    con.execute("CREATE TABLE online_cache (k TEXT PRIMARY KEY, v TEXT)")
    con.execute("INSERT INTO online_cache VALUES ('de/x/s2', 'real')")
    con.commit()
    con.close()
    write_store([CorpusUnit("de/x/s1", "de", "x", "X", None, "neu", "de")], p)
    con = sqlite3.connect(p)
    try:
        assert con.execute("SELECT * FROM online_cache").fetchall() == [("de/x/s2", "real")]
        assert con.execute("SELECT text FROM units").fetchall() == [("neu",)]
    finally:
        con.close()
