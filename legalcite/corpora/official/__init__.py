"""Corpora built from the official formats, and ``legalcite corpus fetch de|us-ca|us|cn``.

=========  ===============================================  ==============================================
argument   downloads (allow-listed, resumable, checksummed)  loader
=========  ===============================================  ==============================================
``de``     ``gii-toc.xml`` + ``<slug>/xml.zip`` per law       :mod:`.gii` (GII XML, gii-norm DTD)
``us``     ``xml_usc<NN>@<release>.zip`` (OLRC USLM)          :mod:`.uslm`
``us-ca``  ``pubinfo_<year>.zip`` (leginfo bulk tables)       :mod:`.leginfo` (``LAW_SECTION_TBL`` + ``.lob``)
``cn``     flk search + detail API, the law's WORD file        :mod:`.flk` (``.docx`` → 编/章/节, 条, 款, 项)
=========  ===============================================  ==============================================

The loaders are standard library only; the fetcher (httpx) is imported inside :func:`cli_fetch`. Rows go into
the store through :func:`legalcite.corpora.store.write_store`, merged with what the store already holds: the
fetched works replace their old rows, everything else (and the online answer cache) is kept.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

USC_RELEASE = "119-100"   # the release point of ../shared/corpora/us_usc_sections.jsonl.gz; pass --release
GII = "https://www.gesetze-im-internet.de"
USC = "https://uscode.house.gov/download/releasepoints/us/pl"
PUBINFO = "https://downloads.leginfo.legislature.ca.gov"
FLK = "https://flk.npc.gov.cn"


def add_fetch_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``legalcite corpus fetch`` (registered by :mod:`legalcite.cli.corpus`)."""
    parser.add_argument("jurisdiction", choices=("de", "us-ca", "us", "cn"))
    parser.add_argument("--laws", help="de: abbreviations or GII slugs (BGB,StGB); us: titles (18,42); "
                        "us-ca: law codes (CIV,LAB); cn: titles (民法典,中华人民共和国刑法), required. Default: all")
    parser.add_argument("--store", help="store to merge the rows into (default: $LEGALCITE_STORE or the user "
                        "data dir)")
    parser.add_argument("--jsonl", help="write the rows as JSON Lines to this file instead of the store")
    parser.add_argument("--dir", help="download directory (default: $LEGALCITE_CACHE or the user cache dir, "
                        "then official/<jurisdiction>)")
    parser.add_argument("--from", dest="from_dir", metavar="DIR",
                        help="build from files already downloaded to DIR (no network)")
    parser.add_argument("--release", default=USC_RELEASE, help=f"us: U.S. Code release point (default {USC_RELEASE})")
    parser.add_argument("--year", type=int, help="us-ca: pubinfo session year (default: the current session)")
    parser.add_argument("--checksums", help="sha256sum-style file with the expected checksums of the downloads")
    parser.add_argument("--refresh", action="store_true", help="download again even when a verified copy exists")
    parser.add_argument("--quiet", action="store_true", help="no progress output")


# ------------------------------------------------------------------ what to download per jurisdiction

def _split(laws: str | None) -> list[str]:
    return [x.strip() for x in (laws or "").split(",") if x.strip()]


def de_slugs(laws: list[str], toc: dict[str, str] | None) -> list[str]:
    """Map names (``BGB``, ``SGB V``, ``egbgb``, ``uwg_2004``) to GII slugs via the law table, else the TOC."""
    from legalcite.jurisdictions.de.laws import table

    index: dict[str, str] = {}
    for row in table()["laws"]:
        for name in (row["id"], row["abbr"], row["cite_abbr"], *row["alt_abbrs"], row["slug"]):
            index.setdefault(name.lower().replace(" ", ""), row["slug"])
    out = []
    for name in laws:
        slug = index.get(name.lower().replace(" ", ""))
        if slug is None and toc is not None and name.lower() in toc:
            slug = name.lower()
        if slug is None:
            raise SystemExit(f"legalcite: gesetze-im-internet.de has no law {name!r}")
        out.append(slug)
    return list(dict.fromkeys(out))


