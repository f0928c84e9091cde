"""``legalcite check`` on a local Dask cluster (two worker processes) gives the same bytes as the plain run,
over real answers from the shared test data, the corpus store shipped to the workers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="dask.distributed not installed (pip install legalcite[dist])")

from legalcite.cli import main
from tests.test_distributed import client  # noqa: F401  (module-scoped local cluster)

MODELS = ("model-a", "model-b")


def answers_file(testdata_dir: Path, out: Path) -> Path:
    """German court sentences, Chinese exam questions and US opinion passages as model 'answers', plus a
    malformed line and a blank line."""
    rows: list[dict] = []
    with open(testdata_dir / "de_ler_test.jsonl", encoding="utf-8") as fh:
        rows += [{"answer": json.loads(line)["text"]} for _, line in zip(range(30), fh)]
    with open(testdata_dir / "lexgenius_sample.jsonl", encoding="utf-8") as fh:
        rows += [{"answer": json.loads(line)["question"]} for _, line in zip(range(10), fh)]
    blocks = (testdata_dir / "us_opinions.txt").read_text(encoding="utf-8").split("\n\n")
    rows += [{"answer": b} for b in blocks if 200 < len(b) < 3000][:10]
    lines = [json.dumps({"id": f"a{i}", "model": MODELS[i % 2], **r}, ensure_ascii=False) for i, r in enumerate(rows)]
    lines.insert(7, '{"id": "broken", "answer": ')
    lines.insert(30, "")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def test_check_on_the_cluster_is_byte_identical(client, small_store, testdata_dir, tmp_path):  # noqa: F811
    from legalcite.checker import CheckOptions
    from legalcite.distributed import run_check

    src = answers_file(testdata_dir, tmp_path / "answers.jsonl")
    local = tmp_path / "local.jsonl"
    assert main(["check", str(src), "--store", str(small_store), "-o", str(local)]) == 1  # the broken line
    recs = [json.loads(x) for x in local.read_text(encoding="utf-8").splitlines()]
    assert len(recs) == 51 and sum("error" in r for r in recs) == 1
    assert sum(len(r.get("citations", ())) for r in recs) > 30

    stats = run_check(src, tmp_path / "dask.jsonl", CheckOptions(store=str(small_store)), client=client,
                      lines_per_partition=8)
    assert stats.partitions == 7 and stats.workers == 2 and stats.computed == 7
    assert (tmp_path / "dask.jsonl").read_bytes() == local.read_bytes()

    # the report of that run: answers and models read back from the input file by line
    out = tmp_path / "report.html"
    assert main(["report", str(local), "--answers", str(src), "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "model-a" in page and '<dd id="n-answers">50</dd>' in page


def test_check_cli_engine_dask(small_store, testdata_dir, tmp_path):  # noqa: F811
    """The CLI flags end to end: ``--engine dask`` starts its own two-worker local cluster."""
    src = answers_file(testdata_dir, tmp_path / "answers.jsonl")
    small = tmp_path / "small.jsonl"
    small.write_text("".join(src.read_text(encoding="utf-8").splitlines(True)[:12]), encoding="utf-8")
    local, dask = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    main(["check", str(small), "--store", str(small_store), "-o", str(local)])
    rc = main(["check", str(small), "--store", str(small_store), "-o", str(dask), "--engine", "dask",
               "--workers", "2"])
    assert rc in (0, 1) and dask.read_bytes() == local.read_bytes()
