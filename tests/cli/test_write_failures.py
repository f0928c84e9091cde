"""Issue 18 item 9: an output that cannot be written — a full disk, ``/dev/full``, a read-only target — is a clear
error for every command that writes (``check`` in its three formats, ``extract``, ``score``, ``report``,
``index build``, ``judge``): exit 2, the path and the cause on stderr, no traceback; a streamed JSON Lines output
keeps only whole records (never a truncated last line), a whole-file output (HTML report, scores, index) is
complete or not there, and what was there before is kept.

The full disk is a real one where the test may mount a small tmpfs (root with CAP_SYS_ADMIN, as in CI's
container); elsewhere the same tests run with the file writes patched to fail the way a full disk fails (part
of a write taken, then ENOSPC). A read-only target is a read-only tmpfs, or a directory without write permission
for a user who is not root."""
from __future__ import annotations

import errno
import io
import json
import os
import subprocess
from pathlib import Path

import pytest

from legalcite.cli import main

MOUNTABLE: bool | None = None


def _mount(target: Path, *options: str) -> bool:
    global MOUNTABLE
    if MOUNTABLE is False or os.geteuid() != 0:
        return False
    target.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join(options), "tmpfs", str(target)],
                       capture_output=True)
    MOUNTABLE = r.returncode == 0
    return MOUNTABLE


def _umount(target: Path) -> None:
    subprocess.run(["umount", str(target)], capture_output=True)


