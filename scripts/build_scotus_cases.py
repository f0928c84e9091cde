"""The U.S. Reports as a case table: ``us_scotus_cases.jsonl.gz``, which ``legalcite corpus build`` loads from the
corpora folder (table ``scdb``; ``legalcite.jurisdictions.us.snapshots.read_scotus_cases``), so that offline a
Supreme Court citation whose name is not the decision listed at that volume and page is ``misattributed``, a page
inside a listed decision is judged by the rules of docs/check.md §3, and a famous name cited to the wrong page is
named in the reason with its real citation.

Inputs, any mix, read as CSV with a header:

- the Supreme Court Database's case-centered files (``SCDB_<release>_caseCentered_Citation.csv`` of the Modern and
  the Legacy database, https://scdb.la.psu.edu/data/): ``usCite``, ``caseName``, ``dateDecision`` (M/D/YYYY),
  ``sctCite``, ``ledCite``, ``docket``;
- lists in the layout of the Supreme Court's Case Citation Finder: ``volume``, ``page``, ``year``, ``caseName``
  (a U.S. government work, public domain).

A row without a U.S. Reports page (``___``) is left out; a citation listed twice under one name once. Each line is
a case list line (docs/check.md "Case tables") with its key and its parallels' keys, so the store build needs no
parser:

    python scripts/build_scotus_cases.py SCDB_2024_01_caseCentered_Citation.csv \\
        SCDB_Legacy_07_caseCentered_Citation.csv --source "SCDB 2024_01 + Legacy 07" \\
        -o ../shared/corpora/us_scotus_cases.jsonl.gz

No such file is shipped: the development machine reached none it could redistribute (see the project's report on
issue 27); the file this script writes is the user's to build and keep.
"""
from __future__ import annotations

import argparse
import csv
import datetime as _dt
import gzip
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path


def _iso(date: str) -> str | None:
    """``5/21/2007`` (SCDB) → ``2007-05-21``; an ISO date or a year as given; None when empty."""
    date = (date or "").strip()
    if not date:
        return None
    try:
        return _dt.datetime.strptime(date, "%m/%d/%Y").date().isoformat()
    except ValueError:
        return date


def rows_of(paths: Iterable[Path]) -> Iterator[dict[str, str | None]]:
    """Every decision of the input files as ``citation``, ``name``, ``date``, ``docket``, ``parallel``."""
    for path in paths:
        with open(path, newline="", encoding="utf-8-sig", errors="replace") as fh:
            for r in csv.DictReader(fh):
                cite = (r.get("usCite") or "").strip()
                if not cite and r.get("volume") and r.get("page"):
                    cite = f"{r['volume'].strip()} U.S. {r['page'].strip().lstrip('0')}"
                yield {"citation": cite, "name": (r.get("caseName") or "").strip() or None,
                       "date": _iso(r.get("dateDecision") or r.get("year") or ""),
                       "docket": (r.get("docket") or "").strip() or None,
                       "parallel": [c.strip() for c in (r.get("sctCite"), r.get("ledCite")) if c and c.strip()]}


def _key(citation: str) -> str | None:
    """The case key of one citation; None for what is no citation (``603 U.S. ___``: the page is not printed yet)."""
    import legalcite

    found = [c for c in legalcite.extract(citation, jurisdiction="us") if c.key and c.key.count("/") == 4]
    return found[0].key if len(found) == 1 else None


def build(paths: Iterable[Path], source: str) -> list[dict]:
    """The table's lines, sorted by reporter, volume and page: one per citation of each decision (its U.S. Reports
    page, and its S. Ct. and L. Ed. pages where the input has them), keyed, parallels keyed, duplicates dropped."""
    seen: set[tuple[str, str | None]] = set()
    out = []
    for row in rows_of(paths):
        key = _key(row["citation"] or "") if row["citation"] else None
        if key is None or not key.startswith("us/case/") or "/u.s./" not in key or (key, row["name"]) in seen:
            continue
        seen.add((key, row["name"]))
        cites = [(row["citation"], key)] + [(c, k) for c, k in zip(row["parallel"], map(_key, row["parallel"])) if k]
        for cite, k in cites:   # a line per citation (U.S., S. Ct., L. Ed.), the others its parallels
            out.append({"citation": cite, "key": k, "name": row["name"], "date": row["date"], "court": "SCOTUS",
                        "docket": row["docket"], "parallel": [c for c, _ in cites if c != cite],
                        "parallel_keys": [x for _, x in cites if x != k], "source": source})
    def order(line: dict) -> tuple:
        _, _, vol, reporter, page = line["key"].split("/")
        return reporter, int(vol) if vol.isdigit() else 0, int(page) if page.isdigit() else 0, line["name"] or ""

    return sorted(out, key=order)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+", type=Path, help="SCDB case-centered CSV files or Citation Finder lists")
    ap.add_argument("--source", required=True, help="what the inputs are (release, date): every line's provenance")
    ap.add_argument("-o", "--output", type=Path, required=True, help="the .jsonl.gz to write")
    args = ap.parse_args(argv)
    lines = build(args.inputs, args.source)
    if not lines:
        print("no U.S. Reports citation in the inputs", file=sys.stderr)
        return 1
    body = "".join(json.dumps({k: v for k, v in line.items() if v not in (None, [])}, ensure_ascii=False) + "\n"
                   for line in lines)
    with gzip.GzipFile(args.output, "wb", mtime=0) as fh:   # the same inputs, the same bytes
        fh.write(body.encode("utf-8"))
    print(f"{len(lines)} decisions → {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
