"""German court text as LER and the refex benchmark annotate it (legalcite.evaluation.ler), with the scorer checked
by hand: the floors pin the measured figures."""
from __future__ import annotations

import json
from pathlib import Path

from legalcite.evaluation.ler import _covered, run


def test_a_gold_span_is_found_by_what_the_spans_cover_together(tmp_path: Path) -> None:
    assert _covered(0, 10, [(0, 3, "case"), (2, 6, "reporter"), (20, 30, "x")]) == 6
    text = "BAG, Urteil vom 6. November 2003 - 2 AZR 690/02 -, BAGE 108, 269 <274>. Sonst nichts."
    gold = {"text": text, "expected": [{"kind": "decision", "start": 0, "end": text.index(". Sonst")}]}
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps(gold) + "\n", encoding="utf-8")
    ev = run(path)
    assert ev.scores["case"].recall == 1.0 and ev.scores["all"].precision == 1.0 and not ev.unexpected


def test_ler_floors(testdata_dir: Path) -> None:
    """Measured on ../shared/testdata/de_ler_test.jsonl: statute recall 0.971 at precision 0.962 (0.978 over all
    kinds); decisions 0.922 / 1.0; reporters 0.935 / 0.988."""
    scores = run(testdata_dir / "de_ler_test.jsonl").scores
    assert scores["statute"].recall >= 0.97
    assert scores["all"].precision >= 0.97
    assert scores["case"].recall >= 0.91
    assert scores["reporter"].recall >= 0.93


def test_refex_windows_floors(testdata_dir: Path) -> None:
    """Measured on ../shared/testdata/de_refex_ler.jsonl (the refex benchmark's windows and the LER sentences):
    decisions 0.943, statutes 0.971, reporters 0.973; precision over all kinds 0.863 (the refex windows' gold marks
    only some of the citations in them)."""
    scores = run(testdata_dir / "de_refex_ler.jsonl").scores
    assert scores["case"].recall >= 0.93
    assert scores["statute"].recall >= 0.96
    assert scores["reporter"].recall >= 0.96
