"""``legalcite check``: JSONL and plain-text input through the one reader, streamed output (one worker or a
pool, identical), error records with line and id, the exit-code rule, a bad store failing fast."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest


def _answers(tmp_path: Path) -> Path:
    rows = [{"id": "a", "answer": "Nach § 823 Abs. 1 BGB haftet er."},
            {"id": "b", "answer": "根据《民法典》第一千零七十九条第九款，可以离婚。"},
            {"id": "c", "text": "no answer field"},
            {"id": "d", "answer": "Under Cal. Lab. Code § 2802(z), employers pay."}]
    lines = [json.dumps(r, ensure_ascii=False) for r in rows] + ["{broken", "", json.dumps({"id": "e", "answer": "ok"})]
    p = tmp_path / "answers.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_cli_check_jsonl(small_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    src, out = _answers(tmp_path), tmp_path / "out.jsonl"
    rc = main(["check", str(src), "--store", str(small_store), "-o", str(out)])
    err = capsys.readouterr().err
    assert rc == 1  # two bad lines
    assert f"{src}:3 (id 'c'): missing field 'answer'" in err and f"{src}:5: malformed JSON" in err
    recs = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [r.get("id") for r in recs] == ["a", "b", "c", "d", None, "e"]  # an error record keeps its id
    assert [r["line"] for r in recs] == [1, 2, 3, 4, 5, 7]
    assert recs[1]["citations"][0]["status"] == "invented"
    assert recs[3]["citations"][0]["key"] == "us-ca/lab/s2802/z"
    assert recs[5]["citations"] == [] and recs[5]["summary"]["lexassay_deduction"] == 0

    out2 = tmp_path / "out2.jsonl"
    assert main(["check", str(src), "--store", str(small_store), "-o", str(out2), "--workers", "2"]) == 1
    assert out2.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


def test_cli_check_plain_text_and_table(small_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    src = tmp_path / "answers.txt"
    src.write_text("Nach § 823 Abs. 7 BGB haftet er.\n\nZweite Antwort:\nArt. 1 GG.\n", encoding="utf-8")
    assert main(["check", str(src), "--store", str(small_store), "--format", "table"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ["id", "line", "status"]
    assert out[1].split()[:4] == ["1", "1", "invented", "de/bgb/s823/abs7"]
    assert out[2].split()[:4] == ["3", "3", "real", "de/gg/art1"]


def test_cli_check_without_store(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    assert main(["check", str(_answers(tmp_path)), "--store", str(tmp_path / "none.sqlite")]) == 2
    assert "legalcite corpus build" in capsys.readouterr().err


def test_cli_check_html(small_store: Path, tmp_path: Path) -> None:
    from legalcite.cli import main

    out = tmp_path / "r.html"
    assert main(["check", str(_answers(tmp_path)), "--store", str(small_store), "--format", "html",
                 "-o", str(out)]) == 1
    assert "invented" in out.read_text(encoding="utf-8")


def test_check_modules_stay_light() -> None:
    """The check, the store and their CLI modules load neither numpy nor lark nor httpx at import."""
    import subprocess
    import sys

    code = ("import sys, legalcite, legalcite.checker, legalcite.corpora.store, legalcite.corpora.snapshots, "
            "legalcite.resolve.store, legalcite.cli.check, legalcite.cli.corpus; "
            "assert legalcite.check is legalcite.checker.check; "
            "print([m for m in ('numpy', 'lark', 'httpx', 'scipy') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_cli_check_bom_and_utf16_inputs(small_store: Path, tmp_path: Path) -> None:
    from legalcite.cli import main

    rows = [{"id": "a", "answer": "Nach § 823 Abs. 7 BGB."}, {"id": "b", "answer": "Art. 1 GG."}]
    text = "\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n"
    for name, data in (("bom.jsonl", b"\xef\xbb\xbf" + text.encode("utf-8")), ("u16.jsonl", text.encode("utf-16"))):
        src, out = tmp_path / name, tmp_path / f"{name}.out"
        src.write_bytes(data)
        assert main(["check", str(src), "--store", str(small_store), "-o", str(out)]) == 0
        recs = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
        assert [r["id"] for r in recs] == ["a", "b"] and recs[0]["citations"][0]["status"] == "invented"


def test_cli_check_no_line_has_the_field(small_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    src = tmp_path / "q.jsonl"
    src.write_text('{"id": 1, "question": "x"}\n{"id": 2, "question": "y"}\n', encoding="utf-8")
    assert main(["check", str(src), "--store", str(small_store), "-o", str(tmp_path / "o.jsonl")]) == 2
    assert "no line has field 'answer'" in capsys.readouterr().err


def test_cli_check_missing_input_and_unwritable_output(small_store: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    assert main(["check", str(tmp_path / "nope.jsonl"), "--store", str(small_store)]) == 2
    assert "no such file" in capsys.readouterr().err
    (tmp_path / "dir").mkdir()
    assert main(["check", str(_answers(tmp_path)), "--store", str(small_store), "-o", str(tmp_path / "dir")]) == 2
    assert "cannot be written" in capsys.readouterr().err


def test_cli_check_corrupt_store_fails_fast(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    bad = tmp_path / "store.sqlite"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100 + b"garbage" * 500)
    out = tmp_path / "o.jsonl"
    assert main(["check", str(_answers(tmp_path)), "--store", str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "legalcite corpus build --force" in err and "Traceback" not in err
    assert not out.exists()  # failed before reading a single answer


def test_cli_check_html_highlights_plain_text_answers(small_store: Path, tmp_path: Path) -> None:
    from legalcite.cli import main

    src = tmp_path / "answers.txt"
    src.write_text("Erste Zeile.\nNach § 823 Abs. 7 BGB haftet er.\n\nArt. 1 GG.\n", encoding="utf-8")
    out = tmp_path / "r.html"
    assert main(["check", str(src), "--store", str(small_store), "--format", "html", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "Erste Zeile." in page and "§ 823 Abs. 7 BGB" in page  # the block's text, for highlighting


# ------------------------------------------------------------------ issue 32: a gate, and what the run says at its end

def _gate_input(tmp_path: Path) -> Path:
    src = tmp_path / "gate.jsonl"
    src.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in [
        {"id": "invented", "answer": "Nach § 823 Abs. 7 BGB haftet er."},
        {"id": "real", "answer": "Art. 1 GG."}]) + "\n{broken\n", encoding="utf-8")
    return src


@pytest.mark.parametrize("fail_on,code", [
    (None, 1),                              # one bad line
    ("invented", 3),                        # before 1: the gate's verdict
    ("misattributed,not_findable", 1),
    ("invented:confirmed", 1),              # offline, invented is not confirmed
    ("real", 3),
])
def test_fail_on_exits_3_and_still_writes_every_record(small_store, tmp_path, capsys, fail_on, code):
    from legalcite.cli import main

    out = tmp_path / "out.jsonl"
    argv = ["check", str(_gate_input(tmp_path)), "--store", str(small_store), "--no-attribution", "-o", str(out)]
    assert main(argv + (["--fail-on", fail_on] if fail_on else [])) == code
    assert [json.loads(x).get("id") for x in out.read_text(encoding="utf-8").splitlines()] == \
        ["invented", "real", None]
    err = capsys.readouterr().err
    assert (f"legalcite: --fail-on {fail_on}: 1 citation " in err) == (code == 3)


@pytest.mark.parametrize("value", ["fabricated", "invented:unconfirmed", ","])
def test_fail_on_names_what_it_takes(value, capsys):
    from legalcite.cli import main

    with pytest.raises(SystemExit) as e:
        main(["check", "x.jsonl", "--fail-on", value])
    assert e.value.code == 2
    assert "real, misattributed, invented, not_findable, not_checked, repealed" in capsys.readouterr().err


def test_the_closing_line_counts_in_english_and_names_the_unconfirmed_deduction(small_store, tmp_path, capsys):
    from legalcite.cli import main

    src = tmp_path / "one.txt"
    src.write_text("Nach § 823 Abs. 7 BGB haftet er.\n", encoding="utf-8")
    assert main(["check", str(src), "--store", str(small_store), "--no-attribution"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"legalcite: 1 answer checked in \d+\.\d s \((\d[\d,]*|0\.\d+)/s\), 0 bad lines; citations: "
                     r"invented 1; LexAssay deduction total 0 \(0\.25 unconfirmed\)", err), err


def test_a_missing_input_is_said_before_anything_about_the_store(tmp_path, capsys):
    from legalcite.cli import main

    assert main(["check", str(tmp_path / "nosuch.jsonl")]) == 2
    assert capsys.readouterr().err == f"legalcite: {tmp_path / 'nosuch.jsonl'}: no such file\n"


def test_the_table_shows_ids_whole(small_store, tmp_path, capsys):
    from legalcite.cli import main

    src = tmp_path / "ids.jsonl"
    ids = ["a-rather-long-answer-id-0001", "x", "一个很长的答案编号"]
    src.write_text("".join(json.dumps({"id": i, "answer": "Art. 1 GG."}, ensure_ascii=False) + "\n" for i in ids),
                   encoding="utf-8")
    assert main(["check", str(src), "--store", str(small_store), "--no-attribution", "--format", "table"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()
    assert [r.split("  ")[0].strip() for r in rows] == ids
    from legalcite.cli.common import width

    assert {width(r[:r.index("real")]) for r in rows} == {width(header[:header.index("status")])}  # aligned
