"""``legalcite annotate``: files and stdin, text and HTML, exit codes."""
from __future__ import annotations

from pathlib import Path

from legalcite.cli import main


def test_annotate_html_file_keeps_markup(tmp_path: Path, capsys) -> None:
    src = tmp_path / "opinion.html"
    src.write_text("<p>See <em>Anderson, 477</em> U.S. 242 and § 823 BGB</p>", encoding="utf-8")
    out = tmp_path / "out.html"
    assert main(["annotate", str(src), "-o", str(out)]) == 0
    result = out.read_text(encoding="utf-8")
    assert result.startswith("<p>See <em>Anderson, <a href=") and result.rstrip().endswith("</a></p>")
    assert 'data-key="us/case/477/u.s./242"' in result and 'data-key="de/bgb/s823"' in result


def test_annotate_stdin_markdown(monkeypatch, capsys) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("See 42 U.S.C. § 1983.".encode())))
    assert main(["annotate", "-", "--format", "markdown"]) == 0
    assert capsys.readouterr().out == "See [42 U.S.C. § 1983](https://www.law.cornell.edu/uscode/text/42/1983).\n"


def test_annotate_refuses_markdown_for_html_and_a_missing_file(tmp_path: Path, capsys) -> None:
    src = tmp_path / "a.html"
    src.write_text("<p>5 U.S. 137</p>", encoding="utf-8")
    assert main(["annotate", str(src), "--format", "markdown"]) == 2
    assert "markup is kept" in capsys.readouterr().err
    assert main(["annotate", str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt" in capsys.readouterr().err
