"""Readers of the US federal snapshot files (``us_constitution.jsonl.gz``, ``us_usc_sections.jsonl.gz``,
``us_usc_text.jsonl.gz``) →
:class:`Work` and :class:`~legalcite.corpora.CorpusUnit` records under canonical keys (``us/const/amend14/s1``,
``us/usc/t42/s1983``); and of the U.S. Reports' case list (``us_scotus_cases.jsonl.gz``, where the corpora folder
has it), a case table."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.cases import CaseRecord, CaseTable, read_case_list
from legalcite.corpora.snapshots import SnapshotReader, Work, provenance, rows, sources
from legalcite.corpora.structure import sub
from legalcite.errors import InputError
from legalcite.jurisdictions.us.structure import PARSER
from legalcite.keys import join, ordinal_to_int, roman_to_int


def us_const_segments(row_key: str) -> list[str]:
    """``us/const/artI/s8`` → ``[art1, s8]``; ``us/const/amend14/s1`` → ``[amend14, s1]``; ``preamble`` kept."""
    out = []
    for seg in row_key.split("/")[2:]:
        m = re.fullmatch(r"(art|amend|s)([IVXLC\d]+)", seg)
        if m:
            out.append(m.group(1) + (str(roman_to_int(m.group(2))) if not m.group(2).isdigit() else m.group(2)))
        else:
            out.append(seg.lower())
    return out


def read_us_constitution(path: Path) -> Iterator[Work | CorpusUnit]:
    """``us_constitution.jsonl.gz``: articles/sections and amendments, clauses as ``cl`` sub-units. An
    amendment that repeals another (XXI of XVIII) marks the repealed one."""
    source, snapshot = provenance(path.name)
    records = list(rows(path))
    repealed_by: dict[str, str] = {}
    for r in records:
        m = re.search(r"The (\w+) article of amendment to the Constitution of the United States is hereby repealed",
                      r.get("text") or "")
        if m and (n := ordinal_to_int(m.group(1))) is not None:
            repealed_by[f"amend{n}"] = "us/const/" + "/".join(us_const_segments(r["key"]))
    yield Work("us/const", "us", "const", "Constitution of the United States", ("U.S. Const.",), complete=True,
               n_units=len(records), source=source, snapshot=snapshot)
    for r in records:
        segs = us_const_segments(r["key"])
        clauses = r.get("clauses") or []
        by = repealed_by.get(segs[0])
        anchor = segs[0].replace("art", "article-").replace("amend", "amendment-")
        yield CorpusUnit(
            key="/".join(["us", "const", *segs]), jurisdiction="us", work="const",
            work_title="Constitution of the United States", heading=r.get("heading"), text=r.get("text") or "",
            language="en", subunits=tuple(sub("cl", str(i), c) for i, c in enumerate(clauses, 1)) if len(clauses) > 1
            else (), repealed=by is not None, replaced_by=by, source=source, snapshot=snapshot,
            extra={"subunits_known": True,
                   "url": sources()["urls"]["us_const"].format(path=anchor) if segs[0] != "preamble" else
                   "https://constitution.congress.gov/constitution/preamble/"},
        )


def usc_key(title: str, section: str) -> str:
    """The key of a U.S. Code section: ``42``, ``1983`` → ``us/usc/t42/s1983``."""
    return join("us", "usc", [f"t{title}", f"s{section}"])


def read_us_usc_sections(path: Path) -> Iterator[Work | CorpusUnit]:
    """``us_usc_sections.jsonl.gz``: every live section of all 53 titles, heading only (TOC-only units).
    The list is complete for sections in force; a repeated section number (``#2``) is one key."""
    source, snapshot = provenance(path.name)
    yield Work("us/usc", "us", "usc", "United States Code", ("U.S.C.", "USC"), complete=True, source=source,
               snapshot=snapshot, extra={"scope": "live sections only (OLRC release point 119-100)"})
    seen: set[str] = set()
    url = sources()["urls"]["us_usc"]
    for r in rows(path):
        key = usc_key(r["title"], r["section"])
        if key in seen:
            continue
        seen.add(key)
        yield CorpusUnit(key=key, jurisdiction="us", work="usc", work_title="United States Code",
                         heading=r.get("heading"), text="", language="en", source=source, snapshot=snapshot,
                         extra={"toc_only": True, "url": url.format(title=r["title"], section=r["section"])})


def read_us_usc_text(path: Path) -> Iterator[CorpusUnit]:
    """``us_usc_text.jsonl.gz``: the statutory text of titles 5, 11, 15, 17, 18, 28, 29, 35, 42, with the
    subsection tree read from the indentation (:mod:`legalcite.jurisdictions.us.structure`). Each row replaces the
    heading-only unit of ``us_usc_sections`` under the same key (this reader runs after that one); rows without
    text stay heading-only."""
    source, snapshot = provenance(path.name)
    url = sources()["urls"]["us_usc"]
    seen: set[str] = set()
    for r in rows(path):
        key = usc_key(r["title"], r["section"])
        text = (r.get("text") or "").strip()
        if key in seen or not text:
            continue
        seen.add(key)
        yield CorpusUnit(key=key, jurisdiction="us", work="usc", work_title="United States Code",
                         heading=r.get("heading"), text=text, language="en", subunits=tuple(PARSER.subunits(text)),
                         source=source, snapshot=snapshot,
                         extra={"subunits_known": True, "url": url.format(title=r["title"], section=r["section"])})


SCOTUS_FILE = "us_scotus_cases.jsonl.gz"


def read_scotus_cases(path: Path) -> Iterator[CaseRecord | CaseTable]:
    """``us_scotus_cases.jsonl.gz``: the Supreme Court's decisions in the U.S. Reports, a case list whose lines
    carry their keys (``scripts/build_scotus_cases.py`` writes it from the Supreme Court Database's case-centered
    CSV: name, decision date, docket, the S. Ct. and L. Ed. citations as parallels). Table ``scdb``; not closed (the
    U.S. Reports are running), complete (every decision of its volumes), so without last pages a decision's pages
    run to the next listed one."""
    from legalcite.casenames import party_keys  # start-up: kept off `legalcite extract`
    def no_key(citation: str) -> str | None:
        raise InputError(f"{path}: {citation!r} has no key (rebuild the file with scripts/build_scotus_cases.py)")

    yield from read_case_list(path, table="scdb", key_of=no_key, parties_of=party_keys, complete=True)


READERS = (
    SnapshotReader("us", "us_constitution.jsonl.gz", read_us_constitution),
    SnapshotReader("us", "us_usc_sections.jsonl.gz", read_us_usc_sections),
    SnapshotReader("us", "us_usc_text.jsonl.gz", read_us_usc_text),
    SnapshotReader("us", SCOTUS_FILE, read_scotus_cases, cases=True),
)
