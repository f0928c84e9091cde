"""The learned reranker vs plain hybrid ranking on one hybrid index, in one run: training time, ranking
latency p50/p95 per query (query vectors precomputed, so both sides pay the same embedding, timed
separately), the latency ratio, and resident memory.

    python benchmarks/rerank_speed.py INDEX QUERIES.jsonl [--queries 200]

INDEX is a hybrid index (``legalcite index build --kind hybrid``); QUERIES has gold keys or citations
(``legalcite retrieval queries stard ...``). The reranker is trained on all QUERIES: this measures cost,
not quality (quality: ``legalcite retrieval cv``). Needs the ``learn`` and ``bench`` extras.
"""
from __future__ import annotations

import argparse
import sys
import time

from bm25_speed import pct, rss_mb  # this folder is on sys.path when a benchmark runs as a script


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("queries")
    ap.add_argument("--queries-timed", dest="n", type=int, default=200, help="queries whose ranking is timed")
    args = ap.parse_args()
    from _extras import need  # this folder is on sys.path when a benchmark runs as a script

    need("learn", "bench")

    from legalcite.errors import LegalciteError
    from legalcite.retrieval import IndexFormatError, load_index
    from legalcite.retrieval.evaluate import _embed_queries, read_queries
    from legalcite.retrieval.learn import train_reranker

    try:
        ix = load_index(args.index, verify=False)
        qs = read_queries(args.queries)
    except (IndexFormatError, LegalciteError) as e:  # no index there yet (README: how to build one), bad queries
        print(f"legalcite: {e}", file=sys.stderr)
        return 2
    base = rss_mb()
    t = time.perf_counter()
    rr = train_reranker(ix, qs, progress=False)
    print(f"index: {len(ix):,} units; training on {rr.trained_on['n_queries']:,} queries: "
          f"{time.perf_counter() - t:.1f} s, +{rss_mb() - base:.0f} MB resident")
    timed = qs[: args.n]
    t = time.perf_counter()
    vecs = _embed_queries(ix, [q["query"] for q in timed])
    embed_ms = (time.perf_counter() - t) / max(len(timed), 1) * 1000
    sides = {"hybrid": lambda q, v: ix.rank(q["query"], 100, kind="hybrid", query_vector=v),
             "learned": lambda q, v: rr.rank(ix, q["query"], 100, query_vector=v)}
    p50 = {}
    for name, fn in sides.items():
        fn(timed[0], vecs[0])  # warm: numba kernel, per-index arrays
        ts = []
        for q, v in zip(timed, vecs):
            t = time.perf_counter()
            fn(q, v)
            ts.append((time.perf_counter() - t) * 1000)
        p50[name] = pct(ts, 50)
        print(f"{name:<8} p50 {p50[name]:7.1f} ms   p95 {pct(ts, 95):7.1f} ms   ({len(ts)} queries, top 100)")
    print(f"learned / hybrid latency (p50): {p50['learned'] / p50['hybrid']:.2f}x; "
          f"query embedding adds {embed_ms:.1f} ms to either; resident memory {rss_mb():.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
