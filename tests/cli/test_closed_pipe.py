"""A reader that stops early (``legalcite extract … | head -1``) ends the command quietly with exit 0, like other
Unix tools (``legalcite/cli/common.py``): no message, no traceback, whatever the output format."""
from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("argv", [
    ["extract", "{src}", "--format", "jsonl"],
    ["extract", "{src}", "--format", "table"],
    ["parse", *["§ 823 Abs. 1 BGB"] * 20000],
], ids=["extract-jsonl", "extract-table", "parse"])
def test_a_closed_pipe_ends_quietly_with_exit_0(tmp_path, argv):
    src = tmp_path / "big.txt"
    src.write_text("Nach § 823 Abs. 1 BGB haftet. " * 12000, encoding="utf-8")
    cmd = [sys.executable, "-m", "legalcite", *(a.format(src=src) for a in argv)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline()            # `| head -1`: one line read, then the pipe is closed
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 0, err
    assert err == ""
