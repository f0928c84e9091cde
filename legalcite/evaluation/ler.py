"""Span precision/recall on the German LER test sentences (``../shared/testdata/de_ler_test.jsonl``).

A gold span counts as found when an extracted citation span overlaps it and covers at least ``min_cover``
of it (the LER annotation sometimes includes trailing words that are not part of the citation, e.g. a
decision's ``- Rn. 28 f.``); an extracted span counts as correct when it overlaps a gold span of any kind.
Citations from one chain share a span; spans are de-duplicated before counting. Short forms that could not be
bound to a law (``unresolved=True``) count: this measures finding spans, not resolving them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

KIND_MAP = {"statute": "statute", "decision": "case", "reporter": "reporter"}
# LER annotates German court sentences: German law, and the EU law and treaties they cite (tag EUN: AEUV, EMRK,
# directives) and Court of Justice decisions (RS). Those keep their own jurisdiction (DESIGN.md §2), so they count.
JURISDICTIONS = ("de", "eu", "int")


@dataclass
class SpanScores:
    kind: str
    gold: int
    found: int
    predicted: int
    correct: int

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else 1.0

    @property
    def precision(self) -> float:
        return self.correct / self.predicted if self.predicted else 1.0


def evaluate(path: Path, min_cover: float = 0.5) -> dict[str, SpanScores]:
    import legalcite

    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    totals: dict[str, list[int]] = {}
    for row in rows:
        text = row["text"]
        # span finding is measured before resolution: German short forms without a law count as found spans
        cites = [c for c in legalcite.extract(text, jurisdiction="de", unresolved=True) if c.jurisdiction in JURISDICTIONS]
        spans = sorted({(c.span.start, c.span.end, c.kind.value) for c in cites})
        gold = [(e["start"], e["end"], KIND_MAP.get(e["kind"], e["kind"])) for e in row["expected"]]
        for gs, ge, gk in gold:
            t = totals.setdefault(gk, [0, 0, 0, 0])
            t[0] += 1
            cover = max((min(ge, e) - max(gs, s) for s, e, _ in spans), default=0)
            t[1] += cover >= min_cover * (ge - gs)
        for s, e, k in spans:
            kk = "case" if k in ("case",) else k
            t = totals.setdefault(kk, [0, 0, 0, 0])
            t[2] += 1
            t[3] += any(min(ge, e) > max(gs, s) for gs, ge, _ in gold)
    return {k: SpanScores(k, *v) for k, v in sorted(totals.items())}


def default_path() -> Path:
    """``$LEGALCITE_SHARED/testdata/de_ler_test.jsonl``, else ``../shared`` beside this checkout."""
    import os

    shared = os.environ.get("LEGALCITE_SHARED")
    base = Path(shared) if shared else Path(__file__).resolve().parents[3] / "shared"
    return base / "testdata" / "de_ler_test.jsonl"


def main(argv: list[str] | None = None) -> int:
    """``python -m legalcite.evaluation.ler [FILE] [--min-cover X]``: span recall and precision per kind."""
    import argparse
    import sys

    ap = argparse.ArgumentParser(prog="python -m legalcite.evaluation.ler", description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", type=Path, default=None,
                    help="LER test sentences as JSON Lines (default: $LEGALCITE_SHARED/testdata/de_ler_test.jsonl)")
    ap.add_argument("--min-cover", type=float, default=0.5,
                    help="share of a gold span an extracted span must cover to count as found (default 0.5)")
    args = ap.parse_args(argv)
    path = args.file or default_path()
    if not path.is_file():
        print(f"legalcite: {path}: no such file (pass the LER test file)", file=sys.stderr)
        return 2
    try:
        scores = evaluate(path, args.min_cover)
    except (ValueError, KeyError, TypeError) as e:
        print(f"legalcite: {path}: not LER test data ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    for k, s in scores.items():
        print(f"{k:10s} gold {s.gold:4d} recall {s.recall:.3f}  predicted {s.predicted:4d} precision {s.precision:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
