"""LEXam: multiple-choice accuracy from ``###X###`` responses and open-question judge pooling.

MCQ: the prediction is the last ``###X###`` of a response (a configurable rule or regex); accuracy over the gold
items (4 to 32 options, labelled A … Z, AA …), missing responses and responses without a prediction counting as
wrong and listed, responses to ids not in gold listed but not scored; bootstrap standard error (seeded), and
breakdowns by language, area, jurisdiction, negation, statement and choice count. Items shuffled by
:func:`legalcite.metrics.lexgenius.shuffle` carry a ``copy``; an item's score is then the mean over its copies.
Open questions (graded by :mod:`legalcite.judge`): each item's judge scores are pooled (minimum by default,
LEXam's ensemble rule), then averaged, with a bootstrap SE. Schema: ``docs/metrics.md``.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics import bootstrap as _bs
from legalcite.metrics.io import (RESPONSE_FIELDS, Row, ScoreInputError, expected_fields, extract_answer, find_text,
                                  norm_label, option_label, rounded, row_id, rows_of)

OPTION_FIELDS = ("choices", "options")
# ``--by`` names → the item fields that hold them (LEXam's columns; ``negative`` is ``negative_question``).
# ``n_choices`` is counted from the option list when the item has no such field. Any other name is a field.
BY_ALIASES = {"negative": ("negative_question", "negative"), "n_choices": ("n_choices",),
              "area": ("area", "legal_area")}
NO_VALUE = "(none)"


def gold_label(row: Row) -> str | None:
    """The gold option label of an item row: ``gold_letter``, else ``answer`` (LexGenius), else a 0-based
    integer ``gold`` (LEXam) turned into a label (A … Z, AA, AB …: items have up to 32 options); None when the
    row has none. A value of the wrong type, or an index past the item's options, is an error."""
    d = row.data
    for name in ("gold_letter", "answer"):
        v = d.get(name)
        if v in (None, ""):
            continue
        if not isinstance(v, str):
            if name == "answer":  # LexGenius's ``answer`` is a letter; anything else here is not a gold label
                break
            raise ScoreInputError(f"{row.where()}: 'gold_letter' must be a string, not {v!r}")
        return norm_label(v)
    g = d.get("gold")
    if g is None or g == "":
        return None
    if isinstance(g, int) and not isinstance(g, bool) and g >= 0:
        n = n_choices(row)
        if n is not None and g >= n:
            raise ScoreInputError(f"{row.where()}: gold index {g} but the item has {n} options")
        return option_label(g)
    if isinstance(g, str) and g.strip():
        return norm_label(g)
    raise ScoreInputError(f"{row.where()}: 'gold' must be a 0-based option index or a label, not {g!r}")


def n_choices(row: Row) -> int | None:
    """How many options an item has: its ``n_choices`` field, else the length of ``choices``/``options``."""
    v = row.data.get("n_choices")
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    for f in OPTION_FIELDS:
        if isinstance(row.data.get(f), list):
            return len(row.data[f])
    return None


def copy_key(row: Row) -> tuple[str, Any]:
    """(id, copy): the join key of a response to its (possibly shuffled) gold item."""
    c = row.data.get("copy")
    if c is not None and (isinstance(c, bool) or not isinstance(c, (int, str))):
        raise ScoreInputError(f"{row.where()}: 'copy' must be an integer (the shuffle seed), not {c!r}")
    return row_id(row), c


PREDICTION_FIELDS = ("prediction", *RESPONSE_FIELDS)


def prediction(row: Row, rule: str = "marker", pattern: str | None = None) -> str | None:
    """A response row's prediction: ``prediction`` as given, else the answer taken from the response text
    (the first of :data:`RESPONSE_FIELDS` present). A row with none of these fields is an error, so responses
    under a field of another name never score a silent 0."""
    d = row.data
    p = d.get("prediction")
    if p not in (None, ""):
        if not isinstance(p, (str, int)) or isinstance(p, bool):
            raise ScoreInputError(f"{row.where()}: 'prediction' must be an option label, not {p!r}")
        return norm_label(p)
    field, text = find_text(row, RESPONSE_FIELDS)
    if field is None:
        if "prediction" in d:
            return None
        raise expected_fields(row, PREDICTION_FIELDS, "response")
    return norm_label(extract_answer(text, rule, pattern))


