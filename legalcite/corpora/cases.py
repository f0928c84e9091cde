"""Case tables: court decisions keyed by their case key (docs/keys.md), in one store table whatever fills it.

A :class:`CaseRecord` is one decision *at one citation*: ``us/case/454/u.s./235`` → Piper Aircraft Co. v. Reyno,
1981, its parallel citations (``us/case/102/s.ct./252`` …), the pages it occupies where known. A decision reported in
three reporters has three rows that share ``case_id``. A :class:`CaseTable` says what one source covers: per
reporter, the volumes it lists and whether volumes beyond the newest can exist (``closed``) — what lets the check
call a volume *invented* rather than merely unlisted.

Fillers (each yields records of both kinds; :func:`legalcite.corpora.store.write_store` stores them):

- a jurisdiction's case lists in the shared corpora folder, read by its package's readers (``SnapshotReader``
  with ``cases=True``, read after every statute snapshot): the BGE list (``ch_bge_cases.jsonl.gz``,
  :func:`legalcite.jurisdictions.ch.snapshots.read_bge_cases`), and the U.S. Reports
  (``us_scotus_cases.jsonl.gz``, built by ``scripts/build_scotus_cases.py``, where the folder has it:
  :func:`legalcite.jurisdictions.us.snapshots.read_scotus_cases`);
- a CourtListener bulk-data export the user supplies or downloads (:func:`legalcite.sources.courtlistener.read_bulk`,
  :func:`~legalcite.sources.courtlistener.download_bulk`, through ``legalcite corpus cases``);
- the Caselaw Access Project's per-volume case metadata, downloaded (:func:`legalcite.sources.cap.read_cap`,
  ``legalcite corpus cases --download cap``): the only filler that knows every decision's last page;
- a CourtListener API answer online is read into the same :class:`CaseRecord` type
  (:func:`legalcite.sources.courtlistener.records_of_cluster`), so that the name test is one function for both.

Standard library only.
"""
from __future__ import annotations

import datetime as _dt
import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple

from legalcite.corpora.snapshots import snapshot_lines
from legalcite.errors import InputError
from legalcite.jurisdictions import PACKAGES, get


@dataclass(frozen=True)
class CaseRecord:
    """One decision at one citation (its case key). Where a table lists several decisions at one citation (an orders
    list), the store keeps the first as the row and the others in ``extra["shared"]``
    (:func:`legalcite.resolve.cases.decisions`)."""

    key: str                          # us/case/925/f.3d/1291, us-ca/case/51/cal.4th/310, ch/rep/bge/146/iii/1
    jurisdiction: str
    table: str                        # the CaseTable.name that listed it ("courtlistener", "bge")
    name: str | None = None           # "J.D. v. Azar" (the source's case name; both parties where it has them)
    name_full: str | None = None      # the long form where the source has one
    date: str | None = None           # ISO decision date (or year)
    court: str | None = None          # "D.C. Cir.", "cadc", "BGer"
    docket: str | None = None
    first_page: int | None = None     # the key's page, as a number
    last_page: int | None = None      # where the source knows it (never guessed here)
    parallel: tuple[str, ...] = ()    # case keys of the same decision in other reporters
    parties: tuple[str, str] | None = None  # the parties' comparison forms (legalcite.casenames.party_keys)
    case_id: str | None = None        # the source's id of the decision ("courtlistener:2659452")
    source: str = ""                  # provenance line
    snapshot: str | None = None       # date of the source's data
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def volume_key(self) -> str:
        """The key without its page: the volume (and BGE part) the decision is printed in."""
        return self.key.rsplit("/", 1)[0]


@dataclass(frozen=True)
class CaseTable:
    """What one source lists for one reporter: volumes ``min_volume``–``max_volume`` (``n_cases`` rows);
    ``closed``: the reporter has published no volume after ``max_volume`` (a finished series, or a list that is
    current), so a higher volume does not exist."""

    name: str                         # "courtlistener", "bge"
    jurisdiction: str
    reporter: str                     # reporter id: the case key without volume and page (us/case/f.3d, ch/rep/bge/iii)
    min_volume: int | None
    max_volume: int | None
    n_cases: int
    closed: bool
    complete: bool = False            # every decision of the listed volumes is listed (never for BGE)
    source: str = ""
    snapshot: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class CaseParts(NamedTuple):
    """A reporter-cite case key read apart (:func:`case_parts`): the reporter id, the volume and the first page, as
    key segments (strings: a page may be ``111279-U``)."""

    reporter: str     # the reporter id: us/case/f.3d, ch/rep/bge/iii, de/rep/bghz
    volume: str
    page: str


