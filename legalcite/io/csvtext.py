"""CSV (or TSV) input with a header: one record per row, its cells by column name (strings; an empty cell is
``""``).

The contract: an input is a CSV when its name says so (``.csv``, ``.tsv``) or its first line is a header of plain
column names that names the field the command reads (``--text-field answer``: ``id,answer``). A row with another
number of cells than the header is a bad line; a header that names a column twice is an
:class:`~legalcite.errors.InputError`. A cell may be as long as a line. Standard library only.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Iterator

from legalcite.errors import InputError
from legalcite.io.decode import LineSource, Undecodable
from legalcite.io.records import BadLine, Line

_CSV_DELIMITERS = r"[,;\t]"
_COLUMN = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]{0,63}")   # a column name as a header line writes it


class CsvInput(LineSource):
    """The CSV format of :class:`~legalcite.io.reader.Reader`."""

    id_field: str        # the field reported as a record's id
    field: str | None    # the field the command reads: a CSV header naming it is a CSV

    def _csv_header(self, head: str) -> bool:
        """Whether the input is a CSV with a header: its name says so (``.csv``, ``.tsv``), or the first line is
        a header of two or more plain column names, one of them the field the command reads."""
        if Path(self.path).suffix.lower() in (".csv", ".tsv"):
            return True
        if not self.field or not head:
            return False
        names = [c.strip().strip('"').strip() for c in re.split(_CSV_DELIMITERS, head.rstrip())]
        return len(names) >= 2 and self.field in names and all(_COLUMN.fullmatch(c) for c in names)

    def _csv(self, lines: Iterator[tuple[int, str, int]]) -> Iterator[Line | BadLine]:
        """One record per row of a CSV whose first non-blank line is its header; a row with another number of
        cells than the header is a bad line. Cells are strings (an empty cell: ``""``)."""
        where: list[tuple[int, int]] = []   # (line number, end offset) of each physical line fed to csv
        unreadable: dict[int, str] = {}     # line number → why it could not be read (bytes, length)

        def feed() -> Iterator[str]:
            for lineno, text, end in lines:
                where.append((lineno, end))
                if isinstance(text, Undecodable):
                    unreadable[lineno] = self._unreadable(text)
                    text = ""
                yield text + "\n"

        # a cell may be as long as a line (csv's own limit, 131,072 characters, made an answer of 200,000 a bad line)
        csv.field_size_limit(max(csv.field_size_limit(), self._line_cap() or 2**31 - 1))
        source = feed()
        header: list[str] = []   # the column names, once the header is read
        delimiter = ","
        done = 0   # physical lines read by the rows so far
        reader = None
        while True:
            if reader is None:  # the header: found, and its delimiter chosen, before the rows are read
                for raw in source:
                    if raw.strip():
                        delimiter = "\t" if "\t" in raw else ";" if raw.count(";") > raw.count(",") else ","
                        header = [c.strip() for c in next(csv.reader([raw], delimiter=delimiter))]
                        break
                    self.stats.blank += 1
                if not header:
                    return
                if len(set(header)) < len(header):
                    raise InputError(f"{self.path}:{where[-1][0]}: the CSV header names a column twice "
                                     f"({', '.join(header)})")
                done = len(where)
                reader = csv.reader(source, delimiter=delimiter, strict=True)
            try:
                row = next(reader)
                error = None
            except StopIteration:
                return
            except csv.Error as e:
                row, error = None, f"malformed CSV ({e})"
            lineno, end = where[done]
            done = len(where)
            stop = where[-1][1]
            if lineno in unreadable:
                yield self._bad(lineno, None, unreadable[lineno], stop)
            elif error or row is None:
                yield self._bad(lineno, None, error or "malformed CSV", stop)
            elif not row:
                self.stats.blank += 1
            elif len(row) != len(header):
                yield self._bad(lineno, None, f"{len(row)} cells, the header has {len(header)} columns "
                                f"({', '.join(header)})", stop)
            else:
                data = dict(zip(header, row))
                self.stats.records += 1
                self.stats.fields.update(k for k, v in data.items() if v != "")
                yield Line(self.path, lineno, data.get(self.id_field) or None, data, delimiter.join(row), stop)
