"""Chinese law table from ``cn_laws.jsonl.gz`` and ``cn_fulltext.jsonl.gz``: work ids per docs/keys.md,
every title and short title as lookup keys, and the article list of each work.

Works are the corpus documents (all versions of one title are one work) plus the laws that the corpus texts
name only in 《》 — repeal clauses such as 民法典 Art. 1260 (《中华人民共和国合同法》) — so that an answer citing a
repealed law still lands on a known work. Lookup keys are :func:`legalcite.jurisdictions.cn.laws.title_key` of each
alias: brackets, whitespace and ``、`` dropped, full-width forms folded, so inner 《》/〈〉 and spacing variants of
interpretation titles share one key.
"""
from __future__ import annotations

import gzip
import json
import re
from collections import defaultdict
from pathlib import Path

from legalcite.jurisdictions.cn.laws import PRC, title_key, work_of_title
from legalcite.keys import cn_to_int

# Titles named inside corpus texts that become works of their own (official-looking, law-like suffix).
_NAMED = re.compile(r"《((?:中华人民共和国|全国人民代表大会|最高人民法院|最高人民检察院|国务院)[^《》\n]{1,60}?"
                    r"(?:法|法典|条例|规定|解释|决定|办法|细则|通则|总则|规则))》")
_LOCAL = "DLC/地方法规"


def aliases_of(title: str) -> set[str]:
    """Lookup keys of one title: as printed, without 中华人民共和国 (outer or inner), without the
    最高人民法院 prefix of an interpretation."""
    forms = {title, title.replace(PRC, "")}
    for f in list(forms):  # …规定（试行） is cited without its 试行 too
        forms.add(re.sub(r"[（(]试行[）)]$", "", f))
    for f in list(forms):
        if f.startswith("最高人民法院关于"):
            forms.add(f[len("最高人民法院"):])
    return {k for k in (title_key(f) for f in forms) if len(k) >= 2}


def article_segments(rows: list[dict]) -> list:
    """``[max, gaps, subs]``: articles 1..max except ``gaps``, plus ``之N`` articles as ``"133-1"``."""
    nums: set[int] = set()
    subs: set[str] = set()
    for r in rows:
        if r.get("article") is None:
            continue
        if r.get("article_sub"):
            subs.add(f"{r['article']}-{r['article_sub']}")
        else:
            nums.add(int(r["article"]))
    top = max(nums | {int(s.split("-")[0]) for s in subs}, default=0)
    gaps = sorted(set(range(1, top + 1)) - nums)
    return [top, gaps, sorted(subs, key=lambda s: tuple(int(x) for x in s.split("-")))]


def toc_segments(row: dict) -> list | None:
    """The article list of a document without full text: 1..max_article plus its 之N articles."""
    top = row.get("max_article") or 0
    if not top:
        return None
    subs = []
    for s in row.get("sub_articles") or []:
        m = re.fullmatch(r"第(.+)条之(.+)", s)
        if m:
            subs.append(f"{cn_to_int(m.group(1))}-{cn_to_int(m.group(2))}")
    return [top, [], sorted(set(subs), key=lambda s: tuple(int(x) for x in s.split("-")))]


def _pick(wids: list[str], works: dict[str, dict]) -> str | list[str]:
    """One key, several works: the one national document over local ones; of twins that differ only in
    spacing (``最高人民法院 最高人民检察院`` / ``最高人民法院、最高人民检察院``) the one printed without spaces;
    else the key stays ambiguous (the list)."""
    national = [w for w in wids if works[w]["category"] != _LOCAL]
    if len(national) == 1:
        return national[0]
    pool = national or wids
    if len({title_key(works[w]["title"]) for w in pool}) == 1:
        clean = [w for w in pool if not re.search(r"\s", works[w]["title"])]
        if len(clean) == 1:
            return clean[0]
    return wids


def build(corpora: Path) -> dict[str, object]:
    """The ``laws`` table (:mod:`legalcite.core.data`'s build convention) from ``cn_laws.jsonl.gz`` and
    ``cn_fulltext.jsonl.gz`` in ``corpora``: the works with their article lists, and every alias key → work id."""
    with gzip.open(corpora / "cn_laws.jsonl.gz", "rt", encoding="utf-8") as fh:
        laws = [json.loads(line) for line in fh]
    full: dict[str, list[dict]] = defaultdict(list)
    named: set[str] = set()
    with gzip.open(corpora / "cn_fulltext.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            full[r["law_title"]].append({"article": r["article"], "article_sub": r["article_sub"]})
            named.update(_NAMED.findall(r["text"].replace("〈", "《").replace("〉", "》")))

    by_title: dict[str, list[dict]] = defaultdict(list)
    for r in laws:
        by_title[r["title"]].append(r)
    works: dict[str, dict] = {}
    keys: dict[str, set[str]] = defaultdict(set)
    primary: dict[str, set[str]] = defaultdict(set)  # a title as printed outranks another work's alias
    for title, rows in by_title.items():
        latest = max(rows, key=lambda r: (bool(r["is_latest"]), r["version_date"] or ""))
        wid = work_of_title(title)
        works[wid] = {
            "title": title,
            "category": latest["category"],
            "level": latest["level"],
            "expired": bool(latest["expired"]) if latest["expired"] is not None else None,
            "full_text": title in full,
            "articles": article_segments(full[title]) if title in full else toc_segments(latest),
        }
        primary[title_key(title)].add(wid)
        for k in aliases_of(title) | {title_key(r["short_title"]) for r in rows}:
            keys[k].add(wid)
    for title in sorted(named):
        full_key, short_key = title_key(title), title_key(title.replace(PRC, ""))
        if full_key in keys:
            continue
        if short_key in keys:  # the same law under its short title: one more alias of that work
            keys[full_key].update(keys[short_key])
            continue
        wid = work_of_title(title)
        works.setdefault(wid, {"title": title, "category": None, "level": None, "expired": None,
                               "full_text": False, "articles": None, "named_only": True})
        for k in aliases_of(title):
            if k not in keys:  # a corpus document keeps its own short title
                keys[k].add(wid)

    aliases: dict[str, object] = {}
    for k in keys:
        wids = primary.get(k) or keys[k]
        aliases[k] = next(iter(wids)) if len(wids) == 1 else _pick(sorted(wids), works)
    return {"laws": {
        "source": "cn_laws.jsonl.gz + cn_fulltext.jsonl.gz (LawRefBook/Laws 2f4c5c2, flk.npc.gov.cn, 2025-04)",
        "works": works,
        "aliases": aliases,
    }}


if __name__ == "__main__":
    from legalcite.core.data import main

    raise SystemExit(main({"cn": __package__}, description=__doc__))
