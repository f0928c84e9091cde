"""JSON input: JSON Lines (one object per line), a JSON array of objects (the whole input one array,
pretty-printed or not: one record per element, at the line where it starts), and objects written over several
lines one after another (as ``jq`` writes them).

The contract: an input that starts as a JSON array but breaks after its first line, or a pretty-printed object
that is not valid JSON, is refused (:class:`~legalcite.errors.InputError` with line and column), never read as
text; an array of values that are no objects (``[1,2,3]``) is refused too. A JSON text held whole to be parsed is
held in chunks and at most :meth:`~legalcite.io.decode.LineSource._skip_cap` characters. Standard library only.
"""
from __future__ import annotations

import json
from array import array
from itertools import chain
from typing import Any, Iterator, Sequence

from legalcite.errors import InputError
from legalcite.io.decode import LineSource, Undecodable
from legalcite.io.records import PLURAL, BadLine, Line, line_of, parse_json_line, type_name


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


class JsonInput(LineSource):
    """The JSON formats of :class:`~legalcite.io.reader.Reader`."""

    id_field: str   # the field reported as a record's id

    def _jsonl(self, lines: Iterator[tuple[int, str, int]]) -> Iterator[Line | BadLine]:
        return self._per_line(lines, self._json_line)

    def _json_line(self, lineno: int, text: str, end: int) -> Line | BadLine:
        rec = parse_json_line(text, lineno, path=self.path, id_field=self.id_field, end=end)
        if isinstance(rec, BadLine):
            self.stats.bad += 1
        else:
            self.stats.records += 1
            self.stats.fields.update(rec.data.keys())  # type: ignore[union-attr]
        return rec

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
                return None, chain(first, rest), None
        else:
            if head[at:].strip():
                return None, chain(first, rest), None  # "[1] See § 823 BGB": text after the brackets
            more = next((item for item in rest if isinstance(item[1], Undecodable) or item[1].strip()), None)
            if more is not None:
                return None, chain(first, chain([more], rest)), "jsonl"  # `[1, 2]`, then more lines
            return (self._records(_elements(head), head, first[-1][0], [first[-1][2]], "element"), iter(()),
                    "json")
        # a multi-line array: parsed whole before any element becomes a record, so it is held
        held = self._hold(first, rest, "a JSON array is read whole before its first record")
        if not isinstance(held, tuple):
            return None, held, "jsonl"  # the per-line reader names the undecodable line
        text, ends = held
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
              ) -> tuple[str, array[int]] | Iterator[tuple[int, str, int]]:
        """A JSON text that spans lines, held whole to be parsed: ``(text, each line's end offset)`` — the text in
        chunks of lines (not a tuple per line) and at most :meth:`_skip_cap` characters (an endless one was held for
        ever; past it an :class:`InputError` that starts with ``what``); all the lines back instead when a line is
        not UTF-8 (the per-line reader names it)."""
        if any(isinstance(t, Undecodable) for _, t, _ in first):
            return chain(first, rest)
        first_no, cap = first[0][0], self._skip_cap()
        chunks: list[str] = []
        pending = [t for _, t, _ in first]
        ends = array("q", (pos for _, _, pos in first))
        size = sum(len(t) + 1 for t in pending)
        for item in rest:
            if isinstance(item[1], Undecodable):
                held = "\n".join([*chunks, "\n".join(pending)]).split("\n")
                return chain([(first_no + i, t, ends[i]) for i, t in enumerate(held)], chain([item], rest))
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
        return "\n".join(chunks), ends

    def _json_objects(self, first: list[tuple[int, str, int]], rest: Iterator[tuple[int, str, int]]
                      ) -> tuple[Iterator[Line | BadLine] | None, Iterator[tuple[int, str, int]]]:
        """For an input whose first non-blank line (the last of ``first``) starts with ``{``: its records when that
        line opens a JSON object it does not close (a pretty-printed object, or several one after another as
        ``jq`` writes them), as ``(records, _)``; ``(None, all the lines)`` for JSON Lines — the line a whole object,
        or broken within itself, or the next line another object (the first line cut short)."""
        head = first[-1][1]
        try:
            json.JSONDecoder().raw_decode(head, len(head) - len(head.lstrip()))
            return None, chain(first, rest)
        except json.JSONDecodeError as e:
            if e.pos < len(head.rstrip()):
                return None, chain(first, rest)
        following: list[tuple[int, str, int]] = []
        for item in rest:
            following.append(item)
            if isinstance(item[1], Undecodable) or item[1].strip():
                break
        if not following or isinstance(following[-1][1], Undecodable) or following[-1][1].lstrip()[:1] in "{":
            return None, chain(first, chain(following, rest))
        held = self._hold(first + following, rest, "pretty-printed JSON is read whole before its first record")
        if not isinstance(held, tuple):
            return None, held
        text, ends = held
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
                              f"expected a JSON object, got {type_name(type(obj))}", stop)
                if objects:
                    self.stats.bad += 1
                    yield bad
                else:
                    held.append(bad)
                    kinds.add(PLURAL.get(type(obj), "values"))
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
                yield line_of(obj, text[pos:end], lineno, self.path, self.id_field, stop)
        if held:
            raise InputError(f"{self.path}:{held[0].lineno}: a JSON array of {' and '.join(sorted(kinds))}, not of "
                             f"objects: each {what} must be an object holding the text, e.g. "
                             '[{"id": 1, "answer": "…"}]')
