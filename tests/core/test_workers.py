"""``legalcite.core.workers``: the worker processes of ``check --workers N`` (issue 35: ``multiprocessing.Pool``
hung for good when a worker died holding a queue's lock). Results in order; a worker's exception raised in the
parent; a worker that dies costs its task only (``lost``) and is replaced; every way out reaps every worker."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from legalcite.core.workers import Workers

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the tests' functions reach the workers by fork")


def _square(x: int) -> int:
    if x == -1:
        raise ValueError("minus one")
    if x == -9:
        os.kill(os.getpid(), signal.SIGKILL)   # a worker that dies while it works (the OOM killer)
    if x == -8:
        time.sleep(600)                        # a worker still busy when the run ends
    return x * x


def _lost(task: int, code: int | None) -> str:
    return f"lost {task}: {code}"


def _alive(pid: int) -> bool:
    """Whether ``pid`` exists and is no zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _pids(pool: Workers) -> list[int]:
    return [w.process.pid for w in pool._workers]


def test_results_come_in_the_tasks_order_and_every_worker_is_reaped() -> None:
    with Workers(3, _square) as pool:
        pids = _pids(pool)
        assert list(pool.map(range(100), _lost)) == [x * x for x in range(100)]
        assert list(pool.map([], _lost)) == []
        assert list(pool.map([7], _lost)) == [49]
    assert pids and not any(_alive(p) for p in pids)   # joined: neither running nor a zombie


def test_an_exception_of_the_function_is_raised_in_the_parent() -> None:
    with pytest.raises(ValueError, match="minus one"):
        with Workers(2, _square) as pool:
            pids = _pids(pool)
            list(pool.map([1, 2, -1, 3], _lost))
    assert not any(_alive(p) for p in pids)


def test_a_worker_that_dies_costs_its_task_only_and_is_replaced() -> None:
    with Workers(2, _square) as pool:
        first = set(_pids(pool))
        assert list(pool.map([1, -9, 3, 4, -9, 6], _lost)) == [1, f"lost -9: {-signal.SIGKILL}", 9, 16,
                                                              f"lost -9: {-signal.SIGKILL}", 36]
        assert len(pool._workers) == 2 and set(_pids(pool)) != first
        os.kill(_pids(pool)[0], signal.SIGKILL)            # one dies while idle: the next task goes to another
        pool._workers[0].process.join()
        assert list(pool.map(range(6), _lost)) == [x * x for x in range(6)]


def test_lost_may_end_the_run() -> None:
    def stop(task: int, code: int | None) -> str:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        with Workers(2, _square) as pool:
            pids = _pids(pool)
            list(pool.map([1, -9, 3], stop))
    assert not any(_alive(p) for p in pids)


def test_leaving_mid_map_ends_busy_workers_at_once() -> None:
    """Ctrl-C, SIGTERM or a closed generator while workers are busy: each is ended (SIGTERM) and reaped."""
    with pytest.raises(KeyboardInterrupt):
        with Workers(2, _square) as pool:
            pids = _pids(pool)
            results = pool.map([1, -8, -8, 4], _lost)
            assert next(results) == 1
            raise KeyboardInterrupt
    assert not any(_alive(p) for p in pids)


def test_workers_ignore_ctrl_c_and_end_on_sigterm_without_a_handler() -> None:
    with Workers(1, _square) as pool:
        [pid] = _pids(pool)
        os.kill(pid, signal.SIGINT)                 # the parent's to handle: the worker goes on
        assert list(pool.map([5], _lost)) == [25]
        os.kill(pid, signal.SIGTERM)                # ends at once (the default action: no traceback)
        pool._workers[0].process.join(30)
        assert pool._workers[0].process.exitcode == -signal.SIGTERM
