"""Readers of the California snapshot files (``ca_codes_toc.jsonl.gz``, ``ca_fulltext.jsonl.gz``) → :class:`Work`
and :class:`~legalcite.corpora.CorpusUnit` records under canonical keys (``us-ca/lab/s2802``,
``us-ca/const/art13b/s1``)."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import SnapshotReader, Work, provenance, rows, sources
from legalcite.jurisdictions.us_ca.structure import ca_subdivisions
from legalcite.jurisdictions.us_ca.codes import work_of
from legalcite.keys import is_roman, numeral_value, roman_to_int

_CA_MONTH = "%B %d, %Y"


def _ca_date(s: str | None) -> str | None:
    try:
        return datetime.strptime(s, _CA_MONTH).date().isoformat() if s else None
    except ValueError:
        return None


def _roman_article(s: str) -> str:
    """California constitution article ids: ``XIIIB`` → ``13b``, ``XXXV`` → ``35``, ``I`` → ``1``."""
    if is_roman(s):
        return str(roman_to_int(s))
    if len(s) > 1 and is_roman(s[:-1]) and s[-1].isalpha():
        return f"{roman_to_int(s[:-1])}{s[-1].lower()}"
    return numeral_value(s).lower()


def ca_segments(code: str, section: str) -> tuple[str, list[str]]:
    """(leginfo code, section id) → (work id, unit segments): ``LAB, 2802`` → ``lab, [s2802]``;
    ``CONS, XIIIB-1`` → ``const, [art13b, s1]``."""
    if work_of(code) == "const":
        art, _, sec = section.partition("-")
        return "const", ["art" + _roman_article(art)] + (["s" + sec] if sec else [])
    return work_of(code), ["s" + section]


def _ca_url(code: str, section: str) -> str:
    if code.upper() == "CONS":
        art, _, sec = section.partition("-")
        return ("https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CONS"
                f"&sectionNum=SEC.%20{sec}.&article={art}")
    return sources()["urls"]["us-ca_section"].format(code=code.upper(), section=section)


def read_ca_codes_toc(path: Path) -> Iterator[Work | CorpusUnit]:
    """``ca_codes_toc.jsonl.gz``: one Work per code (complete where ``coverage == complete``) and a TOC-only
    unit per listed section."""
    source, snapshot = provenance(path.name)
    for r in rows(path):
        wid, _ = ca_segments(r["code"], "1")
        complete = r.get("coverage") == "complete"
        updated = _ca_date(r.get("source_updated"))
        yield Work(f"us-ca/{wid}", "us-ca", wid, r["name"], (r["code"], r["name"]), complete=complete,
                   n_units=r.get("n_sections") or 0, source=source, snapshot=updated or snapshot,
                   extra={"coverage": r.get("coverage"), "full_text": r.get("full_text", False), "code": r["code"]})
        for s in r.get("sections") or ():
            w, segs = ca_segments(r["code"], s)
            yield CorpusUnit(key="/".join(["us-ca", w, *segs]), jurisdiction="us-ca", work=w, work_title=r["name"],
                             heading=None, text="", language="en", source=source, snapshot=updated or snapshot,
                             extra={"toc_only": True, "url": _ca_url(r["code"], s)})


def read_ca_fulltext(path: Path) -> Iterator[Work | CorpusUnit]:
    """``ca_fulltext.jsonl.gz``: one unit per section with its subdivisions. Sections printed in two versions
    (operative-date pairs) become one unit with both texts; rows without subdivision data (the partial
    MarkyMark1986 subset) say so (``subunits_known`` false). Codes that appear only here are incomplete Works."""
    _, snapshot = provenance(path.name)
    partial_snapshot = sources().get(path.name, {}).get("partial_snapshot")
    units: dict[str, dict] = {}
    for r in rows(path):
        w, segs = ca_segments(r["code"], r["section"])
        key = "/".join(["us-ca", w, *segs])
        if key in units:
            prev = units[key]
            prev["versions"].append(r["text"])
            prev["subdivisions"] = sorted(set(prev["subdivisions"]) | set(r.get("subdivisions") or ()))
            continue
        units[key] = {**r, "work": w, "versions": [r["text"]], "subdivisions": list(r.get("subdivisions") or ())}
    codes: dict[str, dict] = {}
    for key, r in units.items():
        codes.setdefault(r["code"], r)
        known = r.get("source", "").startswith("johnakelly")
        subunits: list = []
        if known:
            for text in r["versions"]:
                for node in ca_subdivisions(text, r["subdivisions"]):
                    if all(n["value"] != node["value"] for n in subunits):
                        subunits.append(node)
        yield CorpusUnit(
            key=key, jurisdiction="us-ca", work=r["work"], work_title=r.get("code_name"), heading=None,
            text="\n\n".join(r["versions"]), language="en", subunits=tuple(subunits),
            path=tuple(r.get("path") or ()), source=f"{path.name}: {r.get('source')}",
            snapshot=snapshot if known else partial_snapshot,
            extra={"subunits_known": known, "history": r.get("history"), "versions": len(r["versions"]),
                   "url": _ca_url(r["code"], r["section"]), "complete_code": r.get("complete_code")},
        )
    for code, r in codes.items():
        if not r.get("complete_code"):
            w, _ = ca_segments(code, "1")
            yield Work(f"us-ca/{w}", "us-ca", w, r.get("code_name"), (code, r.get("code_name") or code),
                       complete=False, source=f"{path.name}: {r.get('source')}", snapshot=partial_snapshot,
                       extra={"coverage": "partial", "code": code})


READERS = (
    SnapshotReader("us-ca", "ca_codes_toc.jsonl.gz", read_ca_codes_toc),
    SnapshotReader("us-ca", "ca_fulltext.jsonl.gz", read_ca_fulltext),
)
