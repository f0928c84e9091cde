"""Helpers shared by subcommands: reading inputs line by line, writing JSONL/tables."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO


def open_input(path: str | None) -> IO[str]:
    """``-`` or None → stdin; else the file (UTF-8, undecodable bytes replaced so one bad byte loses nothing)."""
    if path in (None, "-"):
        return sys.stdin
    p = Path(path)
    if not p.exists():
        raise SystemExit(f"legalcite: no such file: {path}")
    return p.open("r", encoding="utf-8", errors="replace")


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
