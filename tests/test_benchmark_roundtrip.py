"""One round trip per benchmark: benchmark items → ``rag prompts --benchmark`` → a fake model that answers
perfectly → ``rag run`` → ``legalcite score`` = exactly 1.0.

The fake model knows only the gold answer as *content* (the text of the right option, the text of the right
conclusion per jurisdiction, the gold citations); it must find that content in the prompt and answer with the
label the prompt printed beside it, in the ###…### marker the scorer reads. So the test fails if a prompt drops
the options or the conclusion pools, labels them differently from the scorer, or asks for another format."""
from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("bm25s")

from legalcite.cli import main  # noqa: E402
from legalcite.io import read_records  # noqa: E402
from legalcite.metrics import lexgenius  # noqa: E402
from legalcite.metrics.io import label_index, option_label  # noqa: E402
from legalcite.retrieval.index import build_index, load_index  # noqa: E402
from legalcite.jurisdictions import print_key  # noqa: E402
from legalcite.rag import build_prompts, run  # noqa: E402
from tests.fake_openai import FakeOpenAI, Reply, user_text  # noqa: E402
from tests.retrieval.fixtures import UNITS  # noqa: E402

FIX = Path(__file__).parent / "fixtures" / "metrics"
CROSSLEX = FIX / "crosslex_questions.jsonl"
LINE = re.compile(r"^\s*([A-Z]{1,2}|c\d+)[.:．、]\s*(.*?)\s*$", re.M)


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return load_index(build_index(UNITS, tmp_path_factory.mktemp("rt") / "ix", kind="bm25", progress=False))


def _items(path: Path) -> list[dict]:
    good, bad = read_records(path)
    assert not bad
    return [r.data for r in good]


class Oracle(FakeOpenAI):
    """Answers each prompt from ``gold[question text]`` = (option text | {jurisdiction: conclusion text}, citations)."""

    def __init__(self, gold: dict[str, tuple]):
        self.gold = gold
        self.unmatched: list[str] = []
        super().__init__(self._reply)

    def _label_of(self, text: str, section: str) -> str | None:
        return next((m.group(1) for m in LINE.finditer(section) if m.group(2) == text.strip()), None)

    def _reply(self, body: dict) -> Reply:
        prompt = user_text(body)
        q = next((q for q in self.gold if q.strip() in prompt), None)
        if q is None:
            self.unmatched.append(prompt[:80])
            return Reply(200, "I do not know.")
        want, cites = self.gold[q]
        if isinstance(want, dict):   # T3: a conclusion id per jurisdiction, read from that jurisdiction's pool
            parts = []
            for j, text in want.items():
                section = prompt.split(f"Conclusions for {j}:", 1)[1].split("Conclusions for", 1)[0]
                parts.append(f"{j}={self._label_of(text, section)}")
            answer = "; ".join(parts)
        else:
            answer = self._label_of(want, prompt)
        return Reply(200, f"Reasoning … The provisions: {'; '.join(cites)}.\nCorrect Answer: ###{answer}###")


def _round_trip(tmp_path, index, items, benchmark, gold, **kw):
    with warnings.catch_warnings(record=True) as caught:   # the tiny index has nothing for some questions
        warnings.simplefilter("always")
        prompts = list(build_prompts(items, index, k=2, benchmark=benchmark, **kw))
    assert len(caught) == sum(not p["retrieved"] for p in prompts)   # each such prompt warned, once
    out = tmp_path / f"{benchmark}.out.jsonl"
    with Oracle(gold) as fake:
        stats = run(prompts, out, endpoint=fake.url, model="oracle", retries=0)
        assert fake.unmatched == [] and fake.requests == len(prompts)
    assert stats["answered"] == len(prompts) and stats["failed"] == 0
    return prompts, out


