"""The records a reader yields: bad lines with file, line and id and what is wrong; typed field access; lone
surrogates replaced with a warning."""
from __future__ import annotations

import pytest

from legalcite.errors import FieldError
from tests.io import records


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
