"""``legalcite check answers.jsonl``: an evidence-backed status for every citation in every answer.

Input: JSON Lines (one object per line, the answer in ``--text-field``), or plain text divided into answers as
``--split`` says (:data:`SPLITS`; a Markdown file by its headings), read by the one JSONL reader
(:mod:`legalcite.io`). Output is streamed, one record per answer, in input order; a bad line becomes an
error record with its line and id, and the rest is still processed. Exit codes: the rule in
:mod:`legalcite.cli.common`; ``--fail-on`` adds 3, for a gate in CI or a pre-commit hook.
"""
from __future__ import annotations

import argparse
from contextlib import closing, nullcontext
import itertools
import os
from pathlib import Path, PurePath
import signal
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterator

from legalcite.cli import Terminated
from legalcite.cli.common import (EXIT_BAD_LINES, EXIT_FAIL_ON, EXIT_OK, clip, pad, plural, report_bad, seconds_arg,
                                  width)
from legalcite.errors import InputError, LegalciteError
from legalcite.jurisdictions import PACKAGES  # the registry's codes; imports no jurisdiction package

if TYPE_CHECKING:
    from legalcite.checker import CheckOptions


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "check", help="status (real, invented, misattributed, …) of every citation in model answers",
        description="Check every citation of every answer against the local corpus store (build it with "
        "`legalcite corpus build`). JSONL output: one line per answer with id, line, citations (key, text, "
        "span, status, reason, evidence) and a summary (counts, LexAssay deduction). Exit code 1 if any input "
        "line could not be checked, 2 if the run could not be done (store, input or output).")
    p.add_argument("input", help="answers file (JSON Lines, a JSON array, CSV with a header, or plain text), "
                   "- for stdin")
    p.add_argument("--text-field", default="answer", help="JSON field holding the answer (default: answer)")
    p.add_argument("--id-field", default="id", help="JSON field holding the answer id (default: id)")
    p.add_argument("--question-field",
                   help="JSON field (or CSV column) holding the question each answer answers: a citation whose "
                        "sentence states nothing beyond it (答：依据《民法典》第N条的规定。) is judged against the "
                        "question (default: none)")
    p.add_argument("--input-format", choices=("auto", "jsonl", "text"), default="auto",
                   help="auto: JSONL if the first non-blank line starts with '{', else plain text")
    p.add_argument("--split", choices=tuple(SPLITS), default="auto",
                   help="plain text: how the file divides into answers. blank: at blank lines; rule: at a line of "
                        "--- (or *** or ___); heading: at each Markdown heading of the answers' level (the "
                        "shallowest level used twice), its text the answer's id; none: the whole file is one "
                        "answer. auto (default): heading for a Markdown file (.md, .markdown), blank otherwise")
    p.add_argument("--whole-file", action="store_true", help="the same as --split none")
    p.add_argument("--fail-on", type=fail_on_arg, metavar="STATUS[:confirmed],…",
                   help="exit with 3 when any citation has one of these statuses (e.g. invented,misattributed; "
                        "misattributed:confirmed counts only confirmed verdicts); every record is still written. "
                        "For a gate in CI or a pre-commit hook (docs/check.md)")
    p.add_argument("--format", choices=("jsonl", "table", "html"), default="jsonl", help="output format")
    p.add_argument("-o", "--output", help="output file (default: stdout; html: report.html)")
    p.add_argument("--store", help="corpus store (default: $LEGALCITE_STORE or the user data dir)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (0 = all cores; default 1)")
    p.add_argument("--online", action="store_true",
                   help="ask the official sources about citations the store cannot decide")
    p.add_argument("--date", type=_iso_date, help="judge repeal at this date, YYYY-MM-DD (default: today)")
    p.add_argument("--jurisdiction", choices=tuple(PACKAGES),
                   help="jurisdiction for citations that do not state one")
    p.add_argument("--no-attribution", action="store_true", help="skip the misattribution test")
    g = p.add_argument_group(
        "a model's opinion on attribution (never the default; docs/check.md §4)",
        "A model at an OpenAI-compatible endpoint, configured as for `legalcite judge`, is asked whether the cited "
        "text supports the claim, for the citations the rules flag or leave undecided only; it sees the claim and "
        "the cited unit's text, in a versioned prompt (attribution-opinion). Its answer can confirm a "
        "misattribution, overturn it, or flag an undecided citation; the evidence names the model, the prompt and "
        "its answer, and the reason says when the opinion decided. Answers are cached; faults are no opinion.")
    g.add_argument("--attribution-judge", metavar="[NAME=]MODEL@URL|FILE",
                   help="the model to ask (temperature 0), or a judges file as `legalcite judge --judges` reads "
                        "(JSON: [{name, model, endpoint, api_key_env, temperature, max_tokens}], one judge)")
    g.add_argument("--api-key-env", default="OPENAI_API_KEY",
                   help="variable holding the key for --attribution-judge MODEL@URL (default OPENAI_API_KEY)")
    g.add_argument("--judge-cache", metavar="FILE",
                   help="cache of its answers (default: attribution_opinion.sqlite in $LEGALCITE_CACHE or the "
                        "user cache dir)")
    g.add_argument("--no-judge-cache", action="store_true", help="ask every time, keep no answers")
    g.add_argument("--judge-timeout", type=float, help="deadline per request in seconds (default 120)")
    g.add_argument("--judge-retries", type=int, help="retries per request after the first try (default 4)")
    g.add_argument("--judge-concurrency", type=int, help="requests at once per worker (default 4)")
    p.add_argument("--max-chars", type=int, default=1_000_000,
                   help="answers longer than this are reported as errors (default 1,000,000)")
    p.add_argument("--max-seconds", type=seconds_arg, metavar="S",
                   help="an answer that takes longer than S seconds ends with an error record, and the run goes on "
                        "(default: no limit)")
    p.add_argument("--engine", choices=("local", "dask"), default="local",
                   help="local processes, or a Dask cluster (pip install legalcite[dist]; JSONL in and out)")
    p.add_argument("--scheduler", help="dask: scheduler address (default: a local cluster of --workers)")
    p.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                   help="progress on stderr: a bar on a terminal, elsewhere a line every 10 s once a run lasts "
                        "that long (auto, on: the same; off: none)")
    p.set_defaults(func=run)


