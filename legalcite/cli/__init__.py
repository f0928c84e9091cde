"""The ``legalcite`` command. Each stage registers its own subcommands from ``legalcite/cli/<module>.py``:
a module defines ``register(subparsers)`` and sets ``func`` on its parsers. Modules import only argparse
at top level and load their stage inside ``func``, so ``legalcite --help`` and start-up stay fast."""
from __future__ import annotations

import argparse
import importlib
import io
import os
import signal
import sys

from legalcite._version import __version__
from legalcite.errors import LegalciteError, OutputError

# Order is the order of --help.
MODULES = ("extract", "check", "corpus", "url", "score", "judge", "retrieval", "report", "annotate", "mcp")


def build_parser() -> argparse.ArgumentParser:
    """The ``legalcite`` parser with every module of :data:`MODULES` registered (only argparse is imported: each stage
    loads when its subcommand runs)."""
    ap = argparse.ArgumentParser(
        prog="legalcite",
        description="Parse, check, retrieve and score legal citations (DE, CN, US, California, EU, CH, treaties).",
    )
    ap.add_argument("--version", action="version", version=f"legalcite {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    for name in MODULES:
        importlib.import_module(f"legalcite.cli.{name}").register(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run ``legalcite`` with ``argv`` (default: the process's) and return the exit code: the subcommand's; 2
    without a subcommand or when a :class:`LegalciteError` or a missing extra escapes it; 130 for Ctrl-C, 143 for
    SIGTERM, 0 when the reader of stdout went away."""
    ap = build_parser()
    args = ap.parse_args(argv)
    if not getattr(args, "func", None):
        ap.print_help()
        return 2
    from legalcite._util import say_loading_on_stderr  # start-up: kept off `legalcite --help`

    say_loading_on_stderr()  # a load that takes long says what it is loading (legalcite._util.loading)
    stdout = sys.stdout
    sys.stdout = _Guarded(stdout)
    previous = _on_sigterm()
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a full disk behind `> file` shows here, not as an error at interpreter exit
        return code
    except Terminated:
        print("legalcite: terminated (SIGTERM); finished records are kept, unfinished outputs removed",
              file=sys.stderr)
        return 128 + signal.SIGTERM
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `legalcite extract big.txt | head`: the reader has what it wanted; quiet, exit 0
        _quiet_stdout(stdout)
        return 0
    except LegalciteError as e:  # the last line of defence: a deliberate error is a message and exit 2
        if isinstance(e, _StdoutFailed):
            _quiet_stdout(stdout)
        print(f"legalcite: {e}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as e:  # an extra's package imported without legalcite.extras.require first
        from legalcite.extras import missing_module  # start-up: kept off `legalcite --help`

        message = missing_module(e.name or "")
        if message is None:
            raise
        print(f"legalcite: {message}", file=sys.stderr)
        return 2
    finally:
        sys.stdout = stdout
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


class Terminated(BaseException):
    """SIGTERM, raised where the command is (as Ctrl-C raises KeyboardInterrupt), so that what it holds open is
    closed on the way out: temporary files removed, worker processes ended, streamed outputs cut to whole records.
    A BaseException: no ``except Exception`` of a stage takes it for a failure of one record."""


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated()


def _on_sigterm():
    """Turn SIGTERM into :class:`Terminated` while a command runs; the previous handler (to restore), or None
    where it cannot be set (not the main thread: a test's runner thread)."""
    try:
        return signal.signal(signal.SIGTERM, _raise_terminated)
    except ValueError:
        return None


class _StdoutFailed(OutputError):
    """stdout itself could not be written (``> /dev/full``, a full disk behind the redirection)."""


class _Guarded:
    """sys.stdout during a command: a print that fails (a full disk or read-only file behind ``>``) becomes an
    OutputError naming stdout, so it is a message and exit 2 like any other output, never a traceback."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise _StdoutFailed(f"<stdout>: write failed ({e.strerror or e})") from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as e:
            raise _StdoutFailed(f"<stdout>: write failed ({e.strerror or e})") from None

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _quiet_stdout(stream) -> None:
    """Point stdout's descriptor at /dev/null so the interpreter's final flush does not fail again (the Python
    docs' recipe for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
