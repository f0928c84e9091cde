"""CrossLex's model-verification stage (``legalcite score consensus``) by hand: an item passes when every validator
answers, the answers agree (and are the item's), and every cited key is consistent with the allowed evidence."""
from __future__ import annotations

import json

import pytest

from legalcite.metrics import consensus
from legalcite.metrics.io import ScoreInputError, iter_rows


def rows(*objs):
    return list(iter_rows([json.dumps(o, ensure_ascii=False) for o in objs]))


ITEMS = [
    {"id": "v1", "task": "T1", "answer": "B", "evidence": ["§ 823 Abs. 1 BGB", "§ 249 BGB"], "jurisdiction": "DE"},
    {"id": "v2", "task": "T1", "answer": "A", "evidence": ["§ 433 BGB"]},
    {"id": "v3", "task": "T1", "answer": "C", "evidence": ["§ 823 Abs. 1 BGB"]},
    {"id": "v4", "task": "T3", "answer": {"CN": "c1", "DE": "c2"}, "citations": []},
    {"id": "v5", "task": "T1", "answer": "A", "evidence": []},
    {"id": "v6", "task": "T1", "answer": "D", "evidence": ["CN-CivilCode-Art1165"]},
]
VAL_A = [
    {"id": "v1", "answer": "B", "citations": ["§ 823 BGB"]},                 # less precise than the evidence
    {"id": "v2", "answer": "A", "citations": []},
    {"id": "v3", "answer": "C", "citations": ["§ 280 BGB"]},                 # not in the evidence
    {"id": "v4", "answer": {"DE": "c2", "CN": "c1"}, "citations": []},
    {"id": "v5", "answer": "a", "citations": []},
    {"id": "v6", "answer": "D", "citations": ["CN-CivilCode-Art1165"]},
]
VAL_B = [
    {"id": "v1", "output": "Nach § 249 Abs. 1 BGB … ###B###"},             # more precise than the evidence
    {"id": "v2", "answer": "C", "citations": []},                            # disagrees, and not the item's answer
    {"id": "v3", "answer": "C", "citations": []},
    {"id": "v4", "output": "###CN=c1; DE=c2###"},
    {"id": "v6", "answer": "D", "citations": ["cn-civilcode-ART1165"]},     # the same identifier, normalised
]


def test_verification_by_hand():
    r = consensus.verify(rows(*ITEMS), {"a": rows(*VAL_A), "b": rows(*VAL_B)})
    got = {it["id"]: it["reasons"] for it in r["items"]}
    # v1: A's § 823 is a prefix of the evidence § 823 Abs. 1, B's § 249 Abs. 1 extends § 249: consistent → kept
    # v2: B answers C → disagree, and not the item's A; v3: A cites § 280, outside the evidence; v4: the mapping
    # agrees whatever its order or form; v5: B has no line; v6: one identifier, compared as a normalised string
    assert got == {"v1": [], "v2": ["disagree", "not_the_item_answer"], "v3": ["outside_evidence"], "v4": [],
                   "v5": ["missing_answer"], "v6": []}
    assert (r["n"], r["n_verified"], r["verified_rate"]) == (6, 3, 0.5)
    assert r["failed"] == {"missing_answer": 1, "disagree": 1, "not_the_item_answer": 1, "outside_evidence": 1}
    assert r["items"][2]["outside_evidence"] == {"a": ["de/bgb/s280"]}
    # A: the item's answer on 6 of 6, within the evidence on 5 (not v3); B: 4 of 6 (not v2, no line for v5), 5
    assert r["by_validator"] == {"a": {"missing": 0, "item_answer_rate": 1.0, "within_evidence_rate": 0.833333},
                                 "b": {"missing": 1, "item_answer_rate": 0.666667, "within_evidence_rate": 0.833333}}
    assert r["items"][3]["answers"] == {"a": {"CN": "C1", "DE": "C2"}, "b": {"CN": "C1", "DE": "C2"}}
    # --level full: the keys must be equal, so v1's § 823 and § 249 Abs. 1 fall outside too → 2 of 6
    full = consensus.verify(rows(*ITEMS), {"a": rows(*VAL_A), "b": rows(*VAL_B)}, level="full")
    assert full["n_verified"] == 2 and full["items"][0]["outside_evidence"] == {"a": ["de/bgb/s823"],
                                                                               "b": ["de/bgb/s249/abs1"]}


def test_within_evidence_by_hand():
    ev = {"de/bgb/s823/abs1", "?cn-x"}
    assert consensus.within_evidence({"de/bgb/s823", "de/bgb/s823/abs1/satz2", "?cn-x"}, ev) == []
    assert consensus.within_evidence({"de/bgb/s823/abs2", "?cn-y"}, ev) == ["?cn-y", "de/bgb/s823/abs2"]
    assert consensus.within_evidence({"de/bgb/s823"}, ev, "full") == ["de/bgb/s823"]
    assert consensus.within_evidence(set(), set()) == []


def test_errors():
    with pytest.raises(ScoreInputError, match="at least two validators"):
        consensus.verify(rows(*ITEMS), {"a": rows(*VAL_A)})
    with pytest.raises(ScoreInputError, match="validator 'b': none of its 1 lines answers an item id"):
        consensus.verify(rows(*ITEMS), {"a": rows(*VAL_A), "b": rows({"id": "zz", "answer": "A"})})
    with pytest.raises(ScoreInputError, match=r"<input>:1 \(id 'v1'\): a prediction needs 'answer' or 'output'"):
        consensus.verify(rows(*ITEMS), {"a": rows({"id": "v1", "text": "A"}), "b": rows(*VAL_B)})


def test_cli(tmp_path, capsys):
    from legalcite.cli import main

    files = {}
    for name, objs in (("items", ITEMS), ("a", VAL_A), ("b", VAL_B)):
        files[name] = tmp_path / f"{name}.jsonl"
        files[name].write_text("\n".join(json.dumps(o, ensure_ascii=False) for o in objs), encoding="utf-8")
    kept = tmp_path / "kept.jsonl"
    assert main(["score", "consensus", str(files["items"]), str(files["a"]), f"second={files['b']}",
                 "--verified", str(kept)]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["validators"] == ["a", "second"] and r["n_verified"] == 3
    assert [json.loads(x)["id"] for x in kept.read_text(encoding="utf-8").splitlines()] == ["v1", "v4", "v6"]
    assert main(["score", "consensus", str(files["items"]), str(files["a"])]) == 2
    assert "at least two validators" in capsys.readouterr().err
