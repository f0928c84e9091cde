"""Recall against the peer on real opinions: on a slice of ``us_opinions.txt`` legalcite finds every full case
citation eyecite finds (same volume, canonical reporter, page). The full comparison, with speed and memory, is
``benchmarks/us_vs_eyecite.py``; this keeps its recall claim from regressing."""
from __future__ import annotations

import collections
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench():
    pytest.importorskip("eyecite")
    spec = importlib.util.spec_from_file_location("us_vs_eyecite", ROOT / "benchmarks" / "us_vs_eyecite.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["us_vs_eyecite"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_recall_at_least_eyecite_on_a_slice(bench, testdata_dir) -> None:
    text = (testdata_dir / "us_opinions.txt").read_text(encoding="utf-8")
    blocks = bench.blocks_of(text)
    # a spread of documents: Supreme Court slip opinions, state and federal CAP samples, California opinions
    slice_ = blocks[::12]
    ey = collections.Counter(r[:4] for r in bench.run_eyecite(slice_))
    lc = collections.Counter(r[:4] for r in bench.run_legalcite(slice_))
    assert sum(ey.values()) > 100
    missed = ey - lc
    assert sum(missed.values()) <= 0.01 * sum(ey.values()), sorted(missed)
    assert sum(lc.values()) >= sum(ey.values())
