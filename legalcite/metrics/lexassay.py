"""LexAssay: rubric points per task, minus citation and disclaimer deductions, scaled to 0–100.

``points = max(0, weighted share of criteria met − 0.25 × distinct deducted citations − 0.05 × no disclaimer)``
where a citation is deducted when its final status is ``misattributed`` or ``invented`` (docs/statuses.md), and
the disclaimer is the answer author's own "not legal advice" note or recommendation to consult a lawyer, in
German, English, Chinese or French (:mod:`legalcite.metrics.disclaimers`). Every task id is scored once: a repeated
id is an error unless its lines are a re-run with the full token budget (the re-run counts) or ``keep="first"``; a
task marked ``"void": true`` is left out of the score and counted apart, as the method page publishes no void
answers. A run whose model could not hold the prompt and the budget is marked not comparable. ``scoring="v1"`` is the
method's first scoring, 1 / ½ / 0 per task. Arithmetic is exact (fractions), so "rounded half up" really is half
up. Rules: ``docs/metrics.md``.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Sequence

from legalcite.deduction import CITATION_PENALTY, counts_against, distinct_deducted
from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics.disclaimers import Disclaimer, find_disclaimer
from legalcite.metrics.io import (ANSWER_FIELDS, KeyResolver, Row, ScoreInputError, expected_fields, find_text,
                                  need_bool, rounded, row_id, rows_of)
from legalcite.status import DEDUCT_POLICIES, DEDUCTED, Status

DISCLAIMER_PENALTY = Fraction(1, 20)
_STATUSES = {s.value for s in Status}
_DEDUCTED = {d.value for d in DEDUCTED}
# "An answer that stops at the token limit scores 0": OpenAI-style ``finish_reason``, Anthropic-style ``stop_reason``.
TRUNCATED = {"finish_reason": "length", "stop_reason": "max_tokens"}

# ---------------------------------------------------------------- citations and their statuses

def _checked_statuses(text: str, checker: Callable[[str], list]) -> list[tuple[str | None, str, str, bool | None]]:
    """``(key, status, text, confirmed)`` of every citation ``checker`` finds in ``text``."""
    out = []
    try:
        checked = checker(text)
    except Exception as e:  # no store, network fault …: say so instead of scoring without statuses
        raise RuntimeError(f"legalcite.check failed ({type(e).__name__}: {e}); give each citation a 'status' "
                           "or fix the check") from e
    for cc in checked:
        status = getattr(cc.status, "value", cc.status)
        out.append((cc.citation.key, str(status), cc.citation.text, getattr(cc, "confirmed", None)))
    return out


def _default_checker(**options: Any) -> Callable[[str], list]:
    """:func:`legalcite.check` with ``options`` (``store=…``), imported only when a status is missing."""
    try:
        from legalcite.checker import check  # heavy: the whole check path, only when a status is missing
    except (ImportError, AttributeError) as e:
        raise RuntimeError(
            "LexAssay needs a status for every citation: this task file gives none and legalcite.check is "
            f"not available ({e}). Add 'status' to each citation, or install/build the check "
            "(`legalcite corpus build`).") from e
    return (lambda text: check(text, **options)) if options else check


def task_citations(row: Row, answer: str, *, resolver: KeyResolver,
                   checker: Callable[[], Callable[[str], list]]) -> tuple[list[dict[str, Any]], bool]:
    """The task's citations as ``{"key", "text", "status", "confirmed", "source"}``; ``source`` says whether the
    status was ``given`` or ``checked``. A given status is a person's grade and counts as confirmed unless the
    citation says ``"confirmed": false``; a checked one carries the check's ``confirmed``. Returns also whether
    the check ran."""
    tid = row_id(row)
    given = row.data.get("citations")
    ran = False
    if given is None:
        ran = True
        return [{"key": k, "text": t, "status": s, "confirmed": cf, "source": "checked"}
                for k, s, t, cf in _checked_statuses(answer, checker())], ran
    if not isinstance(given, list):
        raise ScoreInputError(f"{row.where()}: 'citations' must be a list")
    out: list[dict[str, Any]] = []
    answer_checked: dict[str, list[tuple[str, bool | None]]] | None = None  # key → (status, confirmed) each
    for c in given:
        status = c.get("status") if isinstance(c, dict) else None
        text = (c.get("citation") or c.get("text") or c.get("key") or "") if isinstance(c, dict) else str(c)
        ks, err = resolver.keys(c)
        if err:
            resolver.unparsed.append({"id": tid, "side": "task", "citation": text, "error": err})
        if status is not None:
            if status not in _STATUSES:
                raise ScoreInputError(f"{row.where()}: unknown status {status!r}; one of {sorted(_STATUSES)}")
            confirmed = c.get("confirmed", True) if isinstance(c, dict) else True
            if not isinstance(confirmed, bool):
                raise ScoreInputError(f"{row.where()}: 'confirmed' must be true or false, not {confirmed!r}")
            for k in ks or (None,):
                out.append({"key": k, "text": text, "status": status,
                            "confirmed": confirmed if status in _DEDUCTED else None, "source": "given"})
            continue
        ran = True
        if answer_checked is None:
            answer_checked = {}
            for k, s, _t, cf in _checked_statuses(answer, checker()):
                if k:
                    answer_checked.setdefault(k, []).append((s, cf))
        found = False
        for k in ks:
            if k in answer_checked:  # a deducted occurrence wins over a clean one, a confirmed one over the rest
                st, cf = sorted(answer_checked[k], key=lambda x: (x[0] not in _DEDUCTED, x[1] is not True))[0]
                out.append({"key": k, "text": text, "status": st, "confirmed": cf, "source": "checked"})
                found = True
        if not found:  # not in the answer text (or not found there): check the string on its own
            for k, s, t, cf in _checked_statuses(text, checker()):
                out.append({"key": k, "text": text, "status": s, "confirmed": cf, "source": "checked"})
                found = True
        if not found:
            raise ScoreInputError(f"{row.where()}: no status for citation {text!r}: the check found nothing")
    return out, ran


# ---------------------------------------------------------------- points and score

def _fraction(x: Any, where: str) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, (int, float, str)):
        raise ScoreInputError(f"{where}: weight must be a number, not {x!r}")
    try:
        f = Fraction(str(x))
    except ValueError:
        raise ScoreInputError(f"{where}: weight must be a number, not {x!r}") from None
    if f < 0:
        raise ScoreInputError(f"{where}: negative weight {x!r}")
    return f


def criteria_share(row: Row) -> tuple[Fraction, bool]:
    """The weighted share of criteria met (exact) and whether every criterion is met."""
    crit = row.need("criteria")
    if not isinstance(crit, list) or not crit:
        raise ScoreInputError(f"{row.where()}: 'criteria' must be a non-empty list")
    total = met = Fraction(0)
    all_met = True
    for c in crit:
        if not isinstance(c, dict) or "met" not in c:
            raise ScoreInputError(f"{row.where()}: each criterion needs 'met' (and optionally 'weight')")
        w = _fraction(c.get("weight", 1), row.where())
        ok = need_bool(c["met"], row.where(), "met")
        total += w
        met += w if ok else 0
        all_met = all_met and ok
    if total == 0:
        raise ScoreInputError(f"{row.where()}: criteria weights sum to 0")
    return met / total, all_met


def task_points(share: Fraction, deducted: int, disclaimer: bool, truncated: bool = False) -> Fraction:
    """max(0, share − 0.25 × deducted − 0.05 × (no disclaimer)), exactly; 0 for an answer cut at the token limit."""
    if truncated:
        return Fraction(0)
    return max(Fraction(0), share - CITATION_PENALTY * deducted - (0 if disclaimer else DISCLAIMER_PENALTY))


def truncated_at_limit(row: Row) -> bool:
    """Whether the runner says the answer stopped at the token limit (``finish_reason: "length"``)."""
    out = False
    for name, value in TRUNCATED.items():
        v = row.data.get(name)
        if v is not None and not isinstance(v, str):
            raise ScoreInputError(f"{row.where()}: {name!r} must be a string, not {v!r}")
        out = out or v == value
    return out


def round_half_up(x: Fraction, ndigits: int) -> float:
    """``x`` rounded to ``ndigits`` decimals with halves rounded up (``0.125`` → ``0.13``), exactly: Python's ``round``
    rounds half to even, on a binary float."""
    q = Decimal(1).scaleb(-ndigits)
    return float((Decimal(x.numerator) / Decimal(x.denominator)).quantize(q, rounding=ROUND_HALF_UP))


KEEP_POLICIES = ("first",)
SCORINGS = ("v2", "v1")
"""``v2`` (default): the rubric share minus the deductions. ``v1``: the method's first scoring, 1 / ½ / 0 per task."""


def _budget(row: Row) -> int | None:
    """The output token budget a line ran with (``max_tokens``, as ``legalcite rag run`` writes it); None if unsaid."""
    v = row.data.get("max_tokens")
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        raise ScoreInputError(f"{row.where()}: 'max_tokens' must be a positive integer (the output budget), not {v!r}")
    return v


def rerun_of(lines: Sequence[Row], budget: int | None = None) -> Row | None:
    """LexAssay's budget rule: "a re-run with the full budget counts" for an answer that stopped at an earlier,
    smaller limit. Of the lines of one task id, the line that counts, when they are such a re-run: one line ran with
    a budget (``max_tokens``) larger than every other line's, that budget is the full one (at least ``budget`` when
    it is given), and every other line stopped at its token limit. None when the lines are no such re-run."""
    given = [_budget(r) for r in lines]  # every line's budget checked, also after a line without one
    budgets = [b for b in given if b is not None]
    if len(budgets) != len(given):
        return None
    top = max(budgets)
    full = [r for r, b in zip(lines, budgets) if b == top]
    if len(full) != 1 or (budget is not None and top < budget):
        return None
    if all(truncated_at_limit(r) for r in lines if r is not full[0]):
        return full[0]
    return None


def _tasks_to_score(rows: Sequence[Row], keep: str | None, budget: int | None = None
                    ) -> tuple[list[Row], list[dict[str, Any]], list[str], list[dict[str, Any]]]:
    """The task lines that are scored, the repeated ids, the void ones and the re-runs. The lines of one id that
    form a re-run (:func:`rerun_of`) score the re-run and list the earlier lines. Any other repeated id is an error
    (a score counts each task once, and which of two answers is the task's is not ours to guess) unless
    ``keep="first"``, which scores the first line of each id and lists the others. A line with ``"void": true`` is
    listed, not scored."""
    by_id: dict[str, list[Row]] = {}
    for r in rows:
        by_id.setdefault(row_id(r), []).append(r)
    chosen: dict[str, Row] = {}
    dups: list[dict[str, Any]] = []
    reruns: list[dict[str, Any]] = []
    for i, lines in by_id.items():
        full = rerun_of(lines, budget) if len(lines) > 1 else None
        if full is not None:
            chosen[i] = full
            reruns.append({"id": i, "line": full.line, "budget": _budget(full),
                           "replaced": [{"line": r.line, "budget": _budget(r)} for r in lines if r is not full]})
            continue
        chosen[i] = lines[0]
        dups += [{"id": i, "line": r.line, "kept_line": lines[0].line} for r in lines[1:]]
    if dups and keep != "first":
        shown = "\n".join(f"  {rows[0].source}:{d['line']} (id {d['id']!r}): the id of line {d['kept_line']} again"
                          for d in dups[:20])
        raise ScoreInputError(f"{len(dups)} repeated task id{'s' if len(dups) > 1 else ''} (each task is scored once; "
                              f"remove the repeats, or pass --keep first to score the first line of each id; a re-run "
                              f"with the full budget counts only when every other line of its id stopped at a smaller "
                              f"max_tokens):\n{shown}")
    scored, void = [], []
    for r in sorted(chosen.values(), key=lambda r: r.line):
        if need_bool(r.data.get("void", False), r.where(), "void"):
            void.append(row_id(r))
        else:
            scored.append(r)
    return scored, dups, void, reruns


