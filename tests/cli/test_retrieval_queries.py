"""The queries file of ``retrieval eval``/``train``/``cv`` through the one JSONL reader: every bad line named with
file, line and id, and no figures from a file with bad lines (exit 2) — never a traceback."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite.retrieval.evaluate import QueryFileError, read_queries


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "q.jsonl"
    p.write_text(text, encoding="utf-8")
    return p


def test_read_queries(tmp_path: Path) -> None:
    p = _write(tmp_path, '{"query": "押金", "keys": ["cn/x/art1"]}\n\n{"id": "b", "query": "Miete"}\n')
    assert [(q["id"], q["query"]) for q in read_queries(p)] == [(1, "押金"), ("b", "Miete")]


@pytest.mark.parametrize("text, lines", [
    ('{"query": "a"}\n{"id": 7, "question": "b"}\nnot json\n{"id": 9, "query": 3}\n', [2, 3, 4]),
    ('{"id": 1, "question": "a"}\n', [1]),
])
def test_bad_lines_are_all_named(tmp_path: Path, text: str, lines: list[int]) -> None:
    with pytest.raises(QueryFileError) as e:
        read_queries(_write(tmp_path, text))
    assert [b.lineno for b in e.value.bad] == lines


@pytest.mark.parametrize("command", ["eval", "train", "cv"])
def test_cli_exits_2_and_names_each_bad_line(tmp_path: Path, command: str, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    p = _write(tmp_path, '{"query": "a"}\n{"id": 7, "question": "b"}\n')
    extra = ["-o", str(tmp_path / "rr")] if command == "train" else []
    with pytest.raises(SystemExit) as e:
        main(["retrieval", command, str(tmp_path / "no-index"), str(p), *extra])
    err = capsys.readouterr().err
    assert e.value.code == 2 and f"{p}:2 (id 7): missing field 'query'" in err and "Traceback" not in err
    with pytest.raises(SystemExit) as e:
        main(["retrieval", command, str(tmp_path / "no-index"), str(tmp_path / "missing.jsonl"), *extra])
    assert e.value.code == 2 and "no such file" in capsys.readouterr().err
