"""CrossLex: answer accuracy, Citation-F1 on canonical keys and the grounded joint score (GJ).

Per item: ``correct = 1[ŷ = y]`` (T3: the whole jurisdiction → conclusion mapping), Citation-F1 "between the
predicted and gold normalized citation sets" (default: the canonical keys compared exactly, as CrossLex defines
it; ``level="compatible"`` takes LexAssay's precision rule instead, one key a segment prefix of the other; ``unit``
and ``work`` cut the keys with ``key_at`` first), and ``GJ = correct × F1``. T2/T3 items cite several
jurisdictions: their Citation-F1 is also reported per jurisdiction, on the keys of that jurisdiction. A citation
without a key is compared as its normalised string (the benchmark's own identifiers match themselves), and a key map
turns the benchmark's identifiers into canonical keys on both sides. N is the
number of gold items: a gold id without a prediction scores 0; a prediction whose id is not in gold is listed,
not scored; an empty gold file is an error. Formulas and schema: ``docs/metrics.md``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from legalcite.jurisdictions import lookup as jurisdiction_code, names_of
from legalcite.keys import compatible, key_at
from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics import bootstrap as _bs
from legalcite.metrics.io import (KeyResolver, Row, ScoreInputError, extract_answer, index_rows, is_string_token,
                                  load_key_map, norm_label, parse_mapping, rounded, row_id, rows_of, string_token)

MAPPING_TASKS = frozenset({"T3"})
# Tasks whose items cite several jurisdictions at once: their Citation-F1 is also split by jurisdiction.
MULTI_JURISDICTION_TASKS = frozenset({"T2", "T3"})
# Citation-F1 levels: ``full`` compares whole keys exactly (CrossLex: "between the predicted and gold normalized
# citation sets"); ``compatible`` by the prefix rule; ``unit``/``work`` truncate, then compare.
LEVELS = ("full", "compatible", "unit", "work")
DEFAULT_LEVEL = "full"
# What a level other than CrossLex's own does, printed in every report made with it.
LEVEL_NOTES = {
    "full": None,
    "compatible": "Citation-F1 with --level compatible: a less precise key counts as a match (LexAssay's precision "
                  "rule: § 823 BGB for § 823 Abs. 1 BGB), not CrossLex's exact canonical keys",
    "unit": "Citation-F1 with --level unit: keys cut to the provision (§/Art./条/section) before comparing, so a "
            "wrong paragraph counts as right; not CrossLex's exact canonical keys",
    "work": "Citation-F1 with --level work: keys cut to the law before comparing, so any provision of the right "
            "law counts; not CrossLex's exact canonical keys",
}


def consistent(a: str, b: str) -> bool:
    """LexAssay's precision rule between two tokens: two keys when one is a segment prefix of the other
    (:func:`legalcite.keys.compatible`); a citation without a key (a normalised string) only when equal."""
    return a == b if is_string_token(a) or is_string_token(b) else compatible(a, b)


def matched(pred: Iterable[str], gold: Iterable[str], match: Callable[[str, str], bool] = consistent) -> int:
    """The size of a maximum one-to-one matching between predicted and gold keys under ``match``: each gold key
    is credited to at most one predicted key and each predicted key to at most one gold key, so ``§ 823 BGB`` and
    ``§ 823 Abs. 1 BGB`` predicted for one gold ``§ 823 Abs. 1 BGB`` make one hit, not two. With equality as
    ``match`` this is ``|pred ∩ gold|``. Augmenting paths (Kuhn); the sets of one item are small."""
    gold_sorted = sorted(gold)
    edges = {p: [g for g in gold_sorted if match(p, g)] for p in sorted(pred)}
    owner: dict[str, str] = {}

    def augment(p: str, seen: set[str]) -> bool:
        for g in edges[p]:
            if g not in seen:
                seen.add(g)
                if g not in owner or augment(owner[g], seen):
                    owner[g] = p
                    return True
        return False

    return sum(augment(p, set()) for p in edges)


def prf(pred: set[str], gold: set[str], matching: str = "exact") -> tuple[float, float, float]:
    """Precision, recall and F1 of two key sets; both empty → (1, 1, 1), exactly one empty → F1 0.
    ``matching``: ``exact`` (CrossLex) or ``compatible`` (one key a segment prefix of the other, one-to-one)."""
    if not pred and not gold:
        return 1.0, 1.0, 1.0
    if matching == "exact":
        hit = len(pred & gold)
    elif matching == "compatible":
        hit = matched(pred, gold)
    else:
        raise ValueError(f"matching must be 'compatible' or 'exact', not {matching!r}")
    p = hit / len(pred) if pred else 0.0
    r = hit / len(gold) if gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def citation_f1(pred: Iterable[str], gold: Iterable[str], matching: str = "exact") -> float:
    """Citation-F1 of two collections of keys (already truncated when ``matching`` is ``exact``)."""
    return prf(set(pred), set(gold), matching)[2]


def _key_level(level: str) -> tuple[str, str]:
    """(key_at level the keys are cut to, matching) of a Citation-F1 level."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}, not {level!r}")
    return ("full", "compatible") if level == "compatible" else (level, "exact")


