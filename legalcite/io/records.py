"""The records every reader yields: :class:`Line` (a good record), :class:`BadLine` (a record that could not be
used: file, line number, id when it could be read, what is wrong and what to do) and :class:`ReadStats`; and
:func:`parse_json_line`, one line of JSON Lines as the reader reads it.

The contract: a bad record never ends a run and never disappears. ``NaN``/``Infinity`` are refused (they are not
JSON, and would be written back as invalid JSON); a lone surrogate escape (``"\\ud800"``, legal JSON but not
encodable as UTF-8) is replaced by U+FFFD — one code point for one, so offsets stay valid — and the record carries
a warning saying so. Standard library only.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from legalcite.errors import FieldError

FORMATS = ("auto", "jsonl", "text", "blocks", "rules", "headings", "whole", "windows")
STDIN = "<stdin>"
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True, slots=True)
class Line:
    """One good record. ``data`` is the JSON object (None for plain text), ``text`` the record as read (the line,
    or the block of lines), ``lineno`` its first line (1-based), ``end`` the input offset after it in bytes (for
    progress bars), ``warnings`` repairs made while reading (e.g. a lone surrogate replaced)."""

    path: str
    lineno: int
    id: Any
    data: dict[str, Any] | None
    text: str
    end: int = 0
    warnings: tuple[str, ...] = ()
    offset: int = 0   # plain text: where ``text`` starts in the input's text (its lines joined by \n), in characters

    def where(self) -> str:
        """``path:lineno`` (and `` (id …)`` when the record has one): how messages name this record."""
        return _where(self.path, self.lineno, self.id)

    def get(self, name: str, kind: type | tuple[type, ...] = str, *, required: bool = True,
            default: Any = None) -> Any:
        """The field ``name`` of a JSON record, checked against ``kind``. Raises :class:`FieldError` naming the
        field, what was expected and what the line has instead, so the caller can turn it into a :class:`BadLine`
        with :meth:`bad`."""
        if self.data is None:
            raise FieldError(f"{self.where()}: expected a JSON object with field {name!r}, got plain text")
        if name not in self.data or self.data[name] is None:
            if required:
                have = ", ".join(sorted(self.data)[:12]) or "no fields"
                raise FieldError(f"missing field {name!r} (this line has: {have})")
            return default
        value = self.data[name]
        # bool is an int in Python; a field that wants a number must not accept true/false, nor the reverse
        wanted = kind if isinstance(kind, tuple) else (kind,)
        ok = isinstance(value, wanted) and not (isinstance(value, bool) and bool not in wanted)
        if not ok:
            names = " or ".join(type_name(k) for k in wanted)
            raise FieldError(f"field {name!r} is {type_name(type(value))} {_short(value)}, expected {names}")
        return value

    def bad(self, error: str | Exception) -> "BadLine":
        """This record as a bad line (a field error found by the command, not the reader)."""
        return BadLine(self.path, self.lineno, self.id, str(error), self.end)


@dataclass(frozen=True, slots=True)
class BadLine:
    """A record that could not be used: where it is, its id if one could be read, and what is wrong."""

    path: str
    lineno: int
    id: Any
    error: str
    end: int = 0

    def where(self) -> str:
        """``path:lineno`` (and `` (id …)`` when the id could be read): how messages name this line."""
        return _where(self.path, self.lineno, self.id)

    def __str__(self) -> str:
        return f"{self.where()}: {self.error}"

    def to_record(self) -> dict[str, Any]:
        """The error record a per-line output gets in this line's place (``id`` kept when known)."""
        rec: dict[str, Any] = {"line": self.lineno}
        if self.id is not None:
            rec["id"] = self.id
        rec["error"] = self.error
        return rec


def _where(path: str, lineno: int, ident: Any) -> str:
    return f"{path}:{lineno}" + (f" (id {ident!r})" if ident is not None else "")


def type_name(t: type) -> str:
    """A JSON type as a message says it (``str`` → ``a string``, ``NoneType`` → ``null``); any other type by its class
    name."""
    return {str: "a string", int: "an integer", float: "a number", bool: "true/false", list: "a list",
            dict: "an object", type(None): "null"}.get(t, t.__name__)


PLURAL = {str: "strings", int: "numbers", float: "numbers", bool: "true/false values", list: "lists",
           type(None): "nulls"}


def _short(value: Any) -> str:
    s = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return s if len(s) <= 40 else s[:37] + "…"


RECORD_FORMATS = ("jsonl", "json", "csv")   # what ReadStats.format is when the input held records


@dataclass
class ReadStats:
    """What a :class:`Reader` saw: physical lines, good and bad records, blank lines, and how many good JSON
    records had each top-level field (to say which field a file uses when the expected one is nowhere)."""

    lines: int = 0
    records: int = 0
    bad: int = 0
    blank: int = 0
    fields: Counter[str] = field(default_factory=Counter)
    encoding: str = "utf-8"
    format: str = "jsonl"


def parse_json_line(text: str, lineno: int, *, path: str = "<line>", id_field: str = "id",
                    end: int = 0) -> Line | BadLine:
    """One non-blank line of JSON Lines, already decoded, as the :class:`Reader` reads it: a :class:`Line` for a
    JSON object, a :class:`BadLine` saying what is wrong otherwise (for callers that hold single lines, such as
    ``legalcite.checker.check_line`` and the distributed runner's workers)."""
    try:
        obj = json.loads(text, parse_constant=_refuse_constant)
    except _NotJson as e:
        return BadLine(path, lineno, None, str(e), end)
    except json.JSONDecodeError as e:
        hint = " (plain text? pass --input-format text)" if not text.lstrip().startswith(("{", "[")) else ""
        msg = e.msg[:-3] if e.msg.endswith(" at") else e.msg  # json says "Invalid control character at"
        return BadLine(path, lineno, None, f"malformed JSON: {msg} (at column {e.colno}){hint}", end)
    except RecursionError:
        return BadLine(path, lineno, None, "malformed JSON: nested too deeply", end)
    if not isinstance(obj, dict):
        return BadLine(path, lineno, None, f"expected a JSON object, got {type_name(type(obj))}", end)
    return line_of(obj, text, lineno, path, id_field, end)


def line_of(obj: dict[str, Any], text: str, lineno: int, path: str, id_field: str, end: int) -> Line:
    """A decoded JSON object as a record; lone surrogates replaced, with a warning saying so."""
    warnings: tuple[str, ...] = ()
    if _SURROGATE_ESCAPE.search(text):
        obj, n = _replace_surrogates(obj)
        if n:
            warnings = (f"{n} lone surrogate escape{'s' if n > 1 else ''} (\\ud800–\\udfff) replaced by U+FFFD",)
    return Line(path, lineno, obj.get(id_field), obj, text, end, warnings)


class _NotJson(ValueError):
    pass


def _refuse_constant(name: str) -> Any:
    raise _NotJson(f"{name} is not valid JSON (write null, a number or a string)")


def _replace_surrogates(obj: Any) -> tuple[Any, int]:
    """Replace lone surrogates in every string of a parsed JSON value; returns (value, how many)."""
    count = 0

    def fix(x: Any) -> Any:
        nonlocal count
        if isinstance(x, str):
            y, n = SURROGATE.subn("\ufffd", x)
            count += n
            return y
        if isinstance(x, list):
            return [fix(v) for v in x]
        if isinstance(x, dict):
            return {fix(k): fix(v) for k, v in x.items()}
        return x

    return fix(obj), count
