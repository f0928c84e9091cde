"""CourtListener citation-lookup API v4: US and California cases by volume / reporter / page.

``POST https://www.courtlistener.com/api/rest/v4/citation-lookup/`` with form fields ``volume``, ``reporter``,
``page`` (or ``text``), header ``Authorization: Token <token>``. The answer is a JSON list, one object per
citation found, each with ``status``: 200 found (``clusters`` holds the case), 300 several cases share the
citation, 400 the reporter is unknown, 404 not in CourtListener, 429 past the per-request citation cap. A
throttled request is HTTP 429 with ``wait_until``; the client honours it.

The token comes from ``$COURTLISTENER_TOKEN`` or ``courtlistener_token`` in ``<user config dir>/legalcite/
config.json``; it is sent only to www.courtlistener.com and never logged or put into evidence.

CourtListener is large but not complete, so a 404 is ``not_findable`` (no hit), never ``invented``. The answer
states facts per key (the decision at the citation, its name, date and parallel cites; the clusters are read into
the case table's record type, :func:`records_of_cluster`); whether the name a citation gives is that decision's
is judged per citation after the answer is shared and cached (:func:`legalcite.resolve.cases.name_checked`): a
found citation under another decision's name is ``misattributed``, with both names in the evidence.

**Bulk data** (:func:`read_bulk`, ``legalcite corpus cases``): CourtListener's bulk files
(https://www.courtlistener.com/help/api/bulk-data/) are PostgreSQL ``COPY … TO STDOUT WITH (FORMAT csv, ENCODING
utf8, HEADER, FORCE_QUOTE *)`` dumps of its tables, bzip2-compressed, one file per table and date. The columns read
(by header name, so added columns do not matter):

- ``citations-<date>.csv.bz2`` (table ``search_citation``): ``volume``, ``reporter`` (reporters-db's canonical
  abbreviation), ``page``, ``type`` (1 federal, 2 state, 3 state regional, 4 specialty, 5 early SCOTUS, 6 Lexis,
  7 West, 8 neutral, 9 journal), ``cluster_id``;
- ``opinion-clusters-<date>.csv.bz2`` (``search_opinioncluster``): ``id``, ``case_name``, ``case_name_short``,
  ``case_name_full``, ``date_filed``, ``docket_id``;
- optional ``dockets-<date>.csv.bz2`` (``search_docket``): ``id``, ``court_id``, ``docket_number``;
- optional ``courts-<date>.csv.bz2`` (``search_court``): ``id``, ``citation_string`` (``D.C. Cir.``).

The files are joined in a temporary SQLite file, so a full export (tens of millions of rows) streams through in
constant memory. A reporter's volumes are ``closed`` when reporters-db gives its edition an end year (F.2d, F. Supp.
2d) and the table lists decisions of that year: no volume after the newest listed exists. CourtListener lists no
page ranges; the check infers a decision's last page from the next listed decision of the volume and says so.

**By download** (:func:`download_bulk`, ``legalcite corpus cases --download courtlistener``): the files lie in the
public S3 bucket ``com-courtlistener-storage`` under ``bulk-data/`` (the help page's "Browse Bulk Data"), written by
``scripts/make_bulk_data.sh`` of freelawproject/courtlistener, which names each ``<file>-$(date -I).csv.bz2`` as it
streams the table there (``aws s3 cp -``), one table after another, quarterly. The bucket is listed with S3's
ListObjectsV2 (``GET /?list-type=2&prefix=bulk-data/citations-``: XML ``<Contents>`` with ``Key``, ``Size``,
``ETag``; ``NextContinuationToken`` while ``IsTruncated``). The newest citations file decides the export; each other
table's file is the newest dated on or before it and at most :data:`EXPORT_SPAN_DAYS` before (one run of the
script may pass midnight). Each file's size is checked against the listing; no checksum is published (a streamed
upload is a multipart upload, whose ``ETag`` is no MD5), except that an ``ETag`` of exactly 32 hex digits is the
MD5 of a plain upload (the S3 API reference) and is then checked too.
"""
from __future__ import annotations

