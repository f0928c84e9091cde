"""The one reader of input records for every command: check, extract, score, judge, report, retrieval eval, rag
prompts.

Why one: a reader per command meant one error policy per command (raise, skip silently, print and count). Here a
bad line never ends a run and never disappears: :class:`Reader` yields a :class:`~legalcite.io.records.Line` for
every good record and a :class:`~legalcite.io.records.BadLine` (file, line number, id when it could be read, what
is wrong and what to do) for every bad one, and counts both, so the command can apply the exit-code rule in
:mod:`legalcite.cli.common`.

What it reads: the encodings and line numbers of :mod:`legalcite.io.decode`; JSON Lines, a JSON array or
pretty-printed objects (:mod:`legalcite.io.jsontext`); a CSV or TSV with a header (:mod:`legalcite.io.csvtext`);
plain text (:mod:`legalcite.io.plaintext`). ``"auto"`` is JSON when the first non-blank line starts with ``{`` or
``[``, else ``text_format`` (blocks unless the command says otherwise); JSON arrays and CSVs are records under
``"auto"`` and ``"jsonl"``, so that none is read as one plain-text answer. ``stats.format`` says what was found
(``jsonl``, ``json``, ``csv``, or a text format). Standard library only.
"""
from __future__ import annotations

import io  # the standard library's (imports are absolute)
from itertools import chain
from pathlib import Path
from typing import IO, Any, Iterator

from legalcite.io.csvtext import CsvInput
from legalcite.io.decode import TooLong, Undecodable
from legalcite.io.jsontext import JsonInput
from legalcite.io.plaintext import PlainText
from legalcite.io.records import FORMATS, RECORD_FORMATS, BadLine, Line


class Reader(JsonInput, CsvInput, PlainText):
    """Iterate the records of a JSON Lines (or plain-text) input, good and bad, in order.

    ``source``: a path, ``"-"``/None for stdin, or a binary file object. ``id_field``: the field reported as the
    record's id. Opening a missing or unreadable file raises :class:`InputError`; everything wrong *inside* the
    file is a :class:`BadLine`, except an encoding that cannot be decoded at all (also :class:`InputError`)."""

    def __init__(self, source: str | Path | IO[bytes] | None, *, format: str = "jsonl", id_field: str = "id",
                 name: str | None = None, text_format: str = "blocks", field: str | None = None,
                 max_chars: int | None = None) -> None:
        if format not in FORMATS or text_format not in FORMATS[2:]:
            raise ValueError(f"format must be one of {FORMATS}, not {format!r}")
        self.format = format
        self.text_format = text_format
        self.id_field = id_field
        self.field = field   # the field the command reads: a CSV header naming it is a CSV
        super().__init__(source, name=name, max_chars=max_chars)

    def __iter__(self) -> Iterator[Line | BadLine]:
        lines = self._physical_lines()
        fmt = self.format
        if fmt in ("auto", "jsonl"):
            first: list[tuple[int, str, int]] = []
            for item in lines:
                first.append(item)
                # the first line with text tells the shape; a bad byte is no text, a line past max_chars ends it
                if isinstance(item[1], TooLong) or (not isinstance(item[1], Undecodable) and item[1].strip()):
                    break
            head = first[-1][1].lstrip() if first and not isinstance(first[-1][1], Undecodable) else ""
            shape = "jsonl" if head.startswith("{") else None
            if head.startswith("["):
                array, lines, shape = self._json_array(first, lines, strict=fmt == "jsonl")
                if array is not None:
                    self.stats.format = "json"
                    yield from array
                    return
            elif shape:
                objects, lines = self._json_objects(first, lines)
                if objects is not None:
                    self.stats.format = "json"
                    yield from objects
                    return
            else:
                lines = chain(first, lines)
            if shape is None and self._csv_header(head):
                self.stats.format = "csv"
                yield from self._csv(lines)
                return
            if fmt == "auto":
                fmt = shape or self.text_format
        self.stats.format = fmt
        if fmt == "jsonl":
            yield from self._jsonl(lines)
        elif fmt == "text":
            yield from self._text(lines)
        else:
            yield from self._blocks(lines, fmt)

    # -- after reading

    def missing_everywhere(self, name: str) -> str | None:
        """When JSON records were read but none had field ``name``: a message naming the fields they do have
        (the command then exits 2 rather than report zeros). None otherwise."""
        if self.stats.format not in RECORD_FORMATS or self.stats.records == 0 or self.stats.fields.get(name):
            return None
        common = ", ".join(f"{k!r} ({n})" for k, n in self.stats.fields.most_common(8))
        return (f"{self.path}: no line has field {name!r}; the lines have {common} — name the right field "
                "(e.g. --text-field)")


def read_records(source: str | Path | IO[bytes] | None, **options: Any) -> tuple[list[Line], list[BadLine]]:
    """All good and bad records of a (small) input at once: for commands whose result needs every line (scores)."""
    good: list[Line] = []
    bad: list[BadLine] = []
    with Reader(source, **options) as r:
        for rec in r:
            if isinstance(rec, Line):
                good.append(rec)
            else:
                bad.append(rec)
    return good, bad


def as_binary(text: str | bytes) -> IO[bytes]:
    """An in-memory binary file of ``text`` (tests, and callers that hold the input as a string)."""
    return io.BytesIO(text.encode("utf-8") if isinstance(text, str) else text)
