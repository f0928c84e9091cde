"""CrossLex's model-verification stage: an item is kept only when its validators agree on the answer and their
normalised citations are consistent with the item's allowed evidence.

Why a step of its own: CrossLex builds its items with models and keeps an item only when several validator models
"agree on the answer" and their "normalised citations are consistent with the allowed evidence" (issue 34's reading
of the benchmark). A user rebuilding or extending the benchmark needs the same filter, on the same keys the scorer
uses. The rule, per item:

1. **Every validator answers.** A validator without a line for the item (or without an answer in it) fails it.
2. **They agree on the answer.** Every validator's answer is the same (option labels compared as the scorer
   compares them; a T3 answer as the whole jurisdiction → conclusion mapping), and it is the item's own ``answer``
   when the item carries one.
3. **Their citations stay within the evidence.** Every key a validator cites is consistent with a key of the item's
   ``evidence`` (else its ``citations``): with ``level="compatible"`` (the default) one is a segment prefix of the
   other (:func:`legalcite.metrics.crosslex.consistent`, a citation without a key only as the same normalised
   string); with ``level="full"`` the keys are equal. A validator that cites nothing cites nothing outside it.

Validators' lines have the prediction format of ``score crosslex`` (``answer`` and ``citations``, or free-text
``output``). Formulas and schema: ``docs/metrics.md``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics.crosslex import MAPPING_TASKS, consistent, predicted_keys, prediction
from legalcite.metrics.io import (KeyResolver, Row, ScoreInputError, index_rows, load_key_map, named_path,
                                  norm_label, parse_mapping, rounded, row_id, rows_of)

LEVELS = ("compatible", "full")


def canonical_answer(answer: Any, mapping: bool) -> Any:
    """An answer as validators' answers are compared: for a mapping task (T3) the sorted jurisdiction → conclusion
    pairs, else the option label as the scorer normalises it; None for no answer."""
    if answer is None:
        return None
    if mapping:
        m = parse_mapping(answer)
        return tuple(sorted(m.items())) if m else None
    return norm_label(answer)


def within_evidence(keys: set[str], evidence: set[str], level: str = "compatible") -> list[str]:
    """The keys of ``keys`` that no evidence key allows (sorted): none means the citations are consistent with it."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}, not {level!r}")
    if level == "full":
        return sorted(keys - evidence)
    return sorted(k for k in keys if not any(consistent(k, e) for e in evidence))


