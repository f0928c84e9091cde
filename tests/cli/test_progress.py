"""Progress without a terminal (issue 32): where stderr is a log or a pipe, the long commands (``corpus build``,
``corpus embed`` and index builds, ``check`` on many answers, downloads) print a plain line every few seconds —
never a bare ``\\r`` — and on a terminal they rewrite one line as before. A fake clock drives them: no wall-clock
limits."""
from __future__ import annotations

import io

import pytest

from legalcite._util import StatusLine


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_log_gets_a_plain_line_per_interval_a_terminal_one_rewritten_line():
    clock, log, tty = Clock(), io.StringIO(), Tty()
    lines = [StatusLine(log, line_every=5.0, clock=clock), StatusLine(tty, every=0.25, clock=clock)]
    assert [s.tty for s in lines] == [False, True]
    for step in range(21):                          # 10 s in steps of half a second
        clock.t = step * 0.5
        for s in lines:
            s.show(f"{step} done", end=step == 20)
    assert "\r" not in log.getvalue()
    assert log.getvalue().splitlines() == ["0 done", "10 done", "20 done"]     # at once, after 5 s, the end
    assert tty.getvalue().count("\r") == 21 and tty.getvalue().endswith("20 done   \n")


def test_not_at_once_waits_a_whole_interval_and_close_ends_only_an_open_line():
    clock, log, tty = Clock(), io.StringIO(), Tty()
    quiet = StatusLine(log, line_every=10.0, at_once=False, clock=clock)
    clock.t = 9.9
    assert not quiet.show("too soon")
    clock.t = 10.0
    assert quiet.show("once")
    quiet.close()
    assert log.getvalue() == "once\n"
    rewritten = StatusLine(tty, clock=clock)
    rewritten.show("half")
    rewritten.close()
    rewritten.close()
    assert tty.getvalue() == "\rhalf   \n"


def test_corpus_build_progress_writes_lines_to_a_log(monkeypatch):
    from legalcite.corpora.store import print_progress

    clock, log = Clock(), io.StringIO()
    monkeypatch.setattr("legalcite._util.time.monotonic", clock)
    p = print_progress(log, line_every=5.0)
    for n in range(1, 1001):                        # a record every 10 ms: 10 s
        clock.t = (n - 1) / 100
        p(n, "de")
    p.close()
    assert "\r" not in log.getvalue()
    assert log.getvalue().splitlines() == [f"  {n:>9,} units  (de)" for n in (1, 501)]


def test_index_progress_shows_a_line_between_tenths_when_they_take_long(monkeypatch, capsys):
    from legalcite._util import Progress

    clock = Clock()
    monkeypatch.setattr("legalcite._util.time.monotonic", clock)
    p = Progress("dense: embedding (e5)", 1000, True, line_every=5.0)
    p.status.tty = False
    for n in range(0, 1001, 5):                    # 5 units a second: a tenth takes 20 s
        clock.t = n / 5
        p(n)
    p(1000)                                        # called again at the end: the last line is not repeated
    err = capsys.readouterr().err
    assert "\r" not in err
    lines = err.splitlines()
    assert lines[0].startswith("dense: embedding (e5): 0/1,000") and lines[-1].endswith("(100%, 5/s, 3m20s)")
    assert len(lines) == 41                        # a line every 5 s of the 200 s, and the first
    assert sum("ETA" in line for line in lines) == 39


@pytest.mark.parametrize("tty", [False, True])
def test_check_progress_on_a_log_and_a_terminal(monkeypatch, capsys, tty):
    from legalcite.cli.check import LOG_EVERY, _Progress

    clock = Clock()
    p = _Progress(True, 1000, tty=tty, clock=clock)
    for n in range(1, 101):                        # an answer a second, 10 bytes each
        clock.t = float(n)
        p.update(n, n * 10)
    p.close()
    err = capsys.readouterr().err
    if tty:
        assert err.startswith("\r[") and err.endswith("\n") and "100 answers" in err
    else:
        assert "\r" not in err
        lines = err.splitlines()
        assert len(lines) == 100 // LOG_EVERY
        assert lines[0] == "legalcite: 10 answers checked (10% of the input), 1.0/s …"


def test_check_progress_of_a_short_run_in_a_script_says_nothing(capsys):
    from legalcite.cli.check import _Progress

    clock = Clock()
    p = _Progress(True, None, tty=False, clock=clock)
    for n in range(1, 4):
        clock.t = n * 2.0
        p.update(n, None)
    p.close()
    assert capsys.readouterr().err == ""
