"""CrossLex's leakage-free split: every item of a fact group in one split, train/dev/test 70/10/20 by default.

Why by group: CrossLex asks the same facts as T1, T2 and T3 variants ("all T1/T2/T3 variants of a fact group in one
split"); a split by item puts the facts of a test item into training, and a model fitted there has seen the test.
So whole groups are dealt out:

1. Items are grouped by ``fact_group`` (``group_field``); an item without one is a group of its own (counted).
2. The groups, sorted by name, are shuffled with ``random.Random(seed)``, then ordered by size, largest first (a
   stable sort: among groups of one size the shuffle decides), so that small groups fill what large ones leave.
3. Each group in turn goes to the split furthest below its target (target = items × its proportion; the largest
   ``target − items so far``; a tie goes to the split named first), so the sizes come as close to the proportions as
   whole groups allow.

:func:`check` reads an existing split and lists every fact group (and every id) found in more than one part.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from legalcite.metrics.io import Row, ScoreInputError, rounded, row_id

DEFAULT_NAMES = ("train", "dev", "test")
DEFAULT_PROPORTIONS = (70.0, 10.0, 20.0)
GROUP_FIELD = "fact_group"


def group_of(row: Row, field: str = GROUP_FIELD) -> str | None:
    """An item's fact group: the value of ``field`` as a string; None when the item has none."""
    g = row.data.get(field)
    if g is None or g == "":
        return None
    if isinstance(g, (dict, list, bool)):
        raise ScoreInputError(f"{row.where()}: {field!r} must be a group name, not {g!r}")
    return str(g)


def parse_proportions(text: str | Sequence[float], n: int) -> list[float]:
    """``"70,10,20"`` (or ``"0.7,0.1,0.2"``) → the proportions, one per split name; each ≥ 0, their sum > 0."""
    parts = [p.strip() for p in text.split(",")] if isinstance(text, str) else list(text)
    try:
        vals = [float(p) for p in parts]
    except ValueError:
        raise ValueError(f"proportions must be numbers separated by commas, not {text!r}") from None
    if len(vals) != n:
        raise ValueError(f"{len(vals)} proportions for {n} splits")
    if any(v < 0 for v in vals) or sum(vals) <= 0:
        raise ValueError(f"proportions must be ≥ 0 with a positive sum, not {text!r}")
    return vals


def make_split(rows: Sequence[Row], *, proportions: Sequence[float] = DEFAULT_PROPORTIONS,
               names: Sequence[str] = DEFAULT_NAMES, seed: int = 0, field: str = GROUP_FIELD
               ) -> tuple[dict[str, list[Row]], dict[str, Any]]:
    """``({split: rows in input order}, summary)``. Whole fact groups are dealt out as the module says."""
    if len(names) != len(proportions) or len(set(names)) != len(names):
        raise ValueError("one proportion per split, and split names must differ")
    if not rows:
        raise ScoreInputError("no item: the file has no line, so there is nothing to split")
    seen: dict[str, Row] = {}
    groups: dict[str, list[Row]] = {}
    ungrouped = 0
    for r in rows:
        i = row_id(r)
        if i in seen:
            raise ScoreInputError(f"{r.where()}: the id of line {seen[i].line} again (each item once)")
        seen[i] = r
        g = group_of(r, field)
        if g is None:
            ungrouped += 1
            g = f"\0{i}"  # its own group, named apart from any real one
        groups.setdefault(g, []).append(r)
    order = sorted(groups)
    random.Random(seed).shuffle(order)
    order.sort(key=lambda g: -len(groups[g]))
    total = sum(proportions)
    targets = [len(rows) * p / total for p in proportions]
    counts = [0] * len(names)
    placed: dict[str, int] = {}
    for g in order:
        k = max(range(len(names)), key=lambda s: (targets[s] - counts[s], -s))
        placed[g] = k
        counts[k] += len(groups[g])
    parts: dict[str, list[Row]] = {n: [] for n in names}
    for r in rows:
        g = group_of(r, field)
        parts[names[placed[g if g is not None else f"\0{row_id(r)}"]]].append(r)
    summary = {
        "metric": "split", "seed": seed, "group_field": field, "n_items": len(rows), "n_groups": len(groups),
        "ungrouped_items": ungrouped,
        "proportions": {n: rounded(p / total) for n, p in zip(names, proportions)},
        "splits": {n: {"items": counts[k], "groups": sum(1 for g in placed if placed[g] == k),
                       "share": rounded(counts[k] / len(rows))} for k, n in enumerate(names)},
    }
    return parts, summary


def check(parts: dict[str, Sequence[Row]], *, field: str = GROUP_FIELD) -> dict[str, Any]:
    """Leakage of an existing split: every fact group with items in more than one part, and every id in more than
    one part, each occurrence as ``file:line``. ``leakage`` is true when there is any."""
    where_group: dict[str, dict[str, list[str]]] = {}
    where_id: dict[str, dict[str, list[str]]] = {}
    sizes: dict[str, dict[str, Any]] = {}  # part → items, groups, share (None without items)
    for name, rows in parts.items():
        groups = set()
        for r in rows:
            place = f"{r.source}:{r.line}"
            g = group_of(r, field)
            if g is not None:
                groups.add(g)
                where_group.setdefault(g, {}).setdefault(name, []).append(place)
            where_id.setdefault(row_id(r), {}).setdefault(name, []).append(place)
        sizes[name] = {"items": len(rows), "groups": len(groups)}
    total = sum(s["items"] for s in sizes.values())
    for s in sizes.values():
        s["share"] = rounded(s["items"] / total) if total else None
    leaking = [{"group": g, "splits": w} for g, w in sorted(where_group.items()) if len(w) > 1]
    shared = [{"id": i, "splits": w} for i, w in sorted(where_id.items()) if len(w) > 1]
    return {"metric": "split_check", "group_field": field, "splits": sizes, "leakage": bool(leaking or shared),
            "leaking_groups": leaking, "shared_ids": shared}


__all__ = ["make_split", "check", "parse_proportions", "group_of", "DEFAULT_NAMES", "DEFAULT_PROPORTIONS",
           "GROUP_FIELD"]
