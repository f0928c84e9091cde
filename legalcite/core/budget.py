"""A time budget for one answer: ``check --max-seconds`` and ``check(..., timeout=)``.

Every stage is linear in its text (``benchmarks/worst_case.py``), but a long text of dense anchors still takes
seconds, and a server that checks untrusted text must not let one answer hold it. :class:`Budget` gives an answer its
seconds; the stages that loop over a text's anchors or citations call :func:`spend` as they go (the scan's
candidates, the linkers, the resolver, the claims, the attribution models), which raises :class:`OverBudget` once the
answer's time is up — the checker makes that the answer's error record and goes on with the next one. Without a
budget :func:`spend` costs one context-variable read. Cooperative, so it works in any thread and in worker
processes alike; standard library only.
"""
from __future__ import annotations

import time
from contextvars import ContextVar, Token

from legalcite.errors import LegalciteError

clock = time.monotonic  # (tests replace it with a clock that moves when asked)


class OverBudget(LegalciteError):
    """An answer ran past its time budget; ``str(e)`` says how long it had and where it stopped."""


class Budget:
    """``seconds`` for one answer, spent while a ``with`` block of it runs (entered again, it goes on with what is
    left: the checker reads an answer's citations, then later judges its claims). ``None``: no limit."""

    __slots__ = ("seconds", "spent", "_deadline", "_started", "_token")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.spent = 0.0
        self._deadline: float | None = None
        self._started = 0.0
        self._token: Token[Budget | None] | None = None

    def __enter__(self) -> "Budget":
        self._started = clock()
        self._deadline = None if self.seconds is None else self._started + self.seconds - self.spent
        self._token = _CURRENT.set(self if self.seconds is not None else None)
        return self

    def __exit__(self, *exc: object) -> None:
        self.spent += clock() - self._started
        if self._token is not None:
            _CURRENT.reset(self._token)
            self._token = None

    def over(self) -> bool:
        """Whether the time has run out: never for a ``None`` budget or before the first ``with``; the deadline is set
        on entering, from what is left."""
        return self._deadline is not None and clock() > self._deadline


    def spend(self, where: str) -> None:
        """Raise :class:`OverBudget` when this budget is spent; ``where``: the stage, for the message."""
        if self.over():
            raise OverBudget(f"the answer took longer than its time budget of {self.seconds:g} s (stopped while "
                             f"{where}); raise --max-seconds (timeout=) to check it whole")


_CURRENT: ContextVar[Budget | None] = ContextVar("legalcite_budget", default=None)


def current() -> Budget | None:
    """The budget of the answer being worked on, if it has one (a loop over many anchors asks once, then spends)."""
    return _CURRENT.get()


def spend(where: str) -> None:
    """Raise :class:`OverBudget` when the answer being worked on has a budget and it is spent; ``where``: the stage,
    for the message (``reading citations``, ``judging claims``)."""
    budget = _CURRENT.get()
    if budget is not None:
        budget.spend(where)
