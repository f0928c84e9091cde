"""``legalcite report CHECK.jsonl -o report.html``: the HTML report of a check run."""
from __future__ import annotations

import argparse
import sys

from legalcite.cli.common import EXIT_BAD_LINES, EXIT_FAILED, EXIT_OK, report_bad
from legalcite.errors import LegalciteError


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
    """``legalcite report``: the HTML report written, its path on stderr; exit 1 when input lines were bad (they are in
    the report too), 2 when no report could be written."""
    from legalcite.report.html import read_answers, read_records, write_report  # start-up: kept off `legalcite --help`

    try:
        answers = read_answers(args.answers, args.text_field) if args.answers else None
        records, bad = read_records(args.input)
        for b in bad:
            report_bad(b)
        # bad lines stay visible in the report too; without "line", which in a check record means the answer's line
        records += [{"error": str(b)} for b in bad]
        out = write_report(records, args.output, title=args.title, answers=answers)
    except LegalciteError as e:  # a missing input, no check output in it, a report that cannot be written
        print(f"legalcite: {e}", file=sys.stderr)
        return EXIT_FAILED
    print(f"legalcite: report written to {out}", file=sys.stderr)
    return EXIT_BAD_LINES if bad else EXIT_OK
