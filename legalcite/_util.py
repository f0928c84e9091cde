"""Small helpers shared by stages that have nothing else in common (standard library only)."""
from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sys
import threading
import time
from pathlib import Path
from typing import IO, Callable, Iterator
from urllib.parse import quote

# What is being loaded, said while it takes long (loading()); the CLI shows it on stderr, a library caller sees it
# only if it configures this logger.
LOADING = logging.getLogger("legalcite.loading")
LOADING_AFTER = 1.0   # seconds a load runs before it is said

# Bytes one record may take, however it comes: an answer of an official source (legalcite.net), a body expanding
# from a compressed encoding (a gzip bomb is refused past it), a line of a snapshot file (legalcite.corpora), and what
# the input reader skips of one record too long before it gives up on the input (legalcite.io.decode).
MAX_DECODED = 64 * 1024 * 1024


def sha256_file(path: str | Path) -> str:
    """Hex SHA-256 of a file, read in 1 MiB blocks (downloads, index manifests)."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def cache_dir() -> Path:
    """``$LEGALCITE_CACHE`` if set, else the platform's user cache dir (online answers, official downloads)."""
    base = os.environ.get("LEGALCITE_CACHE")
    if base is None:
        import platformdirs  # start-up: kept off `legalcite extract`

        base = platformdirs.user_cache_dir("legalcite")
    return Path(base)


def shared_dir() -> Path:
    """The folder of the shared corpora and test data: ``$LEGALCITE_SHARED``, else ``shared`` beside the checkout
    (the layout of a development clone and of CI; an installed package has no such folder, so callers say so)."""
    env = os.environ.get("LEGALCITE_SHARED")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "shared"


def url_segment(value: str) -> str:
    """Percent-quote one URL path segment: ``/``, ``..``, ``?``, ``#``, ``@`` can never leave it."""
    q = quote(value, safe="")
    return q.replace(".", "%2E") if q in (".", "..") else q


@contextlib.contextmanager
def loading(what: str, after: float | None = None) -> Iterator[None]:
    """Say ``what`` is being loaded (``LOADING``, level INFO) once it has taken ``after`` seconds (default
    :data:`LOADING_AFTER`; 0: at once): a first search that compiles a kernel and loads a model, a check that reads
    a large law's tables, speak after a second instead of leaving the terminal silent; a quick load says nothing."""
    if not LOADING.isEnabledFor(logging.INFO):
        yield
        return
    wait = LOADING_AFTER if after is None else after
    if wait <= 0:
        LOADING.info("%s …", what)
        yield
        return
    done = threading.Event()

    def say_if_still_loading() -> None:
        if not done.wait(wait):
            LOADING.info("%s …", what)

    threading.Thread(target=say_if_still_loading, daemon=True).start()
    try:
        yield
    finally:
        done.set()


class _CurrentStderr(logging.StreamHandler):
    """A handler writing to whatever ``sys.stderr`` is when a record comes (a test may have replaced it)."""

    @property
    def stream(self) -> IO[str]:
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:
        pass


def say_loading_on_stderr() -> None:
    """Show :func:`loading` messages on stderr as ``legalcite: loading … …`` (the CLI; once per process)."""
    if not any(isinstance(h, _CurrentStderr) for h in LOADING.handlers):
        handler = _CurrentStderr()
        handler.setFormatter(logging.Formatter("legalcite: %(message)s"))
        LOADING.addHandler(handler)
        LOADING.setLevel(logging.INFO)
        LOADING.propagate = False


