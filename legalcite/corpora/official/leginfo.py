"""California codes from leginfo.legislature.ca.gov → corpus units. Standard library only.

Two official formats:

- the section page ``/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1542`` (one section: the
  hierarchy in ``<h4>``/``<h5>``, the number in ``<h6>``, text in ``<p>``, history in ``<i>(…)</i>``, all inside
  ``<div id="codeLawSectionNoHead">``), read by :func:`parse_section_page`;
- the bulk download ``pubinfo_<year>.zip`` from downloads.leginfo.legislature.ca.gov: the ``capublic`` MySQL
  tables as tab-separated ``.dat`` files (fields may be enclosed in backticks, ``NULL`` for null) with large
  texts in ``.lob`` files named by the row. ``LAW_SECTION_TBL.dat`` columns: id, law_code, section_num,
  op_statues, op_chapter, op_section, effective_date, law_section_version_id, division, title, part, chapter,
  article, history, content_xml (the ``.lob`` file name), active_flg, trans_uid, trans_update. Read by
  :func:`iter_pubinfo`.
"""
from __future__ import annotations

import re
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from legalcite.corpora import CorpusUnit

from ._text import strip_tags

SOURCE = "leginfo.legislature.ca.gov"
SECTION_URL = "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode={code}&sectionNum={section}"
LAW_SECTION_COLUMNS = ("id", "law_code", "section_num", "op_statues", "op_chapter", "op_section", "effective_date",
                       "law_section_version_id", "division", "title", "part", "chapter", "article", "history",
                       "content_xml", "active_flg", "trans_uid", "trans_update")


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
    from legalcite.jurisdictions.us_ca.snapshots import ca_segments
    from legalcite.corpora.structure import ca_subdivisions

    wid, segs = ca_segments(code, section)
    return CorpusUnit(
        key="/".join(["us-ca", wid, *segs]), jurisdiction="us-ca", work=wid, work_title=None, heading=None,
        text=text, language="en", subunits=tuple(ca_subdivisions(text)), path=path, source=source,
        snapshot=snapshot, extra={"history": history, "url": SECTION_URL.format(code=code, section=section),
                                  "subunits_known": True, **(extra or {})},
    )


def unit_from_section_page(html: str, code: str, *, source: str = SOURCE, snapshot: str | None = None
                           ) -> CorpusUnit | None:
    sec = parse_section_page(html)
    if sec is None:
        return None
    return _unit(code.upper(), sec["number"], sec["text"], history=sec["history"], path=tuple(sec["path"]),
                 source=source, snapshot=snapshot)


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
                            source=f"{SOURCE}: {p.name}", snapshot=snapshot or (row.get("trans_update") or "")[:10]
                            or None, extra={"effective_date": row.get("effective_date"),
                                            "version_id": row.get("law_section_version_id")})
