"""legalcite vs eyecite on the same US opinions, in one run: throughput, memory, and agreement on full case
citations (volume, reporter, page) both ways; with ``--before REF`` also legalcite at a git revision (a temporary
worktree, run in a subprocess), so a change's speed and recall are seen before and after in the same run.

    pip install -e '.[bench]'          # eyecite
    python benchmarks/us_vs_eyecite.py [--text ../shared/testdata/us_opinions.txt] [--no-memory] [--sample 15]
    python benchmarks/us_vs_eyecite.py --before main --repeat 3 --no-memory

Both tools get the same blocks (the file's blank-line-separated documents, as the shared README measured it),
after one warm-up call each (eyecite builds its tokenizer at import, legalcite its tables on first use; both
first-use times are printed). Reporters are compared by their canonical reporters-db edition
(eyecite's ``corrected_reporter()``, legalcite's ``metadata.reporter``), spaces removed, lowercased.
"""
from __future__ import annotations

import argparse
import collections
import json
import logging
import os
import re
import sys
import time
import tracemalloc
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_TEXT = Path(os.environ.get("LEGALCITE_SHARED") or HERE.parents[1] / "shared") / "testdata" / "us_opinions.txt"
WARM = ["See Marbury v. Madison, 5 U.S. 137, 1 Cranch 137, 177 (1803); 42 U.S.C. § 1983; Cal. Civ. Code § 1542; "
        "§ 1988. Id. at 5. Marbury, supra, at 140. 5 U.S. at 138.",
        "Nach § 823 Abs. 1 BGB und BGHZ 100, 1 ist der Schaden zu ersetzen.", "《中华人民共和国民法典》第五百零九条"]


def norm(rep: str) -> str:
    return re.sub(r"\s+", "", rep).lower()


def blocks_of(text: str) -> list[str]:
    return [b for b in text.split("\n\n") if b.strip()]


def run_eyecite(blocks: list[str]) -> list[tuple[int, str, str, str, str]]:
    from eyecite import get_citations
    from eyecite.models import FullCaseCitation

    out = []
    for i, b in enumerate(blocks):
        for c in get_citations(b):
            if isinstance(c, FullCaseCitation) and c.groups.get("page"):
                out.append((i, c.groups["volume"] or "", norm(c.corrected_reporter()), c.groups["page"],
                            c.matched_text()))
    return out


def run_legalcite(blocks: list[str]) -> list[tuple[int, str, str, str, str]]:
    from legalcite import extract
    from legalcite.models import Form, Kind

    out = []
    for i, b in enumerate(blocks):
        for c in extract(b):
            # with a first page, as on eyecite's side (a slip opinion's "570 U. S. ____" has none)
            if c.kind is Kind.CASE and c.form is Form.FULL and c.work == "case" and len(c.units) == 3:
                out.append((i, c.metadata.volume, norm(c.metadata.reporter), c.units[-1].value, c.text))
    return out


def timed(fn, blocks, repeat: int = 1):
    """Wall-clock and CPU seconds, the best of ``repeat`` runs: on a shared machine the CPU time is the steadier
    figure."""
    best = None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        res = fn(blocks)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if best is None or cpu < best[2]:
            best = (res, wall, cpu)
    return best


def legalcite_at(ref: str | None, text: Path, repeat: int) -> dict:
    """legalcite at git revision ``ref`` (a temporary worktree; None: this checkout), timed in a fresh subprocess
    so that before and after are measured alike: its results, wall and CPU seconds."""
    from _revision import run_at

    return run_at(Path(__file__).resolve(), ref, ["--text", str(text.resolve()), "--repeat", str(repeat)])


def _only_legalcite(root: Path, text: Path, repeat: int) -> int:
    """The subprocess of :func:`legalcite_at`: legalcite imported from ``root``, one JSON line of results."""
    from _revision import import_from

    import_from(root)
    blocks = blocks_of(text.read_text(encoding="utf-8"))
    run_legalcite(WARM)
    res, wall, cpu = timed(run_legalcite, blocks, repeat)
    print(json.dumps({"results": res, "wall": wall, "cpu": cpu}))
    return 0


