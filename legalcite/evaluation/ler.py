"""Span precision/recall on German court text: the LER test sentences (``../shared/testdata/de_ler_test.jsonl``) and
the refex benchmark's windows plus those sentences (``de_refex_ler.jsonl``), as refex measures itself.

    python -m legalcite.evaluation.ler [FILE ...] [--errors] [--min-cover 0.5]

A gold span counts as found when the extracted spans that overlap it together cover at least ``min_cover`` of it
(the LER annotation sometimes includes trailing words that are not part of the citation, e.g. a decision's ``- Rn. 28
f.``; and it marks a decision with its reporters as one span, ``BAG, Urteil vom 6. November 2003 - 2 AZR 690/02 -,
BAGE 108, 269``, which legalcite reads as a decision and a reporter citation); an extracted span counts as correct when
it overlaps a gold span of any kind.
Recall is per gold kind (``statute``, ``case`` for LER's decisions, ``reporter``); precision per predicted kind and
over all kinds (``all``). Citations from one chain share a span; spans are de-duplicated before counting.
Citations of German law, EU law and treaties count (German courts cite all three; each keeps its own
jurisdiction). Short forms that could not be bound to a law (``unresolved=True``) count: this measures finding
spans, not resolving them.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from legalcite._util import shared_dir
from legalcite.evaluation.datasets import DE_LER, Dataset
from legalcite.pipeline import extract

KIND_MAP = {"statute": "statute", "decision": "case", "reporter": "reporter"}


@dataclass
class SpanScores:
    """Span counts for one kind: gold spans, gold spans found, predicted spans, predicted spans that overlap gold."""

    kind: str
    gold: int
    found: int
    predicted: int
    correct: int

    @property
    def recall(self) -> float:
        """Found over gold (1.0 without gold spans)."""
        return self.found / self.gold if self.gold else 1.0

    @property
    def precision(self) -> float:
        """Correct over predicted (1.0 without predictions)."""
        return self.correct / self.predicted if self.predicted else 1.0


@dataclass
class Evaluation:
    """Scores per kind (and ``all``) plus the spans that were missed or predicted without a gold span."""

    scores: dict[str, SpanScores]
    missed: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)


def run(path: Path, min_cover: float = 0.5, dataset: Dataset = DE_LER) -> Evaluation:
    """Score ``extract`` on one file of gold spans (``text``, ``expected[]`` with ``kind``, ``start``, ``end``) of
    ``dataset``: its texts read as its jurisdiction's, the citations of the jurisdictions it annotates scored."""
    totals: dict[str, list[int]] = {}
    missed: list[str] = []
    unexpected: list[str] = []

    def add(kind: str, i: int) -> None:
        for k in (kind, "all"):
            totals.setdefault(k, [0, 0, 0, 0])[i] += 1

    with path.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    for n, row in enumerate(rows):
        text = row["text"]
        cites = [c for c in extract(text, jurisdiction=dataset.jurisdiction, unresolved=True)
                 if c.jurisdiction in dataset.annotated]
        spans = sorted({(c.span.start, c.span.end, c.kind.value) for c in cites})
        gold = [(e["start"], e["end"], KIND_MAP.get(e["kind"], e["kind"])) for e in row["expected"]]
        for gs, ge, gk in gold:
            add(gk, 0)
            if _covered(gs, ge, spans) >= min_cover * (ge - gs):
                add(gk, 1)
            else:
                missed.append(f"{path.name}:{n} {gk}: {text[gs:ge]!r}")
        for s, e, k in spans:
            add(k, 2)
            if any(min(ge, e) > max(gs, s) for gs, ge, _ in gold):
                add(k, 3)
            else:
                unexpected.append(f"{path.name}:{n} {k}: {text[s:e]!r}")
    return Evaluation({k: SpanScores(k, *v) for k, v in sorted(totals.items())}, missed, unexpected)


def _covered(gs: int, ge: int, spans: list[tuple[int, int, str]]) -> int:
    """How many characters of the gold span ``gs:ge`` the extracted spans cover together."""
    covered, reach = 0, gs
    for s, e, _ in spans:  # sorted by start
        s, e = max(s, reach), min(e, ge)
        if e > s:
            covered += e - s
            reach = e
    return covered


def evaluate(path: Path, min_cover: float = 0.5) -> dict[str, SpanScores]:
    """The scores of :func:`run` per kind, ``all`` included."""
    return run(path, min_cover).scores


def default_path() -> Path:
    """``$LEGALCITE_SHARED/testdata/de_ler_test.jsonl``, else ``../shared`` beside this checkout."""
    return shared_dir() / "testdata" / DE_LER.files[0]


def main(argv: list[str] | None = None) -> int:
    """``python -m legalcite.evaluation.ler``: recall and precision per kind for each gold file; exit 2 for a missing
    file or one that is not LER gold data."""
    ap = argparse.ArgumentParser(prog="python -m legalcite.evaluation.ler", description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path,
                    help=f"gold files (default: {' and '.join(DE_LER.files)} in $LEGALCITE_SHARED/testdata)")
    ap.add_argument("--min-cover", type=float, default=0.5,
                    help="share of a gold span an extracted span must cover to count as found (default 0.5)")
    ap.add_argument("--errors", action="store_true", help="list missed gold spans and unexpected predictions")
    args = ap.parse_args(argv)
    files = args.files or [shared_dir() / "testdata" / f for f in DE_LER.files]
    for path in files:
        if not path.is_file():
            print(f"legalcite: {path}: no such file (pass a LER or refex gold file)", file=sys.stderr)
            return 2
    for path in files:
        try:
            ev = run(path, args.min_cover)
        except (ValueError, KeyError, TypeError) as e:
            print(f"legalcite: {path}: not LER test data ({type(e).__name__}: {e})", file=sys.stderr)
            return 2
        print(path.name)
        for k, s in ev.scores.items():
            gold = f"gold {s.gold:4d} recall {s.recall:.3f}" if s.gold else " " * 21
            print(f"  {k:10s} {gold}  predicted {s.predicted:4d} precision {s.precision:.3f}")
        if args.errors:
            print("\n".join(f"  missed {m}" for m in ev.missed))
            print("\n".join(f"  unexpected {u}" for u in ev.unexpected))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
