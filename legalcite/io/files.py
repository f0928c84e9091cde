"""Output files that are either complete or not there: write beside the target, fsync, rename over it.

Why: a full disk, a read-only directory or a killed process must never leave a truncated report, store or index
where the old good one was. Temporary files are named ``.<name>.tmp-<pid>`` so that :func:`remove_stale_temps`
can remove the ones a killed run left behind (their process is gone) without touching a build still running.
Standard library only.
"""
from __future__ import annotations

import ctypes
import errno
import os
import shutil
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from legalcite.errors import OutputError


def temp_path(path: Path) -> Path:
    """The temporary sibling ``.<name>.tmp-<pid>`` that :func:`atomic_path` writes to: hidden, and named by the process,
    so :func:`remove_stale_temps` can tell a dead writer's leftover from a live one's."""
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
                    shutil.rmtree(p)
                else:
                    p.unlink()
                removed.append(p)
            except OSError:
                pass
    return removed


def _special(path: Path) -> bool:
    """``path`` exists and is neither a regular file nor a directory: a device (``/dev/stdout``, ``/dev/full``),
    a FIFO, a socket. Renaming over it would replace the device node itself (as root, it succeeds)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the block ends without error, the temporary file is synced
    and renamed over ``path`` in one step, else removed. OS errors become :class:`OutputError` naming ``path``.

    A target that is a device or a pipe (``-o /dev/stdout``) is written in place: there is no file to keep
    intact, and a rename would replace the device node."""
    path = Path(path)
    if path.is_dir():
        raise OutputError(f"{path}: is a directory; name a file to write")
    if _special(path):
        try:
            yield path
        except OSError as e:
            raise OutputError(f"{path}: could not be written ({e.strerror or e})") from None
        return
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


def replace_dir(new: str | Path, target: str | Path) -> None:
    """Put the directory ``new`` at ``target`` (an index, a model) so that ``target`` is never missing: where the
    old one exists the two are exchanged in one step (Linux ``renameat2(RENAME_EXCHANGE)``) and the old one is
    removed after; without that call, the old one is moved aside and the new one renamed in (a window of two
    renames, the best POSIX offers)."""
    new, target = Path(new), Path(target)
    if target.is_dir() and not target.is_symlink() and _exchange(new, target):
        shutil.rmtree(new, ignore_errors=True)  # now holds the old directory
        return
    old = target.with_name(f".{target.name}.old-{os.getpid()}")
    if target.exists():
        os.replace(target, old)
    os.replace(new, target)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (``renameat2`` with ``RENAME_EXCHANGE``); False where the C library or the
    filesystem does not offer it."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    fn.restype = ctypes.c_int
    at_fdcwd, rename_exchange = -100, 2
    if fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EXDEV):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _discard(tmp: Path) -> None:
    try:
        if tmp.is_dir():
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
    """Write ``data`` to ``path`` atomically (:func:`atomic_path`); returns the path."""
    with atomic_path(path) as tmp:
        with open(tmp, "wb") as fh:
            fh.write(data)
    return Path(path)
