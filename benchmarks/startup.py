"""Cold start of ``legalcite parse``: the time from a new process to its answer, median of N runs, and the
imports that cost most (``python -X importtime``).

    python benchmarks/startup.py [--runs 5] [--citation "§ 823 Abs. 1 BGB"] [--top 15]

"Cold" is a new interpreter each run, as a user or a shell script starts the command; the on-disk caches an
installed legalcite keeps are warm, as they are from the second run on after installing: the bytecode
(``compileall``, which pip does at install time; this script compiles the package first, since an environment with
``PYTHONDONTWRITEBYTECODE`` never writes it), Lark's parser tables and the German law-name index
(``legalcite.core.data.derived``). One run with all of them cleared (a fresh install's very first command) is
reported on its own line. Wall time depends on the machine's load; CPU time (user + system of the child) much
less, so both are printed — on a shared machine compare CPU times, and wall times only side by side.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 0.25


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the child, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, r.stdout.strip()


def importtime(argv: list[str], env: dict[str, str], top: int) -> list[tuple[int, int, str]]:
    """(self µs, cumulative µs, module) of the ``top`` costliest imports by cumulative time."""
    r = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], capture_output=True, text=True, env=env, check=True)
    rows = []
    for line in r.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, cum_us, name = (x.strip() for x in line[len("import time:"):].split("|"))
        rows.append((int(self_us), int(cum_us), name))
    return sorted(rows, key=lambda r: -r[1])[:top]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--citation", default="§ 823 Abs. 1 BGB")
    ap.add_argument("--top", type=int, default=15, help="how many imports to list")
    args = ap.parse_args(argv)

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "legalcite")], check=True)
    cmd = [sys.executable, "-m", "legalcite", "parse", args.citation]
    env = dict(os.environ)

    # a fresh install's very first command: every cache empty (a temporary cache dir)
    first_env = dict(env, LEGALCITE_CACHE=tempfile.mkdtemp(prefix="lc-startup-"))
    try:
        first_wall, first_cpu, _ = run_once(cmd, first_env)
    finally:
        shutil.rmtree(first_env["LEGALCITE_CACHE"], ignore_errors=True)

    run_once(cmd, env)  # fills the caches this environment uses, if they are not there yet
    walls, cpus = [], []
    for _ in range(args.runs):
        wall, cpu, out = run_once(cmd, env)
        walls.append(wall)
        cpus.append(cpu)
    base_wall, base_cpu = zip(*(run_once([sys.executable, "-c", "pass"], env)[:2] for _ in range(args.runs)))

    print(f"legalcite parse {args.citation!r} -> {out}")
    print(f"cold start, median of {args.runs}: wall {statistics.median(walls):.3f} s, "
          f"CPU {statistics.median(cpus):.3f} s (goal < {GOAL} s)")
    print(f"  runs (wall): {', '.join(f'{w:.3f}' for w in walls)}")
    print(f"  bare interpreter (python -c pass): wall {statistics.median(base_wall):.3f} s, "
          f"CPU {statistics.median(base_cpu):.3f} s")
    print(f"  very first run, all caches empty: wall {first_wall:.3f} s, CPU {first_cpu:.3f} s")
    print(f"  load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    print(f"\n-X importtime, top {args.top} by cumulative time (µs):")
    print(f"{'self':>9} {'cumulative':>11}  module")
    for self_us, cum_us, name in importtime(cmd, env, args.top):
        print(f"{self_us:>9,} {cum_us:>11,}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