import bz2
import csv
import datetime as _dt
import functools
import gzip
import json
import lzma
import os
import re
from collections.abc import Callable, Sequence
from typing import IO
from dataclasses import dataclass
from pathlib import Path
import sqlite3
import sys
import tempfile
import xml.etree.ElementTree as ET

from legalcite.casenames import party_keys
from legalcite.corpora.cases import CaseRecord, TableStats, as_int, case_key as key_of, reporter_id
import platformdirs

from legalcite.errors import InputError, LegalciteError
from legalcite.jurisdictions.us_common.reporters import lookup_reporter
from legalcite.keys import clean_segment
from legalcite.models import Citation, Kind
from legalcite.net import Downloader, FetchError, OfficialClient
from legalcite.status import CheckedCitation, Status, Undecided

from .base import answer, from_error, not_checked, origin, query_url, seg

BASE = "https://www.courtlistener.com"
BULK_BASE = "https://com-courtlistener-storage.s3-us-west-2.amazonaws.com"   # the bulk-data bucket
PATH = "/api/rest/v4/citation-lookup/"
HOST = "courtlistener.com"
TOKEN_ENV = "COURTLISTENER_TOKEN"


def config_token() -> str | None:
    """The token from the environment, else from the user's config file; None when neither has one."""
    tok = os.environ.get(TOKEN_ENV, "").strip()
    if tok:
        return tok
    try:
        cfg = Path(platformdirs.user_config_dir("legalcite")) / "config.json"
        return (json.loads(cfg.read_text(encoding="utf-8")).get("courtlistener_token") or "").strip() or None
    except (OSError, ValueError, AttributeError):
        return None


@functools.cache
def _reporters() -> dict[str, str]:
    """Key form (lowercased, no spaces: ``cal.4th``) → reporters-db abbreviation (``Cal. 4th``)."""
    from reporters_db import REPORTERS  # reporters_db: heavy

    out: dict[str, str] = {}
    for abbr, entries in REPORTERS.items():
        out.setdefault(abbr.lower().replace(" ", ""), abbr)
        for entry in entries:
            for ed in entry.get("editions", {}):
                out.setdefault(ed.lower().replace(" ", ""), ed)
    return out


def volume_reporter_page(citation: Citation) -> tuple[str, str, str] | None:
    """``(volume, reporter as printed, page)`` of a reporter-cite case key, the reporter in reporters-db's form (the
    extractor's where it kept one); None for any other citation."""
    if citation.work != "case" or len(citation.units) != 3:
        return None
    vol, rep, page = (u.value for u in citation.units)
    printed = getattr(citation.metadata, "reporter", None)  # the extractor's reporters-db form, when it has one
    return vol, str(printed) if printed else _reporters().get(rep, rep), page


JURISDICTIONS = ("us", "us-ca")   # the jurisdictions whose decisions it lists (reporters-db's reporters)


def covers(citation: Citation) -> bool:
    """Whether CourtListener can answer for ``citation``: a US or California decision."""
    return citation.jurisdiction in JURISDICTIONS and citation.kind is Kind.CASE


