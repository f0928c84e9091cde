"""The store opened once and checked once: a foreign, truncated, damaged or other-schema file fails at open (or at
the one full check), naming its path and the remedy, never as a ``DatabaseError`` per answer; ``corpus info`` and
``corpus show`` exit 2 with that message; builds remove the temporary files killed builds left behind."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import Work
from legalcite.corpora.store import REBUILD, Store, StoreCorrupt, StoreError, StoreMissing, write_store


def _records(n: int = 2000) -> list:
    return [Work("de/x", "de", "x", "X-Gesetz", complete=True)] + [
        CorpusUnit(f"de/x/s{i}", "de", "x", "X-Gesetz", None, "Text " * 40, "de") for i in range(1, n + 1)]


def damaged_store(path: Path) -> Path:
    """A store whose middle page is overwritten: it opens, but a full check (or an unlucky lookup) fails."""
    write_store(_records(), path)
    data = bytearray(path.read_bytes())
    mid = (len(data) // 4096 // 2) * 4096
    data[mid:mid + 4096] = bytes((i * 37 + 11) % 256 for i in range(4096))
    path.write_bytes(bytes(data))
    return path


def _other_schema(path: Path) -> Path:
    write_store(_records(3), path)
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = '99' WHERE name = 'schema_version'")
    con.commit()
    con.close()
    return path


def _truncated(path: Path) -> Path:
    write_store(_records(50), path)
    path.write_bytes(path.read_bytes()[:600])
    return path


def _foreign_sqlite(path: Path) -> Path:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    return path


BAD_FILES = {
    "text": lambda p: p.write_text("id,answer\n1,§ 823 BGB\n", encoding="utf-8") or p,
    "truncated": _truncated,
    "zero-header": lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\x00" * 4000) or p,
    "foreign-sqlite": _foreign_sqlite,
    "other-schema": _other_schema,
    "empty": lambda p: p.write_bytes(b"") or p,
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_file_fails_at_open_with_path_and_remedy(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "store.sqlite"
    BAD_FILES[kind](path)
    with pytest.raises(StoreCorrupt) as e:
        Store(path).verify()
    assert str(path) in str(e.value) and REBUILD in str(e.value)
    assert not isinstance(e.value, sqlite3.Error)


def test_a_damaged_page_is_found_once_by_verify(tmp_path: Path) -> None:
    path = damaged_store(tmp_path / "store.sqlite")
    with Store(path) as s:  # the header and schema are intact: opening works
        with pytest.raises(StoreCorrupt, match="damaged"):
            s.verify()


def test_lookups_never_leak_database_errors(tmp_path: Path) -> None:
    path = damaged_store(tmp_path / "store.sqlite")
    with Store(path) as s:
        for i in range(1, 2001, 7):  # some lookups meet the damaged page; none may raise a bare DatabaseError
            try:
                s.unit(f"de/x/s{i}")
            except StoreError as e:
                assert str(path) in str(e)


def test_missing_store_is_typed() -> None:
    with pytest.raises(StoreMissing, match="legalcite corpus build"):
        Store("/nonexistent/store.sqlite")
    assert issubclass(StoreMissing, FileNotFoundError) and issubclass(StoreMissing, StoreError)


def test_a_good_store_is_verified_once_per_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "store.sqlite"
    write_store(_records(5), path)
    calls: list[str] = []
    with Store(path) as s:
        s.verify()
        monkeypatch.setattr(s, "_con", _Spy(s._con, calls))
        s.verify()
    assert not any("quick_check" in sql for sql in calls)


class _Spy:
    def __init__(self, con, calls):
        self._con, self._calls = con, calls

    def execute(self, sql, *a):
        self._calls.append(sql)
        return self._con.execute(sql, *a)

    def close(self):
        self._con.close()


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "legalcite", *args], capture_output=True, text=True, timeout=120,
                          check=False)


@pytest.mark.parametrize("command", [["corpus", "info"], ["corpus", "show", "de/x/s1"]])
def test_corpus_info_and_show_on_a_bad_store_exit_2(tmp_path: Path, command: list[str]) -> None:
    damaged = damaged_store(tmp_path / "damaged.sqlite")
    foreign = tmp_path / "foreign.sqlite"
    foreign.write_text("not a store", encoding="utf-8")
    for path in ([damaged, foreign] if command[1] == "info" else [foreign]):
        r = _cli(*command, "--store", str(path))
        assert r.returncode == 2, r.stderr
        assert str(path) in r.stderr and "legalcite corpus build --force" in r.stderr and "Traceback" not in r.stderr


def test_a_build_removes_temporary_files_of_killed_builds(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".store.sqlite.tmp-{dead.pid}"
    stale.write_bytes(b"x" * 1000)
    live = tmp_path / f".store.sqlite.tmp-{os.getppid()}"   # a build still running (its process is alive)
    live.write_bytes(b"y")
    write_store(_records(3), path)
    assert not stale.exists() and live.exists()
    assert Store(path).count("units") == 3


def test_a_killed_build_leaves_the_old_store_and_its_temporary_is_removed_later(tmp_path: Path) -> None:
    """Issue 18 item 8, reproduced: a build killed (SIGKILL) half way leaves ``.store.sqlite.tmp-PID``; the store
    that was there still opens whole, and the next build removes the temporary."""
    import signal
    import time

    path = tmp_path / "store.sqlite"
    write_store(_records(3), path)
    script = (
        "import sys, time\n"
        "from legalcite.corpora import CorpusUnit\n"
        "from legalcite.corpora.snapshots import Work\n"
        "from legalcite.corpora.store import write_store\n"
        "def records():\n"
        "    yield Work('de/x', 'de', 'x', 'X-Gesetz', complete=True)\n"
        "    for i in range(1, 10**9):\n"
        "        yield CorpusUnit(f'de/x/s{i}', 'de', 'x', 'X-Gesetz', None, 'Text ' * 40, 'de')\n"
        "        if i % 5000 == 0: time.sleep(0.01)\n"
        f"write_store(records(), {str(path)!r})\n")
    build = subprocess.Popen([sys.executable, "-c", script])
    temp = tmp_path / f".store.sqlite.tmp-{build.pid}"
    deadline = time.monotonic() + 60
    while not (temp.exists() and temp.stat().st_size > 100_000) and build.poll() is None \
            and time.monotonic() < deadline:
        time.sleep(0.05)
    build.send_signal(signal.SIGKILL)
    build.wait()
    assert temp.exists()                                 # what the killed build left behind
    assert Store(path).count("units") == 3               # the old store is untouched
    write_store(_records(4), path)
    assert not temp.exists() and Store(path).count("units") == 4
