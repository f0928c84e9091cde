"""The EU act table, ``data/acts.json.gz``, from ``eu_toc.jsonl.gz`` (and the article structure of
``eu_fulltext.jsonl.gz``): ``python -m legalcite.jurisdictions.eu.build [--corpora DIR]``.

One entry per act of the table of contents, under its DESIGN.md work id (``reg-2016-679``, ``dir-1993-13``,
``tfeu``): CELEX, type, number, names in German and English (hand-kept French names and further aliases live in
``data/aliases.json``, not here), the article list and whether it is complete, and the articles whose first
level is numbered *points* rather than paragraphs (GDPR Art. 4 lists definitions ``(1)``, ``(2)`` …, cited
``Art. 4 Nr. 1 DSGVO``), so that ``Article 4(1) GDPR`` can be read as point (1). Written deterministically
(sorted keys, gzip mtime 0): a test checks that the shipped file equals a fresh build.
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_CORPORA = HERE.parents[3] / "shared" / "corpora"

# eu_toc ``type`` → the DESIGN.md work prefix; treaties and the Charter are named works.
TYPE_PREFIX = {"regulation": "reg", "directive": "dir", "decision": "dec"}
NAMED_WORKS = {"TFEU": "tfeu", "TEU": "teu", "Charter": "charter"}


def toc_work(row: dict) -> str:
    """The DESIGN.md work id of an ``eu_toc`` row: ``regulation 2016/679`` → ``reg-2016-679``,
    ``regulation 593/2008`` → ``reg-2008-593``, ``directive 93/13`` → ``dir-1993-13``, TFEU → ``tfeu``."""
    from legalcite.jurisdictions.eu.acts import act_work

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


def dumps(obj: object) -> bytes:
    raw = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    return gzip.compress(raw, compresslevel=9, mtime=0)


def build_files(corpora: Path) -> dict[str, bytes]:
    """File name → bytes of every generated table."""
    return {f"{name}.json.gz": dumps(obj) for name, obj in build(corpora).items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA)
    args = ap.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"corpora folder not found: {args.corpora}", file=sys.stderr)
        return 2
    for name, data in build_files(args.corpora).items():
        (HERE / "data" / name).write_bytes(data)
        print(f"wrote eu/data/{name} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
