"""``legalcite judge`` against a fake OpenAI-compatible server on 127.0.0.1: LEXam's open questions graded by an
ensemble of judges with min pooling; a 429, a 500, a timeout and a permanent failure; resume; cache; cost; the
prompt template; exit codes. Every test counts the requests the server got."""
from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest

from legalcite import judge as J
from legalcite.llm import SqliteCache
from legalcite.metrics import lexam
from legalcite.metrics.io import ScoreInputError
from tests.fake_openai import FakeOpenAI, Reply, user_text

ANS = re.compile(r"ANS=(\w+)")


class Judges(FakeOpenAI):
    """Judge models answering ``Correctness score: [[s]]`` with ``score[(model, answer id)]``; ``script[(model,
    answer id)]`` is a list of faults to serve first: an HTTP status, or ``"slow"`` (past the client deadline)."""

    def __init__(self, score: dict, script: dict | None = None):
        self.score = score
        self.script = {k: list(v) for k, v in (script or {}).items()}
        self.lock2 = threading.Lock()
        super().__init__(self._reply)

    def _reply(self, body: dict) -> Reply:
        aid = ANS.search(user_text(body)).group(1)
        key = (body["model"], aid)
        with self.lock2:
            fault = self.script.get(key, []).pop(0) if self.script.get(key) else None
        if fault == "slow":
            return Reply(200, "Correctness score: [[1.0]]", delay=2.5)
        if fault is not None:
            return Reply(fault, headers={"Retry-After": "0"} if fault == 429 else {})
        s = self.score.get(key)
        text = "The answer misses the reference's second point." if s is None else \
            f"Explanation: partly right.\nFeedback: cite Art. 41 Abs. 1 OR.\nCorrectness score: [[{s}]]"
        return Reply(200, text, usage={"prompt_tokens": 1000, "completion_tokens": 100})

    def count(self, model: str, aid: str) -> int:
        return sum(1 for b in self.bodies if b["model"] == model and ANS.search(user_text(b)).group(1) == aid)


@pytest.fixture
def items(testdata_dir) -> list[J.JudgeItem]:
    """Three real LEXam open questions with their reference answers; the candidate answers carry a tag."""
    qs = [json.loads(line) for line in (testdata_dir / "lexam_open_sample.jsonl").read_text().splitlines()[:3]]
    return [J.JudgeItem(q["id"], q["question"], q["reference_answer"], f"ANS=a{i} Die Haftung folgt aus Art. 41 OR.",
                        q["language"]) for i, q in enumerate(qs)]


def _judges(url: str, *names: str, price_in: float = 2.5, price_out: float = 10.0):
    return [J.parse_judge(f"{n}={n}-model@{url}", params={"temperature": 0}, price_in=price_in,
                          price_out=price_out) for n in names]


def _judged(out: Path) -> list[dict]:
    return [json.loads(line) for line in out.read_text().splitlines()]


SCORES = {("gpt-model", "a0"): 0.8, ("ds-model", "a0"): 0.6, ("qwen-model", "a0"): 0.9,
          ("gpt-model", "a1"): 0.3, ("ds-model", "a1"): 0.5, ("qwen-model", "a1"): 0.4,
          ("gpt-model", "a2"): 1.0, ("ds-model", "a2"): 1.0, ("qwen-model", "a2"): 0.7}


def test_ensemble_min_pooling_and_cost(items, tmp_path):
    out = tmp_path / "judged.jsonl"
    with Judges(SCORES) as fake:
        stats = J.judge(items, _judges(fake.url, "gpt", "ds", "qwen"), out, retries=0)
        assert fake.requests == 9                                    # 3 answers × 3 judges, nothing more
    rows = _judged(out)
    assert [r["pooled"] for r in rows] == [0.6, 0.3, 0.7]           # the minimum of each answer's judges
    assert rows[0]["scores"] == {"gpt": 0.8, "ds": 0.6, "qwen": 0.9} and all(r["complete"] for r in rows)
    assert rows[0]["language"] == items[0].language
    # cost: 9 requests × (1000 × 2.5 + 100 × 10) / 1e6
    assert stats["cost"] == pytest.approx(9 * 3500 / 1e6) and stats["prompt_tokens"] == 9000
    assert stats["by_endpoint"]["ds"] == {"requests": 3, "prompt_tokens": 3000, "completion_tokens": 300,
                                          "cost": pytest.approx(3 * 3500 / 1e6)}
    assert stats["file_totals"]["cost"] == pytest.approx(stats["cost"])
    # what `score mcq --open` reads: the mean of the min-pooled scores
    r = lexam.score_open(str(out), samples=0)
    assert r["mean"] == pytest.approx((0.6 + 0.3 + 0.7) / 3, abs=1e-6) and r["judges"] == ["ds", "gpt", "qwen"]


