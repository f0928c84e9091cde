"""Readers and writers: the one reader of input records every command uses (:mod:`legalcite.io.reader`, with
its records in :mod:`legalcite.io.records`), the one writer of JSON Lines (:mod:`legalcite.io.writer`), and
outputs that are complete or not there (:mod:`legalcite.io.files`).

A subpackage, so ``import io`` elsewhere still means the standard library's module (imports are absolute).
Standard library only."""
from __future__ import annotations

from legalcite.io.reader import Reader, as_binary, read_records
from legalcite.io.records import FORMATS, RECORD_FORMATS, BadLine, Line, ReadStats, parse_json_line
from legalcite.io.writer import JsonlWriter, dumps

__all__ = ["Reader", "Line", "BadLine", "ReadStats", "JsonlWriter", "read_records", "parse_json_line", "dumps",
           "as_binary", "FORMATS", "RECORD_FORMATS"]