def current_session_year(today: _dt.date | None = None) -> int:
    """California sessions start in odd years: pubinfo_2025.zip covers 2025–26."""
    y = (today or _dt.date.today()).year
    return y if y % 2 else y - 1


def usc_file(title: str, release: str) -> tuple[str, str]:
    """(url, file name) of one title (``18``) or ``all`` of a release point (``119-100``)."""
    congress, law = release.split("-", 1)
    name = "xml_uscAll" if title == "all" else f"xml_usc{int(title):02d}" if title.isdecimal() else f"xml_usc{title}"
    fname = f"{name}@{release}.zip"
    return f"{USC}/{congress}/{law}/{fname}", fname


# ------------------------------------------------------------------ building rows

def records(jurisdiction: str, files: list[tuple[Path, str]], *, codes: list[str] | None = None,
            log: Any = None) -> Iterator[Any]:
    """Works and units from downloaded files ``(path, slug-or-title)``."""
    from . import gii, leginfo, uslm

    for path, tag in files:
        n = 0
        if jurisdiction == "de":
            it: Iterable[Any] = gii.load_zip(path, slug=tag)
        elif jurisdiction == "us":
            it = uslm.load_zip(path)
        elif jurisdiction == "cn":
            it = _cn_units(path)
        else:
            it = leginfo.iter_pubinfo(path, codes)
        for rec in it:
            n += 1
            yield rec
        if log:
            log(f"  read {path.name}: {n:,} rows")


def _cn_units(docx: Path) -> Iterator[Any]:
    """A law's WORD file and the ``<name>.json`` saved beside it (title, status, publish, url)."""
    from . import flk

    meta = json.loads(docx.with_suffix(".json").read_text(encoding="utf-8"))
    return flk.units_from_lines(flk.docx_lines(docx.read_bytes()), meta["title"], status=meta.get("status", "有效"),
                                source=f"{flk.SOURCE}: {meta.get('url', docx.name)}",
                                snapshot=(meta.get("retrieved_at") or "")[:10] or None, url=meta.get("url"))


def _replaced(recs: list[Any]) -> tuple[set[str], set[str]]:
    """(work keys whose units the new rows replace, key prefixes of replaced US Code titles)."""
    from legalcite.corpora.snapshots import Work

    works, prefixes = set(), set()
    for r in recs:
        if isinstance(r, Work):
            works.add(r.key)
        elif r.jurisdiction == "us":
            prefixes.add(r.key.rsplit("/", 1)[0] + "/")
        elif r.jurisdiction == "us-ca":
            works.add(f"us-ca/{r.work}")
    return works, prefixes


def _existing(store: Path, works: set[str], prefixes: set[str]) -> Iterator[Any]:
    import sqlite3

    from legalcite.corpora import store as store_mod

    con = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    try:
        for row in con.execute("SELECT * FROM works"):
            if row["key"] not in works:
                yield store_mod._work(row)
        for row in con.execute("SELECT * FROM units"):
            k = row["key"]
            if f"{row['jurisdiction']}/{row['work']}" in works or any(k.startswith(p) for p in prefixes):
                continue
            yield store_mod._unit(row)
    finally:
        con.close()


