"""LexGenius: item accuracy rolled up ability → task → dimension, and the option-shuffle protocol.

The taxonomy is the user's file (JSON or YAML): ``{dimension: {task: [ability, ...]}}``, optionally under a
top-level ``dimensions`` key. Each level's ``accuracy`` is the mean of its children's (macro); ``micro_accuracy``
is the mean over its items. Shuffling writes permuted copies of each item with the answer remapped; scoring
(:func:`legalcite.metrics.lexam.score_mcq`) averages an item's copies. Formulas: ``docs/metrics.md``.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics import bootstrap as _bs
from legalcite.metrics.io import Row, ScoreInputError, label_index, option_label, read_rows, rounded, row_id

OPTION_FIELDS = ("options", "choices")
_PREFIX = re.compile(r"^(\s*)([A-Z]{1,2})(\s*[.．、:：)）])")

# ---------------------------------------------------------------- shuffle protocol


def _options_field(item: dict[str, Any]) -> str:
    for f in OPTION_FIELDS:
        if isinstance(item.get(f), list) and item[f]:
            return f
    raise ScoreInputError(f"item {item.get('id', '?')!r} has no option list ({' or '.join(OPTION_FIELDS)})")


def _lettered(options: Sequence[Any]) -> bool:
    """Options printed with their own letters (``A. …``, ``B、…``) in order: these get relabelled."""
    return all(isinstance(o, str) and (m := _PREFIX.match(o)) and m.group(2) == option_label(i)
               for i, o in enumerate(options))


def _relabel(option: str, index: int) -> str:
    return _PREFIX.sub(lambda m: f"{m.group(1)}{option_label(index)}{m.group(3)}", option, count=1)


def _remap_label(value: str, n: int, new_of_old: dict[int, int]) -> str | None:
    """An answer label after the permutation. One label of the item (``C``; ``AB`` on an item of more than 26
    options) maps to its new label; with at most 26 options a string of several letters is a set of answers
    (``AC``) and maps letter by letter, sorted. None when ``value`` is not a label of this item."""
    s = value.strip().upper()
    i = label_index(s)
    if i is not None and i < n:
        return option_label(new_of_old[i])
    if n <= 26 and len(s) > 1 and all("A" <= ch <= option_label(n - 1) for ch in s):
        return "".join(sorted(option_label(new_of_old[ord(ch) - 65]) for ch in s))
    return None


def permute(item: dict[str, Any], perm: Sequence[int]) -> dict[str, Any]:
    """The item with options reordered so that new position ``i`` holds old option ``perm[i]``; the answer
    fields (``answer`` letters, ``gold_letter``, 0-based ``gold``) remapped; lettered options relabelled."""
    f = _options_field(item)
    old = item[f]
    if sorted(perm) != list(range(len(old))):
        raise ValueError(f"not a permutation of {len(old)} options: {perm}")
    new_of_old = {o: n for n, o in enumerate(perm)}
    out = dict(item)
    lettered = _lettered(old)
    out[f] = [_relabel(old[o], n) if lettered else old[o] for n, o in enumerate(perm)]
    for name in ("answer", "gold_letter"):
        v = item.get(name)
        if isinstance(v, str) and v.strip() and (new := _remap_label(v, len(old), new_of_old)) is not None:
            out[name] = new
    g = item.get("gold")
    if isinstance(g, int) and not isinstance(g, bool) and 0 <= g < len(old):
        out["gold"] = new_of_old[g]
    return out


def shuffle_item(item: dict[str, Any], seed: int, copy: int | None = None) -> dict[str, Any]:
    """A permuted copy of one item: the permutation is drawn from ``random.Random(f"{seed}:{id}")``, so each
    item's copy depends only on the seed and its id. The copy records ``copy`` and ``permutation``."""
    f = _options_field(item)
    iid = item.get("id")
    if iid in (None, ""):
        iid = f"{item.get('ability')}:{item.get('index_in_file')}" if "index_in_file" in item else None
    if iid is None:
        raise ScoreInputError("an item to shuffle needs an id (or ability and index_in_file)")
    perm = list(range(len(item[f])))
    random.Random(f"{seed}:{iid}").shuffle(perm)
    out = permute(item, perm)  # the id is not added: row_id() derives LexGenius ids the same way
    out["copy"] = seed if copy is None else copy
    out["permutation"] = perm
    return out


