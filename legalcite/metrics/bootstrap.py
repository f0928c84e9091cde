"""Seeded nonparametric bootstrap over items: percentile intervals and standard errors of a mean.

Why our own: benchmark papers report error bars computed differently or not at all. Here one resampling
scheme serves every metric: ``B`` resamples of the item indices, drawn with ``random.Random(seed)``, the
same index draws for every column of one report (so the metrics' intervals are coherent). Standard library
only: a few thousand resamples of a few thousand items take well under a second.
"""
from __future__ import annotations

import math
import random
from typing import Mapping, Sequence

DEFAULT_SAMPLES = 1000
DEFAULT_SEED = 0


def resample_means(columns: Mapping[str, Sequence[float]], samples: int = DEFAULT_SAMPLES,
                   seed: int = DEFAULT_SEED, clusters: Sequence[object] | None = None) -> dict[str, list[float]]:
    """For each column, the mean of each of ``samples`` resamples (with replacement, size n) of the item
    indices. All columns must have the same length n; n = 0 gives empty lists.

    With ``clusters`` (one label per item, e.g. CrossLex's ``fact_group``), whole clusters are resampled
    (as many as there are) and each resample's mean is over the items they bring: items that share a fact
    pattern are not independent, and an item bootstrap would make the interval too narrow."""
    lengths = {len(v) for v in columns.values()}
    if len(lengths) > 1:
        raise ValueError(f"columns differ in length: {sorted(lengths)}")
    n = lengths.pop() if lengths else 0
    out: dict[str, list[float]] = {name: [] for name in columns}
    if n == 0 or samples <= 0:
        return out
    rng = random.Random(seed)
    cols = {name: list(map(float, v)) for name, v in columns.items()}
    if clusters is not None:
        if len(clusters) != n:
            raise ValueError("one cluster label per item")
        members: dict[object, list[int]] = {}
        for i, c in enumerate(clusters):
            members.setdefault(c, []).append(i)
        groups = list(members.values())
        sums = {name: [sum(v[i] for i in g) for g in groups] for name, v in cols.items()}
        sizes = [len(g) for g in groups]
        pick = range(len(groups))
        for _ in range(samples):
            idx = rng.choices(pick, k=len(groups))
            size = sum(map(sizes.__getitem__, idx))
            for name, gs in sums.items():
                out[name].append(sum(map(gs.__getitem__, idx)) / size)
        return out
    population = range(n)
    for _ in range(samples):
        idx = rng.choices(population, k=n)
        for name, v in cols.items():
            out[name].append(sum(map(v.__getitem__, idx)) / n)
    return out


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile (numpy's default, ``method='linear'``) of sorted values."""
    if not sorted_values:
        raise ValueError("no values")
    pos = (len(sorted_values) - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def percentile_ci(means: Sequence[float], level: float = 0.95) -> list[float] | None:
    """The percentile interval ``[q(α/2), q(1−α/2)]`` of the resample means; None without resamples."""
    if not means:
        return None
    s = sorted(means)
    a = (1.0 - level) / 2.0
    return [quantile(s, a), quantile(s, 1.0 - a)]


def standard_error(means: Sequence[float]) -> float | None:
    """The square root of the resample variance (denominator B − 1); None with fewer than 2 resamples."""
    if len(means) < 2:
        return None
    m = sum(means) / len(means)
    return math.sqrt(sum((x - m) ** 2 for x in means) / (len(means) - 1))


def intervals(columns: Mapping[str, Sequence[float]], samples: int = DEFAULT_SAMPLES,
              seed: int = DEFAULT_SEED, level: float = 0.95,
              clusters: Sequence[object] | None = None) -> dict[str, list[float] | None]:
    """Percentile intervals of the mean of each column, from one shared set of resamples."""
    means = resample_means(columns, samples, seed, clusters)
    return {name: percentile_ci(m, level) for name, m in means.items()}