def comparability(row: Row, budget: int | None = None) -> dict[str, Any] | None:
    """LexAssay's "not comparable" mark, from what the task line says of its run: the model's ``context_window``
    (tokens), the prompt's size (``usage.prompt_tokens`` as ``rag run`` writes it, or ``prompt_tokens``) and the
    output budget (``budget``, else the line's ``max_tokens``). A model whose window cannot hold the prompt and the
    budget (a small-context local model) could not answer under the benchmark's conditions: returns what was found
    (``{"context_window", "prompt_tokens", "budget", "needed"}``); None when the line is comparable or says too
    little to tell."""
    window = row.data.get("context_window")
    if window is None:
        return None
    usage = row.data.get("usage")
    prompt = usage.get("prompt_tokens") if isinstance(usage, dict) else row.data.get("prompt_tokens")
    out_budget = budget if budget is not None else _budget(row)
    for name, v in (("context_window", window), ("prompt_tokens", prompt)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
            raise ScoreInputError(f"{row.where()}: {name!r} must be a number of tokens, not {v!r}")
    needed = (prompt or 0) + (out_budget or 0)
    if (prompt is None and out_budget is None) or needed <= window:
        return None
    return {"context_window": window, "prompt_tokens": prompt, "budget": out_budget, "needed": needed}


def v1_points(share: Fraction, all_met: bool, truncated: bool = False) -> Fraction:
    """The first scoring (``--scoring v1``): 1 when every criterion is met, ½ when some are, 0 when none are or the
    answer stopped at the token limit; no deductions."""
    if truncated or share == 0:
        return Fraction(0)
    return Fraction(1) if all_met else Fraction(1, 2)


def score(tasks: str | Sequence[Row], *, text_field: str | None = None, ndigits: int = 1,
          checker: Callable[[str], list] | None = None, parse: Callable[..., list] | None = None,
          check_options: dict[str, Any] | None = None, deduct: str = "confirmed",
          keep: str | None = None, budget: int | None = None, scoring: str = "v2") -> dict[str, Any]:
    """The LexAssay report for a task file (path or rows); ``checker`` defaults to :func:`legalcite.check`
    called with ``check_options`` (e.g. ``{"store": path}``). The answer text is ``text_field`` when given,
    else the first of :data:`ANSWER_FIELDS` a line has; a line with none of them is an error. ``deduct``:
    ``confirmed`` (default) deducts only confirmed misattributed/invented verdicts, ``unconfirmed`` every one;
    the others are listed per task under ``unconfirmed_citations``. ``keep="first"``: a repeated task id scores its
    first line (default: an error). Void tasks (``"void": true``) are counted under ``void``, not scored. ``budget``:
    the benchmark's full output budget in tokens (the re-run rule and the "not comparable" mark read it; without it
    the largest ``max_tokens`` of an id is its full budget). ``scoring``: ``v2`` (default) or ``v1`` (1 / ½ / 0)."""
    if deduct not in DEDUCT_POLICIES:
        raise ScoreInputError(f"deduct must be one of {', '.join(DEDUCT_POLICIES)}, not {deduct!r}")
    if keep is not None and keep not in KEEP_POLICIES:
        raise ScoreInputError(f"keep must be one of {', '.join(KEEP_POLICIES)}, not {keep!r}")
    if scoring not in SCORINGS:
        raise ScoreInputError(f"scoring must be one of {', '.join(SCORINGS)}, not {scoring!r}")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 1):
        raise ScoreInputError(f"budget must be a positive number of tokens, not {budget!r}")
    fields = (text_field,) if text_field else ANSWER_FIELDS
    all_rows = rows_of(tasks)
    if not all_rows:
        where = f"{tasks}: " if isinstance(tasks, (str, Path)) else ""
        raise ScoreInputError(f"{where}no task lines: nothing to score")
    rows, dups, void, reruns = _tasks_to_score(all_rows, keep, budget)
    if not rows:
        raise ScoreInputError(f"{all_rows[0].source}: every task is void ({len(void)}): nothing to score")
    resolver = KeyResolver(parse=parse)
    cached: list[Callable[[str], list]] = []

    def get_checker() -> Callable[[str], list]:
        if not cached:
            cached.append(checker or _default_checker(**(check_options or {})))
        return cached[0]

    per_task: list[dict[str, Any]] = []
    total = Fraction(0)
    all_met_count = 0
    status_counts: dict[str, int] = {}
    n_checked = n_no_disclaimer = n_cite_deducted = n_unconfirmed = 0
    truncated_ids: list[str] = []
    below_budget: list[dict[str, Any]] = []
    not_comparable: list[dict[str, Any]] = []
    rerun_ids = {x["id"] for x in reruns}
    for row in rows:
        field, answer = find_text(row, fields)
        if field is None:
            raise expected_fields(row, fields, "answer text")
        share, all_met = criteria_share(row)
        truncated = truncated_at_limit(row)
        cites, ran = task_citations(row, answer or "", resolver=resolver, checker=get_checker)
        n_checked += ran
        for c in cites:
            status_counts[c["status"]] = status_counts.get(c["status"], 0) + 1
        groups = distinct_deducted(cites, deduct)
        deducted = [g["key"] for g in groups]
        spared = sorted({c["key"] or f"?{c['text']}" for c in cites
                         if c["status"] in _DEDUCTED and not counts_against(c, deduct)})
        n_unconfirmed += bool(spared)
        disc = find_disclaimer(answer or "")
        if scoring == "v1":
            pts = v1_points(share, all_met, truncated)
        else:
            pts = task_points(share, len(deducted), disc is not None, truncated)
        mark = comparability(row, budget)
        if mark is not None:
            not_comparable.append({"id": row_id(row), **mark})
        limit = _budget(row)
        if truncated and budget is not None and limit is not None and limit < budget and row_id(row) not in rerun_ids:
            below_budget.append({"id": row_id(row), "line": row.line, "max_tokens": limit})
        total += pts
        clean = all_met and not deducted and not truncated
        all_met_count += clean
        n_no_disclaimer += disc is None
        n_cite_deducted += bool(deducted)
        if truncated:
            truncated_ids.append(row_id(row))
        per_task.append({
            "id": row_id(row), "criteria_share": rounded(float(share)), "all_criteria_met": clean,
            "deducted_citations": deducted, "deducted_groups": groups, "unconfirmed_citations": spared,
            "citation_deduction": rounded(float(CITATION_PENALTY * len(deducted))),
            "disclaimer": None if disc is None else {"kind": disc.kind, "language": disc.language,
                                                     "text": disc.text[:200]},
            "disclaimer_deduction": 0.0 if disc else float(DISCLAIMER_PENALTY),
            "truncated": truncated, "answer_field": field,
            "points": rounded(float(pts)), "citations": cites, "comparable": mark is None,
        })
    n = len(rows)
    exact = total / n * 100
    return {
        "metric": "lexassay", "schema": SCHEMA_VERSION, "n_tasks": n, "n_void": len(void), "n_lines": len(all_rows),
        "score": round_half_up(exact, ndigits), "score_exact": rounded(float(exact)), "scoring": scoring,
        "ndigits": ndigits, "all_criteria_met": all_met_count, "deduct": deduct, "keep": keep, "budget": budget,
        "comparable": not not_comparable, "not_comparable": not_comparable,
        "reruns": reruns, "truncated_below_budget": below_budget,
        "deductions": {"tasks_with_citation_deduction": n_cite_deducted,
                       "tasks_with_unconfirmed_not_deducted": n_unconfirmed,
                       "tasks_without_disclaimer": n_no_disclaimer, "tasks_truncated": len(truncated_ids)},
        "truncated": truncated_ids, "void": void,
        "statuses": dict(sorted(status_counts.items())), "tasks_checked": n_checked,
        "duplicate_ids": dups, "unparsed": resolver.unparsed, "tasks": per_task,
    }


__all__ = ["score", "task_points", "v1_points", "rerun_of", "comparability", "SCORINGS",
           "criteria_share", "distinct_deducted", "counts_against", "task_citations",
           "truncated_at_limit", "round_half_up", "find_disclaimer", "Disclaimer", "KEEP_POLICIES",
           "CITATION_PENALTY", "DISCLAIMER_PENALTY"]
