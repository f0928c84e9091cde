"""Bytes to lines: BOMs and UTF-16, bad bytes, line numbers, unreadable files, and the record limit on every
format (a record too long is a bad line; an endless one gives the input up after the records before it)."""
from __future__ import annotations

import codecs
import contextlib
import io

import pytest

from legalcite.errors import InputError
from legalcite.io import BadLine, Line, Reader
from tests.io import records


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_boms_and_utf16_are_decoded_not_misread(encoding):
    text = '{"id": "q1", "answer": "§ 823 BGB und 民法典"}\n{"id": "q2", "answer": "b"}\n{"id": "q3", "answer": "c"}\n'
    data = text.encode(encoding)
    if encoding == "utf-16-le":
        assert not data.startswith(codecs.BOM_UTF16_LE)  # no BOM: found by the NUL pattern
    out = records(data)
    assert [r.id for r in out] == ["q1", "q2", "q3"]
    assert all(isinstance(r, Line) for r in out)
    assert out[0].data["answer"] == "§ 823 BGB und 民法典"


def test_bad_utf8_byte_is_one_bad_line_the_rest_is_read():
    data = b'{"id": 1, "answer": "ok"}\n{"id": 2, "answer": "\xff\xfe bad"}\n{"id": 3, "answer": "ok"}\n'
    out = records(data)
    assert isinstance(out[1], BadLine) and "not valid UTF-8" in out[1].error and out[1].lineno == 2
    assert [r.id for r in out if isinstance(r, Line)] == [1, 3]


def test_bare_cr_does_not_shift_line_numbers_and_crlf_is_one_break():
    data = b'{"id": 1, "a": "x"}\r\n{"id": 2,\r "a": "y"}\n{"id": 3, "a": "z"}\n'
    out = records(data)
    assert [(r.lineno, r.id) for r in out] == [(1, 1), (2, 2), (3, 3)]


def test_missing_file_and_directory_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        Reader(tmp_path / "nope.jsonl")
    with pytest.raises(InputError, match="is a directory"):
        Reader(tmp_path)


# issue 28: a record past max_chars is never held; what comes after it still is read. (format, input, the records:
# a text's first characters, or TOO_LONG at a line number)
TOO_LONG = "more than 20 characters (the limit, --max-chars)"


_LONG = "x" * 300_000  # past the physical line's cap (6 × 20 + 64 KiB)


CAPPED = [
    ("whole", "a\n" + _LONG + "\nb", [(TOO_LONG, 1)]),
    ("whole", "a\nb\n\nc", [("a\nb\n\nc", 1)]),
    ("whole", "a\n" + "y" * 30, [(TOO_LONG, 1)]),      # past the limit, within the line's cap
    ("blocks", "a\n" + _LONG + "\nb\n\nc\n" + "y" * 30 + "\n\nd\ne", [(TOO_LONG, 1), (TOO_LONG, 5), ("d\ne", 8)]),
    ("text", "a\n" + _LONG + "\nb", [("a", 1), (TOO_LONG, 2), ("b", 3)]),
    ("jsonl", '{"id": 1, "answer": "' + _LONG + '"}\n{"id": 2, "answer": "ok"}',
     [(TOO_LONG, 1), ('{"id": 2, "answer": "ok"}', 2)]),
]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
@pytest.mark.parametrize("fmt,text,expected", CAPPED, ids=[f"{c[0]}-{i}" for i, c in enumerate(CAPPED)])
def test_a_record_past_max_chars_is_a_bad_line_and_the_rest_is_read(fmt, text, expected, encoding):
    data = text.encode(encoding)
    got = [((r.error if isinstance(r, BadLine) else r.text)[:30], r.lineno)
           for r in Reader(io.BytesIO(data), format=fmt, max_chars=20)]
    assert got == [(t[:30], n) for t, n in expected]
    unlimited = list(Reader(io.BytesIO(data), format=fmt))  # without a limit, nothing is refused
    assert not any(isinstance(r, BadLine) for r in unlimited)


