"""LEXam-style grading of open answers by an ensemble of LLM judges over OpenAI-compatible endpoints.

LEXam grades each open answer against the professors' reference answer with LLM judges and pools the ensemble's
scores by their minimum. Here every (answer, judge) pair is one chat request through :mod:`legalcite.llm` (retries
with backoff, per-request deadline, token and cost accounting), so a run is resumable and a repeated request is
answered from an on-disk cache. Files of a run ``-o OUT``:

- ``OUT.calls.jsonl``: one line per (id, judge): the judgment text, the score read from it, tokens, attempts.
  Appended and flushed as answers arrive; a rerun sends only the pairs not in it (and those that failed).
- ``OUT.calls.jsonl.errors.jsonl``: the pairs that still failed after their retries in the latest run.
- ``OUT``: one line per answer, rewritten (atomically) at the end of every run from the calls:
  ``{"id", "language", "scores": {judge: score}, "pool", "pooled", "complete", "unscored_judges"}`` — the file
  ``legalcite score mcq --open`` and ``legalcite score agreement`` read.

The judge's score is the first ``[[x]]`` in its answer (LEXam's format, ``Correctness score: [[0.7]]``); a judgment
without one scores 0, as in LEXam, and is listed (``unscored_judges``); a score outside [0, 1] (``[[7]]``) is no score
at all: the judge is listed under ``out_of_range`` with what it wrote, and the answer is incomplete. The default
prompt is LEXam's judging criteria in our wording, shipped as a versioned file
(``legalcite/metrics/judge_prompt_lexam.json``, documented in ``docs/metrics.md``); ``--prompt FILE`` or
``--system``/``--template`` replace it, and every judged line and call records the prompt's id (``name@version``,
or ``custom@<hash>``), so judgments made with another prompt are never mixed into a run.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from legalcite._util import Progress, cache_dir
from legalcite.errors import InputError
from legalcite.io import dumps, read_records
from legalcite.io.files import atomic_path
from legalcite.llm import (Endpoint, JudgeInputError, PromptFile, Request, SqliteCache, answered, check_template,
                           done_keys, parse_judge, run_requests, strip_reasoning, usage_totals)
from legalcite.llm import load_prompt as _load_prompt
from legalcite.metrics.io import ANSWER_FIELDS
from legalcite.metrics.lexam import POOLS, on_judge_scale

PROMPT_FILE = "judge_prompt_lexam.json"
TEMPLATE_FIELDS = ("{question}", "{reference_answer}", "{answer}")   # the placeholders of a LEXam judge template


JudgePrompt = PromptFile
"""A judge prompt: system message and user template (placeholders ``{question}``, ``{reference_answer}``,
``{answer}``), named and versioned so that every judged line says which prompt graded it (``id``)."""


def load_prompt(path: str | Path | None = None, *, shipped: tuple[str, str] = ("legalcite.metrics", PROMPT_FILE),
                fields: Sequence[str] = TEMPLATE_FIELDS) -> JudgePrompt:
    """A prompt file (JSON: ``name``, ``version``, ``system``, ``template`` as a string or a list of lines, optional
    ``source``); when ``path`` is None, the file ``shipped`` names (package, file): by default LEXam's judging
    criteria (``legalcite/metrics/judge_prompt_lexam.json``). ``fields``: the placeholders its template must hold
    (the attribution opinion's prompt has its own: :mod:`legalcite.attribution.opinion`). The reader is
    :func:`legalcite.llm.load_prompt`; this one adds LEXam's defaults."""
    return _load_prompt(path, shipped=shipped, fields=fields)


def prompt_id(system: str, template: str) -> str:
    """Which prompt graded a judgment: the default's ``name@version``, else ``custom@`` and a hash of the texts."""
    if (system, template) == (DEFAULT_PROMPT.system, DEFAULT_PROMPT.template):
        return DEFAULT_PROMPT.id
    return "custom@" + hashlib.sha256(f"{system}\0{template}".encode("utf-8")).hexdigest()[:12]


SCORE_PATTERN = r"\[\[\s*(-?\d+(?:\.\d+)?)\s*\]\]"
REFERENCE_FIELDS = ("reference_answer", "gold_answer", "reference")


@dataclass
class JudgeItem:
    """One answer to grade, with its question and reference (joined on ``id``)."""

    id: Any
    question: str
    reference: str
    answer: str
    language: str | None = None


# ------------------------------------------------------------------ judges

def load_judges(path: str | Path, *, default_params: dict[str, Any] | None = None) -> list[Endpoint]:
    """Judges from a JSON file: a list of ``{"name", "model", "endpoint", "api_key_env", "price_in", "price_out",
    "temperature", "max_tokens"}`` (only ``model`` and ``endpoint`` are required)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise JudgeInputError(f"{path}: cannot read the judges ({e})") from None
    if not isinstance(data, list) or not data:
        raise JudgeInputError(f"{path}: expected a non-empty JSON list of judges")
    out = []
    for i, j in enumerate(data, 1):
        if not isinstance(j, dict) or not j.get("model") or not j.get("endpoint"):
            raise JudgeInputError(f"{path}: judge {i} needs 'model' and 'endpoint'")
        params = dict(default_params or {})
        for k in ("temperature", "max_tokens"):
            if k in j:
                params[k] = j[k]
        key = os.environ.get(j["api_key_env"]) if j.get("api_key_env") else None
        out.append(Endpoint(j["endpoint"], j["model"], name=j.get("name"), api_key=key, params=params,
                            price_in=float(j.get("price_in", 0)), price_out=float(j.get("price_out", 0))))
    return out


def _check_names(judges: Sequence[Endpoint]) -> None:
    labels = [j.label for j in judges]
    dup = sorted({x for x in labels if labels.count(x) > 1})
    if dup:
        raise JudgeInputError(f"two judges are named {dup[0]!r}: give each a NAME= (their scores are keyed by it)")
    if not judges:
        raise JudgeInputError("no judge given (--judge NAME=MODEL@URL, or --judges FILE)")


# ------------------------------------------------------------------ prompts and scores

def messages(item: JudgeItem, *, system: str | None = None, template: str | None = None) -> list[dict]:
    """The chat messages a judge gets for one answer (the default prompt's parts where none are given)."""
    system = DEFAULT_SYSTEM if system is None else system
    template = DEFAULT_TEMPLATE if template is None else template
    user = template.replace("{question}", item.question).replace("{reference_answer}", item.reference) \
        .replace("{answer}", strip_reasoning(item.answer))
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


DEFAULT_PROMPT = load_prompt()
DEFAULT_SYSTEM = DEFAULT_PROMPT.system
DEFAULT_TEMPLATE = DEFAULT_PROMPT.template


def extract_score(text: str, pattern: str = SCORE_PATTERN) -> float | None:
    """The first ``[[x]]`` of a judgment as written (group 1 of ``pattern``); None when there is none."""
    m = re.search(pattern, text or "")
    if not m:
        return None
    try:
        return float(m.group(1) if m.re.groups else m.group(0))
    except ValueError:
        return None


def judged_score(text: str, pattern: str = SCORE_PATTERN) -> tuple[float | None, str | None]:
    """``(score, problem)`` of a judgment on the 0–1 scale: ``(x, None)``; ``(0.0, "no_score")`` when it has no
    ``[[x]]`` (LEXam: such a judgment scores 0); ``(None, "out_of_range")`` when ``x`` is outside [0, 1]
    (``[[7]]``): not a score on this scale, never capped to one."""
    v = extract_score(text, pattern)
    if v is None:
        return 0.0, "no_score"
    if not on_judge_scale(v):
        return None, "out_of_range"
    return v, None


# ------------------------------------------------------------------ reading the answers

def read_items(answers: str | Path, questions: str | Path | None = None, *, answer_field: str | None = None,
               ) -> tuple[list[JudgeItem], list[Any]]:
    """The answers to grade, joined on ``id`` with their questions (``question``, ``reference_answer``; from
    ``questions`` or the answer line itself). Returns the items and the bad lines (reported, not graded): a line
    without an answer, a question or a reference. No line with an answer field at all is an error."""
    qs: dict[Any, dict[str, Any]] = {}
    bad: list[Any] = []
    if questions is not None:
        good, qbad = read_records(questions)
        bad += qbad
        for qline in good:
            if qline.id is not None and qline.data is not None:   # (data is None for plain text only)
                qs.setdefault(qline.id, qline.data)
    good, abad = read_records(answers)
    bad += abad
    fields = (answer_field,) if answer_field else ANSWER_FIELDS
    if good and not any(f in (r.data or {}) for r in good for f in fields):
        have = sorted({k for r in good for k in (r.data or {})})
        raise InputError(f"{answers}: no line has an answer field ({', '.join(fields)}); the lines have "
                         f"{', '.join(have[:12])} — name it with --answer-field")
    items: list[JudgeItem] = []
    seen: set = set()
    for r in good:
        d = r.data or {}
        if r.id is None or isinstance(r.id, bool) or not isinstance(r.id, (str, int)):
            bad.append(r.bad("no 'id' (a string or an integer): a graded answer must say which question it answers"))
            continue
        if r.id in seen:
            bad.append(r.bad(f"repeated id {r.id!r}: only its first answer is graded"))
            continue
        seen.add(r.id)
        field_name = next((f for f in fields if f in d), None)
        answer = d.get(field_name) if field_name else None
        if answer is None or not isinstance(answer, str):
            bad.append(r.bad(f"no answer text (expected a string in one of {', '.join(fields)})"))
            continue
        q = {**qs.get(r.id, {}), **{k: v for k, v in d.items() if k in ("question", *REFERENCE_FIELDS)}}
        ref = next((q[f] for f in REFERENCE_FIELDS if isinstance(q.get(f), str) and q[f].strip()), None)
        if not isinstance(q.get("question"), str) or ref is None:
            where = "in --questions" if questions is not None else "(pass --questions with the question file)"
            bad.append(r.bad(f"no question and reference answer for id {r.id!r} {where}"))
            continue
        lang = d.get("language") or qs.get(r.id, {}).get("language")
        items.append(JudgeItem(r.id, q["question"], ref, answer, lang if isinstance(lang, str) else None))
    return items, bad


# ------------------------------------------------------------------ the run

def calls_path(out_path: Path) -> Path:
    """Where the per-call judgments of ``out_path`` go: ``OUT.calls.jsonl`` beside it (what a rerun reads to skip pairs
    already judged)."""
    return out_path.with_name(out_path.name + ".calls.jsonl")


def _call_key(record: dict[str, Any]) -> tuple[str, str, str | None]:
    """A judgment is one (answer, judge, prompt): a rerun with another prompt grades again."""
    return (json.dumps(record["id"]), record["judge"], record.get("prompt"))


def judge(items: Sequence[JudgeItem], judges: Sequence[Endpoint], out_path: str | Path, *, pool: str = "min",
          system: str | None = None, template: str | None = None, score_pattern: str = SCORE_PATTERN,
          cache: Any = None, concurrency: int = 4, retries: int = 4, backoff: float = 1.0, timeout: float = 120.0,
          progress: bool = False) -> dict[str, Any]:
    """Grade every item by every judge (pairs already in ``OUT.calls.jsonl`` with the same prompt are skipped),
    then rewrite ``OUT`` with the pooled scores. ``system``/``template`` default to the shipped prompt. Returns this
    run's counts, tokens and cost (per judge too), the file's totals, and the prompt's id."""
    if pool not in POOLS:
        raise JudgeInputError(f"pool must be one of {sorted(POOLS)}")
    system = DEFAULT_SYSTEM if system is None else system
    template = DEFAULT_TEMPLATE if template is None else template
    _check_names(judges)
    check_template(template, TEMPLATE_FIELDS)
    re.compile(score_pattern)
    pid = prompt_id(system, template)
    out_path = Path(out_path)
    calls = calls_path(out_path)
    done = done_keys(calls, _call_key)
    requests = [Request((json.dumps(it.id), j.label, pid), j, messages(it, system=system, template=template),
                        {"id": it.id, "judge": j.label, "prompt": pid})
                for it in items for j in judges if (json.dumps(it.id), j.label, pid) not in done]
    prog = None
    if progress:
        prog = Progress("judge", len(requests))
    stats = run_requests(requests, calls, concurrency=concurrency, retries=retries, backoff=backoff,
                         timeout=timeout, cache=cache, progress=prog)
    stats["prompt"] = pid
    stats["skipped_already_done"] = len(items) * len(judges) - len(requests)
    prices: dict[str | None, tuple[float, float]] = {j.label: (j.price_in, j.price_out) for j in judges}
    stats["file_totals"] = usage_totals(calls, _call_key, lambda r: prices.get(r.get("judge"), (0.0, 0.0)))
    stats.update(write_judged(items, judges, out_path, pool=pool, score_pattern=score_pattern, prompt=pid))
    return stats


def write_judged(items: Sequence[JudgeItem], judges: Sequence[Endpoint], out_path: Path, *, pool: str = "min",
                 score_pattern: str = SCORE_PATTERN, prompt: str | None = None) -> dict[str, Any]:
    """``OUT`` from the calls log (the judgments made with ``prompt``, default the shipped one): per answer the
    judges' scores, the pooled score, and what is missing or out of range. An answer is complete when every judge
    gave a score on the 0–1 scale; only a complete answer is pooled."""
    prompt = DEFAULT_PROMPT.id if prompt is None else prompt
    by_pair: dict[tuple[str, str, str | None], dict[str, Any]] = {}
    for r in answered(calls_path(out_path)):
        by_pair.setdefault(_call_key(r), r)
    names = [j.label for j in judges]
    incomplete = unscored = out_of_range = 0
    with atomic_path(out_path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        for it in items:
            scores: dict[str, float] = {}
            no_score: list[str] = []
            outside: dict[str, float | None] = {}
            missing: list[str] = []
            for name in names:
                call = by_pair.get((json.dumps(it.id), name, prompt))
                if call is None:
                    missing.append(name)
                    continue
                s, problem = judged_score(call.get("output", ""), score_pattern)
                if s is None:  # out_of_range, the one problem without a score ([[7]] on a 0–1 scale): never capped
                    outside[name] = extract_score(call.get("output", ""), score_pattern)
                    continue
                if problem == "no_score":  # LEXam: a judgment without [[score]] scores 0
                    no_score.append(name)
                scores[name] = s
            complete = len(scores) == len(names)
            incomplete += not complete
            unscored += bool(no_score)
            out_of_range += bool(outside)
            rec = {"id": it.id, "language": it.language, "scores": scores, "pool": pool,
                   "pooled": POOLS[pool](list(scores.values())) if complete else None, "complete": complete,
                   "missing_judges": missing, "unscored_judges": no_score, "out_of_range": outside,
                   "prompt": prompt}
            fh.write(dumps(rec) + "\n")
    return {"items": len(items), "incomplete_items": incomplete, "items_with_unscored_judgment": unscored,
            "items_with_out_of_range_score": out_of_range}


def default_cache() -> SqliteCache:
    """The judge cache in legalcite's cache directory (``$LEGALCITE_CACHE`` or the user cache dir)."""
    return SqliteCache(cache_dir() / "judge.sqlite")


__all__ = ["judge", "read_items", "parse_judge", "load_judges", "messages", "extract_score", "judged_score",
           "strip_reasoning", "JudgeItem", "JudgeInputError", "JudgePrompt", "load_prompt", "prompt_id",
           "DEFAULT_PROMPT", "DEFAULT_SYSTEM", "DEFAULT_TEMPLATE", "SCORE_PATTERN", "POOLS", "default_cache",
           "calls_path", "write_judged"]
