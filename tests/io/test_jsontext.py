"""JSON input over several lines: long arrays keep their line numbers; pretty-printed objects are records or one
error naming where."""
from __future__ import annotations

import re

import pytest

from legalcite.errors import InputError
from legalcite.io import Reader, as_binary
from tests.io import records


def test_a_long_pretty_printed_array_keeps_every_line_number():
    data = "[\n" + ",\n".join(f'  {{"id": {i}, "answer": "§ {i} BGB"}}' for i in range(20_000)) + "\n]\n"
    out = list(Reader(as_binary(data), format="jsonl"))
    assert len(out) == 20_000 and all(r.lineno == r.id + 2 for r in out)


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


def test_an_unclosed_object_after_good_ones_is_named_where_it_opens():
    with pytest.raises(InputError, match=re.escape("in.jsonl:5: a JSON object written over several lines opens here")):
        records('{\n  "id": "a"\n}\n\n{\n  "id": "b"\n', format="auto")