class CourtListener:
    """CourtListener's citation-lookup API as an :class:`~legalcite.sources.base.OnlineSource` for US and California
    cases (needs an API token: :attr:`token`)."""

    name = "courtlistener"
    host = HOST

    def __init__(self, base: str = BASE, token: str | None = None, bulk_base: str = BULK_BASE) -> None:
        self.base = base.rstrip("/")
        self.bulk_base = bulk_base.rstrip("/")
        self.origins = (origin(self.base), origin(self.bulk_base))
        self._token = token

    def __repr__(self) -> str:  # never show the token
        return f"CourtListener(base={self.base!r}, token={'set' if self.token else 'unset'})"

    @property
    def token(self) -> str | None:
        """The API token: the one given, else the environment's or the config file's (:func:`config_token`), read at
        each use; None when there is none."""
        return self._token or config_token()

    def handles(self, citation: Citation) -> bool:
        return covers(citation)

    def urls(self, citation: Citation) -> list[str]:
        """The human-facing CourtListener URL: its ``/c/<reporter>/<volume>/<page>/`` citation redirect."""
        vrp = volume_reporter_page(citation)
        if vrp is None:
            return []
        vol, rep, page = vrp
        return [f"{self.base}/c/{seg(rep)}/{seg(vol)}/{seg(page)}/"]

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        vrp = volume_reporter_page(citation)
        if vrp is None:
            return not_checked(citation, "no volume, reporter and page to look up on CourtListener", HOST,
                               why=Undecided.NOT_COVERED)
        token = self.token
        if not token:
            return not_checked(citation, f"CourtListener needs an API token: set ${TOKEN_ENV}", HOST,
                               why=Undecided.NOT_COVERED)
        vol, rep, page = vrp
        cite = f"{vol} {rep} {page}"
        try:
            f = await client.request(
                "POST", f"{self.base}{PATH}", data={"volume": vol, "reporter": rep, "page": page},
                headers={"Authorization": f"Token {token}", "Accept": "application/json"},
                accept=("application/json",), ok_statuses=(200,),
            )
            items = f.json()
        except FetchError as e:
            if e.status in (401, 403):
                e.reason = f"CourtListener refused the API token (HTTP {e.status})"
            return from_error(citation, e, HOST)
        except ValueError:
            return not_checked(citation, "CourtListener answered with unreadable JSON", HOST, why=Undecided.FAULT)
        if not isinstance(items, list):
            return not_checked(citation, "CourtListener answered with an unexpected JSON shape", HOST,
                               why=Undecided.FAULT)
        if not items:
            return not_checked(citation, f"CourtListener found no citation in {cite!r}", HOST, f.url)
        item = items[0] if isinstance(items[0], dict) else {}
        status = item.get("status")
        clusters = [c for c in item.get("clusters") or [] if isinstance(c, dict)]
        found = [{"case_name": c.get("case_name"), "date_filed": c.get("date_filed"),
                  "url": self.base + c["absolute_url"] if str(c.get("absolute_url", "")).startswith("/") else None}
                 for c in clusters]
        if status == 200 and clusters:
            case = found[0]
            rows = records_of_cluster(clusters[0], source=HOST, snapshot=None)
            parallel = sorted({k for r in rows for k in (r.key, *r.parallel)} - {citation.key}) or None
            # the facts only; whether the cited name is this decision's is judged per citation
            # (legalcite.resolve.cases.name_checked), so that the answer can be shared and cached by key
            return answer(citation, Status.REAL, f"CourtListener: {cite} is {case['case_name']} "
                          f"({case['date_filed']})", HOST, f, citation.key, url=case["url"] or f.url,
                          case_name=case["case_name"], date_filed=case["date_filed"], parallel=parallel,
                          normalized=item.get("normalized_citations"), item_status=status)
        if status == 300:
            return answer(citation, Status.NOT_FINDABLE, f"CourtListener: {len(found)} cases share {cite}",
                          HOST, f, citation.key, candidates=found, item_status=status)
        if status == 400:
            return answer(citation, Status.NOT_FINDABLE, f"CourtListener does not know the reporter {rep!r}: "
                          f"{item.get('error_message') or 'invalid reporter'}", HOST, f, citation.key,
                          item_status=status)
        if status == 404:
            return answer(citation, Status.NOT_FINDABLE, f"CourtListener has no case at {cite} (its coverage is "
                          "large but not complete, so this is no proof of invention)", HOST, f, citation.key,
                          item_status=status)
        if status == 429:
            return not_checked(citation, "CourtListener did not look this citation up: too many citations in "
                               "one request", HOST, f.url, why=Undecided.FAULT)
        return not_checked(citation, f"CourtListener answered status {status!r} for {cite}", HOST, f.url)


# ------------------------------------------------------------------ case-table records: API answers and bulk data

