"""CrossLex's leakage-free split (``legalcite split``) by hand: whole fact groups, seeded, 70/10/20 by default;
and ``--check`` finding every group and id in more than one part."""
from __future__ import annotations

import json
import random

import pytest

from legalcite.metrics import split
from legalcite.metrics.io import ScoreInputError, iter_rows


def rows(*objs):
    return list(iter_rows([json.dumps(o, ensure_ascii=False) for o in objs]))


def _items(sizes: dict[str, int]):
    return rows(*[{"id": f"{g}-{t}", "task": t, "fact_group": g}
                  for g, n in sizes.items() for t in ("T1", "T2", "T3")[:n]])


def test_equal_groups_by_hand():
    # 10 fact groups of 3 variants (T1, T2, T3): 30 items, targets 21, 3, 6. Every group has one size, so the order
    # does not matter: train takes groups while its deficit is largest (21, 18, …, 6: at 6 against test's 6 the tie
    # goes to train, named first), then test (6 → 3), then train (3, tie with dev and test), dev, test: 7, 1, 2 groups
    parts, rep = split.make_split(_items({f"f{k:02d}": 3 for k in range(10)}), seed=5)
    assert {n: len(r) for n, r in parts.items()} == {"train": 21, "dev": 3, "test": 6}
    assert rep["splits"] == {"train": {"items": 21, "groups": 7, "share": 0.7},
                             "dev": {"items": 3, "groups": 1, "share": 0.1},
                             "test": {"items": 6, "groups": 2, "share": 0.2}}
    for name, part in parts.items():       # all variants of a fact group in one split
        others = {r.data["fact_group"] for n, p in parts.items() if n != name for r in p}
        assert not {r.data["fact_group"] for r in part} & others
    assert split.check(parts)["leakage"] is False


def test_uneven_groups_by_hand_and_seeded():
    # fA 4 items, fB 3, fC, fD, fE 1 each: targets 7, 1, 2. Largest first: fA → train (4), fB → train (7); the
    # three single items in the seeded order (seed 0: fC, fE, fD) → test (deficit 2), dev (1 against test's 1:
    # dev named first), test
    sizes = {"fA": 4, "fB": 3, "fC": 1, "fD": 1, "fE": 1}
    items = rows(*[{"id": f"{g}{k}", "fact_group": g} for g, n in sizes.items() for k in range(n)])
    order = sorted(sizes)
    random.Random(0).shuffle(order)
    assert [g for g in order if sizes[g] == 1] == ["fC", "fE", "fD"]
    parts, rep = split.make_split(items, seed=0)
    got = {n: sorted({r.data["fact_group"] for r in p}) for n, p in parts.items()}
    assert got == {"train": ["fA", "fB"], "dev": ["fE"], "test": ["fC", "fD"]}
    assert [rep["splits"][n]["items"] for n in ("train", "dev", "test")] == [7, 1, 2]
    assert split.make_split(items, seed=0)[0] == parts                       # seeded: the same split again
    assert {n: len(p) for n, p in split.make_split(items, seed=0, proportions=[50, 0, 50])[0].items()} == {
        "train": 5, "dev": 0, "test": 5}                                     # fA (4) + one single item each side
    # an item without a fact group is its own group, counted
    _, r2 = split.make_split(rows({"id": "x"}, {"id": "y", "fact_group": "g"}), seed=1)
    assert (r2["n_groups"], r2["ungrouped_items"]) == (2, 1)


def test_check_reports_every_leak():
    parts = {"train": rows({"id": "a1", "fact_group": "A"}, {"id": "b1", "fact_group": "B"}),
             "test": rows({"id": "a2", "fact_group": "A"}, {"id": "b1", "fact_group": "C"})}
    rep = split.check(parts)
    assert rep["leakage"] is True
    assert rep["leaking_groups"] == [{"group": "A", "splits": {"train": ["<input>:1"], "test": ["<input>:1"]}}]
    assert rep["shared_ids"] == [{"id": "b1", "splits": {"train": ["<input>:2"], "test": ["<input>:2"]}}]
    assert rep["splits"]["train"] == {"items": 2, "groups": 2, "share": 0.5}


def test_errors():
    with pytest.raises(ValueError, match="3 proportions for 2 splits"):
        split.parse_proportions("70,10,20", 2)
    with pytest.raises(ValueError, match="≥ 0 with a positive sum"):
        split.parse_proportions("0,0,0", 3)
    assert split.parse_proportions("0.8, 0.1, 0.1", 3) == [0.8, 0.1, 0.1]
    with pytest.raises(ScoreInputError, match=r"<input>:2 \(id 'a'\): the id of line 1 again"):
        split.make_split(rows({"id": "a"}, {"id": "a"}))
    with pytest.raises(ScoreInputError, match="'fact_group' must be a group name"):
        split.make_split(rows({"id": "a", "fact_group": ["x"]}))


def test_cli_split_then_check(tmp_path, capsys):
    from legalcite.cli import main

    src = tmp_path / "items.jsonl"
    src.write_text("\n".join(json.dumps(r.data) for r in _items({f"f{k}": 3 for k in range(10)})))
    assert main(["split", str(src), "--out-dir", str(tmp_path), "--seed", "3"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert {n: v["items"] for n, v in rep["splits"].items()} == {"train": 21, "dev": 3, "test": 6}
    files = [str(tmp_path / f"{n}.jsonl") for n in ("train", "dev", "test")]
    assert rep["files"] == dict(zip(("train", "dev", "test"), files))
    assert main(["split", "--check", *files]) == 0
    assert json.loads(capsys.readouterr().out)["leakage"] is False
    # move one variant of a test group into train: leakage, exit 1, each place named
    test_lines = (tmp_path / "test.jsonl").read_text().splitlines()
    moved = json.loads(test_lines[0])
    (tmp_path / "train.jsonl").write_text((tmp_path / "train.jsonl").read_text() + test_lines[0] + "\n")
    assert main(["split", "--check", *files, "--format", "table"]) == 1
    out, err = capsys.readouterr()
    assert f"LEAK group {moved['fact_group']}" in out and f"LEAK id {moved['id']}" in out
    assert f"leakage: fact group '{moved['fact_group']}' in 2 parts (train: {files[0]}:22; test: {files[2]}:1" in err
    assert main(["split", str(src), "--proportions", "70,30", "--out-dir", str(tmp_path)]) == 2
    assert "2 proportions for 3 splits" in capsys.readouterr().err
