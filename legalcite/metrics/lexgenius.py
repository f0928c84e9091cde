"""LexGenius: item accuracy rolled up ability → task → dimension, and the option-shuffle protocol.

The taxonomy is LexGenius's own (7 dimensions, 11 tasks, 20 abilities; shipped as package data, built from the
paper's tables) or the user's file (JSON or YAML): ``{dimension: {task: [ability, ...]}}``, optionally under a
top-level ``dimensions`` key. Each level's ``accuracy`` is the mean of its children's (macro); ``micro_accuracy``
is the mean over its items; ``task_average`` is the mean of the tasks' scores (LexGenius reports the 11-task average
beside the 7 dimensions, and the two differ because dimensions hold different numbers of tasks). Shuffling writes
permuted copies of each item with the answer remapped; scoring (:func:`legalcite.metrics.lexam.score_mcq`) averages an
item's copies. Formulas: ``docs/metrics.md``.
"""
from __future__ import annotations

from importlib import resources
import json
import random
import re
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics import bootstrap as _bs
from legalcite.metrics.io import Row, ScoreInputError, label_index, option_label, rounded, row_id, rows_of
from legalcite.metrics.lexam import item_score, score_mcq_items

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

TAXONOMY_DATA = "lexgenius_taxonomy.json"
# Top-level keys of a taxonomy file that describe it rather than name a dimension.
_TAXONOMY_META = {"about", "source", "generated_by", "inferred", "abilities", "scoring", "paper_reference_rows",
                  "tasks", "task_names"}


def taxonomy_from_paper(paper: dict[str, Any]) -> dict[str, Any]:
    """The shipped taxonomy file from the paper's tables as ``../shared/testdata/lexgenius_taxonomy.json`` gives
    them (dimensions with task ids, tasks with ability ids and an ``inferred`` flag, ability names, reference
    rows): ``{"dimensions": {dimension name: {"Task N": [ability, …]}}, "inferred": {"Task N": bool}, …}``.
    ``scripts/build_lexgenius_taxonomy.py`` writes it; a test checks the shipped copy against a fresh build."""
    tasks = {t["id"]: t for t in paper["tasks"]}
    dims: dict[str, dict[str, list[str]]] = {}
    for d in sorted(paper["dimensions"], key=lambda d: d["id"]):
        dims[d["name"]] = {f"Task {t}": [str(a) for a in tasks[t]["abilities"]] for t in d["tasks"]}
    return {
        "about": paper.get("about", ""),
        "source": "LexGenius paper (Dimension-Task-Ability framework), via ../shared/testdata/lexgenius_taxonomy.json",
        "generated_by": "scripts/build_lexgenius_taxonomy.py",
        "dimensions": dims,
        "inferred": {f"Task {t['id']}": bool(t.get("inferred")) for t in sorted(tasks.values(), key=lambda t: t["id"])},
        "abilities": paper.get("abilities", {}),
        "scoring": paper.get("scoring", ""),
        "paper_reference_rows": paper.get("paper_reference_rows", {}),
    }


def shipped_taxonomy() -> dict[str, Any]:
    """The LexGenius taxonomy shipped with legalcite (package data), with its provenance and flags."""
    with resources.files("legalcite.metrics").joinpath(TAXONOMY_DATA).open("rb") as fh:
        return json.load(fh)