class _Endless(io.RawIOBase):
    """``head``, then ``fill`` repeated for ever: /dev/zero, `yes`, an array that never closes."""

    def __init__(self, head: bytes, fill: bytes) -> None:
        self._head, self._fill, self._at = head, fill * max(1, 4096 // len(fill)), 0

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        if self._at < len(self._head):
            chunk = self._head[self._at:self._at + len(b)]
            self._at += len(chunk)
        else:
            chunk = self._fill[:len(b)]
        b[:len(chunk)] = chunk
        return len(chunk)


# Issue 35: the rest of a record too long was skipped to its end, which an endless input never reaches (`check
# /dev/zero` ran until killed). It is skipped for at most MAX_DECODED (made 1 MiB here) more, then the input is given
# up with an InputError — after every record before it, the bad one included. (format, head, fill, the records as in
# CAPPED, what the error says; None: the format stops by itself)
ENDLESS = [
    ("jsonl", b'{"answer": "a"}\n', b"\0", [('{"answer": "a"}', 1), (TOO_LONG, 2)], ":2: the line too long to read"),
    ("text", b"a\n", b"x", [("a", 1), (TOO_LONG, 2)], ":2: the line too long to read does not end within 1,048,576"),
    ("blocks", b"a\n\nb\n\n", b"y\n", [("a", 1), ("b", 3), (TOO_LONG, 5)], ":5: the block too long to read"),
    ("blocks", b"a\n\n", b"\0", [("a", 1), (TOO_LONG, 3)], ":3: the line too long to read"),
    ("whole", b"a\n", b"\0", [(TOO_LONG, 1)], None),
    ("auto", b"[\n", b'{"answer": "x"},\n', [], ":1: a JSON array is read whole before its first record, and this one "
     "runs past 1,048,576 characters"),
    ("auto", b"id,answer\n1,a\n", b"\0", [("1,a", 2), (TOO_LONG, 3)], ":3: the line too long to read"),
    ("utf-16", codecs.BOM_UTF16_LE + "a\n".encode("utf-16-le"), "x".encode("utf-16-le"), [("a", 1), (TOO_LONG, 2)],
     ":2: the line too long to read"),
]


@pytest.mark.parametrize("fmt,head,fill,expected,says", ENDLESS, ids=[f"{e[0]}-{i}" for i, e in enumerate(ENDLESS)])
def test_an_endless_record_ends_the_input_after_the_records_before_it(fmt, head, fill, expected, says, monkeypatch):
    import legalcite._util

    monkeypatch.setattr(legalcite._util, "MAX_DECODED", 1 << 20)
    reader = Reader(io.BufferedReader(_Endless(head, fill)), name="in", format="text" if fmt == "utf-16" else fmt,
                    field="answer", max_chars=20)
    got = []
    with pytest.raises(InputError) if says else contextlib.nullcontext() as raised:
        for r in reader:
            got.append(((r.error if isinstance(r, BadLine) else r.text)[:30], r.lineno))
    assert got == [(t[:30], n) for t, n in expected]
    if says:
        assert f"in{says}" in str(raised.value)


@pytest.mark.parametrize("fmt", ["auto", "jsonl", "blocks", "whole"])
def test_bytes_that_are_mostly_not_utf8_are_one_error(fmt):
    import random

    noise = random.Random(32).randbytes(20_000)
    with pytest.raises(InputError, match=r"in.jsonl: not valid UTF-8 \(\d+ of its first \d+ lines are not"):
        records(noise, format=fmt)
    latin1 = "".join(f'{{"id": {i}, "answer": "Gemäß § {i} BGB"}}\n' for i in range(5)).encode("latin-1")
    with pytest.raises(InputError, match="re-encode it as UTF-8"):
        records(latin1, format=fmt)
    # a line of bad bytes among good ones stays one bad line
    one = b'{"id": 1}\n\xff\xfe\n{"id": 3}\n{"id": 4}\n'
    assert [type(r).__name__ for r in records(one)] == ["Line", "BadLine", "Line", "Line"]
