"""``legalcite parse`` and ``legalcite extract``: citations → canonical keys."""
from __future__ import annotations

import argparse
import sys


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("parse", help="parse citation strings into canonical keys",
                       description="Parse one or more citation strings; print one canonical key per line.")
    p.add_argument("citation", nargs="+", help='e.g. "§§ 280 Abs. 1, 281 BGB"')
    p.add_argument("--jurisdiction", help="hint for citations that do not say their jurisdiction (de, cn, us, us-ca)")
    p.add_argument("--format", choices=("keys", "jsonl"), default="keys")
    p.set_defaults(func=run_parse)

    e = sub.add_parser("extract", help="find every citation in text files",
                       description="Extract citations from a text file (or stdin). With --jsonl-field, the input "
                                   "is JSON Lines and each record's field is scanned.")
    e.add_argument("file", nargs="?", default="-", help="input file; '-' or nothing reads stdin")
    e.add_argument("--format", choices=("jsonl", "table"), default="jsonl")
    e.add_argument("--jurisdiction", help="hint for citations that do not say their jurisdiction")
    e.add_argument("--jsonl-field", metavar="FIELD",
                   help="treat input as JSON Lines and scan this field of each record (e.g. answer)")
    e.add_argument("-o", "--output", help="output file (default: stdout)")
    e.set_defaults(func=run_extract)


def run_parse(args: argparse.Namespace) -> int:
    import legalcite
    from legalcite.cli.common import dump_json

    status = 0
    for s in args.citation:
        try:
            cites = legalcite.parse(s, jurisdiction=args.jurisdiction)
        except ValueError as e:
            print(f"legalcite: {e}", file=sys.stderr)
            status = 1
            continue
        for c in cites:
            print(c.key if args.format == "keys" else dump_json(c.to_dict()))
    return status


def run_extract(args: argparse.Namespace) -> int:
    import json

    import legalcite
    from legalcite.cli.common import dump_json, open_input, open_output, table

    fin = open_input(args.file)
    fout = open_output(args.output)
    failed = 0
    rows: list[dict] = []

    def emit(record_id, cites) -> None:
        for c in cites:
            d = c.to_dict()
            if record_id is not None:
                d = {"id": record_id, **d}
            if args.format == "jsonl":
                fout.write(dump_json(d) + "\n")
            else:
                rows.append({**d, "span": f"{d['span'][0]}-{d['span'][1]}"})

    try:
        if args.jsonl_field:
            for lineno, line in enumerate(fin, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                    text = rec[args.jsonl_field]
                    if not isinstance(text, str):
                        raise TypeError(f"field {args.jsonl_field!r} is {type(text).__name__}, not a string")
                except Exception as e:  # report and go on: one bad line loses nothing else
                    print(f"legalcite: line {lineno}: {e}", file=sys.stderr)
                    failed += 1
                    continue
                emit(rec.get("id", lineno), legalcite.extract(text, jurisdiction=args.jurisdiction))
        else:
            emit(None, legalcite.extract(fin.read(), jurisdiction=args.jurisdiction))
        if args.format == "table":
            fout.write(table(rows, ["key", "span", "text", "jurisdiction", "kind"]) + "\n")
    finally:
        if fout is not sys.stdout:
            fout.close()
    return 1 if failed else 0
