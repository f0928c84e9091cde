"""``legalcite report CHECK.jsonl -o report.html``: the HTML report of a check run."""
from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "report",
        help="write a self-contained HTML report from check JSONL",
        description="Render the JSONL that `legalcite check` writes as one HTML file: summary by status, "
        "jurisdiction and model, LexAssay deduction per answer, every answer with its citations highlighted.",
    )
    p.add_argument("input", help="check output (JSONL), - for stdin")
    p.add_argument("-o", "--output", default="report.html", help="HTML file to write (default: report.html)")
    p.add_argument("--title", help="page title")
    p.add_argument("--answers", metavar="FILE",
                   help="the file the check read, for answer texts when the check output has no \"text\" field "
                        "(matched by the records' \"line\"); also gives each answer's \"model\"")
    p.add_argument("--text-field", help="JSON field of the answer in --answers (default: answer, text, response, …)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from legalcite.cli.common import open_input
    from legalcite.report.html import read_answers, read_records, write_report

    answers = read_answers(args.answers, args.text_field) if args.answers else None
    with open_input(args.input) as fh:
        out = write_report(read_records(fh), args.output, title=args.title, answers=answers)
    print(f"legalcite: report written to {out}", file=sys.stderr)
    return 0
