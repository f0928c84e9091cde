"""flk.npc.gov.cn (国家法律法规数据库) → corpus units. Standard library only.

The database answers a title search (``GET /api/?searchType=title;vague&searchWord=…`` → ``result.data[]`` with
``id``, ``title``, ``status`` 有效/已修改/已废止/尚未生效 or 1/5/9/3, ``publish``), a detail request
(``POST /api/detail`` with ``id`` → ``result.body[]`` of ``{type: WORD|PDF|HTML, path}``) and serves the text
at ``https://wb.flk.npc.gov.cn<path>``. The WORD file is a .docx: ``word/document.xml`` holds one ``<w:p>`` per
line. Lines ``第…编/分编/章/节`` are the path, ``第…条[之…]`` starts an article, each further line is a 款 and
``（一）…`` lines are 项 of the 款 before them — the layout of every PRC statute.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from io import BytesIO
from typing import Any

from legalcite.corpora import CorpusUnit
from legalcite.keys import cn_ascii_brackets, cn_to_int

SOURCE = "flk.npc.gov.cn"
FILES = "https://wb.flk.npc.gov.cn"
STATUS = {"1": "有效", "5": "已修改", "9": "已废止", "3": "尚未生效"}
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_NUM = "零〇一二两三四五六七八九十百千0-9"
_ARTICLE = re.compile(rf"^第([{_NUM}]+)条(?:之([一二三四五六七八九十]+))?(?:[\s\u3000]+(.*))?$")
_LEVEL = re.compile(rf"^第[{_NUM}]+(编|分编|章|节)(?:[\s\u3000]+.*)?$")
_ITEM = re.compile(r"^[（(][一二三四五六七八九十百零〇]+[）)]")


def norm_title(title: str) -> str:
    """Compare titles as keys do: ASCII brackets, inner 〈〉 as 《》, no whitespace."""
    return "".join(cn_ascii_brackets(title).translate(str.maketrans("〈〉", "《》")).split())


def search_rows(obj: Any) -> list[dict]:
    """The ``result.data`` rows of a search answer, with ``status`` spelled out (有效 …)."""
    rows = obj["result"]["data"]
    out = []
    for r in rows:
        if isinstance(r, dict):
            out.append({**r, "status": STATUS.get(str(r.get("status")), str(r.get("status")))})
    return out


def pick(rows: list[dict], title: str) -> dict | None:
    """The row whose title is ``title`` (or ``中华人民共和国`` + ``title``), the one in force first."""
    want = {norm_title(title), norm_title("中华人民共和国" + title)}
    hits = [r for r in rows if norm_title(str(r.get("title", ""))) in want]
    hits.sort(key=lambda r: str(r.get("publish", "")), reverse=True)          # latest first, then
    hits.sort(key=lambda r: ["有效", "尚未生效", "已修改", "已废止"].index(r["status"])
              if r["status"] in ("有效", "尚未生效", "已修改", "已废止") else 9)  # in force first (stable)
    return hits[0] if hits else None


def body_path(obj: Any, kind: str = "WORD") -> str | None:
    """The file path of ``kind`` in a detail answer (``/flfg/WORD/….docx``)."""
    for b in obj["result"].get("body") or ():
        if isinstance(b, dict) and str(b.get("type", "")).upper() == kind and b.get("path"):
            return str(b["path"])
    return None


def docx_lines(data: bytes) -> list[str]:
    """The paragraphs of a .docx, one string each (runs joined, whitespace kept as printed)."""
    with zipfile.ZipFile(BytesIO(data)) as zf:
        root = ET.fromstring(zf.read("word/document.xml"))
    lines = []
    for p in root.iter(_W + "p"):
        text = "".join(t.text or "" for t in p.iter(_W + "t")).strip()
        if text:
            lines.append(text)
    return lines


def articles(lines: list[str]) -> list[dict]:
    """Lines → articles ``{segment, number, article_cn, paragraphs: [{kuan, text, items}], path}``. An article
    number must come after the one before, by at most 5 (or be its 之一), so a paragraph that begins
    ``第二十条规定的…`` is not taken for an article; a skipped number shows as a gap (see :func:`complete`)."""
    out: list[dict] = []
    path: dict[str, str] = {}
    last = 0
    for line in lines:
        m = _ARTICLE.match(line)
        if m:
            try:
                n = cn_to_int(m.group(1))
                sub = cn_to_int(m.group(2)) if m.group(2) else None
            except ValueError:
                n, sub = -1, None
            if (sub is None and last < n <= last + 5) or (sub is not None and n == last):
                last = n
                seg = f"art{n}" + (f"-{sub}" if sub else "")
                first = (m.group(3) or "").strip()
                out.append({"segment": seg, "number": n,
                            "article_cn": line[: m.start(3)].strip() if m.group(3) else line,
                            "paragraphs": [], "path": tuple(path.values())})
                if first:
                    out[-1]["paragraphs"].append({"kuan": 1, "text": first, "items": []})
                continue
        lv = _LEVEL.match(line)
        if lv and (not out or not out[-1]["paragraphs"] or not _ITEM.match(line)):
            level = lv.group(1)
            order = ["编", "分编", "章", "节"]
            path = {k: v for k, v in path.items() if order.index(k) < order.index(level)}
            path[level] = " ".join(line.replace("\u3000", " ").split())
            continue
        if not out:
            continue  # title, adoption note, table of contents before the first article
        paras = out[-1]["paragraphs"]
        if _ITEM.match(line) and paras:
            paras[-1]["items"].append(line)
        else:
            paras.append({"kuan": len(paras) + 1, "text": line, "items": []})
    return out


def complete(arts: list[dict]) -> bool:
    """True when the articles run 1, 2, 3 … without a gap: only then does a missing one not exist."""
    nums = [a["number"] for a in arts if "-" not in a["segment"]]
    return bool(nums) and nums == list(range(1, len(nums) + 1))


def units_from_lines(lines: list[str], title: str, *, status: str = "有效", source: str = SOURCE,
                     snapshot: str | None = None, url: str | None = None) -> Iterator[Any]:
    """A Work (complete: the official file holds every article) and one unit per article."""
    from legalcite.corpora.snapshots import Work
    from legalcite.jurisdictions.cn.laws import work_of_title as cn_work
    from legalcite.corpora.structure import cn_paragraphs

    arts = articles(lines)
    wid = cn_work(title)
    repealed = status == "已废止"
    yield Work(f"cn/{wid}", "cn", wid, title, (), complete=complete(arts), n_units=len(arts), repealed=repealed,
               source=source, snapshot=snapshot, extra={"status": status, "format": "flk-docx",
                                                        **({"url": url} if url else {})})
    for a in arts:
        text = "\n".join(line for p in a["paragraphs"] for line in (p["text"], *p["items"]))
        yield CorpusUnit(
            key=f"cn/{wid}/{a['segment']}", jurisdiction="cn", work=wid, work_title=title,
            heading=a["article_cn"], text=text, language="zh", subunits=tuple(cn_paragraphs(a["paragraphs"])),
            path=a["path"], repealed=repealed, source=source, snapshot=snapshot,
            extra={"subunits_known": True, "article_cn": a["article_cn"]},
        )