def peak_mib(fn, blocks) -> float:
    tracemalloc.start()
    fn(blocks)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def _rss() -> float | None:
    """Resident set size in MiB (psutil, from the bench extra), or None without it."""
    try:
        import psutil
    except ImportError:
        return None
    return psutil.Process().memory_info().rss / 2**20


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--text", type=Path, default=DEFAULT_TEXT)
    ap.add_argument("--no-memory", action="store_true", help="skip the (slower) tracemalloc pass")
    ap.add_argument("--sample", type=int, default=12, help="disagreements to print each way")
    ap.add_argument("--before", metavar="REF", help="also time legalcite at this git revision (e.g. main)")
    ap.add_argument("--repeat", type=int, default=1, help="legalcite runs, the best counts (eyecite runs once)")
    ap.add_argument("--at", type=Path, metavar="ROOT", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    from _extras import need  # this folder is on sys.path when a benchmark runs as a script

    need("bench")
    if args.at:
        return _only_legalcite(args.at, args.text, args.repeat)
    text = args.text.read_text(encoding="utf-8")
    blocks = blocks_of(text)
    mb = len(text.encode("utf-8")) / 1e6
    # one sentence per jurisdiction (and each US parser), so every table is loaded before the clock starts
    warm = WARM
    logging.getLogger("eyecite").setLevel(logging.ERROR)  # its "Unknown overlap case" notices

    rss = [_rss()]
    t0 = time.perf_counter()
    run_legalcite(warm)
    lc_first = time.perf_counter() - t0
    rss.append(_rss())
    t0 = time.perf_counter()
    run_eyecite(warm)
    ey_first = time.perf_counter() - t0
    rss.append(_rss())

    # before and after each in a fresh process, alternately: the same conditions for both
    before = after = None
    if args.before:
        before, after = legalcite_at(args.before, args.text, args.repeat), legalcite_at(None, args.text, args.repeat)
    ey, ey_s, ey_cpu = timed(run_eyecite, blocks)
    lc, lc_s, lc_cpu = timed(run_legalcite, blocks, args.repeat)
    print(f"text: {args.text.name}, {mb:.2f} MB, {len(blocks)} blocks")
    print(f"first call (tables/tokenizer): eyecite {ey_first:.2f} s, legalcite {lc_first:.2f} s")
    rows = [("eyecite", len(ey), ey_s, ey_cpu), ("legalcite", len(lc), lc_s, lc_cpu)]
    if before:
        rows.insert(1, (f"legalcite@{args.before}", len(before["results"]), before["wall"], before["cpu"]))
        rows.insert(2, ("legalcite (subprocess)", len(after["results"]), after["wall"], after["cpu"]))
    for name, n, wall, cpu in rows:
        print(f"{name:22s}: wall {wall:6.2f} s = {mb / wall:5.2f} MB/s   cpu {cpu:6.2f} s = {mb / cpu:5.2f} MB/s"
              f"   {n} full case citations")
    for name, _, wall, cpu in rows[1:]:
        print(f"speed ratio {name}/eyecite: wall {ey_s / wall:.2f}x, cpu {ey_cpu / cpu:.2f}x")
    if before:
        old = collections.Counter(tuple(r[:4]) for r in before["results"])
        ey_all = collections.Counter(r[:4] for r in ey)
        print(f"eyecite's full case cites found by legalcite@{args.before}: {sum((ey_all & old).values())}/"
              f"{sum(ey_all.values())}")
    if rss[0] is not None:
        print(f"resident memory added by import + first call: legalcite {rss[1] - rss[0]:.1f} MiB, "
              f"eyecite {rss[2] - rss[1]:.1f} MiB")
    if not args.no_memory:
        print(f"peak traced memory during the run (tables already loaded): eyecite {peak_mib(run_eyecite, blocks):.1f}"
              f" MiB, legalcite {peak_mib(run_legalcite, blocks):.1f} MiB")

    ey_keys = collections.Counter(r[:4] for r in ey)
    lc_keys = collections.Counter(r[:4] for r in lc)
    both = sum((ey_keys & lc_keys).values())
    print(f"eyecite's full case cites found by legalcite: {both}/{sum(ey_keys.values())} "
          f"= {both / max(1, sum(ey_keys.values())):.2%}")
    print(f"legalcite's full case cites found by eyecite: {both}/{sum(lc_keys.values())} "
          f"= {both / max(1, sum(lc_keys.values())):.2%}")
    only_ey = ey_keys - lc_keys
    only_lc = lc_keys - ey_keys
    text_of = {r[:4]: r[4] for r in ey + lc}
    by_rep = collections.Counter(k[2] for k in only_ey.elements())
    print(f"missed by legalcite, by reporter: {by_rep.most_common(10)}")
    print(f"sample only in eyecite ({sum(only_ey.values())}):")
    for k in list(only_ey)[: args.sample]:
        print(f"  block {k[0]:3d}  {k[1]} {k[2]} {k[3]}  {text_of[k]!r}")
    print(f"sample only in legalcite ({sum(only_lc.values())}):")
    for k in list(only_lc)[: args.sample]:
        print(f"  block {k[0]:3d}  {k[1]} {k[2]} {k[3]}  {text_of[k]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
