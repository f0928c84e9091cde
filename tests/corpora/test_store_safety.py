"""The store opened once and checked once: a foreign, truncated, damaged or other-schema file fails at open (or at
the one full check), naming its path and the remedy, never as a ``DatabaseError`` per answer; ``corpus info`` and
``corpus show`` exit 2 with that message; builds remove the temporary files killed builds left behind."""
from __future__ import annotations

import os
import sqlite3
import stat
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
    for path in (damaged, foreign):  # (issue 28: show answered from the damaged store that check refuses)
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


# ------------------------------------------------------------------ builds that would empty or shrink the store
# Issue 28: `corpus build --jurisdictions xx` (or --from an empty folder) replaced a 389,616-unit store with an empty
# one, exit 0. Each case: the arguments, the exit code, what stderr says; the old store stays whole where refused.

def _empty_gz(folder: Path) -> Path:
    import gzip

    folder.mkdir()
    for name in ("de_toc.jsonl.gz", "de_fulltext.jsonl.gz"):
        with gzip.open(folder / name, "wt", encoding="utf-8"):
            pass
    return folder


BUILDS = [
    # (name, source folder: "small" the small corpora, "empty" an empty folder, "empty-gz" snapshots without rows,
    #  extra arguments, exit code, stderr holds)
    ("unknown jurisdiction", "small", ["--jurisdictions", "xx"], 2,
     "unknown jurisdiction xx: the snapshots are read for"),
    ("unknown among known", "small", ["--jurisdictions", "de,xx,yy"], 2, "unknown jurisdictions xx, yy"),
    ("no jurisdiction", "small", ["--jurisdictions", ","], 2, "unknown jurisdiction (none given)"),
    ("unknown, forced", "small", ["--jurisdictions", "xx", "--force"], 2, "unknown jurisdiction xx"),
    ("empty folder", "empty", [], 2, "no snapshot file in"),
    ("empty folder, forced", "empty", ["--force"], 2, "no snapshot file in"),
    ("no file of the one asked for", "empty-gz", ["--jurisdictions", "us"], 2, "no snapshot file in"),
    ("snapshots without rows, forced", "empty-gz", ["--force"], 2, "hold no units and no cases"),
    ("fewer units", "small", ["--jurisdictions", "us"], 2, "would lose what"),
    ("fewer units, forced", "small", ["--jurisdictions", "us", "--force"], 0, "built"),
]


@pytest.mark.parametrize("name,source,args,code,says", BUILDS, ids=[b[0] for b in BUILDS])
def test_a_build_never_empties_or_shrinks_the_store_unasked(name, source, args, code, says, small_corpora,
                                                            small_store, tmp_path, capsys) -> None:
    import shutil

    from legalcite.cli import main

    store = tmp_path / "store.sqlite"
    shutil.copy(small_store, store)
    before = Store(store).count("units")
    folder = {"small": small_corpora, "empty": tmp_path / "nothing", "empty-gz": tmp_path / "rowless"}[source]
    if source == "empty":
        folder.mkdir()
    elif source == "empty-gz":
        _empty_gz(folder)
    assert main(["corpus", "build", "--from", str(folder), "--store", str(store), "--quiet", *args]) == code
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    after = Store(store).count("units")
    if code == 2:
        assert after == before  # the old store, whole
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary left
    else:
        assert 0 < after < before


# Issue 35: the guard counted units, not what they are: a store of eu and us (2,443 units) rebuilt from a folder with
# California only (33,042) became California only, exit 0. A build must cover every jurisdiction the store holds
# and keep at least 90 % of each one's units (store.KEEP_SHARE), or be forced. Each case: the store's jurisdictions,
# the source folder ("small", or "bgb-only": the small corpora with the German snapshots cut to the BGB), the build's
# arguments, the exit code, what stderr says.
GUARDED = [
    ("another jurisdiction with more units", "de,eu", "small", ["--jurisdictions", "us"], 2,
     "would lose what {store} holds (no units of de, where it has {de:,}; no units of eu, where it has {eu:,})"),
    ("the same, forced", "de,eu", "small", ["--jurisdictions", "us", "--force"], 0, "built"),
    ("one of two jurisdictions", "de,eu", "small", ["--jurisdictions", "eu"], 2, "no units of de, where it has"),
    ("a superset", "de,eu", "small", ["--jurisdictions", "de,eu,us"], 0, "built"),
    ("a jurisdiction below 90 % of its units", "de,eu", "bgb-only", ["--jurisdictions", "de,eu"], 2,
     "of its {de:,} (at least 90% must stay)"),
    ("the same, forced", "de,eu", "bgb-only", ["--jurisdictions", "de,eu", "--force"], 0, "built"),
]


