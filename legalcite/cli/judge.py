"""``legalcite judge``. Only argparse at top level; :mod:`legalcite.judge` loads inside ``func``."""
from __future__ import annotations

import argparse
import os
from pathlib import Path
import sys

from legalcite.cli.common import EXIT_BAD_LINES, EXIT_FAILED, EXIT_OK, report_bad
from legalcite.errors import LegalciteError

DESCRIPTION = """Grade open answers against reference answers with an ensemble of LLM judges at OpenAI-compatible
endpoints (LEXam's protocol: each judge scores 0.0-1.0 as [[x]]; the answer's score is the minimum). The default
prompt is LEXam's judging criteria (lexam-criteria, versioned; docs/metrics.md); --prompt, --system and --template
replace it. A score outside 0-1 is no score: the judge is listed under out_of_range and the answer stays incomplete.
Resumable: a rerun sends only the (answer, judge) pairs not yet answered; repeated requests come from a cache.
Exit codes: 0 every answer graded by every judge; 1 some answer lines were bad or some pairs still failed after
their retries (the rest is written; run again to resume); 2 nothing could be done (no judge, unreadable input, no
answer field on any line, a bad template, or no judge could be reached)."""


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("judge", help="grade open answers by N LLM judges (LEXam: min pooling), resumable",
                              description=DESCRIPTION)
    p.add_argument("answers", help="answers JSONL: id and the answer (answer/response/output/…); question and "
                                   "reference_answer here or in --questions")
    p.add_argument("--questions", help="questions JSONL joined on id: question, reference_answer[, language] "
                                       "(e.g. LEXam's open questions)")
    p.add_argument("--judge", action="append", default=[], metavar="[NAME=]MODEL@URL",
                   help="a judge: model at an OpenAI-compatible endpoint; repeat for an ensemble")
    p.add_argument("--judges", metavar="FILE", help="judges as JSON: [{name, model, endpoint, api_key_env, "
                                                    "price_in, price_out, temperature, max_tokens}]")
    p.add_argument("-o", "--output", required=True, help="judged JSONL (one line per answer: scores, pooled); "
                                                         "OUTPUT.calls.jsonl keeps every judgment")
    p.add_argument("--pool", choices=("min", "mean", "median", "max"), default="min",
                   help="pooling of the judges' scores per answer (default min, LEXam's ensemble rule)")
    p.add_argument("--prompt", metavar="FILE", help="a prompt file in the format of the shipped one (JSON: name, "
                                                    "version, system, template); default: LEXam's judging criteria")
    p.add_argument("--template", help="user prompt template file ({question}, {reference_answer}, {answer}); "
                                      "replaces the prompt's template")
    p.add_argument("--system", help="system prompt file; replaces the prompt's system message")
    p.add_argument("--score-pattern", default=None, help="regex whose first match (group 1) is the score "
                                                         r"(default: \[\[x\]\])")
    p.add_argument("--answer-field", help="field holding the answer (default: answer, response, output, …)")
    p.add_argument("--cache", help="cache file (default: judge.sqlite in $LEGALCITE_CACHE or the user cache dir)")
    p.add_argument("--no-cache", action="store_true", help="send every request, keep no answers")
    p.add_argument("--concurrency", type=int, default=4)
    p.add_argument("--retries", type=int, default=4, help="retries per request after the first try (default 4)")
    p.add_argument("--timeout", type=float, default=120.0, help="deadline per request in seconds (default 120)")
    p.add_argument("--api-key-env", default="OPENAI_API_KEY", help="variable holding the key for --judge judges")
    p.add_argument("--price-in", type=float, default=0.0, help="--judge judges: cost per million prompt tokens")
    p.add_argument("--price-out", type=float, default=0.0, help="--judge judges: cost per million completion tokens")
    p.add_argument("--temperature", type=float, default=0.0)
    p.add_argument("--max-tokens", type=int, default=None)
    p.add_argument("-q", "--quiet", action="store_true")
    p.set_defaults(func=_judge)


