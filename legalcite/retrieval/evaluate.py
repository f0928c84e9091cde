"""Retrieval evaluation on canonical keys: Recall@{1,5,10,100}, MRR@10, nDCG@10, overall and per language.

A query line has ``query`` and either ``keys`` (canonical keys) or ``citations`` (strings that
``legalcite.parse`` turns into keys); optional ``id``, ``language``, ``jurisdictions``. Gold and retrieved
keys are compared after ``key_at(level)`` (default ``unit``: a gold ``de/bgb/s823/abs1`` is found by the unit
``de/bgb/s823``), and retrieved keys that collapse to the same unit count once, at their best rank.

Also builds the two benchmark query sets from ``../shared/testdata``: STARD (Chinese questions → cited
articles) and the German LER sentences with their citation masked (citation recommendation).
"""
from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path
import random
from typing import TYPE_CHECKING, Iterable, Iterator, Sequence

from legalcite.io import BadLine, read_records
from legalcite.errors import FieldError, InputError
from legalcite.evaluation.datasets import DE_LER, STARD, Dataset

if TYPE_CHECKING:
    from legalcite.corpora import CorpusUnit
from legalcite.jurisdictions import guess_language
from legalcite.keys import InvalidKey, key_at
from legalcite.pipeline import parse
from legalcite.retrieval.tokenize import LANGUAGES

KS = (1, 5, 10, 100)
MASK = "[…]"


# --- metric functions: keys in, numbers out ----------------------------------------------------------

def recall_at(ranked: Sequence[str], gold: set[str], k: int) -> float:
    """The share of ``gold`` among the first ``k`` keys of ``ranked`` (0.0 without gold)."""
    return len(gold.intersection(ranked[:k])) / len(gold) if gold else 0.0


def mrr_at(ranked: Sequence[str], gold: set[str], k: int = 10) -> float:
    """The reciprocal rank of the first gold key within the first ``k`` (0.0 when none is there)."""
    for i, key in enumerate(ranked[:k], 1):
        if key in gold:
            return 1.0 / i
    return 0.0


def ndcg_at(ranked: Sequence[str], gold: set[str], k: int = 10) -> float:
    """Binary-relevance nDCG: DCG = Σ rel_i / log2(i + 1); ideal = all gold first."""
    dcg = sum(1.0 / math.log2(i + 1) for i, key in enumerate(ranked[:k], 1) if key in gold)
    ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(len(gold), k) + 1))
    return dcg / ideal if ideal else 0.0


def dedupe_at(keys: Iterable[str], level: str) -> list[str]:
    """``keys`` cut to ``level`` (:func:`legalcite.keys.key_at`; a key it cannot read stays as it is), repeats dropped,
    in first-seen order: a ranking at that granularity."""
    seen: set[str] = set()
    out = []
    for k in keys:
        try:
            t = key_at(k, level)
        except InvalidKey:
            t = k
        if t not in seen:
            seen.add(t)
            out.append(t)
    return out


def query_metrics(ranked: Sequence[str], gold: set[str], ks: Sequence[int] = KS) -> dict[str, float]:
    """One query's ``recall@k`` for each of ``ks``, ``mrr@10`` and ``ndcg@10``."""
    m = {f"recall@{k}": recall_at(ranked, gold, k) for k in ks}
    m["mrr@10"] = mrr_at(ranked, gold, 10)
    m["ndcg@10"] = ndcg_at(ranked, gold, 10)
    return m


# --- gold --------------------------------------------------------------------------------------------

def gold_keys(q: dict, level: str = "unit") -> set[str]:
    """The query's gold keys at ``level``; citation strings are parsed with legalcite.parse."""
    keys = list(q.get("keys") or [])
    if q.get("citations"):
        for s in q["citations"]:
            try:
                keys.extend(c.key for c in parse(s, jurisdiction=q.get("jurisdiction")))
            except Exception:  # a gold string the parser cannot read: no key, reported as unparsed
                continue
    return set(dedupe_at(keys, level))


class QueryFileError(InputError):
    """A queries file with bad lines (each in :attr:`bad`, with file, line and id), or with no query at all.
    Retrieval figures depend on every query, so none is computed from a file with bad lines."""

    def __init__(self, message: str, bad: Sequence[BadLine] = ()) -> None:
        super().__init__(message)
        self.bad = list(bad)