def test_429_500_and_timeout_are_retried(items, tmp_path):
    out = tmp_path / "judged.jsonl"
    script = {("gpt-model", "a0"): [429], ("gpt-model", "a1"): [500, 503], ("ds-model", "a2"): ["slow"]}
    with Judges(SCORES, script) as fake:
        # a deadline loose enough for a loaded CI machine
        stats = J.judge(items, _judges(fake.url, "gpt", "ds"), out, retries=3, backoff=0.01, timeout=1.0)
        assert fake.count("gpt-model", "a0") == 2                    # 429, then the answer
        assert fake.count("gpt-model", "a1") == 3                    # 500, 503, then the answer
        assert fake.count("ds-model", "a2") == 2                     # past the deadline, then the answer
        assert fake.requests == 6 + 1 + 2 + 1
    assert stats["failed"] == 0 and stats["answered"] == 6
    calls = {(c["id"], c["judge"]): c for c in map(json.loads, J.calls_path(out).read_text().splitlines())}
    assert calls[(items[1].id, "gpt")]["attempts"] == 3 and calls[(items[2].id, "ds")]["attempts"] == 2
    assert [r["pooled"] for r in _judged(out)] == [0.6, 0.3, 1.0]   # the slow first try's [[1.0]] never counted


def test_permanent_failure_then_resume(items, tmp_path):
    out = tmp_path / "judged.jsonl"
    judges_ = ("gpt", "ds")
    with Judges(SCORES, {("ds-model", "a1"): [500] * 3}) as fake:
        s1 = J.judge(items, _judges(fake.url, *judges_), out, retries=2, backoff=0.01)
        assert s1["failed"] == 1 and s1["incomplete_items"] == 1 and fake.requests == 5 + 3
        rows = _judged(out)
        assert rows[1]["complete"] is False and rows[1]["pooled"] is None and rows[1]["missing_judges"] == ["ds"]
        # an incomplete answer is not pooled silently: an error by default, listed when asked to pool what is there
        with pytest.raises(ScoreInputError, match=r"judged.jsonl:2 \(id .*\): no score from ds"):
            lexam.score_open(str(out), samples=0)
        assert lexam.score_open(str(out), samples=0, require_all=False)["missing"]["incomplete"] == [items[1].id]
        errors = [json.loads(x) for x in (tmp_path / "judged.jsonl.calls.jsonl.errors.jsonl").read_text().splitlines()]
        assert [(e["id"], e["judge"]) for e in errors] == [(items[1].id, "ds")] and "HTTP 500" in errors[0]["error"]
        # the endpoint recovers: the rerun sends only the missing pair
        s2 = J.judge(items, _judges(fake.url, *judges_), out, retries=2, backoff=0.01)
        assert fake.requests == 9 and s2["answered"] == 1 and s2["skipped_already_done"] == 5
    assert s2["incomplete_items"] == 0 and [r["pooled"] for r in _judged(out)] == [0.6, 0.3, 1.0]
    assert s2["file_totals"]["answered"] == 6


def test_a_killed_run_resumes_from_its_calls(items, tmp_path):
    out = tmp_path / "judged.jsonl"
    with Judges(SCORES) as fake:
        J.judge(items[:2], _judges(fake.url, "gpt"), out, retries=0)
        with open(J.calls_path(out), "a") as fh:
            fh.write('{"id": "torn", "judge": "gpt", "outp')             # a line torn by the kill
        J.judge(items, _judges(fake.url, "gpt"), out, retries=0)
        assert fake.requests == 3                                    # a0, a1 once each; a2 in the second run
    assert [r["scores"] for r in _judged(out)] == [{"gpt": 0.8}, {"gpt": 0.3}, {"gpt": 1.0}]