@pytest.mark.parametrize("name,holds,source,args,code,says", GUARDED,
                         ids=[f"{g[0]}-{i}" for i, g in enumerate(GUARDED)])
def test_a_build_must_keep_every_jurisdiction_of_the_store(name, holds, source, args, code, says, small_corpora,
                                                           tmp_path, capsys) -> None:
    import shutil

    from legalcite.cli import main
    from tests.conftest import _filter

    store = tmp_path / "store.sqlite"
    assert main(["corpus", "build", "--from", str(small_corpora), "--store", str(store), "--quiet",
                 "--jurisdictions", holds]) == 0
    before = {r[0]: r[1] for r in Store(store).read("SELECT jurisdiction, count(*) FROM units GROUP BY 1")}
    folder = small_corpora
    if source == "bgb-only":
        folder = tmp_path / "bgb-only"
        folder.mkdir()
        for f in small_corpora.glob("*.jsonl.gz"):
            if f.name.startswith("de_"):
                _filter(f, folder / f.name, ['"abbr": "BGB"', '"jurabk": "BGB"'])
            else:
                shutil.copy(f, folder / f.name)
    capsys.readouterr()
    assert main(["corpus", "build", "--from", str(folder), "--store", str(store), "--quiet", *args]) == code
    err = capsys.readouterr().err
    assert says.format(store=store, **before) in err and "Traceback" not in err
    after = {r[0]: r[1] for r in Store(store).read("SELECT jurisdiction, count(*) FROM units GROUP BY 1")}
    if code == 2:
        assert after == before and "--force" in err   # the old store, whole, and the way to replace it anyway
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    else:
        assert after != before


def test_the_guard_rule_per_jurisdiction() -> None:
    from legalcite.corpora.store import losses

    assert losses({}, {"de": 1}) == []
    assert losses({"eu": 2000, "us": 443}, {"us-ca": 33042}) == ["no units of eu, where it has 2,000",
                                                               "no units of us, where it has 443"]
    assert losses({"de": 1000}, {"de": 900, "cn": 5}) == []
    assert losses({"de": 1000}, {"de": 899}) == ["de: 899 units, 90% of its 1,000 (at least 90% must stay)"]


def test_store_through_a_symlink_writes_its_target_and_the_link_stays(small_corpora, tmp_path, capsys) -> None:
    """Issue 35: ``--store link`` replaced the link by a file; the target kept the old store."""
    from legalcite.cli import main

    target = tmp_path / "data" / "store.sqlite"
    target.parent.mkdir()
    write_store(_records(3), target)
    link = tmp_path / "link.sqlite"
    link.symlink_to(target)
    args = ["corpus", "build", "--from", str(small_corpora), "--jurisdictions", "eu", "--quiet", "--force"]
    assert main([*args, "--store", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert Store(target).count("units") > 3 and str(target) in capsys.readouterr().err
    dangling = tmp_path / "dangling.sqlite"
    dangling.symlink_to(tmp_path / "new" / "store.sqlite")   # a link to a path where nothing is yet
    assert main([*args, "--store", str(dangling)]) == 0
    assert dangling.is_symlink() and Store(dangling).count("units") > 3


@pytest.mark.parametrize("kind", ["fifo", "directory", "link to a fifo"])
def test_store_that_is_no_regular_file_is_refused(kind, small_corpora, tmp_path, capsys) -> None:
    """Issue 35: as root, ``--store /dev/full`` replaced the device node with a regular file and said "built". A
    FIFO stands for every node that is no regular file here (a test must not risk a real device)."""
    from legalcite.cli import main
    from legalcite.corpora.store import BuildRefused, merge_into_store, store_file

    path = tmp_path / "node"
    if kind == "directory":
        path.mkdir()
    else:
        os.mkfifo(tmp_path / "fifo")
        path = tmp_path / "fifo" if kind == "fifo" else path
        if kind == "link to a fifo":
            path.symlink_to(tmp_path / "fifo")
    kinds = {"fifo": "a FIFO", "directory": "a directory", "link to a fifo": "a FIFO"}
    assert main(["corpus", "build", "--from", str(small_corpora), "--jurisdictions", "eu", "--quiet",
                 "--store", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"is {kinds[kind]}: a store is written only to a regular file or a new path; nothing was written" in err
    assert "Traceback" not in err
    node = tmp_path / ("node" if kind == "directory" else "fifo")
    assert (node.is_dir() if kind == "directory" else stat.S_ISFIFO(node.lstat().st_mode))
    with pytest.raises(BuildRefused):
        merge_into_store(_records(2), path, note="test")   # corpus fetch's writer: the same rule
    with pytest.raises(BuildRefused):
        store_file(path)
