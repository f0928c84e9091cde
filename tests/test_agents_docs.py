"""docs/agents.md as written (issue 32): its pre-commit hook fails a commit with an invented citation and passes a
clean one, its MCP client configuration is a command line ``legalcite`` takes, its Python client runs."""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, re.S)


@pytest.fixture
def env(tmp_path: Path, small_store: Path) -> dict[str, str]:
    """A shell where ``legalcite`` is this checkout's (a script on PATH, as an install makes) and the store the
    test store."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "legalcite"
    # PYTHONPATH in the script: an MCP client passes its server only a few variables of its own environment
    script.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m legalcite "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONPATH": str(ROOT),
            "LEGALCITE_STORE": str(small_store), "LEGALCITE_CACHE": str(tmp_path / "cache")}


def test_the_pre_commit_hook(tmp_path, env):
    """The hook's entry run as pre-commit runs it (the entry's words, then the staged files): exit 3 and the table
    naming the invented citation when one file has it; 0 for clean files."""
    yaml = pytest.importorskip("yaml")
    [config] = [yaml.safe_load(b) for b in blocks("yaml") if "repo: local" in b]
    [hook] = config["repos"][0]["hooks"]
    clean = tmp_path / "clean.md"
    clean.write_text("# Haftung\n\nDer Schaden ist nach § 823 Abs. 1 BGB zu ersetzen.\n", encoding="utf-8")
    invented = tmp_path / "draft.md"
    invented.write_text("# Kündigung\n\nDie Kündigung regelt § 9999 BGB.\n\nMehr nicht.\n", encoding="utf-8")
    assert re.search(hook["files"], clean.name) and hook["language"] == "system"

    def commit(*files: Path) -> subprocess.CompletedProcess:
        return subprocess.run([*shlex.split(hook["entry"]), *map(str, files)], capture_output=True, text=True,
                              env=env, cwd=tmp_path)

    bad = commit(clean, invented)
    assert bad.returncode == 3, bad.stderr
    assert re.search(r"invented\s+de/bgb/s9999", bad.stdout) and "real" in bad.stdout
    good = commit(clean)
    assert good.returncode == 0, good.stderr


def test_the_mcp_client_configuration_is_a_legalcite_command():
    from legalcite.cli import build_parser
    from legalcite.cli import mcp as mcp_cli

    [config] = [json.loads(b) for b in blocks("json") if "mcpServers" in b]
    server = config["mcpServers"]["legalcite"]
    assert server["command"] == "legalcite"
    args = build_parser().parse_args(server["args"])
    assert args.func is mcp_cli.run and args.store and args.index


def test_the_python_client_runs(env, small_store):
    pytest.importorskip("mcp")
    [code] = [b for b in blocks("python") if "stdio_client" in b]
    code = code.replace('"store.sqlite"', repr(str(small_store)))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("§ 823 Abs. 1 BGB real ")
