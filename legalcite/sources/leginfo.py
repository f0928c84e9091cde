"""leginfo.legislature.ca.gov: the California codes and Constitution, the Legislature's own site — section pages
for the online check, the weekly bulk tables for ``corpus fetch us-ca``.

**URLs** (:func:`section_url`): ``/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1542``; the
Constitution (``lawCode=CONS``) is displayed per article with ``codes_displayText.xhtml?lawCode=CONS&article=I``;
bulk files are ``pubinfo_<year>.zip`` on downloads.leginfo.legislature.ca.gov.

**Online** (:class:`Leginfo`): the section is shown inside ``<div id="codeLawSectionNoHead">`` with its number
in an ``<h6>`` (``<b>1542.</b>``), the hierarchy in ``<h4>``/``<h5>``, the text in ``<p>`` and the history in
``<i>(…)</i>`` (:func:`parse_section_page`). leginfo answers an unknown section with a page that simply shows no
section, indistinguishable from a page that failed to render, so an absent section is ``not_checked`` (with the
reason), never ``invented``; the offline store, with complete section lists, decides ``invented`` for California.

**Bulk** (``corpus fetch us-ca``): ``pubinfo_<year>.zip`` holds the ``capublic`` MySQL tables as tab-separated
``.dat`` files (fields may be enclosed in backticks, ``NULL`` for null) with large texts in ``.lob`` files named
by the row. ``LAW_SECTION_TBL.dat`` columns: id, law_code, section_num, op_statues, op_chapter, op_section,
effective_date, law_section_version_id, division, title, part, chapter, article, history, content_xml (the
``.lob`` file name), active_flg, trans_uid, trans_update (:func:`iter_pubinfo`).
"""
from __future__ import annotations

import datetime as _dt
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from legalcite.corpora import CorpusUnit
from legalcite.jurisdictions import structure_parser
from legalcite.jurisdictions.us_ca.snapshots import ca_segments
from legalcite.keys import int_to_roman, join
from legalcite.models import Citation, Kind
from legalcite.net import Downloader, FetchError, OfficialClient
from legalcite.status import CheckedCitation, Status, Undecided

from .base import (
    FetchOptions,
    Files,
    answer,
    decode_html,
    from_error,
    no_files,
    not_checked,
    origin,
    query_url,
    strip_tags,
    unit_value,
)

BASE = "https://leginfo.legislature.ca.gov"
DOWNLOADS = "https://downloads.leginfo.legislature.ca.gov"
HOST = "leginfo.legislature.ca.gov"
LAW_SECTION_COLUMNS = ("id", "law_code", "section_num", "op_statues", "op_chapter", "op_section", "effective_date",
                       "law_section_version_id", "division", "title", "part", "chapter", "article", "history",
                       "content_xml", "active_flg", "trans_uid", "trans_update")


# ------------------------------------------------------------------ URL layout

def section_request(code: str, section: str, base: str = BASE) -> tuple[str, dict[str, str]]:
    """(page, query parameters) of a code section; ``code`` is leginfo's lawCode (``CIV``)."""
    return f"{base}/faces/codes_displaySection.xhtml", {"lawCode": code.upper(), "sectionNum": section}


def section_url(code: str, section: str, base: str = BASE) -> str:
    """``…/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1542``."""
    return query_url(*section_request(code, section, base))


def constitution_request(article: str, base: str = BASE) -> tuple[str, dict[str, str]]:
    """The page of an article of the California Constitution (``13a`` → ``article=XIIIA``)."""
    m = re.match(r"^(\d+)([a-z]?)$", article)
    roman = (int_to_roman(int(m.group(1))) + m.group(2).upper()) if m else article.upper()
    return f"{base}/faces/codes_displayText.xhtml", {"lawCode": "CONS", "article": roman}


def current_session_year(today: _dt.date | None = None) -> int:
    """California sessions start in odd years: pubinfo_2025.zip covers 2025–26."""
    y = (today or _dt.date.today()).year
    return y if y % 2 else y - 1


# ------------------------------------------------------------------ section pages

