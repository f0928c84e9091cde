"""The EU act table, ``data/acts.json.gz``, from ``eu_toc.jsonl.gz`` (and the article structure of
``eu_fulltext.jsonl.gz``): ``python -m legalcite.jurisdictions.eu.build [--corpora DIR]``.

One entry per act of the table of contents, under its work id (docs/keys.md) (``reg-2016-679``, ``dir-1993-13``,
``tfeu``): CELEX, type, number, names in German and English (hand-kept French names and further aliases live in
``data/aliases.json``, not here), the article list and whether it is complete, and the articles whose first
level is numbered *points* rather than paragraphs (GDPR Art. 4 lists definitions ``(1)``, ``(2)`` …, cited
``Art. 4 Nr. 1 DSGVO``), so that ``Article 4(1) GDPR`` can be read as point (1). Written by
:mod:`legalcite.core.data` (deterministic): a test checks that the shipped file equals a fresh build.
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from legalcite.jurisdictions.eu.acts import act_work

# eu_toc ``type`` → the work id's prefix (docs/keys.md); treaties and the Charter are named works.
TYPE_PREFIX = {"regulation": "reg", "directive": "dir", "decision": "dec"}
NAMED_WORKS = {"TFEU": "tfeu", "TEU": "teu", "Charter": "charter"}


def toc_work(row: dict) -> str:
    """The work id (docs/keys.md) of an ``eu_toc`` row: ``regulation 2016/679`` → ``reg-2016-679``,
    ``regulation 593/2008`` → ``reg-2008-593``, ``directive 93/13`` → ``dir-1993-13``, TFEU → ``tfeu``."""
    if row["type"] in ("treaty", "charter"):
        return NAMED_WORKS[row["short_en"]]
    a, b = row["number"].split("/")
    # the TOC prints regulations before 2015 number-first ("593/2008"), as their "No" form does
    work = act_work(TYPE_PREFIX[row["type"]], a, b, numbered=len(b) == 4 and len(a) != 4)
    if work is None:
        raise ValueError(f"cannot read the number of {row['celex']}: {row['number']!r}")
    return work


_EN_POINT = re.compile(r"(?:^|\s)\((\d+)\)\s")
_DE_POINT = re.compile(r"(?:^|\n)(\d+)\.\s")


def point_articles(rows: list[dict]) -> dict[str, list[str]]:
    """celex → articles with no numbered paragraphs whose text lists numbered points ``(1) … (2) …``
    (English) or ``1. … 2. …`` lines (German): their ``(n)`` / ``Nr. n`` is a point, not a paragraph."""
    out: dict[str, set[str]] = {}
    for r in rows:
        if r["type"] != "article" or any(p.get("para") for p in r.get("paragraphs") or ()):
            continue
        rx = _DE_POINT if r["lang"] == "de" else _EN_POINT
        nums = [m.group(1) for m in rx.finditer(r["text"])]
        if nums[:2] == ["1", "2"]:
            out.setdefault(r["celex"], set()).add(r["unit"])
    return {celex: sorted(units, key=_unit_order) for celex, units in out.items()}


def _unit_order(u: str) -> tuple:
    m = re.match(r"(\d+)(.*)", u)
    return (int(m.group(1)), m.group(2)) if m else (10**6, u)


def build(corpora: Path) -> dict[str, object]:
    """The ``acts`` table (:mod:`legalcite.core.data`'s build convention) from ``eu_toc.jsonl.gz`` and
    ``eu_fulltext.jsonl.gz`` in ``corpora``: one entry per act, sorted by work id (the module docstring lists the
    fields)."""
    with gzip.open(corpora / "eu_toc.jsonl.gz", "rt", encoding="utf-8") as fh:
        toc = [json.loads(line) for line in fh if line.strip()]
    with gzip.open(corpora / "eu_fulltext.jsonl.gz", "rt", encoding="utf-8") as fh:
        points = point_articles([json.loads(line) for line in fh if line.strip()])
    acts = []
    for r in toc:
        acts.append({
            "work": toc_work(r),
            "celex": r["celex"],
            "celex_alt": r.get("celex_alt") or [],
            "type": r["type"],
            "number": r["number"],
            "short_en": r["short_en"],
            "short_de": r["short_de"],
            "names_en": r["names_en"],
            "names_de": r["names_de"],
            "units": r["units"],
            "units_complete": bool(r["units_complete"]),
            "units_source": r["units_source"],
            "recitals": len(r.get("recitals") or ()),
            "annexes": r.get("annexes") or [],
            "languages": r.get("full_text_langs") or [],
            "point_articles": points.get(r["celex"], []),
        })
    acts.sort(key=lambda a: a["work"])
    return {"acts": {"acts": acts}}


if __name__ == "__main__":
    from legalcite.core.data import main

    raise SystemExit(main({"eu": __package__}, description=__doc__))