def verify(items: Sequence[Row], validators: Mapping[str, Sequence[Row]], *, level: str = "compatible",
           rule: str = "marker", pattern: str | None = None, resolver: KeyResolver | None = None,
           extract: Callable[..., list] | None = None) -> dict[str, Any]:
    """The verification report of ``items`` against the validators' lines (``{name: rows}``; at least two)."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}, not {level!r}")
    if len(validators) < 2:
        raise ScoreInputError("the verification stage needs at least two validators (their answers must agree)")
    if not items:
        raise ScoreInputError("no item: the item file has no line, so there is nothing to verify")
    resolver = resolver or KeyResolver()
    by_item, dups = index_rows(items, what="items")
    if dups:
        raise ScoreInputError(f"duplicate item ids: {[d['id'] for d in dups]}")
    lines: dict[str, dict[str, tuple[Row, Any, str | None]]] = {}
    for name, rows in validators.items():
        lines[name] = {}
        for r in rows:  # every line is read, also repeats and other ids: a bad line is never skipped
            lines[name].setdefault(row_id(r), (r, *prediction(r, rule, pattern)))
        extra = sorted(set(lines[name]) - set(by_item))
        if len(extra) == len(lines[name]) and lines[name]:
            raise ScoreInputError(f"validator {name!r}: none of its {len(extra)} lines answers an item id")
    out_items: list[dict[str, Any]] = []
    counts = {"missing_answer": 0, "disagree": 0, "not_the_item_answer": 0, "outside_evidence": 0}
    per_validator = {v: {"missing": 0, "item_answer": 0, "within_evidence": 0} for v in validators}
    for iid, g in by_item.items():
        task = g.data.get("task")
        task = task.strip().upper() if isinstance(task, str) else None
        jur = g.data.get("jurisdiction")
        jur = str(jur).strip().upper() if jur not in (None, "") else None
        allowed_field = "evidence" if "evidence" in g.data else "citations"
        allowed = resolver.key_set(g.data.get(allowed_field), item=iid, side="evidence", level="full",
                                   jurisdiction=jur)
        mapping = task in MAPPING_TASKS or isinstance(g.data.get("answer"), dict)
        item_answer = canonical_answer(g.data.get("answer"), mapping)
        answers: dict[str, Any] = {}
        outside: dict[str, list[str]] = {}
        missing: list[str] = []
        for v in validators:
            got = lines[v].get(iid)
            ans = None if got is None else canonical_answer(got[1], mapping)
            if got is None or ans is None:
                missing.append(v)
                per_validator[v]["missing"] += 1
                continue
            answers[v] = ans
            per_validator[v]["item_answer"] += item_answer is not None and ans == item_answer
            keys = predicted_keys(got[0], got[2], resolver=resolver, extract=extract, item=iid, level="full",
                                  jurisdiction=jur)
            bad = within_evidence(keys, allowed, level)
            if bad:
                outside[v] = bad
            else:
                per_validator[v]["within_evidence"] += 1
        reasons = []
        if missing:
            reasons.append("missing_answer")
        if len(set(answers.values())) > 1:
            reasons.append("disagree")
        if item_answer is not None and any(a != item_answer for a in answers.values()):
            reasons.append("not_the_item_answer")
        if outside:
            reasons.append("outside_evidence")
        for reason in reasons:
            counts[reason] += 1
        out_items.append({"id": iid, "verified": not reasons, "reasons": reasons, "evidence_field": allowed_field,
                          "answers": {v: _shown(a) for v, a in answers.items()}, "missing": missing,
                          "outside_evidence": outside})
    n = len(out_items)
    verified = sum(it["verified"] for it in out_items)
    strays = {v: sorted(set(lines[v]) - set(by_item)) for v in validators}
    return {
        "metric": "crosslex_consensus", "schema": SCHEMA_VERSION, "level": level, "validators": list(validators),
        "n": n, "n_verified": verified, "verified_rate": rounded(verified / n),
        "failed": counts,
        "by_validator": {v: {"missing": c["missing"],
                             "item_answer_rate": rounded(c["item_answer"] / n),
                             "within_evidence_rate": rounded(c["within_evidence"] / n)}
                         for v, c in per_validator.items()},
        "not_in_items": {v: ids for v, ids in strays.items() if ids},
        "unparsed": resolver.unparsed, "items": out_items,
    }


def _shown(answer: Any) -> Any:
    """A canonical answer as the report prints it (a mapping back as an object)."""
    return dict(answer) if isinstance(answer, tuple) else answer


def score(items: str | Sequence[Row], validators: Sequence[str] | dict[str, Sequence[Row]], *,
          level: str = "compatible", rule: str = "marker", pattern: str | None = None,
          key_map: str | Path | None = None, parse: Callable[..., list] | None = None,
          extract: Callable[..., list] | None = None) -> dict[str, Any]:
    """Run the verification stage: ``items`` (a path or rows) against the validators' files (``NAME=FILE`` or
    ``FILE``; or ``{name: rows}``). ``key_map`` as in ``score crosslex``."""
    if isinstance(validators, dict):
        vals = {name: rows_of(rows) for name, rows in validators.items()}
    else:
        vals = {}
        for spec in validators:
            name, path = named_path(spec)
            if name in vals:
                raise ScoreInputError(f"two validators named {name!r}: name them NAME=FILE")
            vals[name] = rows_of(path)
    resolver = KeyResolver(parse=parse, key_map=load_key_map(key_map) if key_map is not None else None)
    return verify(rows_of(items), vals, level=level, rule=rule, pattern=pattern, resolver=resolver, extract=extract)


def verified_lines(items: Sequence[Row], report: dict[str, Any]) -> list[dict[str, Any]]:
    """The item lines that passed, as they were (for the next stage of building the benchmark)."""
    keep = {it["id"] for it in report["items"] if it["verified"]}
    return [r.data for r in items if row_id(r) in keep]


__all__ = ["verify", "score", "within_evidence", "canonical_answer", "verified_lines", "LEVELS"]
