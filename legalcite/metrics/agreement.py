"""Agreement between judge scores and human (expert) scores: Pearson r, quadratic weighted kappa, MAE, and the
alternative annotator test (Alt-Test).

LEXam validates its LLM-judge ensemble by how well it agrees with legal experts grading the same answers. This
module computes that test for any judged file (``legalcite judge`` output: per answer the judges' ``scores``) against
a file of human scores, for the pooled ensemble and for each judge alone, overall and per language. Standard
library only (the tests check r and QWK against scipy and scikit-learn).

- Pearson r: the sample correlation of the paired scores; undefined (None) when either side is constant.
- Quadratic weighted kappa: both scores are put on the judge's scale of ``levels`` steps (default 11: 0.0, 0.1,
  …, 1.0; a score becomes category ``round(score × (levels − 1))``), then
  ``κ = 1 − Σ w·O / Σ w·E`` with ``w[i][j] = (i − j)² / (levels − 1)²``, ``O`` the confusion counts and ``E`` the
  counts expected from the two marginals. Every category of the scale counts, present or not (scikit-learn's
  ``cohen_kappa_score(..., weights="quadratic", labels=range(levels))``). Undefined when ``Σ w·E = 0``.
- MAE: the mean absolute difference of the paired scores, on the [0, 1] scale (``mae``) and on the 0–10 scale the
  seed reports (``mae_10`` = 10 × ``mae``).
- Alt-Test (Calderon, Reichart and Dror 2025, "The Alternative Annotator Test for LLM-as-a-Judge", ACL, and its
  reference code; LEXam's judge validation): with several human annotators per answer, each annotator in turn is
  left out, and the judge and the left-out annotator are each compared with the remaining annotators (alignment:
  negative RMSE, or accuracy on the scale's categories). Per answer, ``W_judge = 1[judge ≥ annotator]`` and
  ``W_h = 1[annotator ≥ judge]`` in alignment; a one-sided one-sample t-test of ``d = W_h − W_judge`` against ε
  (H0: mean(d) ≥ ε, the annotator's advantage outweighs the judge's lower cost; LEXam: ε = 0, the default) gives
  one p-value per annotator; the Benjamini–Yekutieli procedure at level α decides which are rejected. The winning
  rate ω is the share of annotators rejected; the judge passes when ω ≥ 0.5. The advantage probability ρ is the
  mean over annotators of mean(W_judge). Several ε can be tested at once; constant-score judges (0, 0.5, 1, the
  annotators' mean) are tested beside the real ones as a baseline that must fail.
- The annotators' agreement with each other, pair by pair (r, QWK, MAE): the reliability of the ground truth.

Standard library only (the t distribution through the regularized incomplete beta function); the tests check the
p-values against ``scipy.stats.ttest_1samp``.
"""
from __future__ import annotations

from fractions import Fraction
import functools
import math
from typing import Any, Sequence

from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics.io import Row, ScoreInputError, expected_fields, rounded, row_id, rows_of
from legalcite.metrics.lexam import POOLS, ensemble_rows

DEFAULT_LEVELS = 11


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Pearson's r of paired values; None with fewer than 2 pairs or a constant side."""
    n = len(x)
    if n != len(y):
        raise ValueError("pearson: the two sides differ in length")
    if n < 2:
        return None
    mx, my = math.fsum(x) / n, math.fsum(y) / n
    sxy = math.fsum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = math.fsum((a - mx) ** 2 for a in x)
    syy = math.fsum((b - my) ** 2 for b in y)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def category(score: float, levels: int = DEFAULT_LEVELS) -> int:
    """The step of a [0, 1] score on a scale of ``levels`` steps (half up: 0.05 → 1 of 11)."""
    return int(math.floor(score * (levels - 1) + 0.5 + 1e-9))


def quadratic_weighted_kappa(a: Sequence[int], b: Sequence[int], levels: int) -> float | None:
    """QWK of two ratings on categories ``0 … levels−1``; None when undefined (no expected disagreement)."""
    n = len(a)
    if n != len(b):
        raise ValueError("qwk: the two sides differ in length")
    if n == 0 or levels < 2:
        return None
    observed = [[0] * levels for _ in range(levels)]
    for i, j in zip(a, b):
        if not (0 <= i < levels and 0 <= j < levels):
            raise ValueError(f"qwk: category outside 0…{levels - 1}: {i}, {j}")
        observed[i][j] += 1
    ha = [sum(row) for row in observed]
    hb = [sum(observed[i][j] for i in range(levels)) for j in range(levels)]
    num = den = 0.0
    for i in range(levels):
        for j in range(levels):
            w = (i - j) ** 2 / (levels - 1) ** 2
            num += w * observed[i][j]
            den += w * ha[i] * hb[j] / n
    return None if den == 0 else 1.0 - num / den