class _Shape(NamedTuple):
    """One case-key shape of a jurisdiction (:attr:`Jurisdiction.case_keys
    <legalcite.jurisdictions.Jurisdiction.case_keys>`), its segments after the jurisdiction's code: a literal, or
    ``{volume}``, ``{page}`` or another ``{name}`` — the literals and the other names make up the reporter id."""

    segments: tuple[str, ...]
    volume: int        # the index of {volume} among the segments
    page: int          # the index of {page}
    reporter: tuple[int, ...]  # the indices of the reporter id's segments, in order

    def fixed(self, i: int) -> bool:
        return not self.segments[i].startswith("{")


@functools.cache
def _shapes(code: str) -> tuple[_Shape, ...]:
    """The case-key shapes jurisdiction ``code`` declares; none for a code no package registers."""
    if code not in PACKAGES:
        return ()
    out = []
    for template in get(code).case_keys:
        segs = tuple(template.split("/"))
        out.append(_Shape(segs, segs.index("{volume}"), segs.index("{page}"),
                          tuple(i for i, s in enumerate(segs) if s not in ("{volume}", "{page}"))))
    return tuple(out)


def case_parts(key: str) -> CaseParts | None:
    """The reporter, volume and first page of a reporter-cite case key, read by its jurisdiction's case-key shapes;
    None for other keys (dockets, ECLI).

    ``us/case/925/f.3d/1339`` → (``us/case/f.3d``, ``925``, ``1339``); ``ch/rep/bge/146/iii/1`` →
    (``ch/rep/bge/iii``, ``146``, ``1``); ``de/rep/bghz/100/1`` → (``de/rep/bghz``, ``100``, ``1``)."""
    code, _, rest = key.partition("/")
    parts = rest.split("/")
    for shape in _shapes(code):
        if len(parts) == len(shape.segments) and all(
                parts[i] == seg for i, seg in enumerate(shape.segments) if shape.fixed(i)):
            return CaseParts("/".join((code, *(parts[i] for i in shape.reporter))), parts[shape.volume],
                             parts[shape.page])
    return None


def with_page(parts: CaseParts, page: int | str) -> str:
    """The case key of ``page`` in the volume of ``parts`` (the inverse of :func:`case_parts`)."""
    code, *bits = parts.reporter.split("/")
    for shape in _shapes(code):
        if len(bits) == len(shape.reporter) and all(
                bits[n] == shape.segments[i] for n, i in enumerate(shape.reporter) if shape.fixed(i)):
            segs = list(shape.segments)
            for n, i in enumerate(shape.reporter):
                segs[i] = bits[n]
            segs[shape.volume], segs[shape.page] = parts.volume, str(page)
            return "/".join((code, *segs))
    raise ValueError(f"no case-key shape of {code!r} has the reporter id {parts.reporter!r}")


def reporter_id(jurisdiction: str, *names: str) -> str:
    """The reporter id of a reporter of ``jurisdiction`` by its own segments (``us``, ``f.3d`` → ``us/case/f.3d``;
    ``ch``, ``bge``, ``iii`` → ``ch/rep/bge/iii``), in its first case-key shape."""
    shapes = _shapes(jurisdiction)
    if not shapes:
        raise ValueError(f"jurisdiction {jurisdiction!r} declares no case-key shape (case_keys)")
    shape, given = shapes[0], iter(names)
    return "/".join((jurisdiction, *(shape.segments[i] if shape.fixed(i) else next(given) for i in shape.reporter)))


def case_key(jurisdiction: str, volume: str, page: str, *names: str) -> str:
    """The case key of ``page`` in ``volume`` of a reporter of ``jurisdiction`` (its segments ``names``):
    ``us``, ``925``, ``1339``, ``f.3d`` → ``us/case/925/f.3d/1339``."""
    return with_page(CaseParts(reporter_id(jurisdiction, *names), volume, page), page)


def as_int(value: Any) -> int | None:
    """A page or volume as a number; None for ``111279-U``, ``*5``, empty."""
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


