"""A citation scorer for inspect-ai evals (``pip install 'legalcite[inspect]'``): every citation in the model's
answer checked as ``legalcite check`` checks it, the statuses counted per sample and the LexAssay deduction
reported as metrics.

    from inspect_ai import Task, task
    from inspect_ai.solver import generate
    from legalcite.integrations.inspect import citation_check

    @task
    def cited_answers():
        return Task(dataset=..., solver=generate(), scorer=citation_check(store="store.sqlite"))

Each sample's score is a dict: one count per status (``real``, ``invented``, ``misattributed``, …; 0 when none),
``lexassay_deduction`` (0.25 per distinct deducted citation whose verdict is confirmed: the rule of ``legalcite score
lexassay``, :func:`legalcite.deduction.distinct_deducted`) and ``lexassay_unconfirmed`` (what the deducted
verdicts no second signal confirmed would add). Metrics: the total and the mean per sample of each count, the mean
of each deduction. The score's metadata holds the record ``legalcite check`` writes for the answer (every citation
with its status, reason and evidence), its explanation one line per citation. docs/agents.md.
"""
from __future__ import annotations

import threading
from typing import Any

from legalcite.checker import Answer, CheckOptions, check_answer
from legalcite.corpora.store import open_store
from legalcite.deduction import CITATION_PENALTY, distinct_deducted
from legalcite.extras import require

require("inspect", "legalcite.integrations.inspect")   # before inspect_ai is imported: the extra named, not a traceback

from inspect_ai.scorer import (Metric, SampleScore, Score, Scorer, Target, mean,  # noqa: E402
                               metric, scorer)
from inspect_ai.solver import TaskState  # noqa: E402

from legalcite.status import Status  # noqa: E402

__all__ = ["citation_check", "score_values", "total", "STATUSES"]

STATUSES = tuple(s.value for s in Status)
DEDUCTIONS = ("lexassay_deduction", "lexassay_unconfirmed")
_CHECKING = threading.Lock()   # one check at a time: the store's connection and the claim models are shared


def score_values(record: dict[str, Any]) -> dict[str, float]:
    """A sample's score from the record ``legalcite check`` writes for its answer: a count per status and the two
    deductions (see the module doc)."""
    cites = record["citations"]
    confirmed = len(distinct_deducted(cites, "confirmed"))
    every = len(distinct_deducted(cites, "unconfirmed"))
    counts = {s: 0.0 for s in STATUSES}
    for c in cites:
        counts[c["status"]] += 1
    return {**counts, "lexassay_deduction": float(CITATION_PENALTY * confirmed),
            "lexassay_unconfirmed": float(CITATION_PENALTY * (every - confirmed))}


@metric
def total() -> Metric:
    """The sum over samples (the citations of a status in the whole eval); samples left unscored count nothing."""

    def compute(scores: list[SampleScore]) -> float:
        values = [s.score.as_float() for s in scores]
        return float(sum(v for v in values if v == v))

    return compute


@scorer(metrics={**{s: [total(), mean()] for s in STATUSES}, **{d: [mean()] for d in DEDUCTIONS}})
def citation_check(store: str | None = None, *, question: bool = True, jurisdiction: str | None = None,
                   attribution: bool = True, max_seconds: float | None = None) -> Scorer:
    """Check the citations of each answer (``state.output.completion``) against the corpus ``store`` (default:
    ``LEGALCITE_STORE`` or the user data dir). ``question``: the sample's input is the question the answer
    answers (a citation whose sentence states nothing more is judged against it). ``jurisdiction``: for citations
    that do not say theirs. ``attribution``: run the misattribution test. ``max_seconds``: each answer's budget; an
    answer past it, or one that cannot be checked, is unscored, its reason said."""
    import anyio.to_thread  # anyio: heavy

    # a missing or damaged store fails the eval at its start, not each sample
    options = CheckOptions(store=open_store(store), jurisdiction=jurisdiction, attribution=attribution,
                           max_seconds=max_seconds)

    def checked(text: str, asked: str | None) -> dict[str, Any]:
        with _CHECKING:
            return check_answer(Answer(1, None, text, asked), options)

    async def score(state: TaskState, target: Target) -> Score:
        text = state.output.completion
        record = await anyio.to_thread.run_sync(checked, text, asked_in(state) if question else None)
        if "error" in record:
            return Score.unscored(reason=f"not checked: {record['error']}", answer=text[:200])
        return Score(value=score_values(record), answer=", ".join(c["text"] for c in record["citations"]),
                     explanation="\n".join(f"{c['text']} ({c.get('key') or 'no key'}): {c['status']}, {c['reason']}"
                                           for c in record["citations"]) or "no citation",
                     metadata={"legalcite": {"citations": record["citations"], "summary": record["summary"]}})

    return score


def asked_in(state: TaskState) -> str | None:
    """The sample's input as text (its user message), or None where it has none (a conversation of other turns)."""
    try:
        return state.input_text or None
    except ValueError:
        return None
