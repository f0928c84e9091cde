"""The one JSONL reader and writer: every bad line reported with file, line and id; every good line kept."""
from __future__ import annotations

import codecs
import contextlib
import io
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.io import BadLine, JsonlWriter, Line, Reader, as_binary, dumps, read_records
from legalcite.errors import FieldError, InputError, OutputError


def records(data: bytes | str, **kw) -> list:
    return list(Reader(as_binary(data), name="in.jsonl", **kw))


def test_good_and_bad_lines_keep_order_line_numbers_and_ids():
    data = '{"id": "a", "answer": "x"}\n\nnot json\n{"id": "c", "answer": NaN}\n[1, 2]\n{"id": 5}\n'
    out = records(data)
    assert [type(r).__name__ for r in out] == ["Line", "BadLine", "BadLine", "BadLine", "Line"]
    assert [r.lineno for r in out] == [1, 3, 4, 5, 6]
    assert out[0].id == "a" and out[-1].id == 5
    assert "malformed JSON" in out[1].error and "plain text?" in out[1].error
    assert "NaN is not valid JSON" in out[2].error
    assert "expected a JSON object, got a list" in out[3].error
    assert str(out[1]).startswith("in.jsonl:3: ")


def test_stats_count_lines_records_bad_and_blank():
    r = Reader(as_binary('{"id": 1, "answer": "x"}\n\n{bad\n{"id": 2, "question": "q"}\n'), name="f")
    list(r)
    assert (r.stats.lines, r.stats.records, r.stats.bad, r.stats.blank) == (4, 2, 1, 1)
    assert r.stats.fields == {"id": 2, "answer": 1, "question": 1}
    assert r.missing_everywhere("answer") is None
    msg = r.missing_everywhere("response")
    assert "no line has field 'response'" in msg and "'id' (2)" in msg


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


def test_lone_surrogate_is_replaced_with_a_warning_and_offsets_stay():
    out = records('{"id": "s", "answer": "A\\ud800B \\ud83d\\ude00"}\n')
    line = out[0]
    assert line.data["answer"] == "A\ufffdB \U0001F600"
    assert len(line.data["answer"]) == 5
    assert line.warnings and "surrogate" in line.warnings[0]
    line.data["answer"].encode("utf-8")


def test_field_access_names_what_is_expected():
    line = records('{"id": 1, "met": "false", "answer": 3}\n')[0]
    with pytest.raises(FieldError, match=r"field 'met' is a string 'false', expected true/false"):
        line.get("met", bool)
    with pytest.raises(FieldError, match=r"missing field 'response' \(this line has: answer, id, met\)"):
        line.get("response")
    with pytest.raises(FieldError, match="expected a string"):
        line.get("answer")
    assert line.get("response", required=False, default="d") == "d"
    bad = line.bad(FieldError("x"))
    assert bad.to_record() == {"line": 1, "id": 1, "error": "x"}


def test_true_is_not_a_number():
    line = records('{"n": true}\n')[0]
    with pytest.raises(FieldError):
        line.get("n", (int, float))


def test_text_blocks_and_auto():
    data = "first answer\nsecond line\n\n\nnext § 823 BGB\n"
    out = records(data, format="auto")
    assert [(r.lineno, r.text) for r in out] == [(1, "first answer\nsecond line"), (5, "next § 823 BGB")]
    assert [r.text for r in records(data, format="text")] == ["first answer", "second line", "next § 823 BGB"]
    assert len(records(data, format="whole")) == 1
    assert [r.id for r in records('\n{"id": 7}\n', format="auto")] == [7]


def test_missing_file_and_directory_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        Reader(tmp_path / "nope.jsonl")
    with pytest.raises(InputError, match="is a directory"):
        Reader(tmp_path)


def test_read_records_splits_good_and_bad(tmp_path):
    p = tmp_path / "x.jsonl"
    p.write_text('{"id": 1}\n{oops\n', encoding="utf-8")
    good, bad = read_records(p)
    assert [g.id for g in good] == [1] and bad[0].where() == f"{p}:2"


