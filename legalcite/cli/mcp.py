"""``legalcite mcp``: legalcite's extract, check, search and print_key as tools of an MCP server over stdio, for
AI agents and the clients that run them (Claude Desktop, IDEs, inspect-ai): :mod:`legalcite.mcp_server`,
docs/agents.md."""
from __future__ import annotations

import argparse
import os
import sys

from legalcite.cli.common import seconds_arg
from legalcite.errors import LegalciteError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "mcp", help="serve extract, check, search and print_key to AI agents (MCP over stdio)",
        description="An MCP server on stdin/stdout (pip install 'legalcite[mcp]'): tools extract (citations with "
        "keys and spans), check (statuses, reasons, evidence: the record `legalcite check` writes), search (a "
        "retrieval index, with --index) and print_key. A client starts it as a subprocess: docs/agents.md. A bad "
        "tool call is the tool's error result; the server goes on.")
    p.add_argument("--store", help="corpus store for check (default: $LEGALCITE_STORE or the user data dir)")
    p.add_argument("--index", metavar="DIR", help="retrieval index for search (`legalcite index build`; default: "
                   "none, and search says so)")
    p.add_argument("--max-chars", type=int, default=1_000_000,
                   help="texts longer than this are refused (default 1,000,000)")
    p.add_argument("--max-seconds", type=seconds_arg, metavar="S",
                   help="a check that takes longer than S seconds is the tool's error (default: no limit)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``legalcite mcp``: serve the tools on stdio until the client closes stdin, exit 0; exit 2 for a missing extra, or
    a store or index that was named and cannot be used (a missing default store is only said)."""
    from legalcite.checker import CheckOptions, attribution_gaps  # start-up: kept off `legalcite --help`
    from legalcite.corpora.store import StoreError, open_store  # start-up: kept off `legalcite --help`
    from legalcite.extras import require  # start-up: kept off `legalcite --help`

    require("mcp", "legalcite mcp")   # before anything is opened: one line naming the extra, exit 2
    from legalcite.mcp_server import Tools, build_server  # heavy: imports Stemmer, bm25s

    tools = Tools(CheckOptions(store=args.store, max_seconds=args.max_seconds, max_chars=args.max_chars),
                  index=args.index)
    try:
        store = open_store(args.store)   # a store named and not usable fails here, not at the first check
        for gap in attribution_gaps(store):
            print(f"legalcite: {gap}", file=sys.stderr)
    except StoreError as e:
        if args.store or os.environ.get("LEGALCITE_STORE"):
            print(f"legalcite: {e}", file=sys.stderr)
            return 2
        print(f"legalcite: {e}; the check tool will say so until one is built (`legalcite corpus build`)",
              file=sys.stderr)
    if args.index:
        try:
            tools.open_index()
        except LegalciteError as e:
            print(f"legalcite: {e}", file=sys.stderr)
            return 2
    build_server(tools).run("stdio")   # until the client closes stdin
    return 0
