"""The local corpus store: one SQLite file, one row per unit keyed by the canonical key, plus one row per work.

Built from snapshot records (:mod:`legalcite.corpora.snapshots`, or any other loader that yields
:class:`~legalcite.corpora.CorpusUnit` / :class:`~legalcite.corpora.snapshots.Work`). The build writes a temporary
file beside the target and renames it over the old store only when complete, so a failed or interrupted build
never replaces a good store; rebuilding from unchanged inputs is skipped (the inputs' fingerprint is stored).

Location: ``--store`` / ``LEGALCITE_STORE``, else ``<platform user data dir>/legalcite/store.sqlite``.
Standard library only at import (platformdirs is imported when the default path is asked for).
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from legalcite._util import StatusLine, loading
from legalcite._version import __version__
from legalcite.corpora import CorpusUnit
from legalcite.corpora.cases import CaseRecord, CaseTable
from legalcite.corpora.snapshots import Work, iter_records
from legalcite.errors import LegalciteError, OutputError
from legalcite.keys import cn_ascii_brackets

if TYPE_CHECKING:
    from legalcite.corpora.snapshots import SnapshotReader

SCHEMA_VERSION = 2
SCHEMA_CHANGES = {2: "version 2 adds the case tables (cases, case_tables)"}
ENV_VAR = "LEGALCITE_STORE"

_SCHEMA = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT);
CREATE TABLE units (
    key TEXT PRIMARY KEY, jurisdiction TEXT NOT NULL, work TEXT NOT NULL, work_title TEXT, heading TEXT,
    text TEXT NOT NULL, language TEXT, subunits TEXT, path TEXT, repealed INTEGER NOT NULL DEFAULT 0,
    repealed_on TEXT, replaced_by TEXT, valid_from TEXT, source TEXT, snapshot TEXT, extra TEXT
);
CREATE TABLE works (
    key TEXT PRIMARY KEY, jurisdiction TEXT NOT NULL, work TEXT NOT NULL, title TEXT, aliases TEXT,
    complete INTEGER NOT NULL, n_units INTEGER, repealed INTEGER NOT NULL DEFAULT 0, repealed_on TEXT,
    replaced_by TEXT, source TEXT, snapshot TEXT, extra TEXT
);
CREATE TABLE aliases (alias TEXT NOT NULL, jurisdiction TEXT NOT NULL, work_key TEXT NOT NULL);
CREATE TABLE cases (
    key TEXT NOT NULL, jurisdiction TEXT NOT NULL, tbl TEXT NOT NULL, volume_key TEXT NOT NULL,
    first_page INTEGER, last_page INTEGER, name TEXT, name_full TEXT, party1 TEXT, party2 TEXT, date TEXT,
    court TEXT, docket TEXT, parallel TEXT, case_id TEXT, source TEXT, snapshot TEXT, extra TEXT,
    PRIMARY KEY (key, tbl)
);
CREATE TABLE case_tables (
    name TEXT NOT NULL, jurisdiction TEXT NOT NULL, reporter TEXT NOT NULL, min_volume INTEGER, max_volume INTEGER,
    n_cases INTEGER NOT NULL, closed INTEGER NOT NULL, complete INTEGER NOT NULL, source TEXT, snapshot TEXT,
    extra TEXT, PRIMARY KEY (name, reporter)
);
"""
_INDEXES = """
CREATE INDEX units_work ON units (jurisdiction, work);
CREATE INDEX aliases_alias ON aliases (alias);
CREATE INDEX cases_volume ON cases (volume_key, first_page);
CREATE INDEX cases_party1 ON cases (party1);
CREATE INDEX cases_party2 ON cases (party2);
"""


