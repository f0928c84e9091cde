"""The inspect-ai citation scorer (issue 32): a tiny eval whose answers come from inspect-ai's mock model, scored
against the test store; what each sample's score holds and the metrics over them."""
from __future__ import annotations

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai import Task, eval  # noqa: E402
from inspect_ai.dataset import Sample  # noqa: E402
from inspect_ai.model import ModelOutput, ModelUsage, get_model  # noqa: E402
from inspect_ai.solver import generate  # noqa: E402

from legalcite.integrations.inspect import STATUSES, citation_check, score_values  # noqa: E402

# (question, the mock model's answer): a real and an invented citation; a real one twice; none
ANSWERS = [
    ("Wer haftet für Körperverletzungen?",
     "Der Schaden ist nach § 823 Abs. 1 BGB zu ersetzen. Die Kündigung regelt § 9999 BGB."),
    ("Was gilt beim Kauf?", "Der Verkäufer muss die Sache übergeben (§ 433 Abs. 1 BGB), der Käufer zahlen "
                            "(§ 433 Abs. 2 BGB)."),
    ("Wie ist das Wetter?", "Sonnig, ohne jede Norm."),
]


def answer(text: str) -> ModelOutput:
    """The mock model's answer; with its usage given, so that inspect-ai counts no tokens (tiktoken would download
    its tables)."""
    out = ModelOutput.from_content(model="mockllm/model", content=text)
    out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return out


def run_eval(store, tmp_path, monkeypatch, answers=ANSWERS, **scorer_args):
    """The eval of ``answers`` scored by the citation scorer; its log (written under ``tmp_path``)."""
    monkeypatch.setenv("INSPECT_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setenv("LEGALCITE_CACHE", str(tmp_path / "cache"))
    model = get_model("mockllm/model", custom_outputs=[answer(a) for _, a in answers])
    task = Task(dataset=[Sample(input=q, id=i) for i, (q, _) in enumerate(answers, 1)], solver=generate(),
                scorer=citation_check(store=str(store), **scorer_args))
    [log] = eval(task, model=model, log_dir=str(tmp_path / "logs"), display="none", max_samples=1)
    assert log.status == "success", log.error
    return log


def test_each_sample_counts_its_statuses(small_store, tmp_path, monkeypatch):
    log = run_eval(small_store, tmp_path, monkeypatch)
    scores = {s.id: s.scores["citation_check"] for s in log.samples}
    assert {k: v for k, v in scores[1].value.items() if v} == {"real": 1, "invented": 1, "lexassay_unconfirmed": 0.25}
    assert {k: v for k, v in scores[2].value.items() if v} == {"real": 2}
    assert not any(scores[3].value.values()) and scores[3].explanation == "no citation"
    assert set(scores[1].value) == {*STATUSES, "lexassay_deduction", "lexassay_unconfirmed"}
    assert "§ 9999 BGB (de/bgb/s9999): invented" in scores[1].explanation
    record = scores[1].metadata["legalcite"]
    assert [c["key"] for c in record["citations"]] == ["de/bgb/s823/abs1", "de/bgb/s9999"]


def test_the_metrics_over_the_eval(small_store, tmp_path, monkeypatch):
    """Totals and means per status, the mean deduction: the invented § 9999 BGB is not confirmed (the store alone
    is one signal), so it is an unconfirmed 0.25, not a deduction (docs/statuses.md)."""
    log = run_eval(small_store, tmp_path, monkeypatch)
    got = {(s.name, name): m.value for s in log.results.scores for name, m in s.metrics.items()}
    # inspect-ai names a metric "total" or "<package>/total", by how the package is installed
    total = next(name for _, name in got if name.rsplit("/", 1)[-1] == "total")
    assert got[("real", total)] == 3 and got[("invented", total)] == 1 and got[("misattributed", total)] == 0
    assert got[("real", "mean")] == pytest.approx(1.0) and got[("invented", "mean")] == pytest.approx(1 / 3)
    assert got[("lexassay_deduction", "mean")] == 0
    assert got[("lexassay_unconfirmed", "mean")] == pytest.approx(0.25 / 3)
    assert {name for name, _ in got} == {*STATUSES, "lexassay_deduction", "lexassay_unconfirmed"}


def test_an_answer_that_cannot_be_checked_is_unscored(small_store, tmp_path, monkeypatch):
    """A check that fails (here: past its time budget) leaves the sample unscored with the reason; the eval
    goes on and the other samples count."""
    slow = "Der Schaden ist nach § 823 Abs. 1 BGB zu ersetzen. " * 2000
    log = run_eval(small_store, tmp_path, monkeypatch, answers=[("Frage?", slow)], max_seconds=1e-6)
    [sample] = log.samples
    score = sample.scores["citation_check"]
    assert score.reason and score.reason.startswith("not checked:")


@pytest.mark.parametrize(("citations", "values"), [
    ([], {"lexassay_deduction": 0.0, "lexassay_unconfirmed": 0.0}),
    # a confirmed invented citation and a misattributed one without confirmation
    ([{"key": "de/bgb/s9999", "text": "§ 9999 BGB", "status": "invented", "confirmed": True},
      {"key": "de/bgb/s1", "text": "§ 1 BGB", "status": "misattributed", "confirmed": False}],
     {"invented": 1, "misattributed": 1, "lexassay_deduction": 0.25, "lexassay_unconfirmed": 0.25}),
    # the same citation counts once: § 823 BGB beside § 823 Abs. 1 BGB (LexAssay's rule)
    ([{"key": "de/bgb/s823", "text": "§ 823 BGB", "status": "invented", "confirmed": True},
      {"key": "de/bgb/s823/abs1", "text": "§ 823 Abs. 1 BGB", "status": "invented", "confirmed": True},
      {"key": "de/bgb/s433", "text": "§ 433 BGB", "status": "real", "confirmed": None}],
     {"invented": 2, "real": 1, "lexassay_deduction": 0.25, "lexassay_unconfirmed": 0.0}),
])
def test_score_values(citations, values):
    got = score_values({"citations": citations, "summary": {}})
    assert {k: v for k, v in got.items() if v} == {k: v for k, v in values.items() if v}
    assert set(got) == {*STATUSES, "lexassay_deduction", "lexassay_unconfirmed"}
