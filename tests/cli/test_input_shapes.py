"""Answers given as a JSON array or a CSV are read as records (one answer each, with its id), never merged into one
plain-text answer; records given where one text is expected, and a broken JSON array, are refused in one line."""
from __future__ import annotations

import json

import pytest

from legalcite.cli import main

ANSWERS = [{"id": "a", "answer": "Nach § 823 Abs. 1 BGB haftet, wer schuldhaft handelt."},
           {"id": "b", "answer": "Art. 1 GG schützt die Würde, sagt er."}]
SHAPES = {
    "answers.json": json.dumps(ANSWERS, ensure_ascii=False, indent=2),
    "answers.csv": "id,answer\n" + "".join(f'{a["id"]},"{a["answer"]}"\n' for a in ANSWERS),
    "answers.tsv": "id\tanswer\n" + "".join(f'{a["id"]}\t{a["answer"]}\n' for a in ANSWERS),
    "answers.txt": "id,answer\n" + "".join(f'{a["id"]},"{a["answer"]}"\n' for a in ANSWERS),  # header names the field
}


@pytest.mark.parametrize("name", SHAPES)
def test_check_reads_each_record_as_one_answer(tmp_path, small_store, capsys, name):
    src = tmp_path / name
    src.write_text(SHAPES[name], encoding="utf-8")
    assert main(["check", str(src), "--store", str(small_store), "--no-attribution"]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["id"], [c["key"] for c in r["citations"]]) for r in out] == [("a", ["de/bgb/s823/abs1"]),
                                                                           ("b", ["de/gg/art1"])]


@pytest.mark.parametrize("name", SHAPES)
def test_extract_scans_the_field_of_each_record(tmp_path, capsys, name):
    src = tmp_path / name
    src.write_text(SHAPES[name], encoding="utf-8")
    assert main(["extract", str(src), "--jsonl-field", "answer"]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["id"], r["key"], r["span"]) for r in out] == [("a", "de/bgb/s823/abs1", [5, 21]),
                                                            ("b", "de/gg/art1", [0, 9])]


@pytest.mark.parametrize("name", ["answers.json", "answers.csv", "answers.jsonl"])
def test_extract_without_a_field_refuses_records(tmp_path, capsys, name):
    src = tmp_path / name
    src.write_text(SHAPES.get(name) or "".join(json.dumps(a) + "\n" for a in ANSWERS), encoding="utf-8")
    assert main(["extract", str(src)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "holds records" in captured.err
    assert "--jsonl-field FIELD (this one has: answer, id)" in captured.err


def test_a_broken_json_array_is_refused_with_its_line(tmp_path, small_store, capsys):
    src = tmp_path / "answers.json"
    src.write_text(SHAPES["answers.json"][:-3], encoding="utf-8")   # the last brace and bracket lost
    assert main(["check", str(src), "--store", str(small_store)]) == 2
    err = capsys.readouterr().err
    assert f"{src}:" in err and "starts as a JSON array but is not valid JSON" in err