def read_queries(path: str | Path) -> list[dict]:
    """The queries of a JSONL file (the one reader): each needs ``query`` (a string); ``id`` defaults to the
    line number. Raises :class:`QueryFileError` when any line is bad or none is a query."""
    good, bad = read_records(path)
    out = []
    for rec in good:
        try:
            rec.get("query")
        except FieldError as e:
            bad.append(rec.bad(e))
            continue
        q = dict(rec.data or {})
        q.setdefault("id", rec.lineno)
        out.append(q)
    if bad:
        bad.sort(key=lambda b: b.lineno)
        raise QueryFileError(f"{path}: {len(bad)} bad line(s), first {bad[0]}", bad)
    if not out:
        raise QueryFileError(f"{path}: no queries (one JSON object with 'query' per line)")
    return out


# --- evaluation ----------------------------------------------------------------------------------------

def evaluate(
    index,
    queries: Sequence[dict],
    *,
    kinds: Sequence[str] | None = None,
    ks: Sequence[int] = KS,
    level: str = "unit",
    weights: tuple[float, float] = (1.0, 1.0),
    per_query: bool = False,
    only_indexed: bool = False,
    reranker=None,
    query_vectors=None,
    progress=None,
) -> dict:
    """Metrics for each retrieval kind the index can answer (``kinds``; default its own kind, plus
    ``learned`` when a ``reranker`` from :mod:`legalcite.retrieval.learn` is given).
    Queries whose gold keys could not be built are counted in ``n_without_gold`` and left out;
    ``only_indexed`` also drops gold units the index does not hold (and queries left with none).
    ``query_vectors`` (one row per query, in order) saves embedding the queries again. ``progress``: a
    :class:`~legalcite.retrieval.index.Progress` (or any callable) told how many (query, kind) rankings are done,
    out of ``len(queries) × len(kinds)``."""
    kinds = list(kinds or ([index.kind] + (["learned"] if reranker is not None else [])))
    if "learned" in kinds and reranker is None:
        raise ValueError("kind 'learned' needs a reranker (legalcite retrieval train)")
    depth = max(ks)
    prepared = []
    no_gold = 0
    indexed_units = {key_at(k, level) for k in index.keys if k}
    kept = []
    for n, q in enumerate(queries):
        gold = gold_keys(q, level)
        if only_indexed:
            gold &= indexed_units
        if not gold:
            no_gold += 1
            continue
        kept.append(n)
        language = q.get("language") or guess_language(q["query"], among=LANGUAGES, tie="en", default="en")
        prepared.append((q, gold, language))
    qvecs = None
    if query_vectors is not None:
        qvecs = [query_vectors[n] for n in kept]
    elif any(k in ("dense", "hybrid", "learned") for k in kinds):
        qvecs = _embed_queries(index, [q["query"] for q, _, _ in prepared])
    coverage = sum(len(g & indexed_units) / len(g) for _, g, _ in prepared) / max(len(prepared), 1)
    result: dict = {"n_queries": len(prepared), "n_without_gold": no_gold, "level": level, "only_indexed": only_indexed,
                    "gold_in_index": round(coverage, 4), "kinds": {}}
    for kind in kinds:
        sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        counts: dict[str, int] = defaultdict(int)
        rows = []
        for i, (q, gold, lang) in enumerate(prepared):
            qv = None if qvecs is None else qvecs[i]
            if kind == "learned":
                top = reranker.rank(index, q["query"], depth, jurisdictions=q.get("jurisdictions"), query_vector=qv)
            else:
                top = index.rank(q["query"], depth, kind=kind, jurisdictions=q.get("jurisdictions"),
                                 weights=weights, query_vector=qv, depth=depth)
            ranked = dedupe_at((index.keys[pos] for pos, _ in top), level)
            m = query_metrics(ranked, gold, ks)
            for group in ("all", lang):
                counts[group] += 1
                for name, v in m.items():
                    sums[group][name] += v
            if per_query:
                rows.append({"id": q.get("id"), "language": lang, "gold": sorted(gold), "top": ranked[:10], **m})
            if progress is not None:
                progress(kinds.index(kind) * len(prepared) + i + 1)
        out = {group: {"n": counts[group], **{n: round(v / counts[group], 4) for n, v in s.items()}}
               for group, s in sums.items()}
        entry = {"all": out.get("all", {"n": 0}), "by_language": {g: v for g, v in out.items() if g != "all"}}
        if per_query:
            entry["queries"] = rows
        result["kinds"][kind] = entry
    return result


