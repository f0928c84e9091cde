"""Helpers shared by subcommands: the exit-code rule, reporting bad input lines, writing JSONL/tables.

Every command follows one exit-code rule (the README's table):

====  ==========================================================================================================
code  meaning
====  ==========================================================================================================
0     every input line was processed
1     a per-record command (check, extract, judge, …) processed every good line and wrote its result, but some
      lines were bad; each is reported on stderr as ``file:line (id …): what is wrong`` and, where the command
      writes one record per input line, as an error record in its place
2     the command could not do its job: bad arguments, a missing or unreadable input, no line with the field the
      command needs, an output that cannot be written, or — for ``score``, whose numbers depend on every line —
      any bad line
====  ==========================================================================================================
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO

EXIT_OK = 0
EXIT_BAD_LINES = 1
EXIT_FAILED = 2


def report_bad(bad, file: IO[str] | None = None) -> None:
    """Print one bad line (a :class:`legalcite.core.jsonl.BadLine` or a message) on stderr, prefixed like every
    legalcite message."""
    print(f"legalcite: {bad}", file=file or sys.stderr)


def open_output(path: str | None) -> IO[str]:
    if path in (None, "-"):
        return sys.stdout
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return open(path, "w", encoding="utf-8")


def dump_json(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def table(rows: list[dict], columns: list[str]) -> str:
    """A plain fixed-width text table."""
    if not rows:
        return "(none)"
    cells = [[str(r.get(c, "") if r.get(c) is not None else "") for c in columns] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(columns)]
    line = "  ".join(c.ljust(w) for c, w in zip(columns, widths))
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(v.ljust(w) for v, w in zip(row, widths)) for row in cells]
    return "\n".join(out)
