"""Corpora from the official formats: GII XML and TOC, USLM, leginfo section pages and pubinfo tables — on
small fixture files written in those formats — and ``corpus fetch`` from local files into the store."""
from __future__ import annotations

import argparse
import sqlite3
import zipfile
from pathlib import Path

import pytest

from legalcite.corpora import CorpusUnit
from legalcite.corpora.official import (
    add_fetch_arguments,
    cli_fetch,
    current_session_year,
    de_slugs,
    flk,
    gii,
    leginfo,
    usc_file,
    uslm,
)
from legalcite.corpora.snapshots import Work

FIX = Path(__file__).parent / "fixtures" / "official"


def units(recs) -> dict[str, CorpusUnit]:
    return {r.key: r for r in recs if isinstance(r, CorpusUnit)}


# ------------------------------------------------------------------ GII

def test_gii_law_xml_to_units():
    recs = list(gii.parse_law((FIX / "gii_fixg.xml").read_bytes(), slug="fixg"))
    work = recs[0]
    assert isinstance(work, Work) and work.key == "de/fixg" and work.complete and work.snapshot == "2026-04-13"
    u = units(recs)
    assert list(u) == ["de/fixg/s1", "de/fixg/s1a", "de/fixg/s2", "de/fixg/s3", "de/fixg/s4", "de/fixg/s5"]
    s1 = u["de/fixg/s1"]
    assert s1.heading == "Zweck" and s1.path == ("Abschnitt 1 Allgemeines",)
    abs2 = s1.subunits[1]
    assert (abs2["label"], abs2["value"]) == ("abs", "2")
    assert [(c["label"], c["value"]) for c in abs2["children"] if c["label"] == "nr"] == [("nr", "1"), ("nr", "2")]
    assert [c["value"] for c in u["de/fixg/s1a"].subunits] == ["1", "2"]  # Sätze of an unnumbered §
    assert all(u[f"de/fixg/s{i}"].repealed for i in (2, 3, 4)) and not u["de/fixg/s5"].repealed
    assert u["de/fixg/s5"].path == ("Abschnitt 2 Besonderes", "Unterabschnitt 1 Einzelnes")
    assert u["de/fixg/s5"].extra["url"] == "https://www.gesetze-im-internet.de/fixg/__5.html"


def test_gii_work_id_comes_from_the_law_table():
    xml = (FIX / "gii_fixg.xml").read_bytes().replace(b"<jurabk>FixG</jurabk>", b"<jurabk>BGBEG</jurabk>")
    recs = list(gii.parse_law(xml, slug="bgbeg"))
    assert recs[0].key == "de/egbgb" and "de/egbgb/s1" in units(recs)


def test_gii_repeated_paragraphs_nest_under_their_article():
    xml = (FIX / "gii_fixg.xml").read_text(encoding="utf-8")
    extra = """<norm doknr="X1"><metadaten><jurabk>FixG</jurabk><gliederungseinheit><gliederungskennzahl>030
</gliederungskennzahl><gliederungsbez>Artikel 9</gliederungsbez><gliederungstitel>Übergang</gliederungstitel>
</gliederungseinheit></metadaten></norm>
<norm doknr="X2"><metadaten><jurabk>FixG</jurabk><enbez>§ 1</enbez></metadaten><textdaten><text><Content>
<P>Übergangstext.</P></Content></text></textdaten></norm></dokumente>"""
    recs = list(gii.parse_law(xml.replace("</dokumente>", extra).encode(), slug="fixg"))
    assert recs[0].complete is False
    assert "de/fixg/art9/s1" in units(recs) and "de/fixg/s1" in units(recs)


@pytest.mark.parametrize("enbez,segs", [("§ 823", ["s823"]), ("Art 20", ["art20"]), ("Artikel 1a", ["art1a"]),
                                        ("§§ 3 bis 6", ["s3", "s4", "s5", "s6"]), ("Anlage 2", []),
                                        ("Eingangsformel", [])])
def test_gii_unit_segments(enbez, segs):
    assert gii.unit_segments(enbez) == segs


def test_gii_toc():
    toc = gii.parse_toc((FIX / "gii-toc.xml").read_bytes())
    assert toc == {"fixg": "Fixture-Gesetz über Beispiele", "bgb": "Bürgerliches Gesetzbuch",
                   "fix2g_2020": "Zweites Fixture-Gesetz"}


def test_gii_zip(tmp_path):
    z = tmp_path / "fixg.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.write(FIX / "gii_fixg.xml", "BJNR000000001.xml")
    assert len(units(gii.load_zip(z, slug="fixg"))) == 6


def test_de_slugs_from_names():
    assert de_slugs(["BGB", "SGB V", "egbgb", "uwg"], None) == ["bgb", "sgb_5", "bgbeg", "uwg_2004"]
    assert de_slugs(["fixg"], {"fixg": "x"}) == ["fixg"]
    with pytest.raises(SystemExit):
        de_slugs(["NoSuchG"], {})