def test_writer_flushes_each_record_and_refuses_nan(tmp_path):
    p = tmp_path / "out" / "o.jsonl"
    w = JsonlWriter(p)
    w.write({"id": 1, "t": "a\ud800"})
    assert p.read_text(encoding="utf-8") == '{"id":1,"t":"a\ufffd"}\n'  # flushed before close
    with pytest.raises(ValueError):
        w.write({"x": float("nan")})
    w.close()


def test_writer_on_a_full_disk_raises_output_error():
    with pytest.raises(OutputError, match="/dev/full"):
        with JsonlWriter("/dev/full") as w:
            w.write({"id": 1})


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=30), st.binary(max_size=30)), max_size=8))
def test_any_bytes_give_records_or_bad_lines_never_an_exception(parts):
    data = b"\n".join(p.encode("utf-8", "surrogatepass") if isinstance(p, str) else p for p in parts)
    try:
        out = records(data)
    except InputError:
        return  # an undecodable UTF-16 guess is reported for the file as a whole
    for r in out:
        assert isinstance(r, (Line, BadLine))
        if isinstance(r, Line):
            dumps(r.data).encode("utf-8")


def test_dumps_round_trips():
    obj = {"id": "x", "citations": [{"key": "cn/中华人民共和国民法典/art1"}]}
    assert json.loads(dumps(obj)) == obj


# ------------------------------------------------------------------ records in other shapes: JSON arrays, CSV

# (input, reader options, what the reader finds, [(kind, line, id)] or the InputError's words)
SHAPES = [
    ('[{"id": "a", "answer": "x"}, {"id": "b", "answer": "y"}]', {"format": "auto"}, "json",
     [("Line", 1, "a"), ("Line", 1, "b")]),
    ('\n[\n  {"id": "a", "answer": "x"},\n  {"id": "b",\n   "answer": "y"},\n  3,\n  {"id": "d", "n": NaN}\n]\n',
     {"format": "jsonl"}, "json",
     [("Line", 3, "a"), ("Line", 4, "b"), ("BadLine", 6, None), ("BadLine", 7, "d")]),
    ("[]", {"format": "jsonl"}, "json", []),
    (b'[{"id": 1}]\n\n\xff\n', {"format": "auto"}, "jsonl", [("BadLine", 1, None), ("BadLine", 3, None)]),
    ('[\n  {"id": "a", "answer": "x"},\n  {"id": "b", "answer": "y"\n', {"format": "auto"}, None,
     "in.jsonl:3: starts as a JSON array but is not valid JSON"),
    ('[\n{"id": 1}\n]\n{"id": 2}\n', {"format": "jsonl"}, None, "in.jsonl:3: a JSON array ends here but more follows"),
    ('[1, 2]\n{"id": 3}\n', {"format": "auto"}, "jsonl", [("BadLine", 1, None), ("Line", 2, 3)]),
    ("[1] Siehe § 823 BGB.\n\nZweiter Absatz", {"format": "auto"}, "blocks", [("Line", 1, None), ("Line", 3, None)]),
    ("[Anm.: siehe\n§ 823 BGB]\n", {"format": "auto", "text_format": "whole"}, "whole", [("Line", 1, None)]),
    ('id,answer\n1,"Nach § 823 BGB, sagt er"\n2,"zwei\nZeilen"\n\n3,x,y\n4,\n', {"format": "auto", "field": "answer"},
     "csv", [("Line", 2, "1"), ("Line", 3, "2"), ("BadLine", 6, None), ("Line", 7, "4")]),
    ("id\tanswer\n1\tx\n", {"format": "jsonl", "field": "answer"}, "csv", [("Line", 2, "1")]),
    ('id,answer\n1,"a"b\n2,c\n', {"format": "jsonl", "field": "answer"}, "csv", [("BadLine", 2, None), ("Line", 3, "2")]),
    ("id,answer\n1,x\n", {"format": "auto", "field": "text"}, "blocks", [("Line", 1, None)]),   # not the field read
    ("Yes, no\n", {"format": "auto", "field": "answer"}, "blocks", [("Line", 1, None)]),
    ("id;answer\n1;x\n", {"format": "auto", "name": "answers.csv"}, "csv", [("Line", 2, "1")]),         # by its name
    ("id,id\n1,2\n", {"format": "auto", "name": "a.csv"}, None, "a.csv:1: the CSV header names a column twice"),
]