def default_store_path() -> Path:
    """``LEGALCITE_STORE`` if set, else the platform's user data dir (``~/.local/share/legalcite`` on Linux)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    import platformdirs  # start-up: kept off `legalcite check`

    return Path(platformdirs.user_data_dir("legalcite", appauthor=False)) / "store.sqlite"


def resolve_store_path(path: str | os.PathLike | None = None) -> Path:
    """An explicit path wins, then ``LEGALCITE_STORE``, then the default location."""
    return Path(path).expanduser() if path else default_store_path()


def store_file(path: str | os.PathLike | None = None) -> Path:
    """The file a build writes for the store at ``path`` (:func:`resolve_store_path`): a symbolic link's target,
    so that the link stays a link (a rename over the link replaced it, and the target kept the old store); a
    regular file or a path where nothing is yet. Anything else — a device (as root, ``--store /dev/full`` became a
    regular file), a directory, a FIFO, a socket — is refused (:class:`BuildRefused`), nothing written."""
    given = resolve_store_path(path)
    real = Path(os.path.realpath(given))
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        return real
    except OSError as e:
        raise BuildRefused(f"{given}: cannot be read ({e.strerror or e}); nothing was written") from None
    if stat.S_ISREG(mode):
        return real
    kind = ("a directory" if stat.S_ISDIR(mode) else "a character device" if stat.S_ISCHR(mode)
            else "a block device" if stat.S_ISBLK(mode) else "a FIFO" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
    target = f" (a link to {real})" if real != given.absolute() else ""
    raise BuildRefused(f"{given}{target} is {kind}: a store is written only to a regular file or a new path; "
                       "nothing was written")


def _dumps(obj: Any) -> str | None:
    if obj in (None, (), [], {}):
        return None
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _loads(s: str | None, default: Any) -> Any:
    return json.loads(s) if s else default


def fingerprint(corpora_dir: Path, readers: Sequence[SnapshotReader], jurisdictions: Iterable[str] | None = None
                ) -> str:
    """Identifies a build's inputs: snapshot file names, sizes and mtimes, the jurisdictions, the schema and
    legalcite version. Same fingerprint → the existing store is up to date."""
    h = hashlib.sha256(f"{SCHEMA_VERSION}|{__version__}|{sorted(jurisdictions or [])}".encode())
    for name in (r.file for r in readers):
        p = Path(corpora_dir) / name
        if p.exists():
            st = p.stat()
            h.update(f"{name}|{st.st_size}|{int(st.st_mtime)}".encode())
    return h.hexdigest()[:16]


@dataclass
class BuildReport:
    """What :func:`build_store` did: the store's path, its unit and work counts, the build's wall time in seconds, and
    whether it was skipped as up to date."""

    path: Path
    units: int
    works: int
    seconds: float
    skipped: bool = False        # the store was already up to date

    def __str__(self) -> str:
        if self.skipped:
            return f"store {self.path} is up to date ({self.units:,} units, {self.works:,} works)"
        return f"built {self.path}: {self.units:,} units, {self.works:,} works in {self.seconds:.1f} s"


Progress = Callable[[int, str], None]


# A step run on the new store before it replaces the old one: ``step(connection, progress)`` (the attribution
# index, legalcite.attribution.store.write_lexical, is the CLI's); passed in, so corpora imports no later stage.
BuildStep = Callable[[sqlite3.Connection, "Progress | None"], Any]


def write_store(records: Iterable[Any], path: str | os.PathLike, *, meta: dict[str, str] | None = None,
                progress: Progress | None = None, steps: Sequence[BuildStep] = (),
                at_least: Callable[[dict[str, int], int], None] | None = None) -> BuildReport:
    """Write Work and CorpusUnit records to a new store at ``path``, atomically (temp file + rename), after
    removing the temporary files that killed builds left beside it (``path``: :func:`store_file`, a link's target).
    A later record with the same key replaces an earlier one. ``at_least(units, cases)``, called with what the
    records wrote (units by jurisdiction, cases; before the tables kept from the old store are carried over), may
    refuse the new store (it raises; the old one stays). A full disk or another SQLite write failure is an
    :class:`~legalcite.errors.OutputError` naming ``path``, with nothing changed there."""
    from legalcite.io.files import atomic_path, remove_stale_temps  # start-up: kept off `legalcite check`
    path = store_file(path)
    remove_stale_temps(path)
    t0 = time.perf_counter()
    with atomic_path(path) as tmp:
        try:
            n_units, n_works = _write(records, tmp, path, meta, progress, steps, at_least)
        except sqlite3.OperationalError as e:  # "database or disk is full", "unable to open database file"
            raise OutputError(f"{path}: could not be written ({e}); nothing was changed there") from None
    return BuildReport(path, n_units, n_works, time.perf_counter() - t0)


def _case_row(rec: Any) -> tuple:
    parties = rec.parties or (None, None)
    return (rec.key, rec.jurisdiction, rec.table, rec.volume_key, rec.first_page, rec.last_page, rec.name,
            rec.name_full, parties[0], parties[1], rec.date, rec.court, rec.docket, _dumps(list(rec.parallel)),
            rec.case_id, rec.source, rec.snapshot, _dumps(rec.extra))


def _case_table_row(t: Any) -> tuple:
    return (t.name, t.jurisdiction, t.reporter, t.min_volume, t.max_volume, t.n_cases, int(t.closed),
            int(t.complete), t.source, t.snapshot, _dumps(t.extra))


# Several decisions at one citation of one table (an orders list: many dispositions printed on one page) are one row:
# the first decision's, the others in ``extra["shared"]`` (name, date, id), its last page the furthest; a later row
# never silently replaces an earlier one (legalcite.resolve.cases.decisions reads them back), and the same decision
# (same ``case_id``) listed twice is kept once.
_INSERT_CASE = ("INSERT INTO cases VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (key, tbl) DO UPDATE SET "
                "last_page = CASE WHEN excluded.last_page > coalesce(last_page, 0) THEN excluded.last_page "
                "ELSE last_page END, "
                "extra = json_set(coalesce(extra, '{}'), '$.shared', json_insert(coalesce(json_extract(extra, "
                "'$.shared'), json('[]')), '$[#]', json_object('name', excluded.name, 'date', excluded.date, "
                "'case_id', excluded.case_id))) WHERE excluded.case_id IS NOT cases.case_id")
_INSERT_CASE_TABLE = "INSERT OR REPLACE INTO case_tables VALUES (?,?,?,?,?,?,?,?,?,?,?)"


def _write(records: Iterable[Any], tmp: Path, path: Path, meta: dict[str, str] | None,
           progress: Progress | None, steps: Sequence[BuildStep] = (),
           at_least: Callable[[dict[str, int], int], None] | None = None) -> tuple[int, int]:
    n_units = n_works = 0
    tmp.unlink(missing_ok=True)
    con = sqlite3.connect(tmp)
    try:
        con.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + _SCHEMA)
        unit_rows: list[tuple] = []
        case_rows: list[tuple] = []
        for rec in records:
            if isinstance(rec, CaseRecord):
                case_rows.append(_case_row(rec))
                if len(case_rows) >= 5000:
                    con.executemany(_INSERT_CASE, case_rows)
                    case_rows.clear()
                continue
            if isinstance(rec, CaseTable):
                con.execute(_INSERT_CASE_TABLE, _case_table_row(rec))
                continue
            if isinstance(rec, Work):
                con.execute("INSERT OR REPLACE INTO works VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", (
                    rec.key, rec.jurisdiction, rec.work, rec.title, _dumps(list(rec.aliases)), int(rec.complete),
                    rec.n_units, int(rec.repealed), rec.repealed_on, rec.replaced_by, rec.source, rec.snapshot,
                    _dumps(rec.extra)))
                con.execute("DELETE FROM aliases WHERE work_key = ?", (rec.key,))
                names = {rec.work, *(a for a in rec.aliases if a), *([rec.title] if rec.title else [])}
                con.executemany("INSERT INTO aliases VALUES (?,?,?)",
                                [(normalize_alias(a), rec.jurisdiction, rec.key) for a in sorted(names)])
                n_works += 1
                continue
            unit_rows.append((
                rec.key, rec.jurisdiction, rec.work, rec.work_title, rec.heading, rec.text, rec.language,
                _dumps(list(rec.subunits)), _dumps(list(rec.path)), int(rec.repealed), rec.repealed_on,
                rec.replaced_by, rec.valid_from, rec.source, rec.snapshot, _dumps(rec.extra)))
            if len(unit_rows) >= 5000:
                con.executemany("INSERT OR REPLACE INTO units VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", unit_rows)
                n_units += len(unit_rows)
                unit_rows.clear()
                if progress:
                    progress(n_units, rec.jurisdiction)
        con.executemany("INSERT OR REPLACE INTO units VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", unit_rows)
        con.executemany(_INSERT_CASE, case_rows)
        n_units += len(unit_rows)
        if at_least is not None:
            at_least(dict(con.execute("SELECT jurisdiction, count(*) FROM units GROUP BY jurisdiction").fetchall()),
                     con.execute("SELECT count(*) FROM cases").fetchone()[0])
        con.executescript(_INDEXES)
        for step in steps:
            step(con, progress)
        info = {"schema_version": str(SCHEMA_VERSION), "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                **(meta or {})}
        con.executemany("INSERT OR REPLACE INTO meta VALUES (?,?)", sorted(info.items()))
        con.commit()
        if path.exists():
            _keep_tables(con, path)
        n_units = con.execute("SELECT count(*) FROM units").fetchone()[0]
        n_works = con.execute("SELECT count(*) FROM works").fetchone()[0]
    finally:
        con.close()
    return n_units, n_works


# tables other stages keep in the store file: the online answer cache (legalcite.resolve.cache) and the unit vectors
# of `corpus embed` (legalcite.attribution.store; stale rows are recognised by their fingerprint)
KEPT_TABLES = ("online_cache", "attribution_vectors")


def _keep_tables(con: sqlite3.Connection, old: Path) -> None:
    """Carry tables that are not built from snapshots (the online answer cache) over from the old store."""
    try:
        con.execute("ATTACH DATABASE ? AS old", (f"file:{old}?mode=ro",))
    except sqlite3.DatabaseError:
        return
    try:
        for name in KEPT_TABLES:
            rows = con.execute("SELECT type, sql FROM old.sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL",
                               (name,)).fetchall()
            if not rows or con.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)).fetchone():
                continue
            for kind, sql in sorted(rows, key=lambda r: r[0] != "table"):  # the table before its indexes
                con.execute(sql)
            con.execute(f"INSERT INTO main.{name} SELECT * FROM old.{name}")
        _keep_case_tables(con)
        con.commit()
    except sqlite3.DatabaseError:
        pass  # a damaged old store: nothing to keep
    finally:
        con.execute("DETACH DATABASE old")


def _keep_case_tables(con: sqlite3.Connection) -> None:
    """Case tables a user loaded (``legalcite corpus cases``) survive a rebuild from the snapshots: the old store's
    rows of every case table the new records did not write are carried over (a table of another schema is not)."""
    old_cols = [r[1] for r in con.execute("PRAGMA old.table_info(cases)")]
    if old_cols != [r[1] for r in con.execute("PRAGMA main.table_info(cases)")]:
        return
    written = {r[0] for r in con.execute("SELECT DISTINCT name FROM main.case_tables")}
    for (name,) in con.execute("SELECT DISTINCT name FROM old.case_tables").fetchall():
        if name not in written:
            con.execute("INSERT OR IGNORE INTO main.cases SELECT * FROM old.cases WHERE tbl = ?", (name,))
            con.execute("INSERT OR IGNORE INTO main.case_tables SELECT * FROM old.case_tables WHERE name = ?", (name,))


def build_store(corpora_dir: str | os.PathLike, store: str | os.PathLike | None = None, *,
                readers: Sequence[SnapshotReader], jurisdictions: Iterable[str] | None = None, force: bool = False,
                progress: Progress | None = None, steps: Sequence[BuildStep] = ()) -> BuildReport:
    """Build the store from a snapshot directory (``../shared/corpora`` layout) with ``readers`` (the registry's:
    :func:`legalcite.jurisdictions.snapshot_readers`, case lists such as the BGE list among them). Skipped when the
    existing store was built from the same inputs, unless ``force``. Case tables a user loaded into the old store
    are kept. The new store replaces the old one only where it keeps what the old one holds (:func:`losses`), or
    with ``force``; ``store`` is written as :func:`store_file` says (a link's target; no device)."""
    corpora_dir = Path(corpora_dir)
    if not corpora_dir.is_dir():
        raise FileNotFoundError(f"no snapshot directory at {corpora_dir}")
    _check_source(corpora_dir, readers, jurisdictions)
    path = store_file(store)
    fp = fingerprint(corpora_dir, readers, jurisdictions)
    if not force and path.exists():
        try:
            with Store(path) as s:
                if s.meta.get("fingerprint") == fp:
                    return BuildReport(path, s.count("units"), s.count("works"), 0.0, skipped=True)
        except StoreError:
            pass  # not a store (or a damaged one): rebuild
    meta = {"fingerprint": fp, "corpora_dir": str(corpora_dir.resolve()),
            "jurisdictions": ",".join(sorted(jurisdictions)) if jurisdictions else "all"}
    old = {} if force else _units_in(path)

    def at_least(units: dict[str, int], n_cases: int) -> None:  # a typo or a wrong folder must not empty a store
        if not any(units.values()) and n_cases == 0:
            raise BuildRefused(f"the snapshots in {corpora_dir} hold no units and no cases; {path} is left as it was")
        lost = losses(old, units)
        if lost:
            raise BuildRefused(f"the new store would lose what {path} holds ({'; '.join(lost)}): left as it was; "
                               "rebuild with --force (force=True) to replace it all the same")

    return write_store(iter_records(corpora_dir, readers, jurisdictions), path, meta=meta, progress=progress,
                       steps=steps, at_least=at_least)


def _check_source(corpora_dir: Path, readers: Sequence[SnapshotReader], jurisdictions: Iterable[str] | None) -> None:
    """Refuse a build that cannot hold anything: an unknown jurisdiction (``--jurisdictions xx``), or a folder with
    none of the snapshot files of the jurisdictions asked for."""
    known = sorted({r.jurisdiction for r in readers})
    wanted = sorted({j.replace("_", "-").lower() for j in jurisdictions}) if jurisdictions is not None else known
    unknown = [j for j in wanted if j not in known]
    if unknown or not wanted:
        raise BuildRefused(f"unknown jurisdiction{'s' * (len(unknown) > 1)} {', '.join(unknown) or '(none given)'}: "
                           f"the snapshots are read for {', '.join(known)}")
    files = [r.file for r in readers if r.jurisdiction in wanted]
    if not any((corpora_dir / f).exists() for f in files):
        raise BuildRefused(f"no snapshot file in {corpora_dir} for {', '.join(wanted)} (looked for "
                           f"{', '.join(files)}); nothing was built")


KEEP_SHARE = 0.9   # of its units a rebuild must keep in each jurisdiction the store holds (a snapshot may shrink)


def losses(old: dict[str, int], new: dict[str, int]) -> list[str]:
    """What a store with units by jurisdiction ``new`` would lose of one with ``old``, one phrase per jurisdiction
    (none: it may replace it): a jurisdiction it lacks, or one with fewer than :data:`KEEP_SHARE` of its units.
    Counting units alone let a California-only build (33,042 units) replace a store of eu and us (2,443)."""
    lost = []
    for code, n in sorted(old.items()):
        got = new.get(code, 0)
        if not got:
            lost.append(f"no units of {code}, where it has {n:,}")
        elif got < KEEP_SHARE * n:
            lost.append(f"{code}: {got:,} units, {got / n:.0%} of its {n:,} (at least {KEEP_SHARE:.0%} must stay)")
    return lost


def _units_in(path: Path) -> dict[str, int]:
    """The units the store at ``path`` holds by jurisdiction (none for no store there, or a file that is no
    readable store)."""
    if not path.exists():
        return {}
    try:
        with Store(path) as s:
            return {r[0]: r[1] for r in s.read("SELECT jurisdiction, count(*) FROM units GROUP BY jurisdiction")}
    except StoreError:
        return {}


def work_scope(key: str) -> str:
    """``jurisdiction/work`` of a key: the scope of a unit of a work stored whole."""
    return "/".join(key.split("/")[:2])


def merge_into_store(records: list[Any], store: str | os.PathLike | None, *, note: str,
                     steps: Sequence[BuildStep] = (), scope_of: Callable[[str], str] = work_scope) -> BuildReport:
    """Merge fetched records into the store (``corpus fetch``): the scopes they hold replace their earlier rows —
    their works, or the titles of a work stored per title (the U.S. Code: ``scope_of``, the registry's
    :func:`legalcite.jurisdictions.scope_of`) —, every other work and unit, the store's meta and the online answer
    cache stay; ``note`` is appended to the meta's ``official_fetch`` list. A missing store is created (as
    :func:`store_file` says: a link's target, never a device)."""
    path = store_file(store)
    meta: dict[str, str] = {}
    old: Iterable[Any] = ()
    if path.exists():
        with Store(path) as s:
            meta = dict(s.meta)
            works, prefixes = _replaced(records, scope_of)
            old = list(_kept_rows(s, works, prefixes))
    fetched = [x for x in meta.get("official_fetch", "").split("; ") if x]
    meta["official_fetch"] = "; ".join(fetched + [note])
    return write_store([*old, *records], path, meta=meta, steps=steps)


def merge_cases_into_store(records: Iterable[Any], store: str | os.PathLike | None, *, table: str, note: str) -> str:
    """Load a case table (``legalcite corpus cases``) into an existing store, in place and in one transaction (an
    interrupted or failed load leaves the store as it was): the rows of case table ``table`` are replaced by
    ``records``, everything else stays; ``note`` goes into the meta's ``case_tables``. Returns a summary line."""
    path = resolve_store_path(store)
    with Store(path) as s:   # a store of this schema, or StoreMissing / StoreCorrupt with the remedy
        loaded = [x for x in s.meta.get("case_tables", "").split("; ") if x and not x.startswith(f"{table}:")]
    t0 = time.perf_counter()
    n = 0
    con = sqlite3.connect(path, timeout=30, isolation_level=None)
    try:
        con.execute("BEGIN IMMEDIATE")
        con.execute("DELETE FROM cases WHERE tbl = ?", (table,))
        con.execute("DELETE FROM case_tables WHERE name = ?", (table,))
        rows: list[tuple] = []
        for rec in records:
            if isinstance(rec, CaseTable):
                con.execute(_INSERT_CASE_TABLE, _case_table_row(rec))
            elif isinstance(rec, CaseRecord):
                rows.append(_case_row(rec))
                n += 1
                if len(rows) >= 5000:
                    con.executemany(_INSERT_CASE, rows)
                    rows.clear()
        con.executemany(_INSERT_CASE, rows)
        con.execute("INSERT OR REPLACE INTO meta VALUES ('case_tables', ?)",
                    ("; ".join(loaded + [f"{table}: {note}"]),))
        con.execute("COMMIT")
    except sqlite3.DatabaseError as e:   # a damaged or locked store: nothing written, typed
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise StoreCorrupt(f"the corpus store {path} could not take the case table ({e}); {REBUILD}") from None
    except BaseException:                # a bad input file, an interrupt: nothing written
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise
    finally:
        con.close()
    return f"loaded case table {table!r}: {n:,} citations into {path} in {time.perf_counter() - t0:.1f} s"


def _replaced(records: list[Any], scope_of: Callable[[str], str]) -> tuple[set[str], set[str]]:
    """(work keys whose rows the new records replace, key prefixes of the replaced parts of works stored per
    title): a Work replaces itself, a unit its scope."""
    works, prefixes = set(), set()
    for r in records:
        if isinstance(r, Work):
            works.add(r.key)
            continue
        scope = scope_of(r.key)
        if scope.count("/") > 1:
            prefixes.add(scope + "/")
        else:
            works.add(scope)
    return works, prefixes


def _kept_rows(store: "Store", works: set[str], prefixes: set[str]) -> Iterator[Any]:
    for row in store._iter("SELECT * FROM case_tables"):
        yield _case_table(row)
    for row in store._iter("SELECT * FROM cases"):
        yield _case(row)
    for row in store._iter("SELECT * FROM works"):
        if row["key"] not in works:
            yield _work(row)
    for row in store._iter("SELECT * FROM units"):
        k = row["key"]
        if f"{row['jurisdiction']}/{row['work']}" in works or any(k.startswith(p) for p in prefixes):
            continue
        yield _unit(row)


def normalize_alias(name: str) -> str:
    """Alias lookup form: lowercased, no whitespace, ASCII brackets."""
    return cn_ascii_brackets("".join(name.split())).lower()


REBUILD = "rebuild it with `legalcite corpus build --force`"


class StoreError(LegalciteError):
    """The corpus store cannot be used; the message names its path and what to do."""


class BuildRefused(LegalciteError):
    """A store build that would lose what the store holds (a jurisdiction, most units of one, all of them), has
    nothing to build from (an unknown jurisdiction, a folder without snapshots) or names no file to write (a
    device, a directory); the old store stays."""


class StoreMissing(StoreError, FileNotFoundError):
    """No store at the path."""


class StoreCorrupt(StoreError):
    """A file that is not a legalcite store, one built for another schema, or a damaged one."""


_REQUIRED_TABLES = {"meta", "units", "works", "aliases", "cases", "case_tables"}
_VERIFIED: set[tuple[str, int, int]] = set()   # (path, size, mtime) of stores whose pages were all checked


class Store:
    """Read access to a built store: the one type every stage of the check takes (an edge — ``check()``, the CLI,
    the MCP server, the inspect scorer, the Dask runner — turns a path into one with :func:`open_store`). Cheap
    lookups by key; one connection per process: it pickles as its path, and unpickles as the receiving process's
    :func:`open_store` of that path (so :class:`~legalcite.checker.CheckOptions` holding one travels to workers).

    Opening checks that the file is a store of this schema (a foreign or truncated file fails here, with its
    path and the remedy, not on the first lookup); :meth:`verify` reads every page once per process and file.
    A lookup that still meets a damaged page raises :class:`StoreCorrupt`, never a bare ``DatabaseError``."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = resolve_store_path(path)
        if not self.path.exists():
            raise StoreMissing(f"no corpus store at {self.path}; build it with `legalcite corpus build`")
        if self.path.is_dir():
            raise StoreCorrupt(f"{self.path} is a directory, not a corpus store")
        try:
            self._con = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreCorrupt(f"the corpus store {self.path} cannot be opened ({e}); {REBUILD}") from None
        self._con.row_factory = sqlite3.Row
        self._work_cache: dict[str, Any] = {}
        try:
            tables = {r[0] for r in self._q("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not _REQUIRED_TABLES <= tables:
                raise StoreCorrupt(f"{self.path} is not a legalcite corpus store (it lacks the tables "
                                   f"{', '.join(sorted(_REQUIRED_TABLES - tables))}); {REBUILD}")
            self.meta = {r[0]: r[1] for r in self._q("SELECT name, value FROM meta")}
        except StoreError:
            self._con.close()
            raise
        version = self.meta.get("schema_version")
        if version != str(SCHEMA_VERSION):
            self._con.close()
            change = f" ({SCHEMA_CHANGES[SCHEMA_VERSION]})" if SCHEMA_VERSION in SCHEMA_CHANGES else ""
            raise StoreCorrupt(f"the corpus store {self.path} has schema version {version}, this legalcite reads "
                               f"version {SCHEMA_VERSION}{change}; {REBUILD} (case tables loaded with `legalcite "
                               "corpus cases` must be loaded again)")

    def _q(self, sql: str, args: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """All rows of a query; a damaged page met on the way is :class:`StoreCorrupt`, never a bare
        ``DatabaseError``."""
        try:
            return self._con.execute(sql, tuple(args)).fetchall()
        except sqlite3.DatabaseError as e:
            raise StoreCorrupt(f"the corpus store {self.path} is damaged ({e}); {REBUILD}") from None

    def read(self, sql: str, args: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """All rows of a read-only query (for the tables other stages keep in the store: attribution, cache)."""
        return self._q(sql, args)

    def _one(self, sql: str, args: Iterable[Any] = ()) -> sqlite3.Row | None:
        rows = self._q(sql, args)
        return rows[0] if rows else None

    def _iter(self, sql: str, args: Iterable[Any] = ()) -> Iterator[sqlite3.Row]:
        """The rows of a large query, streamed; damage is :class:`StoreCorrupt` as in :meth:`_q`."""
        try:
            yield from self._con.execute(sql, tuple(args))
        except sqlite3.DatabaseError as e:
            raise StoreCorrupt(f"the corpus store {self.path} is damaged ({e}); {REBUILD}") from None

    def verify(self) -> None:
        """Read every page of the file (SQLite's ``quick_check``), once per
        process and file version; :class:`StoreCorrupt` when any is damaged."""
        st = self.path.stat()
        stamp = (str(self.path.resolve()), st.st_size, st.st_mtime_ns)
        if stamp in _VERIFIED:
            return
        try:
            problems = [r[0] for r in self._con.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.DatabaseError as e:
            problems = [str(e)]
        if problems != ["ok"]:
            raise StoreCorrupt(f"the corpus store {self.path} is damaged ({'; '.join(problems[:3])}); {REBUILD}")
        _VERIFIED.add(stamp)

    def __reduce__(self) -> tuple[Callable[[str], Store], tuple[str]]:
        return open_store, (str(self.path),)

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection; the store is read-only here, so nothing is lost."""
        self._con.close()

    def count(self, table: str) -> int:
        """Rows of ``table`` (``units``, ``works``, ``aliases`` or ``cases``; any other name: ValueError)."""
        if table not in ("units", "works", "aliases", "cases"):
            raise ValueError(table)
        return self._q(f"SELECT count(*) FROM {table}")[0][0]  # an aggregate gives one row

    def summary(self) -> tuple[list[tuple], list[tuple]]:
        """Units by jurisdiction (full text, TOC only) and works by jurisdiction (complete, partial, repealed)."""
        units = self._q("SELECT jurisdiction, sum(text != ''), sum(text = '') FROM units GROUP BY jurisdiction "
                        "ORDER BY 1")
        works = self._q("SELECT jurisdiction, sum(complete), sum(1 - complete), sum(repealed) FROM works "
                        "GROUP BY 1 ORDER BY 1")
        return [tuple(r) for r in units], [tuple(r) for r in works]

    def case_summary(self) -> list[tuple]:
        """Case tables: (name, reporters, decisions listed, newest snapshot)."""
        return [tuple(r) for r in self._q("SELECT name, count(*), sum(n_cases), max(snapshot) FROM case_tables "
                                          "GROUP BY name ORDER BY name")]

    # ---------------------------------------------------------------- units

    def unit(self, key: str) -> CorpusUnit | None:
        """The stored unit of exactly ``key``, or None: no alias, parent or sub-unit lookup here (the store resolver
        does those)."""
        row = self._one("SELECT * FROM units WHERE key = ?", (key,))
        return None if row is None else _unit(row)

    def descendants(self, prefix: str, limit: int = 50) -> list[str]:
        """Keys strictly below ``prefix`` (``us/const/amend14`` → ``us/const/amend14/s1`` …)."""
        lo = prefix + "/"
        hi = prefix + "0"  # "0" sorts right after "/"
        rows = self._q("SELECT key FROM units WHERE key >= ? AND key < ? ORDER BY key LIMIT ?", (lo, hi, limit))
        return [r[0] for r in rows]

    def units_of_work(self, jurisdiction: str, work: str, *, with_text: bool = True, language: str | None = None
                      ) -> Iterator[tuple[str, str | None, str]]:
        """``(key, heading, text)`` of every unit of a work, in key order (full-text units only by default).
        With ``language``: the text in that language — the unit's own, or its translation
        (``extra["translations"][language]``, e.g. the German text of an EU act) — and only units that have it."""
        if language is None:
            sql = "SELECT key, heading, text FROM units WHERE jurisdiction = ? AND work = ?"
            if with_text:
                sql += " AND text != ''"
            for row in self._iter(sql + " ORDER BY key", (jurisdiction, work)):
                yield row[0], row[1], row[2]
            return
        sql = "SELECT key, heading, text, language, extra FROM units WHERE jurisdiction = ? AND work = ? ORDER BY key"
        for key, heading, text, lang, extra in self._iter(sql, (jurisdiction, work)):
            if lang == language and (text or not with_text):
                yield key, heading, text
            elif extra and '"translations"' in extra:
                t = json.loads(extra).get("translations", {}).get(language)
                if t and (t.get("text") or not with_text):
                    yield key, t.get("heading"), t.get("text") or ""

    def work_languages(self, jurisdiction: str, work: str) -> set[str]:
        """The languages a work's texts are in: the units' own and their translations' (cached)."""
        cache_key = f"?lang:{jurisdiction}/{work}"
        if cache_key not in self._work_cache:
            langs = {r[0] for r in self._q(
                "SELECT DISTINCT language FROM units WHERE jurisdiction = ? AND work = ? AND text != ''",
                (jurisdiction, work))}
            for (extra,) in self._iter(
                    "SELECT extra FROM units WHERE jurisdiction = ? AND work = ? AND extra LIKE '%\"translations\"%'",
                    (jurisdiction, work)):
                langs.update(json.loads(extra).get("translations", {}))
            self._work_cache[cache_key] = langs
        return self._work_cache[cache_key]

    # ---------------------------------------------------------------- cases

    def cases_at(self, key: str) -> list[CaseRecord]:
        """The :class:`~legalcite.corpora.cases.CaseRecord` s listed at a case key, one per case table that lists it."""
        return [_case(r) for r in self._q("SELECT * FROM cases WHERE key = ? ORDER BY tbl", (key,))]

    def cases_in_volume(self, volume_key: str) -> list[CaseRecord]:
        """Every listed decision of one volume (``us/case/925/f.3d``), by first page."""
        return [_case(r) for r in self._q("SELECT * FROM cases WHERE volume_key = ? ORDER BY first_page",
                                          (volume_key,))]

    def case_tables(self, reporter: str) -> list[CaseTable]:
        """The :class:`~legalcite.corpora.cases.CaseTable` rows that list ``reporter`` (``us/case/f.3d``), cached."""
        key = f"?cases:{reporter}"
        if key not in self._work_cache:
            self._work_cache[key] = [_case_table(r) for r in self._q(
                "SELECT * FROM case_tables WHERE reporter = ? ORDER BY name", (reporter,))]
        return self._work_cache[key]

    def cases_by_party(self, party: str, limit: int = 20) -> list[CaseRecord]:
        """Decisions one of whose parties has the comparison form ``party`` (:func:`legalcite.casenames.party_keys`)."""
        return [_case(r) for r in self._q("SELECT * FROM cases WHERE party1 = ? UNION SELECT * FROM cases WHERE "
                                          "party2 = ? LIMIT ?", (party, party, limit))]

    def has_cases(self) -> bool:
        """Whether any case table is loaded (cached)."""
        key = "?cases"
        if key not in self._work_cache:
            self._work_cache[key] = self._one("SELECT 1 FROM case_tables LIMIT 1") is not None
        return self._work_cache[key]

    # ---------------------------------------------------------------- works

    def work(self, key: str):
        """The :class:`~legalcite.corpora.snapshots.Work` for ``jurisdiction/work``, or None (cached)."""
        if key not in self._work_cache:
            row = self._one("SELECT * FROM works WHERE key = ?", (key,))
            self._work_cache[key] = None if row is None else _work(row)
        return self._work_cache[key]

    def covers(self, jurisdiction: str) -> bool:
        """Whether the store holds any work of ``jurisdiction`` (cached)."""
        key = f"?jur:{jurisdiction}"
        if key not in self._work_cache:
            self._work_cache[key] = self._one(
                "SELECT 1 FROM works WHERE jurisdiction = ? LIMIT 1", (jurisdiction,)) is not None
        return self._work_cache[key]

    def find_works(self, name: str, jurisdiction: str | None = None) -> list:
        """Works whose id, title or alias is ``name`` (case and whitespace ignored)."""
        sql = "SELECT DISTINCT work_key FROM aliases WHERE alias = ?"
        args: list[Any] = [normalize_alias(name)]
        if jurisdiction:
            sql += " AND jurisdiction = ?"
            args.append(jurisdiction)
        return [w for (k,) in self._q(sql, args) if (w := self.work(k))]


@lru_cache(maxsize=4)
def _open_verified(path: str) -> Store:
    store = Store(path)
    with loading(f"checking the corpus store {path} ({store.path.stat().st_size / 2**20:,.0f} MB)"):
        store.verify()
    return store


def open_store(store: Store | str | os.PathLike | None = None) -> Store:
    """The one conversion from what a caller names to a :class:`Store`: the object itself, or opened and verified
    (once per process) from a path, ``LEGALCITE_STORE`` or the default location. Raises :class:`StoreError` for a
    missing, foreign or damaged store."""
    if isinstance(store, Store):
        return store
    if store is not None and not isinstance(store, (str, os.PathLike)):
        raise TypeError(f"a store is a Store, a path or None, not {type(store).__name__}")
    return _open_verified(str(resolve_store_path(store)))


def forget_stores() -> None:
    """Drop this process's open stores (a forked worker must not share its parent's SQLite connection)."""
    _open_verified.cache_clear()


def _case(row: sqlite3.Row) -> CaseRecord:
    parties = (row["party1"], row["party2"]) if row["party1"] is not None or row["party2"] is not None else None
    return CaseRecord(
        key=row["key"], jurisdiction=row["jurisdiction"], table=row["tbl"], name=row["name"],
        name_full=row["name_full"], date=row["date"], court=row["court"], docket=row["docket"],
        first_page=row["first_page"], last_page=row["last_page"], parallel=tuple(_loads(row["parallel"], [])),
        parties=parties, case_id=row["case_id"], source=row["source"] or "", snapshot=row["snapshot"],
        extra=_loads(row["extra"], {}),
    )


def _case_table(row: sqlite3.Row):
    return CaseTable(
        name=row["name"], jurisdiction=row["jurisdiction"], reporter=row["reporter"], min_volume=row["min_volume"],
        max_volume=row["max_volume"], n_cases=row["n_cases"], closed=bool(row["closed"]),
        complete=bool(row["complete"]), source=row["source"] or "", snapshot=row["snapshot"],
        extra=_loads(row["extra"], {}),
    )


def _unit(row: sqlite3.Row) -> CorpusUnit:
    return CorpusUnit(
        key=row["key"], jurisdiction=row["jurisdiction"], work=row["work"], work_title=row["work_title"],
        heading=row["heading"], text=row["text"], language=row["language"],
        subunits=tuple(_loads(row["subunits"], [])), path=tuple(_loads(row["path"], [])),
        repealed=bool(row["repealed"]), repealed_on=row["repealed_on"], replaced_by=row["replaced_by"],
        valid_from=row["valid_from"], source=row["source"] or "", snapshot=row["snapshot"],
        extra=_loads(row["extra"], {}),
    )


def _work(row: sqlite3.Row):
    return Work(
        key=row["key"], jurisdiction=row["jurisdiction"], work=row["work"], title=row["title"],
        aliases=tuple(_loads(row["aliases"], [])), complete=bool(row["complete"]), n_units=row["n_units"] or 0,
        repealed=bool(row["repealed"]), repealed_on=row["repealed_on"], replaced_by=row["replaced_by"],
        source=row["source"] or "", snapshot=row["snapshot"], extra=_loads(row["extra"], {}),
    )


class print_progress:  # noqa: N801 (called as the function it was)
    """A build's progress callback: one stderr line rewritten on a terminal, a plain line every few seconds
    elsewhere (:class:`~legalcite._util.StatusLine`: a build in a CI log must not sit silent for minutes).
    :meth:`close` ends it."""

    def __init__(self, stream: IO[str] | None = None, line_every: float = 5.0) -> None:
        self.status = StatusLine(stream, line_every=line_every)

    def __call__(self, n: int, label: str) -> None:
        if self.status.due():          # (called per record: the line is formatted only when shown)
            self.status.write(f"  {n:>9,} units  ({label})")

    def close(self) -> None:
        """End a terminal's rewritten line (a log's lines are whole already)."""
        self.status.close()
