"""CrossLex metrics against hand-computed examples (exact canonical keys by default, compatible as an option that
says so, Citation-F1 per jurisdiction for T2/T3 items, an empty gold file), plus properties (F1 symmetric and
bounded, GJ ≤ accuracy and ≤ F1, seeded bootstrap)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.metrics import bootstrap as bs
from legalcite.metrics import crosslex
from legalcite.metrics.io import KeyResolver, ScoreInputError, extract_answer, iter_rows, parse_mapping

FIX = Path(__file__).parents[1] / "fixtures" / "metrics"
GOLD, PRED = str(FIX / "crosslex_gold.jsonl"), str(FIX / "crosslex_pred.jsonl")


@pytest.mark.parametrize("pred, gold, expected", [
    (set(), set(), (1.0, 1.0, 1.0)),              # empty vs empty counts as right
    ({"de/bgb/s1"}, set(), (0.0, 0.0, 0.0)),      # empty vs non-empty: 0
    (set(), {"de/bgb/s1"}, (0.0, 0.0, 0.0)),
    ({"a/x", "a/y"}, {"a/x"}, (0.5, 1.0, 2 / 3)),
    ({"a/x", "a/y", "a/z"}, {"a/x", "a/w"}, (1 / 3, 1 / 2, 0.4)),
    ({"a/x"}, {"a/y"}, (0.0, 0.0, 0.0)),
])
def test_prf_by_hand(pred, gold, expected):
    assert crosslex.prf(pred, gold) == pytest.approx(expected)


@pytest.mark.parametrize("pred, gold, expected", [
    # "less precise but not wrong counts": § 823 BGB for gold § 823 Abs. 1 BGB
    ({"de/bgb/s823"}, {"de/bgb/s823/abs1"}, (1.0, 1.0, 1.0)),
    ({"de/bgb/s823/abs1/satz1"}, {"de/bgb/s823/abs1"}, (1.0, 1.0, 1.0)),
    # "a wrong reference does not": Abs. 2 for Abs. 1
    ({"de/bgb/s823/abs2"}, {"de/bgb/s823/abs1"}, (0.0, 0.0, 0.0)),
    ({"de/bgb/s82"}, {"de/bgb/s823"}, (0.0, 0.0, 0.0)),          # whole segments only
    # one-to-one: two predictions of one provision make one hit (P 1/2, R 1 → 2/3) …
    ({"de/bgb/s823", "de/bgb/s823/abs1"}, {"de/bgb/s823/abs1"}, (0.5, 1.0, 2 / 3)),
    # … and a bare § 823 does not cover two gold paragraphs (P 1, R 1/2 → 2/3)
    ({"de/bgb/s823"}, {"de/bgb/s823/abs1", "de/bgb/s823/abs2"}, (1.0, 0.5, 2 / 3)),
    # the matching is maximal: s823 must take abs2 so that abs1 can take abs1 (2 hits, not 1)
    ({"de/bgb/s823", "de/bgb/s823/abs1"}, {"de/bgb/s823/abs1", "de/bgb/s823/abs2"}, (1.0, 1.0, 1.0)),
    ({"?pred:x"}, {"de/bgb/s1"}, (0.0, 0.0, 0.0)),
])
def test_compatible_matching_by_hand(pred, gold, expected):
    assert crosslex.prf(pred, gold, "compatible") == pytest.approx(expected)
    exact = crosslex.prf(pred, gold)                       # the default: CrossLex's exact sets
    assert exact == crosslex.prf(pred, gold, "exact") and exact[2] <= expected[2]


@pytest.mark.parametrize("a, b, expected", [
    ("de/bgb/s823", "de/bgb/s823/abs1", True),          # less precise but not wrong
    ("de/bgb/s823/abs1", "de/bgb/s823", True),          # symmetric
    ("de/bgb/s823/abs1", "de/bgb/s823/abs1", True),
    ("de/bgb/s823/abs1", "de/bgb/s823/abs2", False),    # a wrong reference
    ("de/bgb/s82", "de/bgb/s823", False),               # whole segments only
    ("de/bgb", "de/bgb/s823", True),                    # the work alone is a prefix too
    ("de/bgb/s823", "de/stgb/s823", False),
    ("de/bgb/s823", "ch/bgb/s823", False),
    ("?pred:x", "?pred:x", False),                      # not a key: compatible with nothing
    ("de", "de/bgb", False),
])
def test_keys_compatible(a, b, expected):
    from legalcite.keys import compatible, less_precise

    assert compatible(a, b) is expected
    assert less_precise(a, b) is (expected and len(a.split("/")) < len(b.split("/")))


@pytest.mark.parametrize("level, f1, note", [
    # "between the predicted and gold normalized citation sets": § 280 Abs. 3 BGB (more precise, possibly wrong)
    # predicted for gold § 280 BGB is no hit by default: P 0/1, R 0/1 → F1 0
    (None, 0.0, None),
    ("full", 0.0, None),
    # LexAssay's precision rule as an option: the prefix counts (1/1, 1/1 → 1), and the report says so
    ("compatible", 1.0, "not CrossLex's exact canonical keys"),
    ("unit", 1.0, "a wrong paragraph counts as right"),
    ("work", 1.0, "any provision of the right law counts"),
])
def test_exact_keys_by_default_other_levels_say_so(level, f1, note):
    gold = list(iter_rows([json.dumps({"id": "1", "task": "T1", "answer": "A", "citations": ["de/bgb/s280"]})]))
    pred = list(iter_rows([json.dumps({"id": "1", "answer": "A", "citations": ["de/bgb/s280/abs3"]})]))
    r = crosslex.score(gold, pred, samples=0, **({"level": level} if level else {}))
    assert r["citation_f1"] == f1 and r["grounded_joint"] == f1 and r["level"] == (level or "full")
    assert (r["level_note"] is None) if note is None else (note in r["level_note"])


def test_unknown_level_fails_first():
    with pytest.raises(ValueError, match="level must be one of"):
        crosslex.score(GOLD, PRED, level="section")


def _rep(level="compatible", **kw):
    return crosslex.score(GOLD, PRED, level=level, samples=200, seed=1, **kw)


def test_report_by_hand():
    r = _rep(with_items=True)
    # "N is the number of evaluated instances": the 6 gold items; the prediction x9 (not in gold) is listed only
    assert r["n"] == 6 and r["n_gold"] == 6 and r["n_scored"] == 5
    assert r["accuracy"] == pytest.approx(4 / 6, abs=1e-6)
    # g1 § 823 Abs. 1 ~ …/satz1 (compatible) 1; g2 {s433 ~ s433/abs2, s242, ?} vs 2 gold: P 1/3 R 1/2 → 0.4;
    # g3 art577/para1 ~ art577 and s1668: 1; g4 both empty: 1; g5 1; g6 missing: 0
    assert r["citation_f1"] == pytest.approx(4.4 / 6, abs=1e-6)
    assert r["grounded_joint"] == pytest.approx(3.4 / 6, abs=1e-6)
    t = r["tasks"]
    assert t["T1"]["accuracy"] == pytest.approx(2 / 3, abs=1e-6)
    assert t["T1"]["citation_f1"] == pytest.approx(1.4 / 3, abs=1e-6)
    assert t["T2"]["joint_accuracy"] == 1.0
    assert t["T3"]["accuracy"] == 0.5
    assert t["T3"]["binding_accuracy"] == pytest.approx(5 / 6, abs=1e-6) and t["T3"]["n_bindings"] == 6
    j = r["by_jurisdiction"]
    assert j["DE"]["accuracy"] == 1.0 and j["DE"]["citation_f1"] == pytest.approx(0.7)
    assert j["DE"]["binding_accuracy"] == 1.0
    assert j["US"]["accuracy"] == 0.0
    assert j["CA"]["binding_accuracy"] == 0.5 and j["CN"]["binding_accuracy"] == 1.0
    d = r["by_domain"]
    assert d["tort"]["accuracy"] == pytest.approx(1 / 3, abs=1e-6)
    assert d["tort"]["citation_f1"] == pytest.approx(2 / 3, abs=1e-6)
    assert d["contract"]["grounded_joint"] == pytest.approx(0.8)
    # missing and extra ids are scored as wrong and listed, never dropped
    assert r["missing"]["gold_without_pred"] == ["g6"]
    assert r["missing"]["pred_without_gold"] == ["x9"]
    items = {it["id"]: it for it in r["items"]}
    assert items["g6"]["status"] == "missing_pred" and "x9" not in items
    assert items["g2"]["citation_f1"] == pytest.approx(0.4)
    assert items["g5"]["bindings"] == {"CA": False, "CN": True, "DE": True}
    # the unparseable predicted string is reported, and costs precision
    assert [(u["id"], u["side"], u["citation"]) for u in r["unparsed"]] == [("g2", "pred", "kein Zitat hier")]


def test_levels_change_only_f1():
    full, work, unit = _rep("full"), _rep("work"), _rep("unit")
    # g1 § 823 Abs. 1 ≠ § 823 Abs. 1 S. 1: 0; g2 {s433, s242, ?} vs {s433/abs2, s280/abs1}: 0; g3 CA hit only:
    # P 1/2, R 1/2 → 0.5; g4 both empty: 1; g5: 1; g6 missing: 0 → 2.5/6
    assert full["citation_f1"] == pytest.approx(2.5 / 6, abs=1e-6)
    assert crosslex.score(GOLD, PRED, samples=0)["citation_f1"] == full["citation_f1"]   # full is the default
    # work level: g2's pred {bgb, ?unparsed} vs gold {bgb}: P 1/2, R 1 → 2/3
    assert work["citation_f1"] == pytest.approx((1 + 2 / 3 + 1 + 1 + 1) / 6, abs=1e-6)
    assert unit["citation_f1"] == pytest.approx(4.4 / 6, abs=1e-6)
    assert full["accuracy"] == work["accuracy"] == unit["accuracy"] == _rep()["accuracy"]


def test_german_strings_parse_to_keys():
    gold = list(iter_rows([json.dumps({"id": "1", "task": "T1", "answer": "A",
                                       "citations": ["§§ 280 Abs. 1, 281 BGB"]})]))
    pred = list(iter_rows([json.dumps({"id": "1", "answer": "A", "citations": ["de/bgb/s280", "§ 281 BGB"]})]))
    r = crosslex.score(gold, pred, samples=0, with_items=True)
    assert r["items"][0]["gold_keys"] == ["de/bgb/s280/abs1", "de/bgb/s281"]   # whole keys
    # exact: s281 hits, s280 ≠ s280/abs1 → P 1/2, R 1/2 → 0.5; by the prefix rule both hit → 1
    assert r["citation_f1"] == 0.5 and r["unparsed"] == []
    assert crosslex.score(gold, pred, samples=0, level="compatible")["citation_f1"] == 1.0


def test_free_text_output_uses_extract():
    gold = list(iter_rows([json.dumps({"id": "1", "task": "T1", "answer": "B",
                                       "citations": ["de/bgb/s823", "de/bgb/s280"]})]))
    pred = list(iter_rows([json.dumps({"id": "1", "output": "Er haftet nach § 823 Abs. 1 BGB. ###B###"})]))
    r = crosslex.score(gold, pred, samples=0, with_items=True)
    it = r["items"][0]
    assert it["pred_answer"] == "B" and it["pred_keys"] == ["de/bgb/s823/abs1"]
    assert it["citation_f1"] == 0.0                                   # exact: s823/abs1 is not gold s823
    it = crosslex.score(gold, pred, samples=0, with_items=True, level="compatible")["items"][0]
    assert it["citation_f1"] == pytest.approx(2 / 3)                  # P 1/1, R 1/2


def test_bad_input_is_an_error_with_its_line():
    with pytest.raises(ScoreInputError, match=r"<input>:2: malformed JSON"):
        list(iter_rows(['{"id": 1}', '{"id": ']))
    dup = list(iter_rows(['{"id":"a","task":"T1","answer":"A"}', '{"id":"a","task":"T1","answer":"B"}']))
    with pytest.raises(ScoreInputError, match="duplicate gold"):
        crosslex.score(dup, [], samples=0)
    no_answer = list(iter_rows(['{"id":"a","citations":[]}']))
    gold = list(iter_rows(['{"id":"a","task":"T1","answer":"A"}']))
    with pytest.raises(ScoreInputError, match="'answer' or 'output'"):
        crosslex.score(gold, no_answer, samples=0)


def test_unparseable_gold_string_costs_recall_and_is_listed():
    calls = []

    def parse(s, **kw):
        calls.append(s)
        raise ValueError("no citation found")

    res = KeyResolver(parse=parse)
    keys = res.key_set(["de/bgb/s1", "gibberish", "gibberish"], item="i", side="gold", level="unit")
    assert "de/bgb/s1" in keys and len(keys) == 2
    assert calls == ["gibberish"]  # parsed once, keys taken as they are
    assert [u["citation"] for u in res.unparsed] == ["gibberish", "gibberish"]
    assert crosslex.prf({"de/bgb/s1"}, keys)[1] == 0.5
    # a bare string is one citation, not a list of characters
    assert res.key_set("de/bgb/s1/abs2", item="j", side="gold", level="unit") == {"de/bgb/s1"}


@pytest.mark.parametrize("text, expected", [
    ("foo ###A### bar ###c###", "c"),
    ("no marker", None),
    ("###  B  ###", "B"),
])
def test_marker_rule(text, expected):
    assert extract_answer(text) == expected


@pytest.mark.parametrize("text, expected", [
    ('{"CN": "c2", "ca": "C1"}', {"CN": "C2", "CA": "C1"}),
    ("CN=c2; CA=c1, DE: c3", {"CN": "C2", "CA": "C1", "DE": "C3"}),
    ("nothing", None),
])
def test_parse_mapping(text, expected):
    assert parse_mapping(text) == expected


def test_mapping_needs_all_and_only_gold_jurisdictions():
    gold = {"CN": "c1", "DE": "c2"}
    assert crosslex.judge_answer("T3", {"CN": "c1", "DE": "c2", "CA": "c3"}, gold)[0] == 0.0
    assert crosslex.judge_answer("T3", {"CN": "c1", "DE": "c2"}, gold) == (1.0, [("CN", True), ("DE", True)])
    assert crosslex.judge_answer("T3", None, gold) == (0.0, [("CN", False), ("DE", False)])


def test_cli_table_and_json(tmp_path, capsys):
    from legalcite.cli import main

    out = tmp_path / "r.json"
    assert main(["score", "crosslex", "--gold", GOLD, "--pred", PRED, "--samples", "50", "-o", str(out)]) == 0
    r = json.loads(out.read_text())
    assert r["metric"] == "crosslex" and r["schema"] == 1 and r["bootstrap"]["samples"] == 50
    assert main(["score", "crosslex", "--gold", GOLD, "--pred", PRED, "--format", "table", "--samples", "0"]) == 0
    text = capsys.readouterr().out
    assert "task T3" in text and "gold_without_pred: 1: g6" in text and "kein Zitat hier" in text
    assert "jur CN (T2/T3 keys)" in text and "level_note" not in text
    assert main(["score", "crosslex", "--gold", GOLD, "--pred", PRED, "--format", "table", "--samples", "0",
                 "--level", "compatible"]) == 0
    assert "not CrossLex's exact canonical keys" in capsys.readouterr().out
    assert main(["score", "crosslex", "--gold", GOLD, "--pred", str(tmp_path / "nope.jsonl")]) == 2


def test_empty_gold_file_is_an_error(tmp_path, capsys):
    from legalcite.cli import main

    empty = tmp_path / "gold.jsonl"
    empty.write_text("\n\n", encoding="utf-8")                       # blank lines only: no item
    assert main(["score", "crosslex", "--gold", str(empty), "--pred", PRED, "--samples", "0"]) == 2
    err = capsys.readouterr().err
    assert "gold.jsonl: no gold items" in err and err.count("\n") == 1
    with pytest.raises(ScoreInputError, match="no gold items"):
        crosslex.score([], list(iter_rows(['{"id": "a", "answer": "A"}'])), samples=0)


@pytest.mark.parametrize("level, cn, ca, de", [
    # per jurisdiction, on the T2/T3 items (g3 T2; g4, g5 T3 with jurisdictions CN, CA, DE):
    # g3 CN: pred {art577/para1} vs gold {art577}: exact 0, compatible 1; g3 CA: s1668 = s1668: 1
    # g4: no key on either side in CN, CA, DE: 1 each (both empty); g5: CA s1668 = s1668: 1, CN, DE empty: 1
    ("full", (3, 2 / 3), (3, 1.0), (2, 1.0)),
    ("compatible", (3, 1.0), (3, 1.0), (2, 1.0)),
])
def test_citation_f1_per_jurisdiction_for_t2_t3(level, cn, ca, de):
    r = crosslex.score(GOLD, PRED, level=level, samples=0, with_items=True)
    j = r["by_jurisdiction"]
    got = {k: (j[k]["multi_jurisdiction"]["n"], j[k]["multi_jurisdiction"]["citation_f1"]) for k in ("CN", "CA", "DE")}
    assert got == {"CN": (cn[0], pytest.approx(cn[1], abs=1e-6)), "CA": ca, "DE": de}
    assert j["CN"]["multi_jurisdiction"]["tasks"] == {"T2": {"n": 1, "citation_f1": 0.0 if level == "full" else 1.0},
                                                     "T3": {"n": 2, "citation_f1": 1.0}}
    assert "multi_jurisdiction" not in j["US"]                       # g6 is a T1 item
    items = {it["id"]: it for it in r["items"]}
    assert items["g1"]["citation_f1_by_jurisdiction"] is None
    assert items["g3"]["citation_f1_by_jurisdiction"] == {"CA": 1.0, "CN": 0.0 if level == "full" else 1.0}


@pytest.mark.parametrize("pred, gold, jurisdictions, expected", [
    # a key of a jurisdiction the item does not ask about costs precision there (EU: P 0/1 → 0)
    ({"de/bgb/s280", "eu/reg-2016-679/art6"}, {"de/bgb/s280"}, ["DE"], {"DE": 1.0, "EU": 0.0}),
    # US-CA keys are labelled CA (the benchmark's name); a token without a key is in no jurisdiction
    ({"us-ca/civ/s1668", "?pred:x"}, {"us-ca/civ/s1668", "cn/中华人民共和国民法典/art577"}, ["CN", "CA"],
     {"CA": 1.0, "CN": 0.0}),
    (set(), {"de/bgb/s1"}, ["DE", "CN"], {"CN": 1.0, "DE": 0.0}),
])
def test_split_by_jurisdiction_by_hand(pred, gold, jurisdictions, expected):
    got = crosslex.split_by_jurisdiction(pred, gold, jurisdictions, "exact")
    assert {j: f for j, (_, _, f) in got.items()} == expected
    assert crosslex.split_by_jurisdiction(pred, gold, jurisdictions, "exact", missing=True) == {
        j: (0.0, 0.0, 0.0) for j in expected}


# ---------------------------------------------------------------- properties

keysets = st.sets(st.sampled_from([f"de/bgb/s{i}" for i in range(8)]), max_size=6)


@given(keysets, keysets)
def test_f1_symmetric_and_bounded(a, b):
    p, r, f = crosslex.prf(a, b)
    p2, r2, f2 = crosslex.prf(b, a)
    assert f == pytest.approx(f2) and (p, r) == pytest.approx((r2, p2))
    assert 0.0 <= f <= 1.0 and min(p, r) - 1e-12 <= f <= max(p, r) + 1e-12
    assert (f == 1.0) == (a == b)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), keysets, keysets), min_size=1, max_size=12))
def test_gj_below_accuracy_and_f1(rows):
    gold = [json.dumps({"id": str(i), "task": "T1", "answer": "A", "citations": sorted(g)})
            for i, (_, g, _) in enumerate(rows)]
    pred = [json.dumps({"id": str(i), "answer": "A" if ok else "B", "citations": sorted(p)})
            for i, (ok, _, p) in enumerate(rows)]
    r = crosslex.score(list(iter_rows(gold)), list(iter_rows(pred)), samples=0)
    assert r["grounded_joint"] <= r["accuracy"] + 1e-9
    assert r["grounded_joint"] <= r["citation_f1"] + 1e-9


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=30), st.integers(0, 2**31))
def test_bootstrap_seeded_and_sane(values, seed):
    a = bs.resample_means({"v": values}, 50, seed)
    assert a == bs.resample_means({"v": values}, 50, seed)
    lo, hi = bs.percentile_ci(a["v"])
    assert min(values) - 1e-9 <= lo <= hi <= max(values) + 1e-9


def test_metrics_import_no_parser():
    """Keys in, numbers out: importing the metrics, the judge, the chat client and their CLI loads neither Lark,
    numpy, httpx nor the pipeline (httpx is imported when a run starts)."""
    import subprocess
    import sys

    code = ("import sys, legalcite.metrics.crosslex, legalcite.metrics.lexassay, legalcite.metrics.lexam, "
            "legalcite.metrics.lexgenius, legalcite.metrics.agreement, legalcite.metrics.prompts, legalcite.judge, "
            "legalcite.llm, legalcite.cli.score, legalcite.cli.judge; "
            "print(sorted(m for m in ('lark', 'numpy', 'httpx', 'legalcite.pipeline', 'legalcite.core.parse') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_cluster_bootstrap_resamples_fact_groups():
    # two fact groups: one all right (3 items), one all wrong (1 item). Resampling groups gives means in
    # {0, 3/4, 1}... only the group mixes 0/0, 3/4 (one of each) and 3/3 → 1; never the item bootstrap's 1/4 or 1/2
    gold = [json.dumps({"id": str(i), "task": "T1", "answer": "A", "citations": [], "fact_group": fg})
            for i, fg in enumerate(["f1", "f1", "f1", "f2"])]
    pred = [json.dumps({"id": str(i), "answer": a, "citations": []}) for i, a in enumerate("AAAB")]
    g, p = list(iter_rows(gold)), list(iter_rows(pred))
    means = bs.resample_means({"v": [1, 1, 1, 0]}, 300, 0, clusters=["f1", "f1", "f1", "f2"])["v"]
    assert set(means) <= {0.0, 0.75, 1.0} and len(set(means)) == 3
    r = crosslex.score(g, p, samples=300, seed=0, cluster=True)
    assert r["bootstrap"]["unit"] == "fact_group" and r["accuracy"] == 0.75
    assert r["ci95"]["accuracy"] == [0.0, 1.0]
    one = [json.dumps({**json.loads(x), "fact_group": "same"}) for x in gold]
    r1 = crosslex.score(list(iter_rows(one)), p, samples=100, seed=0, cluster=True)
    assert r1["ci95"]["accuracy"] == [0.75, 0.75]  # one cluster: no sampling variation at all


def test_gold_jurisdiction_is_the_parser_hint():
    seen = []

    def parse(s, jurisdiction=None):
        seen.append((s, jurisdiction))
        from legalcite.models import citation_from_key

        return [citation_from_key("us-ca/civ/s1542" if jurisdiction == "us-ca" else "de/bgb/s1542")]

    gold = list(iter_rows([json.dumps({"id": "1", "task": "T1", "answer": "A", "jurisdiction": "CA",
                                       "citations": ["Civil Code section 1542"]})]))
    pred = list(iter_rows([json.dumps({"id": "1", "answer": "A", "citations": ["us-ca/civ/s1542"]})]))
    r = crosslex.score(gold, pred, samples=0, parse=parse)
    assert seen == [("Civil Code section 1542", "us-ca")] and r["citation_f1"] == 1.0


@pytest.mark.parametrize("gold, pred, message", [
    ({"id": "a", "task": "T1", "answer": "A"}, {"id": "a", "answer": "A", "citations": 823},
     "'citations' must be a list"),
    ({"id": "a", "task": "T1", "answer": "A"}, {"id": "a", "output": ["###A###"]}, "'output' must be a string"),
    ({"id": "a", "task": "T1", "answer": "A"}, {"id": "a", "answer": True}, "'answer' must be an option label"),
    ({"id": "a", "task": "T1", "answer": ["A"]}, {"id": "a", "answer": "A"}, "'answer' must be an option label"),
    ({"id": "a", "task": 1, "answer": "A"}, {"id": "a", "answer": "A"}, "'task' must be T1, T2 or T3"),
    ({"id": "a", "answer": "A"}, {"id": "a", "answer": "A"}, "missing field 'task'"),
    # a prediction that is not scored (its id is not in gold) is still read, and a bad one still stops the run
    ({"id": "a", "task": "T1", "answer": "A"}, {"id": "zz", "text": "###A###"}, "a prediction needs 'answer'"),
])
def test_wrong_types_are_errors_with_the_line(gold, pred, message):
    with pytest.raises(ScoreInputError, match=r"<input>:1 \(id '(a|zz)'\): " + message):
        crosslex.score(list(iter_rows([json.dumps(gold)])), list(iter_rows([json.dumps(pred)])), samples=0)


def test_every_bad_line_is_reported_and_nothing_is_scored(tmp_path, capsys):
    from legalcite.cli import main

    pred = tmp_path / "pred.jsonl"
    pred.write_text('{"id": "g1", "answer": "B"}\n{"id": "g2", "answer": NaN}\nnot json\n', encoding="utf-8")
    assert main(["score", "crosslex", "--gold", GOLD, "--pred", str(pred), "--samples", "0"]) == 2
    err = capsys.readouterr().err
    assert "2 bad lines" in err and "pred.jsonl:2: NaN is not valid JSON" in err and "pred.jsonl:3: malformed" in err
    # a UTF-8 BOM (or UTF-16) file is read, not misread
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(Path(PRED).read_text(encoding="utf-8").encode("utf-16"))
    assert main(["score", "crosslex", "--gold", GOLD, "--pred", str(bom), "--samples", "0", "-o",
                 str(tmp_path / "r.json")]) == 0
    assert json.loads((tmp_path / "r.json").read_text())["accuracy"] == pytest.approx(4 / 6, abs=1e-6)


def test_score_help_is_for_users(capsys):
    from legalcite.cli import main

    with pytest.raises(SystemExit) as e:
        main(["score", "--help"])
    out = capsys.readouterr().out
    assert e.value.code == 0 and "docs/metrics.md" in out and "CrossLex" in out and "exit 2" in out
    assert not any(w in out for w in ("argparse", "``", "func", "cli/__init__"))   # no developer notes


# ---------------------------------------------------------------- issue 34: the benchmark's own identifiers

def _one(gold_cites, pred_cites, **kw):
    gold = list(iter_rows([json.dumps({"id": "1", "task": "T1", "answer": "A", "citations": gold_cites})]))
    pred = list(iter_rows([json.dumps({"id": "1", "answer": "A", "citations": pred_cites})]))
    return crosslex.score(gold, pred, samples=0, **kw)


@pytest.mark.parametrize("gold, pred, f1, matched", [
    # identical identifiers the parser cannot read match as normalised strings (before issue 34: F1 0)
    (["CN-CivilCode-Art1165"], ["CN-CivilCode-Art1165"], 1.0, 1),
    # case, full-width forms, dashes and spaces are normalised: cn-civilcode-art1165 on both sides
    (["CN-CivilCode-Art1165"], ["ｃｎ–civilcode–ART1165 "], 1.0, 1),
    # a different identifier is no match: P 1/2 (one of two predicted), R 1/1 → F1 2/3
    (["CN-CivilCode-Art1165"], ["CN-CivilCode-Art1165", "CN-CivilCode-Art1166"], 2 / 3, 1),
    # a string never matches a canonical key, even the one it stands for (that is what --key-map is for)
    (["CN-CivilCode-Art1165"], ["cn/中华人民共和国民法典/art1165"], 0.0, 0),
])
def test_unparsed_identifiers_compare_as_normalised_strings(gold, pred, f1, matched):
    for level in ("full", "compatible"):
        r = _one(gold, pred, level=level)
        assert r["citation_f1"] == pytest.approx(f1, abs=1e-6) and r["grounded_joint"] == pytest.approx(f1, abs=1e-6)
        assert r["string_identifiers"]["matched"] == matched
        assert r["string_identifiers"]["gold"] == 1
        assert all(u["compared_as"].startswith("?") for u in r["unparsed"])
    assert crosslex.consistent("?cn-x/a", "?cn-x/a/b") is False      # strings: equal or nothing, no prefix rule


def test_key_map_maps_the_benchmarks_identifiers_onto_canonical_keys(tmp_path, capsys):
    from legalcite.cli import main

    jsonl = tmp_path / "keys.jsonl"
    jsonl.write_text('{"id": "CN-CivilCode-Art1165", "key": "cn/中华人民共和国民法典/art1165"}\n'
                     '{"id": "DE-BGB-823-1", "key": ["de/bgb/s823/abs1"]}\n', encoding="utf-8")
    csv = tmp_path / "keys.csv"
    csv.write_text("id,key\nCN-CivilCode-Art1165,cn/中华人民共和国民法典/art1165\nDE-BGB-823-1,de/bgb/s823/abs1\n",
                   encoding="utf-8")
    for m in (jsonl, csv):
        # gold in the benchmark's scheme, predictions as citations: mapped 2, parsed 2 → P 1, R 1
        r = _one(["CN-CivilCode-Art1165", "DE-BGB-823-1"],
                 ["《中华人民共和国民法典》第一千一百六十五条", "§ 823 Abs. 1 BGB"], key_map=str(m))
        assert r["citation_f1"] == 1.0 and r["unparsed"] == [] and r["string_identifiers"]["gold"] == 0
        assert r["key_map"] == {"file": str(m), "identifiers": 2, "citations_mapped": 2}
    # without the map the same gold scores 0 (two strings against two keys)
    assert _one(["CN-CivilCode-Art1165", "DE-BGB-823-1"], ["§ 823 Abs. 1 BGB"])["citation_f1"] == 0.0
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "A", "key": "de/bgb/s1"}\n{"id": "B", "key": "§ 1 BGB"}\n', encoding="utf-8")
    with pytest.raises(ScoreInputError, match=r"bad.jsonl:2 \(id 'B'\): '§ 1 BGB' is not a canonical key"):
        _one(["A"], ["A"], key_map=str(bad))
    gold, pred = tmp_path / "g.jsonl", tmp_path / "p.jsonl"
    gold.write_text(json.dumps({"id": "1", "task": "T1", "answer": "A", "citations": ["CN-CivilCode-Art1165"]}))
    pred.write_text(json.dumps({"id": "1", "answer": "A", "citations": ["cn/中华人民共和国民法典/art1165"]}))
    assert main(["score", "crosslex", "--gold", str(gold), "--pred", str(pred), "--samples", "0",
                 "--key-map", str(jsonl)]) == 0
    assert json.loads(capsys.readouterr().out)["citation_f1"] == 1.0
    assert main(["score", "crosslex", "--gold", str(gold), "--pred", str(gold), "--samples", "0",
                 "--format", "table"]) == 0
    out = capsys.readouterr().out
    assert "citations compared as normalised strings (no key): 1 gold, 1 predicted, 1 matched" in out
    assert main(["score", "crosslex", "--gold", str(gold), "--pred", str(pred), "--key-map", str(bad)]) == 2
