"""flk.npc.gov.cn: the WORD-file loader of ``corpus fetch cn`` (编/章/节 path, 条, 款, 项, gaps) and the search
and detail answers. The online answers are in ``test_online.py``."""
from __future__ import annotations

from legalcite.corpora import CorpusUnit
from legalcite.sources.flk import articles, body_path, complete, docx_lines, pick, search_rows, units_from_lines
from tests.conftest import fixture_docx


def units(recs) -> dict[str, CorpusUnit]:
    return {r.key: r for r in recs if isinstance(r, CorpusUnit)}


def test_flk_docx_to_articles(tmp_path):
    lines = docx_lines(fixture_docx(tmp_path / "x.docx").read_bytes())
    recs = list(units_from_lines(lines, "中华人民共和国测试法", snapshot="2026-01-02"))
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
    arts = articles(["第一条　一。", "第三条　三。"])
    assert [a["segment"] for a in arts] == ["art1", "art3"] and not complete(arts)
    assert complete(articles(["第一条　一。", "第一条之一　一之一。", "第二条　二。"]))


def test_flk_search_pick_prefers_the_law_in_force():
    rows = search_rows({"result": {"data": [
        {"id": "a", "title": "中华人民共和国测试法", "status": "5", "publish": "2020-01-01"},
        {"id": "b", "title": "中华人民共和国测试法", "status": "1", "publish": "2024-01-01"},
        {"id": "c", "title": "中华人民共和国测试法实施条例", "status": "1", "publish": "2025-01-01"}]}})
    assert pick(rows, "测试法")["id"] == "b" and pick(rows, "别的法") is None
    assert body_path({"result": {"body": [{"type": "PDF", "path": "/p.pdf"}, {"type": "WORD", "path": "/w.docx"}]}}) \
        == "/w.docx"
