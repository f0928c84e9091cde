"""legalcite vs refex on the same German texts, in one run: throughput (MB/s) and citations found.

    pip install -e '.[bench]'          # refex = PyPI legal-reference-extraction
    python benchmarks/de_vs_refex.py [--shared ../shared] [--mb 2] [--repeat 3] [--before main]

Three texts, each processed document by document by both tools:
- **LER sentences**: the 300 court-decision sentences of ``testdata/de_ler_test.jsonl``;
- **refex windows**: the 249 court-decision windows of ``testdata/de_refex_ler.jsonl`` (the refex benchmark's own
  fixtures; the LER rows in that file are the first text);
- **statute text**: the unit texts of ``corpora/de_fulltext.jsonl.gz`` joined into ~20 kB documents (the size of a
  long answer), cut to ``--mb`` megabytes.

refex runs its recommended API (``refex.orchestrator.CitationExtractor().extract(text)``: law and case regex
engines, short-form resolution); legalcite runs ``legalcite.extract(text)`` with no hint (all jurisdictions
registered, linking on). Both first read every text once untimed (the warm-up: loading grammars and law tables is
not what a run measures, and ``--repeat 1`` would time it); each text is then timed ``--repeat`` times per tool, the
runs alternating, and the best CPU time is kept (the machine may be shared: CPU time is the steadier figure, and
the ratio of two runs in the same process is what to compare across machines). legalcite's caches of parsed text
are cleared before each run, so that a repetition reads the text as new (a cache hit on the previous repetition's
chains would hide the parsing cost). ``--before REF`` measures legalcite at a git revision and this checkout, each in
a fresh subprocess (the same protocol, refex timed alongside in each), one after the other.
Citations are counted as each tool returns them (legalcite: one per provision of a list, as refex does for
``§§ 3, 4 BGB``). The last column ("de alone") is a diagnostic: the ratio with the German package alone
registered, which tells what the German extractor costs from what the other jurisdictions' anchors and extractors
cost on German text.
"""
from __future__ import annotations

import argparse
import gzip
import json
import logging
import os
import time
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
DEFAULT_SHARED = Path(os.environ.get("LEGALCITE_SHARED") or HERE.parents[1] / "shared")


def _jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def ler_sentences(shared: Path) -> list[str]:
    return [r["text"] for r in _jsonl(shared / "testdata" / "de_ler_test.jsonl")]


def refex_windows(shared: Path) -> list[str]:
    return [r["text"] for r in _jsonl(shared / "testdata" / "de_refex_ler.jsonl")
            if r.get("source", "").startswith("openlegaldata/")]