@dataclass
class Item:
    """One gold item. ``status``: ``scored``, or ``missing_pred`` (no prediction for its id: scores 0)."""

    id: str
    task: str | None
    correct: float
    precision: float
    recall: float
    f1: float
    status: str = "scored"
    jurisdiction: str | None = None
    domain: str | None = None
    bindings: list[tuple[str, bool]] = field(default_factory=list)
    pred_answer: Any = None
    gold_keys: list[str] = field(default_factory=list)
    pred_keys: list[str] = field(default_factory=list)
    cluster: str | None = None  # the gold fact_group
    # T2/T3 items: (P, R, F1) on the keys of each jurisdiction the item involves (see split_by_jurisdiction)
    per_jurisdiction: dict[str, tuple[float, float, float]] | None = None

    @property
    def gj(self) -> float:
        """The grounded joint score: answer correctness times citation F1 (a right answer with wrong citations scores
        0)."""
        return self.correct * self.f1

    def to_dict(self) -> dict[str, Any]:
        """The item's line of the per-item output: scores rounded, bindings and per-jurisdiction F1 as None when there
        are none."""
        return {
            "id": self.id, "task": self.task, "status": self.status, "correct": self.correct,
            "citation_precision": rounded(self.precision), "citation_recall": rounded(self.recall),
            "citation_f1": rounded(self.f1), "grounded_joint": rounded(self.gj),
            "jurisdiction": self.jurisdiction, "domain": self.domain, "fact_group": self.cluster,
            "pred_answer": self.pred_answer,
            "bindings": {j: ok for j, ok in self.bindings} or None,
            "gold_keys": self.gold_keys, "pred_keys": self.pred_keys,
            "citation_f1_by_jurisdiction": None if self.per_jurisdiction is None else
            {j: rounded(f) for j, (_, _, f) in self.per_jurisdiction.items()},
        }


def _is_mapping_task(task: str | None, gold_answer: Any) -> bool:
    return task in MAPPING_TASKS or isinstance(gold_answer, dict)


def judge_answer(task: str | None, pred: Any, gold: Any) -> tuple[float, list[tuple[str, bool]]]:
    """``(correct, bindings)``. For a mapping task ``bindings`` lists each gold jurisdiction and whether the
    prediction assigns it the gold conclusion; ``correct`` needs the whole mapping equal (no extra keys)."""
    if _is_mapping_task(task, gold):
        g = parse_mapping(gold)
        if g is None:
            raise ScoreInputError(f"a {task} gold answer must be a jurisdiction → conclusion object: {gold!r}")
        p = parse_mapping(pred) if pred is not None else None
        bindings = [(j, p is not None and p.get(j) == v) for j, v in sorted(g.items())]
        return float(p == g), bindings
    gold_label, pred_label = norm_label(gold), norm_label(pred)
    return float(pred_label is not None and pred_label == gold_label), []


def jurisdiction_label(key: str) -> str | None:
    """The benchmark's label of a key's jurisdiction (``de/…`` → ``DE``, ``us-ca/…`` → ``CA``: the shortest name
    the registry knows it by, :func:`legalcite.jurisdictions.names_of`, else the code upper-cased); None for a token
    that is not a key (an unparseable citation)."""
    if not key or is_string_token(key) or "/" not in key:
        return None
    code = key.split("/", 1)[0]
    names = names_of(code)
    return (min(names, key=len) if names else code).upper()


