"""Agreement between judge scores and human (expert) scores: Pearson r, quadratic weighted kappa, MAE.

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
- MAE: the mean absolute difference of the paired scores (on the [0, 1] scale).
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics.io import Row, ScoreInputError, expected_fields, rounded, row_id, rows_of

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
    return math.fsum(abs(a - b) for a, b in zip(x, y)) / len(x) if x else None


def agreement(judge: Sequence[float], human: Sequence[float], levels: int = DEFAULT_LEVELS) -> dict[str, Any]:
    """``{"n", "pearson_r", "qwk", "mae"}`` of paired [0, 1] scores."""
    return {"n": len(judge), "pearson_r": rounded(pearson(judge, human)),
            "qwk": rounded(quadratic_weighted_kappa([category(s, levels) for s in judge],
                                                    [category(s, levels) for s in human], levels)),
            "mae": rounded(mae(judge, human))}


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


def score_agreement(judged: Any, human: Any, *, pool: str = "min", levels: int = DEFAULT_LEVELS,
                    human_scale: float = 1.0) -> dict[str, Any]:
    """Agreement of the pooled judge ensemble (``pool``, default min) and of each judge with the human scores,
    over the ids both files have, overall and per ``language`` (from either file)."""
    from legalcite.metrics.lexam import POOLS, judge_scores

    if pool not in POOLS:
        raise ValueError(f"pool must be one of {sorted(POOLS)}")
    if levels < 2:
        raise ValueError("levels must be at least 2")
    jrows, hrows = rows_of(judged), rows_of(human)
    humans: dict[str, tuple[float, str | None]] = {}
    for r in hrows:
        lang = r.data.get("language")
        humans.setdefault(row_id(r), (human_score(r, human_scale), lang if isinstance(lang, str) else None))
    pairs: list[dict[str, Any]] = []
    judges: list[str] = []
    only_judged, no_scores, judged_ids = [], [], set()
    for r in jrows:
        scores = judge_scores(r)
        for j, s in scores.items():
            _number(s, r.where(), f"judge {j!r} score", 1.0)
            if j not in judges:
                judges.append(j)
        i = row_id(r)
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
                              "human_scale": human_scale}
    report.update(block(pairs))
    langs = sorted({p["language"] for p in pairs}, key=lambda x: (x is None, x or ""))
    report["by_language"] = {lang or "(none)": block([p for p in pairs if p["language"] == lang]) for lang in langs}
    report["missing"] = {"judged_without_human": only_judged, "judged_without_scores": no_scores,
                         "human_without_judged": [i for i in humans if i not in judged_ids]}
    return report


__all__ = ["pearson", "quadratic_weighted_kappa", "mae", "category", "agreement", "score_agreement",
           "human_score"]
