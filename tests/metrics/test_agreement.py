"""Judge vs human agreement (LEXam's validation of its judge ensemble): Pearson r, quadratic weighted kappa and
MAE (on 0–1 and 0–10) by hand, against scipy and scikit-learn, per judge and per language; incomplete judge rows;
the Alt-Test (ε, leave-one-out, Benjamini–Yekutieli) by hand and against scipy's t-test; and the CLI."""
from __future__ import annotations

import json
import math
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
    assert r["mae_10"] == pytest.approx(0.5, abs=1e-6)          # the same on the 0–10 scale: (0 + 1 + 1 + 0) / 4
    assert r["pearson_r"] == pytest.approx(A.pearson([0.6, 0.4, 0.9, 0.0], [0.6, 0.5, 1.0, 0.0]), abs=1e-6)
    assert r["judges"]["gpt"]["mae"] == pytest.approx((0.2 + 0.1 + 0 + 0.2) / 4, abs=1e-6)
    assert set(r["by_language"]) == {"de", "en"} and r["by_language"]["de"]["n"] == 2
    assert r["by_language"]["en"]["mae"] == pytest.approx(0.05, abs=1e-6)
    assert r["missing"] == {"judged_without_human": ["5"], "judged_without_scores": [], "human_without_judged": ["6"],
                            "out_of_range": []}
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


def test_incomplete_judge_rows_are_not_pooled_silently():
    judged = [*JUDGED[:3], {"id": "4", "language": "en", "scores": {"gpt": 0.2}}]   # ds missing for 4
    with pytest.raises(ScoreInputError, match=r"<input>:4 \(id '4'\): no score from ds"):
        A.score_agreement(rows(*judged), rows(*HUMAN), human_scale=10)
    r = A.score_agreement(rows(*judged), rows(*HUMAN), human_scale=10, require_all=False)
    # pooled (min) over what each line has: 0.6, 0.4, 0.9, 0.2 vs 0.6, 0.5, 1.0, 0.0 → MAE (0 + .1 + .1 + .2) / 4
    assert r["mae"] == pytest.approx(0.1, abs=1e-6) and r["require_all_judges"] is False


# Three annotators, four answers (on [0, 1]); "good" is closer to the others than each left-out annotator:
# leave out h1 (rest h2, h3): i1 h1 0.5 vs {0.5, 0.6}: MSE 0.005, good 0.5: 0.005 (a tie: both win, d = 0);
#   i2 0.02 vs good 0.6: 0.01; i3 0.02 vs 0.01; i4 0.02 vs 0.01 (good wins: d = −1) → d = [0, −1, −1, −1]
# leave out h2 (rest h1, h3): the same pattern → d = [0, −1, −1, −1]
# leave out h3 (rest h1, h2): good wins all four → d = [−1, −1, −1, −1]
# t-test of d against ε = 0.2 (H1: mean < ε): h1, h2: mean −0.75, s = 0.5, t = (−0.75 − 0.2) / (0.5 / 2) = −3.8,
#   3 df: p = 1/2 + (1/π)(u / (1 + u²) + atan u), u = t/√3 → 0.016002; h3: no spread, mean −1 < ε → p = 0
# Benjamini–Yekutieli at α = 0.05, m = 3, H_3 = 11/6: thresholds k/3 · 0.05 / (11/6) = 0.00909, 0.01818, 0.02727;
#   sorted p 0, 0.016002, 0.016002 all under theirs → all three rejected: ω = 1, passed; ρ = mean(W_judge) = 1
# "bad" is further from the others than every annotator on every answer: d = [1, 1, 1, 1] → p = 1, ω = 0, ρ = 0
ANNOTATED = {"h1": [0.5, 0.5, 0.2, 1.0], "h2": [0.5, 0.7, 0.2, 0.8], "h3": [0.6, 0.5, 0.4, 1.0]}
GOOD, BAD = [0.5, 0.6, 0.3, 0.9], [0.0, 0.0, 1.0, 0.0]


def _humans():
    return {h: {f"i{k}": v for k, v in enumerate(vals, 1)} for h, vals in ANNOTATED.items()}


