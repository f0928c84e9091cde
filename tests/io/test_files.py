"""Atomic outputs: complete or untouched, and temporary files of killed runs cleaned up."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from legalcite.errors import OutputError
from legalcite.io.files import atomic_path, atomic_write_text, remove_stale_temps, temp_path


def test_atomic_write_replaces_only_when_complete(tmp_path):
    p = tmp_path / "report.html"
    atomic_write_text(p, "old")
    with pytest.raises(RuntimeError):
        with atomic_path(p) as tmp:
            tmp.write_text("half", encoding="utf-8")
            raise RuntimeError("killed half way")
    assert p.read_text(encoding="utf-8") == "old"
    assert not temp_path(p).exists()


def test_unwritable_target_is_an_output_error_naming_it(tmp_path):
    d = tmp_path / "ro"
    d.mkdir()
    d.chmod(0o500)
    try:
        if os.access(d, os.W_OK):
            pytest.skip("running as a user who can write anywhere (root)")
        with pytest.raises(OutputError, match="ro/x.html"):
            atomic_write_text(d / "x.html", "x")
    finally:
        d.chmod(0o700)


def test_stale_temps_of_dead_processes_are_removed(tmp_path):
    target = tmp_path / "store.sqlite"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".store.sqlite.tmp-{dead.stdout.strip()}"
    stale.write_bytes(b"x" * 10)
    mine = temp_path(target)
    mine.write_bytes(b"y")
    assert remove_stale_temps(target) == [stale]
    assert mine.exists() and not stale.exists()
