"""Key precision and recall on the Swiss and treaty measurement set, by construct.

    python -m legalcite.evaluation.ch [--gold tests/fixtures/ch_gold.jsonl] [--shared ../shared] [--errors] [--hint ch]

The set (``tests/fixtures/ch_gold.jsonl``) is a hand annotation of real text: LEXam reference answers and
questions, BGE regestes and Swiss federal acts citing other acts (by reference into ``../shared``: file, row id,
field — the texts are not copied), German court sentences with treaty citations, and a few French, Italian and
English sentences written for it (inline). Each record lists the spans a careful Swiss lawyer marks, with their keys
and a construct label (``units``, ``bge_list``, ``schlt`` …), and the spans to ignore (EU law, which another module
keys; references to the act's own articles; ECtHR cases cited by name only).

Scoring: a predicted citation counts when its span overlaps a gold span and its key equals one of that span's keys
(each gold key matched once); recall per construct is matched gold keys over gold keys; precision per construct
is matched predictions over predictions overlapping a gold span of that construct, plus every prediction that
overlaps no gold or ignored span (reported as ``(unexpected)``). EU keys are not scored.
"""
from __future__ import annotations

import argparse
import json
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterator

from legalcite._util import shared_dir
from legalcite.corpora.snapshots import rows as read_rows
from legalcite.evaluation.ler import SpanScores
from legalcite.pipeline import extract

HERE = Path(__file__).resolve()
DEFAULT_GOLD = HERE.parents[2] / "tests" / "fixtures" / "ch_gold.jsonl"
UNSCORED = ("eu/",)  # keys of another module's jurisdiction


@cache
def _rows(path: Path) -> list[dict]:
    return list(read_rows(path))


def text_of(record: dict, shared: Path) -> str:
    """The text a record annotates: inline, or the field of one row of a shared file."""
    ref = record.get("ref")
    if ref is None:
        return record["text"]
    rows = _rows(shared / ref["file"])
    if "line" in ref:
        return rows[ref["line"]][ref["field"]]
    by = "id" if "id" in ref else "key"
    for r in rows:
        if r.get(by) == ref[by]:
            return r[ref["field"]]
    raise KeyError(f"{record['id']}: no row with {by}={ref[by]!r} in {ref['file']}")


@dataclass
class Result:
    """Counts per construct (:class:`SpanScores`: gold keys, matched, predictions, correct ones) and a line for each
    miss, wrong key or unexpected citation."""

    by_construct: dict[str, SpanScores] = field(default_factory=lambda: defaultdict(lambda: SpanScores("", 0, 0, 0, 0)))
    errors: list[str] = field(default_factory=list)

    @property
    def total(self) -> SpanScores:
        """The counts of every construct summed, as the ``all`` row."""
        t = SpanScores("all", 0, 0, 0, 0)
        for v in self.by_construct.values():
            t.gold += v.gold
            t.found += v.found
            t.predicted += v.predicted
            t.correct += v.correct
        return t


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return min(a[1], b[1]) > max(a[0], b[0])


def score_record(record: dict, text: str, predicted: list[tuple[tuple[int, int], str]], result: Result) -> None:
    """Add one record's counts: ``predicted`` holds (span, key) pairs."""
    gold = [(tuple(e["span"]), list(e["keys"]), e["construct"]) for e in record["expected"]]
    ignored = [tuple(e["span"]) for e in record.get("ignore", ())]
    open_keys = [list(keys) for _, keys, _ in gold]
    for span, keys, construct in gold:
        result.by_construct[construct].gold += len(keys)
    for span, key in predicted:
        if key.startswith(UNSCORED):
            continue
        hits = [i for i, (g, _, _) in enumerate(gold) if _overlaps(span, g)]
        if not hits:
            if any(_overlaps(span, g) for g in ignored):
                continue
            result.by_construct["(unexpected)"].predicted += 1
            result.errors.append(f"{record['id']}: unexpected {key} at {span} {text[span[0]:span[1]]!r}")
            continue
        match = next((i for i in hits if key in open_keys[i]), None)
        construct = gold[match if match is not None else hits[0]][2]
        result.by_construct[construct].predicted += 1
        if match is None:
            g = gold[hits[0]]
            result.errors.append(f"{record['id']}: wrong {key} at {span} for {text[g[0][0]:g[0][1]]!r} "
                                 f"(expected {g[1]})")
            continue
        open_keys[match].remove(key)
        result.by_construct[construct].correct += 1
        result.by_construct[construct].found += 1
    for (span, _, construct), left in zip(gold, open_keys):
        for key in left:
            result.errors.append(f"{record['id']}: missed {key} in {text[span[0]:span[1]]!r}")


def records(gold: Path) -> Iterator[dict[str, Any]]:
    """The gold records of the JSONL file ``gold`` (blank lines skipped)."""
    with gold.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def evaluate(gold: Path = DEFAULT_GOLD, *, shared: Path | None = None, hint: str | None = None) -> Result:
    """Score ``extract`` (with jurisdiction ``hint`` where a record gives none) on the gold set. Raises ValueError when
    an annotated span does not read as its text: a gold file out of step with the shared texts."""
    shared = shared or shared_dir()
    result = Result()
    for rec in records(gold):
        text = text_of(rec, shared)
        for e in rec["expected"]:
            s, t = e["span"]
            if text[s:t] != e["text"]:
                raise ValueError(f"{rec['id']}: span {e['span']} reads {text[s:t]!r}, annotated {e['text']!r}")
        cites = extract(text, jurisdiction=rec.get("hint") or hint)
        score_record(rec, text, [((c.span.start, c.span.end), c.key) for c in cites if c.key], result)
    return result


def main(argv: list[str] | None = None) -> int:
    """``python -m legalcite.evaluation.ch``: the recall and precision table by construct; exit 0."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    ap.add_argument("--shared", type=Path, default=None,
                    help="the shared folder the gold's texts are read from (default: $LEGALCITE_SHARED or ../shared)")
    ap.add_argument("--hint", default=None, help="jurisdiction hint passed to extract() (default: none)")
    ap.add_argument("--errors", action="store_true", help="list every miss, wrong key and unexpected citation")
    args = ap.parse_args(argv)
    res = evaluate(args.gold, shared=args.shared, hint=args.hint)
    print(f"{'construct':16s} {'gold':>5s} {'recall':>7s} {'pred':>5s} {'precision':>9s}")
    for name, t in sorted(res.by_construct.items()):
        print(f"{name:16s} {t.gold:5d} {t.recall:7.3f} {t.predicted:5d} {t.precision:9.3f}")
    t = res.total
    print(f"{'all':16s} {t.gold:5d} {t.recall:7.3f} {t.predicted:5d} {t.precision:9.3f}")
    if args.errors:
        print()
        print("\n".join(res.errors))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