def _unjoined(resp_by: dict, gold_by: dict, where: str) -> ScoreInputError:
    """Nothing joins: say why (the usual cause is responses to shuffled copies written without ``copy``)."""
    gold_copies = sorted({c for _, c in gold_by if c is not None}, key=str)
    resp_copies = {c for _, c in resp_by}
    msg = (f"{where}: none of the {len(resp_by)} responses matches a gold item by (id, copy); "
           f"nothing could be scored")
    if gold_copies and resp_copies == {None}:
        msg += (f". The gold items are shuffled copies (copy {', '.join(map(str, gold_copies[:5]))}) and the "
                f"responses carry no 'copy': give each response the 'copy' of the item it answers")
    elif not gold_copies and resp_copies - {None}:
        msg += ". The responses carry a 'copy' but the gold items are not shuffled copies: pass the shuffled file"
    return ScoreInputError(msg)


def score_mcq_items(responses: Sequence[Row], gold: Sequence[Row] | None = None, *, rule: str = "marker",
                    pattern: str | None = None) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Per item (id) the copies' correctness and the item's gold row; and the ``missing`` report.
    Without a gold file, each response row carries its own gold (``gold_letter``/``answer``/``gold``)."""
    resp_by: dict[tuple[str, Any], Row] = {}
    dup: list[Any] = []
    preds: dict[tuple[str, Any], str | None] = {}
    for r in responses:
        k = copy_key(r)
        pred = prediction(r, rule, pattern)  # every line is read, duplicates too: a bad line is never skipped
        if k in resp_by:
            dup.append({"id": k[0], "copy": k[1], "line": r.line})
        else:
            resp_by[k] = r
            preds[k] = pred
    gold_rows = list(gold) if gold is not None else list(resp_by.values())
    gold_by: dict[tuple[str, Any], Row] = {}
    for g in gold_rows:
        k = copy_key(g)
        if k in gold_by and gold is not None:
            raise ScoreInputError(f"{g.where()}: duplicate gold item {k[0]!r} (copy {k[1]!r})")
        gold_by[k] = g
    if gold is not None and resp_by and gold_by and not resp_by.keys() & gold_by.keys():
        raise _unjoined(resp_by, gold_by, next(iter(resp_by.values())).source)
    items: dict[str, dict[str, Any]] = {}
    no_response: list[str | dict[str, Any]] = []  # an id, or {id, copy} for one copy of an item
    no_prediction: list[str | dict[str, Any]] = []
    no_gold: list[str | dict[str, Any]] = []
    for k, g in gold_by.items():
        label = gold_label(g)
        if label is None:
            raise ScoreInputError(f"{g.where()}: no gold answer (gold_letter, answer or gold)")
        it = items.setdefault(k[0], {"row": g, "copies": {}})
        resp = resp_by.get(k)
        if resp is None:
            no_response.append(k[0] if k[1] is None else {"id": k[0], "copy": k[1]})
            it["copies"][k[1]] = (0.0, None, label)
            continue
        it.setdefault("response", resp)
        pred = preds[k]
        if pred is None:
            no_prediction.append(k[0] if k[1] is None else {"id": k[0], "copy": k[1]})
        it["copies"][k[1]] = (float(pred is not None and pred == label), pred, label)
    for k in resp_by:
        if k not in gold_by:  # listed, not scored: N is the benchmark's items, not the responses
            no_gold.append(k[0] if k[1] is None else {"id": k[0], "copy": k[1]})
    missing = {"no_response": no_response, "no_prediction": no_prediction, "not_in_gold": no_gold,
               "duplicate_responses": dup}
    return items, missing


def group_value(item: dict[str, Any], name: str) -> str:
    """The value of breakdown ``name`` for an item: from its gold row, else its response row (see BY_ALIASES)."""
    rows = [item["row"]] + ([item["response"]] if "response" in item else [])
    values = []
    for part in name.split("+"):
        v: Any = None
        for row in rows:
            for f in BY_ALIASES.get(part, (part,)):
                if row.data.get(f) not in (None, ""):
                    v = row.data[f]
                    break
            if v is None and part == "n_choices":
                v = n_choices(row)
            if v is not None:
                break
        if isinstance(v, bool):
            v = int(v)
        values.append(NO_VALUE if v is None else str(v))
    return " / ".join(values)


def _natural(v: str) -> tuple:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in v.split(" / "))


def _mean_block(scores: Sequence[float], samples: int, seed: int) -> dict[str, Any]:
    """n, accuracy (mean), bootstrap se and 95% percentile interval of a list of item scores."""
    n = len(scores)
    means = _bs.resample_means({"v": scores}, samples, seed)["v"]
    ci = _bs.percentile_ci(means)
    return {"n": n, "accuracy": rounded(sum(scores) / n) if n else None, "se": rounded(_bs.standard_error(means)),
            "ci95": [rounded(x) for x in ci] if ci else None}


def breakdown(items: dict[str, dict[str, Any]], by: Sequence[str], *, samples: int = _bs.DEFAULT_SAMPLES,
              seed: int = _bs.DEFAULT_SEED) -> dict[str, dict[str, Any]]:
    """``{name: {value: block}}`` for each breakdown (``language``, ``area``, ``n_choices``, ``language+area``…):
    accuracy over the items with that value, with its own bootstrap se and interval."""
    out: dict[str, dict[str, Any]] = {}
    for name in by:
        groups: dict[str, list[float]] = {}
        for it in items.values():
            groups.setdefault(group_value(it, name), []).append(item_score(it))
        out[name] = {v: _mean_block(groups[v], samples, seed) for v in sorted(groups, key=_natural)}
    return out


def item_score(item: dict[str, Any]) -> float:
    """The mean correctness over an item's copies (1 copy: 0 or 1)."""
    c = item["copies"]
    return sum(v[0] for v in c.values()) / len(c) if c else 0.0