def unshuffle_item(copy: dict[str, Any]) -> dict[str, Any]:
    """The original item back from a shuffled copy (inverse permutation; ``copy``/``permutation`` removed)."""
    perm = copy["permutation"]
    inverse = [0] * len(perm)
    for n, o in enumerate(perm):
        inverse[o] = n
    out = permute({k: v for k, v in copy.items() if k not in ("copy", "permutation")}, inverse)
    return out


def shuffle(items: Iterable[dict[str, Any]], seeds: int = 2, seed_base: int = 0) -> Iterator[dict[str, Any]]:
    """``seeds`` permuted copies of every item (seeds ``seed_base … seed_base+seeds−1``), copy by copy."""
    items = list(items)
    for s in range(seed_base, seed_base + seeds):
        for it in items:
            yield shuffle_item(it, s)


# ---------------------------------------------------------------- taxonomy roll-up


def load_taxonomy(path: str | Path) -> dict[str, dict[str, list[str]]]:
    """``{dimension: {task: [ability, ...]}}`` from JSON or YAML (abilities as strings)."""
    p = Path(path)
    if not p.is_file():
        raise ScoreInputError(f"no such taxonomy file: {path}")
    text = p.read_text(encoding="utf-8")
    if p.suffix.lower() in (".yaml", ".yml"):
        try:
            import yaml
        except ImportError:
            raise ScoreInputError("a YAML taxonomy needs PyYAML (pip install pyyaml), or give it as JSON") from None
        data = yaml.safe_load(text)
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ScoreInputError(f"{path}: not valid JSON ({e.msg})") from None
    return normalize_taxonomy(data, str(path))


def normalize_taxonomy(data: Any, where: str = "taxonomy") -> dict[str, dict[str, list[str]]]:
    if isinstance(data, dict) and set(data) == {"dimensions"}:
        data = data["dimensions"]
    if not isinstance(data, dict) or not data:
        raise ScoreInputError(f"{where}: expected {{dimension: {{task: [ability, ...]}}}}")
    out: dict[str, dict[str, list[str]]] = {}
    seen: dict[str, str] = {}
    for dim, tasks in data.items():
        if not isinstance(tasks, dict):
            raise ScoreInputError(f"{where}: dimension {dim!r} must map task names to ability lists")
        out[str(dim)] = {}
        for task, abilities in tasks.items():
            if not isinstance(abilities, list):
                raise ScoreInputError(f"{where}: task {task!r} must list its abilities")
            out[str(dim)][str(task)] = [str(a) for a in abilities]
            for a in abilities:
                if str(a) in seen:
                    raise ScoreInputError(f"{where}: ability {a!r} is under both {seen[str(a)]!r} and {task!r}")
                seen[str(a)] = str(task)
    return out


def _mean(v: Sequence[float]) -> float | None:
    return sum(v) / len(v) if v else None


