"""``legalcite annotate FILE|-``: the text back with every citation linked to its official source or CourtListener
(HTML or Markdown); an HTML input keeps its markup; ``--status`` colours each citation by its check result."""
from __future__ import annotations

import argparse
import sys

from legalcite.cli.common import EXIT_FAILED, EXIT_OK
from legalcite.errors import LegalciteError

_HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".xml")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("annotate", help="link every citation in a text or HTML file", description=__doc__)
    p.add_argument("file", nargs="?", default="-", help="input file; '-' or nothing reads stdin")
    p.add_argument("--format", choices=("html", "markdown"), default=None,
                   help="output (default: html; markdown only for plain text input)")
    p.add_argument("--input", choices=("auto", "text", "html"), default="auto",
                   help="auto: HTML when the file ends in .html/.htm or starts with a tag")
    p.add_argument("--status", action="store_true", help="check each citation and colour it by its status")
    p.add_argument("--store", help="corpus store for --status (default: $LEGALCITE_STORE or the user data dir)")
    p.add_argument("--online", action="store_true", help="with --status: ask the official sources too")
    p.add_argument("--full-span", action="store_true", help="let a case citation's link cover its case name")
    p.add_argument("--jurisdiction", help="hint for citations that do not say their jurisdiction")
    p.add_argument("-o", "--output", help="output file (default: stdout)")
    p.set_defaults(func=run)


def is_html(name: str, text: str) -> bool:
    """Whether to read the input as HTML: an HTML-like file name, or text whose first non-blank character is ``<``."""
    return name.lower().endswith(_HTML_SUFFIXES) or text.lstrip()[:1] == "<"


def run(args: argparse.Namespace) -> int:
    """``legalcite annotate``: the annotated text to ``--output``; exit 2 for an unreadable input, HTML input asked for
    as Markdown, or a store or output fault."""
    from legalcite.annotation import annotate  # start-up: kept off `legalcite --help`
    from legalcite.io import BadLine, JsonlWriter, Reader  # start-up: kept off `legalcite --help`
    try:
        with Reader(args.file, format="whole") as reader:
            records = list(reader)
        first = records[0] if records else None  # format "whole": the whole input is one record
        if isinstance(first, BadLine):
            print(f"legalcite: {first}", file=sys.stderr)
            return EXIT_FAILED
        text = first.text if first is not None else ""
        html_in = args.input == "html" or (args.input == "auto" and is_html(str(args.file), text))
        output = args.format or "html"
        if html_in and output != "html":
            print("legalcite: an HTML input is annotated as HTML (its markup is kept); drop --format markdown",
                  file=sys.stderr)
            return EXIT_FAILED
        result = annotate(text, output=output, markup="html" if html_in else None, status=args.status,
                          full_span=args.full_span, jurisdiction=args.jurisdiction, store=args.store,
                          online=args.online)
        with JsonlWriter(args.output) as out:
            out.write_line(result.removesuffix("\n"))
    except LegalciteError as e:  # unreadable input, a missing or damaged store, an output that cannot be written
        print(f"legalcite: {e}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK

