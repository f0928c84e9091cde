"""LEXam MCQ accuracy (###X###, missing = wrong), bootstrap SE, and open-question judge pooling."""
from __future__ import annotations

import json
import math

import pytest

from legalcite.metrics import bootstrap as bs
from legalcite.metrics import lexam
from legalcite.metrics.io import extract_answer, iter_rows, read_rows


def rows(*objs):
    return list(iter_rows([json.dumps(o, ensure_ascii=False) for o in objs]))


@pytest.mark.parametrize("text, rule, pattern, expected", [
    ("I think ###B###. On reflection: ###D###", "marker", None, "D"),
    ("Antwort: c", "answer-line", None, "c"),
    ("答案：B", "answer-line", None, "B"),
    ("  (A) ", "bare", None, "A"),
    ("The best option is A and then C", "bare", None, None),
    ("[[C]] and later [[A]]", "marker", r"\[\[([A-D])\]\]", "A"),
])
def test_answer_rules(text, rule, pattern, expected):
    assert extract_answer(text, rule, pattern) == expected


def test_mcq_by_hand():
    gold = rows({"id": "q1", "gold": 0}, {"id": "q2", "gold_letter": "C"}, {"id": "q3", "answer": "B"},
                {"id": "q4", "gold": 3})
    resp = rows({"id": "q1", "response": "...###A###"}, {"id": "q2", "response": "###C### no wait ###B###"},
                {"id": "q3", "response": "B, clearly."}, {"id": "zz", "response": "###A###"})
    r = lexam.score_mcq(resp, gold, samples=100, seed=3)
    # q1 right; q2 wrong (last marker B); q3 no marker → no prediction, wrong; q4 no response, wrong;
    # zz not in gold, wrong
    assert r["n"] == 5 and r["n_correct"] == 1 and r["accuracy"] == 0.2
    assert r["missing"] == {"no_response": ["q4"], "no_prediction": ["q3"], "not_in_gold": ["zz"],
                            "duplicate_responses": []}
    assert r["se"] == lexam.score_mcq(resp, gold, samples=100, seed=3)["se"]  # seeded
    # configurable: a bare-letter rule would read q3
    assert lexam.score_mcq(resp, gold, pattern=r"^([A-D])\b", samples=0)["n_correct"] == 1


def test_lexam_sample_with_its_own_gold(testdata_dir):
    items = read_rows(testdata_dir / "lexam_mcq_sample.jsonl")
    assert len(items) == 20
    # a "model" that is right on every item whose gold index is even, and answers "A" otherwise
    resp = rows(*[{"id": it.data["id"],
                   "response": "Begründung … ###%s###" % ("ABCD"[it.data["gold"]] if it.data["gold"] % 2 == 0
                                                          else "A")} for it in items])
    expected = sum(it.data["gold"] % 2 == 0 for it in items) / len(items)
    r = lexam.score_mcq(resp, items, samples=500, seed=0)
    assert r["accuracy"] == pytest.approx(expected)
    p = expected
    assert r["se"] == pytest.approx(math.sqrt(p * (1 - p) / 20), rel=0.25)  # bootstrap ≈ binomial SE
    assert r["ci95"][0] <= r["accuracy"] <= r["ci95"][1]


def test_standard_error_definition():
    assert bs.standard_error([0.5, 0.5, 0.5]) == 0.0
    assert bs.standard_error([0.0, 1.0]) == pytest.approx(math.sqrt(0.5))  # B − 1 in the denominator
    assert bs.standard_error([1.0]) is None


def test_copies_are_averaged():
    gold = rows({"id": "q", "copy": 0, "answer": "A"}, {"id": "q", "copy": 1, "answer": "C"},
                {"id": "r", "copy": 0, "answer": "B"}, {"id": "r", "copy": 1, "answer": "B"})
    resp = rows({"id": "q", "copy": 0, "prediction": "A"}, {"id": "q", "copy": 1, "prediction": "A"},
                {"id": "r", "copy": 0, "prediction": "B"})
    r = lexam.score_mcq(resp, gold, samples=0, with_items=True)
    assert {i["id"]: i["score"] for i in r["items"]} == {"q": 0.5, "r": 0.5}
    assert r["accuracy"] == 0.5 and r["copies"] == 2
    assert r["per_copy"] == {"0": {"n": 2, "accuracy": 1.0}, "1": {"n": 2, "accuracy": 0.0}}
    assert r["missing"]["no_response"] == [{"id": "r", "copy": 1}]


def test_open_min_pooling_by_hand(testdata_dir):
    questions = read_rows(testdata_dir / "lexam_open_sample.jsonl")
    ids = [q.data["id"] for q in questions]
    judged = rows({"id": ids[0], "scores": {"gpt": 0.8, "claude": 0.6, "gemini": 0.9}},
                  {"id": ids[1], "scores": [{"judge": "gpt", "score": 1.0}, {"judge": "claude", "score": 0.4}]},
                  {"id": ids[2], "scores": {}})
    r = lexam.score_open(judged, questions, samples=200, seed=0, with_items=True)
    assert r["n"] == len(ids) == 35
    assert r["mean"] == pytest.approx((0.6 + 0.4) / 35, abs=1e-6)
    assert r["missing"]["no_scores"] == [ids[2]] and len(r["missing"]["no_judged_row"]) == 32
    assert r["per_judge_mean"] == {"claude": 0.5, "gemini": 0.9, "gpt": 0.9}
    mean = lexam.score_open(judged, pool="mean", samples=0)
    assert mean["mean"] == pytest.approx(((0.8 + 0.6 + 0.9) / 3 + 0.7 + 0) / 3, abs=1e-6)


def test_cli_mcq(tmp_path, capsys, testdata_dir):
    from legalcite.cli import main

    resp = tmp_path / "resp.jsonl"
    resp.write_text("\n".join(json.dumps({"id": r.data["id"], "response": "###%s###" % r.data["gold_letter"]})
                              for r in read_rows(testdata_dir / "lexam_mcq_sample.jsonl")[:5]))
    assert main(["score", "mcq", str(resp), "--gold", str(testdata_dir / "lexam_mcq_sample.jsonl"),
                 "--samples", "50"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["n"] == 20 and r["n_correct"] == 5 and len(r["missing"]["no_response"]) == 15