class StatusLine:
    """Where a progress line goes and how often. On a terminal: one line rewritten in place (``\\r``) at most every
    ``every`` seconds. Anywhere else (a log, a CI job, a pipe): a plain line at most every ``line_every`` seconds,
    because ``\\r`` rewrites nothing there and a step that prints nothing for minutes looks hung. ``at_once``: the
    first line is shown at once (a download, a build); otherwise only a run longer than the interval shows one (a
    quick ``check`` in a script stays as quiet as before). ``stream`` None: stderr as it is when a line is shown;
    ``tty`` and ``clock`` are for tests."""

    def __init__(self, stream: IO[str] | None = None, *, every: float = 0.25, line_every: float = 5.0,
                 at_once: bool = True, tty: bool | None = None, clock: Callable[[], float] | None = None) -> None:
        self._stream, self.every, self.line_every, self.clock = stream, every, line_every, clock
        out = self.stream
        self.tty = tty if tty is not None else bool(getattr(out, "isatty", lambda: False)())
        self._last: float | None = None if at_once else self.now()
        self._open = False    # a rewritten line waits for its line break

    @property
    def stream(self) -> IO[str]:
        """Where lines go: the stream given, else ``sys.stderr`` as it is now (read at each line, so a test's or the
        CLI's replacement of stderr is honoured)."""
        return self._stream if self._stream is not None else sys.stderr

    def now(self) -> float:
        """The clock's reading (``time.monotonic`` unless a test gives another)."""
        return (self.clock or time.monotonic)()

    def due(self, *, now: float | None = None, force: bool = False) -> bool:
        """Whether a line is to be shown now (its interval has passed, or ``force``); if so, the interval restarts.
        Asked before a costly line is formatted."""
        now = self.now() if now is None else now
        if not force and self._last is not None and now - self._last < (self.every if self.tty else self.line_every):
            return False
        self._last = now
        return True

    def write(self, text: str, *, end: bool = False) -> None:
        """Show ``text`` now; ``end``: the last line of this progress (a terminal's rewritten line is closed)."""
        if self.tty:
            self.stream.write(f"\r{text}   " + ("\n" if end else ""))
            self._open = not end
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def show(self, text: str, *, now: float | None = None, force: bool = False, end: bool = False) -> bool:
        """:meth:`write` ``text`` if it is :meth:`due` (an ``end`` always is); returns whether it was shown."""
        if not self.due(now=now, force=force or end):
            return False
        self.write(text, end=end)
        return True

    def close(self) -> None:
        """End a terminal's rewritten line (nothing to do elsewhere: every plain line has its break)."""
        if self._open:
            self.stream.write("\n")
            self.stream.flush()
            self._open = False


class Progress:
    """Progress on stderr with rate and ETA: a rewritten line on a terminal; otherwise a plain line per 10% and at
    least every few seconds between them (a slow embedding must not sit silent in a log for minutes); silent when
    off. The rate counts only what this run did (work found done at the first call, such as cached embeddings,
    does not inflate it)."""

    def __init__(self, label: str, total: int, enabled: bool = True, line_every: float = 5.0):
        self.label, self.total, self.enabled = label, max(total, 1), enabled
        self.t0 = time.monotonic()
        self.status = StatusLine(every=0.5, line_every=line_every)
        self._decile = -1
        self._base: int | None = None

    def line(self, done: int, now: float) -> str:
        """``label: 640/1,000 (64%, 85/s, ETA 4s)``."""
        if self._base is None:
            self._base, self.t0 = done, now
        rate = (done - self._base) / max(now - self.t0, 1e-9)
        left = self.total - done
        eta = f", ETA {_duration(left / rate)}" if rate > 0 and left > 0 else ""
        took = f", {_duration(now - self.t0)}" if left <= 0 else ""
        return f"{self.label}: {done:,}/{self.total:,} ({done / self.total:.0%}, {rate:,.0f}/s{eta}{took})"

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        if self._decile >= 10:              # the last line is shown
            return
        now = time.monotonic()
        text = self.line(done, now)          # (the first call sets the base the rate counts from)
        decile = int(done / self.total * 10)
        if self.status.show(text, now=now, force=not self.status.tty and decile > self._decile,
                            end=done >= self.total):
            self._decile = max(self._decile, decile if done < self.total else 10)


def _duration(seconds: float) -> str:
    """``42s``, ``3m05s``, ``2h04m``."""
    s = int(round(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"
