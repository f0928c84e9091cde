"""Issue 35: an answer's time budget — ``check --max-seconds`` and ``check(..., timeout=)``. An answer that runs past
it ends with its error record (its id and line kept) and the run goes on with the others, whose verdicts are those
of a check without a budget. The clock is a fake that moves one second each time it is read (the stages read it as
they go: each anchor, linker, citation, claim), so that which answer runs out is decided by how much work it is,
never by how fast the machine is."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from legalcite.core import budget
from legalcite.core.budget import Budget, OverBudget, spend

SHORT = "Der Schuldner haftet nach § 276 BGB für Vorsatz und Fahrlässigkeit."
LONG = "Art. 1 Abs. 1 OR, " * 300 + "gilt."


class _Clock:
    """One second later at every reading."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> _Clock:
    clock = _Clock()
    monkeypatch.setattr(budget, "clock", clock)
    return clock


def test_spend_without_a_budget_never_raises(fake_clock: _Clock) -> None:
    for _ in range(100):
        spend("anything")
    with Budget(None):
        for _ in range(100):
            spend("anything")


def test_a_budget_entered_again_goes_on_with_what_is_left(fake_clock: _Clock) -> None:
    b = Budget(5)
    with b:            # entered at 1 (over after 6); spends at 2 and 3; left at 4: 3 seconds spent
        spend("a")
        spend("b")
    fake_clock.now += 100  # other answers' work meanwhile does not count
    with b:            # entered at 105 with 2 seconds left: over after 107
        spend("c")     # 106
        spend("d")     # 107
        with pytest.raises(OverBudget, match=r"time budget of 5 s \(stopped while e\)"):
            spend("e")  # 108


def test_an_answer_over_its_budget_is_its_error_record_and_the_others_are_checked(small_store: Path,
                                                                                    fake_clock: _Clock) -> None:
    from legalcite.checker import Answer, CheckOptions, check_answers

    answers = [Answer(1, "a", SHORT), Answer(2, "b", LONG), Answer(3, "c", SHORT)]
    unlimited = check_answers(answers, CheckOptions(store=str(small_store)))
    limited = check_answers(answers, CheckOptions(store=str(small_store), max_seconds=200))
    assert limited[1]["line"] == 2 and limited[1]["id"] == "b"
    assert "longer than its time budget of 200 s" in limited[1]["error"] and "citations" not in limited[1]
    assert limited[0] == unlimited[0] and limited[2] == unlimited[2]
    assert unlimited[1]["summary"]["counts"]   # (without a budget the long answer is checked whole)


def test_check_raises_over_budget_and_refuses_a_budget_that_is_no_time(small_store: Path, fake_clock: _Clock) -> None:
    import legalcite

    with pytest.raises(OverBudget):
        legalcite.check(LONG, store=small_store, timeout=200)
    assert legalcite.check(SHORT, store=small_store, timeout=200) == legalcite.check(SHORT, store=small_store)
    for bad in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="positive number of seconds"):
            legalcite.check(SHORT, store=small_store, timeout=bad)


def test_cli_max_seconds_ends_one_answer_with_its_error_record(small_store: Path, tmp_path: Path,
                                                               fake_clock: _Clock, capsys) -> None:
    from legalcite.cli import main

    src = tmp_path / "answers.jsonl"
    src.write_text("".join(json.dumps({"id": i, "answer": a}, ensure_ascii=False) + "\n"
                           for i, a in (("a", SHORT), ("b", LONG), ("c", SHORT))), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["check", str(src), "--store", str(small_store), "-o", str(out), "--max-seconds", "200"]) == 1
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in records] == ["a", "b", "c"]
    assert "citations" in records[0] and "citations" in records[2]
    assert records[1]["line"] == 2 and "time budget of 200 s" in records[1]["error"]
    assert f"{src}:2 (id 'b'): the answer took longer than its time budget" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["0", "-3", "soon", "inf", "nan"])
def test_cli_max_seconds_must_be_a_positive_number(value: str, small_store: Path, tmp_path: Path) -> None:
    from legalcite.cli import main

    src = tmp_path / "answers.jsonl"
    src.write_text(json.dumps({"id": 1, "answer": SHORT}) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit) as e:
        main(["check", str(src), "--store", str(small_store), "--max-seconds", value])
    assert e.value.code == 2