def test_cache_answers_repeated_requests(items, tmp_path):
    cache = SqliteCache(tmp_path / "cache.sqlite")
    with Judges(SCORES) as fake:
        J.judge(items, _judges(fake.url, "gpt"), tmp_path / "one.jsonl", cache=cache, retries=0)
        s = J.judge(items, _judges(fake.url, "gpt"), tmp_path / "two.jsonl", cache=cache, retries=0)
        assert fake.requests == 3                                    # the second output was filled from the cache
    assert s["cached"] == 3 and s["sent"] == 0 and s["cost"] == 0.0
    assert _judged(tmp_path / "two.jsonl") == _judged(tmp_path / "one.jsonl")


def test_failures_are_not_cached(items, tmp_path):
    cache = SqliteCache(tmp_path / "cache.sqlite")
    with Judges(SCORES, {("gpt-model", "a0"): [500]}) as fake:
        J.judge(items[:1], _judges(fake.url, "gpt"), tmp_path / "a.jsonl", cache=cache, retries=0)
        s = J.judge(items[:1], _judges(fake.url, "gpt"), tmp_path / "b.jsonl", cache=cache, retries=0)
        assert fake.requests == 2 and s["answered"] == 1 and s["cached"] == 0


def test_template_override_score_pattern_and_unscored(items, tmp_path):
    seen = []

    class Custom(FakeOpenAI):
        def __init__(self):
            super().__init__(self._reply)

        def _reply(self, body):
            seen.append(body["messages"])
            return Reply(200, "GRADE=0.4" if "a0" in user_text(body) else "no grade given")

    out = tmp_path / "judged.jsonl"
    item = J.JudgeItem("x", "Q?", "REF", "<think>long musing ANS=zz</think>ANS=a0 final", "de")
    item2 = J.JudgeItem("y", "Q2?", "REF2", "ANS=a1", "en")
    with Custom() as fake:
        J.judge([item, item2], _judges(fake.url, "g"), out, template="Q: {question} R: {reference_answer} A: {answer}",
                system="SYS", score_pattern=r"GRADE=(\d\.\d)", retries=0)
    # requests run concurrently: find each item's by its content, not by arrival order
    assert all(m[0] == {"role": "system", "content": "SYS"} for m in seen) and len(seen) == 2
    assert sorted(m[1]["content"] for m in seen) == sorted([
        "Q: Q? R: REF A: ANS=a0 final",   # the reasoning before </think> is not graded
        "Q: Q2? R: REF2 A: ANS=a1"])
    rows = _judged(out)
    assert rows[0]["scores"] == {"g": 0.4}
    assert rows[1]["scores"] == {"g": 0.0} and rows[1]["unscored_judges"] == ["g"]   # LEXam: no score → 0
    with pytest.raises(J.JudgeInputError, match="lacks {reference_answer}"):
        J.judge([item], _judges("http://127.0.0.1:9/v1", "g"), out, template="{question} {answer}")


@pytest.mark.parametrize("text, score, problem", [
    ("Correctness score: [[0.7]]", 0.7, None), ("[[1]] and later [[0.2]]", 1.0, None), ("[[ 0.45 ]]", 0.45, None),
    ("[[0]]", 0.0, None),
    # out of range on the 0–1 scale: no score (never capped to 1.0 or 0.0), the judgment is listed
    ("[[7]]", None, "out_of_range"), ("[[1.1]]", None, "out_of_range"), ("[[-0.2]]", None, "out_of_range"),
    # no [[x]] at all: LEXam scores 0 (and the judgment is listed as unscored)
    ("score: 0.5", 0.0, "no_score"), ("", 0.0, "no_score"),
])
def test_judged_score(text, score, problem):
    assert J.judged_score(text) == (score, problem)