def parse_section_page(text: str) -> dict | None:
    """A section page → {number, text, history, path}; None when it shows no section."""
    start = text.find('id="codeLawSectionNoHead"')
    if start < 0:
        return None
    end = text.find('name="javax.faces.ViewState"', start)
    body = text[start: end if end > 0 else len(text)]
    h6 = re.search(r"<h6[^>]*>(.*?)</h6>", body, re.S)
    if not h6:
        return None
    number = strip_tags(h6.group(1)).rstrip(".").strip()
    rest = body[h6.end():]
    paras = [strip_tags(p) for p in re.findall(r"<p[^>]*>(.*?)</p>", rest, re.S)]
    hist = re.findall(r"<i>\s*\((.*?)\)\s*</i>", rest, re.S)
    path = [strip_tags(h) for h in re.findall(r"<h[45][^>]*>(.*?)</h[45]>", body[: h6.start()], re.S)]
    return {"number": number, "text": "\n".join(p for p in paras if p),
            "history": strip_tags(hist[-1]) if hist else None, "path": [p for p in path if p]}


def _unit(code: str, section: str, text: str, *, history: str | None, path: tuple[str, ...], source: str,
          snapshot: str | None, extra: dict | None = None) -> CorpusUnit:
    wid, segs = ca_segments(code, section)
    return CorpusUnit(
        key=join("us-ca", wid, segs), jurisdiction="us-ca", work=wid, work_title=None, heading=None,
        text=text, language="en", subunits=tuple(structure_parser("us-ca").subunits(text)), path=path,
        source=source, snapshot=snapshot, extra={"history": history, "url": section_url(code, section),
                                  "subunits_known": True, **(extra or {})},
    )


def unit_from_section_page(html: str, code: str, *, source: str = HOST, snapshot: str | None = None
                           ) -> CorpusUnit | None:
    """The unit a leginfo section page of the code ``code`` shows (key, text, history, path, sub-units); None when the
    page shows no section."""
    sec = parse_section_page(html)
    if sec is None:
        return None
    return _unit(code.upper(), sec["number"], sec["text"], history=sec["history"], path=tuple(sec["path"]),
                 source=source, snapshot=snapshot)


# ------------------------------------------------------------------ pubinfo tables

def _fields(line: str) -> list[str | None]:
    out: list[str | None] = []
    for f in line.rstrip("\r\n").split("\t"):
        f = f[1:-1] if len(f) >= 2 and f[0] == f[-1] == "`" else f
        out.append(None if f == "NULL" else f)
    return out


def lob_text(xml: str) -> str:
    """A section's ``.lob`` (CAML XML with HTML-like ``<p>``) → text, one paragraph a line."""
    paras = [strip_tags(p) for p in re.findall(r"<p\b[^>]*>(.*?)</p>", xml, re.S)]
    return "\n".join(p for p in paras if p) if paras else strip_tags(xml)


def iter_pubinfo(zip_path: str | Path, codes: Iterable[str] | None = None, *, snapshot: str | None = None
                 ) -> Iterator[CorpusUnit]:
    """Active sections of ``LAW_SECTION_TBL`` in a pubinfo zip (optionally only some law codes). The
    Constitution (``CONS``) is skipped: its section numbers need the article, which this table keeps apart."""
    wanted = {c.upper() for c in codes} if codes else None
    p = Path(zip_path)
    with zipfile.ZipFile(p) as zf:
        names = {Path(n).name: n for n in zf.namelist()}
        if "LAW_SECTION_TBL.dat" not in names:
            raise ValueError(f"{p}: no LAW_SECTION_TBL.dat (law tables come only in the weekly session zip)")
        with zf.open(names["LAW_SECTION_TBL.dat"]) as fh:
            for raw in fh:
                row = dict(zip(LAW_SECTION_COLUMNS, _fields(raw.decode("utf-8", errors="replace"))))
                code = (row.get("law_code") or "").upper()
                if not code or code == "CONS" or (wanted and code not in wanted) or row.get("active_flg") != "Y":
                    continue
                section = (row.get("section_num") or "").strip().rstrip(".")
                if not section:
                    continue
                lob = row.get("content_xml")
                text = ""
                if lob and Path(lob).name in names:
                    text = lob_text(zf.read(names[Path(lob).name]).decode("utf-8", errors="replace"))
                path = tuple(f"{lvl.capitalize()} {row[lvl]}" for lvl in ("division", "title", "part", "chapter",
                                                                         "article") if row.get(lvl))
                yield _unit(code, section, text, history=row.get("history"), path=path,
                            source=f"{HOST}: {p.name}", snapshot=snapshot or (row.get("trans_update") or "")[:10]
                            or None, extra={"effective_date": row.get("effective_date"),
                                            "version_id": row.get("law_section_version_id")})


