"""The Swiss/treaty measurement set (tests/fixtures/ch_gold.jsonl) and its scorer (legalcite.evaluation.ch)."""
from __future__ import annotations

from pathlib import Path

from legalcite.evaluation.ch import DEFAULT_GOLD, Result, evaluate, records, score_record


def test_scoring_by_hand() -> None:
    rec = {"id": "t", "expected": [
        {"span": [0, 10], "keys": ["ch/or/art41", "ch/or/art42"], "construct": "ff"},
        {"span": [20, 30], "keys": ["ch/rep/bge/140/iii/86"], "construct": "bge"}],
        "ignore": [{"span": [40, 50], "why": "eu"}]}
    res = Result()
    score_record(rec, "x" * 60, [((0, 10), "ch/or/art41"),            # found
                                 ((20, 30), "ch/rep/bge/140/iii/87"),  # a wrong key on a gold span
                                 ((40, 45), "de/aeuv/art102"),         # inside an ignored span: not counted
                                 ((52, 55), "ch/or/art1"),             # unexpected
                                 ((21, 29), "eu/tfeu/art1")], res)     # eu keys are not scored
    ff, bge, unexpected = res.by_construct["ff"], res.by_construct["bge"], res.by_construct["(unexpected)"]
    assert (ff.gold, ff.found, ff.predicted, ff.correct) == (2, 1, 1, 1)
    assert (bge.gold, bge.found, bge.predicted, bge.correct) == (1, 0, 1, 0)
    assert (unexpected.predicted, unexpected.correct) == (1, 0)
    assert res.total.recall == 1 / 3 and res.total.precision == 1 / 3


def test_the_set_is_real_text_by_reference(shared_dir: Path) -> None:
    recs = list(records(DEFAULT_GOLD))
    assert len(recs) >= 100 and sum(len(r["expected"]) for r in recs) >= 400
    inline = [r for r in recs if r.get("ref") is None]
    assert len(inline) <= 12  # the French, Italian and English sentences written for it; the rest points into ../shared


def test_key_precision_and_recall_floor(shared_dir: Path) -> None:
    """Measured: 619 gold keys, recall 0.997, precision 1.000 (python -m legalcite.evaluation.ch)."""
    total = evaluate(DEFAULT_GOLD, shared=shared_dir).total
    assert total.recall >= 0.99 and total.precision >= 0.99