@pytest.mark.parametrize(("data", "options", "found", "expected"), SHAPES)
def test_json_arrays_and_csv_are_records_never_one_text(data, options, found, expected):
    options = {"name": "in.jsonl", **options}
    reader = Reader(as_binary(data), **options)
    if isinstance(expected, str):
        with pytest.raises(InputError, match=re.escape(expected)):
            list(reader)
        return
    out = list(reader)
    assert reader.stats.format == found
    assert [(type(r).__name__, r.lineno, r.id) for r in out] == expected


def test_a_long_pretty_printed_array_keeps_every_line_number():
    data = "[\n" + ",\n".join(f'  {{"id": {i}, "answer": "§ {i} BGB"}}' for i in range(20_000)) + "\n]\n"
    out = list(Reader(as_binary(data), format="jsonl"))
    assert len(out) == 20_000 and all(r.lineno == r.id + 2 for r in out)


def test_csv_cells_are_read_by_column_and_a_missing_column_is_named():
    reader = Reader(as_binary('id,answer,model\nq1,"Nach § 823 BGB, wer…",m\n'), field="answer", name="a.txt")
    [rec] = list(reader)
    assert rec.get("answer") == "Nach § 823 BGB, wer…" and rec.data["model"] == "m"
    assert "no line has field 'reference_answer'" in reader.missing_everywhere("reference_answer")
    [bad] = list(Reader(as_binary('[\n {"id": "x", "answer": "a"},\n [1]\n]'), format="jsonl"))[1:]
    assert bad.error == "element 2 of the array: expected a JSON object, got a list"


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
    ("jsonl", '{"id": 1, "answer": "' + _LONG + '"}\n{"id": 2, "answer": "ok"}', [(TOO_LONG, 1), ('{"id": 2, "answer": "ok"}', 2)]),
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


def test_a_csv_cell_may_be_as_long_as_the_limit():
    """csv's own cell limit (131,072 characters) made a 200,000-character answer a bad line under --max-chars 1e6."""
    answer = "Nach § 823 BGB haftet er. " * 8000
    data = f'id,answer\n1,"{answer}"\n2,kurz\n'.encode()
    got = list(Reader(io.BytesIO(data), name="a.csv", format="auto", field="answer", max_chars=1_000_000))
    assert [r.data["answer"] for r in got] == [answer, "kurz"]


# ------------------------------------------------------------------ issue 32: inputs as users have them

MARKDOWN = """# Model answers

## Q1: Kündigung

Nach § 622 BGB gilt:

- vier Wochen

```python
# a comment, no heading
---
```

### Details
§ 823 BGB.

---

## Q2 ##

Art. 6 EMRK.
"""

# (text format, [(first line, id, text's first line)]): how plain text divides into records
SPLITS = [
    ("headings", [(3, "Q1: Kündigung", "## Q1: Kündigung"), (19, "Q2", "## Q2 ##")]),  # the title alone: no record
    ("rules", [(1, None, "# Model answers"), (19, None, "## Q2 ##")]),                 # the --- in code: no rule
    ("blocks", [(n, None, t) for n, t in [(1, "# Model answers"), (3, "## Q1: Kündigung"), (5, "Nach § 622 BGB gilt:"),
                                          (7, "- vier Wochen"), (9, "```python"), (14, "### Details"), (17, "---"),
                                          (19, "## Q2 ##"), (21, "Art. 6 EMRK.")]]),
    ("whole", [(1, None, "# Model answers")]),
]


@pytest.mark.parametrize("fmt,expected", SPLITS, ids=[s[0] for s in SPLITS])
def test_plain_text_divides_into_records_as_its_format_says(tmp_path, fmt, expected):
    src = tmp_path / "answers.md"
    src.write_text(MARKDOWN, encoding="utf-8")
    out = list(Reader(src, format=fmt))
    assert [(r.lineno, r.id, r.text.split("\n")[0]) for r in out] == expected
    assert all(MARKDOWN.startswith(r.text, r.offset) for r in out) or fmt != "whole"
    if fmt == "headings":   # blank lines stay inside an answer; the ones before the next answer do not
        assert out[0].text.endswith("§ 823 BGB.\n\n---") and "- vier Wochen\n\n```python" in out[0].text