def score_mcq(responses: str | Sequence[Row], gold: str | Sequence[Row] | None = None, *, rule: str = "marker",
              pattern: str | None = None, samples: int = _bs.DEFAULT_SAMPLES, seed: int = _bs.DEFAULT_SEED,
              with_items: bool = False, by: Sequence[str] = ()) -> dict[str, Any]:
    """The LEXam MCQ report (paths or rows); ``by`` adds breakdown tables (see :func:`breakdown`)."""
    resp = rows_of(responses)
    g = rows_of(gold) if gold is not None else None
    items, missing = score_mcq_items(resp, g, rule=rule, pattern=pattern)
    if not items:
        raise ScoreInputError(f"{gold if gold is not None else responses}: no item to score (the file has no line)"
                              if isinstance(gold if gold is not None else responses, (str, Path)) else
                              "no item to score: the input has no line")
    scores = [item_score(it) for it in items.values()]
    n = len(scores)
    means = _bs.resample_means({"acc": scores}, samples, seed)["acc"]
    se, ci = _bs.standard_error(means), _bs.percentile_ci(means)
    copies = sorted({c for it in items.values() for c in it["copies"]}, key=lambda c: (c is not None, str(c)))
    per_copy = {}
    if copies != [None]:
        for c in copies:
            vals = [it["copies"][c][0] for it in items.values() if c in it["copies"]]
            per_copy[str(c)] = {"n": len(vals), "accuracy": rounded(sum(vals) / len(vals)) if vals else None}
    report: dict[str, Any] = {
        "metric": "lexam_mcq", "schema": SCHEMA_VERSION, "n": n,
        "n_correct": rounded(sum(scores)), "accuracy": rounded(sum(scores) / n) if n else None,
        "se": rounded(se), "ci95": [rounded(x) for x in ci] if ci else None,
        "copies": len(copies), "per_copy": per_copy,
        "answer_rule": {"rule": None if pattern else rule, "pattern": pattern},
        "bootstrap": {"samples": samples, "seed": seed, "method": "percentile", "level": 0.95},
        "missing": missing,
    }
    if by:
        report["by"] = breakdown(items, by, samples=samples, seed=seed)
    if with_items:
        report["items"] = []
        for i, it in items.items():
            entry: dict[str, Any] = {"id": i, "score": rounded(item_score(it))}
            if list(it["copies"]) == [None]:
                v = it["copies"][None]
                entry.update(correct=v[0], pred=v[1], gold=v[2])
            else:
                entry["copies"] = {str(c): {"correct": v[0], "pred": v[1], "gold": v[2]}
                                   for c, v in it["copies"].items()}
            report["items"].append(entry)
    return report


# ---------------------------------------------------------------- open questions

POOLS: dict[str, Callable[[list[float]], float]] = {
    "min": min, "mean": statistics.fmean, "median": statistics.median, "max": max,
}