def split_by_jurisdiction(pred: set[str], gold: set[str], jurisdictions: Iterable[str], matching: str,
                          missing: bool = False) -> dict[str, tuple[float, float, float]]:
    """(P, R, F1) per jurisdiction of a multi-jurisdiction item: the predicted and gold keys of jurisdiction J
    compared as :func:`prf` compares whole sets (both empty → 1). J ranges over ``jurisdictions`` (the item's own:
    its T3 mapping, its ``jurisdictions`` field) and every jurisdiction a gold or predicted key names, so a key of
    a jurisdiction the item does not ask about costs precision there. Keys that match never differ in jurisdiction,
    so the split loses no hit; tokens without a key count only in the item's overall F1. ``missing``: the item has
    no prediction, every J scores 0."""
    by: dict[str, tuple[set[str], set[str]]] = {str(j).strip().upper(): (set(), set()) for j in jurisdictions}
    for side, keys in ((0, pred), (1, gold)):
        for k in keys:
            j = jurisdiction_label(k)
            if j is not None:
                by.setdefault(j, (set(), set()))[side].add(k)
    if missing:
        return {j: (0.0, 0.0, 0.0) for j in sorted(by)}
    return {j: prf(p, g, matching) for j, (p, g) in sorted(by.items())}


def _item_jurisdictions(g: Row, gold_answer: Any) -> list[str]:
    """The jurisdictions a T2/T3 item asks about: the keys of its T3 mapping and its ``jurisdictions`` field."""
    out = list(parse_mapping(gold_answer) or {}) if isinstance(gold_answer, dict) else []
    js = g.data.get("jurisdictions")
    if isinstance(js, str):
        js = [js]
    if js is not None and not (isinstance(js, list) and all(isinstance(j, str) for j in js)):
        raise ScoreInputError(f"{g.where()}: 'jurisdictions' must be a list of jurisdiction names, not {js!r}")
    return out + [j.strip().upper() for j in js or () if j.strip()]


def _extract_keys(text: str, extract: Callable[..., list], resolver: KeyResolver, item: str,
                  level: str, hint: str | None) -> set[str]:
    """Citations of a free-text output, by :func:`legalcite.extract`; a citation without a key is reported."""
    h = jurisdiction_code(hint)
    out: set[str] = set()
    for c in extract(text, jurisdiction=h) if h else extract(text):
        if c.key is None:
            resolver.unparsed.append({"id": item, "side": "pred", "citation": c.text,
                                      "error": "citation without a key (work or jurisdiction unresolved)",
                                      "compared_as": string_token(c.text)})
            out.add(string_token(c.text))
        else:
            out.add(key_at(c.key, level))
    return out


def predicted_keys(p: Row, output: str | None, *, resolver: KeyResolver, extract: Callable[..., list] | None,
                   item: str, level: str, jurisdiction: str | None) -> set[str]:
    """The key set of a prediction line: its ``citations``, else the citations :func:`legalcite.extract` finds in
    its free-text ``output``, else none."""
    if "citations" in p.data:
        return resolver.key_set(p.data["citations"], item=item, side="pred", level=level, jurisdiction=jurisdiction)
    if not isinstance(output, str):
        return set()
    if extract is None:
        from legalcite.pipeline import extract as pipeline_extract  # heavy: the extraction stack, only for free text

        extract = pipeline_extract
    return _extract_keys(output, extract, resolver, item, level, jurisdiction)


def _citations(row: Row) -> None:
    """``citations`` must be a list (of strings or ``{"citation"|"key"|"text": …}`` objects), one string, or absent."""
    c = row.data.get("citations")
    if c is not None and not isinstance(c, (list, str)):
        raise ScoreInputError(f"{row.where()}: 'citations' must be a list of citation strings, not {c!r}")


def prediction(p: Row, rule: str, pattern: str | None) -> tuple[Any, str | None]:
    """``(answer, output)`` of a prediction line: ``answer`` as given, else taken from the free-text ``output``."""
    output = p.data.get("output")
    if output is not None and not isinstance(output, str):
        raise ScoreInputError(f"{p.where()}: 'output' must be a string (the model's text), not {output!r}")
    _citations(p)
    if "answer" in p.data:
        answer = p.data["answer"]
        if isinstance(answer, (bool, float, list)):
            raise ScoreInputError(f"{p.where()}: 'answer' must be an option label or a jurisdiction → conclusion "
                                  f"object, not {answer!r}")
        return answer, output
    if output is None:
        raise ScoreInputError(f"{p.where()}: a prediction needs 'answer' or 'output' (the line has "
                              f"{', '.join(map(repr, sorted(p.data)))})")
    return extract_answer(output, rule, pattern), output


