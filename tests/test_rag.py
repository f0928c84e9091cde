"""RAG harness: prompts from an index, and runs against a fake OpenAI-compatible server on 127.0.0.1
(never a real API): concurrency, retries, resume, token accounting, CLI."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("bm25s")
pytest.importorskip("httpx")

from legalcite.retrieval.index import build_index, load_index  # noqa: E402
from legalcite.rag import build_prompts, done_ids, run  # noqa: E402
from tests.fake_openai import FakeOpenAI, Reply, user_text  # noqa: E402
from tests.retrieval.fixtures import UNITS  # noqa: E402


class ScriptedOpenAI(FakeOpenAI):
    """``fail[id] = [status, ...]`` answers the first requests for that prompt id (``QID=…`` in the prompt) with
    those statuses, then 200 with ``Answer <id>: § 433 Abs. 2 BGB``. ``requests`` lists the prompt ids asked."""

    def __init__(self, delay: float = 0.05):
        self.fail: dict[str, list[int]] = {}
        self.delay = delay
        super().__init__(self._reply)

    def _reply(self, body: dict) -> Reply:
        user = user_text(body)
        pid = user.split("QID=", 1)[1].split()[0] if "QID=" in user else "?"
        with self.lock:
            script = self.fail.get(pid) or []
            status = script.pop(0) if script else 200
        if status != 200:
            return Reply(status, delay=self.delay, headers={"Retry-After": "0"} if status == 429 else {})
        return Reply(200, f"Answer {pid}: § 433 Abs. 2 BGB", delay=self.delay)

    @property
    def asked(self) -> list[str]:
        return [user_text(b).split("QID=", 1)[1].split()[0] for b in self.bodies]


def _prompts(n: int) -> list[dict]:
    return [{"id": f"q{i}", "messages": [{"role": "user", "content": f"QID=q{i} question {i}"}],
             "retrieved": [{"key": "de/bgb/s433"}]} for i in range(n)]


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return load_index(build_index(UNITS, tmp_path_factory.mktemp("rag") / "ix", kind="bm25", progress=False))


def test_prompts_print_keys_with_the_jurisdiction_printers(index):
    """Each retrieved provision is shown as its jurisdiction's printer prints it (printers:
    tests/<j>/test_printer.py)."""
    from legalcite.jurisdictions import print_key

    [p] = build_prompts([{"id": 1, "question": "Schadensersatz minimum wage 合同"}], index, k=2, per_jurisdiction=True)
    assert p["retrieved"] and all(r["citation"] == print_key(r["key"]) != r["key"] for r in p["retrieved"])


def test_prompts_carry_retrieved_provisions(index):
    qs = [{"id": "a", "question": "Muss der Käufer den Kaufpreis zahlen?"},
          {"id": "b", "question": "盗窃公私财物怎么处罚", "jurisdictions": ["cn"]}]
    ps = list(build_prompts(qs, index, k=2))
    assert [p["id"] for p in ps] == ["a", "b"]
    a = ps[0]
    assert a["retrieved"][0]["key"] == "de/bgb/s433" and a["retrieved"][0]["citation"] == "§ 433 BGB"
    user = a["messages"][1]["content"]
    assert "§ 433 BGB (de/bgb/s433)" in user and "Kaufpreis zahlen" in user and a["messages"][0]["role"] == "system"
    assert all(r["jurisdiction"] == "cn" for r in ps[1]["retrieved"])
    assert ps[1]["retrieved"][0]["text"].startswith("盗窃公私财物")


def test_prompts_per_jurisdiction(index):
    [p] = build_prompts([{"id": 1, "question": "Schadensersatz minimum wage 合同"}], index, k=1, per_jurisdiction=True)
    juris = [r["jurisdiction"] for r in p["retrieved"]]
    assert len(juris) == len(set(juris)) >= 3          # at most k from each jurisdiction
    assert "## Germany" in p["messages"][1]["content"] and "## China (PRC)" in p["messages"][1]["content"]


def test_run_concurrency_tokens_and_resume(tmp_path):
    out = tmp_path / "out.jsonl"
    prompts = _prompts(8)
    with ScriptedOpenAI() as fake:
        s1 = run(prompts[:5], out, endpoint=fake.url, model="m", concurrency=3, retries=0)
        assert s1["answered"] == 5 and s1["failed"] == 0 and fake.peak == 3
        with open(out, "a") as fh:                      # a line torn by a kill
            fh.write('{"id": "q6", "outp')
        s2 = run(prompts, out, endpoint=fake.url, model="m", concurrency=3, retries=0)
        assert s2["answered"] == 3 and s2["skipped_already_done"] == 5
        assert sorted(fake.asked) == sorted(f"q{i}" for i in range(8))   # nothing asked twice
        s3 = run(prompts, out, endpoint=fake.url + "/", model="m")
        assert s3["answered"] == 0 and len(fake.asked) == 8
    assert done_ids(out) == {f"q{i}" for i in range(8)}
    rows = [json.loads(line) for line in out.read_text().splitlines()
            if line.startswith('{"id":') and line.endswith("}")]
    assert {r["id"] for r in rows} == done_ids(out)
    want_prompt_tokens = sum(len(p["messages"][-1]["content"]) for p in prompts)
    assert s2["file_totals"]["prompt_tokens"] == want_prompt_tokens
    assert s2["file_totals"]["completion_tokens"] == 7 * 8
    assert s1["prompt_tokens"] + s2["prompt_tokens"] == want_prompt_tokens


def test_run_retries_and_errors(tmp_path):
    out = tmp_path / "out.jsonl"
    prompts = _prompts(4)
    with ScriptedOpenAI(delay=0.0) as fake:
        fake.fail = {"q0": [500, 503], "q1": [429], "q2": [400, 400, 400]}
        s = run(prompts, out, endpoint=fake.url, model="m", retries=3, backoff=0.01,
                price_in=2.0, price_out=10.0)
        assert s["answered"] == 3 and s["failed"] == 1
        assert fake.asked.count("q0") == 3 and fake.asked.count("q1") == 2
        assert fake.asked.count("q2") == 1                       # a 400 is not retried
        errs = [json.loads(line) for line in (tmp_path / "out.jsonl.errors.jsonl").read_text().splitlines()]
        assert [e["id"] for e in errs] == ["q2"] and "HTTP 400" in errs[0]["error"]
        rows = {json.loads(line)["id"]: json.loads(line) for line in out.read_text().splitlines()}
        assert rows["q0"]["attempts"] == 3 and rows["q0"]["output"].startswith("Answer q0")
        assert s["cost"] == pytest.approx((s["prompt_tokens"] * 2.0 + s["completion_tokens"] * 10.0) / 1e6)
        fake.fail["q2"].clear()                                     # the endpoint recovers
        s2 = run(prompts, out, endpoint=fake.url, model="m", retries=0)   # the failed one is retried next run
        assert s2["answered"] == 1 and s2["skipped_already_done"] == 3


def test_run_network_failure_is_reported(tmp_path):
    with ScriptedOpenAI() as fake:
        url = fake.url
    s = run(_prompts(1), tmp_path / "o.jsonl", endpoint=url, model="m", retries=1, backoff=0.01, timeout=2)
    assert s["failed"] == 1 and s["answered"] == 0


def test_cli_prompts_and_run(index, tmp_path):
    qs = tmp_path / "q.jsonl"
    qs.write_text(json.dumps({"id": "QID=k1", "question": "Kaufpreis zahlen QID=k1"}) + "\n", encoding="utf-8")
    pr = tmp_path / "prompts.jsonl"
    r = subprocess.run([sys.executable, "-m", "legalcite", "rag", "prompts", str(qs), "--index", str(index.path),
                        "-k", "2", "-o", str(pr)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(pr.read_text())["retrieved"][0]["key"] == "de/bgb/s433"
    out = tmp_path / "out.jsonl"
    with ScriptedOpenAI() as fake:
        r = subprocess.run([sys.executable, "-m", "legalcite", "rag", "run", str(pr), "--endpoint", fake.url,
                            "--model", "fake", "-o", str(out), "-q"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    row = json.loads(out.read_text())
    assert set(row) >= {"id", "output", "usage"} and row["output"].startswith("Answer k1")


def test_cli_run_reports_bad_prompt_lines(tmp_path):
    pr = tmp_path / "prompts.jsonl"
    good = _prompts(2)
    pr.write_text(json.dumps(good[0]) + "\n{broken\n" + json.dumps({"id": "x"}) + "\n" + json.dumps(good[1]) + "\n",
                  encoding="utf-8")
    out = tmp_path / "out.jsonl"
    with ScriptedOpenAI(delay=0.0) as fake:
        r = subprocess.run([sys.executable, "-m", "legalcite", "rag", "run", str(pr), "--endpoint", fake.url,
                            "--model", "fake", "-o", str(out), "-q"], capture_output=True, text=True, timeout=120)
        assert sorted(fake.asked) == ["q0", "q1"]
    assert r.returncode == 1, r.stderr                      # the good prompts are answered, the bad lines named
    assert "prompts.jsonl:2: malformed JSON" in r.stderr and "prompts.jsonl:3 (id 'x'): not a prompt record" in r.stderr
    assert done_ids(out) == {"q0", "q1"}


def test_lexam_open_questions_are_asked_with_the_versioned_answer_prompt(index, tmp_path, testdata_dir):
    """LEXam's open questions: LEXam's answering instructions (a prompt file beside the judge's, ``name@version``
    on every prompt record), the course, the question; ``rag run`` records the token budget (LexAssay's re-run
    rule reads it)."""
    from legalcite.io import read_records
    from legalcite.metrics.prompts import ANSWER_PROMPT, load_answer_prompt

    assert ANSWER_PROMPT.id == "lexam-open-answer@1" and "{course}" in ANSWER_PROMPT.template
    item = read_records(testdata_dir / "lexam_open_sample.jsonl")[0][0].data
    [p] = build_prompts([item], index, k=1, benchmark="lexam-open")
    user = p["messages"][1]["content"]
    assert p["prompt"] == "lexam-open-answer@1" and p["benchmark"] == "lexam-open"
    assert f"You are an expert in {item['course']}." in user and item["question"].strip() in user
    assert "no disclaimer" in user and "Abs., Ziff., lit." in user and user.rstrip().endswith("Answer:")
    [own] = build_prompts([item], index, k=1, benchmark="lexam-open", template="Q: {question}")
    assert "prompt" not in own and own["messages"][1]["content"].endswith("Q: " + item["question"].strip())
    bad = tmp_path / "p.json"
    bad.write_text(json.dumps({"name": "x", "version": 1, "template": "no placeholder"}))
    with pytest.raises(Exception, match="the answer template lacks {question}"):
        load_answer_prompt(bad)
    with ScriptedOpenAI(delay=0.0) as fake:
        run([{**p, "id": "QID=o1", "messages": [{"role": "user", "content": "QID=o1 " + user}]}],
            tmp_path / "out.jsonl", endpoint=fake.url, model="m", max_tokens=512)
    [rec] = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert rec["max_tokens"] == 512 and rec["finish_reason"] == "stop"
