"""LEXam MCQ accuracy (###X###, missing = wrong), bootstrap SE, and open-question judge pooling."""
from __future__ import annotations

import json
import math

import pytest

from legalcite.metrics import bootstrap as bs
from legalcite.metrics import lexam
from legalcite.metrics.io import ScoreInputError, extract_answer, iter_rows, read_rows


def rows(*objs):
    return list(iter_rows([json.dumps(o, ensure_ascii=False) for o in objs]))


@pytest.mark.parametrize("text, rule, pattern, expected", [
    ("I think ###B###. On reflection: ###D###", "marker", None, "D"),
    ("Antwort: c", "answer-line", None, "c"),
    ("答案：B", "answer-line", None, "B"),
    ("  (A) ", "bare", None, "A"),
    ("The best option is A and then C", "bare", None, None),
    ("[[C]] and later [[A]]", "marker", r"\[\[([A-D])\]\]", "A"),
])
def test_answer_rules(text, rule, pattern, expected):
    assert extract_answer(text, rule, pattern) == expected


def test_mcq_by_hand():
    gold = rows({"id": "q1", "gold": 0}, {"id": "q2", "gold_letter": "C"}, {"id": "q3", "answer": "B"},
                {"id": "q4", "gold": 3})
    resp = rows({"id": "q1", "response": "...###A###"}, {"id": "q2", "response": "###C### no wait ###B###"},
                {"id": "q3", "response": "B, clearly."}, {"id": "zz", "response": "###A###"})
    r = lexam.score_mcq(resp, gold, samples=100, seed=3)
    # q1 right; q2 wrong (last marker B); q3 no marker → no prediction, wrong; q4 no response, wrong;
    # zz not in gold: listed, not scored (N is the 4 gold items)
    assert r["n"] == 4 and r["n_correct"] == 1 and r["accuracy"] == 0.25
    assert r["missing"] == {"no_response": ["q4"], "no_prediction": ["q3"], "not_in_gold": ["zz"],
                            "duplicate_responses": []}
    assert r["se"] == lexam.score_mcq(resp, gold, samples=100, seed=3)["se"]  # seeded
    # configurable: a bare-letter rule would read q3
    assert lexam.score_mcq(resp, gold, pattern=r"^([A-D])\b", samples=0)["n_correct"] == 1


def test_lexam_sample_with_its_own_gold(testdata_dir):
    items = read_rows(testdata_dir / "lexam_mcq_sample.jsonl")
    assert len(items) == 20
    # a "model" that is right on every item whose gold index is even, and answers "A" otherwise
    resp = rows(*[{"id": it.data["id"],
                   "response": "Begründung … ###%s###" % ("ABCD"[it.data["gold"]] if it.data["gold"] % 2 == 0
                                                          else "A")} for it in items])
    expected = sum(it.data["gold"] % 2 == 0 for it in items) / len(items)
    r = lexam.score_mcq(resp, items, samples=500, seed=0)
    assert r["accuracy"] == pytest.approx(expected)
    p = expected
    assert r["se"] == pytest.approx(math.sqrt(p * (1 - p) / 20), rel=0.25)  # bootstrap ≈ binomial SE
    assert r["ci95"][0] <= r["accuracy"] <= r["ci95"][1]


def test_standard_error_definition():
    assert bs.standard_error([0.5, 0.5, 0.5]) == 0.0
    assert bs.standard_error([0.0, 1.0]) == pytest.approx(math.sqrt(0.5))  # B − 1 in the denominator
    assert bs.standard_error([1.0]) is None


def test_copies_are_averaged():
    gold = rows({"id": "q", "copy": 0, "answer": "A"}, {"id": "q", "copy": 1, "answer": "C"},
                {"id": "r", "copy": 0, "answer": "B"}, {"id": "r", "copy": 1, "answer": "B"})
    resp = rows({"id": "q", "copy": 0, "prediction": "A"}, {"id": "q", "copy": 1, "prediction": "A"},
                {"id": "r", "copy": 0, "prediction": "B"})
    r = lexam.score_mcq(resp, gold, samples=0, with_items=True)
    assert {i["id"]: i["score"] for i in r["items"]} == {"q": 0.5, "r": 0.5}
    assert r["accuracy"] == 0.5 and r["copies"] == 2
    assert r["per_copy"] == {"0": {"n": 2, "accuracy": 1.0}, "1": {"n": 2, "accuracy": 0.0}}
    assert r["missing"]["no_response"] == [{"id": "r", "copy": 1}]