def score_items(gold: Sequence[Row], pred: Sequence[Row], *, level: str = DEFAULT_LEVEL, rule: str = "marker",
                pattern: str | None = None, resolver: KeyResolver | None = None,
                extract: Callable[..., list] | None = None) -> tuple[list[Item], dict[str, Any]]:
    """Score every gold id (a missing prediction scores 0); predictions for ids not in gold are listed in the
    ``missing`` report but not scored: "N is the number of evaluated instances" (the gold items)."""
    resolver = resolver or KeyResolver()
    cut, matching = _key_level(level)
    if not gold:
        raise ScoreInputError("no gold items: the gold file has no line, so there is nothing to score")
    gold_by, gold_dups = index_rows(gold, what="gold")
    if gold_dups:
        raise ScoreInputError(f"duplicate gold ids: {[d['id'] for d in gold_dups]}")
    pred_by, pred_dups = index_rows(pred, what="pred")
    preds: dict[str, tuple[Any, str | None]] = {}
    for r in pred:  # every line is checked, also those that will not be scored (ids not in gold, repeats)
        preds.setdefault(row_id(r), prediction(r, rule, pattern))
    items: list[Item] = []
    missing_pred: list[str] = []
    for gid, g in gold_by.items():
        task = g.need("task")
        if not isinstance(task, str) or not task.strip():
            raise ScoreInputError(f"{g.where()}: 'task' must be T1, T2 or T3, not {task!r}")
        task = task.strip().upper()
        gold_answer = g.need("answer")
        if not isinstance(gold_answer, (str, int, dict)) or isinstance(gold_answer, bool):
            raise ScoreInputError(f"{g.where()}: 'answer' must be an option label or (T3) a jurisdiction → "
                                  f"conclusion object, not {gold_answer!r}")
        _citations(g)
        jur = g.data.get("jurisdiction")
        jur = str(jur).strip().upper() if jur not in (None, "") else None
        dom = g.data.get("domain")
        dom = str(dom) if dom not in (None, "") else None
        fg = g.data.get("fact_group")
        fg = str(fg) if fg not in (None, "") else None
        gk = resolver.key_set(g.data.get("citations"), item=gid, side="gold", level=cut, jurisdiction=jur)
        multi = _item_jurisdictions(g, gold_answer) if task in MULTI_JURISDICTION_TASKS else None
        p = pred_by.get(gid)
        if p is None:
            missing_pred.append(gid)
            _, bindings = judge_answer(task, None, gold_answer)
            items.append(Item(gid, task, 0.0, 0.0, 0.0, 0.0, "missing_pred", jur, dom, bindings,
                              gold_keys=sorted(gk), cluster=fg,
                              per_jurisdiction=None if multi is None else
                              split_by_jurisdiction(set(), gk, multi, matching, missing=True)))
            continue
        answer, output = preds[gid]
        pk = predicted_keys(p, output, resolver=resolver, extract=extract, item=gid, level=cut, jurisdiction=jur)
        correct, bindings = judge_answer(task, answer, gold_answer)
        pr, rc, f1 = prf(pk, gk, matching)
        items.append(Item(gid, task, correct, pr, rc, f1, "scored", jur, dom, bindings, answer,
                          sorted(gk), sorted(pk), cluster=fg,
                          per_jurisdiction=None if multi is None else split_by_jurisdiction(pk, gk, multi, matching)))
    extra = [pid for pid in pred_by if pid not in gold_by]
    missing = {"gold_without_pred": missing_pred, "pred_without_gold": extra,
               "duplicate_pred": pred_dups}
    return items, missing


def _clusters(items: Sequence[Item], by_cluster: bool) -> list[str] | None:
    """Cluster labels for the bootstrap: an item without a fact group is a cluster of its own."""
    return [it.cluster if it.cluster is not None else f"\0{it.id}" for it in items] if by_cluster else None


def _block(items: Sequence[Item], samples: int, seed: int, by_cluster: bool = False) -> dict[str, Any]:
    """accuracy / citation_f1 / grounded_joint with n and bootstrap 95% intervals over ``items``."""
    cols = {"accuracy": [it.correct for it in items], "citation_f1": [it.f1 for it in items],
            "grounded_joint": [it.gj for it in items]}
    n = len(items)
    out: dict[str, Any] = {"n": n}
    for name, v in cols.items():
        out[name] = rounded(sum(v) / n) if n else None
    ci = _bs.intervals(cols, samples, seed, clusters=_clusters(items, by_cluster))
    out["ci95"] = {k: [rounded(x) for x in v] if v else None for k, v in ci.items()}
    return out


