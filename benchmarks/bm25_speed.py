"""bm25s (legalcite's engine) vs rank-bm25 on the DE+CN corpus, in one run, on the same tokens.

Reports index build time, query latency p50/p95, memory, the speed ratio, and top-10 agreement
(rank-bm25's BM25Okapi is the oracle: with epsilon=0 bm25s's Robertson variant must rank identically;
legalcite's default Lucene variant differs only in the IDF of very frequent terms).

    python benchmarks/bm25_speed.py [--corpora ../shared/corpora] [--limit N] [--queries 200] [--oracle-queries 50]

Needs the ``retrieval`` and ``bench`` extras (bm25s, numba, rank-bm25, psutil).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rss_mb() -> float:
    import psutil

    return psutil.Process(os.getpid()).memory_info().rss / 2**20


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpora", default=str(ROOT.parent / "shared" / "corpora"))
    ap.add_argument("--testdata", default=str(ROOT.parent / "shared" / "testdata"))
    ap.add_argument("--jurisdiction", default="de,cn")
    ap.add_argument("--limit", type=int, help="an even sample of N units")
    ap.add_argument("--queries", type=int, default=200, help="queries timed on bm25s")
    ap.add_argument("--oracle-queries", type=int, default=40, help="queries timed on rank-bm25 (slow)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from _extras import need  # this folder is on sys.path when a benchmark runs as a script

    need("retrieval", "bench")

    import numpy as np
    import rank_bm25
    from bm25s.tokenization import Tokenized

    import bm25s
    from legalcite.corpora.snapshots import iter_units
    from legalcite.jurisdictions import snapshot_readers
    from legalcite.retrieval.bm25 import BM25, numba_retrieve
    from legalcite.retrieval.evaluate import ler_queries, stard_queries
    from legalcite.retrieval.tokenize import analyze, default_analyzer

    t0 = time.perf_counter()
    units = [u for u in iter_units(args.corpora, snapshot_readers(), args.jurisdiction.split(",")) if u.text]
    if args.limit:  # an even sample across the jurisdictions, not the first laws only
        units = units[:: max(1, len(units) // args.limit)][: args.limit]
    an = {lang: default_analyzer(lang) for lang in ("de", "zh", "en")}
    docs = [analyze((u.heading or "") + "\n" + u.text, an[u.language]) for u in units]
    t_tok = time.perf_counter() - t0
    n_tokens = sum(map(len, docs))

    qs = list(stard_queries(Path(args.testdata) / "stard_queries.jsonl"))[: args.queries // 2]
    qs += list(ler_queries(Path(args.testdata) / "de_ler_test.jsonl"))[: args.queries - len(qs)]
    q_tokens = [analyze(q["query"], an[q["language"]]) for q in qs]
    known = {t for d in docs for t in d}
    q_tokens = [q for q in q_tokens if any(t in known for t in q)]  # a query with no known token times nothing
    del known

    # --- bm25s ---
    gc.collect()
    m0 = rss_mb()
    t0 = time.perf_counter()
    vocab: dict[str, int] = {"": 0}
    ids = [[vocab.setdefault(t, len(vocab)) for t in d] or [0] for d in docs]
    eng = bm25s.BM25(method="lucene")
    eng.index(Tokenized(ids=ids, vocab=vocab), create_empty_token=False, show_progress=False)
    ours = BM25(eng, {}, {})
    t_bm25s_build = time.perf_counter() - t0
    del ids
    gc.collect()
    bm25s_index_mb = sum(eng.scores[k].nbytes for k in ("data", "indices", "indptr")) / 2**20
    m_bm25s = rss_mb() - m0
    t0 = time.perf_counter()
    numba_retrieve()
    ours.retrieve_ids([[1]], 1)
    t_jit = time.perf_counter() - t0
    q_ids = [[vocab[t] for t in q if t in vocab] for q in q_tokens]
    lat_s = []
    top_s = []
    for qi in q_ids:
        t = time.perf_counter()
        d, _ = ours.retrieve_ids([qi], 10)
        lat_s.append(time.perf_counter() - t)
        top_s.append(d[0])
    # Robertson variant for the exact-parity check
    rob = bm25s.BM25(method="robertson")
    rob.index(Tokenized(ids=[[vocab[t] for t in d] or [0] for d in docs], vocab=vocab), create_empty_token=False,
              show_progress=False)
    rob_w = BM25(rob, {}, {})

    # --- rank-bm25 ---
    gc.collect()
    m0 = rss_mb()
    t0 = time.perf_counter()
    okapi = rank_bm25.BM25Okapi(docs, epsilon=0.0)
    t_rank_build = time.perf_counter() - t0
    # RSS deltas mislead here (the allocator reuses what bm25s freed): count rank-bm25's structures instead
    m_rank = (sum(sys.getsizeof(d) for d in okapi.doc_freqs) + sys.getsizeof(okapi.idf)
              + sys.getsizeof(okapi.doc_len)) / 2**20
    lat_r = []
    agree_lucene, agree_robertson = [], []
    for i in range(min(args.oracle_queries, len(q_tokens))):
        t = time.perf_counter()
        sc = okapi.get_scores(q_tokens[i])
        top_r = np.argsort(-sc, kind="stable")[:10]
        lat_r.append(time.perf_counter() - t)
        top_r = {int(x) for x in top_r if sc[x] > 0}
        if not top_r:
            continue
        agree_lucene.append(len(top_r & {int(x) for x in top_s[i]}) / len(top_r))
        d, s = rob_w.retrieve_ids([q_ids[i]], 10)
        agree_robertson.append(len(top_r & {int(x) for x, v in zip(d[0], s[0]) if v > 0}) / len(top_r))

    res = {
        "units": len(units), "tokens": n_tokens, "vocabulary": len(vocab), "analysis_s": round(t_tok, 1),
        "queries_bm25s": len(lat_s), "queries_rank_bm25": len(lat_r),
        "bm25s": {"build_s": round(t_bm25s_build, 2), "jit_or_cache_load_s": round(t_jit, 2),
                  "p50_ms": round(1000 * statistics.median(lat_s), 3), "p95_ms": round(1000 * pct(lat_s, 95), 3),
                  "index_mb": round(bm25s_index_mb, 1), "rss_delta_mb": round(m_bm25s, 1)},
        "rank_bm25": {"build_s": round(t_rank_build, 2), "p50_ms": round(1000 * statistics.median(lat_r), 1),
                      "p95_ms": round(1000 * pct(lat_r, 95), 1), "structures_mb": round(m_rank, 1)},
        "top10_agreement_lucene_vs_okapi": round(sum(agree_lucene) / max(len(agree_lucene), 1), 4),
        "top10_agreement_robertson_vs_okapi_eps0": round(sum(agree_robertson) / max(len(agree_robertson), 1), 4),
    }
    res["query_speedup_p50"] = round(res["rank_bm25"]["p50_ms"] / max(res["bm25s"]["p50_ms"], 1e-9), 1)
    res["build_speedup"] = round(t_rank_build / max(t_bm25s_build, 1e-9), 2)
    if args.json:
        print(json.dumps(res, indent=1))
        return 0
    b, r = res["bm25s"], res["rank_bm25"]
    print(f"corpus: {res['units']} units, {res['tokens']:,} tokens, vocabulary {res['vocabulary']:,} "
          f"(analysis {res['analysis_s']} s)")
    print(f"{'':12}{'build s':>10}{'p50 ms':>10}{'p95 ms':>10}{'index MB':>10}")
    print(f"{'bm25s':12}{b['build_s']:>10}{b['p50_ms']:>10}{b['p95_ms']:>10}{b['index_mb']:>10}"
          f"   (score arrays; RSS +{b['rss_delta_mb']} MB; numba kernel load {b['jit_or_cache_load_s']} s)")
    print(f"{'rank-bm25':12}{r['build_s']:>10}{r['p50_ms']:>10}{r['p95_ms']:>10}{r['structures_mb']:>10}"
          f"   (per-document term-frequency dicts)")
    print(f"query speed ratio (p50, rank-bm25 / bm25s): {res['query_speedup_p50']}x; "
          f"build ratio {res['build_speedup']}x")
    print(f"top-10 agreement with rank-bm25 over {len(agree_lucene)} queries: "
          f"lucene {res['top10_agreement_lucene_vs_okapi']:.1%}, "
          f"robertson {res['top10_agreement_robertson_vs_okapi_eps0']:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
