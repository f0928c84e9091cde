"""The one reader: what "auto" finds (JSON Lines, a JSON array, a CSV, plain text), its counts, and that any bytes
give records or bad lines, never an exception."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.errors import InputError
from legalcite.io import BadLine, Line, Reader, as_binary, dumps, read_records
from tests.io import records


def test_stats_count_lines_records_bad_and_blank():
    r = Reader(as_binary('{"id": 1, "answer": "x"}\n\n{bad\n{"id": 2, "question": "q"}\n'), name="f")
    list(r)
    assert (r.stats.lines, r.stats.records, r.stats.bad, r.stats.blank) == (4, 2, 1, 1)
    assert r.stats.fields == {"id": 2, "answer": 1, "question": 1}
    assert r.missing_everywhere("answer") is None
    msg = r.missing_everywhere("response")
    assert "no line has field 'response'" in msg and "'id' (2)" in msg


def test_text_blocks_and_auto():
    data = "first answer\nsecond line\n\n\nnext § 823 BGB\n"
    out = records(data, format="auto")
    assert [(r.lineno, r.text) for r in out] == [(1, "first answer\nsecond line"), (5, "next § 823 BGB")]
    assert [r.text for r in records(data, format="text")] == ["first answer", "second line", "next § 823 BGB"]
    assert len(records(data, format="whole")) == 1
    assert [r.id for r in records('\n{"id": 7}\n', format="auto")] == [7]


def test_read_records_splits_good_and_bad(tmp_path):
    p = tmp_path / "x.jsonl"
    p.write_text('{"id": 1}\n{oops\n', encoding="utf-8")
    good, bad = read_records(p)
    assert [g.id for g in good] == [1] and bad[0].where() == f"{p}:2"


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
    ('id,answer\n1,"a"b\n2,c\n', {"format": "jsonl", "field": "answer"}, "csv",
     [("BadLine", 2, None), ("Line", 3, "2")]),
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