def write_rows(recs: list[Any], *, store: str | None, jsonl: str | None, note: str) -> str:
    """Write to JSON Lines, or merge into the store (keeping its other rows, meta and online cache)."""
    import sqlite3
    from dataclasses import asdict

    from legalcite.corpora.snapshots import Work
    from legalcite.corpora.store import resolve_store_path, write_store

    if jsonl:
        with open(jsonl, "w", encoding="utf-8") as out:
            for r in recs:
                d = asdict(r)
                d["type"] = "work" if isinstance(r, Work) else "unit"
                out.write(json.dumps(d, ensure_ascii=False) + "\n")
        return f"wrote {len(recs):,} rows to {jsonl}"
    path = resolve_store_path(store)
    meta: dict[str, str] = {}
    cache_rows: list[tuple] = []
    old: Iterable[Any] = ()
    if path.exists():
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            meta = dict(con.execute("SELECT name, value FROM meta").fetchall())
            try:
                cache_rows = con.execute("SELECT * FROM online_cache").fetchall()
            except sqlite3.OperationalError:
                pass
        finally:
            con.close()
        works, prefixes = _replaced(recs)
        old = list(_existing(path, works, prefixes))
    fetched = [x for x in meta.get("official_fetch", "").split("; ") if x]
    meta["official_fetch"] = "; ".join(fetched + [note])
    report = write_store([*old, *recs], path, meta=meta)
    if cache_rows:
        from legalcite.resolvers.cache import OnlineCache

        with OnlineCache(path) as cache:  # recreate the table, then put the answers back
            cache._db.executemany(f"INSERT OR REPLACE INTO online_cache VALUES ({','.join('?' * 8)})", cache_rows)
            cache._db.commit()
    return str(report)


# ------------------------------------------------------------------ the command