def test_open_min_pooling_by_hand(testdata_dir):
    questions = read_rows(testdata_dir / "lexam_open_sample.jsonl")
    ids = [q.data["id"] for q in questions]
    judged = rows({"id": ids[0], "scores": {"gpt": 0.8, "claude": 0.6, "gemini": 0.9}},
                  {"id": ids[1], "scores": [{"judge": "gpt", "score": 1.0}, {"judge": "claude", "score": 0.4}]},
                  {"id": ids[2], "scores": {}})
    # the ensemble is gpt, claude, gemini: the second line lacks gemini, the third has no score at all, so by
    # default nothing is pooled (a smaller ensemble would score them more leniently) and both lines are named
    with pytest.raises(ScoreInputError, match=r"2 judged lines lack a score of the ensemble \(claude, gemini, gpt\)"
                                              r"[^\n]*\n  <input>:2 \(id .*\): no score from gemini\n"
                                              r"  <input>:3 \(id .*\): no score from claude, gemini, gpt"):
        lexam.score_open(judged, questions, samples=0)
    r = lexam.score_open(judged, questions, samples=200, seed=0, with_items=True, require_all=False)
    assert r["n"] == len(ids) == 35
    assert r["mean"] == pytest.approx((0.6 + 0.4) / 35, abs=1e-6)
    assert r["missing"]["no_scores"] == [ids[2]] and len(r["missing"]["no_judged_row"]) == 32
    assert r["missing"]["incomplete"] == [ids[1], ids[2]]
    assert r["per_judge_mean"] == {"claude": 0.5, "gemini": 0.9, "gpt": 0.9}
    mean = lexam.score_open(judged, pool="mean", samples=0, require_all=False)
    assert mean["mean"] == pytest.approx(((0.8 + 0.6 + 0.9) / 3 + 0.7 + 0) / 3, abs=1e-6)
    complete = lexam.score_open(judged[:1], questions, samples=0)           # one complete line: pooled as before
    assert complete["mean"] == pytest.approx(0.6 / 35, abs=1e-6) and complete["require_all_judges"] is True


