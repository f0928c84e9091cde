"""Readers of the Swiss snapshots (``ch_toc``, ``ch_fulltext``) → works and corpus units under
their canonical keys (docs/keys.md), for the store, the check and the retrieval indexes.

- ``ch_toc``: one :class:`Work` per SR entry (aliases: German, French, Italian abbreviations); ``complete`` only
  where ``units_complete`` (the 227 full-text acts): a unit missing from a heuristic list is unknown, never
  invented. TOC-only units for every listed article (``ch/or/art41``), the ZGB's Schlusstitel
  (``ch/zgb/schlt/art1``), repealed articles marked.
- ``ch_fulltext``: one unit per article with Absätze, Ziffern, Buchstaben and Sätze; transitional provisions under
  their section (``schlt`` for a Schlusstitel, else ``disp<n>`` as Fedlex numbers it: ``ch/or/disp16/art5``), annexes
  as ``annex<n>`` (the label EU annexes have); a repealed range row (``28d-28f``) as each of its articles.

- ``ch_bge_cases``: the BGE list, a case table (:func:`read_bge_cases`), read after every statute snapshot.

SR 0.* treaties are ``int`` (``int/echr``, ``int/cisg/art1``): :mod:`legalcite.jurisdictions.intl.snapshots` reads
the same files with ``jurisdiction="int"``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.cases import CaseRecord, CaseTable, TableStats
from legalcite.corpora.snapshots import SnapshotReader, Work, provenance
from legalcite.corpora.snapshots import rows as _rows
from legalcite.jurisdictions import structure_parser
from legalcite.jurisdictions.ch import BGE_FIRST_YEAR, acts
from legalcite.jurisdictions.ch.build import toc_units
from legalcite.keys import numeral_value


def _by_sr() -> dict[str, tuple[str, str]]:
    """SR number → (jurisdiction, work id), as the act table assigns them."""
    return {a["sr"]: (a["jurisdiction"], wid) for wid, a in acts.table()["acts"].items()}


def read_ch_toc(path: Path, jurisdiction: str = "ch") -> Iterator[Work | CorpusUnit]:
    """``ch_toc.jsonl.gz``: works and TOC-only article units of one jurisdiction (``ch`` or ``int``)."""
    ids = _by_sr()
    source, _ = provenance(path.name)  # the snapshot date is each act's "stand"
    for r in _rows(path):
        jur, wid = ids[r["sr"]]
        if jur != jurisdiction:
            continue
        aliases = tuple(dict.fromkeys(a for a in (r.get("abbr"), r.get("abbr_fr"), r.get("abbr_it"),
                                                 *(r.get("alt_abbrs") or ())) if a))
        units = toc_units(r) or (acts.act(wid) or {}).get("units") or []  # the ECHR's hand-entered article range
        yield Work(f"{jur}/{wid}", jur, wid, r.get("title"), aliases, complete=bool(r.get("units_complete")),
                   n_units=len(units), repealed=r.get("in_force") is False, source=source, snapshot=r.get("stand"),
                   extra={"sr": r["sr"], "eli": r.get("eli"), "url": acts.fedlex_url(r.get("eli")),
                          "full_text": bool(r.get("full_text")), "units_source": r.get("units_source"),
                          **({"abbr": r["abbr"]} if r.get("abbr") else {})})
        repealed = set(r.get("repealed") or ())
        for u in units:
            yield _toc_unit(jur, wid, r, f"art{numeral_value(u)}", u, u in repealed, source)
        for section in r.get("transitional") or ():
            if section["section"].startswith("Schlusstitel"):
                for u in section["units"]:
                    yield _toc_unit(jur, wid, r, f"schlt/art{numeral_value(u)}", None, False, source)


def _toc_unit(jur: str, wid: str, r: dict, seg: str, unit: str | None, repealed: bool, source: str) -> CorpusUnit:
    return CorpusUnit(key=f"{jur}/{wid}/{seg}", jurisdiction=jur, work=wid, work_title=r.get("title"),
                      heading="(aufgehoben)" if repealed else None, text="", language="de", repealed=repealed,
                      source=source, snapshot=r.get("stand"),
                      extra={"toc_only": True, **({"repeal_mark": "aufgehoben"} if repealed else {}),
                             "url": acts.fedlex_url(r.get("eli"), unit) if unit else acts.fedlex_url(r.get("eli"))})


def unit_segments(r: dict, ranges: dict[str, list[str]]) -> list[str]:
    """The key segments one full-text row stands for: ``41`` → [``art41``]; ``disp_u1-6a`` of the ZGB →
    [``schlt/art6a``]; ``disp_u16-5`` → [``disp16/art5``]; ``annex_1`` → [``annex1``]; a repealed range
    ``28d-28f`` → one segment per article of the range."""
    unit, kind = r["unit"], r.get("type")
    if kind == "transitional":
        m = re.fullmatch(r"disp_u(\d+)-(.+)", unit)
        if m:
            section = "schlt" if (r.get("path") or [""])[0].startswith("Schlusstitel") else f"disp{m.group(1)}"
            return [f"{section}/art{numeral_value(m.group(2))}"]
    if kind == "annex":
        m = re.fullmatch(r"annex_(.+)", unit)
        if m:
            return ["annex" + ".".join(numeral_value(p) for p in m.group(1).split("_"))]
    if kind == "article":
        if unit in ranges:
            return [f"art{numeral_value(u)}" for u in ranges[unit]]
        if re.fullmatch(r"\d+[a-z]*", unit):
            return [f"art{numeral_value(unit)}"]
    return [re.sub(r"[^\w.]+", "-", unit).strip("-").lower()]


def read_ch_fulltext(path: Path, jurisdiction: str = "ch") -> Iterator[Work | CorpusUnit]:
    """``ch_fulltext.jsonl.gz``: one unit per article (or per article of a repealed range) with its structure."""
    ids = _by_sr()
    table = acts.table()["acts"]
    source, _ = provenance(path.name)
    parser = structure_parser(jurisdiction)   # Swiss acts and treaties label their levels differently
    seen: set[str] = set()
    for r in _rows(path):
        jur, wid = ids.get(r["sr"], ("int" if r["sr"].startswith("0.") else "ch", r["key"].split("/")[1]))
        if jur != jurisdiction:
            continue
        act = table.get(wid) or {}
        for seg in unit_segments(r, act.get("ranges") or {}):
            key = f"{jur}/{wid}/{seg}"
            if key in seen:
                continue
            seen.add(key)
            text = r.get("text") or ""
            mark = parser.repeal.mark(text)   # "Aufgehoben", or only "…" left (the snapshot's flag: the latter)
            yield CorpusUnit(
                key=key, jurisdiction=jur, work=wid, work_title=r.get("title"), heading=r.get("heading"),
                text=text, language="de", subunits=tuple(parser.subunits(text, r.get("paragraphs") or ())),
                path=tuple(r.get("path") or ()), repealed=bool(r.get("repealed")) or mark is not None, source=source,
                snapshot=r.get("stand"),
                extra={**({"repeal_mark": mark} if mark else {}),
                       "url": r.get("source_url") or acts.fedlex_url(act.get("eli")), "cite": r.get("cite"),
                       "label": r.get("label"), "type": r.get("type"), "subunits_known": True},
            )


def read_bge_cases(path: Path) -> Iterator[CaseRecord | CaseTable]:
    """``ch_bge_cases.jsonl.gz``: every listed BGE as a case row (``ch/rep/bge/146/iii/1``; the docket, date, ECLI
    and regeste where the decision itself is in the snapshot), the docket of such a decision as a row of its own
    (``ch/case/bger/8c_444-2019``, the key of ``Urteil 8C_444/2019``, parallel to its BGE), and one table row per
    part. The list is no complete index (README): a BGE it does not list is unknown — except in a volume newer than
    the newest listed, which cannot exist yet (one volume a year, the list is current), so the parts are
    ``closed``."""
    source, snapshot = provenance(path.name)
    stats = TableStats()
    for r in _rows(path):
        vol, part, page = int(r["volume"]), str(r["part"]), int(r["page"])
        full = r.get("source") == "full"
        bge = f"ch/rep/bge/{vol}/{part.lower()}/{page}"
        if r.get("docket"):
            yield CaseRecord(
                key=f"ch/case/bger/{r['docket'].lower().replace('/', '-')}", jurisdiction="ch", table="bge",
                date=r.get("date") or None, court="BGer", docket=r["docket"], parallel=(bge,),
                case_id=f"bge:{vol} {part} {page}", source=source, snapshot=snapshot,
                extra={k: v for k, v in (("cite", f"Urteil {r['docket']}"), ("ecli", r.get("ecli")),
                                         ("bge", r.get("citation"))) if v})
        yield stats.add(CaseRecord(
            key=bge, jurisdiction="ch", table="bge",
            name=None, date=r.get("date") or None, court="BGer", docket=r.get("docket") or None, first_page=page,
            case_id=f"bge:{vol} {part} {page}", source=source, snapshot=snapshot,
            extra={k: v for k, v in (("cite", r.get("citation")), ("ecli", r.get("ecli")),
                                     ("language", r.get("language")),
                                     ("regeste", r.get("regeste")), ("listed_as", r.get("source")),
                                     ("year", BGE_FIRST_YEAR - 1 + vol)) if v} | ({"full_text": True} if full else {}),
        ))
    yield from stats.tables(name="bge", closed=lambda rep: True, source=source, snapshot=snapshot)


READERS = (
    SnapshotReader("ch", "ch_toc.jsonl.gz", read_ch_toc),
    SnapshotReader("ch", "ch_fulltext.jsonl.gz", read_ch_fulltext),
    SnapshotReader("ch", "ch_bge_cases.jsonl.gz", read_bge_cases, cases=True),
)