# --split → the reader's text format (legalcite.io.plaintext); "auto" is chosen by the file's name
SPLITS = {"auto": None, "blank": "blocks", "rule": "rules", "heading": "headings", "none": "whole"}
MARKDOWN = (".md", ".markdown")


def text_format(split: str, path: str) -> str:
    """The reader's text format for ``--split``: ``auto`` is ``heading`` for a Markdown file (by its name: a file of
    answers written as Markdown keeps its blank lines inside answers), ``blank`` for any other text."""
    if split == "auto":
        split = "heading" if PurePath(path).suffix.lower() in MARKDOWN else "blank"
    return SPLITS[split]  # type: ignore[return-value]


class FailOn:
    """``--fail-on``: the statuses that make the run exit with 3, each for every verdict or only confirmed ones."""

    def __init__(self, wanted: dict[str, bool]) -> None:
        self.wanted = wanted   # status → only confirmed verdicts count
        self.found: dict[str, int] = {}

    def see(self, rec: dict) -> None:
        """Count the citations of one output record whose status ``--fail-on`` names (only confirmed ones where it asks
        for ``:confirmed``)."""
        for c in rec.get("citations", ()):
            only_confirmed = self.wanted.get(c.get("status", ""))
            if only_confirmed is not None and (not only_confirmed or c.get("confirmed") is True):
                self.found[c["status"]] = self.found.get(c["status"], 0) + 1

    def __str__(self) -> str:
        return ",".join(k + (":confirmed" if v else "") for k, v in self.wanted.items())