def test_cli_mcq(tmp_path, capsys, testdata_dir):
    from legalcite.cli import main

    resp = tmp_path / "resp.jsonl"
    resp.write_text("\n".join(json.dumps({"id": r.data["id"], "response": "###%s###" % r.data["gold_letter"]})
                              for r in read_rows(testdata_dir / "lexam_mcq_sample.jsonl")[:5]))
    assert main(["score", "mcq", str(resp), "--gold", str(testdata_dir / "lexam_mcq_sample.jsonl"),
                 "--samples", "50"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["n"] == 20 and r["n_correct"] == 5 and len(r["missing"]["no_response"]) == 15


# ---------------------------------------------------------------- issue 16: 32 options, breakdowns, loud errors

@pytest.mark.parametrize("index, label", [(0, "A"), (3, "D"), (25, "Z"), (26, "AA"), (27, "AB"), (31, "AF")])
def test_option_labels_continue_after_z(index, label):
    from legalcite.metrics.io import label_index, option_label

    assert option_label(index) == label and label_index(label) == index


def _item32(iid="big", gold=29):
    return {"id": iid, "question": "Welche Aussage trifft zu?", "choices": [f"Aussage {i}" for i in range(32)],
            "gold": gold}


def test_32_options_gold_past_z():
    # "items have 4 to 32 options": gold index 29 is label AD, not "no gold answer"
    gold = rows(_item32(), _item32("b2", gold=27), _item32("c3", gold=2))
    resp = rows({"id": "big", "response": "… Correct Answer: ###AD###"}, {"id": "b2", "response": "###AC###"},
                {"id": "c3", "response": "###C###"})
    r = lexam.score_mcq(resp, gold, samples=0, with_items=True)
    assert [(i["gold"], i["pred"], i["correct"]) for i in r["items"]] == [("AD", "AD", 1.0), ("AB", "AC", 0.0),
                                                                          ("C", "C", 1.0)]
    assert r["accuracy"] == pytest.approx(2 / 3, abs=1e-6)
    with pytest.raises(ScoreInputError, match="gold index 32 but the item has 32 options"):
        lexam.score_mcq(resp, rows(_item32(gold=32)), samples=0)


def test_shuffle_relabels_past_z():
    from legalcite.metrics import lexgenius

    item = _item32(gold=29)
    item["choices"] = [f"{lab}. Aussage {i}" for i, lab in enumerate(
        [chr(65 + i) for i in range(26)] + ["AA", "AB", "AC", "AD", "AE", "AF"])]
    item["gold_letter"] = "AD"
    for seed in range(5):
        c = lexgenius.shuffle_item(item, seed)
        new = c["gold"]
        assert c["choices"][new].split(". ", 1)[1] == "Aussage 29"           # the answer follows its option
        assert c["gold_letter"] == lexam.option_label(new)                  # relabelled: AA, AB … stay in order
        assert [o.split(".")[0] for o in c["choices"]] == [lexam.option_label(i) for i in range(32)]
        assert lexgenius.unshuffle_item(c) == item
        r = lexam.score_mcq(rows({"id": "big", "copy": seed, "response": f"###{c['gold_letter']}###"}), rows(c),
                            samples=0)
        assert r["accuracy"] == 1.0


def test_answer_line_reads_whole_words():
    # "Die richtige Antwort ist C." was read as "t" ("is" + "t")
    assert extract_answer("Die richtige Antwort ist C.", "answer-line") == "C"
    assert extract_answer("Die Antwort lautet D", "answer-line") == "D"
    assert extract_answer("The answer is to sue", "answer-line") is None
    assert extract_answer("Answer: AB", "answer-line") == "AB"


BY_GOLD = [  # id, language, area, negative_question, n_statements, n choices, right?
    ("a", "de", "Private", 0, 2, 4, True), ("b", "de", "Private", 1, 3, 4, False),
    ("c", "de", "Criminal", 0, 2, 8, True), ("d", "en", "Criminal", 0, 4, 8, True),
    ("e", "en", "Public", 1, 4, 32, False), ("f", "en", "Public", 0, 2, 32, False),
]


def test_breakdowns_by_hand():
    gold = rows(*[{"id": i, "language": lang, "area": area, "jurisdiction": "Swiss", "negative_question": neg,
                   "n_statements": ns, "choices": [str(k) for k in range(nc)], "gold": 1}
                  for i, lang, area, neg, ns, nc, _ in BY_GOLD])
    resp = rows(*[{"id": i, "response": "###B###" if ok else "###A###"} for i, *_, ok in BY_GOLD])
    r = lexam.score_mcq(resp, gold, samples=200, seed=0,
                        by=["language", "area", "jurisdiction", "negative", "n_statements", "n_choices",
                            "language+negative"])
    acc = {name: {v: b["accuracy"] for v, b in groups.items()} for name, groups in r["by"].items()}
    assert acc["language"] == {"de": pytest.approx(2 / 3, abs=1e-6), "en": pytest.approx(1 / 3, abs=1e-6)}
    assert acc["area"] == {"Criminal": 1.0, "Private": 0.5, "Public": 0.0}
    assert acc["jurisdiction"] == {"Swiss": 0.5}
    assert acc["negative"] == {"0": 0.75, "1": 0.0}
    assert acc["n_statements"] == {"2": pytest.approx(2 / 3, abs=1e-6), "3": 0.0, "4": 0.5}
    assert list(acc["n_choices"]) == ["4", "8", "32"] and acc["n_choices"] == {"4": 0.5, "8": 1.0, "32": 0.0}
    assert acc["language+negative"]["en / 1"] == 0.0 and acc["language+negative"]["de / 0"] == 1.0
    g = r["by"]["area"]["Private"]
    assert g["n"] == 2 and g["se"] > 0 and g["ci95"][0] <= 0.5 <= g["ci95"][1]
    assert r["by"]["area"]["Criminal"]["se"] == 0.0        # all right: no spread
    assert "(none)" in lexam.score_mcq(resp, gold, samples=0, by=["course"])["by"]["course"]


def test_unrecognised_response_field_is_an_error():
    gold = rows({"id": "q1", "gold": 0})
    with pytest.raises(ScoreInputError, match=r"<input>:1 \(id 'q1'\): no response: expected one of 'prediction', "
                                              r"'response', 'output', 'generation', 'completion'; "
                                              r"the line has 'answer_text', 'id'"):
        lexam.score_mcq(rows({"id": "q1", "answer_text": "###A###"}), gold, samples=0)
    with pytest.raises(ScoreInputError, match="'response' must be a string"):
        lexam.score_mcq(rows({"id": "q1", "response": ["A"]}), gold, samples=0)
    # a null response is an empty answer: no prediction, wrong, listed
    r = lexam.score_mcq(rows({"id": "q1", "response": None}), gold, samples=0)
    assert r["accuracy"] == 0.0 and r["missing"]["no_prediction"] == ["q1"]


def test_responses_without_copy_after_shuffle_are_an_error():
    gold = rows({"id": "q", "copy": 0, "answer": "A"}, {"id": "q", "copy": 1, "answer": "C"})
    with pytest.raises(ScoreInputError, match="shuffled copies \\(copy 0, 1\\) and the responses carry no 'copy'"):
        lexam.score_mcq(rows({"id": "q", "response": "###A###"}), gold, samples=0)
    with pytest.raises(ScoreInputError, match="'copy' must be an integer"):
        lexam.score_mcq(rows({"id": "q", "copy": [0], "response": "###A###"}), gold, samples=0)


def test_cli_mcq_errors_exit_2_with_file_and_line(tmp_path, capsys):
    from legalcite.cli import main

    resp = tmp_path / "resp.jsonl"
    resp.write_text('{"id": "q1", "response": "###A###"}\n{"id": "q2", "text": "###B###"}\n')
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "q1", "gold": 0}\n{"id": "q2", "gold": 1}\n')
    assert main(["score", "mcq", str(resp), "--gold", str(gold)]) == 2
    err = capsys.readouterr().err
    assert "resp.jsonl:2 (id 'q2'): no response: expected one of" in err and "'text'" in err


def test_cli_mcq_by_table(tmp_path, capsys, testdata_dir):
    from legalcite.cli import main

    src = testdata_dir / "lexam_mcq_sample.jsonl"
    resp = tmp_path / "resp.jsonl"
    resp.write_text("\n".join(json.dumps({"id": r.data["id"], "response": "###%s###" % r.data["gold_letter"]})
                              for r in read_rows(src) if r.data["area"] == "Private"))
    assert main(["score", "mcq", str(resp), "--gold", str(src), "--by", "area,negative,n_statements",
                 "--samples", "100", "--format", "table"]) == 0
    out = capsys.readouterr().out
    assert "area=Private" in out and "area=Criminal" in out and "n_statements=9" in out
    assert main(["score", "mcq", str(resp), "--gold", str(src), "--by", "area", "--samples", "0"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["by"]["area"]["Private"]["accuracy"] == 1.0 and r["by"]["area"]["Criminal"]["accuracy"] == 0.0


def test_open_rows_without_scores_are_an_error():
    with pytest.raises(ScoreInputError,
                       match=r"<input>:2 \(id 'b'\): no judge scores: expected one of 'scores', 'judges'"):
        lexam.score_open(rows({"id": "a", "scores": {"j": 1.0}}, {"id": "b", "score": 0.5}), samples=0)
    with pytest.raises(ScoreInputError, match="judge 'j' score is not a number: '0.5'"):
        lexam.score_open(rows({"id": "a", "scores": {"j": "0.5"}}), samples=0)


def test_ids_outside_the_benchmark_are_listed_not_scored():
    # "N is the number of evaluated instances": a response or judged row for an unknown id changes no denominator
    gold = rows({"id": "q1", "gold": 0}, {"id": "q2", "gold": 1})
    r = lexam.score_mcq(rows({"id": "q1", "prediction": "A"}, {"id": "zz", "prediction": "A"}), gold, samples=0)
    assert (r["n"], r["accuracy"], r["missing"]["not_in_gold"]) == (2, 0.5, ["zz"])
    o = lexam.score_open(rows({"id": "q1", "scores": {"j": 1.0}}, {"id": "zz", "scores": {"j": 1.0}}), gold,
                         samples=0)
    assert (o["n"], o["mean"], o["missing"]["not_in_questions"]) == (2, 0.5, ["zz"])


def test_cli_open_require_all_judges(tmp_path, capsys):
    from legalcite.cli import main

    f = tmp_path / "judged.jsonl"
    f.write_text('{"id": "a", "scores": {"g": 0.8, "d": 0.6}}\n{"id": "b", "scores": {"g": 0.4}}\n')
    assert main(["score", "mcq", str(f), "--open", "--samples", "0"]) == 2
    assert "judged.jsonl:2 (id 'b'): no score from d" in capsys.readouterr().err
    assert main(["score", "mcq", str(f), "--open", "--samples", "0", "--no-require-all-judges"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["mean"] == pytest.approx((0.6 + 0.4) / 2) and r["missing"]["incomplete"] == ["b"]


@pytest.mark.parametrize("argv", [["score", "mcq", "{f}"], ["score", "mcq", "{f}", "--open"],
                                  ["score", "hierarchy", "{f}"], ["score", "lexassay", "{f}"]])
def test_empty_input_is_an_error(tmp_path, capsys, argv):
    from legalcite.cli import main

    f = tmp_path / "empty.jsonl"
    f.write_text("")
    assert main([a.format(f=f) for a in argv] + ["--samples", "0"] * (argv[1] != "lexassay")) == 2
    assert "no " in capsys.readouterr().err


# ---------------------------------------------------------------- issue 34: one range check of judge scores

def test_open_scores_outside_the_scale_are_unscored_and_listed(tmp_path, capsys):
    from legalcite.cli import main
    from legalcite.metrics.lexam import on_judge_scale

    assert [on_judge_scale(x) for x in (0, 0.5, 1, 1.0001, -0.1, 7)] == [True, True, True, False, False, False]
    # issue 34: {"a": 7, "b": 0.8} was pooled (mean (7 + 0.8) / 2 = 3.9, exit 0); under min, 7 vanished silently
    f = tmp_path / "judged.jsonl"
    f.write_text('{"id": "q1", "scores": {"a": 7, "b": 0.8}}\n{"id": "q2", "scores": {"a": 0.4, "b": 0.6}}\n')
    for pool in ("mean", "min"):
        assert main(["score", "mcq", str(f), "--open", "--pool", pool, "--samples", "0"]) == 2
        assert "judged.jsonl:1 (id 'q1'): no score from a (a wrote 7, outside 0–1)" in capsys.readouterr().err
    assert main(["score", "mcq", str(f), "--open", "--pool", "mean", "--samples", "0", "--no-require-all-judges"]) == 0
    r = json.loads(capsys.readouterr().out)
    # q1 pooled over b alone: 0.8; q2 (0.4 + 0.6) / 2 = 0.5 → mean 0.65; a's 7 listed, never pooled
    assert r["mean"] == pytest.approx(0.65) and r["missing"]["incomplete"] == ["q1"]
    assert r["missing"]["out_of_range"] == [{"id": "q1", "line": 1, "judge": "a", "score": 7}]
    assert r["per_judge_mean"] == {"a": 0.4, "b": 0.7}
    # a line whose only judge is out of range has no score at all: 0, listed under no_scores too
    o = lexam.score_open(rows({"id": "x", "scores": {"a": -0.2}}), samples=0, require_all=False)
    assert (o["mean"], o["missing"]["no_scores"], o["missing"]["out_of_range"][0]["score"]) == (0.0, ["x"], -0.2)
