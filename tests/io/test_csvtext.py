"""CSV input with a header: cells by column name, and a cell as long as the limit."""
from __future__ import annotations

import io

from legalcite.io import Reader, as_binary


def test_csv_cells_are_read_by_column_and_a_missing_column_is_named():
    reader = Reader(as_binary('id,answer,model\nq1,"Nach § 823 BGB, wer…",m\n'), field="answer", name="a.txt")
    [rec] = list(reader)
    assert rec.get("answer") == "Nach § 823 BGB, wer…" and rec.data["model"] == "m"
    assert "no line has field 'reference_answer'" in reader.missing_everywhere("reference_answer")
    [bad] = list(Reader(as_binary('[\n {"id": "x", "answer": "a"},\n [1]\n]'), format="jsonl"))[1:]
    assert bad.error == "element 2 of the array: expected a JSON object, got a list"


def test_a_csv_cell_may_be_as_long_as_the_limit():
    """csv's own cell limit (131,072 characters) made a 200,000-character answer a bad line under --max-chars 1e6."""
    answer = "Nach § 823 BGB haftet er. " * 8000
    data = f'id,answer\n1,"{answer}"\n2,kurz\n'.encode()
    got = list(Reader(io.BytesIO(data), name="a.csv", format="auto", field="answer", max_chars=1_000_000))
    assert [r.data["answer"] for r in got] == [answer, "kurz"]
