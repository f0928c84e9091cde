"""Worker processes that a signal can always end: the ordered map of ``legalcite check --workers N``.

Why not :class:`multiprocessing.Pool`: its workers share two queues, each guarded by a lock between processes, and
an idle worker waits for a task *holding* the task queue's lock. A worker killed at that moment (SIGTERM to the
process group) never releases it, and ``Pool.terminate`` — run by ``Pool.__exit__`` on the way out of Ctrl-C or
SIGTERM — takes that lock (``_help_stuff_finish``) and puts a sentinel on the result queue (``outqueue.put``): the
parent blocked for good, its workers zombies (issue 35: 5 of 34 tries). Here each worker has a pipe of its own to
the parent and nothing else is shared, so no process waits on a lock another one may die holding. The parent
handles the signals; a worker ignores Ctrl-C (the parent's to handle), ends at once on SIGTERM (the default
action, no handler, no traceback) and with its parent (Linux ``PR_SET_PDEATHSIG``). Ending the workers sends
SIGTERM, then SIGKILL to what is left after a grace period, and reaps every one (no zombie), with SIGINT and
SIGTERM held back meanwhile so that a second signal cannot cut the clean-up short. Standard library only.
"""
from __future__ import annotations

import contextlib
import ctypes
import multiprocessing as mp
import os
import signal
import sys
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Callable, Iterable, Iterator, cast

_HELD = (signal.SIGINT, signal.SIGTERM)
GRACE = 5.0   # seconds a worker has to end after SIGTERM (or after the end of the tasks) before SIGKILL


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back (blocked, not lost) in this thread for the block, delivered after it."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _die_with_parent() -> None:
    """Ask the kernel to send this process SIGTERM when its parent ends (Linux ``prctl(PR_SET_PDEATHSIG)``);
    nothing where that call does not exist (there the parent's own handlers end the workers)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _serve(conn: Connection, parent: int, fn: Callable[[Any], Any], initializer: Callable[[], None] | None) -> None:
    """A worker: ``fn`` on each task the parent sends, its result (or exception) sent back, until ``None`` or the
    end of the pipe. Started with SIGINT and SIGTERM held (:func:`signals_held`), so that one sent before its own
    dispositions are set takes effect only after (fork copied the parent's handler, which raises)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    _die_with_parent()
    if os.getppid() != parent:  # the parent ended before the line above took effect
        os._exit(0)
    if initializer is not None:
        initializer()
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            break
        if task is None:
            break
        try:
            reply: tuple[bool, Any] = (True, fn(task))
        except Exception as e:  # noqa: BLE001  raised again in the parent, where the caller expects it
            reply = (False, e)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            break
        except Exception as e:  # noqa: BLE001  an exception or result that does not pickle
            conn.send((False, RuntimeError(f"a worker's reply could not be sent back: {e!r}")))
    os._exit(0)  # no exit handlers: nothing of the parent's (buffers copied by fork) is flushed twice


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection


class Workers:
    """``n`` worker processes that run ``fn`` on tasks (:meth:`map`), their results in the tasks' order. Use as a
    context manager: on a normal exit the workers are told to end and joined, on an exception (Ctrl-C, SIGTERM,
    a closed generator) ended at once (:meth:`terminate`); either way every one is reaped before it returns.
    ``initializer`` runs once in each worker, after its signal dispositions are set."""

    def __init__(self, n: int, fn: Callable[[Any], Any], *, initializer: Callable[[], None] | None = None) -> None:
        self._ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        self._fn, self._initializer = fn, initializer
        self._workers: list[_Worker] = []
        try:
            for _ in range(n):
                self._start()
        except BaseException:
            self.terminate()
            raise

    def _start(self) -> _Worker:
        """A new worker, in :attr:`_workers` before a signal can end this process (so it is ended too)."""
        ours, theirs = self._ctx.Pipe()
        with signals_held():  # the child inherits the held mask: no signal reaches it before _serve sets its own
            p = self._ctx.Process(target=_serve, args=(theirs, os.getpid(), self._fn, self._initializer),
                                  daemon=True)
            p.start()
            theirs.close()
            w = _Worker(p, ours)
            self._workers.append(w)
        return w

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, exc_type: Any, *exc: Any) -> None:
        if exc_type is None:
            self.close()
        else:
            self.terminate()

    def map(self, tasks: Iterable[Any], lost: Callable[[Any, int | None], Any]) -> Iterator[Any]:
        """``fn(task)`` for each task, in the workers, yielded in the tasks' order (one task per worker at a time;
        the next is read from ``tasks`` when a worker is free). A task whose worker ended before answering (killed,
        out of memory) gives ``lost(task, exit code)`` (a negative code: the signal that ended it), and a new
        worker takes the dead one's place; ``lost`` may raise instead. An exception ``fn`` raised is raised here."""
        todo = iter(tasks)
        busy: dict[Connection, tuple[int, Any, _Worker]] = {}
        idle = list(self._workers)
        done: dict[int, Any] = {}
        sent = given = 0
        more = True
        while True:
            while more and idle:
                task = next(todo, _END)
                if task is _END:
                    more = False
                    break
                w = idle.pop()
                while not self._send(w, task):     # it died while idle: a new one takes the task
                    w = self._replace(w)
                busy[w.conn] = (sent, task, w)
                sent += 1
            while given in done:
                yield done.pop(given)
                given += 1
            if not busy:
                if not more:
                    return
                continue
            for ready in wait(list(busy)):  # (those of the connections given it that are ready)
                i, task, w = busy.pop(cast(Connection, ready))
                try:
                    ok, value = w.conn.recv()
                except (EOFError, OSError):      # the worker ended without answering
                    code = self._reap(w)
                    idle.append(self._replace(w, reaped=True))
                    done[i] = lost(task, code)
                    continue
                if not ok:
                    raise value
                done[i] = value
                idle.append(w)

    def _send(self, w: _Worker, task: Any) -> bool:
        try:
            w.conn.send(task)
            return True
        except (BrokenPipeError, ConnectionResetError, EOFError):
            return False

    def _reap(self, w: _Worker) -> int | None:
        """Wait for a worker whose pipe closed (it ends, or is ended after :data:`GRACE`); its exit code."""
        w.process.join(GRACE)
        if w.process.exitcode is None:
            w.process.kill()
            w.process.join()
        return w.process.exitcode

    def _replace(self, w: _Worker, *, reaped: bool = False) -> _Worker:
        if not reaped:
            self._reap(w)
        w.conn.close()
        self._workers.remove(w)
        return self._start()

    def close(self) -> None:
        """The tasks are done: each worker is told to end and joined (ended after :data:`GRACE` if it does not)."""
        with signals_held():
            for w in self._workers:
                self._send(w, None)
            self._join(time.monotonic() + GRACE)

    def terminate(self) -> None:
        """End every worker now: SIGTERM, SIGKILL after :data:`GRACE`, each reaped; signals held meanwhile."""
        with signals_held():
            for w in self._workers:
                if w.process.exitcode is None:
                    w.process.terminate()
            self._join(time.monotonic() + GRACE)

    def _join(self, deadline: float) -> None:
        for w in self._workers:
            w.process.join(max(0.0, deadline - time.monotonic()))
        for w in self._workers:
            if w.process.exitcode is None:
                w.process.kill()
                w.process.join()
            w.conn.close()
        self._workers = []


_END = object()
