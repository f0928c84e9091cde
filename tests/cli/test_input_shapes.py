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


# ------------------------------------------------------------------ issue 32: inputs as users have them

MARKDOWN = """# Answers of model X

## Frage 1

Nach § 823 Abs. 7 BGB haftet er.

Das gilt auch hier.

## Frage 2

Art. 1 GG.

### Begründung

Die Würde ist unantastbar (Art. 1 Abs. 1 GG).
"""


@pytest.mark.parametrize("split,expected", [
    ([], [("Frage 1", 3, ["de/bgb/s823/abs7"]), ("Frage 2", 9, ["de/gg/art1", "de/gg/art1/abs1"])]),
    (["--split", "blank"], [(1, 1, []), (3, 3, []), (5, 5, ["de/bgb/s823/abs7"]), (7, 7, []), (9, 9, []),
                            (11, 11, ["de/gg/art1"]), (13, 13, []), (15, 15, ["de/gg/art1/abs1"])]),
    (["--whole-file"], [(1, 1, ["de/bgb/s823/abs7", "de/gg/art1", "de/gg/art1/abs1"])]),
])
def test_check_reads_a_markdown_file_answer_by_heading(tmp_path, small_store, capsys, split, expected):
    src = tmp_path / "answers.md"
    src.write_text(MARKDOWN, encoding="utf-8")
    assert main(["check", str(src), "--store", str(small_store), "--no-attribution", *split]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["id"], r["line"], [c["key"] for c in r["citations"]]) for r in out] == expected


def test_extract_gives_the_citations_of_a_text_longer_than_the_limit(tmp_path, capsys):
    """A 4 MB text gave 0 citations and exit 1 (the whole file was one text past --max-chars): it is read in pieces
    cut at blank lines, spans and antecedents counted in the whole text, as one read without a limit gives them."""
    paragraph = "Nach § 823 Abs. 1 BGB haftet, wer schuldhaft handelt; ebenso nach Abs. 2 derselben Vorschrift. "
    src = tmp_path / "big.txt"
    src.write_text("\n\n".join(paragraph * 20 for _ in range(600)), encoding="utf-8")   # 1.1 million characters
    assert main(["extract", str(src)]) == 0
    pieces = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert main(["extract", str(src), "--max-chars", "0"]) == 0
    whole = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(pieces) == 24_000 and pieces == whole
    text = src.read_text(encoding="utf-8")
    assert all(text[c["span"][0]:c["span"][1]] == c["text"] for c in pieces[-3:])


@pytest.mark.parametrize("command", ["check", "extract"])
@pytest.mark.parametrize("data,says", [
    (b"[1, 2, 3]\n", "a JSON array of numbers, not of objects"),
    (__import__("random").Random(1).randbytes(20_000), "not valid UTF-8"),
])
def test_an_input_that_is_no_records_and_no_text_is_one_error_and_exit_2(tmp_path, small_store, capsys, command,
                                                                         data, says):
    src = tmp_path / "in.json"
    src.write_bytes(data)
    argv = ["check", str(src), "--store", str(small_store)] if command == "check" else \
        ["extract", str(src), "--jsonl-field", "answer"]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and [line for line in captured.err.splitlines() if says in line] and \
        len([line for line in captured.err.splitlines() if str(src) in line]) == 1


def test_check_reads_a_pretty_printed_object_as_one_answer(tmp_path, small_store, capsys):
    src = tmp_path / "answer.json"
    src.write_text(json.dumps(ANSWERS[0], ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    assert main(["check", str(src), "--store", str(small_store), "--no-attribution"]) == 0
    [rec] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert (rec["id"], rec["line"], [c["key"] for c in rec["citations"]]) == ("a", 1, ["de/bgb/s823/abs1"])