# ------------------------------------------------------------------ the source

class Leginfo:
    """leginfo.legislature.ca.gov as an :class:`~legalcite.sources.base.OnlineSource` (section pages) and a
    :class:`~legalcite.sources.base.BulkSource` (the weekly pubinfo zip)."""

    name = "leginfo"
    host = HOST
    laws_help = "law codes (CIV,LAB)"
    needs_laws = False

    def __init__(self, base: str = BASE, downloads: str = DOWNLOADS) -> None:
        self.base = base.rstrip("/")
        self.downloads = downloads.rstrip("/")
        self.origins = (origin(self.base), origin(self.downloads))

    # -- online

    def handles(self, citation: Citation) -> bool:
        return citation.jurisdiction == "us-ca" and citation.kind is Kind.STATUTE and citation.work is not None

    def _request(self, citation: Citation) -> tuple[str, dict[str, str]] | None:
        if citation.work == "const":
            art = unit_value(citation, "art")
            return constitution_request(art, self.base) if art else None
        sec = unit_value(citation, "s")
        return section_request(citation.work or "", sec, self.base) if sec else None

    def urls(self, citation: Citation) -> list[str]:
        r = self._request(citation)
        return [query_url(*r)] if r else []

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        r = self._request(citation)
        if r is None:
            return not_checked(citation, "no section to look up on leginfo.legislature.ca.gov", HOST,
                               why=Undecided.NOT_COVERED)
        if citation.work == "const":
            return not_checked(citation, "leginfo shows the California Constitution per article; sections are "
                               "not checked online", HOST, self.urls(citation)[0], why=Undecided.NOT_COVERED)
        url, params = r
        try:
            f = await client.request("GET", url, params=params, accept=("text/html",))
        except FetchError as e:
            return from_error(citation, e, HOST)
        sec = parse_section_page(decode_html(f))
        if sec is None or sec["number"] != params["sectionNum"]:
            return not_checked(citation, f"leginfo showed no {params['lawCode']} section {params['sectionNum']} "
                               "(leginfo does not distinguish an unknown section from an empty page)",
                               HOST, f.url)
        unit_key = citation.key_at("unit")
        sub = [u.value for u in citation.units if u.label == ""]
        if sub and sec["text"]:
            marks = set(re.findall(r"(?:^|\n)\(([a-z])\)", sec["text"]))
            if marks and sub[0] not in marks:
                return answer(citation, Status.INVENTED, f"{params['lawCode']} {sec['number']} has subdivisions "
                              f"({', '.join(sorted(marks))}), not ({sub[0]})", HOST, f, citation.key,
                              history=sec["history"])
        if re.match(r"^\s*\(?Repealed\b", sec["text"] or ""):
            return answer(citation, Status.REPEALED, f"{params['lawCode']} {sec['number']}: {sec['text'][:120]}",
                          HOST, f, unit_key, history=sec["history"])
        return answer(citation, Status.REAL, f"{params['lawCode']} {sec['number']} exists on leginfo",
                      HOST, f, unit_key, history=sec["history"], path=" > ".join(sec["path"]))

    # -- bulk

    def _zip_name(self, options: FetchOptions) -> str:
        return f"pubinfo_{options.year or current_session_year()}.zip"

    def download(self, dl: Downloader, laws: list[str], options: FetchOptions,
                 say: Callable[[str], None]) -> Files:
        name = self._zip_name(options)
        return [(dl.fetch(f"{self.downloads}/{name}", name, refresh=options.refresh).path, name[8:-4])]

    def local_files(self, folder: Path, laws: list[str], options: FetchOptions) -> Files:
        names = [self._zip_name(options)] if options.year else [p.name for p in sorted(folder.glob("pubinfo_*.zip"))]
        return [(folder / n, n) for n in names if (folder / n).exists()] or no_files(folder)

    def records(self, path: Path, tag: str, laws: list[str]) -> Iterator[Any]:
        return iter_pubinfo(path, [c.upper() for c in laws] or None)