def test_out_of_range_reply_is_unscored_and_listed(items, tmp_path):
    # qwen answers [[7]] for a1: not a score on the 0–1 scale. a1 is incomplete (no pooled value) and names it;
    # score mcq --open refuses to pool it; with --no-require-all-judges it pools gpt and ds: min(0.3, 0.5) = 0.3
    scores = {**SCORES, ("qwen-model", "a1"): 7}
    out = tmp_path / "judged.jsonl"
    with Judges(scores) as fake:
        stats = J.judge(items, _judges(fake.url, "gpt", "ds", "qwen"), out, retries=0)
    rows = _judged(out)
    assert rows[1]["out_of_range"] == {"qwen": 7.0} and rows[1]["scores"] == {"gpt": 0.3, "ds": 0.5}
    assert rows[1]["complete"] is False and rows[1]["pooled"] is None and rows[1]["missing_judges"] == []
    assert stats["items_with_out_of_range_score"] == 1 and stats["incomplete_items"] == 1
    with pytest.raises(ScoreInputError, match=r"no score from qwen \(qwen wrote 7.0, outside 0–1\)"):
        lexam.score_open(str(out), samples=0)
    r = lexam.score_open(str(out), samples=0, require_all=False)
    assert r["mean"] == pytest.approx((0.6 + 0.3 + 0.7) / 3, abs=1e-6) and r["missing"]["incomplete"] == [items[1].id]


def test_default_prompt_is_lexams_criteria_versioned(items):
    p = J.DEFAULT_PROMPT
    assert (p.name, p.version, p.id) == ("lexam-criteria", "2", "lexam-criteria@2") and "LEXam" in p.source
    msgs = J.messages(items[0])
    user = msgs[1]["content"]
    assert items[0].question in user and items[0].reference in user and items[0].answer in user
    assert msgs[0] == {"role": "system", "content": p.system}
    # LEXam's criteria: the reference answer is complete, (+)/(-)/(+/-) elements, statutes precise to
    # Abs./Ziff./lit., sub-points in proportion, [[score]] in steps of 0.1; the reasoning steps; fabricated statutes
    for phrase in ("reference answer is complete", "(+/-)", "Abs., Ziff., lit.", "in proportion", "[[score]]",
                   "steps of 0.1", "Grade the reasoning steps", "is fabricated: deduct"):
        assert phrase in user, phrase


def test_judged_lines_record_the_prompt_and_another_prompt_grades_again(items, tmp_path):
    out = tmp_path / "judged.jsonl"
    custom = tmp_path / "prompt.json"
    custom.write_text(json.dumps({"name": "mine", "version": "7", "system": "SYS",
                                  "template": ["Q {question}", "R {reference_answer}", "A {answer}"]}))
    with Judges(SCORES) as fake:
        J.judge(items[:1], _judges(fake.url, "gpt"), out, retries=0)
        assert _judged(out)[0]["prompt"] == "lexam-criteria@2"
        J.judge(items[:1], _judges(fake.url, "gpt"), out, retries=0)
        assert fake.requests == 1                                    # same prompt: already graded
        mine = J.load_prompt(custom)
        s = J.judge(items[:1], _judges(fake.url, "gpt"), out, system=mine.system, template=mine.template, retries=0)
        assert fake.requests == 2 and s["answered"] == 1              # another prompt: graded again, not reused
    assert _judged(out)[0]["prompt"].startswith("custom@") and mine.id == "mine@7"
    assert J.prompt_id(J.DEFAULT_SYSTEM, J.DEFAULT_TEMPLATE) == "lexam-criteria@2"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "x", "version": 1, "system": "S", "template": "{question} {answer}"}))
    with pytest.raises(J.JudgeInputError, match="lacks {reference_answer}"):
        J.load_prompt(bad)