JUDGE_SCALE = (0.0, 1.0)
"""The scale LEXam's judges grade on ("a final correctness score on a scale from 0.0 to 1.0")."""


def on_judge_scale(score: float) -> bool:
    """Whether a judge's score lies on :data:`JUDGE_SCALE`. The one range check of judge scores: ``legalcite judge``
    reading a reply, ``score mcq --open`` and ``score agreement`` reading a judged file all ask it, so a score
    outside the scale (``7`` on 0–1) is no score everywhere: never pooled, capped or dropped silently."""
    return JUDGE_SCALE[0] <= score <= JUDGE_SCALE[1]


def judge_scores(row: Row) -> tuple[dict[str, float], dict[str, float]]:
    """``({judge: score}, {judge: value outside the scale})`` from ``scores``/``judges``: an object, a list of
    ``{"judge", "score"}`` or of numbers. A value that is not a number is an error; a number outside
    :data:`JUDGE_SCALE` is no score (:func:`on_judge_scale`): returned apart, to be listed."""
    if "scores" not in row.data and "judges" not in row.data:
        raise expected_fields(row, ("scores", "judges"), "judge scores")
    raw = row.data.get("scores", row.data.get("judges"))
    if raw is None:
        return {}, {}
    if isinstance(raw, dict):
        pairs = list(raw.items())
    elif isinstance(raw, list):
        pairs = [(str(x.get("judge", i)), x.get("score")) if isinstance(x, dict) else (str(i), x)
                 for i, x in enumerate(raw)]
    else:
        raise ScoreInputError(f"{row.where()}: 'scores' must be an object or a list")
    out: dict[str, float] = {}
    outside: dict[str, float] = {}
    for j, s in pairs:
        if s is None:
            continue
        if isinstance(s, bool) or not isinstance(s, (int, float)):
            raise ScoreInputError(f"{row.where()}: judge {j!r} score is not a number: {s!r}")
        if on_judge_scale(float(s)):
            out[str(j)] = float(s)
        else:
            outside[str(j)] = s  # as written, to be listed
    return out, outside


def _listed_judges(row: Row) -> tuple[set[str], dict[str, Any]]:
    """What ``legalcite judge`` wrote of the judges a line has no score from: ``missing_judges`` (not answered yet)
    and ``out_of_range`` (``{judge: what it wrote}``; a list names them without the value)."""
    missing = row.data.get("missing_judges")
    outside = row.data.get("out_of_range")
    named = {str(j) for j in missing} if isinstance(missing, (list, dict)) else set()
    if isinstance(outside, dict):
        return named, {str(j): v for j, v in outside.items()}
    return named, {str(j): None for j in outside} if isinstance(outside, list) else {}


@dataclass
class Ensemble:
    """A judged file read once for every command: ``lines`` as ``(row, id, scores on the scale)`` (the first line
    of an id), the ensemble ``judges`` (every judge any line names), the ``incomplete`` lines, the repeated ids
    (``duplicates``) and every score outside the scale (``out_of_range``: ``{"id", "line", "judge", "score"}``)."""

    lines: list[tuple[Row, str, dict[str, float]]]
    judges: list[str]
    incomplete: list[dict[str, Any]]
    duplicates: list[str]
    out_of_range: list[dict[str, Any]]