def rollup(item_scores: dict[str, tuple[float, str | None]], taxonomy: dict[str, dict[str, list[str]]]
           ) -> dict[str, Any]:
    """``item_scores``: id → (score in [0, 1], ability). Abilities without items are listed in ``empty`` and
    left out of the means; items whose ability the taxonomy lacks are listed in ``unmapped``."""
    by_ability: dict[str, list[float]] = {}
    unmapped: list[str] = []
    known = {a for tasks in taxonomy.values() for abl in tasks.values() for a in abl}
    for iid, (s, ability) in item_scores.items():
        if ability is None or str(ability) not in known:
            unmapped.append(iid)
        else:
            by_ability.setdefault(str(ability), []).append(s)
    empty: list[str] = []
    dims: dict[str, Any] = {}
    for dim, tasks in taxonomy.items():
        tout: dict[str, Any] = {}
        for task, abilities in tasks.items():
            aout: dict[str, Any] = {}
            for a in abilities:
                v = by_ability.get(a, [])
                if not v:
                    empty.append(a)
                aout[a] = {"n": len(v), "accuracy": rounded(_mean(v))}
            accs = [by_ability[a] for a in abilities if by_ability.get(a)]
            tout[task] = {"n": sum(map(len, accs)), "accuracy": rounded(_mean([_mean(v) for v in accs])),
                          "micro_accuracy": rounded(_mean([x for v in accs for x in v])), "abilities": aout}
        t_acc = [t["accuracy"] for t in tout.values() if t["accuracy"] is not None]
        dims[dim] = {"n": sum(t["n"] for t in tout.values()), "accuracy": rounded(_mean(t_acc)),
                     "micro_accuracy": rounded(_mean([x for a in (abl for t in tasks.values() for abl in t)
                                                      for x in by_ability.get(a, [])])),
                     "tasks": tout}
    d_acc = [d["accuracy"] for d in dims.values() if d["accuracy"] is not None]
    mapped = [x for v in by_ability.values() for x in v]
    return {"accuracy": rounded(_mean(d_acc)), "micro_accuracy": rounded(_mean(mapped)), "n_mapped": len(mapped),
            "dimensions": dims, "empty_abilities": empty, "unmapped": sorted(unmapped)}


def score_hierarchy(responses: str | Sequence[Row], taxonomy: str | dict[str, Any],
                    gold: str | Sequence[Row] | None = None, *, rule: str = "marker", pattern: str | None = None,
                    samples: int = _bs.DEFAULT_SAMPLES, seed: int = _bs.DEFAULT_SEED) -> dict[str, Any]:
    """Item scores (copies averaged, missing = wrong) by :func:`legalcite.metrics.lexam.score_mcq_items`, or a
    row's own ``correct`` (0/1 or a share) when it gives one; rolled up by the taxonomy."""
    from legalcite.metrics.lexam import item_score, score_mcq_items

    tax = load_taxonomy(taxonomy) if isinstance(taxonomy, (str, Path)) else normalize_taxonomy(taxonomy)
    resp = read_rows(responses) if isinstance(responses, str) else list(responses)
    g = (read_rows(gold) if isinstance(gold, str) else list(gold)) if gold is not None else None
    missing: dict[str, Any] = {}
    scores: dict[str, tuple[float, str | None]] = {}
    if g is None and resp and all("correct" in r.data for r in resp):
        per: dict[str, list[float]] = {}
        ability: dict[str, Any] = {}
        for r in resp:
            c = r.data["correct"]
            if isinstance(c, bool) or isinstance(c, (int, float)):
                per.setdefault(row_id(r), []).append(float(c))
            else:
                raise ScoreInputError(f"{r.where()}: 'correct' must be a number or boolean")
            ability[row_id(r)] = r.data.get("ability")
        scores = {i: (sum(v) / len(v), ability[i]) for i, v in per.items()}
    else:
        items, missing = score_mcq_items(resp, g, rule=rule, pattern=pattern)
        scores = {i: (item_score(it), it["row"].data.get("ability")) for i, it in items.items()}
    out = {"metric": "lexgenius_hierarchy", "schema": SCHEMA_VERSION, "n": len(scores),
           "item_accuracy": rounded(_mean([s for s, _ in scores.values()]))}
    means = _bs.resample_means({"a": [s for s, _ in scores.values()]}, samples, seed)["a"]
    out["item_accuracy_se"] = rounded(_bs.standard_error(means))
    out.update(rollup(scores, tax))
    out["bootstrap"] = {"samples": samples, "seed": seed}
    out["missing"] = missing
    return out