class _FullFile(io.RawIOBase):
    """A file on a disk with ``room`` bytes left: a write takes what fits, the next one fails with ENOSPC."""

    def __init__(self, path: str, mode: str, room: list[int]) -> None:
        self._f = io.FileIO(path, mode.replace("b", "").replace("t", "") or "w")
        self._room = room

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._f.fileno()

    def write(self, b) -> int:
        if self._room[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = min(len(b), self._room[0])
        self._room[0] -= n
        return self._f.write(bytes(b)[:n])

    def close(self) -> None:
        self._f.close()
        super().close()


class Disk:
    """A directory whose disk has ``room`` bytes left (a real tmpfs, or patched writes)."""

    def __init__(self, path: Path, real: bool, monkeypatch: pytest.MonkeyPatch) -> None:
        self.path, self.real, self._mp = path, real, monkeypatch

    def fill(self, room: int) -> None:
        if self.real:
            filler = self.path / "filler"
            filler.unlink(missing_ok=True)
            try:
                with open(filler, "wb", buffering=0) as fh:
                    while True:
                        fh.write(b"\0" * 4096)
            except OSError:
                pass
            if room:
                with open(filler, "r+b") as fh:  # give back ``room`` bytes, rounded up to pages
                    fh.truncate(max(0, filler.stat().st_size - room))
            return
        left = [room]
        real_open = open

        def patched(file, mode="r", *args, **kwargs):
            if "w" in mode or "a" in mode:
                if str(file).startswith(str(self.path)):
                    raw = _FullFile(os.fspath(file), "w" if "w" in mode else "a", left)
                    buffering = kwargs.get("buffering", args[0] if args else -1)
                    if "b" in mode:
                        return raw if buffering == 0 else io.BufferedWriter(raw)
                    return io.TextIOWrapper(io.BufferedWriter(raw), encoding=kwargs.get("encoding") or "utf-8",
                                            newline=kwargs.get("newline"))
            return real_open(file, mode, *args, **kwargs)

        import legalcite.io.files
        import legalcite.io.writer
        import legalcite.judge

        for module in (legalcite.io.files, legalcite.io.writer, legalcite.judge):
            self._mp.setattr(module, "open", patched, raising=False)
        import sqlite3

        real_connect = sqlite3.connect

        def capped(database, *args, **kwargs):  # SQLite writes its pages itself: its file may grow by ``room``
            con = real_connect(database, *args, **kwargs)
            if str(database).startswith(str(self.path)):
                con.execute(f"PRAGMA max_page_count = {max(1, room // 4096)}")  # then SQLITE_FULL, as on a full disk
            return con

        self._mp.setattr(sqlite3, "connect", capped)


@pytest.fixture(params=["tmpfs", "patched"])
def disk(request, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    where = tmp_path / "disk"
    if request.param == "tmpfs":
        if not _mount(where, "size=256k"):
            pytest.skip("cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN); the patched variant runs")
        try:
            yield Disk(where, True, monkeypatch)
        finally:
            _umount(where)
    else:
        where.mkdir()
        yield Disk(where, False, monkeypatch)


@pytest.fixture
def readonly(tmp_path: Path):
    where = tmp_path / "ro"
    if _mount(where, "ro", "size=64k"):
        try:
            yield where
        finally:
            _umount(where)
        return
    where.mkdir()
    where.chmod(0o500)
    try:
        if os.access(where, os.W_OK):
            pytest.skip("root without mount: no read-only directory to test with")
        yield where
    finally:
        where.chmod(0o700)


@pytest.fixture(scope="module")
def answers(tmp_path_factory) -> Path:
    """400 answers, enough that check's and extract's outputs overrun the small disk part way."""
    p = tmp_path_factory.mktemp("in") / "answers.jsonl"
    rows = [{"id": i, "answer": f"Nach § {i % 800 + 1} BGB und Art. {i % 19 + 1} GG, 《民法典》第{i % 900 + 1}条."}
            for i in range(400)]
    p.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return p


@pytest.fixture(scope="module")
def checked(answers: Path, small_store: Path, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("checked") / "checked.jsonl"
    assert main(["check", str(answers), "--store", str(small_store), "-o", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def mcq(tmp_path_factory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("mcq")
    (d / "gold.jsonl").write_text("".join(json.dumps({"id": i, "answer": "A"}) + "\n" for i in range(20)))
    (d / "resp.jsonl").write_text("".join(json.dumps({"id": i, "response": "###A###"}) + "\n" for i in range(20)))
    return d / "resp.jsonl", d / "gold.jsonl"


def _commands(answers: Path, checked: Path, mcq: tuple[Path, Path], store: Path, out: Path) -> dict[str, list[str]]:
    resp, gold = mcq
    return {
        "check": ["check", str(answers), "--store", str(store), "-o", str(out)],
        "check-table": ["check", str(answers), "--store", str(store), "--format", "table", "-o", str(out)],
        "check-html": ["check", str(answers), "--store", str(store), "--format", "html", "-o", str(out)],
        "extract": ["extract", str(answers), "--jsonl-field", "answer", "-o", str(out)],
        "extract-table": ["extract", str(answers), "--jsonl-field", "answer", "--format", "table", "-o", str(out)],
        "score": ["score", "mcq", str(resp), "--gold", str(gold), "--samples", "10", "-o", str(out)],
        "report": ["report", str(checked), "-o", str(out)],
    }


STREAMED = {"check", "extract"}             # JSON Lines, a record at a time: whole records only
WHOLE = {"check-html", "score", "report"}   # complete or the old file kept
ROWS = {"check-table", "extract-table"}     # text rows, a row at a time: whole rows only
NAMES = sorted(STREAMED | WHOLE | ROWS)


def _assert_clean_failure(rc: int, err: str, path: Path, cause: str) -> None:
    assert rc == 2, err
    assert str(path) in err and cause in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("name", NAMES)
def test_full_disk(name, disk, answers, checked, mcq, small_store, capsys):
    out = disk.path / ("out.html" if name in ("check-html", "report") else "out.jsonl")
    if name in WHOLE:
        out.write_text("the previous result\n", encoding="utf-8")
    disk.fill(0 if name in WHOLE else 24_000)
    capsys.readouterr()
    rc = main(_commands(answers, checked, mcq, small_store, out)[name])
    _assert_clean_failure(rc, capsys.readouterr().err, out, "No space left on device")
    if name in WHOLE:
        assert out.read_text(encoding="utf-8") == "the previous result\n"  # not replaced by a partial file
        assert not [p for p in disk.path.iterdir() if p.name.startswith(".")]  # no temporary left behind
        return
    data = out.read_bytes()
    assert data.endswith(b"\n") or (name == "extract-table" and not data)  # no truncated last line (extract's
    if name in STREAMED:                                                   # table is one aligned block)
        for line in data.decode("utf-8").splitlines():
            json.loads(line)


@pytest.mark.parametrize("name", NAMES)
def test_dev_full(name, answers, checked, mcq, small_store, capsys):
    out = Path("/dev/full")
    rc = main(_commands(answers, checked, mcq, small_store, out)[name])
    _assert_clean_failure(rc, capsys.readouterr().err, out, "No space left on device")
    assert out.is_char_device()  # written in place, never renamed over (as root that would replace the device)


@pytest.mark.parametrize("name", NAMES)
def test_read_only_target(name, readonly, answers, checked, mcq, small_store, capsys):
    out = readonly / "out.txt"
    rc = main(_commands(answers, checked, mcq, small_store, out)[name])
    err = capsys.readouterr().err
    _assert_clean_failure(rc, err, out, "Read-only file system" if MOUNTABLE else "Permission denied")
    assert not out.exists()


def test_stdout_to_a_full_disk_is_exit_2_not_a_traceback(tmp_path):
    import sys

    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "legalcite", "parse", "§ 823 BGB"], stdout=full,
                           capture_output=False, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 2 and "<stdout>: write failed (No space left on device)" in r.stderr
    assert "Traceback" not in r.stderr and "Exception ignored" not in r.stderr


# ------------------------------------------------------------------ index build and judge


def _units(n: int):
    from legalcite.corpora import CorpusUnit

    return [CorpusUnit(key=f"de/bgb/s{i}", jurisdiction="de", work="bgb", work_title="BGB", heading=f"§ {i}",
                       text=f"Text des Paragraphen {i} über Haftung und Schaden " * 20, language="de")
            for i in range(1, n + 1)]


def test_index_build_on_a_full_disk_keeps_the_old_index(disk, capsys):
    from legalcite.errors import OutputError
    from legalcite.retrieval.index import build_index, load_index

    out = disk.path / "ix"
    if not disk.real:
        pytest.skip("numpy writes its arrays itself: only a real full disk shows this")
    build_index(_units(3), out, kind="bm25", progress=False)
    disk.fill(0)
    with pytest.raises(OutputError, match=r"ix: the index could not be written \(No space left on device\)"):
        build_index(_units(400), out, kind="bm25", progress=False)
    assert load_index(out).manifest["n_units"] == 3  # the old index is still there, whole
    assert [p.name for p in disk.path.iterdir() if p.name.startswith(".")] == []


def test_corpus_build_on_a_full_disk_keeps_the_old_store(disk, small_corpora, capsys):
    """Issue 28: a store build that meets a full disk was a traceback and exit 1."""
    from legalcite.corpora import CorpusUnit
    from legalcite.corpora.store import Store, write_store

    store = disk.path / "store.sqlite"
    write_store([CorpusUnit("de/x/s1", "de", "x", "X", None, "alt", "de")], store)
    disk.fill(0)
    rc = main(["corpus", "build", "--from", str(small_corpora), "--store", str(store), "--jurisdictions", "us",
               "--force", "--quiet"])
    _assert_clean_failure(rc, capsys.readouterr().err, store, "database or disk is full")
    with Store(store) as s:
        assert s.unit("de/x/s1").text == "alt"  # the old store, untouched
    assert [p.name for p in disk.path.iterdir() if p.name.startswith(".")] == []  # no temporary left


def test_index_build_cli_read_only_target(readonly, tmp_path, capsys, monkeypatch):
    import legalcite.corpora.snapshots as snapshots

    monkeypatch.setattr(snapshots, "iter_units", lambda *a, **k: iter(_units(5)))
    rc = main(["index", "build", "--from", str(tmp_path), "--kind", "bm25", "-o", str(readonly / "ix"), "-q"])
    _assert_clean_failure(rc, capsys.readouterr().err, readonly / "ix",
                          "Read-only file system" if MOUNTABLE else "Permission denied")


def test_replace_dir_never_leaves_the_path_empty(tmp_path, monkeypatch):
    """The new index takes the old one's place in one step (RENAME_EXCHANGE): no second rename to fail between."""
    from legalcite.io import files

    target, new = tmp_path / "ix", tmp_path / ".ix.tmp-1"
    target.mkdir()
    (target / "manifest.json").write_text("old")
    new.mkdir()
    (new / "manifest.json").write_text("new")
    renames = []
    monkeypatch.setattr(files.os, "replace", lambda a, b: renames.append((a, b)) or os.rename(a, b))
    files.replace_dir(new, target)
    assert (target / "manifest.json").read_text() == "new" and not new.exists()
    assert renames == []  # the exchange did it (Linux); the fallback would have renamed twice
    assert [p.name for p in tmp_path.iterdir()] == ["ix"]


def test_judge_read_only_output(readonly, tmp_path, testdata_dir, capsys):
    from tests.fake_openai import FakeOpenAI, Reply

    qs = testdata_dir / "lexam_open_sample.jsonl"
    qid = json.loads(qs.read_text(encoding="utf-8").splitlines()[0])["id"]
    answers = tmp_path / "answers.jsonl"
    answers.write_text(json.dumps({"id": qid, "output": "ANS"}) + "\n")
    out = readonly / "judged.jsonl"
    with FakeOpenAI(lambda body: Reply(200, "Correctness score: [[1.0]]")) as fake:
        rc = main(["judge", str(answers), "--questions", str(qs), "--judge", f"m@{fake.url}", "-o", str(out),
                   "--no-cache", "-q"])
    _assert_clean_failure(rc, capsys.readouterr().err, readonly,
                          "Read-only file system" if MOUNTABLE else "Permission denied")
