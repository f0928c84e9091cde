"""``legalcite parse`` and ``legalcite extract``: citations → canonical keys."""
from __future__ import annotations

import argparse
import sys

from legalcite.cli.common import EXIT_BAD_LINES, EXIT_FAILED, EXIT_OK, no_citation, report_bad, table
from legalcite.errors import InputError, LegalciteError
from legalcite.jurisdictions import PACKAGES  # the registry's codes; imports no jurisdiction package


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("parse", help="parse citation strings into canonical keys",
                       description="Parse one or more citation strings; print one canonical key per line.")
    p.add_argument("citation", nargs="+", help='e.g. "§§ 280 Abs. 1, 281 BGB"')
    p.add_argument("--jurisdiction", help="hint for citations that do not say their jurisdiction "
                   f"({', '.join(PACKAGES)})")
    p.add_argument("--format", choices=("keys", "jsonl"), default="keys")
    p.set_defaults(func=run_parse)

    e = sub.add_parser("extract", help="find every citation in text files",
                       description="Extract citations from a text file (or stdin). With --jsonl-field, the input "
                                   "is records — JSON Lines, a JSON array of objects, or a CSV with a header — and "
                                   "each record's field is scanned.")
    e.add_argument("file", nargs="?", default="-", help="input file; '-' or nothing reads stdin")
    e.add_argument("--format", choices=("jsonl", "table"), default="jsonl")
    e.add_argument("--jurisdiction", help="hint for citations that do not say their jurisdiction")
    e.add_argument("--jsonl-field", metavar="FIELD",
                   help="read the input as records (JSON Lines, a JSON array, CSV) and scan this field or column of "
                        "each (e.g. answer)")
    e.add_argument("--unresolved", action="store_true",
                   help="also print short forms that could not be bound to a law (a bare \"§ 276\"; no key)")
    e.add_argument("--max-chars", type=int, default=1_000_000,
                   help="a record longer than this is reported as an error and skipped; a text file longer than "
                        "this is read in pieces of at most this many characters, cut at blank lines (a paragraph "
                        "longer than it is the error); default 1,000,000; 0 = no limit")
    e.add_argument("-o", "--output", help="output file (default: stdout); JSON Lines are written and flushed "
                   "record by record, so a killed run keeps what it finished")
    e.set_defaults(func=run_extract)


def run_parse(args: argparse.Namespace) -> int:
    """``legalcite parse``: each argument's keys (or JSON records) on stdout; exit 1 when an argument holds no citation
    (the others are still printed)."""
    from legalcite.pipeline import parse  # start-up: kept off `legalcite --help`
    from legalcite.io import dumps  # start-up: kept off `legalcite --help`

    status = 0
    for s in args.citation:
        try:
            cites = parse(s, jurisdiction=args.jurisdiction)
        except ValueError:
            print(f"legalcite: {no_citation(s, args.jurisdiction)}", file=sys.stderr)
            status = 1
            continue
        for c in cites:
            print(c.key if args.format == "keys" else dumps(c.to_dict()))
    return status


_SHAPES = {"jsonl": "JSON Lines", "json": "a JSON array", "csv": "CSV with a header"}


def run_extract(args: argparse.Namespace) -> int:
    """``legalcite extract``: one JSON record per citation (or a table); exit 1 when a record was bad and skipped, 2
    when the input or output failed or the named field is in no record."""
    from legalcite.pipeline import extract  # start-up: kept off `legalcite --help`
    from legalcite.io import RECORD_FORMATS, BadLine, JsonlWriter, Reader  # start-up: kept off `legalcite --help`
    rows: list[dict] = []
    failed = emitted = 0   # emitted: citations of the text so far (read in pieces: the next piece's antecedents)

    def emit(out: JsonlWriter, record_id, cites, offset: int = 0, before: int = 0) -> None:
        for c in cites:
            d = c.to_dict()
            if offset:  # a piece of a long text: spans in the whole text, antecedents among all its citations
                d["span"] = [d["span"][0] + offset, d["span"][1] + offset]
                if "antecedent" in d:
                    d["antecedent"] += before
            if record_id is not None:
                d = {"id": record_id, **d}
            if args.format == "jsonl":
                out.write(d)
            else:  # a table is aligned over all its rows: written at the end
                rows.append({**d, "key": d.get("key") or "(no key)", "span": f"{d['span'][0]}-{d['span'][1]}"})

    try:
        # without a field the input is one text, unless it holds records: those are refused below, not scanned
        # as one text (their answers merged, their JSON syntax in the spans). A text longer than --max-chars is read
        # in pieces of at most that, cut at blank lines ("windows"), so a 4 MB file gives its citations.
        reader = Reader(args.file, format="jsonl" if args.jsonl_field else "auto", text_format="windows",
                        field=args.jsonl_field, max_chars=args.max_chars or None)
        with reader, JsonlWriter(args.output) as out:
            for rec in reader:
                if not args.jsonl_field and reader.stats.format in RECORD_FORMATS:
                    raise InputError(f"{reader.path}: holds records ({_SHAPES[reader.stats.format]}); name the "
                                     "field to scan with --jsonl-field FIELD"
                                     + (f" (this one has: {', '.join(sorted(data))})"
                                        if (data := getattr(rec, "data", None)) else ""))
                for w in getattr(rec, "warnings", ()):
                    print(f"legalcite: {rec.where()}: {w}", file=sys.stderr)
                if isinstance(rec, BadLine):
                    report_bad(rec)  # report and go on: one bad line loses nothing else
                    failed += 1
                    continue
                try:
                    text = rec.get(args.jsonl_field) if args.jsonl_field else rec.text
                except LegalciteError as e:
                    report_bad(rec.bad(e))
                    failed += 1
                    continue
                if args.max_chars and len(text) > args.max_chars:
                    report_bad(rec.bad(f"{len(text):,} characters, more than --max-chars {args.max_chars:,}; "
                                       "split the text or raise the limit"))
                    failed += 1
                    continue
                cites = extract(text, jurisdiction=args.jurisdiction, unresolved=args.unresolved)
                if args.jsonl_field:
                    emit(out, rec.id if rec.id is not None else rec.lineno, cites)
                else:
                    emit(out, None, cites, rec.offset, emitted)
                    emitted += len(cites)
            if args.format == "table":
                id_column = ["id"] if args.jsonl_field else []  # which record each citation came from
                out.write_line(table(rows, [*id_column, "key", "text", "span", "jurisdiction", "kind"]))
    except LegalciteError as e:  # a missing or undecodable input, an output that cannot be written
        print(f"legalcite: {e}", file=sys.stderr)
        return EXIT_FAILED
    if args.jsonl_field and (missing := reader.missing_everywhere(args.jsonl_field)):
        print(f"legalcite: {missing}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_BAD_LINES if failed else EXIT_OK
