"""German extraction on the worst inputs issue 18 (item 11) names: 1 MB each of a bare ``§``, of ``§§ 1–9999 BGB ``
and of ``§ 1 Abs. 2 ``; each must take under 3 s (the target), and the time must grow linearly with the size.

    python benchmarks/de_worst_case.py [--mb 1] [--limit 3]

Each pattern is repeated to the size, extracted once after a warm-up (tables and parsers loaded), and timed by CPU
time (the machine may be shared); the same run on a tenth of the text shows the growth. Exit 1 when a pattern
takes longer than ``--limit`` seconds.
"""
from __future__ import annotations

import argparse
import time

PATTERNS = {"bare §": "§ ", "§§ 1–9999 BGB": "§§ 1–9999 BGB ", "§ 1 Abs. 2": "§ 1 Abs. 2 "}


def timed(text: str) -> tuple[float, int]:
    import legalcite

    t0 = time.process_time()
    n = len(legalcite.extract(text))
    return time.process_time() - t0, n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0, help="megabytes of each pattern")
    ap.add_argument("--limit", type=float, default=3.0, help="seconds a pattern may take")
    args = ap.parse_args(argv)
    import legalcite

    legalcite.extract("§ 1 BGB und §§ 3–5 BGB")  # load tables and parsers first
    worst = 0.0
    print(f"{'pattern':16s} {'MB':>5s} {'seconds':>8s} {'citations':>10s} {'s for 1/10':>11s} {'ratio':>6s}")
    for name, unit in PATTERNS.items():
        text = (unit * (int(args.mb * 1e6) // len(unit.encode()) + 1))[: int(args.mb * 1e6)]
        seconds, n = timed(text)
        small, _ = timed(text[: len(text) // 10])
        worst = max(worst, seconds)
        print(f"{name:16s} {len(text.encode()) / 1e6:5.2f} {seconds:8.2f} {n:10d} {small:11.3f} "
              f"{seconds / max(small, 1e-9):6.1f}")
    print(f"worst: {worst:.2f} s (limit {args.limit:.1f} s)")
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    raise SystemExit(main())