def _binding_block(bindings: Sequence[bool], clusters: Sequence[object], *, samples: int, seed: int
                   ) -> dict[str, Any]:
    """T3 binding accuracy; its interval resamples items (or fact groups), never single assignments."""
    n = len(bindings)
    ci = _bs.intervals({"b": [float(b) for b in bindings]}, samples, seed, clusters=clusters)["b"]
    return {"n_bindings": n, "binding_accuracy": rounded(sum(bindings) / n) if n else None,
            "binding_ci95": [rounded(x) for x in ci] if ci else None}


def _multi_block(items: Sequence[Item], j: str, samples: int, seed: int, cluster: bool) -> dict[str, Any]:
    """Citation-F1 on the keys of jurisdiction ``j`` over the T2/T3 items that involve it (their own
    jurisdictions, or a key of ``j`` on either side), with its interval and the mean per task."""
    scored = [(it, it.per_jurisdiction[j][2]) for it in items if it.per_jurisdiction and j in it.per_jurisdiction]
    sub = [it for it, _ in scored]
    f1s = [f for _, f in scored]
    ci = _bs.intervals({"f": f1s}, samples, seed, clusters=_clusters(sub, cluster))["f"]
    tasks = {}
    for t in sorted({it.task for it in sub if it.task}):
        v = [f for it, f in scored if it.task == t]
        tasks[t] = {"n": len(v), "citation_f1": rounded(sum(v) / len(v))}
    return {"n": len(sub), "citation_f1": rounded(sum(f1s) / len(f1s)) if f1s else None,
            "ci95": [rounded(x) for x in ci] if ci else None, "tasks": tasks}


def summarize(items: Sequence[Item], missing: dict[str, Any], unparsed: list[dict[str, Any]], *,
              level: str = DEFAULT_LEVEL, samples: int = _bs.DEFAULT_SAMPLES, seed: int = _bs.DEFAULT_SEED,
              with_items: bool = False, cluster: bool = False, key_map: dict[str, Any] | None = None
              ) -> dict[str, Any]:
    """The CrossLex report (schema in ``docs/metrics.md``). ``cluster``: resample whole ``fact_group``s;
    ``key_map``: what the key map was and how often it was used, reported as it is."""

    def bindings_of(sub: Iterable[Item], only: str | None = None) -> tuple[list[bool], list[str]]:
        oks, labels = [], []
        for it in sub:
            for j, ok in it.bindings:
                if only is None or j == only:
                    oks.append(ok)
                    labels.append(it.cluster if cluster and it.cluster is not None else f"\0{it.id}")
        return oks, labels

    report: dict[str, Any] = {"metric": "crosslex", "schema": SCHEMA_VERSION, "level": level,
                              "level_note": LEVEL_NOTES[level]}
    report.update(_block(items, samples, seed, cluster))
    report["n_gold"] = len(items)
    report["n_scored"] = sum(1 for it in items if it.status == "scored")
    tasks: dict[str, Any] = {}
    for task in sorted({it.task for it in items if it.task is not None}):
        sub = [it for it in items if it.task == task]
        t = _block(sub, samples, seed, cluster)
        if task == "T2":
            t["joint_accuracy"] = t["accuracy"]
        if any(it.bindings for it in sub) or task in MAPPING_TASKS:
            t.update(_binding_block(*bindings_of(sub), samples=samples, seed=seed))
        tasks[task] = t
    report["tasks"] = tasks
    for name, attr in (("by_jurisdiction", "jurisdiction"), ("by_domain", "domain")):
        groups: dict[str, Any] = {}
        for value in sorted({getattr(it, attr) for it in items if getattr(it, attr)}):
            sub = [it for it in items if getattr(it, attr) == value]
            groups[value] = _block(sub, samples, seed, cluster)
            groups[value]["tasks"] = {
                t: rounded(sum(it.correct for it in sub if it.task == t) / sum(1 for it in sub if it.task == t))
                for t in sorted({it.task for it in sub if it.task})}
        if attr == "jurisdiction":  # T3 assignments broken down by the jurisdiction they assign
            for j in sorted({j for it in items for j, _ in it.bindings}):
                groups.setdefault(j, {}).update(_binding_block(*bindings_of(items, j), samples=samples, seed=seed))
            # T2/T3 items cite several jurisdictions: their Citation-F1 on each jurisdiction's keys
            for j in sorted({j for it in items for j in (it.per_jurisdiction or {})}):
                groups.setdefault(j, {})["multi_jurisdiction"] = _multi_block(items, j, samples, seed, cluster)
        report[name] = dict(sorted(groups.items()))
    report["bootstrap"] = {"samples": samples, "seed": seed, "method": "percentile", "level": 0.95,
                           "unit": "fact_group" if cluster else "item"}
    report["missing"] = missing
    report["unparsed"] = unparsed
    # citations without a key, compared as normalised strings: how many on each side, and how many matched
    strings = {"gold": sum(is_string_token(k) for it in items for k in it.gold_keys),
               "pred": sum(is_string_token(k) for it in items for k in it.pred_keys),
               "matched": sum(len({k for k in it.gold_keys if is_string_token(k)} & set(it.pred_keys))
                              for it in items)}
    report["string_identifiers"] = strings
    if key_map is not None:
        report["key_map"] = key_map
    if with_items:
        report["items"] = [it.to_dict() for it in items]
    return report