# ------------------------------------------------------------------ USLM

def test_uslm_title_to_units():
    u = {x.key: x for x in uslm.iter_sections(open(FIX / "uslm_usc99.xml", "rb"))}
    assert list(u) == ["us/usc/t99/s1", "us/usc/t99/s2", "us/usc/t99/s2000e-2"]  # quoted § 77 is not a section
    s1 = u["us/usc/t99/s1"]
    assert s1.heading == "Definitions" and s1.snapshot == "Online@119-100"
    assert s1.path == ("Title 99— FIXTURES FOR LEGALCITE", "CHAPTER 1— GENERAL PROVISIONS")
    b = s1.subunits[1]
    assert b["value"] == "b" and [c["value"] for c in b["children"]] == ["1", "2"]
    assert [c["value"] for c in b["children"][1]["children"]] == ["A", "B"]  # USLM keeps (A) apart from (a)
    assert "(A) the first part; and" in s1.text.split("\n") and "Fixture. 1, 2026" not in s1.text
    assert u["us/usc/t99/s2"].repealed and u["us/usc/t99/s2"].extra["status"] == "repealed"


def test_uslm_zip_and_release_urls(tmp_path):
    url, name = usc_file("18", "119-100")
    assert url == "https://uscode.house.gov/download/releasepoints/us/pl/119/100/xml_usc18@119-100.zip"
    assert usc_file("5", "119-100")[1] == "xml_usc05@119-100.zip"
    assert usc_file("all", "119-100")[1] == "xml_uscAll@119-100.zip"
    z = tmp_path / name
    with zipfile.ZipFile(z, "w") as zf:
        zf.write(FIX / "uslm_usc99.xml", "usc99.xml")
    assert len(list(uslm.load_zip(z))) == 3


# ------------------------------------------------------------------ leginfo

def test_leginfo_section_page():
    u = leginfo.unit_from_section_page((FIX / "leginfo_civ_1542.html").read_text(encoding="utf-8"), "CIV")
    assert u.key == "us-ca/civ/s1542" and u.text.startswith("Fixture sentence one")
    assert [s["value"] for s in u.subunits] == ["a", "b"]
    assert u.extra["history"].startswith("Amended by Stats. 2018")
    assert leginfo.unit_from_section_page((FIX / "leginfo_empty.html").read_text(encoding="utf-8"), "CIV") is None


def _dat(*rows: list[str]) -> str:
    return "".join("\t".join(f"`{v}`" if v != "NULL" else v for v in r) + "\n" for r in rows)


def make_pubinfo(path: Path) -> Path:
    """A pubinfo zip in the capublic layout: LAW_SECTION_TBL.dat (18 columns, backtick-enclosed, tab-separated)
    and one .lob (CAML XML) per section text."""
    def row(i, code, sec, active="Y", lob=None):
        return [f"pk{i}", code, sec, "2018", "157", "1", "2019-01-01 00:00:00", f"v{i}", "3.", "NULL", "NULL",
                "5.", "NULL", f"Amended by Stats. 2018, Ch. {i}.", lob or f"LAW_SECTION_TBL_pk{i}.lob", active,
                "u", "2026-05-02 10:00:00"]
    lob = ('<?xml version="1.0" ?><caml:Law xmlns:caml="http://lc.ca.gov/legalservices/schemas/caml.1#">'
           '<caml:Content><p>(a) First fixture subdivision.</p><p>(b) Second fixture subdivision.</p>'
           '</caml:Content></caml:Law>')
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("LAW_SECTION_TBL.dat", _dat(row(1, "CIV", "1542."), row(2, "LAB", "2802."),
                                                row(3, "CIV", "9999.", active="N"), row(4, "CONS", "SEC. 1.")))
        for i in (1, 2, 3, 4):
            zf.writestr(f"LAW_SECTION_TBL_pk{i}.lob", lob)
    return path


def test_pubinfo_tables(tmp_path):
    z = make_pubinfo(tmp_path / "pubinfo_2025.zip")
    u = {x.key: x for x in leginfo.iter_pubinfo(z)}
    assert list(u) == ["us-ca/civ/s1542", "us-ca/lab/s2802"]  # inactive and CONS rows skipped
    civ = u["us-ca/civ/s1542"]
    assert civ.text == "(a) First fixture subdivision.\n(b) Second fixture subdivision."
    assert [s["value"] for s in civ.subunits] == ["a", "b"]
    assert civ.path == ("Division 3.", "Chapter 5.") and civ.snapshot == "2026-05-02"
    assert list(x.key for x in leginfo.iter_pubinfo(z, ["lab"])) == ["us-ca/lab/s2802"]


def test_session_year():
    import datetime

    assert current_session_year(datetime.date(2026, 11, 30)) == 2025
    assert current_session_year(datetime.date(2027, 1, 2)) == 2027