def test_headings_answer_level_is_the_shallowest_used_twice(tmp_path):
    """A document's title (used once) is no answer, nor are sub-headings inside an answer; a stream, which cannot be
    read twice, takes its first heading's level."""
    text = "# Q1\nfirst § 1 BGB\n## Analysis\nmore\n# Q2\nsecond\n## Analysis\nx\n"
    src = tmp_path / "a.md"
    src.write_text(text, encoding="utf-8")
    assert [r.id for r in Reader(src, format="headings")] == ["Q1", "Q2"]
    assert [r.id for r in Reader(as_binary("# Title\n\n" + text.replace("# ", "## ")), format="headings")] == \
        ["Title"]


def test_windows_cut_a_long_text_at_blank_lines_with_offsets_into_the_whole():
    paragraphs = [f"Absatz {i}: § {i} BGB gilt." + " x" * 8 for i in range(1, 40)]
    text = "\n\n".join(paragraphs) + "\n"
    out = list(Reader(as_binary(text), format="windows", max_chars=100))
    assert len(out) > 5 and all(isinstance(r, Line) and len(r.text) <= 100 for r in out)
    assert all(text.startswith(r.text, r.offset) for r in out)
    assert "\n\n".join(r.text for r in out) == text.rstrip("\n")  # nothing lost, nothing twice
    assert [r.lineno for r in out][:2] == [1, 1 + 2 * out[0].text.count("\n\n") + 2]
    # a paragraph past the limit is the one bad record; the text around it is still read
    long = "\n\n".join(["kurz § 1 BGB", "y" * 150, "danach § 2 BGB"])
    got = list(Reader(as_binary(long), format="windows", max_chars=100))
    assert [(type(r).__name__, r.lineno) for r in got] == [("Line", 1), ("BadLine", 3), ("Line", 5)]
    assert long.startswith(got[2].text, got[2].offset)
    assert [r.text for r in Reader(as_binary(long), format="windows")] == [long]   # within the limit: one text


# (input, what the records are: [(kind, line, id)], or the one InputError's words)
JSON_SHAPES = [
    ('{\n  "id": "a",\n  "answer": "§ 1 BGB"\n}\n', [("Line", 1, "a")]),                      # pretty-printed
    ('{\n  "id": "a"\n}\n{\n  "id": "b",\n  "n": [1,\n 2]\n}\n', [("Line", 1, "a"), ("Line", 4, "b")]),   # as jq writes
    ('{\n  "id": "a",\n  "answer": "x"\n\n', "in.jsonl:1: a JSON object written over several lines opens here and is "
     "not closed"),
    ('{\n  "id": "a"\n}\n{\n  "id": "b",\n  oops\n}\n', "in.jsonl:6: a JSON object written over several lines that is "
     "not valid JSON (Expecting property name"),
    ('{"id": 1, "answer": "cut\n{"id": 2}\n', [("BadLine", 1, None), ("Line", 2, 2)]),       # JSON Lines, first cut
    ('{"id": 1,\n{"id": 2}\n', [("BadLine", 1, None), ("Line", 2, 2)]),
    ("[1, 2, 3]", "in.jsonl:1: a JSON array of numbers, not of objects: each element must be an object"),
    ('[\n  "a",\n  null\n]', "in.jsonl:2: a JSON array of nulls and strings, not of objects"),
    ('[\n  1,\n  {"id": "x"},\n  2\n]', [("BadLine", 2, None), ("Line", 3, "x"), ("BadLine", 4, None)]),
]


@pytest.mark.parametrize("data,expected", JSON_SHAPES, ids=range(len(JSON_SHAPES)))
def test_json_over_several_lines_is_records_or_one_error(data, expected):
    if isinstance(expected, str):
        with pytest.raises(InputError, match=re.escape(expected)):
            records(data, format="auto")
        return
    assert [(type(r).__name__, r.lineno, r.id) for r in records(data, format="auto")] == expected


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


def test_an_unclosed_object_after_good_ones_is_named_where_it_opens():
    with pytest.raises(InputError, match=re.escape("in.jsonl:5: a JSON object written over several lines opens here")):
        records('{\n  "id": "a"\n}\n\n{\n  "id": "b"\n', format="auto")