def load_taxonomy(path: str | Path | None = None) -> dict[str, dict[str, list[str]]]:
    """``{dimension: {task: [ability, ...]}}`` from JSON or YAML (abilities as strings); the shipped LexGenius
    taxonomy when ``path`` is None."""
    if path is None:
        return normalize_taxonomy(shipped_taxonomy(), TAXONOMY_DATA)
    p = Path(path)
    if not p.is_file():
        raise ScoreInputError(f"no such taxonomy file: {path}")
    text = p.read_text(encoding="utf-8")
    if p.suffix.lower() in (".yaml", ".yml"):
        try:
            import yaml  # PyYAML: optional (bench extra)
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
    """``{dimension: {task: [ability]}}``; also accepted: that under ``dimensions`` beside descriptive keys
    (the shipped file), and the paper format of the shared test data (dimensions as a list with task ids)."""
    if isinstance(data, dict) and isinstance(data.get("dimensions"), list) and isinstance(data.get("tasks"), list):
        data = taxonomy_from_paper(data)
    if (isinstance(data, dict) and isinstance(data.get("dimensions"), dict)
            and set(data) - {"dimensions"} <= _TAXONOMY_META):
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
    left out of the means; items whose ability the taxonomy lacks are listed in ``unmapped``. Every mean is
    taken over its children's unrounded values; only the report rounds (to 6 decimals)."""
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
    dim_acc: list[float] = []
    for dim, tasks in taxonomy.items():
        tout: dict[str, Any] = {}
        task_acc: list[float] = []
        for task, abilities in tasks.items():
            aout: dict[str, Any] = {}
            for a in abilities:
                v = by_ability.get(a, [])
                if not v:
                    empty.append(a)
                aout[a] = {"n": len(v), "accuracy": rounded(_mean(v))}
            scored = [by_ability[a] for a in abilities if by_ability.get(a)]
            acc = _mean([m for v in scored if (m := _mean(v)) is not None])  # every v has scores: each mean is there
            if acc is not None:
                task_acc.append(acc)
            tout[task] = {"n": sum(map(len, scored)), "accuracy": rounded(acc),
                          "micro_accuracy": rounded(_mean([x for v in scored for x in v])), "abilities": aout}
        acc = _mean(task_acc)
        if acc is not None:
            dim_acc.append(acc)
        dims[dim] = {"n": sum(t["n"] for t in tout.values()), "accuracy": rounded(acc),
                     "micro_accuracy": rounded(_mean([x for a in (abl for t in tasks.values() for abl in t)
                                                      for x in by_ability.get(a, [])])),
                     "tasks": tout}
    mapped = [x for v in by_ability.values() for x in v]
    all_tasks = [acc for tasks in taxonomy.values() for abilities in tasks.values()
                 if (acc := _mean([m for a in abilities
                                   if (m := _mean(by_ability.get(a, []))) is not None])) is not None]
    return {"accuracy": rounded(_mean(dim_acc)), "task_average": rounded(_mean(all_tasks)), "n_tasks": len(all_tasks),
            "micro_accuracy": rounded(_mean(mapped)), "n_mapped": len(mapped),
            "dimensions": dims, "empty_abilities": empty, "unmapped": sorted(unmapped)}


def score_hierarchy(responses: str | Sequence[Row], taxonomy: str | Path | dict[str, Any] | None = None,
                    gold: str | Sequence[Row] | None = None, *, rule: str = "marker", pattern: str | None = None,
                    samples: int = _bs.DEFAULT_SAMPLES, seed: int = _bs.DEFAULT_SEED) -> dict[str, Any]:
    """Item scores (copies averaged, missing = wrong) by :func:`legalcite.metrics.lexam.score_mcq_items`, or a
    row's own ``correct`` (0/1 or a share) when it gives one; rolled up by the taxonomy (default: the shipped
    LexGenius taxonomy)."""
    tax = normalize_taxonomy(taxonomy) if isinstance(taxonomy, dict) else load_taxonomy(taxonomy)
    resp = rows_of(responses)
    g = rows_of(gold) if gold is not None else None
    missing: dict[str, Any] = {}
    scores: dict[str, tuple[float, str | None]] = {}
    if g is None and resp and all("correct" in r.data for r in resp):
        per: dict[str, list[float]] = {}
        ability: dict[str, Any] = {}
        for r in resp:
            c = r.data["correct"]
            if isinstance(c, (bool, int, float)) and 0 <= c <= 1:
                per.setdefault(row_id(r), []).append(float(c))
            else:
                raise ScoreInputError(f"{r.where()}: 'correct' must be a boolean or a share in [0, 1], not {c!r}")
            ability[row_id(r)] = r.data.get("ability")
        scores = {i: (sum(v) / len(v), ability[i]) for i, v in per.items()}
    else:
        items, missing = score_mcq_items(resp, g, rule=rule, pattern=pattern)
        scores = {i: (item_score(it), it["row"].data.get("ability")) for i, it in items.items()}
    if not scores:
        raise ScoreInputError("no item to score: the input has no line")
    out = {"metric": "lexgenius_hierarchy", "schema": SCHEMA_VERSION, "n": len(scores),
           "item_accuracy": rounded(_mean([s for s, _ in scores.values()]))}
    means = _bs.resample_means({"a": [s for s, _ in scores.values()]}, samples, seed)["a"]
    out["item_accuracy_se"] = rounded(_bs.standard_error(means))
    out.update(rollup(scores, tax))
    out["bootstrap"] = {"samples": samples, "seed": seed}
    out["missing"] = missing
    return out
