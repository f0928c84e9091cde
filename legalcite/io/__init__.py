"""Readers and writers: the one reader of input records and writer of JSON Lines every command uses
(:mod:`legalcite.io.jsonl`), and outputs that are complete or not there (:mod:`legalcite.io.files`).

A subpackage, so ``import io`` elsewhere still means the standard library's module (imports are absolute).
Standard library only."""
from __future__ import annotations

from legalcite.io.jsonl import (FORMATS, RECORD_FORMATS, BadLine, JsonlWriter, Line, Reader, ReadStats, as_binary,
                                dumps, parse_json_line, read_records)

__all__ = ["Reader", "Line", "BadLine", "ReadStats", "JsonlWriter", "read_records", "parse_json_line", "dumps",
           "as_binary", "FORMATS", "RECORD_FORMATS"]