def case_key(volume: object, reporter: str, page: object) -> tuple[str, str] | None:
    """(case key, jurisdiction) of a CourtListener citation row, from reporters-db's edition of ``reporter``;
    None for a reporter reporters-db does not know or a volume/page that is no key segment."""
    ed = lookup_reporter(str(reporter))
    vol, pg = clean_segment(str(volume or "")), clean_segment(str(page or ""))
    if ed is None or not vol or not pg:
        return None
    return key_of(ed.jurisdiction, vol, pg, ed.segment), ed.jurisdiction


class FinishedSeries:
    """Which reporters of a table are closed: a finished series (reporters-db gives its edition an end year: F.2d,
    F. Supp. 2d) whose final year the table reaches has no volume after its newest listed one. Fed the printed
    reporter and date of every listed decision; called with a reporter id (``us/case/f.2d``)."""

    def __init__(self) -> None:
        self.ends: dict[str, int | None] = {}   # reporter id → its edition's last year (None: still published)
        self.newest: dict[str, int] = {}        # reporter id → the year of its newest listed decision

    def add(self, reporter: str, date: str | None) -> None:
        """Note one listed decision: its reporter as printed and its date (its year counts where readable); a reporter
        reporters-db does not know is skipped."""
        ed = lookup_reporter(reporter)
        if ed is not None:
            rid = reporter_id(ed.jurisdiction, ed.segment)
            self.ends[rid] = ed.end
            year = as_int((date or "")[:4])
            if year is not None:
                self.newest[rid] = max(self.newest.get(rid, year), year)

    def __call__(self, rid: str) -> bool:
        end = self.ends.get(rid)
        return end is not None and self.newest.get(rid, 0) >= end


def records_of_cluster(cluster: dict, *, source: str, snapshot: str | None, table: str = "courtlistener",
                       court: str | None = None, docket: str | None = None) -> list:
    """One :class:`~legalcite.corpora.cases.CaseRecord` per citation of a CourtListener cluster (an API answer's
    ``clusters[]`` item or a bulk-data row with its ``citations``), each naming the others as parallel cites."""
    keys: dict[str, tuple[str, str]] = {}   # key → (jurisdiction, CourtListener's citation-redirect URL)
    for cit in cluster.get("citations") or ():
        got = case_key(cit.get("volume"), cit.get("reporter") or "", cit.get("page"))
        if got and got[0] not in keys:
            keys[got[0]] = (got[1], f"{BASE}/c/{seg(str(cit.get('reporter')))}/{seg(str(cit.get('volume')))}/"
                                    f"{seg(str(cit.get('page')))}/")
    name = cluster.get("case_name") or cluster.get("case_name_short") or None
    parties = party_keys(name)
    page_url = f"{BASE}{cluster['absolute_url']}" if str(cluster.get("absolute_url", "")).startswith("/") else None
    return [CaseRecord(key=key, jurisdiction=jur, table=table, name=name,
                       name_full=cluster.get("case_name_full") or None, date=cluster.get("date_filed") or None,
                       court=court, docket=docket, first_page=as_int(key.rsplit("/", 1)[1]),
                       parallel=tuple(k for k in keys if k != key), parties=parties,
                       case_id=f"courtlistener:{cluster['id']}" if cluster.get("id") is not None else None,
                       source=source, snapshot=snapshot, extra={"url": page_url or url})
            for key, (jur, url) in keys.items()]


BULK_COLUMNS = {
    "citations": ("volume", "reporter", "page", "cluster_id"),
    "clusters": ("id", "case_name", "date_filed"),
    "dockets": ("id", "court_id"),
    "courts": ("id", "citation_string"),
}


def _open_text(path: Path) -> IO[str]:
    """A bulk file as text: ``.bz2``, ``.gz``, ``.xz`` or plain CSV."""
    openers: dict[str, Callable[..., IO[str]]] = {".bz2": bz2.open, ".gz": gzip.open, ".xz": lzma.open}
    opener = openers.get(path.suffix, open)
    return opener(path, "rt", encoding="utf-8", newline="")


