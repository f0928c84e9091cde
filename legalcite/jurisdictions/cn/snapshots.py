"""Readers of the Chinese snapshot files (``cn_laws.jsonl.gz``, ``cn_fulltext.jsonl.gz``) → :class:`Work` and
:class:`~legalcite.corpora.CorpusUnit` records under canonical keys (``cn/中华人民共和国民法典/art577``)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import SnapshotReader, Work, in_force, provenance, rows
from legalcite.jurisdictions.cn.laws import work_of_title
from legalcite.jurisdictions.cn.structure import PARSER
from legalcite.keys import cn_to_int

_CN_ART = re.compile(r"^第([一二三四五六七八九十百千零〇两\d]+)条(?:之([一二三四五六七八九十]+))?$")
_CN_DATE = re.compile(r"自(\d{4})年(\d{1,2})月(\d{1,2})日起施行")
_CN_TITLE = re.compile(r"《([^《》]{2,80})》")
# the act's own entry into force: "本法自2021年1月1日起施行" (本解释, 本规定 … for the other documents)
_CN_OWN_DATE = re.compile(r"(?:^|[。\n])本(?:法|解释|规定|条例|办法|决定)自(\d{4})年(\d{1,2})月(\d{1,2})日起施行")


def cn_article_segment(article: int, sub_no: int | None = None) -> str:
    """The key segment of an article: ``art577``, or ``art133-1`` for 第一百三十三条之一."""
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
    ``本法自…起施行``) yield Works marked repealed, with the date and the repealing law (民法典 Art. 1260); the
    act's own ``本法自…起施行`` gives the date before which it was not in force (:func:`_in_force`)."""
    source, snapshot = provenance(path.name)
    best: dict[str, tuple[str, str]] = {}
    repeals: list[Work] = []
    own_dates: dict[tuple[str, str, str], tuple[str, str]] = {}   # (title, category, version) → (date, clause key)
    for r in rows(path):
        doc = (r.get("category") or "", r.get("version_date") or "")
        cur = best.get(r["law_title"])
        if cur is None or doc[1] > cur[1]:
            best[r["law_title"]] = doc
        if "废止" in r.get("text", ""):
            repeals.extend(_cn_repeals(r, source, snapshot))
        if "起施行" in r.get("text", "") and (m := _CN_OWN_DATE.search(r.get("text", ""))):
            own_dates.setdefault((r["law_title"], *doc), (_iso(m), _key(r)))
    seen: set[str] = set()
    for r in rows(path):
        if (r.get("category") or "", r.get("version_date") or "") != best[r["law_title"]]:
            continue
        wid = work_of_title(r["law_title"])
        key = f"cn/{wid}/{cn_article_segment(r['article'], r.get('article_sub'))}"
        if key in seen:
            continue
        seen.add(key)
        text = r.get("text") or ""
        mark = PARSER.repeal.mark(text)   # （删去）: struck out by an amendment
        yield CorpusUnit(
            key=key, jurisdiction="cn", work=wid, work_title=r["law_title"], heading=r.get("article_cn"),
            text=text, language="zh", subunits=tuple(PARSER.subunits(text, r.get("paragraphs") or ())),
            path=tuple(p for p in r.get("path") or () if p), repealed=mark is not None, source=source,
            snapshot=snapshot,
            extra={**({"repeal_mark": mark} if mark else {}), "subunits_known": True, "article_cn": r.get("article_cn"),
                   "category": r.get("category"), "version_date": r.get("version_date")},
        )
    yield from repeals
    yield from _in_force(own_dates, best, repeals, source, snapshot)


def _iso(m: re.Match[str]) -> str:
    return f"{int(m[1]):04d}-{int(m[2]):02d}-{int(m[3]):02d}"


def _key(r: dict) -> str:
    return f"cn/{work_of_title(r['law_title'])}/{cn_article_segment(r['article'], r.get('article_sub'))}"


def _in_force(own_dates: dict[tuple[str, str, str], tuple[str, str]], best: dict[str, tuple[str, str]],
              repeals: list[Work], source: str, snapshot: str | None) -> Iterator[Work]:
    """Each act's ``本法自…起施行`` as the date before which the snapshot's version was not in force. It is the
    first date of anything under the act's name only where the act replaced laws of other names on that day
    (民法典: 合同法, 物权法 … 同时废止): a law revised in place (公司法 2023: 本法自2024年7月1日起施行) keeps its
    title, and its earlier versions, which the snapshot does not hold, were in force before."""
    replaced = {w.extra["repeal_clause"].split("/")[1] for w in repeals if w.repealed_on}
    for title, doc in best.items():
        found = own_dates.get((title, *doc))
        if found is None:
            continue
        since, clause = found
        wid = work_of_title(title)
        yield Work(f"cn/{wid}", "cn", wid, title, (), complete=False, source=source, snapshot=snapshot,
                   extra={"in_force": in_force(since, by=clause, first=wid in replaced)})


def _cn_repeals(r: dict, source: str, snapshot: str | None) -> Iterator[Work]:
    text = r.get("text", "")
    date_m = _CN_DATE.search(text)
    date = _iso(date_m) if date_m else None
    by = _key(r)
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
