"""flk.npc.gov.cn (国家法律法规数据库): PRC laws, regulations and judicial interpretations.

Search: ``GET /api/?type=&searchType=title;vague&searchWord=<title>&page=1&size=10`` answers
``{"success": true, "result": {"totalSizes": n, "data": [{"id", "title", "office", "publish", "expiry",
"type", "status"}]}}``; ``status`` is 有效 / 已修改 / 已废止 / 尚未生效 (older answers use 1 / 5 / 9 / 3).
An exact title hit in force is ``real`` for a citation of the whole work; 已废止 is ``repealed``; no exact
title is ``not_findable``. For an article, the law's official WORD file (``POST /api/detail`` → body path →
``wb.flk.npc.gov.cn``) is read (:mod:`legalcite.corpora.official.flk`): the article (款, 项) is there → ``real``;
it is not, and the article numbers read run without a gap → ``invented``; otherwise ``not_checked``. The site
sits behind a WAF that may answer HTML instead of JSON: that is ``not_checked`` with the reason.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
import zipfile

import httpx

from legalcite.corpora.official.flk import (
    FILES,
    STATUS,
    articles,
    body_path,
    complete,
    docx_lines,
    norm_title,
)
from legalcite.models import Citation, Kind
from legalcite.status import CheckedCitation, Status

from .base import answer, from_error, not_checked
from .http import Fetched, FetchError, OfficialClient

BASE = "https://flk.npc.gov.cn"
SOURCE = "flk.npc.gov.cn"
DOCX_TYPES = ("application/vnd.openxmlformats-officedocument", "application/octet-stream", "application/msword",
              "application/zip")


class FlkResolver:
    name = "flk"
    source = SOURCE

    def __init__(self, base: str = BASE, files: str = FILES) -> None:
        self.base = base.rstrip("/")
        self.files = files.rstrip("/")
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
                               f"read: {e.reason}", SOURCE, e.url)
        if not arts:
            return not_checked(citation, f"no articles could be read from the official text of {title}",
                               SOURCE, doc.url)
        art = next((u for u in citation.units if u.label == "art"), None)
        if art is None:
            return not_checked(citation, "no article (条) to look up", SOURCE, doc.url)
        unit_key = citation.key_at("unit")
        a = arts.get(art.segment)
        if a is None and not whole:
            return not_checked(citation, f"{art.segment} was not found in the official text of {title}, but the "
                               "article numbers read from it have gaps", SOURCE, doc.url)
        if a is None:
            return answer(citation, Status.INVENTED, f"the official text of {title} ({len(arts)} articles) has no "
                          f"{art.segment}", SOURCE, doc, unit_key, publish=row.get("publish"))
        para = next((u.value for u in citation.units if u.label == "para"), None)
        item = next((u.value for u in citation.units if u.label == "item"), None)
        paras = a["paragraphs"]
        if para is not None and para.isdecimal() and not 1 <= int(para) <= len(paras):
            return answer(citation, Status.INVENTED, f"{a['article_cn']} of {title} has {len(paras)} 款, not "
                          f"款 {para}", SOURCE, doc, citation.key)
        if item is not None and item.isdecimal():
            owner = paras[int(para) - 1] if para and para.isdecimal() else next((p for p in paras if p["items"]), None)
            if owner is None or not 1 <= int(item) <= len(owner["items"]):
                return answer(citation, Status.INVENTED, f"{a['article_cn']} of {title} has no 项 {item} there",
                              SOURCE, doc, citation.key)
        return answer(citation, Status.REAL, f"{a['article_cn']} exists in the official text of {title} (有效)",
                      SOURCE, doc, citation.key, publish=row.get("publish"))

    def handles(self, citation: Citation) -> bool:
        # titles only: flk's search does not index document numbers (法释[2020]26号) or cases
        return citation.jurisdiction == "cn" and citation.kind is Kind.STATUTE and citation.work is not None

    def _params(self, citation: Citation) -> dict[str, str]:
        return {"type": "", "searchType": "title;vague", "searchWord": citation.work or "", "sortTr": "f_bbrq_s;desc",
                "sort": "true", "page": "1", "size": "10"}

    def urls(self, citation: Citation) -> list[str]:
        if not self.handles(citation):
            return []
        return [str(httpx.URL(f"{self.base}/api/", params=self._params(citation)))]

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        if not self.handles(citation):
            return not_checked(citation, "flk.npc.gov.cn is searched by title only", SOURCE)
        try:
            f = await client.request("GET", f"{self.base}/api/", params=self._params(citation),
                                     headers={"Accept": "application/json"}, accept=("application/json",))
            obj = f.json()
            rows = obj["result"]["data"]
        except FetchError as e:
            return from_error(citation, e, SOURCE)
        except (ValueError, KeyError, TypeError):
            return not_checked(citation, "flk.npc.gov.cn answered with an unexpected JSON shape", SOURCE)
        want = norm_title(citation.work or "")
        hits = [r for r in rows if isinstance(r, dict) and norm_title(str(r.get("title", ""))) == want]
        if not hits:
            near = [str(r.get("title")) for r in rows if isinstance(r, dict)][:5]
            return answer(citation, Status.NOT_FINDABLE, f"flk.npc.gov.cn has no document titled {want}",
                          SOURCE, f, citation.key_at("work"), near=near)
        states = [STATUS.get(str(r.get("status")), str(r.get("status"))) for r in hits]
        work_key = citation.key_at("work")
        if "有效" not in states and "已废止" in states:
            h = hits[states.index("已废止")]
            return answer(citation, Status.REPEALED, f"flk.npc.gov.cn lists {want} as 已废止 (repealed)",
                          SOURCE, f, work_key, publish=h.get("publish"), office=h.get("office"))
        if "有效" not in states:
            return not_checked(citation, f"flk.npc.gov.cn lists {want} only as {'/'.join(sorted(set(states)))}",
                               SOURCE, f.url)
        h = hits[states.index("有效")]
        if citation.units:
            return await self._article(citation, h, want, client)
        return answer(citation, Status.REAL, f"flk.npc.gov.cn lists {want} as in force (有效)", SOURCE, f,
                      work_key, publish=h.get("publish"), office=h.get("office"))
