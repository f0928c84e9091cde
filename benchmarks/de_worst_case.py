"""Extraction on the worst inputs issue 18 (item 11) names — 1 MB each of a bare ``§``, of ``§§ 1–9999 BGB `` and of
``§ 1 Abs. 2 `` — and issue 28 the short forms (``ebd.``, ``id.``, ``a.a.O., S. 5``, ``ebd., Rn. 5``, ``supra note 5,
at 3.``, which took minutes: the scan was quadratic after the last anchor); each must take under 3 s (the target),
and the time must grow linearly with the size.

    python benchmarks/de_worst_case.py [--mb 1] [--limit 3] [--before main]

Each pattern is repeated to the size, extracted once after a warm-up (tables and parsers loaded; legalcite's caches of
parsed text cleared before each pattern), and timed by CPU time (the machine may be shared); the same run on a tenth
of the text shows the growth. ``--before REF`` times legalcite at a git revision and this checkout, each in a fresh
subprocess, in the same run. Exit 1 when a pattern of this checkout takes longer than ``--limit`` seconds.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

PATTERNS = {"bare §": "§ ", "§§ 1–9999 BGB": "§§ 1–9999 BGB ", "§ 1 Abs. 2": "§ 1 Abs. 2 ",
            # short forms, found as the scan's literals: a citation each, left without a key (and not counted), as
            # nothing before them names a law or a case
            "ebd.": "ebd. ", "id.": "id. ", "a.a.O., S. 5": "a.a.O., S. 5 ", "ebd., Rn. 5": "ebd., Rn. 5 ",
            "supra note 5, at 3.": "supra note 5, at 3. "}


def timed(text: str) -> tuple[float, int]:
    import legalcite
    from _revision import clear_caches

    clear_caches()
    t0 = time.process_time()
    n = len(legalcite.extract(text))
    return time.process_time() - t0, n


def measure(mb: float) -> dict[str, list]:
    """Per pattern: seconds and citations for ``mb`` megabytes, seconds for a tenth of it."""
    import legalcite

    legalcite.extract("§ 1 BGB und §§ 3–5 BGB; ebd.; Id. at 5; Smith, supra note 5, at 3.")  # load tables, parsers
    out = {}
    for name, unit in PATTERNS.items():
        text = (unit * (int(mb * 1e6) // len(unit.encode()) + 1))[: int(mb * 1e6)]
        seconds, n = timed(text)
        small, _ = timed(text[: len(text) // 10])
        out[name] = [len(text.encode()) / 1e6, seconds, n, small]
    return out


def report(results: dict[str, list], label: str) -> float:
    print(label)
    print(f"{'pattern':20s} {'MB':>5s} {'seconds':>8s} {'citations':>10s} {'s for 1/10':>11s} {'ratio':>6s}")
    for name, (mb, seconds, n, small) in results.items():
        print(f"{name:20s} {mb:5.2f} {seconds:8.2f} {n:10d} {small:11.3f} {seconds / max(small, 1e-9):6.1f}")
    worst = max(r[1] for r in results.values())
    print(f"worst: {worst:.2f} s")
    return worst


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0, help="megabytes of each pattern")
    ap.add_argument("--limit", type=float, default=3.0, help="seconds a pattern may take")
    ap.add_argument("--before", metavar="REF", help="also time legalcite at this git revision (e.g. main)")
    ap.add_argument("--at", type=Path, metavar="ROOT", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.at:  # the subprocess of --before: legalcite from that worktree, the results as one JSON line
        from _revision import import_from

        import_from(args.at)
        print(json.dumps(measure(args.mb)))
        return 0
    if args.before:
        from _revision import run_at

        report(run_at(Path(__file__).resolve(), args.before, ["--mb", str(args.mb)]), f"legalcite@{args.before}")
        worst = report(run_at(Path(__file__).resolve(), None, ["--mb", str(args.mb)]), "this checkout")
    else:
        worst = report(measure(args.mb), "this checkout")
    print(f"limit {args.limit:.1f} s: {'met' if worst <= args.limit else 'NOT met'}")
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    raise SystemExit(main())
