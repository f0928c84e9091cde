"""legalcite vs refex on the same German texts, in one run: throughput (MB/s) and citations found.

    pip install -e '.[bench]'          # refex = PyPI legal-reference-extraction
    python benchmarks/de_vs_refex.py [--shared ../shared] [--mb 2] [--repeat 3]

Three texts, each processed document by document by both tools:
- **LER sentences**: the 300 court-decision sentences of ``testdata/de_ler_test.jsonl``;
- **refex windows**: the 249 court-decision windows of ``testdata/de_refex_ler.jsonl`` (the refex benchmark's own
  fixtures; the LER rows in that file are the first text);
- **statute text**: the unit texts of ``corpora/de_fulltext.jsonl.gz`` joined into ~20 kB documents (the size of a
  long answer), cut to ``--mb`` megabytes.

refex runs its recommended API (``refex.orchestrator.CitationExtractor().extract(text)``: law and case regex
engines, short-form resolution); legalcite runs ``legalcite.extract(text)`` with no hint (all jurisdictions
registered, linking on). Both are warmed up first; each text is timed ``--repeat`` times per tool, the runs
alternating, and the best CPU time is kept (the machine may be shared: CPU time is the steadier figure, and
the ratio of two runs in the same process is what to compare across machines). Citations are counted as each
tool returns them (legalcite: one per provision of a list, as refex does for ``§§ 3, 4 BGB``). The last column
("de alone") is a diagnostic: the ratio with the German package alone registered, which tells what the German
extractor costs from what the other jurisdictions' anchors and extractors cost on German text.
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

    def run(docs: list[str]) -> int:
        saved = jurisdictions.extractors, jurisdictions.linkers
        jurisdictions.extractors, jurisdictions.linkers = (lambda: (de.extractor,)), (lambda: (de.link,))
        try:
            return sum(len(legalcite.extract(d)) for d in docs)
        finally:
            jurisdictions.extractors, jurisdictions.linkers = saved

    return run


def best_of(fn: Callable[[list[str]], int], docs: list[str]) -> tuple[float, float, int]:
    t0, c0 = time.perf_counter(), time.process_time()
    n = fn(docs)
    return time.perf_counter() - t0, time.process_time() - c0, n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    ap.add_argument("--mb", type=float, default=2.0, help="megabytes of statute text")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per tool and text; the best is kept")
    args = ap.parse_args(argv)
    logging.getLogger("refex").setLevel(logging.ERROR)

    texts = {"LER sentences": ler_sentences(args.shared), "refex windows": refex_windows(args.shared),
             "statute text": statute_text(args.shared, args.mb)}
    tools = {"refex": run_refex(), "legalcite": run_legalcite(), "de alone": run_german_package()}
    warm = ["Nach § 823 Abs. 1 BGB und BGHZ 100, 1 (BGH, Urteil vom 5. Mai 2022 - I ZR 1/21) ist zu ersetzen."]
    for fn in tools.values():
        fn(warm)

    print(f"{'text':14s} {'MB':>5s} {'docs':>5s} | {'refex MB/s':>10s} {'found':>6s} | {'legalcite MB/s':>14s} "
          f"{'found':>6s} | {'ratio':>5s} | {'de alone':>8s}")
    ratios = []
    for name, docs in texts.items():
        mb = sum(len(d.encode()) for d in docs) / 1e6
        best: dict[str, tuple[float, float, int]] = {}
        for _ in range(args.repeat):
            for tool, fn in tools.items():  # alternate, so a busy spell hits all
                wall, cpu, n = best_of(fn, docs)
                if tool not in best or cpu < best[tool][1]:
                    best[tool] = (wall, cpu, n)
        rf, lc, de = best["refex"], best["legalcite"], best["de alone"]
        ratio = rf[1] / lc[1]
        ratios.append(ratio)
        print(f"{name:14s} {mb:5.2f} {len(docs):5d} | {mb / rf[1]:10.2f} {rf[2]:6d} | {mb / lc[1]:14.2f} {lc[2]:6d} "
              f"| {ratio:4.2f}x | {rf[1] / de[1]:7.2f}x")
    print(f"speed ratio legalcite/refex (CPU time, best of {args.repeat}): "
          + ", ".join(f"{n} {r:.2f}x" for n, r in zip(texts, ratios)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