def mae(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Mean absolute difference of paired scores (``x`` and ``y`` equally long); None when there is no pair."""
    return math.fsum(abs(a - b) for a, b in zip(x, y)) / len(x) if x else None


def agreement(judge: Sequence[float], human: Sequence[float], levels: int = DEFAULT_LEVELS) -> dict[str, Any]:
    """``{"n", "pearson_r", "qwk", "mae", "mae_10"}`` of paired [0, 1] scores (``mae_10``: on the 0–10 scale)."""
    m = mae(judge, human)
    return {"n": len(judge), "pearson_r": rounded(pearson(judge, human)),
            "qwk": rounded(quadratic_weighted_kappa([category(s, levels) for s in judge],
                                                    [category(s, levels) for s in human], levels)),
            "mae": rounded(m), "mae_10": rounded(None if m is None else 10 * m)}


# ---------------------------------------------------------------- the alternative annotator test

ALT_SCORINGS = ("neg_rmse", "accuracy")
# LEXam ran the Alt-Test with "m=3 experts, n=50 items, and ε=0" (§5.2) and reports a second tolerance level in its
# appendix (G.4); 0.2 is Calderon et al.'s rule of thumb for expert annotators (skilled 0.15, crowd 0.1).
DEFAULT_EPSILON = 0.0
DEFAULT_ALPHA = 0.05       # the false discovery rate of the Benjamini–Yekutieli procedure
DEFAULT_MIN_ITEMS = 30     # per annotator, for the t-test's normal approximation (Calderon et al.)


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T ≤ t) for Student's t with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 0.0 if t < 0 else 1.0
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t * t))
    return tail if t < 0 else 1.0 - tail


def ttest_less(values: Sequence[float], popmean: float) -> float:
    """The p-value of a one-sample t-test of H0: mean ≥ ``popmean`` against H1: mean < ``popmean`` (scipy's
    ``ttest_1samp(values, popmean, alternative="less")``). With no spread the test is decided by the mean alone:
    p = 0 below ``popmean``, 1 otherwise; fewer than two values give 1 (nothing can be rejected)."""
    n = len(values)
    if n < 2:
        return 1.0
    m = math.fsum(values) / n
    var = math.fsum((v - m) ** 2 for v in values) / (n - 1)
    if var == 0.0:
        return 0.0 if m < popmean else 1.0
    return t_cdf((m - popmean) / math.sqrt(var / n), n - 1)


def benjamini_yekutieli(p_values: Sequence[float], q: float) -> list[bool]:
    """Which hypotheses the Benjamini–Yekutieli step-up procedure rejects at false discovery rate ``q``: the k
    smallest p-values, k the largest rank with p_(k) ≤ k / m · q / H_m (H_m = 1 + 1/2 + … + 1/m)."""
    m = len(p_values)
    if not m:
        return []
    h = math.fsum(1.0 / k for k in range(1, m + 1))
    order = sorted(range(m), key=lambda i: p_values[i])
    k = 0
    for rank, i in enumerate(order, 1):
        if p_values[i] <= rank / m * q / h:
            k = rank
    rejected = [False] * m
    for i in order[:k]:
        rejected[i] = True
    return rejected


def _alignment(scoring: str, levels: int):
    """How well one score represents the others: negative RMSE (compared as mean squared error, exactly, so equal
    distances tie), or the share of equal categories on the ``levels`` scale."""
    if scoring == "neg_rmse":
        def neg_mse(x: float, others: Sequence[float]) -> Fraction:
            fx = Fraction(repr(x))
            return -sum(((fx - Fraction(repr(o))) ** 2 for o in others), Fraction(0)) / len(others)
        return neg_mse
    if scoring == "accuracy":
        def acc(x: float, others: Sequence[float]) -> Fraction:
            return Fraction(sum(category(x, levels) == category(o, levels) for o in others), len(others))
        return acc
    raise ValueError(f"scoring must be one of {ALT_SCORINGS}, not {scoring!r}")


def alt_test(judge: dict[str, float], humans: dict[str, dict[str, float]], *, epsilon: float = DEFAULT_EPSILON,
             alpha: float = DEFAULT_ALPHA, scoring: str = "neg_rmse", levels: int = DEFAULT_LEVELS,
             min_items: int = DEFAULT_MIN_ITEMS) -> dict[str, Any]:
    """The Alt-Test of one judge (``{item: score}``) against annotators (``{annotator: {item: score}}``), all on
    [0, 1]. Items need the judge's score and at least two annotators; an annotator with fewer than ``min_items``
    such items is skipped (listed). Returns ``winning_rate``, ``advantage_probability``, ``passed`` and, per
    annotator, ``n``, ``p_value``, ``rejected``, ``judge_wins`` (mean W_judge) and ``annotator_wins`` (mean W_h)."""
    align = _alignment(scoring, levels)
    by_item: dict[str, list[str]] = {}
    for h, anns in humans.items():
        for i in anns:
            by_item.setdefault(i, []).append(h)
    usable = {i for i, hs in by_item.items() if len(hs) >= 2 and i in judge}
    per: dict[str, dict[str, Any]] = {}
    skipped: dict[str, int] = {}
    for h, anns in humans.items():
        items = sorted(i for i in anns if i in usable)
        if len(items) < min_items:
            skipped[h] = len(items)
            continue
        w_judge, w_h = [], []
        for i in items:
            rest = [humans[o][i] for o in by_item[i] if o != h]
            a_h, a_j = align(anns[i], rest), align(judge[i], rest)
            w_judge.append(1.0 if a_j >= a_h else 0.0)
            w_h.append(1.0 if a_h >= a_j else 0.0)
        per[h] = {"n": len(items), "p_value": ttest_less([a - b for a, b in zip(w_h, w_judge)], epsilon),
                  "judge_wins": math.fsum(w_judge) / len(items), "annotator_wins": math.fsum(w_h) / len(items)}
    if not per:
        raise ScoreInputError(f"Alt-Test: no annotator has {min_items} answers that the judge and another annotator "
                              f"also scored (annotators and their usable answers: {skipped}); lower --min-items "
                              "only if you accept a t-test on so few answers")
    names = list(per)
    for h, rej in zip(names, benjamini_yekutieli([per[h]["p_value"] for h in names], alpha)):
        per[h]["rejected"] = rej
    omega = sum(per[h]["rejected"] for h in names) / len(names)
    rho = math.fsum(per[h]["judge_wins"] for h in names) / len(names)
    return {"winning_rate": rounded(omega), "advantage_probability": rounded(rho), "passed": omega >= 0.5,
            "n_items": len({i for h in names for i in humans[h] if i in usable}),
            "annotators": {h: {"n": v["n"], "p_value": rounded(v["p_value"], 12), "rejected": v["rejected"],
                               "judge_wins": rounded(v["judge_wins"]), "annotator_wins": rounded(v["annotator_wins"])}
                           for h, v in per.items()},
            "skipped_annotators": skipped}


def _number(v: Any, where: str, what: str, scale: float) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ScoreInputError(f"{where}: {what} must be a number, not {v!r}")
    s = v / scale
    if not 0 <= s <= 1:
        raise ScoreInputError(f"{where}: {what} {v!r} is outside [0, {scale:g}] (set the scale of human scores "
                              "with --human-scale)")
    return float(s)


def human_score(row: Row, scale: float = 1.0) -> float:
    """A human line's score: ``score``, or the mean of ``scores`` (several annotators: object or list)."""
    d = row.data
    if "score" in d:
        return _number(d["score"], row.where(), "'score'", scale)
    if "scores" in d:
        raw = d["scores"]
        vals = list(raw.values()) if isinstance(raw, dict) else raw if isinstance(raw, list) else None
        if not vals:
            raise ScoreInputError(f"{row.where()}: 'scores' must be a non-empty object or list of numbers")
        return math.fsum(_number(v, row.where(), "an annotator's score", scale) for v in vals) / len(vals)
    raise expected_fields(row, ("score", "scores"), "human score")


def human_annotations(row: Row, scale: float = 1.0) -> dict[str, float]:
    """A human line's scores by annotator, for the Alt-Test: ``scores`` as ``{annotator: score}``. A line with one
    unnamed ``score`` has no annotator to leave out (empty); a list of scores names none (an error)."""
    raw = row.data.get("scores")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ScoreInputError(f"{row.where()}: the Alt-Test needs each annotator named: 'scores' as "
                              "{annotator: score}, not a list")
    return {str(a): _number(v, row.where(), f"annotator {a!r}'s score", scale) for a, v in raw.items()}


def annotator_agreement(annotators: dict[str, dict[str, float]], levels: int = DEFAULT_LEVELS
                        ) -> dict[str, Any] | None:
    """The experts' agreement with each other, pair by pair (Calderon et al.: "report a measure of reliability for
    the human annotators", the ground the Alt-Test stands on): for each pair of annotators, Pearson r, quadratic
    weighted kappa and MAE over the answers both graded, and the mean of each over the pairs (a pair's undefined
    value left out). None with fewer than two named annotators."""
    names = sorted(annotators)
    if len(names) < 2:
        return None
    pairs: dict[str, dict[str, Any]] = {}
    for k, a in enumerate(names):
        for b in names[k + 1:]:
            both = sorted(set(annotators[a]) & set(annotators[b]))
            pairs[f"{a} vs {b}"] = agreement([annotators[a][i] for i in both], [annotators[b][i] for i in both],
                                             levels)
    mean: dict[str, Any] = {}
    for m in ("pearson_r", "qwk", "mae", "mae_10"):
        vals = [v[m] for v in pairs.values() if v[m] is not None]
        mean[m] = rounded(math.fsum(vals) / len(vals)) if vals else None
    return {"annotators": names, "pairs": pairs, "mean": mean}


BASELINES = ("0", "0.5", "1", "mean")
"""The constant-score judges of the Alt-Test's sanity check: a judge that gives every answer the same score must not
pass (LEXam's appendix G.5 runs such baselines). ``mean`` is the annotators' mean score."""


def constant_baselines(names: Sequence[str | float], annotators: dict[str, dict[str, float]]) -> dict[str, float]:
    """``{name: constant}`` for the baselines named (numbers on [0, 1], or ``mean``: the mean of every annotator
    score)."""
    out: dict[str, float] = {}
    for name in names:
        key = str(name).strip()
        if key == "mean":
            vals = [v for anns in annotators.values() for v in anns.values()]
            if vals:
                out["mean"] = math.fsum(vals) / len(vals)
            continue
        try:
            c = float(key)
        except ValueError:
            raise ValueError(f"a baseline is a score on [0, 1] or 'mean', not {name!r}") from None
        if not 0.0 <= c <= 1.0:
            raise ValueError(f"a baseline is a score on [0, 1] or 'mean', not {name!r}")
        out[f"{c:g}"] = c
    return out


def epsilon_key(epsilon: float) -> str:
    """How an ε names its block of the report (``0``, ``0.2``)."""
    return f"{epsilon:g}"


def score_agreement(judged: Any, human: Any, *, pool: str = "min", levels: int = DEFAULT_LEVELS,
                    human_scale: float = 1.0, require_all: bool = True, alt: bool = False,
                    epsilon: float | Sequence[float] = DEFAULT_EPSILON, alpha: float = DEFAULT_ALPHA,
                    alt_scoring: str = "neg_rmse", min_items: int = DEFAULT_MIN_ITEMS,
                    baselines: Sequence[str | float] = BASELINES) -> dict[str, Any]:
    """Agreement of the pooled judge ensemble (``pool``, default min) and of each judge with the human scores,
    over the ids both files have, overall and per ``language`` (from either file), and the annotators' agreement
    with each other (:func:`annotator_agreement`). ``require_all`` (default): a judged line without a score of every
    judge of the ensemble is an error, as in ``score mcq --open``; a judge score outside the scale is no score
    (:func:`legalcite.metrics.lexam.on_judge_scale`), listed under ``missing.out_of_range``. ``alt``: add the
    Alt-Test of the ensemble, of each judge and of the constant ``baselines`` against the annotators, at each
    ``epsilon`` (one value or several; LEXam's is 0), with ``alpha``, ``alt_scoring`` and ``min_items``."""
    if pool not in POOLS:
        raise ValueError(f"pool must be one of {sorted(POOLS)}")
    if levels < 2:
        raise ValueError("levels must be at least 2")
    if alt and alt_scoring not in ALT_SCORINGS:
        raise ValueError(f"alt_scoring must be one of {ALT_SCORINGS}, not {alt_scoring!r}")
    epsilons = [float(epsilon)] if isinstance(epsilon, (int, float)) else [float(e) for e in epsilon]
    if alt and not epsilons:
        raise ValueError("the Alt-Test needs at least one epsilon")
    jrows, hrows = rows_of(judged), rows_of(human)
    humans: dict[str, tuple[float, str | None]] = {}
    annotators: dict[str, dict[str, float]] = {}
    for r in hrows:
        lang = r.data.get("language")
        i = row_id(r)
        humans.setdefault(i, (human_score(r, human_scale), lang if isinstance(lang, str) else None))
        if alt or isinstance(r.data.get("scores"), dict):
            for a, v in human_annotations(r, human_scale).items():
                annotators.setdefault(a, {}).setdefault(i, v)
    ens = ensemble_rows(jrows, require_all=require_all)
    judges = ens.judges
    pairs: list[dict[str, Any]] = []
    only_judged, no_scores, judged_ids = [], [], set()
    for r, i, scores in ens.lines:
        judged_ids.add(i)
        if i not in humans:
            only_judged.append(i)
            continue
        if not scores:
            no_scores.append(i)
            continue
        h, hlang = humans[i]
        lang = r.data.get("language") if isinstance(r.data.get("language"), str) else hlang
        pairs.append({"id": i, "language": lang, "human": h, "pooled": float(POOLS[pool](list(scores.values()))),
                      "scores": scores})
    if not pairs:
        raise ScoreInputError("no id has both a judged score and a human score: nothing to compare")

    def block(sub: list[dict[str, Any]]) -> dict[str, Any]:
        out = agreement([p["pooled"] for p in sub], [p["human"] for p in sub], levels)
        out["judges"] = {}
        for j in judges:
            have = [p for p in sub if j in p["scores"]]
            out["judges"][j] = agreement([p["scores"][j] for p in have], [p["human"] for p in have], levels)
        return out

    report: dict[str, Any] = {"metric": "judge_agreement", "schema": SCHEMA_VERSION, "pool": pool, "levels": levels,
                              "human_scale": human_scale, "require_all_judges": require_all}
    report.update(block(pairs))
    langs = sorted({p["language"] for p in pairs}, key=lambda x: (x is None, x or ""))
    report["by_language"] = {lang or "(none)": block([p for p in pairs if p["language"] == lang]) for lang in langs}
    report["annotator_agreement"] = annotator_agreement(annotators, levels)
    report["missing"] = {"judged_without_human": only_judged, "judged_without_scores": no_scores,
                         "human_without_judged": [i for i in humans if i not in judged_ids],
                         "out_of_range": ens.out_of_range}
    if alt:
        constants = constant_baselines(baselines, annotators)
        ids = [p["id"] for p in pairs]
        report["alt_test"] = {"epsilons": epsilons, "alpha": alpha, "scoring": alt_scoring, "min_items": min_items,
                              "annotators": sorted(annotators),
                              "baselines": {name: rounded(c) for name, c in constants.items()}, "by_epsilon": {}}
        for eps in epsilons:
            test = functools.partial(alt_test, humans=annotators, epsilon=eps, alpha=alpha, scoring=alt_scoring,
                                     levels=levels, min_items=min_items)
            report["alt_test"]["by_epsilon"][epsilon_key(eps)] = {
                "ensemble": test({p["id"]: p["pooled"] for p in pairs}),
                "judges": {j: test({p["id"]: p["scores"][j] for p in pairs if j in p["scores"]}) for j in judges},
                "baselines": {name: test(dict.fromkeys(ids, c)) for name, c in constants.items()},
            }
    return report


__all__ = ["pearson", "quadratic_weighted_kappa", "mae", "category", "agreement", "score_agreement",
           "annotator_agreement", "constant_baselines", "BASELINES", "epsilon_key",
           "human_score", "human_annotations", "alt_test", "ttest_less", "t_cdf", "betainc",
           "benjamini_yekutieli", "ALT_SCORINGS"]
