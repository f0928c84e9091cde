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


def main() -> None:  # pragma: no cover - convenience
    import sys

    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[3] / "shared/testdata/de_ler_test.jsonl"
    for k, s in evaluate(path).items():
        print(f"{k:10s} gold {s.gold:4d} recall {s.recall:.3f}  predicted {s.predicted:4d} precision {s.precision:.3f}")


if __name__ == "__main__":  # pragma: no cover
    main()
