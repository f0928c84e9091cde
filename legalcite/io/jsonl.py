"""The one reader (and writer) of JSON Lines input for every command: check, extract, score, judge, report,
retrieval eval, rag prompts.

Why one: a reader per command meant one error policy per command (raise, skip silently, print and count). Here a
bad line never ends a run and never disappears: :class:`Reader` yields a :class:`Line` for every good record and a
:class:`BadLine` (file, line number, id when it could be read, what is wrong and what to do) for every bad one,
and counts both, so the command can apply the exit-code rule in :mod:`legalcite.cli.common`.

What it reads, and how it stays honest about it:

- **Encodings**: UTF-8 (a BOM is dropped), and UTF-16/UTF-32 by their BOM or, for UTF-16 without one, by the NUL
  pattern of its first bytes. A UTF-8 line with an undecodable byte is a bad line, not silently repaired.
- **Line numbers** count ``\\n`` only (a bare ``\\r`` is not a line break; ``\\r\\n`` is), so they match what an
  editor or ``sed -n Np`` shows.
- **JSON**: one object per line. ``NaN``/``Infinity`` are refused (they are not JSON, and would be written back as
  invalid JSON); a lone surrogate escape (``"\\ud800"``, legal JSON but not encodable as UTF-8) is replaced by
  U+FFFD — one code point for one, so offsets stay valid — and the line carries a warning saying so.
- **Plain text** (``format="text"``: each non-blank line; ``"blocks"``: each blank-line-separated block; ``"whole"``:
  the whole input) for commands that also take raw answers; ``"auto"`` is JSON Lines when the first non-blank line
  starts with ``{``, else ``text_format`` (blocks unless the command says otherwise).
- **Records in other shapes**, so that none is read as one plain-text answer: a **JSON array** of objects (the
  whole input one array, pretty-printed or not) gives one record per element, at the line where it starts; a
  **CSV** (or TSV) with a header gives one record per row, its cells by column name — found by the name ``.csv`` /
  ``.tsv``, or by a header line that names the ``field`` the command reads (``--text-field answer``: ``id,answer``).
  Both under ``"auto"`` and ``"jsonl"``; an input that starts as a JSON array but breaks after its first line is
  refused (:class:`InputError` with line and column), never read as text. ``stats.format`` says what was found
  (``jsonl``, ``json``, ``csv``, or a text format).

Writing: :class:`JsonlWriter` writes one record per line and flushes each, so a killed run keeps every finished
record; it refuses NaN and turns write failures (disk full, read-only) into :class:`~legalcite.errors.OutputError`;
a closed pipe (``| head``) stays a ``BrokenPipeError``, which the CLI ends quietly with exit 0.
Standard library only.
"""
from __future__ import annotations

import codecs
import io
import json
import os
import re
import sys
from array import array
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterator, Sequence

from legalcite.errors import FieldError, InputError, OutputError

FORMATS = ("auto", "jsonl", "text", "blocks", "rules", "headings", "whole", "windows")
STDIN = "<stdin>"