class TableStats:
    """Per reporter, the volume range and count of the records seen (fed one at a time, so a table of millions of
    rows never has to sit in memory): :meth:`tables` turns them into :class:`CaseTable` rows."""

    def __init__(self) -> None:
        self._span: dict[str, list[int]] = {}
        self._count: dict[str, int] = {}
        self._jur: dict[str, str] = {}

    def add(self, rec: CaseRecord) -> CaseRecord:
        """Count ``rec`` under its reporter and widen that reporter's volume range; a key that is no reporter cite is
        passed through uncounted. Returns ``rec``, so it can sit inside a generator."""
        parts = case_parts(rec.key)
        if parts is not None:
            self._count[parts.reporter] = self._count.get(parts.reporter, 0) + 1
            self._jur[parts.reporter] = rec.jurisdiction
            vol = as_int(parts.volume)
            if vol is not None:
                lo_hi = self._span.setdefault(parts.reporter, [vol, vol])
                lo_hi[0], lo_hi[1] = min(lo_hi[0], vol), max(lo_hi[1], vol)
        return rec

    def tables(self, *, name: str, closed: Callable[[str], bool] = lambda rep: False, complete: bool = False,
               source: str = "", snapshot: str | None = None) -> list[CaseTable]:
        """One :class:`CaseTable` per reporter; ``closed(reporter)``: no volume beyond the newest listed exists;
        ``complete``: the source lists every decision of its volumes (so a decision's pages run to the next)."""
        out = []
        for rep in sorted(self._count):
            lo, hi = self._span.get(rep) or (None, None)
            out.append(CaseTable(name, self._jur[rep], rep, lo, hi, self._count[rep], bool(closed(rep)), complete,
                                 source=source, snapshot=snapshot))
        return out


# ------------------------------------------------------------------ a case list of one's own (JSON Lines)

CASE_LIST_FIELDS = ("citation", "name", "date", "court", "docket", "last_page", "parallel", "url")


def read_case_list(path: Path, *, table: str, key_of: Callable[[str], str | None],
                   parties_of: Callable[[str | None], tuple[str, str] | None] = lambda name: None,
                   complete: bool = False) -> Iterator[CaseRecord | CaseTable]:
    """A case list in JSON Lines, one decision per line: ``citation`` (``"925 F.3d 1291"``, required), ``name``,
    ``date``, ``court``, ``docket``, ``last_page`` (where known: what CourtListener's export lacks and, e.g., the
    Caselaw Access Project's volume metadata gives), ``parallel`` (citations), ``url``; ``key`` and
    ``parallel_keys`` where a builder keyed them already. ``key_of`` turns a citation into its case key (the caller
    passes :func:`legalcite.parse`'s); a line it cannot key is an error naming the file and line, as is a line that
    is no JSON object. ``.jsonl.gz`` is read too. ``complete``: the list holds every decision of its volumes (a
    builder's whole-reporter list), so a decision without a last page runs to the next listed one. Read as a
    snapshot is (:func:`~legalcite.corpora.snapshots.snapshot_lines`: a decompression bomb is refused)."""
    stats = TableStats()
    snapshot = None
    source = f"case list {path.name}"
    for n, line in snapshot_lines(path):
        try:
            row = json.loads(line)
        except ValueError as e:
            raise InputError(f"{path}:{n}: not JSON ({e})") from None
        if not isinstance(row, dict) or not isinstance(row.get("citation"), str):
            raise InputError(f"{path}:{n}: a case list line is an object with a \"citation\" string")
        key = row["key"] if isinstance(row.get("key"), str) else key_of(row["citation"])
        parts = case_parts(key) if key is not None else None
        if key is None or parts is None:
            raise InputError(f"{path}:{n}: {row['citation']!r} is no reporter citation legalcite can key")
        parallel = tuple(k for k in (row["parallel_keys"] if isinstance(row.get("parallel_keys"), list) else
                                     (key_of(str(x)) for x in row.get("parallel") or ())) if k)
        snapshot = row.get("snapshot") or snapshot
        yield stats.add(CaseRecord(
            key=key, jurisdiction=key.split("/", 1)[0], table=table, name=row.get("name") or None,
            date=row.get("date") or None, court=row.get("court") or None, docket=row.get("docket") or None,
            first_page=as_int(parts.page), last_page=as_int(row.get("last_page")), parallel=parallel,
            parties=parties_of(row.get("name")), case_id=f"{table}:{key}", source=row.get("source") or source,
            snapshot=row.get("snapshot"), extra={"url": row["url"]} if row.get("url") else {}))
    yield from stats.tables(name=table, complete=complete, source=source, snapshot=snapshot)


def newest_possible_volume(table: CaseTable, first_year: int, today: _dt.date | None = None) -> int:
    """The volume of the current year of a reporter that publishes one volume a year since ``first_year`` (the
    BGE: volume 1 reports 1875): an independent bound on what can exist."""
    return (today or _dt.date.today()).year - (first_year - 1)