# ------------------------------------------------------------------ corpus fetch (offline, --from)

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
    from legalcite.resolvers.cache import OnlineCache

    with OnlineCache(store) as c:
        c._db.execute("INSERT INTO online_cache VALUES ('gii','de/bgb/s1','real','r',NULL,'[]',NULL,'2026-01-01T00:00:00Z')")
        c._db.commit()

    src = tmp_path / "dl"
    src.mkdir()
    with zipfile.ZipFile(src / "fixg.zip", "w") as zf:
        zf.write(FIX / "gii_fixg.xml", "BJNR000000001.xml")
    (src / "gii-toc.xml").write_bytes((FIX / "gii-toc.xml").read_bytes())
    assert cli_fetch(fetch_args("de", "--laws", "fixg", "--from", str(src), "--store", str(store))) == 0
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
    assert cli_fetch(fetch_args("us", "--laws", "99", "--from", str(src), "--jsonl", str(out), "--quiet")) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and '"key": "us/usc/t99/s1"' in lines[0]
    make_pubinfo(src / "pubinfo_2025.zip")
    out2 = tmp_path / "ca.jsonl"
    assert cli_fetch(fetch_args("us-ca", "--laws", "CIV", "--from", str(src), "--jsonl", str(out2),
                                "--quiet")) == 0
    assert out2.read_text(encoding="utf-8").count('"type": "unit"') == 1


def test_cli_fetch_cn_needs_titles(capsys):
    assert cli_fetch(fetch_args("cn")) == 2
    assert "--laws" in capsys.readouterr().err


# ------------------------------------------------------------------ flk (PRC national database)

def fixture_docx(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("word/document.xml", (FIX / "flk_document.xml").read_bytes())
    return path


def test_flk_docx_to_articles(tmp_path):
    lines = flk.docx_lines(fixture_docx(tmp_path / "x.docx").read_bytes())
    recs = list(flk.units_from_lines(lines, "中华人民共和国测试法", snapshot="2026-01-02"))
    assert recs[0].key == "cn/中华人民共和国测试法" and recs[0].complete
    u = units(recs)
    assert list(u) == [f"cn/中华人民共和国测试法/{a}" for a in ("art1", "art2", "art3", "art3-1", "art4")]
    a1 = u["cn/中华人民共和国测试法/art1"]
    assert a1.heading == "第一条" and a1.path == ("第一章 总则",)   # the table of contents is not a path
    assert [(p["value"], [i["value"] for i in p.get("children", [])]) for p in a1.subunits] == \
        [("1", []), ("2", ["1", "2"])]
    # a paragraph that starts with "第二十条规定的" is text of 第三条, not an article
    assert "第二十条规定的事项" in u["cn/中华人民共和国测试法/art3"].text
    assert u["cn/中华人民共和国测试法/art4"].path == ("第二章 分则", "第一节 一般规定")


def test_flk_gaps_make_a_law_incomplete():
    arts = flk.articles(["第一条　一。", "第三条　三。"])
    assert [a["segment"] for a in arts] == ["art1", "art3"] and not flk.complete(arts)
    assert flk.complete(flk.articles(["第一条　一。", "第一条之一　一之一。", "第二条　二。"]))


def test_flk_search_pick_prefers_the_law_in_force():
    rows = flk.search_rows({"result": {"data": [
        {"id": "a", "title": "中华人民共和国测试法", "status": "5", "publish": "2020-01-01"},
        {"id": "b", "title": "中华人民共和国测试法", "status": "1", "publish": "2024-01-01"},
        {"id": "c", "title": "中华人民共和国测试法实施条例", "status": "1", "publish": "2025-01-01"}]}})
    assert flk.pick(rows, "测试法")["id"] == "b" and flk.pick(rows, "别的法") is None
    assert flk.body_path({"result": {"body": [{"type": "PDF", "path": "/p.pdf"}, {"type": "WORD", "path": "/w.docx"}]}}) \
        == "/w.docx"


def test_cli_fetch_cn_from_local_files(tmp_path):
    import json

    src = tmp_path / "dl"
    src.mkdir()
    fixture_docx(src / "中华人民共和国测试法.docx")
    (src / "中华人民共和国测试法.json").write_text(json.dumps({"title": "中华人民共和国测试法", "status": "有效",
                                                          "retrieved_at": "2026-11-30T00:00:00Z"}), encoding="utf-8")
    out = tmp_path / "cn.jsonl"
    assert cli_fetch(fetch_args("cn", "--laws", "测试法", "--from", str(src), "--jsonl", str(out), "--quiet")) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["type"] == "work" and rows[0]["snapshot"] == "2026-11-30" and len(rows) == 6


def test_cli_fetch_missing_files(tmp_path, capsys):
    assert cli_fetch(fetch_args("de", "--laws", "BGB", "--from", str(tmp_path), "--quiet")) == 1
    assert "bgb.zip" in capsys.readouterr().err
