"""The Chinese snapshot readers on hand-written rows, and one work id rule for readers and extraction."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import Work
from legalcite.jurisdictions.cn.laws import work_of_title
from legalcite.jurisdictions.cn.snapshots import read_cn_fulltext, read_cn_laws
from tests.conftest import write_jsonl_gz


def test_cn_loader_toc_completeness_and_sub_articles(tmp_path: Path) -> None:
    rows = [dict(title="中华人民共和国测试法", short_title="测试法", category="行政法", level="法律",
                 version_date="2020-01-01", valid_from=None, expired=False, is_latest=True, n_versions=1,
                 article_count=4, max_article=3, sub_articles=["第二条之一"], full_text=False),
            dict(title="某条例", short_title="某条例", category="DLC", level="地方性法规", version_date=None,
                 valid_from=None, expired=None, is_latest=True, n_versions=1, article_count=9, max_article=7,
                 sub_articles=[], full_text=False)]
    recs = list(read_cn_laws(write_jsonl_gz(tmp_path / "cn_laws.jsonl.gz", rows)))
    keys = sorted(r.key for r in recs if isinstance(r, CorpusUnit))
    assert keys == [f"cn/中华人民共和国测试法/{s}" for s in ("art1", "art2", "art2-1", "art3")]
    works = {r.key: r for r in recs if isinstance(r, Work)}
    assert works["cn/中华人民共和国测试法"].complete and "测试法" in works["cn/中华人民共和国测试法"].aliases
    assert not works["cn/某条例"].complete  # the count does not match the numbering: no TOC claimed


def test_repeal_clauses_key_works_with_the_extractors_rule(tmp_path: Path) -> None:
    """A law named in a repeal clause is a work under :func:`work_of_title`, the rule extraction uses."""
    row = dict(law_title="中华人民共和国测试法", article=99, article_sub=None, article_cn="第九十九条", paragraphs=[],
               path=[], category="法律", version_date="2020-01-01",
               text="本法自2021年1月1日起施行。《中华人民共和国旧测试法（试行）》同时废止。")
    recs = list(read_cn_fulltext(write_jsonl_gz(tmp_path / "cn_fulltext.jsonl.gz", [row])))
    [old] = [r for r in recs if isinstance(r, Work) and r.repealed]
    assert old.key == f"cn/{work_of_title('中华人民共和国旧测试法（试行）')}" == "cn/中华人民共和国旧测试法(试行)"
    assert old.repealed and old.repealed_on == "2021-01-01" and old.replaced_by == "中华人民共和国测试法"
    # the repealing law's own 本法自…起施行: before it nothing of that name was in force (it replaced another law)
    [new] = [r for r in recs if isinstance(r, Work) and not r.repealed]
    assert new.extra["in_force"] == {"from": "2021-01-01", "by": "cn/中华人民共和国测试法/art99", "first": True,
                                     "wording": "in force from", "stated": True}
    assert [r.key for r in recs if isinstance(r, CorpusUnit)] == ["cn/中华人民共和国测试法/art99"]


def test_corpus_titles_keep_their_work_id(corpora_dir: Path) -> None:
    """Every corpus title's work id is its title with ASCII brackets (no title needs the ``/`` rule)."""
    with gzip.open(corpora_dir / "cn_laws.jsonl.gz", "rt", encoding="utf-8") as fh:
        titles = {json.loads(line)["title"] for line in fh}
    assert all(work_of_title(t) == "".join(t.split()).translate(str.maketrans("（）〔〕", "()[]")) for t in titles)
