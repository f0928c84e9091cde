"""Readers of the Chinese snapshot files (``cn_laws.jsonl.gz``, ``cn_fulltext.jsonl.gz``) → :class:`Work` and
:class:`~legalcite.corpora.CorpusUnit` records under canonical keys (``cn/中华人民共和国民法典/art577``)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import SnapshotReader, Work, provenance, rows
from legalcite.corpora.structure import cn_paragraphs
from legalcite.jurisdictions.cn.laws import work_of_title
from legalcite.keys import cn_to_int

_CN_ART = re.compile(r"^第([一二三四五六七八九十百千零〇两\d]+)条(?:之([一二三四五六七八九十]+))?$")
_CN_DATE = re.compile(r"自(\d{4})年(\d{1,2})月(\d{1,2})日起施行")
_CN_TITLE = re.compile(r"《([^《》]{2,80})》")


def cn_article_segment(article: int, sub_no: int | None = None) -> str:
    return f"art{article}" + (f"-{sub_no}" if sub_no else "")


def read_cn_laws(path: Path) -> Iterator[Work | CorpusUnit]:
    """``cn_laws.jsonl.gz``: one Work per title (its latest version decides), and TOC-only articles
    ``art1 … art<max>`` plus the listed 之一 articles where the article count confirms that list is complete."""
    source, snapshot = provenance(path.name)
    by_title: dict[str, list[dict]] = {}
    for r in rows(path):
        by_title.setdefault(r["title"], []).append(r)
    for title, versions in by_title.items():
        latest = max(versions, key=lambda r: (bool(r.get("is_latest")), r.get("version_date") or ""))
        subs = []
        for s in latest.get("sub_articles") or ():
            m = _CN_ART.match(s)
            if m and m.group(2):
                subs.append(cn_article_segment(cn_to_int(m.group(1)), cn_to_int(m.group(2))))
        max_art = latest.get("max_article") or 0
        complete = bool(max_art) and latest.get("article_count") == max_art + len(subs)
        wid = work_of_title(title)
        aliases = tuple(dict.fromkeys(a for a in (latest.get("short_title"), title) if a and a != wid))
        expired = bool(latest.get("expired"))
        yield Work(f"cn/{wid}", "cn", wid, title, aliases, complete=complete,
                   n_units=latest.get("article_count") or 0, repealed=expired, source=source, snapshot=snapshot,
                   extra={"category": latest.get("category"), "level": latest.get("level"),
                          "version_date": latest.get("version_date"), "valid_from": latest.get("valid_from"),
                          "n_versions": len(versions), "full_text": latest.get("full_text", False)})
        if not complete:
            continue
        for seg in [f"art{i}" for i in range(1, max_art + 1)] + subs:
            yield CorpusUnit(key=f"cn/{wid}/{seg}", jurisdiction="cn", work=wid, work_title=title, heading=None,
                             text="", language="zh", repealed=expired, valid_from=latest.get("valid_from"),
                             source=source, snapshot=snapshot, extra={"toc_only": True})


def read_cn_fulltext(path: Path) -> Iterator[Work | CorpusUnit]:
    """``cn_fulltext.jsonl.gz``: one unit per 条 with 款 and 项. Where one title comes from two source documents,
    the later version wins. Repeal clauses (``……《中华人民共和国合同法》……同时废止``, with the date of
    ``本法自…起施行``) yield Works marked repealed, with the date and the repealing law (民法典 Art. 1260)."""
    source, snapshot = provenance(path.name)
    best: dict[str, tuple[str, str]] = {}
    repeals: list[Work] = []
    for r in rows(path):
        doc = (r.get("category") or "", r.get("version_date") or "")
        cur = best.get(r["law_title"])
        if cur is None or doc[1] > cur[1]:
            best[r["law_title"]] = doc
        if "废止" in r.get("text", ""):
            repeals.extend(_cn_repeals(r, source, snapshot))
    seen: set[str] = set()
    for r in rows(path):
        if (r.get("category") or "", r.get("version_date") or "") != best[r["law_title"]]:
            continue
        wid = work_of_title(r["law_title"])
        key = f"cn/{wid}/{cn_article_segment(r['article'], r.get('article_sub'))}"
        if key in seen:
            continue
        seen.add(key)
        yield CorpusUnit(
            key=key, jurisdiction="cn", work=wid, work_title=r["law_title"], heading=r.get("article_cn"),
            text=r.get("text") or "", language="zh", subunits=tuple(cn_paragraphs(r.get("paragraphs") or [])),
            path=tuple(p for p in r.get("path") or () if p), source=source, snapshot=snapshot,
            extra={"subunits_known": True, "article_cn": r.get("article_cn"), "category": r.get("category"),
                   "version_date": r.get("version_date")},
        )
    yield from repeals


def _cn_repeals(r: dict, source: str, snapshot: str | None) -> Iterator[Work]:
    text = r.get("text", "")
    date_m = _CN_DATE.search(text)
    date = f"{int(date_m[1]):04d}-{int(date_m[2]):02d}-{int(date_m[3]):02d}" if date_m else None
    by = f"cn/{work_of_title(r['law_title'])}/{cn_article_segment(r['article'], r.get('article_sub'))}"
    for sentence in re.split(r"[。；]", text):
        if "同时废止" not in sentence and not re.search(r"》[^《》]{0,12}废止", sentence):
            continue
        for m in _CN_TITLE.finditer(sentence.split("废止")[0]):
            title = m.group(1)
            wid = work_of_title(title)
            if wid == work_of_title(r["law_title"]):
                continue
            yield Work(f"cn/{wid}", "cn", wid, title, (), complete=False, repealed=True, repealed_on=date,
                       replaced_by=r["law_title"], source=f"{source} ({by})", snapshot=snapshot,
                       extra={"repeal_clause": by, "repeal_text": sentence.strip()[:300]})


READERS = (
    SnapshotReader("cn", "cn_laws.jsonl.gz", read_cn_laws),
    SnapshotReader("cn", "cn_fulltext.jsonl.gz", read_cn_fulltext),
)