_BOMS = (  # longest first: the UTF-32 LE BOM starts with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_CHUNK = 1 << 16


# ------------------------------------------------------------------ records

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
            names = " or ".join(_type_name(k) for k in wanted)
            raise FieldError(f"field {name!r} is {_type_name(type(value))} {_short(value)}, expected {names}")
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


def _type_name(t: type) -> str:
    return {str: "a string", int: "an integer", float: "a number", bool: "true/false", list: "a list",
            dict: "an object", type(None): "null"}.get(t, t.__name__)


_PLURAL = {str: "strings", int: "numbers", float: "numbers", bool: "true/false values", list: "lists",
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
    fields: Counter = field(default_factory=Counter)
    encoding: str = "utf-8"
    format: str = "jsonl"


# ------------------------------------------------------------------ the reader

class Reader:
    """Iterate the records of a JSON Lines (or plain-text) input, good and bad, in order.

    ``source``: a path, ``"-"``/None for stdin, or a binary file object. ``id_field``: the field reported as the
    record's id. Opening a missing or unreadable file raises :class:`InputError`; everything wrong *inside* the
    file is a :class:`BadLine`, except an encoding that cannot be decoded at all (also :class:`InputError`)."""

    def __init__(self, source: str | Path | IO[bytes] | None, *, format: str = "jsonl", id_field: str = "id",
                 name: str | None = None, text_format: str = "blocks", field: str | None = None,
                 max_chars: int | None = None) -> None:
        if format not in FORMATS or text_format not in FORMATS[2:]:
            raise ValueError(f"format must be one of {FORMATS}, not {format!r}")
        # a record longer than this (a text, a block, a line) is never held in memory: a bad line, the rest of it
        # skipped in bounded pieces (``extract /dev/zero`` grew at 120 MB/s and ignored Ctrl-C); None: no limit
        self.max_chars = max_chars
        self.format = format
        self.text_format = text_format
        self.id_field = id_field
        self.field = field   # the field the command reads: a CSV header naming it is a CSV
        self.stats = ReadStats()
        self._own = False
        if source is None or (isinstance(source, str) and source == "-"):
            self._fh: IO[bytes] = sys.stdin.buffer
            self.path = name or STDIN
        elif isinstance(source, (str, Path)):
            p = Path(source)
            self.path = name or str(source)
            try:
                self._fh = p.open("rb")
            except FileNotFoundError:
                raise InputError(f"{self.path}: no such file") from None
            except IsADirectoryError:
                raise InputError(f"{self.path}: is a directory, not a file") from None
            except OSError as e:
                raise InputError(f"{self.path}: cannot be read ({e.strerror or e})") from None
            self._own = True
            self._source = p
        else:
            self._fh = source
            self.path = name or getattr(source, "name", None) or "<input>"
        self.size: int | None = None
        if self._own:
            try:
                self.size = Path(source).stat().st_size  # type: ignore[arg-type]
            except OSError:
                pass

    # -- context manager, so a command can close the file however it ends
    def __enter__(self) -> "Reader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        if self._own:
            self._fh.close()

    def __iter__(self) -> Iterator[Line | BadLine]:
        lines = self._physical_lines()
        fmt = self.format
        if fmt in ("auto", "jsonl"):
            first: list[tuple[int, str, int]] = []
            for item in lines:
                first.append(item)
                # the first line with text tells the shape; a bad byte is no text, a line past max_chars ends it
                if isinstance(item[1], _TooLong) or (not isinstance(item[1], _Undecodable) and item[1].strip()):
                    break
            head = first[-1][1].lstrip() if first and not isinstance(first[-1][1], _Undecodable) else ""
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
                lines = _chain(first, lines)
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
            for lineno, text, end in lines:
                if isinstance(text, _Undecodable):
                    yield self._bad(lineno, None, self._unreadable(text), end)
                    continue
                if not text.strip():
                    self.stats.blank += 1
                    continue
                self.stats.records += 1
                yield Line(self.path, lineno, None, None, text, end)
        else:
            yield from self._blocks(lines, fmt)

    # -- decoding

    def _physical_lines(self) -> Iterator[tuple[int, str, int]]:
        """(line number, decoded line without its terminator, byte offset after it); a UTF-8 line that does not
        decode comes as an :class:`_Undecodable` marker instead of its text."""
        head = _peek(self._fh, 4)
        encoding, skip = _sniff(head)
        self.stats.encoding = encoding
        if skip:
            self._fh.read(skip)
        if encoding == "utf-8":
            yield from self._text_or_refuse(self._utf8_lines(skip))
        else:
            yield from self._wide_lines(encoding, skip)

    def _utf8_lines(self, pos: int) -> Iterator[tuple[int, str, int]]:
        lineno = 0
        cap = self._line_cap() or -1
        for raw in iter(lambda: self._fh.readline(cap), b""):  # binary readline splits at b"\n" only
            lineno += 1
            pos += len(raw)
            self.stats.lines += 1
            if len(raw) == cap and not raw.endswith(b"\n"):
                yield lineno, _TooLong(), pos  # first: a reader of one record (the whole input) stops here
                skipped = 0
                while raw and not raw.endswith(b"\n"):  # the rest of the line, a piece at a time
                    raw = self._fh.readline(_CHUNK)
                    pos += len(raw)
                    skipped += len(raw)
                    self._skipping(skipped, lineno, "line")
                continue
            body = raw[:-1] if raw.endswith(b"\n") else raw
            if body.endswith(b"\r"):
                body = body[:-1]
            try:
                yield lineno, body.decode("utf-8"), pos
            except UnicodeDecodeError as e:
                yield lineno, _Undecodable(e.start), pos

    def _text_or_refuse(self, lines: Iterator[tuple[int, str, int]]) -> Iterator[tuple[int, str, int]]:
        """``lines``, unless most of the first ones (up to 64 lines or 64 KiB) are not UTF-8: then the input is not
        UTF-8 text at all (binary data, or a file in Latin-1 or another encoding) and one :class:`InputError` says
        so, where a bad line each (90 for 20 KB of random bytes) would bury it. A line or two of bad bytes among
        good ones stays a bad line each, and the rest is read."""
        head: list[tuple[int, str, int]] = []
        bad: list[tuple[int, str, int]] = []
        good = 0
        for item in lines:
            head.append(item)
            if isinstance(item[1], _Undecodable) and not isinstance(item[1], _TooLong):
                bad.append(item)
            elif item[1].strip():
                good += 1
            # text once good lines lead (at once for a stream of good lines: a FIFO's records are not held back)
            if good > len(bad) or len(head) >= 64 or item[2] >= _CHUNK or isinstance(item[1], _TooLong):
                break
        if len(bad) >= 2 and len(bad) > good:
            raise InputError(f"{self.path}: not valid UTF-8 ({len(bad)} of its first {len(head)} lines are not, the "
                             f"first at line {bad[0][0]}): binary data, or text in another encoding — re-encode it "
                             "as UTF-8 (iconv -f latin1 -t utf-8)")
        yield from head
        yield from lines

    def _wide_lines(self, encoding: str, consumed: int) -> Iterator[tuple[int, str, int]]:
        decoder = codecs.getincrementaldecoder(encoding)(errors="strict")
        buf, lineno = "", 0
        skipping = False  # in a line longer than max_chars: its text is dropped as it comes
        data = self._fh.read(_CHUNK)
        while True:
            try:
                buf += decoder.decode(data, final=not data)
            except UnicodeDecodeError as e:
                raise InputError(f"{self.path}: not valid {encoding.upper()} near byte {consumed + e.start:,} "
                                 "(re-encode the file as UTF-8)") from None
            consumed += len(data)
            parts = buf.split("\n")
            buf = parts.pop()
            for part in parts:
                if skipping:  # the end of the line too long to keep, already reported
                    skipping = False
                    continue
                lineno += 1
                self.stats.lines += 1
                yield lineno, part[:-1] if part.endswith("\r") else part, consumed
            if (cap := self._line_cap()) is not None and len(buf) > cap and not skipping:
                lineno += 1
                self.stats.lines += 1
                yield lineno, _TooLong(), consumed  # first: a reader of one record (the whole input) stops here
                skipping, skipped = True, 0
            if skipping:
                skipped += len(buf)
                self._skipping(skipped, lineno, "line")
                buf = ""
            if not data:
                break
            data = self._fh.read(_CHUNK)
        if buf:
            lineno += 1
            self.stats.lines += 1
            yield lineno, buf[:-1] if buf.endswith("\r") else buf, consumed

    # -- formats

    def _jsonl(self, lines: Iterator[tuple[int, str, int]]) -> Iterator[Line | BadLine]:
        for lineno, text, end in lines:
            if isinstance(text, _Undecodable):
                yield self._bad(lineno, None, self._unreadable(text), end)
                continue
            if not text.strip():
                self.stats.blank += 1
                continue
            rec = parse_json_line(text, lineno, path=self.path, id_field=self.id_field, end=end)
            if isinstance(rec, BadLine):
                self.stats.bad += 1
            else:
                self.stats.records += 1
                self.stats.fields.update(rec.data.keys())  # type: ignore[union-attr]
            yield rec

    def _blocks(self, lines: Iterator[tuple[int, str, int]], mode: str) -> Iterator[Line | BadLine]:
        state: list[int] = []   # the first line of the block being dropped, while one is
        try:
            yield from self._blocks_of(lines, mode, state)
        except InputError:   # the input given up inside a block too long: that block's bad line first
            if state:
                yield self._bad(state[0], None, self._unreadable(_TooLong()), 0)
            raise

    def _blocks_of(self, lines: Iterator[tuple[int, str, int]], mode: str, state: list[int]
                   ) -> Iterator[Line | BadLine]:
        """The records of plain text in the text format ``mode`` (the module doc). A record past ``max_chars`` is a
        bad line and its lines are dropped up to the next place the format splits at (a whole input: the rest)."""
        marks = _Marks(mode, self._answer_level() if mode == "headings" else 0)
        block: list[str] = []
        headed = False       # the block starts with its heading (a heading alone is a title, not a record)
        nos = array("q")     # the line number of each line of the block (an undecodable line is in none)
        start = end = size = dropped = 0
        ident: str | None = None
        chars = offset = 0   # character offsets in the text as read (its lines joined by \n): next line's, block's
        cut = 0              # windows: block[:cut] ends before a blank line, a place to cut the text (0: none yet)
        too_long: int | None = None  # the first line of a block past max_chars, whose lines are then dropped
        limit = None if self.max_chars is None else self.max_chars + 1
        for lineno, text, pos in lines:
            long_line = isinstance(text, _TooLong)
            if isinstance(text, _Undecodable) and not long_line:
                yield self._bad(lineno, None, self._unreadable(text), pos)
                continue
            kind = "text" if long_line else marks.kind(text)
            at, chars = chars, chars + len(text) + 1
            if kind in ("sep", "start") or (kind == "blank" and mode == "windows" and too_long is not None):
                if too_long is not None:
                    yield self._bad(too_long, None, self._unreadable(_TooLong()), pos)
                    too_long = None
                    state.clear()
                elif any(s.strip() for s in block[headed:]):
                    while not block[-1].strip():   # the blank lines before the separator are no part of it
                        block.pop()
                    self.stats.records += 1
                    yield Line(self.path, start, ident, None, "\n".join(block), end, offset=offset)
                elif kind != "start" or block:
                    self.stats.blank += 1
                block, nos, size, cut, ident, headed = [], array("q"), 0, 0, None, False
                if kind != "start":
                    continue
                ident, headed = marks.title, True
            if too_long is not None:
                dropped += len(text) + 1
                self._skipping(dropped, too_long, "block")
                continue
            if not block and kind == "blank" and mode != "whole":   # a record starts at its first line of text
                self.stats.blank += 1
                continue
            if not block:
                start, offset = lineno, at
            size += len(text) + 1
            if mode == "windows" and cut and (long_line or (limit is not None and size > limit)):
                # the text up to the last blank line is one window; the paragraph being read starts the next
                self.stats.records += 1
                yield Line(self.path, start, None, None, "\n".join(block[:cut]), end, offset=offset)
                rest = cut
                while rest < len(block) and not block[rest].strip():
                    rest += 1
                offset += sum(len(s) + 1 for s in block[:rest])
                block, nos, cut = block[rest:], nos[rest:], 0
                start = nos[0] if nos else lineno
                size = sum(len(s) + 1 for s in block) + len(text) + 1
            if long_line or (limit is not None and size > limit):
                too_long, block, nos, size, dropped, cut = start, [], array("q"), 0, 0, 0
                state[:] = [too_long]
                if mode == "whole":  # the whole input is this one record: nothing after it could be used
                    yield self._bad(too_long, None, self._unreadable(_TooLong()), pos)
                    return
                continue
            if kind == "blank" and mode == "windows":
                cut = len(block)
            block.append(text)
            nos.append(lineno)
            end = pos
        if too_long is not None:
            yield self._bad(too_long, None, self._unreadable(_TooLong()), end)
        elif block and (mode == "whole" or any(s.strip() for s in block[headed:])):
            self.stats.records += 1
            yield Line(self.path, start, ident, None, "\n".join(block), end, offset=offset)

    def _answer_level(self) -> int:
        """``headings``: the level answers start at — the shallowest heading level the file uses twice (a document's
        title, used once, is no answer; ``### Analysis`` inside each answer is deeper), else its shallowest. Found by
        reading a file once more first; a stream (stdin) cannot be read twice: 0, the level of its first heading."""
        if not self._own:
            return 0
        marks, counts = _Marks("headings", -1), Counter[int]()
        with Reader(self._source, format="text", max_chars=self.max_chars) as again:
            for rec in again:
                if isinstance(rec, Line) and marks.kind(rec.text) == "start":
                    counts[marks.found] += 1
        twice = [n for n, k in counts.items() if k > 1]
        return min(twice or counts or [0])

    def _json_array(self, first: list[tuple[int, str, int]], rest: Iterator[tuple[int, str, int]], *, strict: bool
                    ) -> tuple[Iterator[Line | BadLine] | None, Iterator[tuple[int, str, int]], str | None]:
        """For an input whose first non-blank line (the last of ``first``) starts with ``[``: ``(records, _,
        "json")`` when it is one JSON array; otherwise ``(None, all the lines, shape)``: ``"jsonl"`` when that line
        is a whole JSON value and more lines follow (JSON Lines, its first line a bad one), None when it is no JSON
        (text such as ``"[1] See § 823 BGB"``: told from that line alone, so text is still read as a stream). An
        array that breaks after its first line is an :class:`InputError`; so is any break when ``strict`` (JSON is
        what the command reads)."""
        decoder = json.JSONDecoder()
        head = first[-1][1]
        try:
            _, at = decoder.raw_decode(head, len(head) - len(head.lstrip()))
        except json.JSONDecodeError as e:
            if e.pos < len(head.rstrip()):  # not JSON within its first line: a multi-line array cannot mend that
                if strict:
                    raise self._not_an_array(first[-1][0], e) from None
                return None, _chain(first, rest), None
        else:
            if head[at:].strip():
                return None, _chain(first, rest), None  # "[1] See § 823 BGB": text after the brackets
            more = next((item for item in rest if isinstance(item[1], _Undecodable) or item[1].strip()), None)
            if more is not None:
                return None, _chain(first, _chain([more], rest)), "jsonl"  # `[1, 2]`, then more lines
            return (self._records(_elements(head), head, first[-1][0], [first[-1][2]], "element"), iter(()),
                    "json")
        # a multi-line array: parsed whole before any element becomes a record, so it is held
        text, ends, lines = self._hold(first, rest, "a JSON array is read whole before its first record")
        if text is None:
            return None, lines, "jsonl"  # the per-line reader names the undecodable line
        first_no = first[0][0]
        start = sum(len(t) + 1 for _, t, _ in first[:-1])   # offset of the first non-blank line
        try:
            _, at = decoder.raw_decode(text, start + len(head) - len(head.lstrip()))
        except json.JSONDecodeError as e:
            raise self._not_an_array(first_no + text.count("\n", 0, e.pos), e) from None
        if text[at:].strip():
            lineno = first_no + text.count("\n", 0, at)
            raise InputError(f"{self.path}:{lineno}: a JSON array ends here but more follows; one array, or "
                             "JSON Lines (one object per line)")
        return self._records(_elements(text), text, first_no, ends, "element"), iter(()), "json"

    def _hold(self, first: list[tuple[int, str, int]], rest: Iterator[tuple[int, str, int]], what: str
              ) -> tuple[str, array, None] | tuple[None, None, Iterator[tuple[int, str, int]]]:
        """A JSON text that spans lines, held whole to be parsed: ``(text, each line's end offset, None)`` — the text
        in chunks of lines (not a tuple per line) and at most :meth:`_skip_cap` characters (an endless one was held
        for ever; past it an :class:`InputError` that starts with ``what``); ``(None, None, all the lines)`` when a
        line is not UTF-8 (the per-line reader names it)."""
        if any(isinstance(t, _Undecodable) for _, t, _ in first):
            return None, None, _chain(first, rest)
        first_no, cap = first[0][0], self._skip_cap()
        chunks: list[str] = []
        pending = [t for _, t, _ in first]
        ends = array("q", (pos for _, _, pos in first))
        size = sum(len(t) + 1 for t in pending)
        for item in rest:
            if isinstance(item[1], _Undecodable):
                held = "\n".join([*chunks, "\n".join(pending)]).split("\n")
                return None, None, _chain([(first_no + i, t, ends[i]) for i, t in enumerate(held)],
                                          _chain([item], rest))
            pending.append(item[1])
            ends.append(item[2])
            size += len(item[1]) + 1
            if cap is not None and size > cap:
                raise InputError(f"{self.path}:{first_no}: {what}, and this one runs past {cap:,} characters: "
                                 "write JSON Lines (one object per line: jq -c), or lift the limit (--max-chars 0)")
            if len(pending) >= 4096:
                chunks.append("\n".join(pending))
                pending = []
        if pending:
            chunks.append("\n".join(pending))
        return "\n".join(chunks), ends, None

    def _json_objects(self, first: list[tuple[int, str, int]], rest: Iterator[tuple[int, str, int]]
                      ) -> tuple[Iterator[Line | BadLine] | None, Iterator[tuple[int, str, int]]]:
        """For an input whose first non-blank line (the last of ``first``) starts with ``{``: its records when that
        line opens a JSON object it does not close (a pretty-printed object, or several one after another as
        ``jq`` writes them), as ``(records, _)``; ``(None, all the lines)`` for JSON Lines — the line a whole object,
        or broken within itself, or the next line another object (the first line cut short)."""
        head = first[-1][1]
        try:
            json.JSONDecoder().raw_decode(head, len(head) - len(head.lstrip()))
            return None, _chain(first, rest)
        except json.JSONDecodeError as e:
            if e.pos < len(head.rstrip()):
                return None, _chain(first, rest)
        following: list[tuple[int, str, int]] = []
        for item in rest:
            following.append(item)
            if isinstance(item[1], _Undecodable) or item[1].strip():
                break
        if not following or isinstance(following[-1][1], _Undecodable) or following[-1][1].lstrip()[:1] in "{":
            return None, _chain(first, _chain(following, rest))
        text, ends, lines = self._hold(first + following, rest, "pretty-printed JSON is read whole before its "
                                       "first record")
        if text is None:
            return None, lines
        decoder, values, pos = json.JSONDecoder(), [], _skip_space(text, 0)
        try:
            while pos < len(text):
                obj, end = decoder.raw_decode(text, pos)
                values.append((obj, pos, end))
                pos = _skip_space(text, end)
        except json.JSONDecodeError as e:
            first_no = first[0][0]
            if e.pos >= len(text.rstrip()):
                opened = first_no + text.count("\n", 0, pos)   # where the value that does not close starts
                raise InputError(f"{self.path}:{opened}: a JSON object written over several lines opens here and is "
                                 "not closed before the input ends; fix it, or write JSON Lines (one object per "
                                 "line: jq -c)") from None
            raise InputError(f"{self.path}:{first_no + text.count(chr(10), 0, e.pos)}: a JSON object written over "
                             f"several lines that is not valid JSON ({e.msg} at column {e.colno}); fix it, or write "
                             "JSON Lines (one object per line: jq -c)") from None
        return self._records(iter(values), text, first[0][0], ends, "value"), iter(())

    def _not_an_array(self, lineno: int, e: json.JSONDecodeError) -> InputError:
        return InputError(f"{self.path}:{lineno}: starts as a JSON array but is not valid JSON ({e.msg} at column "
                          f"{e.colno}); fix it, or write JSON Lines (one object per line)")

    def _records(self, values: Iterator[tuple[Any, int, int]], text: str, first_lineno: int, ends: Sequence[int],
                 what: str) -> Iterator[Line | BadLine]:
        """One record per JSON value (parsed, with where it starts and ends in ``text``: an array's elements, or the
        objects of a pretty-printed file), at the line it starts. A value that is no object is a bad line; when none
        is an object, the input is not records at all: an :class:`InputError` instead (``[1,2,3]``)."""
        held: list[BadLine] = []   # values that are no object, until an object shows the input holds records
        kinds: set[str] = set()
        objects = False
        line = counted = 0
        for n, (obj, pos, end) in enumerate(values, 1):
            line += text.count("\n", counted, pos)   # counted from the last value on: linear in the input
            counted = pos
            lineno, stop = first_lineno + line, ends[min(line, len(ends) - 1)]
            if not isinstance(obj, dict):
                bad = BadLine(self.path, lineno, None, f"{what} {n}{' of the array' if what == 'element' else ''}: "
                              f"expected a JSON object, got {_type_name(type(obj))}", stop)
                if objects:
                    self.stats.bad += 1
                    yield bad
                else:
                    held.append(bad)
                    kinds.add(_PLURAL.get(type(obj), "values"))
                continue
            if not objects:
                objects = True
                self.stats.bad += len(held)
                yield from held
                held.clear()
            if (const := _constant_in(obj)) is not None:
                yield self._bad(lineno, obj.get(self.id_field), f"{const} is not valid JSON (write null, a number "
                                "or a string)", stop)
            else:
                self.stats.records += 1
                self.stats.fields.update(obj.keys())
                yield _line_of(obj, text[pos:end], lineno, self.path, self.id_field, stop)
        if held:
            raise InputError(f"{self.path}:{held[0].lineno}: a JSON array of {' and '.join(sorted(kinds))}, not of "
                             f"objects: each {what} must be an object holding the text, e.g. "
                             '[{"id": 1, "answer": "…"}]')

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
        import csv

        where: list[tuple[int, int]] = []   # (line number, end offset) of each physical line fed to csv
        unreadable: dict[int, str] = {}     # line number → why it could not be read (bytes, length)

        def feed() -> Iterator[str]:
            for lineno, text, end in lines:
                where.append((lineno, end))
                if isinstance(text, _Undecodable):
                    unreadable[lineno] = self._unreadable(text)
                    text = ""
                yield text + "\n"

        # a cell may be as long as a line (csv's own limit, 131,072 characters, made an answer of 200,000 a bad line)
        csv.field_size_limit(max(csv.field_size_limit(), self._line_cap() or 2**31 - 1))
        source = feed()
        header: list[str] | None = None
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
                if header is None:
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

    def _line_cap(self) -> int | None:
        """The most a physical line may take, in bytes (UTF-8) or characters (UTF-16/32), when the record limit
        is ``max_chars``: a bound on memory that keeps every line holding a record within the limit (a character is
        at most 4 bytes in UTF-8, 6 as a JSON escape ``\\uXXXX``, and a JSON line has other fields)."""
        return None if self.max_chars is None else 6 * self.max_chars + _CHUNK

    def _skip_cap(self) -> int | None:
        """How much of one record too long is skipped to reach the next one (and how much of a JSON array is held to
        parse it): at least :data:`~legalcite._util.MAX_DECODED` bytes, one line's cap if that is more; None
        without a record limit. Past it the input is given up (``check /dev/zero`` read its one block forever)."""
        from legalcite._util import MAX_DECODED

        cap = self._line_cap()
        return None if cap is None else max(MAX_DECODED, cap)

    def _skipping(self, skipped: int, lineno: int, what: str) -> None:
        """Give up on the input when the rest of a record too long (at ``lineno``) runs past :meth:`_skip_cap`: its
        end, where the next record starts, may never come (an endless line, a stream without a blank line)."""
        cap = self._skip_cap()
        if cap is not None and skipped > cap:
            raise InputError(f"{self.path}:{lineno}: the {what} too long to read does not end within {cap:,} more "
                             "characters; the input is not read past it (an endless input? split it, or lift the "
                             "limit: --max-chars 0)")

    def _unreadable(self, marker: "_Undecodable") -> str:
        if isinstance(marker, _TooLong):
            return (f"more than {self.max_chars:,} characters (the limit, --max-chars); the rest was not read: "
                    "split the text or raise the limit")
        return f"not valid UTF-8 (byte {marker.at + 1} of the line); re-encode the file as UTF-8"

    def _bad(self, lineno: int, ident: Any, error: str, end: int) -> BadLine:
        self.stats.bad += 1
        return BadLine(self.path, lineno, ident, error, end)

    # -- after reading

    def missing_everywhere(self, name: str) -> str | None:
        """When JSON records were read but none had field ``name``: a message naming the fields they do have
        (the command then exits 2 rather than report zeros). None otherwise."""
        if self.stats.format not in RECORD_FORMATS or self.stats.records == 0 or self.stats.fields.get(name):
            return None
        common = ", ".join(f"{k!r} ({n})" for k, n in self.stats.fields.most_common(8))
        return (f"{self.path}: no line has field {name!r}; the lines have {common} — name the right field "
                "(e.g. --text-field)")


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
        return BadLine(path, lineno, None, f"expected a JSON object, got {_type_name(type(obj))}", end)
    return _line_of(obj, text, lineno, path, id_field, end)


def _line_of(obj: dict[str, Any], text: str, lineno: int, path: str, id_field: str, end: int) -> Line:
    """A decoded JSON object as a record; lone surrogates replaced, with a warning saying so."""
    warnings: tuple[str, ...] = ()
    if _SURROGATE_ESCAPE.search(text):
        obj, n = _replace_surrogates(obj)
        if n:
            warnings = (f"{n} lone surrogate escape{'s' if n > 1 else ''} (\\ud800–\\udfff) replaced by U+FFFD",)
    return Line(path, lineno, obj.get(id_field), obj, text, end, warnings)


_CSV_DELIMITERS = r"[,;\t]"
_COLUMN = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]{0,63}")   # a column name as a header line writes it


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _constant_in(obj: Any) -> str | None:
    """``NaN`` or ``Infinity`` where a parsed value holds one (json reads them; they are not JSON)."""
    if isinstance(obj, float) and (obj != obj or obj in (float("inf"), float("-inf"))):
        return "NaN" if obj != obj else "Infinity"
    if isinstance(obj, dict):
        obj = list(obj.values())
    if isinstance(obj, list):
        return next((c for c in map(_constant_in, obj) if c is not None), None)
    return None


_RULE = re.compile(r" {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*")   # a Markdown thematic break: ---, ***, ___
_HEADING = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*")   # an ATX heading: ## Title
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")   # a fenced code block's fence: nothing inside it is a separator


class _Marks:
    """What each line of plain text is to a text format: ``"sep"`` (ends a record and is dropped: a blank line for
    ``blocks``, a line of ``---`` for ``rules``), ``"start"`` (begins a record: for ``headings``, a Markdown heading
    of the first heading's level or above, whose text is then :attr:`title`), ``"blank"`` or ``"text"``. Inside a
    fenced code block nothing separates (a ``# comment`` there is no heading)."""

    def __init__(self, mode: str, level: int = 0) -> None:
        self.mode = mode
        self.level = level      # headings: the level answers start at (0: the first heading's; -1: every level)
        self.fence = ""         # the fence of the code block the lines are in, if any
        self.title: str | None = None
        self.found = 0          # the level of the last heading seen

    def kind(self, text: str) -> str:
        if not text.strip():
            return "sep" if self.mode == "blocks" else "blank"
        if self.mode not in ("rules", "headings"):
            return "text"
        fence = _FENCE.match(text)
        if self.fence:
            if fence and fence.group(1)[0] == self.fence[0] and len(fence.group(1)) >= len(self.fence) \
                    and not text[fence.end():].strip():
                self.fence = ""
            return "text"
        if fence:
            self.fence = fence.group(1)
            return "text"
        if self.mode == "rules":
            return "sep" if _RULE.fullmatch(text) else "text"
        heading = _HEADING.fullmatch(text)
        if heading is None or (self.level > 0 and len(heading.group(1)) > self.level):
            return "text"
        self.found = len(heading.group(1))
        if self.level == 0:
            self.level = self.found
        self.title = (heading.group(2) or "").strip() or None
        return "start"


class _Undecodable(str):
    """Marker for a line that is not valid UTF-8; ``at`` is the offending byte's index."""

    at: int

    def __new__(cls, at: int) -> "_Undecodable":
        obj = super().__new__(cls, "")
        obj.at = at
        return obj


class _TooLong(_Undecodable):
    """Marker for a line longer than the reader's ``max_chars``: not held in memory, the rest of it skipped."""

    def __new__(cls) -> "_TooLong":
        return super().__new__(cls, -1)


class _NotJson(ValueError):
    pass


def _refuse_constant(name: str) -> Any:
    raise _NotJson(f"{name} is not valid JSON (write null, a number or a string)")


def _peek(fh: IO[bytes], n: int) -> bytes:
    """The first ``n`` bytes of ``fh`` without consuming them."""
    if hasattr(fh, "peek"):
        return fh.peek(n)[:n]
    if fh.seekable():
        at = fh.tell()
        head = fh.read(n)
        fh.seek(at)
        return head
    raise InputError("the input cannot be peeked at; pass a file path or a buffered binary stream")


def _sniff(head: bytes) -> tuple[str, int]:
    """(encoding, BOM length) from a file's first bytes."""
    for bom, enc in _BOMS:
        if head.startswith(bom):
            return enc, len(bom)
    if len(head) >= 2 and head[0] != 0 and head[1] == 0:
        return "utf-16-le", 0
    if len(head) >= 2 and head[0] == 0 and head[1] != 0:
        return "utf-16-be", 0
    return "utf-8", 0


def _replace_surrogates(obj: Any) -> tuple[Any, int]:
    """Replace lone surrogates in every string of a parsed JSON value; returns (value, how many)."""
    count = 0

    def fix(x: Any) -> Any:
        nonlocal count
        if isinstance(x, str):
            y, n = _SURROGATE.subn("\ufffd", x)
            count += n
            return y
        if isinstance(x, list):
            return [fix(v) for v in x]
        if isinstance(x, dict):
            return {fix(k): fix(v) for k, v in x.items()}
        return x

    return fix(obj), count


def _elements(text: str) -> Iterator[tuple[Any, int, int]]:
    """The elements of the JSON array in ``text`` (already known to parse), each with where it starts and ends."""
    decoder = json.JSONDecoder()
    pos = text.index("[") + 1
    while True:
        pos = _skip_space(text, pos)
        if text[pos] == "]":
            return
        obj, end = decoder.raw_decode(text, pos)
        yield obj, pos, end
        pos = _skip_space(text, end)
        if text[pos] == ",":
            pos += 1


def _chain(first: list, rest: Iterator) -> Iterator:
    yield from first
    yield from rest


# ------------------------------------------------------------------ the writer

def dumps(obj: Any) -> str:
    """One JSON Lines record: UTF-8 text, no NaN, no lone surrogates (replaced, as the reader does)."""
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return _SURROGATE.sub("\ufffd", s) if _needs_fix(s) else s


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
            self._fh: IO[bytes] = getattr(sys.stdout, "buffer", None) or _TextAsBinary(sys.stdout)
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


def _write_all(fh: IO[bytes], data: bytes) -> None:
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


def read_records(source: str | Path | IO[bytes] | None, **options: Any) -> tuple[list[Line], list[BadLine]]:
    """All good and bad records of a (small) input at once: for commands whose result needs every line (scores)."""
    good: list[Line] = []
    bad: list[BadLine] = []
    with Reader(source, **options) as r:
        for rec in r:
            (good if isinstance(rec, Line) else bad).append(rec)
    return good, bad


def as_binary(text: str | bytes) -> IO[bytes]:
    """An in-memory binary file of ``text`` (tests, and callers that hold the input as a string)."""
    return io.BytesIO(text.encode("utf-8") if isinstance(text, str) else text)


__all__ = ["Reader", "Line", "BadLine", "ReadStats", "JsonlWriter", "read_records", "parse_json_line", "dumps",
           "as_binary", "FORMATS", "RECORD_FORMATS",
           "FieldError", "InputError", "OutputError"]