def statute_text(shared: Path, mb: float, doc_chars: int = 20_000) -> list[str]:
    """Unit texts of the German statute corpus, in corpus order, joined into ~``doc_chars`` documents."""
    docs: list[str] = []
    cur: list[str] = []
    size = n = 0
    with gzip.open(shared / "corpora" / "de_fulltext.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            t = json.loads(line).get("text") or ""
            cur.append(t)
            n += len(t)
            size += len(t.encode())
            if n > doc_chars:
                docs.append("\n\n".join(cur))
                cur, n = [], 0
            if size >= mb * 1e6:
                break
    if cur:
        docs.append("\n\n".join(cur))
    return docs


def run_refex() -> Callable[[list[str]], int]:
    from refex.orchestrator import CitationExtractor

    ex = CitationExtractor()
    return lambda docs: sum(len(ex.extract(d).citations) for d in docs)


def run_legalcite() -> Callable[[list[str]], int]:
    import legalcite

    return lambda docs: sum(len(legalcite.extract(d)) for d in docs)


def run_german_package() -> Callable[[list[str]], int]:
    """A diagnostic: ``legalcite.extract`` with the German package alone registered, to tell what the German
    extractor costs from what the other jurisdictions' anchors and extractors cost on German text."""
    import legalcite
    from legalcite import jurisdictions

    de = jurisdictions.get("de")
    # (a revision before the typed interface held them on the declaration: --before and --at run those too)
    parts = getattr(de, "parts", de)
    extractor, linker = parts.extractor, getattr(parts, "linker", None) or getattr(parts, "link", None)

    def run(docs: list[str]) -> int:
        saved = jurisdictions.extractors, jurisdictions.linkers
        jurisdictions.extractors, jurisdictions.linkers = (lambda: (extractor,)), (lambda: (linker,))
        try:
            return sum(len(legalcite.extract(d)) for d in docs)
        finally:
            jurisdictions.extractors, jurisdictions.linkers = saved

    return run


def timed(fn: Callable[[list[str]], int], docs: list[str]) -> tuple[float, float, int]:
    from _revision import clear_caches

    clear_caches()  # each repetition reads the text as new (no parse of an earlier repetition is reused)
    t0, c0 = time.perf_counter(), time.process_time()
    n = fn(docs)
    return time.perf_counter() - t0, time.process_time() - c0, n


def measure(shared: Path, mb: float, repeat: int) -> dict[str, dict[str, list]]:
    """Per text: MB, documents, and per tool (refex, legalcite, de alone) the best (wall, cpu, found) of
    ``repeat`` runs, the tools alternating so that a busy spell hits all."""
    logging.getLogger("refex").setLevel(logging.ERROR)
    texts = {"LER sentences": ler_sentences(shared), "refex windows": refex_windows(shared),
             "statute text": statute_text(shared, mb)}
    tools = {"refex": run_refex(), "legalcite": run_legalcite(), "de alone": run_german_package()}
    return best_of(texts, tools, repeat)


def best_of(texts: dict[str, list[str]], tools: dict[str, Callable[[list[str]], int]], repeat: int,
            timer: Callable[[Callable[[list[str]], int], list[str]], tuple[float, float, int]] = timed
            ) -> dict[str, dict[str, list]]:
    """Each tool reads every text once untimed (what it loads on first use — grammars, law tables, the jurisdictions
    a text wakes — is not what is measured; with ``--repeat 1`` the first text paid for it), then each text is
    timed ``repeat`` times per tool, alternating; the best CPU time is kept."""
    for fn in tools.values():
        for docs in texts.values():
            fn(docs)
    out: dict[str, dict[str, list]] = {}
    for name, docs in texts.items():
        best: dict[str, tuple[float, float, int]] = {}
        for _ in range(repeat):
            for tool, fn in tools.items():
                wall, cpu, n = timer(fn, docs)
                if tool not in best or cpu < best[tool][1]:
                    best[tool] = (wall, cpu, n)
        out[name] = {"size": [sum(len(d.encode()) for d in docs) / 1e6, len(docs)],
                     **{k: list(v) for k, v in best.items()}}
    return out


def report(results: dict[str, dict[str, list]], label: str) -> list[float]:
    print(f"{label}")
    print(f"{'text':14s} {'MB':>5s} {'docs':>5s} | {'refex MB/s':>10s} {'found':>6s} | {'legalcite MB/s':>14s} "
          f"{'found':>6s} | {'ratio':>5s} | {'de alone':>8s}")
    ratios = []
    for name, r in results.items():
        mb, ndocs = r["size"]
        rf, lc, de = r["refex"], r["legalcite"], r["de alone"]
        ratio = rf[1] / lc[1]
        ratios.append(ratio)
        print(f"{name:14s} {mb:5.2f} {ndocs:5d} | {mb / rf[1]:10.2f} {rf[2]:6d} | {mb / lc[1]:14.2f} {lc[2]:6d} "
              f"| {ratio:4.2f}x | {rf[1] / de[1]:7.2f}x")
    print("speed ratio legalcite/refex (CPU time, best of the runs): "
          + ", ".join(f"{n} {r:.2f}x" for n, r in zip(results, ratios)))
    return ratios


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    ap.add_argument("--mb", type=float, default=2.0, help="megabytes of statute text")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per tool and text; the best is kept")
    ap.add_argument("--before", metavar="REF", help="also measure legalcite at this git revision (e.g. main), in a "
                    "subprocess, in the same run")
    ap.add_argument("--at", type=Path, metavar="ROOT", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    from _extras import need  # this folder is on sys.path when a benchmark runs as a script

    need("bench")
    if args.at:  # the subprocess of --before: legalcite from that worktree, the results as one JSON line
        from _revision import import_from

        import_from(args.at)
        print(json.dumps(measure(args.shared, args.mb, args.repeat)))
        return 0
    if args.before:
        from _revision import run_at

        opts = ["--shared", str(args.shared.resolve()), "--mb", str(args.mb), "--repeat", str(args.repeat)]
        report(run_at(Path(__file__).resolve(), args.before, opts), f"legalcite@{args.before} (subprocess)")
        report(run_at(Path(__file__).resolve(), None, opts), "this checkout (subprocess)")
        return 0
    report(measure(args.shared, args.mb, args.repeat), "this checkout")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