def test_unreachable_endpoint_is_one_line_naming_the_cause(tmp_path, testdata_dir, capsys):
    from legalcite.cli import main

    with FakeOpenAI(lambda body: Reply(200, "[[1.0]]")) as fake:
        url = fake.url                                               # the server is gone after this block
    qs = testdata_dir / "lexam_open_sample.jsonl"
    ids = [json.loads(line)["id"] for line in qs.read_text().splitlines()[:3]]
    answers = tmp_path / "answers.jsonl"
    answers.write_text("\n".join(json.dumps({"id": i, "output": "x"}) for i in ids) + "\n")
    rc = main(["judge", str(answers), "--questions", str(qs), "--judge", f"g=m@{url}", "-o",
               str(tmp_path / "judged.jsonl"), "--no-cache", "--retries", "0", "--concurrency", "1", "-q"])
    err = capsys.readouterr().err
    assert rc == 2                                                   # no judge could be reached: nothing done
    cause = [line for line in err.splitlines() if "could not be reached" in line]
    assert len(cause) == 1 and cause[0].startswith("legalcite judge: judge 'g': http://127.0.0.1:")
    assert "ConnectError" in cause[0] and "{" not in err            # the cause, in words, not a JSON blob
    errors = [json.loads(x) for x in (tmp_path / "judged.jsonl.calls.jsonl.errors.jsonl").read_text().splitlines()]
    assert len(errors) == 3 and sum(e["attempts"] for e in errors) == 1   # the other two were not sent


@pytest.mark.parametrize("spec, name, model, url", [
    ("gpt4o=gpt-4o@https://api.openai.com/v1", "gpt4o", "gpt-4o", "https://api.openai.com/v1"),
    ("qwen3-32b@http://127.0.0.1:8000/v1", "qwen3-32b", "qwen3-32b", "http://127.0.0.1:8000/v1"),
    ("ds=deepseek/v3@http://h:1/v1", "ds", "deepseek/v3", "http://h:1/v1"),
])
def test_parse_judge(spec, name, model, url):
    e = J.parse_judge(spec)
    assert (e.label, e.model, e.url) == (name, model, url)


def test_bad_judge_specs():
    with pytest.raises(J.JudgeInputError, match="expected \\[NAME=\\]MODEL@URL"):
        J.parse_judge("gpt-4o")
    with pytest.raises(J.JudgeInputError, match="two judges are named"):
        J.judge([], [J.parse_judge("m@http://a/v1"), J.parse_judge("m@http://b/v1")], "x.jsonl")


def test_cli_exit_codes_and_bad_lines(tmp_path, testdata_dir, capsys):
    from legalcite.cli import main

    qs = testdata_dir / "lexam_open_sample.jsonl"
    ids = [json.loads(line)["id"] for line in qs.read_text().splitlines()[:2]]
    answers = tmp_path / "answers.jsonl"
    answers.write_text(json.dumps({"id": ids[0], "output": "ANS=a0 …"}) + "\n" +
                       json.dumps({"id": ids[1], "output": "ANS=a1 …"}) + "\n" +
                       json.dumps({"id": "unknown", "output": "ANS=a2"}) + "\n" + "not json\n")
    out = tmp_path / "judged.jsonl"
    judges = tmp_path / "judges.json"
    with Judges(SCORES) as fake:
        judges.write_text(json.dumps([{"name": "ds", "model": "ds-model", "endpoint": fake.url, "price_in": 1}]))
        rc = main(["judge", str(answers), "--questions", str(qs), "--judge", f"gpt=gpt-model@{fake.url}",
                   "--judges", str(judges), "-o", str(out), "--no-cache", "-q"])
        assert fake.requests == 4
    err = capsys.readouterr().err
    assert rc == 1                                                   # two bad lines, the rest graded
    assert "answers.jsonl:3 (id 'unknown'): no question and reference answer" in err
    assert "answers.jsonl:4: malformed JSON" in err
    assert [r["pooled"] for r in _judged(out)] == [0.6, 0.3]
    # nothing to do at all: exit 2
    assert main(["judge", str(answers), "--questions", str(qs), "-o", str(out)]) == 2
    assert "no judge given" in capsys.readouterr().err
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text(json.dumps({"id": ids[0], "text": "x"}) + "\n")
    assert main(["judge", str(wrong), "--questions", str(qs), "--judge", "m@http://127.0.0.1:9/v1",
                 "-o", str(out)]) == 2
    assert "no line has an answer field" in capsys.readouterr().err


def test_docs_show_the_default_prompt():
    """docs/metrics.md documents the judge prompt; it must be the one the code sends."""
    docs = (Path(__file__).resolve().parents[1] / "docs" / "metrics.md").read_text(encoding="utf-8")
    assert J.DEFAULT_TEMPLATE in docs and J.DEFAULT_SYSTEM in docs