def _csv_rows(path: Path, kind: str):
    """The rows of one bulk CSV file as dicts; an :class:`~legalcite.errors.InputError` naming the file when it
    lacks a column :data:`BULK_COLUMNS` needs."""
    csv.field_size_limit(sys.maxsize)  # opinion clusters carry long text columns (syllabus, headnotes)
    try:
        fh = _open_text(path)
    except OSError as e:
        raise InputError(f"cannot read {path}: {e}") from None
    with fh:
        reader = csv.DictReader(fh, escapechar="\\")
        missing = [c for c in BULK_COLUMNS[kind] if c not in (reader.fieldnames or [])]
        if missing:
            raise InputError(f"{path} is not a CourtListener {kind} file: it lacks the column(s) "
                             f"{', '.join(missing)} (header: {', '.join(reader.fieldnames or []) or 'none'})")
        try:
            yield from reader
        except (csv.Error, UnicodeDecodeError, EOFError, OSError) as e:
            raise InputError(f"{path}: unreadable CSV near line {reader.line_num}: {e}") from None


def snapshot_of(path: Path) -> str | None:
    """The export date in a bulk file's name (``citations-2024-05-06.csv.bz2`` → ``2024-05-06``)."""
    m = re.search(r"(\d{4}-\d{2}-\d{2})", path.name)
    return m.group(1) if m else None


def read_bulk(citations: Path, clusters: Path, dockets: Path | None = None, courts: Path | None = None, *,
              table: str = "courtlistener", workdir: Path | None = None):
    """CourtListener bulk data as case-table records (:class:`~legalcite.corpora.cases.CaseRecord` per citation,
    :class:`~legalcite.corpora.cases.CaseTable` per reporter). Joined in a temporary SQLite file in ``workdir``."""
    snapshot = snapshot_of(Path(citations))
    source = f"CourtListener bulk data {Path(citations).name}, {Path(clusters).name}"
    stats = TableStats()
    closed = FinishedSeries()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        con = sqlite3.connect(Path(tmp) / "join.sqlite")
        try:
            try:
                _join(con, Path(citations), Path(clusters), dockets and Path(dockets), courts and Path(courts))
            except sqlite3.DatabaseError as e:   # a full disk, most likely: say where, never blame the store
                raise LegalciteError(f"could not join the bulk files in a temporary file under {tmp} ({e}); free "
                                     "some space there (a download's temporary files go to its --dir)") from None
            cluster: dict | None = None
            for cid, vol, rep, page, name, short, full, date, court_id, number, court_cite in con.execute(
                    "SELECT cit.cluster, cit.volume, cit.reporter, cit.page, clu.name, clu.short, clu.full, clu.date,"
                    " dock.court, dock.number, court.cite FROM cit JOIN clu ON clu.id = cit.cluster"
                    " LEFT JOIN dock ON dock.id = clu.docket LEFT JOIN court ON court.id = dock.court"
                    " ORDER BY cit.cluster"):
                if cluster is None or cluster["id"] != cid:
                    if cluster is not None:
                        yield from map(stats.add, _cluster_records(cluster, source, snapshot, table))
                    cluster = {"id": cid, "case_name": name, "case_name_short": short, "case_name_full": full,
                               "date_filed": date, "citations": [], "court": court_cite or court_id,
                               "docket": number}
                cluster["citations"].append({"volume": vol, "reporter": rep, "page": page})
                closed.add(str(rep), date)
            if cluster is not None:
                yield from map(stats.add, _cluster_records(cluster, source, snapshot, table))
        finally:
            con.close()
    # CourtListener's bulk data lists every published decision of a reporter's volumes: a decision's pages run to
    # the next listed one (corpora.cases.CaseTable.complete)
    yield from stats.tables(name=table, closed=closed, complete=True, source=source, snapshot=snapshot)


def _cluster_records(cluster: dict, source: str, snapshot: str | None, table: str) -> list:
    return records_of_cluster(cluster, source=source, snapshot=snapshot, table=table, court=cluster["court"],
                              docket=cluster["docket"])