def test_crosslex_round_trip(tmp_path, index, capsys):
    items = _items(CROSSLEX)
    gold = {}
    for it in items:
        cites = [print_key(c) if "/" in c else c for c in it["citations"]]
        if it["task"] == "T3":
            pools = it["conclusions"]
            per = pools if all(isinstance(v, dict) for v in pools.values()) else {j: pools for j in it["jurisdictions"]}
            gold[it["question"]] = ({j: per[j][cid] for j, cid in it["answer"].items()}, cites)
        else:
            opts = it["options"]
            text = opts[it["answer"]] if isinstance(opts, dict) else opts[label_index(it["answer"])]
            gold[it["question"]] = (text, cites)
    prompts, out = _round_trip(tmp_path, index, items, "crosslex", gold)
    t3 = next(p for p in prompts if p["id"] == "x4")["messages"][1]["content"]
    assert "Conclusions for CN:" in t3 and "c2: By mediation" in t3 and "###CN=c1; CA=c2###" in t3
    x1 = next(p for p in prompts if p["id"] == "x1")["retrieved"]
    assert x1 and {r["jurisdiction"] for r in x1} == {"de"}          # the gold jurisdiction DE → index code de
    assert main(["score", "crosslex", "--gold", str(CROSSLEX), "--pred", str(out), "--samples", "0",
                 "-o", str(tmp_path / "r.json")]) == 0
    r = json.loads((tmp_path / "r.json").read_text())
    assert (r["accuracy"], r["citation_f1"], r["grounded_joint"]) == (1.0, 1.0, 1.0)
    assert r["n"] == len(items) and r["tasks"]["T3"]["binding_accuracy"] == 1.0 and r["unparsed"] == []


def test_lexam_round_trip_with_32_options(tmp_path, index, testdata_dir):
    items = _items(testdata_dir / "lexam_mcq_sample.jsonl")
    big = {"id": "big32", "course": "Obligationenrecht", "language": "de", "area": "Private",
           "question": "Welche Bestimmung regelt die Haftung aus unerlaubter Handlung im OR?",
           "choices": [f"Art. {40 + i} OR" for i in range(32)], "gold": 29, "n_statements": 1}
    items.append(big)
    gold = {it["question"]: (it["choices"][it["gold"]], []) for it in items}
    prompts, out = _round_trip(tmp_path, index, items, "lexam", gold)
    text = prompts[-1]["messages"][1]["content"]
    assert "AD. Art. 69 OR" in text and "AF. Art. 71 OR" in text and "###" in text and "Obligationenrecht" in text
    gold_file = tmp_path / "gold.jsonl"
    gold_file.write_text("\n".join(json.dumps(it, ensure_ascii=False) for it in items))
    assert main(["score", "mcq", str(out), "--gold", str(gold_file), "--samples", "0", "--by", "n_choices",
                 "-o", str(tmp_path / "r.json")]) == 0
    r = json.loads((tmp_path / "r.json").read_text())
    assert r["accuracy"] == 1.0 and r["n"] == 21 and r["by"]["n_choices"]["32"]["accuracy"] == 1.0


def test_lexgenius_round_trip_shuffled(tmp_path, index, testdata_dir):
    items = _items(testdata_dir / "lexgenius_sample.jsonl")
    copies = list(lexgenius.shuffle(items, seeds=2))
    for c in copies:   # the runner keys on id (and copy); LexGenius rows have none, so name them as row_id does
        c["id"] = f"{c['ability']}:{c['index_in_file']}"
    body = lambda o: re.sub(r"^\s*[A-Z][.．、]\s*", "", o).strip()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        prompts = list(build_prompts(copies, index, k=2, benchmark="lexgenius"))
    assert {p["copy"] for p in prompts} == {0, 1} and len(prompts) == 2 * len(items)
    out = tmp_path / "lexgenius.out.jsonl"

    class ShuffledOracle(FakeOpenAI):
        """The right option's text is the same in every copy; its letter is read from the copy's prompt."""

        def __init__(self):
            super().__init__(self._reply)

        def _reply(self, body_: dict) -> Reply:
            prompt = user_text(body_)
            # generic questions repeat across items ("下列…哪一选项是错误的?"): the options tell them apart
            it = next(i for i in items if i["question"].strip() in prompt
                      and all(body(o) in prompt for o in i["options"]))
            want = body(it["options"][label_index(it["answer"])])
            label = next(m.group(1) for m in LINE.finditer(prompt) if body(m.group(2)) == want)
            return Reply(200, f"分析……正确答案：###{label}###")

    with ShuffledOracle() as fake:
        stats = run(prompts, out, endpoint=fake.url, model="oracle", retries=0)
        assert fake.requests == len(prompts) and stats["answered"] == len(prompts)   # copies are not "done" twice
    shuffled = tmp_path / "shuffled.jsonl"
    shuffled.write_text("\n".join(json.dumps(c, ensure_ascii=False) for c in copies))
    assert main(["score", "hierarchy", str(out), "--gold", str(shuffled), "--samples", "0",
                 "-o", str(tmp_path / "r.json")]) == 0
    r = json.loads((tmp_path / "r.json").read_text())
    assert r["accuracy"] == 1.0 and r["item_accuracy"] == 1.0 and r["unmapped"] == [] and r["n"] == len(items)
    assert any(c["answer"] != items[i % len(items)]["answer"] for i, c in enumerate(copies))  # letters did move


