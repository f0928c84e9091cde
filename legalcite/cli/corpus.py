"""``legalcite corpus build|info|show|fetch``: the local corpus store the check resolves against."""
from __future__ import annotations

import argparse
import os
import sys


def _default_corpora() -> str | None:
    """``LEGALCITE_CORPORA``, else ``../shared/corpora`` beside the current directory or this checkout."""
    env = os.environ.get("LEGALCITE_CORPORA")
    if env:
        return env
    from pathlib import Path

    for base in (Path.cwd(), Path(__file__).resolve().parents[2]):
        cand = base.parent / "shared" / "corpora"
        if cand.is_dir():
            return str(cand)
    return None


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("corpus", help="build and inspect the local corpus store",
                              description="The SQLite store of statute units that `legalcite check` resolves "
                              "against. Location: --store, else $LEGALCITE_STORE, else the user data dir.")
    sub = p.add_subparsers(dest="corpus_command", metavar="SUBCOMMAND")

    b = sub.add_parser("build", help="build the store from snapshot files",
                       description="Build the store from a directory of snapshot files (the ../shared/corpora "
                       "layout). Atomic: the new store replaces the old one only when complete. Skipped when the "
                       "store was built from the same files (use --force).")
    b.add_argument("--from", dest="from_dir", metavar="DIR",
                   help="snapshot directory (default: $LEGALCITE_CORPORA or ../shared/corpora)")
    b.add_argument("--store", help="store file to write")
    b.add_argument("--jurisdictions", help="comma-separated subset: de,cn,us,us-ca (default: all)")
    b.add_argument("--force", action="store_true", help="rebuild even if the store is up to date")
    b.add_argument("--quiet", action="store_true", help="no progress output")
    b.set_defaults(func=run_build)

    i = sub.add_parser("info", help="where the store is and what it holds")
    i.add_argument("--store", help="store file")
    i.set_defaults(func=run_info)

    s = sub.add_parser("show", help="print the stored unit or work for a canonical key")
    s.add_argument("key", help="e.g. de/bgb/s823, cn/中华人民共和国民法典/art577, us-ca/lab")
    s.add_argument("--store", help="store file")
    s.set_defaults(func=run_show)

    try:
        from legalcite.corpora import official
    except ImportError:
        official = None
    if official is not None and hasattr(official, "add_fetch_arguments"):
        f = sub.add_parser("fetch", help="download official sources into the store",
                           description="Download and parse an official source (gesetze-im-internet.de, OLRC "
                           "USLM, leginfo) and merge it into the store.")
        official.add_fetch_arguments(f)
        f.set_defaults(func=official.cli_fetch)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def run_build(args: argparse.Namespace) -> int:
    from legalcite.corpora.store import build_store, print_progress
    from legalcite.jurisdictions import snapshot_readers

    src = args.from_dir or _default_corpora()
    if not src:
        print("legalcite: no snapshot directory; pass --from DIR or set LEGALCITE_CORPORA", file=sys.stderr)
        return 2
    jurs = [j.strip() for j in args.jurisdictions.split(",")] if args.jurisdictions else None
    try:
        report = build_store(src, args.store, readers=snapshot_readers(), jurisdictions=jurs, force=args.force,
                             progress=None if args.quiet else print_progress())
    except FileNotFoundError as e:
        print(f"legalcite: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        print(file=sys.stderr)
    print(report, file=sys.stderr)
    return 0


def run_info(args: argparse.Namespace) -> int:
    from legalcite.corpora.store import Store, StoreMissing, resolve_store_path

    path = resolve_store_path(args.store)
    try:
        store = Store(path)
    except StoreMissing as e:
        print(f"legalcite: {e}", file=sys.stderr)
        return 1
    with store:
        print(f"store: {path} ({path.stat().st_size / 1e6:.1f} MB)")
        for k, v in sorted(store.meta.items()):
            print(f"  {k}: {v}")
        con = store._con
        print("units by jurisdiction (full text / TOC only):")
        for jur, full, toc in con.execute(
                "SELECT jurisdiction, sum(text != ''), sum(text = '') FROM units GROUP BY jurisdiction ORDER BY 1"):
            print(f"  {jur:6} {full:>9,} {toc:>9,}")
        print("works by jurisdiction (complete / partial / repealed):")
        for jur, comp, part, rep in con.execute(
                "SELECT jurisdiction, sum(complete), sum(1 - complete), sum(repealed) FROM works GROUP BY 1 ORDER BY 1"):
            print(f"  {jur:6} {comp:>7,} {part:>7,} {rep:>7,}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    import json
    from dataclasses import asdict

    from legalcite.corpora.store import Store, StoreMissing

    try:
        store = Store(args.store)
    except StoreMissing as e:
        print(f"legalcite: {e}", file=sys.stderr)
        return 1
    with store:
        rec = store.unit(args.key) or store.work(args.key)
        if rec is None:
            below = store.descendants(args.key, limit=20)
            print(f"legalcite: no unit or work {args.key}" + (f"; below it: {', '.join(below)}" if below else ""),
                  file=sys.stderr)
            return 1
        print(json.dumps(asdict(rec), ensure_ascii=False, indent=2))
    return 0
