"""The one writer of JSON Lines: :class:`JsonlWriter` writes one record per line and flushes each, so a killed run
keeps every finished record; :func:`dumps` is one record as text.

The contract: NaN is refused and a lone surrogate replaced (as the reader does); a write failure (disk full,
read-only) is an :class:`~legalcite.errors.OutputError`, and a regular file is cut back to its last complete record;
a closed pipe (``| head``) stays a ``BrokenPipeError``, which the CLI ends quietly with exit 0. Standard library
only.
"""
from __future__ import annotations

import io  # the standard library's (imports are absolute)
import json
import os
import sys
from pathlib import Path
from typing import IO, Any

from legalcite.errors import OutputError
from legalcite.io.records import SURROGATE


def dumps(obj: Any) -> str:
    """One JSON Lines record: UTF-8 text, no NaN, no lone surrogates (replaced, as the reader does)."""
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return SURROGATE.sub("\ufffd", s) if _needs_fix(s) else s


def _needs_fix(s: str) -> bool:
    try:
        s.encode("utf-8")
        return False
    except UnicodeEncodeError:
        return True


class JsonlWriter:
    """Write records one per line to a path (``"-"``/None: stdout), flushing after each so a killed run keeps
    every finished record. A failed write raises :class:`OutputError` naming the path, the cause and how many
    records were written; a regular file is then cut back to the end of the last complete record, so a full disk
    never leaves a truncated last line (a reader of the file sees only whole records)."""

    def __init__(self, target: str | Path | IO[str] | IO[bytes] | None = None) -> None:
        self._own = False
        self._failed = False
        self._good = 0          # bytes of complete records (regular files: where to cut back to)
        if target is None or (isinstance(target, str) and target == "-"):
            self._fh: IO[bytes] | _TextAsBinary = getattr(sys.stdout, "buffer", None) or _TextAsBinary(sys.stdout)
            self._text = sys.stdout
            self.path = "<stdout>"
        elif isinstance(target, (str, Path)):
            self.path = str(target)
            try:
                Path(target).parent.mkdir(parents=True, exist_ok=True)
                self._fh = open(target, "wb", buffering=0)  # one write per record, no hidden buffer
            except OSError as e:
                raise OutputError(f"{self.path}: cannot be written ({e.strerror or e})") from None
            self._text = None
            self._own = True
        else:
            self._fh = target if isinstance(target, (io.RawIOBase, io.BufferedIOBase)) \
                else _TextAsBinary(target)  # type: ignore[arg-type]
            self._text = None
            self.path = getattr(target, "name", "<output>")
        self.count = 0

    def write(self, obj: Any) -> None:
        """Write ``obj`` as one JSON line (:func:`dumps`), flushed at once (:meth:`write_line`)."""
        self.write_line(dumps(obj))

    def write_line(self, line: str) -> None:
        """A line of already formatted output (a table row), flushed like a record."""
        data = (line + "\n").encode("utf-8", errors="replace")
        try:
            if self._text is not None:
                self._text.flush()  # what was printed to stdout before comes first
            _write_all(self._fh, data)
            self._fh.flush()
        except BrokenPipeError:
            self._failed = True
            raise  # the reader stopped early (`| head`): no fault of the output; legalcite.cli.main ends quietly
        except OSError as e:
            self._failed = True
            self._cut_back()
            raise OutputError(f"{self.path}: write failed after {self.count:,} complete records "
                              f"({e.strerror or e}); free space or choose another output") from None
        except BaseException:  # Ctrl-C or SIGTERM between two pieces of a record: the file ends with a whole one
            self._cut_back()
            raise
        self._good += len(data)
        self.count += 1

    def _cut_back(self) -> None:
        """After a failed write: truncate a regular file to its complete records (part of the failed one may be
        on disk)."""
        if not self._own:
            return
        try:
            if os.path.isfile(self.path):
                os.ftruncate(self._fh.fileno(), self._good)
        except (OSError, ValueError):
            pass

    def close(self) -> None:
        """Close a file this writer opened (stdout and streams handed in stay open); a failure to complete the file is
        an :class:`OutputError`, unless a failed write already raised one."""
        if not self._own:
            return
        try:
            self._fh.close()
        except OSError as e:
            if not self._failed:  # after a failed write its error was raised already
                raise OutputError(f"{self.path}: could not be completed ({e.strerror or e})") from None

    def __enter__(self) -> "JsonlWriter":
        return self

    def __exit__(self, exc_type: Any, *exc: Any) -> None:
        if exc_type is not None:
            self._failed = True  # the first error is the one to report
        self.close()


def _write_all(fh: IO[bytes] | io.RawIOBase, data: bytes) -> None:
    """Write every byte: an unbuffered file may take only part of ``data`` per call."""
    view = memoryview(data)
    while view:
        n = fh.write(view)
        if n is None:  # a non-blocking stream that took nothing
            raise BlockingIOError(11, "output would block")
        view = view[n:]


class _TextAsBinary(io.RawIOBase):
    """A text stream (a test's ``StringIO``, a replaced ``sys.stdout``) seen as a binary one."""

    def __init__(self, text: IO[str]) -> None:
        self._t = text

    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        self._t.write(bytes(b).decode("utf-8"))
        return len(b)

    def flush(self) -> None:
        self._t.flush()
