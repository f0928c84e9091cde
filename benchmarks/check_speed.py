"""Throughput of ``legalcite check`` on diverse real answers, with and without the misattribution test.

    python benchmarks/check_speed.py [--n 3000] [--workers 2] [--store PATH] [--testdata DIR] [--keep FILE]

The answers are built from the shared test data, never one answer repeated (a cache would hide the cost):

* a German court sentence of LER (``de_ler_test.jsonl``) with its statute citations;
* a STARD question led by the statute it is answered by (``stard_queries.jsonl``: ``relevant[].name``, as
  "依据《中华人民共和国民法典》第五十四条的规定，<question>"), so the Chinese check and attribution run;
* a passage of a US opinion (``us_opinions.txt``, one blank-line block, cut at 1,500 characters);
* a LEXam reference answer (``lexam_open_sample.jsonl``; Swiss citations).

They are interleaved, each source in a seeded random order, so consecutive answers cite different laws; by
default every distinct answer is checked once (``--n`` larger than that repeats answers, and says so). The two
runs (attribution on, ``--no-attribution``) read the same file one after the other in this process: compare them
as a ratio on a busy machine. Prints answers/s, citations/s and the status mix of each.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTDATA = Path(os.environ.get("LEGALCITE_SHARED", ROOT.parent / "shared")) / "testdata"


def stard_answer(record: dict) -> str:
    """A STARD question led by the statute it is answered by (its first ``relevant`` article), as a model that
    cites its source would write it; ``benchmarks/check_verdicts.py`` annotates the same texts."""
    rel = record["relevant"][0]
    return f"依据《{rel['law']}》{rel['name'][len(rel['law']):]}的规定，{record['query']}"


def us_passages(text: str) -> list[str]:
    """The passages of ``us_opinions.txt``: each blank-line block of more than 200 characters, cut at 1,500."""
    return [b.strip()[:1500] for b in text.split("\n\n") if len(b.strip()) > 200]


def pools(testdata: Path, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    out: list[list[str]] = []
    with open(testdata / "de_ler_test.jsonl", encoding="utf-8") as fh:
        out.append([json.loads(line)["text"] for line in fh])
    with open(testdata / "stard_queries.jsonl", encoding="utf-8") as fh:
        out.append([stard_answer(json.loads(line)) for line in fh])
    out.append(us_passages((testdata / "us_opinions.txt").read_text(encoding="utf-8")))
    with open(testdata / "lexam_open_sample.jsonl", encoding="utf-8") as fh:
        out.append([json.loads(line).get("reference_answer") or "" for line in fh])
    for p in out:
        p[:] = [t for t in p if t.strip()]
        rng.shuffle(p)
    return out


def generate(path: Path, n: int | None, testdata: Path, seed: int = 42) -> dict[str, int]:
    """``n`` answers (default: every distinct one), the sources interleaved, an exhausted source skipped; only
    when ``n`` exceeds the distinct answers does one come again. Returns how many came from each source."""
    ps = pools(testdata, seed)
    names = ("ler", "stard", "us_opinions", "lexam")
    total = sum(len(p) for p in ps)
    n = total if n is None else n
    if n > total:
        print(f"note: only {total:,} distinct answers; {n - total:,} are repeats", file=sys.stderr)
    order: list[tuple[int, int]] = []
    depth = 0
    while len(order) < total:
        order += [(k, depth) for k in range(len(ps)) if depth < len(ps[k])]
        depth += 1
    used: Counter = Counter()
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            k, j = order[i % total]
            used[names[k]] += 1
            fh.write(json.dumps({"id": f"q{i}", "answer": ps[k][j]}, ensure_ascii=False) + "\n")
    return dict(used)


def run(src: Path, store: Path, workers: int, *extra: str) -> tuple[float, int, Counter, int, int]:
    """One ``legalcite check`` run: wall seconds (interpreter start included), answers, statuses, exit code, and
    the rate the check itself reports (from its first answer to its last)."""
    out = src.with_suffix(".checked.jsonl")
    cmd = [sys.executable, "-m", "legalcite", "check", str(src), "-o", str(out), "--store", str(store),
           "--workers", str(workers), "--progress", "off", *extra]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, check=False, stderr=subprocess.PIPE, text=True)
    secs = time.perf_counter() - t0
    rc = proc.returncode
    sys.stderr.write(proc.stderr)
    m = re.search(r"answers? checked in [\d.]+ s \(([\d,.]+)/s\)", proc.stderr)
    own = round(float(m.group(1).replace(",", ""))) if m else 0
    statuses: Counter = Counter()
    n = 0
    with out.open(encoding="utf-8") as fh:
        for line in fh:
            n += 1
            statuses.update(c["status"] for c in json.loads(line).get("citations", ()))
    return secs, n, statuses, rc, own


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=None, help="answers (default: every distinct one, about 2,600)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--store", help="corpus store (default: $LEGALCITE_STORE or the user data dir)")
    ap.add_argument("--testdata", default=str(TESTDATA))
    ap.add_argument("--keep", help="also keep the generated answers here")
    args = ap.parse_args()

    from legalcite.corpora.store import resolve_store_path

    store = resolve_store_path(args.store)
    if not store.exists():
        print(f"no store at {store}: run `legalcite corpus build` first", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(args.keep) if args.keep else Path(tmp) / "answers.jsonl"
        mix = generate(src, args.n, Path(args.testdata))
        print("answers from: " + ", ".join(f"{k} {v:,}" for k, v in mix.items()))
        ok = True
        for label, extra in (("with attribution", ()), ("--no-attribution", ("--no-attribution",))):
            secs, n, statuses, rc, own = run(src, store, args.workers, *extra)
            cites = sum(statuses.values())
            ok = ok and rc == 0 and n == sum(mix.values())
            print(f"{label:17s}: {n:,} answers in {secs:.1f} s (exit {rc}) with {args.workers} worker(s): "
                  f"{n / secs:,.0f} answers/s, {cites / secs:,.0f} citations/s (wall, start-up included); "
                  f"the check's own rate {own:,} answers/s")
            print("  statuses: " + ", ".join(f"{k} {v:,}" for k, v in statuses.most_common()))
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"peak RSS of the largest process: {peak_mb:,.0f} MB")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