def _judge(args: argparse.Namespace) -> int:
    try:
        from legalcite import judge as J  # heavy: imports httpx

        params = {"temperature": args.temperature}
        if args.max_tokens is not None:
            params["max_tokens"] = args.max_tokens
        key = os.environ.get(args.api_key_env) if args.api_key_env else None
        judges = [J.parse_judge(s, api_key=key, params=params, price_in=args.price_in, price_out=args.price_out)
                  for s in args.judge]
        if args.judges:
            judges += J.load_judges(args.judges, default_params=params)
        prompt = J.load_prompt(args.prompt) if args.prompt else J.DEFAULT_PROMPT
        template = Path(args.template).read_text(encoding="utf-8") if args.template else prompt.template
        system = Path(args.system).read_text(encoding="utf-8") if args.system else prompt.system
        items, bad = J.read_items(args.answers, args.questions, answer_field=args.answer_field)
        for b in bad:
            report_bad(b)
        if not items:
            print("legalcite judge: no answer to grade", file=sys.stderr)
            return EXIT_FAILED
        cache = None if args.no_cache else (J.SqliteCache(args.cache) if args.cache else J.default_cache())
        stats = J.judge(items, judges, args.output, pool=args.pool, system=system, template=template,
                        score_pattern=args.score_pattern or J.SCORE_PATTERN, cache=cache,
                        concurrency=args.concurrency, retries=args.retries, timeout=args.timeout,
                        progress=not args.quiet)
    except (LegalciteError, OSError, ValueError) as e:
        print(f"legalcite judge: {e}", file=sys.stderr)
        return EXIT_FAILED
    for label, cause in stats["unreachable"].items():  # one line per judge that could not be reached at all
        print(f"legalcite judge: judge {label!r}: {cause}; nothing was graded by it (start the endpoint or fix its "
              "URL, then run the same command again)", file=sys.stderr)
    if stats["unreachable"] and len(stats["unreachable"]) == len(judges) and not stats["answered"]:
        return EXIT_FAILED  # no judge could be reached: nothing was done, and the lines above say why
    if not args.quiet or stats["failed"]:
        for line in summary(stats, len(judges), args.output):
            print(f"legalcite judge: {line}", file=sys.stderr)
    if stats["failed"] or stats["incomplete_items"]:
        print(f"legalcite judge: {stats['incomplete_items']} answers lack a judge's score "
              f"({stats['failed']} requests failed, see {J.calls_path(Path(args.output)).name}.errors.jsonl; "
              f"{stats['items_with_out_of_range_score']} with a score outside 0-1); "
              "run the same command again to resume", file=sys.stderr)
    return EXIT_BAD_LINES if bad or stats["failed"] or stats["incomplete_items"] else EXIT_OK


def summary(stats: dict, n_judges: int, output: str) -> list[str]:
    """The run in a few lines for people: answers and requests, tokens and cost (this run, per judge, the file)."""
    lines = [f"{stats['items']} answers × {n_judges} judges, prompt {stats['prompt']}: {stats['sent']} requests "
             f"sent, {stats['cached']} answered from the cache, {stats['skipped_already_done']} already done, "
             f"{stats['failed']} failed; {stats['prompt_tokens']:,} prompt + {stats['completion_tokens']:,} "
             f"completion tokens, cost {stats['cost']:.4f} this run"]
    for label, e in stats["by_endpoint"].items():
        lines.append(f"  {label}: {e['requests']} requests, {e['prompt_tokens']:,} + {e['completion_tokens']:,} "
                     f"tokens, cost {e['cost']:.4f}")
    t = stats["file_totals"]
    lines.append(f"{output}.calls.jsonl holds {t['answered']} judgments, {t['prompt_tokens']:,} + "
                 f"{t['completion_tokens']:,} tokens, cost {t['cost']:.4f} in all")
    return lines