def _join(con, citations: Path, clusters: Path, dockets: Path | None, courts: Path | None) -> None:
    """Load the bulk files into ``con``'s tables ``cit``, ``clu``, ``dock``, ``court``."""
    con.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
                      "CREATE TABLE cit (cluster INTEGER, volume TEXT, reporter TEXT, page TEXT);"
                      "CREATE TABLE clu (id INTEGER PRIMARY KEY, name TEXT, short TEXT, full TEXT, date TEXT,"
                      " docket INTEGER);"
                      "CREATE TABLE dock (id INTEGER PRIMARY KEY, court TEXT, number TEXT);"
                      "CREATE TABLE court (id TEXT PRIMARY KEY, cite TEXT);")
    _load(con, "INSERT INTO cit VALUES (?,?,?,?)",
          ((r["cluster_id"], r["volume"], r["reporter"], r["page"]) for r in _csv_rows(citations, "citations")))
    _load(con, "INSERT OR REPLACE INTO clu VALUES (?,?,?,?,?,?)",
          ((r["id"], r["case_name"], r.get("case_name_short"), r.get("case_name_full"), _date(r),
            r.get("docket_id") or None) for r in _csv_rows(clusters, "clusters")))
    if dockets:
        _load(con, "INSERT OR REPLACE INTO dock VALUES (?,?,?)",
              ((r["id"], r["court_id"], r.get("docket_number")) for r in _csv_rows(dockets, "dockets")))
    if courts:
        _load(con, "INSERT OR REPLACE INTO court VALUES (?,?)",
              ((r["id"], r["citation_string"]) for r in _csv_rows(courts, "courts")))
    con.execute("CREATE INDEX cit_cluster ON cit (cluster)")


def _date(cluster: dict) -> str | None:
    """``date_filed``, only its year where CourtListener marks it approximate (``date_filed_is_approximate``)."""
    date = cluster.get("date_filed") or None
    return date[:4] if date and cluster.get("date_filed_is_approximate") in ("t", "true", "True", "1") else date


def _load(con, sql: str, rows, batch: int = 10_000) -> None:
    buf = []
    for row in rows:
        buf.append(row)
        if len(buf) >= batch:
            con.executemany(sql, buf)
            buf.clear()
    con.executemany(sql, buf)


# ------------------------------------------------------------------ bulk data by download

BULK_PREFIX = "bulk-data/"
BULK_FILES = {"citations": "citations", "clusters": "opinion-clusters", "dockets": "dockets", "courts": "courts"}
EXPORT_SPAN_DAYS = 7   # the files of one export run are dated within this many days of its citations file
_S3_MD5 = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True)
class BulkFile:
    """One bulk file as the bucket lists it."""

    kind: str          # citations, clusters, dockets, courts
    key: str           # bulk-data/citations-2024-05-06.csv.bz2
    date: str          # 2024-05-06
    size: int          # bytes
    md5: str | None    # the ETag where it is an MD5 (a plain upload); None for a multipart upload

    @property
    def name(self) -> str:
        """The file's name: the last part of its key (``citations-2024-05-06.csv.bz2``)."""
        return self.key.rsplit("/", 1)[-1]


def bulk_listing(dl: Downloader, kind: str, base: str = BULK_BASE) -> list[BulkFile]:
    """Every ``<file>-<date>.csv.bz2`` of one table in the bucket (ListObjectsV2, all pages)."""
    prefix = f"{BULK_PREFIX}{BULK_FILES[kind]}-"
    name_rx = re.compile(re.escape(prefix) + r"(\d{4}-\d{2}-\d{2})\.csv\.bz2")
    out: list[BulkFile] = []
    token: str | None = None
    for page in range(1, 1000):
        params = {"list-type": "2", "prefix": prefix, **({"continuation-token": token} if token else {})}
        got = dl.fetch(query_url(f"{base}/", params), f"listing-{BULK_FILES[kind]}-{page}.xml", refresh=True)
        try:
            root = ET.fromstring(got.path.read_bytes())
        except ET.ParseError as e:
            raise FetchError(f"the CourtListener bucket answered a listing that is not XML ({e})",
                             url=got.url) from None
        if not root.tag.endswith("ListBucketResult"):
            raise FetchError(f"the CourtListener bucket answered <{root.tag}>, not an S3 object listing", url=got.url)
        for item in root.findall("{*}Contents"):
            key, size = item.findtext("{*}Key") or "", item.findtext("{*}Size") or ""
            m = name_rx.fullmatch(key)
            if m and size.isdecimal():
                etag = (item.findtext("{*}ETag") or "").strip().strip('"').lower()
                out.append(BulkFile(kind, key, m.group(1), int(size), etag if _S3_MD5.fullmatch(etag) else None))
        token = root.findtext("{*}NextContinuationToken")
        if (root.findtext("{*}IsTruncated") or "").strip().lower() != "true" or not token:
            return out
    raise FetchError("the CourtListener bucket listing did not end after 999 pages", url=base)


def newest_export(listings: dict[str, list[BulkFile]], date: str | None = None) -> dict[str, BulkFile]:
    """The files of one export: the newest citations file (or the one of ``date``), and each other table's newest
    file dated on or before it, at most :data:`EXPORT_SPAN_DAYS` before. An :class:`~legalcite.errors.InputError`
    when a table has no such file."""
    cites = [f for f in listings["citations"] if date is None or f.date == date]
    if not cites:
        dates = sorted({f.date for f in listings["citations"]})
        raise InputError(f"CourtListener's bucket lists no citations file{' of ' + date if date else ''} (its "
                         f"exports: {', '.join(dates[-6:]) or 'none'})")
    newest = max(cites, key=lambda f: f.date)
    end = _dt.date.fromisoformat(newest.date)
    start = (end - _dt.timedelta(days=EXPORT_SPAN_DAYS)).isoformat()
    out = {"citations": newest}
    for kind, files in listings.items():
        if kind == "citations":
            continue
        fit = [f for f in files if start <= f.date <= newest.date]
        if not fit:
            raise InputError(f"CourtListener's export of {newest.date} has no {BULK_FILES[kind]} file (none dated "
                             f"{start} to {newest.date}); pass --date with an earlier export")
        out[kind] = max(fit, key=lambda f: f.date)
    return out


def join_allowance(files: dict[str, BulkFile]) -> int:
    """Bytes the temporary join and the store's new rows need besides the downloads, for the disk check: a multiple
    of the compressed citations file (``benchmarks/case_table_load.py`` measures the factor), plus the dockets
    file's own size where it is joined (every docket row is, not only the cited ones)."""
    return 80 * files["citations"].size + (files["dockets"].size if "dockets" in files else 0)


def download_bulk(dl: Downloader, kinds: Sequence[str] = ("citations", "clusters"), *, base: str = BULK_BASE,
                  date: str | None = None, refresh: bool = False,
                  say: Callable[[str], None] = lambda msg: None) -> tuple[dict[str, Path], str]:
    """Download the files of CourtListener's newest bulk export (or of ``date``): ``({kind: path}, date)``. The
    free space is checked first, for what is still to come plus :func:`join_allowance`."""
    files = newest_export({k: bulk_listing(dl, k, base) for k in kinds}, date)
    export = files["citations"].date
    todo = 0
    for f in files.values():
        path, part = dl.dest / f.name, dl.dest / f"{f.name}.part"
        if not (path.exists() and path.stat().st_size == f.size):
            todo += f.size - min(part.stat().st_size if part.exists() else 0, f.size)
    dl.ensure_space(todo + join_allowance(files), f"CourtListener's bulk data of {export}")
    say(f"CourtListener bulk data of {export}: " + ", ".join(f"{f.name} ({f.size / 1e6:,.1f} MB)"
                                                             for f in files.values())
        + f"; {todo / 1e6:,.1f} MB to download, sizes checked against the listing"
        + ("" if all(f.md5 for f in files.values()) else " (no checksum published for multipart uploads)"))
    return {kind: dl.fetch(f"{base}/{f.key}", f.name, expected_size=f.size, expected_md5=f.md5,
                           refresh=refresh).path for kind, f in files.items()}, export
