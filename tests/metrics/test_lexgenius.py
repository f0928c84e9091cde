"""LexGenius roll-up (ability → task → dimension) by hand, and the option-shuffle protocol."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from legalcite.metrics import lexgenius
from legalcite.metrics.io import ScoreInputError, iter_rows, read_rows

FIX = Path(__file__).parents[1] / "fixtures" / "metrics"


def rows(*objs):
    return list(iter_rows([json.dumps(o, ensure_ascii=False) for o in objs]))


RESULTS = [("i1", 1, 1), ("i2", 1, 0), ("i3", 2, 1), ("i4", 3, 0), ("i5", 4, 1), ("i6", 4, 1), ("i7", 4, 1),
           ("i8", 6, 1)]


@pytest.mark.parametrize("tax", ["taxonomy.json", "taxonomy.yaml"])
def test_rollup_by_hand(tax):
    if tax.endswith("yaml"):
        pytest.importorskip("yaml")
    resp = rows(*[{"id": i, "ability": a, "correct": c} for i, a, c in RESULTS])
    r = lexgenius.score_hierarchy(resp, str(FIX / tax), samples=0)
    lu = r["dimensions"]["Legal understanding"]
    assert lu["tasks"]["Concepts"]["accuracy"] == 0.75          # mean(ability 1: 0.5, ability 2: 1.0)
    assert lu["tasks"]["Concepts"]["micro_accuracy"] == pytest.approx(2 / 3, abs=1e-6)
    assert lu["tasks"]["Reasoning"]["accuracy"] == 0.0
    assert lu["accuracy"] == 0.375 and lu["micro_accuracy"] == 0.5
    le = r["dimensions"]["Legal ethics"]
    assert le["accuracy"] == 1.0 and le["tasks"]["Professional conduct"]["abilities"]["5"]["n"] == 0
    assert r["accuracy"] == 0.6875 and r["micro_accuracy"] == pytest.approx(5 / 7, abs=1e-6)
    assert r["item_accuracy"] == 0.75 and r["n"] == 8
    assert r["empty_abilities"] == ["5"] and r["unmapped"] == ["i8"]


def test_taxonomy_errors(tmp_path):
    with pytest.raises(ScoreInputError, match="under both"):
        lexgenius.normalize_taxonomy({"D": {"T1": [1], "T2": [1]}})
    with pytest.raises(ScoreInputError):
        lexgenius.normalize_taxonomy({"D": [1, 2]})
    bad = tmp_path / "t.json"
    bad.write_text("{")
    with pytest.raises(ScoreInputError, match="not valid JSON"):
        lexgenius.load_taxonomy(bad)


def test_shuffle_lexgenius_sample(testdata_dir):
    items = [r.data for r in read_rows(testdata_dir / "lexgenius_sample.jsonl")]
    copies = list(lexgenius.shuffle(items, seeds=2))
    assert len(copies) == 2 * len(items) and {c["copy"] for c in copies} == {0, 1}
    assert copies == list(lexgenius.shuffle(items, seeds=2))  # deterministic
    moved = 0
    for c in copies:
        orig = items[copies.index(c) % len(items)]
        body = lambda o: o.split(".", 1)[1]
        gold_old = body(orig["options"][ord(orig["answer"]) - 65])
        assert body(c["options"][ord(c["answer"]) - 65]) == gold_old   # the answer follows its option
        assert [o[0] for o in c["options"]] == ["A", "B", "C", "D"]      # letters relabelled in order
        assert lexgenius.unshuffle_item(c) == orig
        moved += c["answer"] != orig["answer"]
    assert moved > len(copies) // 3  # shuffling actually moves answers


def test_shuffled_copies_scored_as_average(tmp_path, testdata_dir, capsys):
    from legalcite.cli import main

    src = testdata_dir / "lexgenius_sample.jsonl"
    shuffled = tmp_path / "shuffled.jsonl"
    assert main(["mcq", "shuffle", str(src), "--seeds", "2", "-o", str(shuffled)]) == 0
    copies = [r.data for r in read_rows(shuffled)]
    # a position-biased "model" that always answers A: its score is the share of copies whose answer is A
    resp = tmp_path / "resp.jsonl"
    resp.write_text("\n".join(json.dumps({"id": f"{c['ability']}:{c['index_in_file']}", "copy": c["copy"],
                                          "response": "###A###"}) for c in copies))
    assert main(["score", "mcq", str(resp), "--gold", str(shuffled), "--samples", "50"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["copies"] == 2 and r["n"] == 44
    assert r["accuracy"] == pytest.approx(sum(c["answer"] == "A" for c in copies) / len(copies), abs=1e-6)
    tax = tmp_path / "tax.json"
    tax.write_text(json.dumps({"All": {"Everything": list(range(1, 21))}}))
    assert main(["score", "hierarchy", str(resp), "--gold", str(shuffled), "--taxonomy", str(tax),
                 "--format", "table"]) == 0
    assert "Everything" in capsys.readouterr().out


options = st.lists(st.text(min_size=1, max_size=8), min_size=2, max_size=6)


@given(options, st.data(), st.integers(0, 50), st.booleans())
def test_shuffle_then_unshuffle_is_identity(opts, data, seed, lettered):
    if lettered:
        opts = [f"{chr(65 + i)}. {o}" for i, o in enumerate(opts)]
    g = data.draw(st.integers(0, len(opts) - 1))
    item = {"id": data.draw(st.text(min_size=1, max_size=5)), "choices": opts, "gold": g,
            "gold_letter": chr(65 + g)}
    c = lexgenius.shuffle_item(item, seed)
    assert c["choices"][c["gold"]][3 if lettered else 0:] == opts[g][3 if lettered else 0:]
    assert c["gold_letter"] == chr(65 + c["gold"])
    assert lexgenius.unshuffle_item(c) == item


# ---------------------------------------------------------------- issue 16: shipped taxonomy, unrounded roll-up

def test_shipped_taxonomy_is_the_papers(testdata_dir):
    paper = json.loads((testdata_dir / "lexgenius_taxonomy.json").read_text(encoding="utf-8"))
    assert lexgenius.shipped_taxonomy() == lexgenius.taxonomy_from_paper(paper)   # a fresh build equals the copy
    tax = lexgenius.load_taxonomy()
    assert len(tax) == 7 and sum(map(len, tax.values())) == 11
    assert sorted(int(a) for t in tax.values() for abl in t.values() for a in abl) == list(range(1, 21))
    assert tax["Legal Ethics"] == {"Task 4": ["10"], "Task 5": ["11"]}
    inferred = lexgenius.shipped_taxonomy()["inferred"]
    assert [t for t, v in inferred.items() if not v] == ["Task 4", "Task 5", "Task 7", "Task 8", "Task 9"]
    assert lexgenius.load_taxonomy(testdata_dir / "lexgenius_taxonomy.json") == tax   # the paper format reads too


def test_rollup_reproduces_the_published_rows(testdata_dir):
    """Give every ability its task's published score (Table 3, Qwen2.5-1.5B) and check that the roll-up gives
    the published dimension scores (Table 2). Tasks get different item counts, so a micro average would fail."""
    paper = json.loads((testdata_dir / "lexgenius_taxonomy.json").read_text(encoding="utf-8"))
    ref = paper["paper_reference_rows"]
    task_scores = ref["Qwen2.5-1.5B, tasks (Table 3)"]
    dim_scores = ref["Qwen2.5-1.5B naive, dimensions (Table 2)"]
    tax = lexgenius.load_taxonomy()
    resp, n = [], 0
    for dim, tasks in tax.items():
        for task, abilities in tasks.items():
            share = task_scores[task.split()[1]] / 100
            for a in abilities:
                for _ in range(int(task.split()[1])):      # task k: k items per ability
                    n += 1
                    resp.append({"id": f"i{n}", "ability": int(a), "correct": share})
    r = lexgenius.score_hierarchy(rows(*resp), samples=0)
    names = {d["id"]: d["name"] for d in paper["dimensions"]}
    for did, published in dim_scores.items():
        assert round(r["dimensions"][names[int(did)]]["accuracy"] * 100, 2) == published, names[int(did)]
    assert r["accuracy"] == pytest.approx(sum(dim_scores.values()) / 700, abs=1e-4)
    # the 11-task average beside the 7 dimensions: (44.05 + 41.01 + 35.61 + 59.0 + 52.4 + 51.98 + 57.2 + 56.4 + 64.4
    # + 44.6 + 46.4) / 11 = 553.05 / 11 = 50.2773 %, not the dimensions' 333.18 / 7 = 47.5971 %
    assert sum(task_scores.values()) == pytest.approx(553.05) and len(task_scores) == 11
    assert r["task_average"] == pytest.approx(553.05 / 1100, abs=1e-6) and r["n_tasks"] == 11
    assert r["task_average"] > r["accuracy"]                         # 0.5028 vs 0.4760: not the same number
    assert r["dimensions"]["Judicial Practice"]["micro_accuracy"] != r["dimensions"]["Judicial Practice"]["accuracy"]


def test_rollup_from_unrounded_values():
    # task A = 1/2, task B = 1/3: the dimension is 5/12 = 0.4166666… → 0.416667; averaging the already rounded
    # task values (0.5, 0.333333) would give 0.416666
    tax = {"D": {"A": ["1"], "B": ["2"]}}
    resp = rows(*[{"id": f"a{i}", "ability": 1, "correct": c} for i, c in enumerate([1, 0])],
                *[{"id": f"b{i}", "ability": 2, "correct": c} for i, c in enumerate([1, 0, 0])])
    r = lexgenius.score_hierarchy(resp, tax, samples=0)
    assert r["dimensions"]["D"]["tasks"]["B"]["accuracy"] == 0.333333
    assert r["dimensions"]["D"]["accuracy"] == 0.416667 and r["accuracy"] == 0.416667
    # two dimensions of 1 and 2 tasks: dimensions (1 + (1/2 + 1/3)/2)/2 = 17/24, tasks (1 + 1/2 + 1/3)/3 = 11/18
    tax2 = {"D1": {"C": ["3"]}, "D2": {"A": ["1"], "B": ["2"]}}
    resp2 = rows(*[{"id": f"a{i}", "ability": 1, "correct": c} for i, c in enumerate([1, 0])],
                 *[{"id": f"b{i}", "ability": 2, "correct": c} for i, c in enumerate([1, 0, 0])],
                 {"id": "c0", "ability": 3, "correct": 1})
    r2 = lexgenius.score_hierarchy(resp2, tax2, samples=0)
    assert r2["accuracy"] == round(17 / 24, 6) and r2["task_average"] == round(11 / 18, 6) and r2["n_tasks"] == 3


def test_hierarchy_cli_uses_the_shipped_taxonomy(tmp_path, testdata_dir, capsys):
    from legalcite.cli import main

    items = read_rows(testdata_dir / "lexgenius_sample.jsonl")
    resp = tmp_path / "resp.jsonl"
    resp.write_text("\n".join(json.dumps({"id": f"{r.data['ability']}:{r.data['index_in_file']}",
                                          "response": f"###{r.data['answer']}###"}) for r in items))
    assert main(["score", "hierarchy", str(resp), "--gold", str(testdata_dir / "lexgenius_sample.jsonl"),
                 "--samples", "0"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["accuracy"] == 1.0 and r["unmapped"] == [] and r["n"] == len(items)
    assert set(r["dimensions"]) == set(lexgenius.load_taxonomy())


def test_correct_share_out_of_range_is_an_error():
    with pytest.raises(ScoreInputError, match="'correct' must be a boolean or a share in \\[0, 1\\], not '1'"):
        lexgenius.score_hierarchy(rows({"id": "a", "ability": 1, "correct": "1"}), samples=0)


@pytest.mark.parametrize("benchmark, words", [
    ("lexgenius", ["请直接给出正确选项的字母"]),                                 # naive: the answer directly
    ("lexgenius-cot", ["请一步一步地推理", "逐一判断每个选项"]),                  # chain-of-thought first
])
def test_naive_and_cot_prompt_pair(testdata_dir, benchmark, words):
    from legalcite.metrics.io import extract_answer
    from legalcite.metrics.prompts import task_text

    item = read_rows(testdata_dir / "lexgenius_sample.jsonl")[0].data
    t = task_text(benchmark, item)
    assert item["question"].strip() in t.text and all(o.strip() in t.text for o in item["options"])
    assert all(w in t.text for w in words) and "###B###" in t.text     # the format the scorer reads, both ways
    other = "lexgenius-cot" if benchmark == "lexgenius" else "lexgenius"
    assert not any(w in task_text(other, item).text for w in words)
    # a chain-of-thought reply names other options on the way; the last marker is the answer
    assert extract_answer("选项A错误，因为……；选项C正确。正确答案：###C###") == "C"
