"""Extraction throughput on the statute texts of the shared corpus: MB/s and citations/s per language.

    python benchmarks/extract_speed.py [--corpora ../shared/corpora] [--mb 4]

German: the full texts of ``de_fulltext.jsonl.gz`` (statutes cite each other constantly: a realistic
citation density). Chinese: the article texts of ``cn_fulltext.jsonl.gz``. Each text is the concatenation of
unit texts, cut to ``--mb`` megabytes, processed in ~20 kB documents (the size of a long model answer).
Prints start-up (import + first parse) separately from steady-state throughput (best of --repeat runs),
and the peak traced memory of extracting 20 documents.
"""
from __future__ import annotations

import argparse
import gzip
import json
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_text(path: Path, field: str, limit: int) -> list[str]:
    docs, cur, total = [], [], 0
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            t = json.loads(line).get(field) or ""
            cur.append(t)
            total += len(t.encode())
            if sum(len(x) for x in cur) > 20_000:
                docs.append("\n\n".join(cur))
                cur = []
            if total >= limit:
                break
    if cur:
        docs.append("\n\n".join(cur))
    return docs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--mb", type=float, default=4.0, help="megabytes of text per language")
    ap.add_argument("--repeat", type=int, default=2, help="timed runs; the best is reported")
    args = ap.parse_args()

    t0 = time.perf_counter()
    import legalcite

    legalcite.extract("§ 1 BGB. 《民法典》第一条。")
    startup = time.perf_counter() - t0
    print(f"start-up (import + build/load parsers): {startup:.2f} s")
    print(f"{'corpus':10s} {'MB':>6s} {'seconds':>8s} {'MB/s':>7s} {'citations':>10s} {'cit/s':>9s} {'peak MB':>8s}")
    for name, file, field in (("de", "de_fulltext.jsonl.gz", "text"), ("cn", "cn_fulltext.jsonl.gz", "text")):
        path = args.corpora / file
        if not path.exists():
            print(f"{name}: {path} missing")
            continue
        docs = load_text(path, field, int(args.mb * 1e6))
        size = sum(len(d.encode()) for d in docs) / 1e6
        dt = float("inf")
        for _ in range(args.repeat):  # best of N: the machine may be shared
            t = time.perf_counter()
            n = sum(len(legalcite.extract(d)) for d in docs)
            dt = min(dt, time.perf_counter() - t)
        # memory in a separate pass: tracemalloc slows Python code down several-fold
        tracemalloc.start()
        for d in docs[:20]:
            legalcite.extract(d)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        print(f"{name:10s} {size:6.2f} {dt:8.2f} {size / dt:7.3f} {n:10d} {n / dt:9.0f} {peak:8.1f}")


if __name__ == "__main__":
    main()
