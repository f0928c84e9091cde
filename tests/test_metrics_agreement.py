"""Judge vs human agreement (LEXam's validation of its judge ensemble): Pearson r, quadratic weighted kappa and
MAE by hand, against scipy and scikit-learn, per judge and per language, and the CLI."""
from __future__ import annotations

import json
import random

import pytest

from legalcite.metrics import agreement as A
from legalcite.metrics.io import ScoreInputError, iter_rows


def rows(*objs):
    return list(iter_rows([json.dumps(o, ensure_ascii=False) for o in objs]))


def test_by_hand():
    # judge 0.2, 0.4, 0.9 vs human 0.0, 0.5, 1.0
    x, y = [0.2, 0.4, 0.9], [0.0, 0.5, 1.0]
    # r: means 0.5, 0.5; sxy = (-.3)(-.5) + (-.1)(0) + (.4)(.5) = 0.35; sxx = .09+.01+.16 = .26; syy = .5
    assert A.pearson(x, y) == pytest.approx(0.35 / (0.26 * 0.5) ** 0.5)
    assert A.mae(x, y) == pytest.approx((0.2 + 0.1 + 0.1) / 3)
    # QWK on 3 levels (0, 0.5, 1): categories judge [0, 1, 2], human [0, 1, 2] → perfect agreement
    assert A.quadratic_weighted_kappa([0, 1, 2], [0, 1, 2], 3) == 1.0
    # judge [0, 0], human [0, 2] on 3 levels: O = {(0,0): 1, (0,2): 1}; w(0,2) = 1 → Σ w·O = 1;
    # marginals a = [2, 0, 0], b = [1, 0, 1]; E(0,0) = 1, E(0,2) = 1 → Σ w·E = 1 → κ = 0
    assert A.quadratic_weighted_kappa([0, 0], [0, 2], 3) == 0.0
    # judge [0, 2], human [2, 0]: Σ w·O = 2; E = 0.5 in each of (0,0), (0,2), (2,0), (2,2) → Σ w·E = 1 → κ = −1
    assert A.quadratic_weighted_kappa([0, 2], [2, 0], 3) == -1.0


def test_undefined_cases():
    assert A.pearson([0.5, 0.5], [0.1, 0.9]) is None            # a constant side
    assert A.pearson([0.5], [0.5]) is None
    assert A.quadratic_weighted_kappa([3, 3], [3, 3], 11) is None  # no expected disagreement
    assert A.category(0.05) == 1 and A.category(0.04) == 0 and A.category(1.0) == 10 and A.category(0.7) == 7


@pytest.mark.parametrize("seed", range(5))
def test_matches_scipy_and_sklearn(seed):
    scipy_stats = pytest.importorskip("scipy.stats")
    sk_metrics = pytest.importorskip("sklearn.metrics")
    rng = random.Random(seed)
    human = [rng.randint(0, 10) / 10 for _ in range(60)]
    judge = [min(1.0, max(0.0, h + rng.choice([-0.2, -0.1, 0, 0, 0.1, 0.3]))) for h in human]
    assert A.pearson(judge, human) == pytest.approx(scipy_stats.pearsonr(judge, human)[0], abs=1e-12)
    cj, ch = [A.category(s) for s in judge], [A.category(s) for s in human]
    ref = sk_metrics.cohen_kappa_score(cj, ch, weights="quadratic", labels=list(range(11)))
    assert A.quadratic_weighted_kappa(cj, ch, 11) == pytest.approx(ref, abs=1e-12)
    assert A.mae(judge, human) == pytest.approx(sk_metrics.mean_absolute_error(human, judge), abs=1e-12)


JUDGED = [
    {"id": "1", "language": "de", "scores": {"gpt": 0.8, "ds": 0.6}},
    {"id": "2", "language": "de", "scores": {"gpt": 0.4, "ds": 0.5}},
    {"id": "3", "language": "en", "scores": {"gpt": 1.0, "ds": 0.9}},
    {"id": "4", "language": "en", "scores": {"gpt": 0.2, "ds": 0.0}},
    {"id": "5", "language": "en", "scores": {"gpt": 0.5, "ds": 0.5}},
]
HUMAN = [{"id": "1", "score": 6}, {"id": "2", "scores": {"a": 4, "b": 6}}, {"id": "3", "score": 10},
         {"id": "4", "score": 0}, {"id": "6", "score": 5}]


def test_report_per_judge_and_language():
    r = A.score_agreement(rows(*JUDGED), rows(*HUMAN), human_scale=10)
    # pooled (min): 0.6, 0.4, 0.9, 0.0 vs human 0.6, 0.5 (mean of 4 and 6), 1.0, 0.0
    assert r["n"] == 4 and r["mae"] == pytest.approx((0 + 0.1 + 0.1 + 0) / 4, abs=1e-6)
    assert r["pearson_r"] == pytest.approx(A.pearson([0.6, 0.4, 0.9, 0.0], [0.6, 0.5, 1.0, 0.0]), abs=1e-6)
    assert r["judges"]["gpt"]["mae"] == pytest.approx((0.2 + 0.1 + 0 + 0.2) / 4, abs=1e-6)
    assert set(r["by_language"]) == {"de", "en"} and r["by_language"]["de"]["n"] == 2
    assert r["by_language"]["en"]["mae"] == pytest.approx(0.05, abs=1e-6)
    assert r["missing"] == {"judged_without_human": ["5"], "judged_without_scores": [], "human_without_judged": ["6"]}
    assert A.score_agreement(rows(*JUDGED), rows(*HUMAN), human_scale=10, pool="mean")["mae"] == pytest.approx(
        (0.1 + 0.05 + 0.05 + 0.1) / 4, abs=1e-6)


def test_errors_name_the_line():
    with pytest.raises(ScoreInputError, match=r"<input>:1 \(id '1'\): 'score' 6 is outside \[0, 1\]"):
        A.score_agreement(rows(*JUDGED), rows(*HUMAN))
    with pytest.raises(ScoreInputError, match="no human score: expected one of 'score', 'scores'"):
        A.score_agreement(rows(*JUDGED), rows({"id": "1", "grade": 1}))
    with pytest.raises(ScoreInputError, match="nothing to compare"):
        A.score_agreement(rows(*JUDGED), rows({"id": "9", "score": 1}))


def test_cli(tmp_path, capsys):
    from legalcite.cli import main

    j, h = tmp_path / "judged.jsonl", tmp_path / "human.jsonl"
    j.write_text("\n".join(json.dumps(x) for x in JUDGED))
    h.write_text("\n".join(json.dumps(x) for x in HUMAN))
    assert main(["score", "agreement", str(j), "--human", str(h), "--human-scale", "10", "--format", "table"]) == 0
    out = capsys.readouterr().out
    assert "ensemble (min)" in out and "language=en" in out and "gpt" in out
    assert main(["score", "agreement", str(j), "--human", str(h)]) == 2
    assert "human.jsonl:1 (id '1'): 'score' 6 is outside [0, 1]" in capsys.readouterr().err
