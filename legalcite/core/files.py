"""Output files that are either complete or not there: write beside the target, fsync, rename over it.

Why: a full disk, a read-only directory or a killed process must never leave a truncated report, store or index
where the old good one was. Temporary files are named ``.<name>.tmp-<pid>`` so that :func:`remove_stale_temps`
can remove the ones a killed run left behind (their process is gone) without touching a build still running.
Standard library only.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from legalcite.errors import OutputError


def temp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp-{os.getpid()}")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_temps(path: str | Path) -> list[Path]:
    """Remove ``.<name>.tmp-<pid>`` files beside ``path`` whose process no longer runs; returns what was removed."""
    path = Path(path)
    removed = []
    for p in path.parent.glob(f".{path.name}.tmp-*"):
        pid = p.name.rsplit("-", 1)[-1]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            try:
                if p.is_dir():
                    import shutil

                    shutil.rmtree(p)
                else:
                    p.unlink()
                removed.append(p)
            except OSError:
                pass
    return removed


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the block ends without error, the temporary file is synced
    and renamed over ``path`` in one step, else removed. OS errors become :class:`OutputError` naming ``path``."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{path}: cannot create its directory ({e.strerror or e})") from None
    tmp = temp_path(path)
    try:
        yield tmp
        if tmp.is_file():
            with open(tmp, "rb") as fh:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as e:
        _discard(tmp)
        raise OutputError(f"{path}: could not be written ({e.strerror or e}); nothing was changed there") from None
    except BaseException:
        _discard(tmp)
        raise


def _discard(tmp: Path) -> None:
    try:
        if tmp.is_dir():
            import shutil

            shutil.rmtree(tmp, ignore_errors=True)
        elif tmp.exists():
            tmp.unlink()
    except OSError:
        pass


def atomic_write_text(path: str | Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; returns the path."""
    with atomic_path(path) as tmp:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    return Path(path)


def atomic_write_bytes(path: str | Path, data: bytes) -> Path:
    with atomic_path(path) as tmp:
        with open(tmp, "wb") as fh:
            fh.write(data)
    return Path(path)