def test_prompt_without_retrieved_provision_warns(index):
    item = {"id": "sw1", "task": "T1", "jurisdiction": "CH", "question": "Haftet der Halter nach Art. 58 SVG?",
            "options": ["Ja", "Nein"], "answer": "A", "citations": []}
    with pytest.warns(UserWarning, match="no provision retrieved for 'sw1'"):
        [p] = build_prompts([item], index, k=2, benchmark="crosslex")
    assert p["warnings"] and "(none found)" in p["messages"][1]["content"] and p["retrieved"] == []


def test_rag_prompts_cli_benchmark(tmp_path, index, capsys):
    qs = tmp_path / "q.jsonl"
    qs.write_text(CROSSLEX.read_text(encoding="utf-8") + json.dumps(
        {"id": "sw1", "task": "T1", "jurisdiction": "CH", "question": "Art. 58 SVG?", "options": ["Ja", "Nein"],
         "answer": "A"}) + "\n", encoding="utf-8")
    out = tmp_path / "prompts.jsonl"
    assert main(["rag", "prompts", str(qs), "--index", str(index.path), "-k", "1", "--benchmark", "crosslex",
                 "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "no provision retrieved for 'sw1'" in err and "6 prompts, 1 without any retrieved provision" in err
    first = json.loads(out.read_text().splitlines()[0])
    assert "A. Auf § 823 Abs. 1 BGB" in first["messages"][1]["content"] and first["benchmark"] == "crosslex"
    # a line without what its prompt needs is reported with its file, line and id; the other lines are written
    bad = tmp_path / "bad.jsonl"
    bad.write_text(CROSSLEX.read_text(encoding="utf-8") + '{"id": "nope", "task": "T1", "question": "Q?"}\n',
                   encoding="utf-8")
    assert main(["rag", "prompts", str(bad), "--index", str(index.path), "-k", "1", "--benchmark", "crosslex",
                 "-o", str(out)]) == 1
    assert "bad.jsonl:6 (id 'nope'): a 'options' field is needed" in capsys.readouterr().err
    assert len(out.read_text().splitlines()) == 5
    tpl = tmp_path / "tpl.txt"
    tpl.write_text("Q={question}\nOPTS={options}\nFMT={format}", encoding="utf-8")
    assert main(["rag", "prompts", str(CROSSLEX), "--index", str(index.path), "-k", "1", "--benchmark",
                 "crosslex", "--template", str(tpl), "-o", str(out)]) == 0
    assert "OPTS=A. Auf § 823" in json.loads(out.read_text().splitlines()[0])["messages"][1]["content"]


@pytest.mark.parametrize("n", [4, 26, 27, 32])
def test_options_block_labels(n):
    from legalcite.metrics.prompts import options_block

    lines = options_block([f"o{i}" for i in range(n)], "t").splitlines()
    assert [ln.split(".")[0] for ln in lines] == [option_label(i) for i in range(n)]