def score(gold: str | Sequence[Row], pred: str | Sequence[Row], *, level: str = DEFAULT_LEVEL, rule: str = "marker",
          pattern: str | None = None, samples: int = _bs.DEFAULT_SAMPLES, seed: int = _bs.DEFAULT_SEED,
          with_items: bool = False, cluster: bool = False, parse: Callable[..., list] | None = None,
          extract: Callable[..., list] | None = None, key_map: str | Path | None = None) -> dict[str, Any]:
    """Score a CrossLex prediction file against gold (paths or rows). ``parse``/``extract`` default to
    :func:`legalcite.parse` / :func:`legalcite.extract`. ``key_map``: a file mapping the benchmark's own
    identifiers onto canonical keys (:func:`legalcite.metrics.io.load_key_map`), used on both sides."""
    _key_level(level)  # an unknown level fails before any file is read
    g = rows_of(gold)
    if not g:  # "N is the number of evaluated instances": no instance, no score (not n = 0 and exit 0)
        where = f"{gold}: " if isinstance(gold, (str, Path)) else ""
        raise ScoreInputError(f"{where}no gold items: the gold file has no line, so there is nothing to score")
    mapping = load_key_map(key_map) if key_map is not None else None
    p = rows_of(pred)
    resolver = KeyResolver(parse=parse, key_map=mapping)
    items, missing = score_items(g, p, level=level, rule=rule, pattern=pattern, resolver=resolver,
                                 extract=extract)
    used = None if mapping is None else {"file": str(key_map), "identifiers": len(mapping),
                                         "citations_mapped": resolver.mapped}
    return summarize(items, missing, resolver.unparsed, level=level, samples=samples, seed=seed, cluster=cluster,
                     with_items=with_items, key_map=used)


def table_rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows for ``--format table``: overall, per task, per jurisdiction, per domain."""
    def row(scope: str, b: dict[str, Any]) -> dict[str, Any]:
        ci = b.get("ci95") or {}
        fmt = lambda k: "" if b.get(k) is None else f"{b[k]:.3f}" + (
            f" [{ci[k][0]:.3f}, {ci[k][1]:.3f}]" if ci.get(k) else "")
        return {"scope": scope, "n": b.get("n", ""), "accuracy": fmt("accuracy"),
                "citation_f1": fmt("citation_f1"), "grounded_joint": fmt("grounded_joint"),
                "binding_acc": "" if b.get("binding_accuracy") is None else f"{b['binding_accuracy']:.3f}"}

    def multi(j: str, b: dict[str, Any]) -> dict[str, Any]:
        f, ci = b["citation_f1"], b.get("ci95")
        return {"scope": f"jur {j} (T2/T3 keys)", "n": b["n"], "accuracy": "", "grounded_joint": "",
                "citation_f1": "" if f is None else f"{f:.3f}" + (f" [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else ""),
                "binding_acc": ""}

    rows = [row("overall", report)]
    rows += [row(f"task {t}", b) for t, b in report["tasks"].items()]
    for j, b in report["by_jurisdiction"].items():
        if set(b) - {"multi_jurisdiction"}:
            rows.append(row(f"jur {j}", b))
        if "multi_jurisdiction" in b:
            rows.append(multi(j, b["multi_jurisdiction"]))
    rows += [row(f"domain {d}", b) for d, b in report["by_domain"].items()]
    return rows


__all__ = ["prf", "citation_f1", "judge_answer", "score_items", "summarize", "score", "Item", "row_id",
           "split_by_jurisdiction", "jurisdiction_label", "LEVELS", "DEFAULT_LEVEL", "LEVEL_NOTES"]