def merge_results(parts: Sequence[dict]) -> dict:
    """One result from several :func:`evaluate` results over disjoint query sets (cross-validation folds),
    averaging every metric over all queries; each part must have been run with ``per_query=True``."""
    first = parts[0]
    out: dict = {"n_queries": sum(p["n_queries"] for p in parts),
                 "n_without_gold": sum(p["n_without_gold"] for p in parts),
                 "level": first["level"], "only_indexed": first["only_indexed"], "kinds": {}}
    n = max(out["n_queries"], 1)
    out["gold_in_index"] = round(sum(p["gold_in_index"] * p["n_queries"] for p in parts) / n, 4)
    for kind in first["kinds"]:
        sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        counts: dict[str, int] = defaultdict(int)
        for p in parts:
            for row in p["kinds"][kind]["queries"]:
                for group in ("all", row["language"]):
                    counts[group] += 1
                    for name, v in row.items():
                        if name.startswith(("recall@", "mrr@", "ndcg@")):
                            sums[group][name] += v
        agg = {g: {"n": counts[g], **{k: round(v / counts[g], 4) for k, v in s.items()}} for g, s in sums.items()}
        out["kinds"][kind] = {"all": agg.get("all", {"n": 0}),
                              "by_language": {g: v for g, v in agg.items() if g != "all"}}
    return out


def _embed_queries(index, texts: list[str]):
    import numpy as np  # numpy: heavy

    emb = index.embedder
    out = []
    for s in range(0, len(texts), 64):
        out.append(emb.embed_queries(texts[s : s + 64]))
    return np.concatenate(out) if out else np.zeros((0, emb.dim), dtype=np.float32)


def format_table(result: dict) -> str:
    """An :func:`evaluate` result as a text table: a row per kind and language group, the metrics of :data:`KS`, MRR and
    nDCG."""
    cols = [f"recall@{k}" for k in KS] + ["mrr@10", "ndcg@10"]
    lines = [f"queries: {result['n_queries']} (without gold: {result['n_without_gold']}), level {result['level']}, "
             f"gold units in index: {result['gold_in_index']:.1%}",
             "kind     lang   n      " + "  ".join(f"{c:>9}" for c in cols)]
    for kind, entry in result["kinds"].items():
        groups = [("all", entry["all"])] + sorted(entry["by_language"].items())
        for g, m in groups:
            vals = "  ".join(f"{m.get(c, 0):>9.4f}" for c in cols)
            lines.append(f"{kind:<8} {g:<6} {m.get('n', 0):<6} {vals}")
    return "\n".join(lines)


def gold_subset(units: Iterable[CorpusUnit], queries: Sequence[dict], distractors: int, *, seed: int = 0,
                level: str = "unit") -> list[CorpusUnit]:
    """The units that are gold for ``queries`` plus ``distractors`` other units drawn at random (seeded):
    a documented smaller corpus for measuring slow embedders, in the spirit of STARD's cited-articles setting."""
    gold = set()
    for q in queries:
        gold |= gold_keys(q, level)
    hit: list[CorpusUnit] = []
    rest: list[CorpusUnit] = []
    for u in units:
        (hit if key_at(u.key, level) in gold else rest).append(u)
    rng = random.Random(seed)
    extra = rng.sample(rest, min(distractors, len(rest)))
    return hit + extra


# --- benchmark query sets -------------------------------------------------------------------------------

def stard_queries(path: str | Path, dataset: Dataset = STARD) -> Iterator[dict]:
    """STARD: gold = the statute names as written (``中华人民共和国民法典第五十四条``), parsed by legalcite."""
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            yield {"id": f"stard-{r['query_id']}", "query": r["query"], "language": dataset.language,
                   "jurisdiction": dataset.jurisdiction, "jurisdictions": [dataset.jurisdiction],
                   "citations": [rel["name"] for rel in r["relevant"]]}


def ler_queries(path: str | Path, dataset: Dataset = DE_LER) -> Iterator[dict]:
    """German LER sentences with each statute citation masked; gold = the cited units (citation
    recommendation). One query per sentence; all its statute spans are masked and all are gold."""
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            r = json.loads(line)
            spans = sorted((e for e in r["expected"] if e.get("kind") == "statute"), key=lambda e: e["start"])
            if not spans:
                continue
            text, cites, pos = [], [], 0
            for e in spans:
                text.append(r["text"][pos : e["start"]])
                text.append(MASK)
                cites.append(e["matched_text"])
                pos = e["end"]
            text.append(r["text"][pos:])
            yield {"id": f"ler-{n}", "query": "".join(text), "language": dataset.language,
                   "jurisdiction": dataset.jurisdiction, "jurisdictions": [dataset.jurisdiction], "citations": cites}
