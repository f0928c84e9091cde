"""flk.npc.gov.cn (国家法律法规数据库): PRC laws, regulations and judicial interpretations — the online check and
``corpus fetch cn``.

**API** (undocumented; shapes from public clients): a title search ``GET /api/?type=&searchType=title;vague&
searchWord=<title>&page=1&size=10`` answers ``{"success": true, "result": {"totalSizes": n, "data": [{"id",
"title", "office", "publish", "expiry", "type", "status"}]}}``; ``status`` is 有效 / 已修改 / 已废止 / 尚未生效
(older answers use 1 / 5 / 9 / 3). A detail request (``POST /api/detail`` with ``id``) answers ``result.body[]``
of ``{type: WORD|PDF|HTML, path}``, and the text is served at ``https://wb.flk.npc.gov.cn<path>``. The WORD file
is a .docx: ``word/document.xml`` holds one ``<w:p>`` per line. Lines ``第…编/分编/章/节`` are the path,
``第…条[之…]`` starts an article, each further line is a 款 and ``（一）…`` lines are 项 of the 款 before them —
the layout of every PRC statute.

**Online** (:class:`Flk`): an exact title hit in force is ``real`` for a citation of the whole work; 已废止 is
``repealed``; no exact title is ``not_findable``. For an article, the law's WORD file is read: the article (款,
项) is there → ``real``; it is not, and the article numbers read run without a gap → ``invented``; otherwise
``not_checked``. The site sits behind a WAF that may answer HTML instead of JSON: that is ``not_checked`` with
the reason.

**Bulk** (``corpus fetch cn --laws 民法典,…``; flk offers no bulk download): per title the search and detail
answers, then the WORD file saved as ``<title>.docx`` with ``<title>.json`` (title, status, publish, id, URL,
retrieval date) beside it.
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable, Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import Work
from legalcite.jurisdictions import structure_parser
from legalcite.jurisdictions.cn.laws import work_of_title as cn_work
from legalcite.keys import cn_ascii_brackets, cn_to_int, join
from legalcite.models import Citation, Kind
from legalcite.net import Downloader, Fetched, FetchError, OfficialClient
from legalcite.status import CheckedCitation, Status, Undecided

from .base import FetchOptions, Files, UnknownLaw, answer, from_error, no_files, not_checked, origin, query_url

BASE = "https://flk.npc.gov.cn"
FILES = "https://wb.flk.npc.gov.cn"
HOST = "flk.npc.gov.cn"
STATUS = {"1": "有效", "5": "已修改", "9": "已废止", "3": "尚未生效"}
DOCX_TYPES = ("application/vnd.openxmlformats-officedocument", "application/octet-stream", "application/msword",
              "application/zip")
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


def units_from_lines(lines: list[str], title: str, *, status: str = "有效", source: str = HOST,
                     snapshot: str | None = None, url: str | None = None) -> Iterator[Any]:
    """A Work (complete: the official file holds every article) and one unit per article."""
    parser = structure_parser("cn")

    arts = articles(lines)
    wid = cn_work(title)
    repealed = status == "已废止"
    yield Work(join("cn", wid), "cn", wid, title, (), complete=complete(arts), n_units=len(arts), repealed=repealed,
               source=source, snapshot=snapshot, extra={"status": status, "format": "flk-docx",
                                                        **({"url": url} if url else {})})
    for a in arts:
        text = "\n".join(line for p in a["paragraphs"] for line in (p["text"], *p["items"]))
        yield CorpusUnit(
            key=join("cn", wid, [a["segment"]]), jurisdiction="cn", work=wid, work_title=title,
            heading=a["article_cn"], text=text, language="zh", subunits=tuple(parser.subunits(text, a["paragraphs"])),
            path=a["path"], repealed=repealed, source=source, snapshot=snapshot,
            extra={"subunits_known": True, "article_cn": a["article_cn"]},
        )


def search_params(title: str, size: int = 10) -> dict[str, str]:
    """The query of a title search (newest first)."""
    return {"type": "", "searchType": "title;vague", "searchWord": title, "sortTr": "f_bbrq_s;desc",
            "sort": "true", "page": "1", "size": str(size)}


class Flk:
    """flk.npc.gov.cn as an :class:`~legalcite.sources.base.OnlineSource` and a
    :class:`~legalcite.sources.base.BulkSource` (one WORD file per law title: ``--laws`` is required)."""

    name = "flk"
    host = HOST
    laws_help = "titles (民法典,中华人民共和国刑法), required: flk.npc.gov.cn offers no bulk download"
    needs_laws = True

    def __init__(self, base: str = BASE, files: str = FILES) -> None:
        self.base = base.rstrip("/")
        self.files = files.rstrip("/")
        self.origins = (origin(self.base), origin(self.files))
        self._laws: dict[str, tuple[dict[str, dict], Fetched, bool]] = {}  # flk id → articles, per run

    async def _articles(self, law_id: str, client: OfficialClient) -> tuple[dict[str, dict], Fetched, bool]:
        """The law's articles, read from its official WORD file (detail API → wb.flk.npc.gov.cn)."""
        if law_id not in self._laws:
            d = await client.request("POST", f"{self.base}/api/detail", data={"id": law_id},
                                     headers={"Accept": "application/json"}, accept=("application/json",))
            try:
                path = body_path(d.json())
            except (ValueError, KeyError, TypeError, AttributeError):
                raise FetchError("flk.npc.gov.cn's detail answer has an unexpected shape", url=d.url) from None
            if path is None:
                raise FetchError("flk.npc.gov.cn offers no WORD file for this law", url=d.url)
            doc = await client.request("GET", self.files + path, accept=DOCX_TYPES)
            try:
                parsed = articles(docx_lines(doc.content))
            except (zipfile.BadZipFile, KeyError, ET.ParseError):
                raise FetchError("the WORD file from flk.npc.gov.cn is not a readable .docx", url=doc.url) from None
            self._laws[law_id] = ({a["segment"]: a for a in parsed}, doc, complete(parsed))
        return self._laws[law_id]

    async def _article(self, citation: Citation, row: dict, title: str,
                       client: OfficialClient) -> CheckedCitation:
        try:
            arts, doc, whole = await self._articles(str(row.get("id")), client)
        except FetchError as e:
            return not_checked(citation, f"flk.npc.gov.cn lists {title} as in force, but its text could not be "
                               f"read: {e.reason}", HOST, e.url, why=Undecided.FAULT)
        if not arts:
            return not_checked(citation, f"no articles could be read from the official text of {title}",
                               HOST, doc.url)
        art = next((u for u in citation.units if u.label == "art"), None)
        if art is None:
            return not_checked(citation, "no article (条) to look up", HOST, doc.url, why=Undecided.NOT_COVERED)
        unit_key = citation.key_at("unit")
        a = arts.get(art.segment)
        if a is None and not whole:
            return not_checked(citation, f"{art.segment} was not found in the official text of {title}, but the "
                               "article numbers read from it have gaps", HOST, doc.url)
        if a is None:
            return answer(citation, Status.INVENTED, f"the official text of {title} ({len(arts)} articles) has no "
                          f"{art.segment}", HOST, doc, unit_key, publish=row.get("publish"))
        para = next((u.value for u in citation.units if u.label == "para"), None)
        item = next((u.value for u in citation.units if u.label == "item"), None)
        paras = a["paragraphs"]
        if para is not None and para.isdecimal() and not 1 <= int(para) <= len(paras):
            return answer(citation, Status.INVENTED, f"{a['article_cn']} of {title} has {len(paras)} 款, not "
                          f"款 {para}", HOST, doc, citation.key)
        if item is not None and item.isdecimal():
            owner = paras[int(para) - 1] if para and para.isdecimal() else next((p for p in paras if p["items"]), None)
            if owner is None or not 1 <= int(item) <= len(owner["items"]):
                return answer(citation, Status.INVENTED, f"{a['article_cn']} of {title} has no 项 {item} there",
                              HOST, doc, citation.key)
        return answer(citation, Status.REAL, f"{a['article_cn']} exists in the official text of {title} (有效)",
                      HOST, doc, citation.key, publish=row.get("publish"))

    def handles(self, citation: Citation) -> bool:
        # titles only: flk's search does not index document numbers (法释[2020]26号) or cases
        return citation.jurisdiction == "cn" and citation.kind is Kind.STATUTE and citation.work is not None

    def urls(self, citation: Citation) -> list[str]:
        if not self.handles(citation):
            return []
        return [query_url(f"{self.base}/api/", search_params(citation.work or ""))]

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        if not self.handles(citation):
            return not_checked(citation, "flk.npc.gov.cn is searched by title only", HOST, why=Undecided.NOT_COVERED)
        try:
            f = await client.request("GET", f"{self.base}/api/", params=search_params(citation.work or ""),
                                     headers={"Accept": "application/json"}, accept=("application/json",))
            obj = f.json()
            rows = obj["result"]["data"]
        except FetchError as e:
            return from_error(citation, e, HOST)
        except (ValueError, KeyError, TypeError):
            return not_checked(citation, "flk.npc.gov.cn answered with an unexpected JSON shape", HOST,
                               why=Undecided.FAULT)
        want = norm_title(citation.work or "")
        hits = [r for r in rows if isinstance(r, dict) and norm_title(str(r.get("title", ""))) == want]
        if not hits:
            near = [str(r.get("title")) for r in rows if isinstance(r, dict)][:5]
            return answer(citation, Status.NOT_FINDABLE, f"flk.npc.gov.cn has no document titled {want}",
                          HOST, f, citation.key_at("work"), near=near)
        states = [STATUS.get(str(r.get("status")), str(r.get("status"))) for r in hits]
        work_key = citation.key_at("work")
        if "有效" not in states and "已废止" in states:
            h = hits[states.index("已废止")]
            return answer(citation, Status.REPEALED, f"flk.npc.gov.cn lists {want} as 已废止 (repealed)",
                          HOST, f, work_key, publish=h.get("publish"), office=h.get("office"))
        if "有效" not in states:
            return not_checked(citation, f"flk.npc.gov.cn lists {want} only as {'/'.join(sorted(set(states)))}",
                               HOST, f.url)
        h = hits[states.index("有效")]
        if citation.units:
            return await self._article(citation, h, want, client)
        return answer(citation, Status.REAL, f"flk.npc.gov.cn lists {want} as in force (有效)", HOST, f,
                      work_key, publish=h.get("publish"), office=h.get("office"))

    # -- bulk

    def download(self, dl: Downloader, laws: list[str], options: FetchOptions,
                 say: Callable[[str], None]) -> Files:
        return [self._download_one(dl, title, i, options) for i, title in enumerate(laws)]

    def _download_one(self, dl: Downloader, title: str, i: int, options: FetchOptions) -> tuple[Path, str]:
        """Search the title, ask the detail API for the WORD file, download it; save the row beside it."""
        q = query_url(f"{self.base}/api/", search_params(title, size=20))
        try:
            row = pick(search_rows(_api_json(dl.fetch(q, f"search-{i}.json", refresh=True).path)), title)
            if row is None:
                raise UnknownLaw(f"flk.npc.gov.cn has no law titled {title}")
            detail = _api_json(dl.fetch(f"{self.base}/api/detail", f"detail-{i}.json", refresh=True,
                                        data={"id": row["id"]}).path)
            path = body_path(detail)
        except (KeyError, TypeError):
            raise FetchError("flk.npc.gov.cn answered JSON of an unexpected shape") from None
        if path is None:
            raise FetchError(f"flk.npc.gov.cn offers no WORD file for {row['title']}")
        name = cn_work(row["title"]).replace("/", "-")
        doc = dl.fetch(self.files + path, f"{name}.docx", refresh=options.refresh)
        meta = {"title": row["title"], "status": row["status"], "publish": row.get("publish"), "id": row["id"],
                "url": self.files + path, "retrieved_at": doc.retrieved_at}
        doc.path.with_suffix(".json").write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
        return doc.path, name

    def local_files(self, folder: Path, laws: list[str], options: FetchOptions) -> Files:
        docs = [p for p in sorted(folder.glob("*.docx")) if p.with_suffix(".json").exists()]
        if laws:
            want = {norm_title(t) for t in laws} | {norm_title("中华人民共和国" + t) for t in laws}
            docs = [p for p in docs if norm_title(p.stem) in want]
        return [(p, p.stem) for p in docs] or no_files(folder)

    def records(self, path: Path, tag: str, laws: list[str]) -> Iterator[Any]:
        """A law's WORD file and the ``<name>.json`` saved beside it (title, status, publish, url)."""
        meta = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        return units_from_lines(docx_lines(path.read_bytes()), meta["title"], status=meta.get("status", "有效"),
                                source=f"{HOST}: {meta.get('url', path.name)}",
                                snapshot=(meta.get("retrieved_at") or "")[:10] or None, url=meta.get("url"))


def _api_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        raise FetchError("flk.npc.gov.cn answered with something that is not JSON (its web firewall?)") from None
