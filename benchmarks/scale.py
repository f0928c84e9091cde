"""``legalcite check`` on one process, and on a Dask cluster of 1 and 2 worker processes: answers/s and what the
engine costs.

    python benchmarks/scale.py [--n 2000] [--store PATH] [--testdata DIR] [--workers 1,2] [--partition 200]
                               [--scheduler ADDR]

The answers are check_speed.py's, made from the shared test data (LER, STARD, US opinions, LEXam; seeded).
The store must exist (``legalcite corpus build``). For each engine the run is done twice on the same cluster:
``cold`` includes the workers' first-use costs (grammars, tables, the store shipped and opened), ``warm`` is the
steady state. Printed:

- answers/s of the plain single-process loop (``check_record`` per record, as ``legalcite check`` does), cold
  (first pass in the process) and warm (second pass),
- answers/s of the ``local`` engine (same loop, through partitions, part files and the merge),
- per worker count: cluster start-up seconds, cold and warm answers/s, speed-up over the plain loop,
- engine overhead: ``dask`` with 1 worker (warm) against the plain loop, and the cost of one empty partition
  (scheduling + transfer + part file), measured with a no-op task over 200 partitions.

Every engine's output is compared byte for byte with the plain loop's.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_speed import TESTDATA  # noqa: E402


def noop_partition(lines, first, ctx, files) -> str:
    """A task that does nothing: what is left of its time is the engine's."""
    return ""


def plain(src: Path, out: Path, options) -> float:
    """The single-process loop of ``legalcite check``; the first call in a process pays the loading."""
    from legalcite.checker import check_record
    from legalcite.io import JsonlWriter, Reader

    t0 = time.perf_counter()
    with Reader(src, id_field=options.id_field) as reader, JsonlWriter(out) as w:
        for rec in reader:
            w.write(check_record(rec, options))
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=2000, help="answers (default 2000)")
    ap.add_argument("--store", help="corpus store (default: $LEGALCITE_STORE or the user data dir)")
    ap.add_argument("--testdata", type=Path, default=TESTDATA, help="the shared test data the answers are made of")
    ap.add_argument("--workers", default="1,2", help="worker counts to try (default 1,2)")
    ap.add_argument("--partition", type=int, default=200, help="lines per partition (default 200)")
    ap.add_argument("--scheduler", help="an existing scheduler instead of local clusters (--workers ignored)")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = ap.parse_args()
    from _extras import need  # this folder is on sys.path when a benchmark runs as a script

    need("dist")

    from check_speed import generate

    from legalcite.checker import CheckOptions
    from legalcite.corpora.store import resolve_store_path
    from legalcite.distributed import close_client, run_check, run_jsonl, start_client

    store = resolve_store_path(args.store)
    if not store.exists():
        print(f"no store at {store}: run `legalcite corpus build` or pass --store", file=sys.stderr)
        return 2
    options = CheckOptions(store=str(store))
    res: dict = {"n": args.n, "partition": args.partition, "cpus": os.cpu_count(), "store_mb":
                 round(store.stat().st_size / 2**20, 1), "engines": []}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        src = tmp / "answers.jsonl"
        generate(src, args.n, args.testdata)
        ref = tmp / "plain.jsonl"
        t_cold = plain(src, ref, options)
        t_plain = plain(src, tmp / "plain2.jsonl", options)
        assert (tmp / "plain2.jsonl").read_bytes() == ref.read_bytes()
        res["plain_cold_answers_per_s"] = round(args.n / t_cold, 1)
        res["plain_answers_per_s"] = round(args.n / t_plain, 1)
        st = run_check(src, tmp / "local.jsonl", options, engine="local", lines_per_partition=args.partition)
        assert (tmp / "local.jsonl").read_bytes() == ref.read_bytes(), "local engine output differs"
        res["local_engine_answers_per_s"] = round(args.n / st.seconds, 1)

        counts = [None] if args.scheduler else [int(x) for x in args.workers.split(",")]
        for w in counts:
            t0 = time.perf_counter()
            client = start_client(args.scheduler, w or 1)
            startup = time.perf_counter() - t0
            row = {"workers": len(client.nthreads()), "startup_s": round(startup, 2)}
            for phase in ("cold", "warm"):
                out = tmp / f"dask-{w}-{phase}.jsonl"
                st = run_check(src, out, options, client=client, lines_per_partition=args.partition, resume=False)
                assert out.read_bytes() == ref.read_bytes(), f"dask output ({w} workers, {phase}) differs"
                row[f"{phase}_answers_per_s"] = round(args.n / st.seconds, 1)
                row[f"{phase}_s"] = round(st.seconds, 2)
            row["speedup_warm_vs_plain"] = round(t_plain / row["warm_s"], 2)
            row["speedup_cold_vs_plain_cold"] = round(t_cold / row["cold_s"], 2)
            empty = tmp / "empty.jsonl"
            empty.write_text("{}\n" * 200)
            st = run_jsonl(noop_partition, empty, tmp / "noop.jsonl", client=client, lines_per_partition=1,
                           resume=False)
            row["per_partition_overhead_ms"] = round(1000 * st.seconds / st.partitions, 2)
            res["engines"].append(row)
            close_client(client)
    one = next((e for e in res["engines"] if e["workers"] == 1), None)
    if one:
        res["dask_1_worker_overhead_pct"] = round(100 * (one["warm_s"] * res["plain_answers_per_s"] / args.n - 1), 1)

    if args.json:
        print(json.dumps(res, indent=1))
        return 0
    print(f"{args.n} answers, partitions of {args.partition} lines, store {res['store_mb']} MB, "
          f"{res['cpus']} CPUs")
    print(f"plain loop (1 process):   cold {res['plain_cold_answers_per_s']:8.1f} answers/s, warm "
          f"{res['plain_answers_per_s']:8.1f} answers/s")
    print(f"engine local (1 process):                        warm {res['local_engine_answers_per_s']:8.1f} answers/s")
    for e in res["engines"]:
        print(f"dask, {e['workers']} worker(s):        cold {e['cold_answers_per_s']:8.1f} answers/s "
              f"(x{e['speedup_cold_vs_plain_cold']}), warm {e['warm_answers_per_s']:8.1f} answers/s "
              f"(x{e['speedup_warm_vs_plain']}); cluster start {e['startup_s']} s; "
              f"{e['per_partition_overhead_ms']} ms per empty partition")
    if one:
        print(f"engine overhead, dask 1 worker (warm) vs plain loop: {res['dask_1_worker_overhead_pct']:+.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