def ensemble_rows(rows: Sequence[Row], *, require_all: bool = True) -> Ensemble:
    """The judged lines (:class:`Ensemble`). A line is incomplete when it lacks a score of a judge of the ensemble
    (a judge not answered yet, or a score outside the scale: :func:`judge_scores`), or ``legalcite judge`` marked it
    ``"complete": false``. With ``require_all`` (the default) an incomplete line is an error: pooling the judges it
    has would score it by a smaller ensemble than the others, silently."""
    out: list[tuple[Row, str, dict[str, float], dict[str, Any]]] = []
    seen: set[str] = set()
    dups: list[str] = []
    named: set[str] = set()
    for r in rows:
        i = row_id(r)
        if i in seen:
            dups.append(i)
            continue
        seen.add(i)
        scores, outside = judge_scores(r)
        missing, listed = _listed_judges(r)
        bad = {**{j: v for j, v in listed.items() if j not in scores}, **outside}
        out.append((r, i, scores, bad))
        named |= set(scores) | missing | set(bad)
    judges = sorted(named)
    incomplete: list[dict[str, Any]] = []
    out_of_range: list[dict[str, Any]] = []
    for r, i, scores, bad in out:
        out_of_range += [{"id": i, "line": r.line, "judge": j, "score": v} for j, v in sorted(bad.items())]
        lacking = [j for j in judges if j not in scores]
        if lacking or r.data.get("complete") is False:
            incomplete.append({"id": i, "line": r.line, "where": r.where(), "missing": lacking, "out_of_range": bad})
    if require_all and incomplete:
        shown = "\n".join(
            f"  {x['where']}: no score from {', '.join(x['missing']) or 'a judge (marked incomplete)'}"
            + (f" ({'; '.join(f'{j} wrote {v}' for j, v in x['out_of_range'].items())}, outside "
               f"{JUDGE_SCALE[0]:g}–{JUDGE_SCALE[1]:g})" if x["out_of_range"] else "") for x in incomplete[:20])
        more = f"\n  … and {len(incomplete) - 20} more" if len(incomplete) > 20 else ""
        raise ScoreInputError(
            f"{len(incomplete)} judged line{'s' if len(incomplete) > 1 else ''} lack a score of the ensemble "
            f"({', '.join(judges)}); they are not pooled: run `legalcite judge` again to complete them, or pass "
            f"--no-require-all-judges to pool the judges each line has:\n{shown}{more}")
    return Ensemble([(r, i, scores) for r, i, scores, _ in out], judges, incomplete, dups, out_of_range)


def score_open(judged: str | Sequence[Row], questions: str | Sequence[Row] | None = None, *, pool: str = "min",
               samples: int = _bs.DEFAULT_SAMPLES, seed: int = _bs.DEFAULT_SEED,
               with_items: bool = False, require_all: bool = True) -> dict[str, Any]:
    """Open-question report: per item the ``pool`` (min by default) of its judges' scores, their mean and a
    bootstrap SE. With ``questions``, a question without a judged row scores 0 and is listed. ``require_all``
    (default): a line without a score of every judge of the ensemble is an error (:func:`ensemble_rows`); off,
    it is pooled over the judges it has and listed under ``missing.incomplete``."""
    if pool not in POOLS:
        raise ValueError(f"pool must be one of {sorted(POOLS)}")
    rows = rows_of(judged)
    ens = ensemble_rows(rows, require_all=require_all)
    judges, incomplete, dups = ens.judges, ens.incomplete, ens.duplicates
    by: dict[str, dict[str, float]] = {i: scores for _, i, scores in ens.lines}
    ids = list(by)
    not_in_questions: list[str] = []
    if questions is not None:  # the questions are the items; a judged row for another id is listed, not scored
        q = rows_of(questions)
        qids = [row_id(r) for r in q]
        not_in_questions = [i for i in ids if i not in set(qids)]
        ids = qids
    if not ids:
        raise ScoreInputError("no judged answer and no question: nothing to score (the input has no line)")
    pooled: dict[str, float] = {}
    unscored, no_row = [], []
    for i in ids:
        s = by.get(i)
        if s is None:
            no_row.append(i)
            pooled[i] = 0.0
        elif not s:
            unscored.append(i)
            pooled[i] = 0.0
        else:
            pooled[i] = float(POOLS[pool](list(s.values())))
    vals = list(pooled.values())
    n = len(vals)
    means = _bs.resample_means({"v": vals}, samples, seed)["v"]
    per_judge = {j: rounded(statistics.fmean(v)) for j in judges if (v := [s[j] for s in by.values() if j in s])}
    report: dict[str, Any] = {
        "metric": "lexam_open", "schema": SCHEMA_VERSION, "pool": pool, "require_all_judges": require_all, "n": n,
        "mean": rounded(sum(vals) / n) if n else None, "se": rounded(_bs.standard_error(means)),
        "ci95": [rounded(x) for x in c] if (c := _bs.percentile_ci(means)) else None,
        "judges": judges, "per_judge_mean": per_judge,
        "bootstrap": {"samples": samples, "seed": seed, "method": "percentile", "level": 0.95},
        "missing": {"no_judged_row": no_row, "no_scores": unscored, "not_in_questions": not_in_questions,
                    "duplicate_rows": dups, "incomplete": [x["id"] for x in incomplete],
                    "out_of_range": ens.out_of_range},
    }
    if with_items:
        report["items"] = [{"id": i, "score": rounded(v), "judges": by.get(i, {})} for i, v in pooled.items()]
    return report