def fail_on_arg(text: str) -> FailOn:
    """An argparse type for ``--fail-on invented,misattributed:confirmed``: a usage error (exit 2) naming an unknown
    status or qualifier."""
    from legalcite.status import Status  # start-up: kept off `legalcite --help`

    names = [s.value for s in Status]
    wanted: dict[str, bool] = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        status, _, qualifier = item.partition(":")
        if status not in names or qualifier not in ("", "confirmed"):
            raise argparse.ArgumentTypeError(
                f"{item!r}: a status ({', '.join(names)}), optionally followed by :confirmed")
        wanted[status] = qualifier == "confirmed"
    if not wanted:
        raise argparse.ArgumentTypeError(f"no status given; the statuses are {', '.join(names)}")
    return FailOn(wanted)


def _iso_date(text: str) -> str:
    """``--date``: a real date written YYYY-MM-DD, else a usage error (exit 2)."""
    from legalcite.resolve.store import iso_date  # heavy: imports httpx, reporters_db

    try:
        return iso_date(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


# ------------------------------------------------------------------ workers

def _init_worker() -> None:
    """A worker process (:class:`legalcite.core.workers.Workers` sets its signals): it never shares the parent's
    SQLite connection across fork."""
    from legalcite.corpora.store import forget_stores  # start-up: kept off `legalcite --help`

    forget_stores()


def pool_size(requested: int, answers: int) -> int:
    """The worker processes worth starting: ``requested`` (0: one per core), at most one per core this process may
    run on and one per task of :data:`PER_TASK` answers (``--workers 100000`` started ~4,800 processes)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    tasks = -(-answers // PER_TASK)
    return max(1, min(requested if requested > 0 else cores, cores, tasks))


PER_TASK = 16   # answers a worker checks together (their claims are embedded in one batch)


def _work(job: tuple) -> list[dict]:
    from legalcite.checker import check_answers  # start-up: kept off `legalcite --help`

    answers, options = job
    return check_answers(answers, options)


def _lost(job: tuple, code: int | None) -> list[dict]:
    """The records of a task whose worker ended before answering: SIGTERM to a worker is taken as the run's end
    (it comes with the process group's, and the parent's own handler may not have run yet); a worker ended
    otherwise (SIGKILL, out of memory) costs its answers, each an error record saying so; the run goes on."""
    if code == -signal.SIGTERM:
        raise Terminated()
    if code is not None and code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else f"signal {-code}"
        how = f"was killed by {name}" + (" (out of memory?)" if code == -signal.SIGKILL else "")
    else:
        how = f"ended (exit code {code})"
    answers, _ = job
    return [{"line": a.lineno, "id": a.id if a.id is not None else a.lineno,
             "error": f"not checked: the worker process checking it {how}"} for a in answers]


def _results(items: Iterator[Any], options: CheckOptions, workers: int) -> Generator[dict, None, None]:
    """Output records in input order: answers are checked (in worker processes with ``workers`` ≠ 1, as many as
    :func:`pool_size` allows for the first batch, in bounded batches so memory stays flat however long the input),
    error records pass through in their place. Closing the generator (an error, Ctrl-C, SIGTERM) ends the
    workers."""
    from legalcite.checker import Answer, check_answers  # start-up: kept off `legalcite --help`

    workers = pool_size(workers, sys.maxsize)  # the cores' cap first: it sizes the batch read ahead
    batch = workers * 64
    first = list(itertools.islice(items, batch if workers > 1 else PER_TASK))
    workers = pool_size(workers, sum(isinstance(it, Answer) for it in first))
    if workers == 1:
        chunk = first
        while chunk:
            done = iter(check_answers([it for it in chunk if isinstance(it, Answer)], options))
            for it in chunk:
                yield next(done) if isinstance(it, Answer) else it
            chunk = list(itertools.islice(items, PER_TASK))
        return
    from legalcite.core.workers import Workers  # start-up: kept off `legalcite --help`

    with Workers(workers, _work, initializer=_init_worker) as pool:  # an exception, a close: the workers end
        chunk = first
        while chunk:
            answers = [it for it in chunk if isinstance(it, Answer)]
            tasks = [(answers[k:k + PER_TASK], options) for k in range(0, len(answers), PER_TASK)]
            done = itertools.chain.from_iterable(pool.map(tasks, _lost))
            for it in chunk:
                yield next(done) if isinstance(it, Answer) else it
            chunk = list(itertools.islice(items, batch))


# ------------------------------------------------------------------ output

class _Progress:
    """The answers checked so far, on stderr: a bar rewritten in place on a terminal; elsewhere (a log, a CI job) a
    plain line every :data:`LOG_EVERY` seconds once a run lasts that long, so a long check never looks hung and a
    quick one in a script prints nothing more than before."""

    def __init__(self, enabled: bool, total_bytes: int | None, tty: bool | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        from legalcite._util import StatusLine  # start-up: kept off `legalcite --help`

        self.enabled = enabled
        self.total = total_bytes
        tty = sys.stderr.isatty() if tty is None else tty
        self.status = StatusLine(every=0.2, line_every=LOG_EVERY, at_once=tty, tty=tty, clock=clock)
        self.t0 = self.status.now()
        self.n = 0

    def update(self, n: int, pos: int | None) -> None:
        self.n = n
        if not self.enabled:
            return
        now = self.status.now()
        if not self.status.due(now=now):
            return
        rate = n / max(now - self.t0, 1e-9)
        frac = min(1.0, pos / self.total) if self.total and pos is not None else None
        if self.status.tty:
            bar = f"[{'#' * int(frac * 30):<30}] {frac * 100:5.1f}% " if frac is not None else ""
            self.status.write(f"{bar}{n:,} answers  {rate:,.0f}/s")
        else:
            done = f" ({frac:.0%} of the input)" if frac is not None else ""
            self.status.write(f"legalcite: {plural(n, 'answer')} checked{done}, {rate:,.1f}/s …")

    def close(self) -> None:
        if self.enabled:
            self.status.close()


# seconds between two progress lines where stderr is no terminal
LOG_EVERY = 10.0


# (column, width in terminal columns; 0: the rest of the line). "text" is the citation as the answer wrote it; the id
# column is as wide as the ids of the first answers (:data:`TABLE_SIZED_BY`), within :data:`TABLE_ID_MAX`; an id is
# never cut (a longer one later pushes its row to the right).
_TABLE_COLS = (("id", 2), ("line", 6), ("status", 13), ("key", 40), ("text", 30), ("reason", 0))
TABLE_SIZED_BY = 100
TABLE_ID_MAX = 40


class _Table:
    """``--format table``: one row per citation, streamed as answers are checked once the first
    :data:`TABLE_SIZED_BY` answers have sized the id column; widths are counted in terminal columns, so Chinese keys
    and text stay aligned."""

    def __init__(self, out) -> None:
        self.out = out
        self.held: list[dict] | None = []
        self.widths = dict(_TABLE_COLS)

    def add(self, rec: dict) -> None:
        if self.held is None:
            self._write(rec)
            return
        self.held.append(rec)
        if len(self.held) >= TABLE_SIZED_BY:
            self.close()

    def close(self) -> None:
        """Write what is held (the end of the input, or enough answers to size the columns)."""
        if self.held is None:
            return
        held, self.held = self.held, None
        ids = [width(str(r.get("id"))) for r in held if r.get("citations")]
        self.widths["id"] = min(TABLE_ID_MAX, max([self.widths["id"], *ids]))
        self.out.write_line("  ".join(pad(k, w) if w else k for k, w in self.widths.items()).rstrip())
        for rec in held:
            self._write(rec)

    def _write(self, rec: dict) -> None:
        for c in rec.get("citations", ()):
            vals = {"id": str(rec.get("id")), "line": str(rec.get("line")), "status": c["status"],
                    "key": c.get("key") or "(no key)", "text": c.get("text", ""), "reason": c.get("reason", "")}
            self.out.write_line("  ".join(
                pad(" ".join(vals[k].split()), w) if k == "id" else pad(clip(vals[k], w), w) if w
                else " ".join(vals[k].split()) for k, w in self.widths.items()).rstrip())


class _Totals:
    """What the closing lines on stderr say."""

    def __init__(self) -> None:
        self.answers = self.errors = 0
        self.counts: dict[str, int] = {}
        self.by_jur: dict[str, dict[str, int]] = {}
        self.deduction = 0.0
        self.unconfirmed = 0.0   # what the misattributed and invented verdicts not confirmed would deduct
        from legalcite.deduction import CITATION_PENALTY  # start-up: kept off `legalcite --help`

        self.penalty = float(CITATION_PENALTY)
        self.attribution = {"not run": 0, "no claim": 0}
        self.opinions: dict[str, int] = {}   # the attribution judge's verdicts (--attribution-judge)
        self.opinion_fault = ""
        self.t0 = time.perf_counter()

    def add(self, rec: dict) -> None:
        if "error" in rec:
            self.errors += 1
            return
        self.answers += 1
        s = rec["summary"]
        for k, v in s["counts"].items():
            self.counts[k] = self.counts.get(k, 0) + v
        for j, counts in s.get("by_jurisdiction", {}).items():
            d = self.by_jur.setdefault(j, {})
            for k, v in counts.items():
                d[k] = d.get(k, 0) + v
        self.deduction += s["lexassay_deduction"]
        self.unconfirmed += self.penalty * len(s.get("unconfirmed", ()))
        self.attribution["not run"] += s.get("attribution_not_run", 0)
        self.attribution["no claim"] += s.get("attribution_no_claim", 0)
        for c in rec.get("citations", ()):
            for e in c.get("evidence", ()):
                op = e.get("details", {}).get("opinion") if e.get("source") == "attribution" else None
                if op:
                    self.opinions[op["verdict"]] = self.opinions.get(op["verdict"], 0) + 1
                    self.opinion_fault = self.opinion_fault or op.get("error", "")

    def report(self) -> None:
        secs = time.perf_counter() - self.t0
        counts = ", ".join(f"{k} {v:,}" for k, v in sorted(self.counts.items())) or "no citations"
        rate = self.answers / max(secs, 1e-9)
        rate_text = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"   # a short run: not "(0/s)"
        # a deduction of 0 for a file with invented citations says why: they are not confirmed (docs/statuses.md)
        unconfirmed = f" ({self.unconfirmed:g} unconfirmed)" if self.unconfirmed else ""
        print(f"legalcite: {plural(self.answers, 'answer')} checked in {secs:.1f} s ({rate_text}/s), "
              f"{plural(self.errors, 'bad line')}; citations: {counts}; LexAssay deduction total "
              f"{self.deduction:g}{unconfirmed}", file=sys.stderr)
        if any(self.attribution.values()):   # real verdicts whose claim was not compared with the unit, and why not
            print(f"legalcite:   attribution not run on {plural(self.attribution['not run'], 'real citation')}, no "
                  f"claim in {self.attribution['no claim']:,} (the evidence of each says why)", file=sys.stderr)
        if self.opinions:   # what the model said, and why it said nothing where it did not
            print(f"legalcite:   attribution judge asked about {sum(self.opinions.values()):,} citations: "
                  + ", ".join(f"{k} {v:,}" for k, v in sorted(self.opinions.items()))
                  + (f" (first: {self.opinion_fault})" if self.opinion_fault else ""), file=sys.stderr)
        for j, counts_j in sorted(self.by_jur.items()):
            print(f"legalcite:   {j}: " + ", ".join(f"{k} {v:,}" for k, v in sorted(counts_j.items())),
                  file=sys.stderr)


def _fail(msg: object) -> int:
    print(f"legalcite: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """``legalcite check``: one record per answer to the output (or a table or HTML report); exit 1 when a line could
    not be checked, 2 when the run could not be done, 3 when ``--fail-on`` found a status it names."""
    from legalcite.checker import Answer, CheckOptions, answer_of  # start-up: kept off `legalcite --help`
    from legalcite.corpora.store import StoreError, open_store, resolve_store_path  # start-up: off --help
    from legalcite.io import BadLine, JsonlWriter, Line, Reader  # start-up: kept off `legalcite --help`
    if args.engine == "dask":  # before the store is opened or an answer read: one line and exit 2 without dask
        from legalcite.extras import require  # start-up: kept off `legalcite --help`

        require("dist", "legalcite check --engine dask")
    if args.whole_file and args.split not in ("auto", "none"):
        return _fail(f"--whole-file is --split none; it cannot go with --split {args.split}")
    plain = text_format("none" if args.whole_file else args.split, args.input)
    fmt = plain if args.input_format == "text" else args.input_format
    try:  # the input first: a missing file is the first thing said, before any notice about the store
        reader = Reader(args.input, format=fmt, id_field=args.id_field, text_format=plain,
                        field=args.text_field, max_chars=args.max_chars if args.max_chars > 0 else None)
    except LegalciteError as e:
        return _fail(e)
    store = resolve_store_path(args.store)
    try:
        opened = open_store(store)  # opened and checked once, here: a bad store fails before any answer is read
    except StoreError as e:
        reader.close()
        return _fail(f"{e} (or pass --store / set LEGALCITE_STORE)" if not store.exists() else e)
    try:
        judge = _attribution_judge(args)
    except (LegalciteError, OSError, ValueError) as e:
        reader.close()
        return _fail(f"--attribution-judge: {e}")
    if not args.no_attribution:  # said once, here, rather than silently in every verdict
        from legalcite.checker import attribution_gaps  # start-up: kept off `legalcite --help`

        for gap in attribution_gaps(opened):
            print(f"legalcite: {gap}", file=sys.stderr)
    options = CheckOptions(store=str(store), text_field=args.text_field, id_field=args.id_field,
                           input_format="text" if fmt == plain else "jsonl", online=args.online,
                           date=args.date, jurisdiction=args.jurisdiction, attribution=not args.no_attribution,
                           max_chars=args.max_chars, question_field=args.question_field, attribution_judge=judge,
                           max_seconds=args.max_seconds)
    workers = pool_size(args.workers, sys.maxsize)  # (the local pool is capped again at the answers it gets)
    if args.engine == "dask":
        with reader:
            next(iter(reader), None)  # the format "auto" finds
        return _run_dask(args, options, workers, reader.stats.format)

    write_report: Callable[..., Path] | None = None
    if args.format == "html":
        from legalcite.report.html import write_report  # start-up: kept off `legalcite --help`
    progress = _Progress(args.progress != "off", reader.size)
    ends: dict[int, int] = {}
    answers: dict[int, dict] = {}   # for the HTML report: the text of each answer, to highlight its citations

    unread: list[LegalciteError] = []   # the input given up part way: said after what was read before is checked

    def items() -> Iterator[Answer | dict]:
        try:
            yield from _items()
        except InputError as e:
            unread.append(e)

    def _items() -> Iterator[Answer | dict]:
        for rec in reader:
            for w in getattr(rec, "warnings", ()):
                print(f"legalcite: {rec.where()}: {w}", file=sys.stderr)
            ends[rec.lineno] = rec.end
            item = answer_of(rec, options)
            if write_report and isinstance(item, Answer) and isinstance(rec, Line):  # an Answer comes of a Line
                answers[item.lineno] = {"text": item.text, "model": (rec.data or {}).get("model")}
            yield item

    totals = _Totals()
    collected: list[dict] = []
    try:
        with reader, (nullcontext() if write_report else JsonlWriter(args.output)) as out, \
                closing(_results(items(), options, workers)) as results:  # closed: the workers end, however it ends
            rows = _Table(out) if args.format == "table" else None
            for rec in results:
                totals.add(rec)
                if args.fail_on:
                    args.fail_on.see(rec)
                if "error" in rec:
                    report_bad(BadLine(reader.path, rec["line"], rec.get("id"), rec["error"]))
                if write_report:
                    collected.append(rec)
                elif rows:
                    rows.add(rec)
                else:
                    assert out is not None, "no HTML report: the records go to the JsonlWriter"
                    out.write(rec)
                progress.update(totals.answers + totals.errors, ends.pop(rec["line"], None))
            if rows:
                rows.close()
        progress.close()
        if unread:
            return _fail(unread[0])
        missing = reader.missing_everywhere(args.text_field)
        if missing:
            return _fail(missing)
        if not totals.answers + totals.errors:
            return _fail(f"{reader.path}: no answer to check (the input is empty or blank)")
        if write_report:
            path = write_report(collected, args.output or "report.html", answers=answers)
            print(f"legalcite: report written to {path}", file=sys.stderr)
    except LegalciteError as e:  # the input could not be decoded, the output could not be written
        progress.close()
        return _fail(e)
    totals.report()
    if args.fail_on and args.fail_on.found:
        return _failed_on(args.fail_on)
    return EXIT_BAD_LINES if totals.errors else EXIT_OK


def _failed_on(fail_on: FailOn) -> int:
    """The run found a status named by ``--fail-on``: said on stderr, exit 3 (before 1: a gate's answer is the
    verdict; bad lines are reported on their own)."""
    found = ", ".join(f"{plural(n, 'citation')} {k}" for k, n in sorted(fail_on.found.items()))
    print(f"legalcite: --fail-on {fail_on}: {found} (exit {EXIT_FAIL_ON})", file=sys.stderr)
    return EXIT_FAIL_ON


def _attribution_judge(args: argparse.Namespace):
    """``--attribution-judge`` and its options as :class:`~legalcite.attribution.opinion.OpinionSettings` (None
    without it), parsed as ``legalcite judge`` parses its judges; the cache is opened once here, so that a cache that
    cannot be written fails the run before any answer is read."""
    import sqlite3  # start-up: kept off `legalcite --help`
    if not args.attribution_judge:
        return None
    if args.no_attribution:
        raise ValueError("the model's opinion is part of the misattribution test: drop --no-attribution")
    from legalcite import judge as J  # heavy: imports httpx
    from legalcite.attribution.opinion import OpinionSettings, open_cache  # heavy: imports httpx

    spec = args.attribution_judge
    if Path(spec).is_file():
        judges = J.load_judges(spec, default_params={"temperature": 0})
        if len(judges) != 1:
            raise ValueError(f"{spec}: one judge, not {len(judges)}")
        endpoint = judges[0]
    else:
        key = os.environ.get(args.api_key_env) if args.api_key_env else None
        endpoint = J.parse_judge(spec, api_key=key, params={"temperature": 0})
    given = {"retries": args.judge_retries, "timeout": args.judge_timeout, "concurrency": args.judge_concurrency}
    settings = OpinionSettings(endpoint, cache=args.judge_cache, use_cache=not args.no_judge_cache,
                               **{k: v for k, v in given.items() if v is not None})   # else the settings' defaults
    try:
        cache = open_cache(settings)
    except (sqlite3.Error, OSError) as e:
        raise ValueError(f"cannot open the cache {args.judge_cache or 'in the cache dir'} ({e})") from None
    if cache is not None:
        cache.close()
    return settings


def _run_dask(args: argparse.Namespace, options: CheckOptions, workers: int, fmt: str) -> int:
    from legalcite.io import BadLine, Reader  # start-up: kept off `legalcite --help`
    try:
        from legalcite.distributed import run_check  # dask: dist extra
    except ImportError as e:
        return _fail(f"--engine dask needs legalcite.distributed and dask ({e})")
    if fmt != "jsonl" or not args.output or args.input == "-" or args.format != "jsonl":
        return _fail("--engine dask reads a JSONL file and writes JSONL to -o FILE")
    try:
        stats = run_check(args.input, args.output, options, engine="dask", scheduler=args.scheduler,
                          n_workers=workers)
    except LegalciteError as e:  # PartitionsFailed (finished parts kept), an unreadable input
        print(f"legalcite: {e}", file=sys.stderr)
        return EXIT_BAD_LINES
    print(f"legalcite: {stats}", file=sys.stderr)
    bad = 0
    with Reader(args.output) as out:  # error records: the same report and exit code as local runs
        for rec in out:
            if isinstance(rec, BadLine):  # a damaged line of the output: reported like an error record, not a crash
                bad += 1
                report_bad(rec)
            elif rec.data is not None and "error" in rec.data:
                bad += 1
                report_bad(BadLine(args.input, rec.data.get("line", 0), rec.data.get("id"), rec.data["error"]))
            elif rec.data is not None and args.fail_on:
                args.fail_on.see(rec.data)
    if args.fail_on and args.fail_on.found:
        return _failed_on(args.fail_on)
    return EXIT_BAD_LINES if bad else EXIT_OK