def cli_fetch(args: argparse.Namespace) -> int:
    """``legalcite corpus fetch``: download (or read ``--from``), parse, write. 0 ok, 1 failure, 2 usage."""
    jur = args.jurisdiction
    say = (lambda msg: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr))
    laws = _split(args.laws)
    if jur == "cn" and not laws and args.from_dir is None:
        print("legalcite: `corpus fetch cn` needs --laws with the titles to fetch (民法典,中华人民共和国刑法): "
              "flk.npc.gov.cn offers no bulk download", file=sys.stderr)
        return 2
    from legalcite.resolvers.http import FetchError

    from .fetch import Downloader, Progress, read_checksums

    offline = args.from_dir is not None
    base = Path(args.from_dir) if offline else Path(args.dir) if args.dir else _default_dir(jur)
    try:
        if offline:
            files = _local_files(jur, base, laws, args)
        else:
            checks = read_checksums(args.checksums) if args.checksums else None
            with Downloader(base, progress=Progress(None if args.quiet else sys.stderr), checksums=checks) as dl:
                files = _download(jur, dl, laws, args, say)
        recs = list(records(jur, files, codes=[c.upper() for c in laws] or None, log=say))
    except FetchError as e:
        print(f"legalcite: {e.reason}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as e:
        print(f"legalcite: {e}", file=sys.stderr)
        return 1
    if not recs:
        print("legalcite: nothing to write (no rows in the files)", file=sys.stderr)
        return 1
    note = f"{jur} {','.join(laws) or 'all'} from {'local files' if offline else 'official downloads'} " \
           f"{_dt.datetime.now(_dt.timezone.utc).date().isoformat()}"
    say(write_rows(recs, store=args.store, jsonl=args.jsonl, note=note))
    return 0


def _default_dir(jur: str) -> Path:
    from legalcite.resolvers.cache import cache_dir

    return cache_dir() / "official" / jur


def _download(jur: str, dl: Any, laws: list[str], args: argparse.Namespace, say: Any) -> list[tuple[Path, str]]:
    from . import gii

    if jur == "de":
        toc = None
        if not laws:
            d = dl.fetch(f"{GII}/gii-toc.xml", "gii-toc.xml", refresh=True)
            toc = gii.parse_toc(d.path.read_bytes())
            slugs = sorted(toc)
            say(f"  {len(slugs):,} laws in gii-toc.xml")
        else:
            try:
                slugs = de_slugs(laws, None)
            except SystemExit:  # a law newer than the shipped table: look in the live table of contents
                d = dl.fetch(f"{GII}/gii-toc.xml", "gii-toc.xml", refresh=True)
                slugs = de_slugs(laws, gii.parse_toc(d.path.read_bytes()))
        return [(dl.fetch(f"{GII}/{slug}/xml.zip", f"{slug}.zip", refresh=args.refresh).path, slug)
                for slug in slugs]
    if jur == "us":
        out = []
        for t in laws or ["all"]:
            url, name = usc_file(t, args.release)
            out.append((dl.fetch(url, name, refresh=args.refresh).path, t))
        return out
    if jur == "cn":
        return [_download_cn(dl, title, i, args) for i, title in enumerate(laws)]
    year = args.year or current_session_year()
    name = f"pubinfo_{year}.zip"
    return [(dl.fetch(f"{PUBINFO}/{name}", name, refresh=args.refresh).path, str(year))]


def _api_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        raise OSError("flk.npc.gov.cn answered with something that is not JSON (its web firewall?)") from None


def _download_cn(dl: Any, title: str, i: int, args: argparse.Namespace) -> tuple[Path, str]:
    """Search the title, ask the detail API for the WORD file, download it; save the row beside it."""
    import httpx

    from legalcite.jurisdictions.cn.laws import work_of_title as cn_work

    from . import flk

    q = httpx.URL(f"{FLK}/api/", params={"type": "", "searchType": "title;vague", "searchWord": title,
                                         "sortTr": "f_bbrq_s;desc", "sort": "true", "page": "1", "size": "20"})
    try:
        row = flk.pick(flk.search_rows(_api_json(dl.fetch(str(q), f"search-{i}.json", refresh=True).path)), title)
        if row is None:
            raise OSError(f"flk.npc.gov.cn has no law titled {title}")
        detail = _api_json(dl.fetch(f"{FLK}/api/detail", f"detail-{i}.json", refresh=True, data={"id": row["id"]}).path)
        path = flk.body_path(detail)
    except (KeyError, TypeError):
        raise OSError("flk.npc.gov.cn answered JSON of an unexpected shape") from None
    if path is None:
        raise OSError(f"flk.npc.gov.cn offers no WORD file for {row['title']}")
    name = cn_work(row["title"]).replace("/", "-")
    doc = dl.fetch(flk.FILES + path, f"{name}.docx", refresh=args.refresh)
    meta = {"title": row["title"], "status": row["status"], "publish": row.get("publish"), "id": row["id"],
            "url": flk.FILES + path, "retrieved_at": doc.retrieved_at}
    doc.path.with_suffix(".json").write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
    return doc.path, name


def _local_files(jur: str, base: Path, laws: list[str], args: argparse.Namespace) -> list[tuple[Path, str]]:
    from . import gii

    if not base.is_dir():
        raise OSError(f"no directory {base}")
    if jur == "de":
        toc_path = base / "gii-toc.xml"
        toc = gii.parse_toc(toc_path.read_bytes()) if toc_path.exists() else None
        slugs = de_slugs(laws, toc) if laws else sorted(p.stem for p in base.glob("*.zip"))
        missing = [s for s in slugs if not (base / f"{s}.zip").exists()]
        if missing:
            raise OSError(f"not in {base}: {', '.join(s + '.zip' for s in missing)}")
        return [(base / f"{s}.zip", s) for s in slugs]
    if jur == "us":
        names = [usc_file(t, args.release)[1] for t in laws] if laws else \
            [p.name for p in sorted(base.glob(f"xml_usc*@{args.release}.zip"))]
        return [(base / n, n) for n in names if (base / n).exists()] or _none(base)
    if jur == "cn":
        from legalcite.corpora.official.flk import norm_title

        docs = [p for p in sorted(base.glob("*.docx")) if p.with_suffix(".json").exists()]
        if laws:
            want = {norm_title(t) for t in laws} | {norm_title("中华人民共和国" + t) for t in laws}
            docs = [p for p in docs if norm_title(p.stem) in want]
        return [(p, p.stem) for p in docs] or _none(base)
    names = [f"pubinfo_{args.year}.zip"] if args.year else [p.name for p in sorted(base.glob("pubinfo_*.zip"))]
    return [(base / n, n) for n in names if (base / n).exists()] or _none(base)


def _none(base: Path) -> list:
    raise OSError(f"no matching official files in {base}")
