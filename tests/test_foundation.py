"""The package's foundations: light import, the CLI, the LER span floor (grammars and tables: tests/core/)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]


def test_import_is_light() -> None:
    code = ("import sys, legalcite; heavy = [m for m in ('lark', 'numpy', 'scipy', 'httpx', 'faiss', 'torch', "
            "'reporters_db', 'sqlite3') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "legalcite", *args], input=stdin, capture_output=True, text=True)


def test_cli_parse() -> None:
    r = run_cli("parse", "§§ 280 Abs. 1, 281 BGB")
    assert r.returncode == 0 and r.stdout.split() == ["de/bgb/s280/abs1", "de/bgb/s281"]
    r = run_cli("parse", "kein Zitat hier")
    assert r.returncode == 1 and "no citation" in r.stderr


def test_cli_extract_stdin_jsonl_and_table(tmp_path: Path) -> None:
    r = run_cli("extract", "-", stdin="Nach § 823 I BGB haftet, wer …")
    (rec,) = [json.loads(x) for x in r.stdout.splitlines()]
    assert rec["key"] == "de/bgb/s823/abs1" and rec["span"] == [5, 16] and rec["text"] == "§ 823 I BGB"
    assert rec["jurisdiction"] == "de" and rec["kind"] == "statute" and "metadata" not in rec
    r = run_cli("extract", "-", stdin="BAG, Urteil vom 5. Mai 2022 – 2 AZR 363/21; § 823 BGB a.F.")
    case, statute = [json.loads(x) for x in r.stdout.splitlines()]
    assert case["metadata"] == {"court": "BAG", "date": "5. Mai 2022", "decision_type": "Urteil",
                                "docket": "2 AZR 363/21"}
    assert statute["metadata"] == {"version": "a.F."}
    f = tmp_path / "a.txt"
    f.write_text("BGHZ 164, 11 und § 433 Abs. 2 BGB", encoding="utf-8")
    r = run_cli("extract", str(f), "--format", "table")
    assert "de/rep/bghz/164/11" in r.stdout and "de/bgb/s433/abs2" in r.stdout


def test_cli_extract_jsonl_reports_bad_lines_and_keeps_the_rest(tmp_path: Path) -> None:
    f = tmp_path / "a.jsonl"
    f.write_text('{"id": 1, "answer": "§ 1 BGB"}\nnot json\n{"id": 3}\n{"id": 4, "answer": "§ 2 BGB"}\n',
                 encoding="utf-8")
    r = run_cli("extract", str(f), "--jsonl-field", "answer")
    assert r.returncode == 1
    assert f"{f}:2: malformed JSON" in r.stderr and f"{f}:3 (id 3): missing field 'answer'" in r.stderr
    assert [(d["id"], d["key"]) for d in map(json.loads, r.stdout.splitlines())] == [(1, "de/bgb/s1"), (4, "de/bgb/s2")]


def test_cli_extract_jsonl_field_nowhere_and_surrogates(tmp_path: Path) -> None:
    f = tmp_path / "q.jsonl"
    f.write_text('{"id": 1, "question": "§ 1 BGB"}\n', encoding="utf-8")
    r = run_cli("extract", str(f), "--jsonl-field", "answer")
    assert r.returncode == 2 and "no line has field 'answer'" in r.stderr and "'question' (1)" in r.stderr
    f.write_text('{"id": "s", "answer": "§ 1 BGB \\ud800 und § 2 BGB"}\n', encoding="utf-8")
    r = run_cli("extract", str(f), "--jsonl-field", "answer")
    assert r.returncode == 0 and "surrogate" in r.stderr
    assert [json.loads(x)["key"] for x in r.stdout.splitlines()] == ["de/bgb/s1", "de/bgb/s2"]
