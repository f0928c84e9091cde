"""The ``legalcite`` command. Each stage registers its own subcommands from ``legalcite/cli/<module>.py``:
a module defines ``register(subparsers)`` and sets ``func`` on its parsers. Modules import only argparse
at top level and load their stage inside ``func``, so ``legalcite --help`` and start-up stay fast."""
from __future__ import annotations

import argparse
import importlib
import sys

# Order is the order of --help.
MODULES = ("extract", "check", "corpus", "url", "score", "judge", "retrieval", "report")


def build_parser() -> argparse.ArgumentParser:
    from legalcite import __version__

    ap = argparse.ArgumentParser(
        prog="legalcite",
        description="Parse, check, retrieve and score legal citations (DE, CN, US, California).",
    )
    ap.add_argument("--version", action="version", version=f"legalcite {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    for name in MODULES:
        importlib.import_module(f"legalcite.cli.{name}").register(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    if not getattr(args, "func", None):
        ap.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `legalcite extract big.txt | head`
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