def test_alt_test_by_hand():
    good = A.alt_test({f"i{k}": v for k, v in enumerate(GOOD, 1)}, _humans(), epsilon=0.2, alpha=0.05, min_items=4)
    p = 0.5 + (-3.8 / 3 ** 0.5 / (1 + 3.8 ** 2 / 3) + math.atan(-3.8 / 3 ** 0.5)) / math.pi
    assert p == pytest.approx(0.016002, abs=1e-6)
    a = good["annotators"]
    assert a["h1"]["p_value"] == pytest.approx(p, abs=1e-9) and a["h2"]["p_value"] == pytest.approx(p, abs=1e-9)
    assert a["h3"]["p_value"] == 0.0 and all(v["rejected"] for v in a.values())
    assert (a["h1"]["judge_wins"], a["h1"]["annotator_wins"]) == (1.0, 0.25)     # the tie on i1 counts for both
    assert (good["winning_rate"], good["advantage_probability"], good["passed"]) == (1.0, 1.0, True)
    bad = A.alt_test({f"i{k}": v for k, v in enumerate(BAD, 1)}, _humans(), epsilon=0.2, min_items=4)
    assert (bad["winning_rate"], bad["advantage_probability"], bad["passed"]) == (0.0, 0.0, False)
    assert all(v["p_value"] == 1.0 and not v["rejected"] for v in bad["annotators"].values())
    # ε is the judge's allowance: at ε = −0.8 the annotator's mean advantage −0.75 is no longer below it for h1, h2
    # (t = (−0.75 + 0.8) / 0.25 = 0.2 → p ≈ 0.57), only h3 (mean −1) is rejected: ω = 1/3, failed
    strict = A.alt_test({f"i{k}": v for k, v in enumerate(GOOD, 1)}, _humans(), epsilon=-0.8, min_items=4)
    assert strict["winning_rate"] == pytest.approx(1 / 3, abs=1e-6) and strict["passed"] is False
    # an annotator with fewer usable answers than min_items is skipped and listed; none left is an error
    with pytest.raises(ScoreInputError, match="no annotator has 30 answers"):
        A.alt_test({f"i{k}": v for k, v in enumerate(GOOD, 1)}, _humans())


@pytest.mark.parametrize("p, rejected", [
    # m = 3, q = 0.05, H_3 = 11/6: thresholds 0.00909, 0.01818, 0.02727 (Benjamini–Hochberg's: 0.0167, 0.0333, 0.05)
    ([0.001, 0.017, 0.5], [True, True, False]),
    ([0.01, 0.02, 0.04], [False, False, False]),        # BH would reject all three; BY, under dependence, none
    ([0.5, 0.02, 0.0], [False, False, True]),           # rank 2 (0.02 > 0.01818) stops it; rank 1 stands
    ([0.009, 0.009, 0.009], [True, True, True]),        # the step-up: the largest rank under its threshold counts
    ([], []),
])
def test_benjamini_yekutieli_by_hand(p, rejected):
    assert A.benjamini_yekutieli(p, 0.05) == rejected


@pytest.mark.parametrize("seed", range(3))
def test_t_test_matches_scipy(seed):
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = random.Random(seed)
    for _ in range(40):
        d = [rng.choice([-1.0, 0.0, 0.0, 1.0]) for _ in range(rng.randint(3, 60))]
        eps = rng.choice([0.1, 0.15, 0.2, -0.3])
        if len(set(d)) > 1:
            ref = scipy_stats.ttest_1samp(d, eps, alternative="less").pvalue
            assert A.ttest_less(d, eps) == pytest.approx(ref, abs=1e-10)


def _judged_and_human():
    judged = [{"id": f"i{k}", "scores": {"good": g, "bad": b}} for k, (g, b) in enumerate(zip(GOOD, BAD), 1)]
    human = [{"id": f"i{k}", "scores": {h: ANNOTATED[h][k - 1] for h in ANNOTATED}} for k in range(1, 5)]
    return judged, human


