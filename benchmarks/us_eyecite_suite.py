"""legalcite on eyecite's own test data (``../shared/testdata/us_eyecite_tests.jsonl``): the share of full and of
short case citations found, scored as the data's README says, by ``(volume, reporter, page)`` — the reporter
without spaces, lowercased; a short cite's ``page`` is the page it points at (its pin). Where eyecite's test gives
the reporter as printed (``672 P2d 231``, ``427 F Supp 2d 1084``) rather than reporters-db's edition, a tool's
reporter as printed counts too: each found citation offers both its canonical and its printed reporter.

    python benchmarks/us_eyecite_suite.py [--eyecite] [--missed 20]

Rows marked ``input_is_markup`` are given to legalcite as they are, HTML and all (``extract(text, markup="html")``:
clean, extract, map back); eyecite gets them after its own ``clean_text(text, clean_steps)``, as its tests do.
``--eyecite`` scores eyecite too, in the same run. ``tests/us/test_eyecite_suite.py`` pins the floors.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

HERE = Path(__file__).resolve().parent
SHARED = Path(os.environ.get("LEGALCITE_SHARED") or HERE.parents[1] / "shared")
DEFAULT_DATA = SHARED / "testdata" / "us_eyecite_tests.jsonl"
KINDS = ("full_case", "short_case")

Found = tuple[str, str, frozenset[str], str]  # (kind, volume, reporters, page)


def norm(reporter: str) -> str:
    return re.sub(r"\s+", "", reporter).lower()


def first_page(pin: str | None) -> str | None:
    """``20-25`` → ``20``; ``*3`` → ``3``; the page a short cite points at."""
    m = re.search(r"\d+", pin or "")
    return m.group() if m else None


def load(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def gold(row: dict) -> list[tuple[str, str, str, str]]:
    """(kind, volume, reporter, page) of each full and short case citation the row expects."""
    return [(e["kind"], e["volume"], norm(e["reporter"]), e["page"]) for e in row["expected"]
            if e["kind"] in KINDS and e.get("volume") and e.get("page")]


def legalcite_found(row: dict) -> list[Found]:
    """Full case citations and short cites (bound or not) with volume, reporter and page."""
    from legalcite import extract
    from legalcite.models import Form, Kind

    out = []
    for c in extract(row["text"], markup="html" if row.get("input_is_markup") else None):
        md = c.metadata
        if c.kind is not Kind.CASE or getattr(md, "volume", None) is None or md.reporter is None:
            continue
        reporters = frozenset(norm(r) for r in (md.reporter, md.reporter_printed) if r)
        if c.form is Form.FULL and c.work == "case":
            out.append(("full_case", md.volume, reporters, c.units[-1].value))
        elif c.form in (Form.SHORT, Form.SUPRA) and first_page(c.pin):
            out.append(("short_case", md.volume, reporters, first_page(c.pin)))
    return out


def eyecite_found(row: dict) -> list[Found]:
    from eyecite import clean_text, get_citations
    from eyecite.models import FullCaseCitation, ShortCaseCitation

    text = clean_text(row["text"], row["clean_steps"]) if row.get("clean_steps") else row["text"]
    out = []
    for c in get_citations(text, **(row.get("options") or {})):
        kind = "full_case" if isinstance(c, FullCaseCitation) else "short_case" if isinstance(
            c, ShortCaseCitation) else None
        if kind and c.groups.get("volume") and c.groups.get("page"):
            reporters = frozenset(norm(r) for r in (c.corrected_reporter(), c.groups.get("reporter")) if r)
            out.append((kind, c.groups["volume"], reporters, c.groups["page"]))
    return out


@dataclass
class Score:
    gold: collections.Counter = field(default_factory=collections.Counter)
    found: collections.Counter = field(default_factory=collections.Counter)
    missed: list[tuple[str, tuple[str, str, str, str]]] = field(default_factory=list)

    def share(self, kind: str) -> float:
        return self.found[kind] / self.gold[kind] if self.gold[kind] else 1.0


def score(rows: Iterable[dict], found: Callable[[dict], list[Found]]) -> Score:
    """Each expected citation is matched with at most one found citation of its kind, volume, reporter and page."""
    s = Score()
    for row in rows:
        want = gold(row)
        if not want:
            continue
        got = found(row)
        for kind, volume, reporter, page in want:
            s.gold[kind] += 1
            i = next((i for i, (k, v, r, p) in enumerate(got) if (k, v, p) == (kind, volume, page) and reporter in r),
                     None)
            if i is None:
                s.missed.append((row["text"], (kind, volume, reporter, page)))
            else:
                s.found[kind] += 1
                del got[i]
    return s


def report(name: str, s: Score, missed: int) -> None:
    for kind in KINDS:
        print(f"{name:10s} {kind:10s}: {s.found[kind]:3d}/{s.gold[kind]:3d} = {s.share(kind):.3f}")
    for text, k in s.missed[:missed]:
        print(f"    missed {k[0]} {k[1]} {k[2]} {k[3]}  in {text[:140]!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--eyecite", action="store_true", help="score eyecite on the same rows")
    ap.add_argument("--missed", type=int, default=20, help="misses to print")
    args = ap.parse_args(argv)
    rows = load(args.data)
    print(f"{args.data.name}: {len(rows)} texts")
    report("legalcite", score(rows, legalcite_found), args.missed)
    if args.eyecite:
        import logging

        logging.getLogger("eyecite").setLevel(logging.ERROR)
        report("eyecite", score(rows, eyecite_found), args.missed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
