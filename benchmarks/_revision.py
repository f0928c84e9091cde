"""legalcite at another git revision in the same benchmark run: a temporary worktree of the revision, and the
benchmark script run again in a subprocess that imports legalcite from it — so a change is timed before and after
under the same conditions (``--before REF`` of the benchmarks that offer it)."""
from __future__ import annotations

import contextlib
import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]


def import_from(root: Path):
    """``legalcite`` imported from ``root`` (a worktree), not from the editable install's import hook."""
    spec = importlib.util.spec_from_file_location("compare_extract", ROOT / "scripts" / "compare_extract.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod._import_from(root)


def clear_caches() -> None:
    """Forget what the imported legalcite cached of the text it read (parsed runs), so that each timed repetition
    reads the text as new; a revision without ``core.parse.clear_caches`` clears its run cache directly."""
    from legalcite.core import parse

    clear = getattr(parse, "clear_caches", None) or getattr(getattr(parse, "_parse_cut", None), "cache_clear", None)
    if clear is not None:
        clear()


@contextlib.contextmanager
def checkout(ref: str) -> Iterator[Path]:
    """A temporary detached worktree of ``ref``, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="lc-bench-") as tmp:
        wt = Path(tmp) / "rev"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(wt), ref], check=True)
        try:
            yield wt
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)], check=False)


def run_at(script: Path, ref: str | None, args: list[str]) -> dict:
    """Run ``script --at ROOT args`` in a fresh interpreter, legalcite imported from ``ref``'s worktree (None: this
    checkout); the script prints its results as one JSON line last."""
    def run(root: Path) -> dict:
        out = subprocess.run([sys.executable, str(script), "--at", str(root), *args], check=True,
                             capture_output=True, text=True, cwd=root).stdout
        return json.loads(out.splitlines()[-1])

    if ref is None:
        return run(ROOT)
    with checkout(ref) as wt:
        return run(wt)