def test_alt_test_through_score_agreement_and_cli(tmp_path, capsys):
    judged, human = _judged_and_human()
    r = A.score_agreement(rows(*judged), rows(*human), alt=True, min_items=4, epsilon=0.2)
    t = r["alt_test"]
    assert t["annotators"] == ["h1", "h2", "h3"] and (t["epsilons"], t["alpha"], t["scoring"]) == ([0.2], 0.05,
                                                                                                     "neg_rmse")
    at = t["by_epsilon"]["0.2"]
    assert at["judges"]["good"]["passed"] is True and at["judges"]["bad"]["passed"] is False
    # the ensemble is the pooled (min) score: min(good, bad) = bad here, so it fails with bad
    assert at["ensemble"] == A.alt_test({f"i{k}": min(g, b) for k, (g, b) in enumerate(zip(GOOD, BAD), 1)},
                                        _humans(), min_items=4, epsilon=0.2)
    with pytest.raises(ScoreInputError, match="needs each annotator named"):
        A.score_agreement(rows(*judged), rows({"id": "i1", "scores": [0.5, 0.6]}), alt=True)
    from legalcite.cli import main

    j, h = tmp_path / "judged.jsonl", tmp_path / "human.jsonl"
    j.write_text("\n".join(json.dumps(x) for x in judged))
    h.write_text("\n".join(json.dumps(x) for x in human))
    assert main(["score", "agreement", str(j), "--human", str(h), "--alt-test", "--min-items", "4",
                 "--epsilon", "0", "0.2", "--format", "table"]) == 0
    out = capsys.readouterr().out
    assert "Alt-Test ε=0 " in out and "Alt-Test ε=0.2" in out and "ω=1.00" in out and "ω=0.33" in out
    assert "passed" in out and "failed" in out and "constant 0.5" in out and "h1 vs h2" in out


# ---------------------------------------------------------------- issue 34: ε = 0, baselines, experts, judge ranges

def test_alt_test_default_epsilon_is_lexams_zero_and_both_levels_are_reported():
    # LEXam: "m=3 experts, n=50 items, and ε=0" (§5.2). With ε = 0, h1 and h2 (d = 0, −1, −1, −1: mean −0.75,
    # s = 0.5, t = −0.75 / 0.25 = −3 on 3 df) have p = 1/2 + (1/π)(u / (1 + u²) + atan u), u = −√3:
    # 1/2 − 0.433013/π − 1/3 = 0.028834; h3 p = 0. BY thresholds 0.00909, 0.01818, 0.02727: 0.028834 is above the
    # second and the third, so only h3 is rejected: ω = 1/3, failed. At ε = 0.2 all three are (ω = 1, passed).
    assert A.DEFAULT_EPSILON == 0.0
    good = {f"i{k}": v for k, v in enumerate(GOOD, 1)}
    at0 = A.alt_test(good, _humans(), min_items=4)
    p = 0.5 + (-(3 ** 0.5) / 4 + math.atan(-(3 ** 0.5))) / math.pi
    assert p == pytest.approx(0.028834, abs=1e-6)
    assert at0["annotators"]["h1"]["p_value"] == pytest.approx(p, abs=1e-9)
    assert [at0["annotators"][h]["rejected"] for h in ("h1", "h2", "h3")] == [False, False, True]
    assert (at0["winning_rate"], at0["passed"]) == (pytest.approx(1 / 3, abs=1e-6), False)
    judged, human = _judged_and_human()
    r = A.score_agreement(rows(*judged), rows(*human), alt=True, min_items=4, epsilon=[0, 0.2])
    by = r["alt_test"]["by_epsilon"]
    assert list(by) == ["0", "0.2"] and r["alt_test"]["epsilons"] == [0.0, 0.2]
    assert by["0"]["judges"]["good"]["winning_rate"] == pytest.approx(1 / 3, abs=1e-6)
    assert by["0"]["judges"]["good"]["passed"] is False and by["0.2"]["judges"]["good"]["passed"] is True
    default = A.score_agreement(rows(*judged), rows(*human), alt=True, min_items=4)
    assert list(default["alt_test"]["by_epsilon"]) == ["0"]


