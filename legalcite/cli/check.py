"""``legalcite check answers.jsonl``: an evidence-backed status for every citation in every answer.

Input: JSON Lines (one object per line, the answer in ``--text-field``), or plain text, where each block of lines
separated by a blank line is one answer (``--whole-file``: the whole file is one answer). Output is streamed, one
record per answer, in input order; a bad line is reported with its line number and the rest is still processed.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import IO, Iterator


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "check", help="status (real, invented, misattributed, …) of every citation in model answers",
        description="Check every citation of every answer against the local corpus store (build it with "
        "`legalcite corpus build`). JSONL output: one line per answer with id, line, citations (key, text, "
        "span, status, reason, evidence) and a summary (counts, LexAssay deduction). Exit code 1 if any input "
        "line could not be checked.")
    p.add_argument("input", help="answers file (.jsonl, or plain text), - for stdin")
    p.add_argument("--text-field", default="answer", help="JSON field holding the answer (default: answer)")
    p.add_argument("--id-field", default="id", help="JSON field holding the answer id (default: id)")
    p.add_argument("--input-format", choices=("auto", "jsonl", "text"), default="auto",
                   help="auto: JSONL if the first non-blank line starts with '{', else plain text")
    p.add_argument("--whole-file", action="store_true", help="plain text: the whole file is one answer "
                   "(default: each blank-line-separated block is one)")
    p.add_argument("--format", choices=("jsonl", "table", "html"), default="jsonl", help="output format")
    p.add_argument("-o", "--output", help="output file (default: stdout; html: report.html)")
    p.add_argument("--store", help="corpus store (default: $LEGALCITE_STORE or the user data dir)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (0 = all cores; default 1)")
    p.add_argument("--online", action="store_true",
                   help="ask the official sources about citations the store cannot decide")
    p.add_argument("--date", help="judge repeal at this ISO date (default: today)")
    p.add_argument("--jurisdiction", choices=("de", "cn", "us", "us-ca"),
                   help="jurisdiction for citations that do not state one")
    p.add_argument("--no-attribution", action="store_true", help="skip the misattribution test")
    p.add_argument("--max-chars", type=int, default=1_000_000,
                   help="answers longer than this are reported as errors (default 1,000,000)")
    p.add_argument("--engine", choices=("local", "dask"), default="local",
                   help="local processes, or a Dask cluster (pip install legalcite[dist]; JSONL in and out)")
    p.add_argument("--scheduler", help="dask: scheduler address (default: a local cluster of --workers)")
    p.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                   help="progress line on stderr (auto: when stderr is a terminal)")
    p.set_defaults(func=run)


# ------------------------------------------------------------------ input

def _peek(fh: IO[str]) -> tuple[list[str], str]:
    """Read up to the first non-blank line: (lines read, ``jsonl`` if it starts with '{' else ``text``)."""
    first: list[str] = []
    for line in fh:
        first.append(line)
        if line.strip():
            return first, "jsonl" if line.lstrip().startswith("{") else "text"
    return first, "jsonl"


def _records(lines: Iterator[str], fmt: str, whole_file: bool) -> Iterator[tuple[int, str]]:
    """(line number, record text): JSONL lines, or plain-text blocks (a blank line ends a block)."""
    if fmt == "jsonl":
        for i, line in enumerate(lines, 1):
            yield i, line
        return
    block: list[str] = []
    start = 1
    for i, line in enumerate(lines, 1):
        if not whole_file and not line.strip():
            if block:
                yield start, "".join(block)
            block = []
            continue
        if not block:
            start = i
        block.append(line)
    if block:
        yield start, "".join(block)


def _chain(first: list[str], rest: IO[str]) -> Iterator[str]:
    yield from first
    yield from rest


# ------------------------------------------------------------------ workers

def _init_worker() -> None:
    from legalcite import checker

    checker._open_store.cache_clear()  # never share the parent's SQLite connection across fork


def _work(job: tuple) -> dict | None:
    from legalcite.checker import check_line

    line, lineno, options = job
    return check_line(line, lineno, options)


def _results(records: Iterator[tuple[int, str]], options, workers: int) -> Iterator[dict | None]:
    """Records in input order; with workers, batches keep memory bounded however long the input."""
    from legalcite.checker import check_line

    if workers <= 1:
        for lineno, text in records:
            yield check_line(text, lineno, options)
        return
    import itertools
    import multiprocessing as mp

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    batch = workers * 64
    with ctx.Pool(workers, initializer=_init_worker) as pool:
        while True:
            chunk = [(text, lineno, options) for lineno, text in itertools.islice(records, batch)]
            if not chunk:
                break
            yield from pool.imap(_work, chunk, chunksize=8)


# ------------------------------------------------------------------ output

class _Progress:
    def __init__(self, enabled: bool, total_bytes: int | None):
        self.enabled = enabled
        self.total = total_bytes
        self.t0 = time.perf_counter()
        self.last = 0.0
        self.n = 0

    def update(self, n: int, pos: int | None) -> None:
        self.n = n
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < 0.2:
            return
        self.last = now
        rate = n / max(now - self.t0, 1e-9)
        bar = ""
        if self.total and pos is not None:
            frac = min(1.0, pos / self.total)
            bar = f"[{'#' * int(frac * 30):<30}] {frac * 100:5.1f}% "
        sys.stderr.write(f"\r{bar}{n:,} answers  {rate:,.0f}/s   ")
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")


_TABLE_COLS = (("id", 10), ("line", 6), ("status", 13), ("key", 44), ("reason", 0))


def _table_rows(rec: dict) -> Iterator[str]:
    for c in rec.get("citations", ()):
        vals = {"id": str(rec.get("id")), "line": str(rec.get("line")), "status": c["status"],
                "key": c.get("key") or c.get("text", ""), "reason": c.get("reason", "")}
        yield "  ".join(vals[k][:w].ljust(w) if w else vals[k] for k, w in _TABLE_COLS).rstrip()


def run(args: argparse.Namespace) -> int:
    import os

    from legalcite.checker import CheckOptions
    from legalcite.cli.common import dump_json, open_input, open_output
    from legalcite.corpora.store import resolve_store_path

    store = resolve_store_path(args.store)
    if not store.exists():
        print(f"legalcite: no corpus store at {store}; build it with `legalcite corpus build` "
              "(or pass --store / set LEGALCITE_STORE)", file=sys.stderr)
        return 2
    fh = open_input(args.input)
    first, fmt = _peek(fh) if args.input_format == "auto" else ([], args.input_format)
    options = CheckOptions(store=str(store), text_field=args.text_field, id_field=args.id_field,
                           input_format="text" if fmt == "text" else "jsonl", online=args.online, date=args.date,
                           jurisdiction=args.jurisdiction, attribution=not args.no_attribution,
                           max_chars=args.max_chars)
    workers = args.workers if args.workers > 0 else (os.cpu_count() or 1)

    if args.engine == "dask":
        if fh is not sys.stdin:
            fh.close()
        return _run_dask(args, options, workers)

    write_report = None
    if args.format == "html":
        try:
            from legalcite.report.html import write_report
        except ImportError:
            print("legalcite: --format html needs legalcite.report.html, which is not installed in this "
                  "checkout; write JSONL and render it later with `legalcite report`", file=sys.stderr)
            return 2

    total = os.path.getsize(args.input) if args.input not in (None, "-") else None
    show = args.progress == "on" or (args.progress == "auto" and sys.stderr.isatty())
    progress = _Progress(show, total)
    pos = 0
    pos_by_line: dict[int, int] = {}

    def records() -> Iterator[tuple[int, str]]:
        nonlocal pos
        for lineno, text in _records(_chain(first, fh), fmt, args.whole_file):
            pos += len(text.encode("utf-8", "replace"))
            if not text.strip():
                continue  # blank lines give no record
            pos_by_line[lineno] = pos
            yield lineno, text

    out = None if write_report else open_output(args.output)
    collected: list[dict] = []
    n_answers = n_errors = 0
    totals: dict[str, int] = {}
    by_jur: dict[str, dict[str, int]] = {}
    deduction = 0.0
    t0 = time.perf_counter()
    try:
        if args.format == "table" and out is not None:
            out.write("  ".join(k.ljust(w) if w else k for k, w in _TABLE_COLS) + "\n")
        for rec in _results(records(), options, workers):
            if rec is None:
                continue
            if "error" in rec:
                n_errors += 1
                print(f"legalcite: line {rec['line']}: {rec['error']}", file=sys.stderr)
            else:
                n_answers += 1
                s = rec["summary"]
                for k, v in s["counts"].items():
                    totals[k] = totals.get(k, 0) + v
                for j, counts in s.get("by_jurisdiction", {}).items():
                    d = by_jur.setdefault(j, {})
                    for k, v in counts.items():
                        d[k] = d.get(k, 0) + v
                deduction += s["lexassay_deduction"]
            if write_report:
                collected.append(rec)
            elif args.format == "table":
                for row in _table_rows(rec):
                    out.write(row + "\n")
            else:
                out.write(dump_json(rec) + "\n")
            progress.update(n_answers + n_errors, pos_by_line.pop(rec["line"], None))
    finally:
        progress.close()
        if out is not None and out is not sys.stdout:
            out.close()
        if fh is not sys.stdin:
            fh.close()
    if write_report:
        answers = None
        if args.input not in (None, "-") and options.input_format == "jsonl":
            from legalcite.report.html import read_answers

            answers = read_answers(args.input, args.text_field)  # so the report can highlight each citation
        path = write_report(collected, args.output or "report.html", answers=answers)
        print(f"legalcite: report written to {path}", file=sys.stderr)
    secs = time.perf_counter() - t0
    counts = ", ".join(f"{k} {v:,}" for k, v in sorted(totals.items())) or "no citations"
    print(f"legalcite: {n_answers:,} answers checked ({n_answers / max(secs, 1e-9):,.0f}/s), {n_errors:,} bad "
          f"lines; citations: {counts}; LexAssay deduction total {deduction:g}", file=sys.stderr)
    for j, counts_j in sorted(by_jur.items()):
        print(f"legalcite:   {j}: " + ", ".join(f"{k} {v:,}" for k, v in sorted(counts_j.items())), file=sys.stderr)
    return 1 if n_errors else 0


def _run_dask(args: argparse.Namespace, options, workers: int) -> int:
    try:
        from legalcite.distributed import PartitionsFailed, run_check
    except ImportError as e:
        print(f"legalcite: --engine dask needs legalcite.distributed and dask ({e})", file=sys.stderr)
        return 2
    if options.input_format != "jsonl" or not args.output or args.input == "-" or args.format != "jsonl":
        print("legalcite: --engine dask reads a JSONL file and writes JSONL to -o FILE", file=sys.stderr)
        return 2
    try:
        stats = run_check(args.input, args.output, options, engine="dask", scheduler=args.scheduler,
                          n_workers=workers)
    except PartitionsFailed as e:
        print(f"legalcite: {e}", file=sys.stderr)
        return 1
    print(f"legalcite: {stats}", file=sys.stderr)
    import json

    bad = 0
    with open(args.output, encoding="utf-8") as fh:  # error records: same report and exit code as local runs
        for line in fh:
            rec = json.loads(line)
            if "error" in rec:
                bad += 1
                print(f"legalcite: line {rec['line']}: {rec['error']}", file=sys.stderr)
    return 1 if bad else 0