def test_constant_score_baselines_by_hand():
    # a judge that scores every answer 0.5, against h1 = (.5, .5, .2, 1), h2 = (.5, .7, .2, .8), h3 = (.6, .5, .4, 1):
    # leave out h1 (rest h2, h3): i1 MSE .005 vs .005 (tie, d 0); i2 .02 vs .02 (tie, d 0); i3 h1 .02 vs 0.5's .05
    #   (d 1); i4 .02 vs .17 (d 1) → d = (0, 0, 1, 1), mean 0.5
    # leave out h2: i1 tie (0); i2 h2 .04 vs 0.5's 0 (the constant wins, −1); i3 (1); i4 (1) → mean 0.25
    # leave out h3: i1 h3 .01 vs 0 (−1); i2 tie (0); i3 (1); i4 (1) → mean 0.25
    # every mean(d) is above ε = 0: no p below 1/2, nothing rejected → ω = 0, failed; W_judge = (1, 1, 0, 0) for
    # each annotator → ρ = 0.5
    judged, human = _judged_and_human()
    r = A.score_agreement(rows(*judged), rows(*human), alt=True, min_items=4)
    t = r["alt_test"]
    assert t["baselines"] == {"0": 0.0, "0.5": 0.5, "1": 1.0, "mean": pytest.approx(6.9 / 12, abs=1e-6)}
    half = t["by_epsilon"]["0"]["baselines"]["0.5"]
    assert (half["winning_rate"], half["advantage_probability"], half["passed"]) == (0.0, 0.5, False)
    assert {h: v["annotator_wins"] - v["judge_wins"] for h, v in half["annotators"].items()} == {
        "h1": 0.5, "h2": 0.25, "h3": 0.25}
    assert not any(v["passed"] for v in t["by_epsilon"]["0"]["baselines"].values())
    assert A.score_agreement(rows(*judged), rows(*human), alt=True, min_items=4, baselines=["0.25"])[
        "alt_test"]["baselines"] == {"0.25": 0.25}
    with pytest.raises(ValueError, match="a baseline is a score on \\[0, 1\\] or 'mean'"):
        A.constant_baselines(["2"], _humans())


def test_pairwise_expert_agreement_by_hand():
    # h1 vs h2: (.5, .5), (.5, .7), (.2, .2), (1, .8): MAE (0 + .2 + 0 + .2) / 4 = 0.1; both means .55;
    # Sxy = .0025 − .0075 + .1225 + .1125 = .23, Sxx = .33, Syy = .21 → r = .23 / √(.33 × .21)
    judged, human = _judged_and_human()
    e = A.score_agreement(rows(*judged), rows(*human))["annotator_agreement"]
    assert e["annotators"] == ["h1", "h2", "h3"] and list(e["pairs"]) == ["h1 vs h2", "h1 vs h3", "h2 vs h3"]
    h12 = e["pairs"]["h1 vs h2"]
    assert h12["n"] == 4 and h12["mae"] == pytest.approx(0.1, abs=1e-6) and h12["mae_10"] == pytest.approx(1.0)
    assert h12["pearson_r"] == pytest.approx(0.23 / (0.33 * 0.21) ** 0.5, abs=1e-6)
    # h1 vs h3: |0.1|, 0, |0.2|, 0 → 0.075; h2 vs h3: .1, .2, .2, .2 → 0.175; mean (0.1 + 0.075 + 0.175) / 3
    assert e["mean"]["mae"] == pytest.approx(0.35 / 3, abs=1e-6)
    # HUMAN names two annotators on one answer only (a 4, b 6 of 10): one pair, n = 1, MAE 0.2, r undefined
    one = A.score_agreement(rows(*JUDGED), rows(*HUMAN), human_scale=10)["annotator_agreement"]
    assert one["pairs"]["a vs b"]["n"] == 1 and one["pairs"]["a vs b"]["mae"] == pytest.approx(0.2)
    assert one["mean"]["pearson_r"] is None
    # one score per line (no annotator named): nothing to compare among experts
    single = [{"id": h["id"], "score": h.get("score", 5)} for h in HUMAN]
    assert A.score_agreement(rows(*JUDGED), rows(*single), human_scale=10)["annotator_agreement"] is None


def test_judge_scores_outside_the_scale_are_unscored_and_listed():
    # the same file `score mcq --open` reads: a judge's 7 on the 0–1 scale is no score, in every command
    judged = [{"id": "1", "scores": {"gpt": 7, "ds": 0.6}}, *JUDGED[1:4]]
    with pytest.raises(ScoreInputError, match=r"<input>:1 \(id '1'\): no score from gpt \(gpt wrote 7, outside 0–1\)"):
        A.score_agreement(rows(*judged), rows(*HUMAN), human_scale=10)
    r = A.score_agreement(rows(*judged), rows(*HUMAN), human_scale=10, require_all=False)
    assert r["missing"]["out_of_range"] == [{"id": "1", "line": 1, "judge": "gpt", "score": 7}]
    # pooled over ds alone on line 1: 0.6, then 0.4, 0.9, 0.0 vs 0.6, 0.5, 1.0, 0.0 → MAE 0.05
    assert r["mae"] == pytest.approx(0.05, abs=1e-6) and r["judges"]["gpt"]["n"] == 3
