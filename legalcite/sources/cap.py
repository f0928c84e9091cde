"""The Caselaw Access Project's static site (static.case.law): case tables that know each decision's first *and
last* page, for ``legalcite corpus cases --download cap --reporters "U.S." F.3d``. No online check.

**Layout** (written by ``capstone/scripts/export_cap_static.py`` of harvard-lil/capstone; its expected output is
``capstone/test_data/cap_static``):

- ``/ReportersMetadata.json``: a list of reporters — ``id``, ``full_name``, ``short_name`` (``U.S.``, ``F.3d``),
  ``start_year``, ``end_year``, ``jurisdictions``, ``slug`` (``us``, ``f3d``: the reporter's folder);
- ``/<slug>/VolumesMetadata.json``: a list of its volumes — ``volume_number``, ``reporter_slug``, ``id`` (the
  barcode), ``publication_year``, ``start_year``, ``end_year``, ``nominative_reporter`` …;
- ``/<slug>/<volume_number>/CasesMetadata.json``: a list of the volume's cases — ``id``, ``name``,
  ``name_abbreviation``, ``decision_date``, ``docket_number``, ``first_page``, ``last_page`` (strings),
  ``citations`` (``{"type": "official" | "parallel" | "nominative", "cite": "384 U.S. 436"}``), ``court``
  (``name_abbreviation``, ``name``, ``id``), ``jurisdiction``, ``file_name`` (``0436-01``: decisions that begin on
  one page are numbered ``-01``, ``-02`` …), ``cites_to``, ``analysis``, ``last_updated``, ``provenance``. The
  texts lie beside it (``cases/<file_name>.json``, ``html/<file_name>.html``) and are not fetched.

Only what the case table needs is read from each case (:func:`read_volume`): the citation of the volume's own
reporter as the key, the other citations as parallel ones, ``name_abbreviation`` (``name`` as the long form),
``decision_date``, the court's abbreviation, ``docket_number``, the first and **last page** — which makes "a page
inside another decision" decidable without inferring where a decision ends. A CAP volume lists every case printed
in it (``complete``); the site publishes no checksums and no sizes ahead of a download (each file's
Content-Length is checked as it arrives), so the disk check extrapolates from the volumes already present.
Coverage: the volumes Harvard Law School Library scanned (official, book-published case law to mid-2018; case.law's
scope page); a reporter's newer volumes are simply not listed, so a CAP table is never ``closed`` for a running
reporter.
"""
from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .courtlistener import FinishedSeries, case_key
from legalcite._util import Progress
from legalcite.casenames import party_keys
from legalcite.corpora.cases import CaseRecord, TableStats, as_int, case_parts
from legalcite.errors import InputError
from legalcite.net import Downloader, FetchError

from .base import origin, seg

BASE = "https://static.case.law"
HOST = "static.case.law"
_CITE = re.compile(r"\s*(\S+)\s+(.+?)\s+(\S+)\s*")   # "384 U.S. 436", "1 Cranch 137", "100 F. Supp. 2d 5"


class Cap:
    """The static site as a source: its origin for the network allow-list, its URLs for the downloads."""

    name = "cap"
    host = HOST

    def __init__(self, base: str = BASE) -> None:
        self.base = base.rstrip("/")
        self.origins = (origin(self.base),)


@dataclass(frozen=True)
class CapReporter:
    """A reporter as ``ReportersMetadata.json`` lists it: its short name (``F.3d``), its folder slug on the site, its
    full name."""

    short_name: str    # U.S., F.3d
    slug: str          # us, f3d
    full_name: str = ""


@dataclass(frozen=True)
class CapVolume:
    """One downloaded volume: its ``CasesMetadata.json``, its reporter, its volume number as CAP writes it."""

    path: Path         # the downloaded CasesMetadata.json
    reporter: CapReporter
    volume: str        # volume_number as CAP writes it


def _norm(name: str) -> str:
    return re.sub(r"\s+", "", name).lower()


def _json_list(path: Path, what: str) -> list:
    """A metadata file that must be a JSON list; an :class:`InputError` naming the file otherwise."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError) as e:
        raise InputError(f"{what} ({path}) is not readable JSON: {e}") from None
    if not isinstance(data, list):
        raise InputError(f"{what} ({path}) is not a JSON list but {type(data).__name__}")
    return data


def read_reporters(path: Path) -> list[CapReporter]:
    """``ReportersMetadata.json`` → its reporters (entries without a slug and short name are left out)."""
    return [CapReporter(str(r["short_name"]), str(r["slug"]), str(r.get("full_name") or ""))
            for r in _json_list(path, "ReportersMetadata.json")
            if isinstance(r, dict) and r.get("short_name") and r.get("slug")]


def pick_reporters(known: Sequence[CapReporter], wanted: Iterable[str]) -> list[CapReporter]:
    """The reporters ``--reporters`` names, by short name (``U.S.``, ``F. Supp. 2d``; spacing and case do not
    matter) or slug (``f-supp-2d``). CAP lists a few short names twice (two courts' ``Ct. Cl.``): both are taken.
    An unknown name is an :class:`InputError` with the nearest names."""
    by_name: dict[str, list[CapReporter]] = {}
    for r in known:
        for k in {_norm(r.short_name), _norm(r.slug)}:
            by_name.setdefault(k, []).append(r)
    out: list[CapReporter] = []
    for w in wanted:
        hits = by_name.get(_norm(w))
        if not hits:
            near = difflib.get_close_matches(_norm(w), list(by_name), n=3)
            shown = [by_name[n][0].short_name for n in near]
            raise InputError(f"the Caselaw Access Project lists no reporter {w!r} (ReportersMetadata.json)"
                             + (f"; did you mean {', '.join(dict.fromkeys(shown))}?" if shown else ""))
        out.extend(r for r in hits if r not in out)
    return out


def read_volumes(path: Path, reporter: CapReporter) -> list[str]:
    """``<slug>/VolumesMetadata.json`` → its volume numbers, in order."""
    vols = [str(v["volume_number"]) for v in _json_list(path, f"{reporter.slug}/VolumesMetadata.json")
            if isinstance(v, dict) and v.get("volume_number") not in (None, "")]
    if not vols:
        raise InputError(f"{reporter.slug}/VolumesMetadata.json ({path}) lists no volume of {reporter.short_name}")
    return vols


def _file_name(text: str) -> str:
    """A download's flat file name part (the downloader keeps one folder)."""
    return re.sub(r"[^\w.-]", "_", text)


def download_cap(dl: Downloader, wanted: Sequence[str], *, base: str = BASE, refresh: bool = False,
                 say: Callable[[str], None] = lambda msg: None, progress: bool = False) -> list[CapVolume]:
    """Download the ``CasesMetadata.json`` of every volume of the reporters ``wanted`` (into ``dl.dest``): the
    reporters list first, then every reporter's volume list (a reporter the site does not have fails here, before
    any volume), then the volumes. The lists are fetched anew every time (CAP adds volumes); a volume already there
    and intact (the downloader's manifest) is not fetched again."""
    base = base.rstrip("/")
    reps = dl.fetch(f"{base}/ReportersMetadata.json", "ReportersMetadata.json", refresh=True)   # lists: always
    chosen = pick_reporters(read_reporters(reps.path), wanted)
    lists: list[tuple[CapReporter, list[str]]] = []
    for r in chosen:
        try:
            got = dl.fetch(f"{base}/{seg(r.slug)}/VolumesMetadata.json", f"{_file_name(r.slug)}.VolumesMetadata.json",
                           refresh=True)
        except FetchError as e:
            if e.status == 404:
                raise FetchError(f"static.case.law has no volumes of {r.short_name}: {r.slug}/VolumesMetadata.json "
                                 "answered HTTP 404", url=e.url, status=404) from None
            raise
        lists.append((r, read_volumes(got.path, r)))
    total = sum(len(v) for _, v in lists)
    say(f"Caselaw Access Project: {', '.join(f'{r.short_name} ({len(v):,} volumes)' for r, v in lists)}; "
        "no checksums or sizes published, each file's length checked")
    names = {(r.slug, v): f"{_file_name(r.slug)}.{_file_name(v)}.CasesMetadata.json" for r, vs in lists for v in vs}
    present = [dl.dest / n for n in names.values() if (dl.dest / n).exists()]
    checked = False
    out: list[CapVolume] = []
    for r, vols in lists:
        bar = Progress(f"cap {r.short_name}: volumes", len(vols), progress)
        for i, v in enumerate(vols, 1):
            if not checked and present:   # the space the missing volumes need, at the size of those present
                avg = sum(p.stat().st_size for p in present) / len(present)
                dl.ensure_space(int(avg * (total - len(present))), f"{total - len(present):,} CAP volumes")
                checked = True
            name = names[(r.slug, v)]
            try:
                got = dl.fetch(f"{base}/{seg(r.slug)}/{seg(v)}/CasesMetadata.json", name, refresh=refresh)
            except FetchError as e:
                if e.status == 404:
                    raise FetchError(f"static.case.law has no CasesMetadata.json for {r.short_name} volume {v}, which "
                                     f"{r.slug}/VolumesMetadata.json lists (HTTP 404)", url=e.url, status=404) from None
                raise
            if not present:
                present.append(got.path)
            out.append(CapVolume(got.path, r, v))
            bar(i)
    return out


def read_volume(vol: CapVolume, *, table: str = "cap", base: str = BASE) -> Iterator[Any]:
    """The case-table records of one volume's ``CasesMetadata.json``: one per case, keyed by its citation in this
    volume (a case without one is skipped). A file that is no list of cases is an :class:`InputError` naming it."""
    where = f"{vol.reporter.slug}/{vol.volume}/CasesMetadata.json"
    own = case_key(vol.volume, vol.reporter.short_name, "1")   # this volume's reporter, as a key segment
    own_volume = own[0].rsplit("/", 1)[0] if own else None
    for n, case in enumerate(_json_list(vol.path, where), 1):
        if not isinstance(case, dict) or not isinstance(case.get("citations"), list):
            raise InputError(f"{where} ({vol.path}): case {n} is not a case object with a \"citations\" list")
        keys: list[tuple[str, str]] = []
        for cit in case["citations"]:
            m = _CITE.fullmatch(str(cit.get("cite") or "")) if isinstance(cit, dict) else None
            got = case_key(*m.groups()) if m else None
            if got and got not in keys:
                keys.append(got)
        mine = [k for k in keys if own_volume and k[0].rsplit("/", 1)[0] == own_volume]
        if not mine:
            continue
        key, jur = mine[0]
        last = as_int(case.get("last_page"))
        parts = case_parts(key)  # None for a key no case-key shape of its jurisdiction reads: no first page then
        first = as_int(parts.page) if parts is not None else None
        name = str(case.get("name_abbreviation") or case.get("name") or "") or None
        court_field = case.get("court")
        court = court_field if isinstance(court_field, dict) else {}
        fname = str(case.get("file_name") or "")
        yield CaseRecord(
            key=key, jurisdiction=jur, table=table, name=name, name_full=str(case.get("name") or "") or None,
            date=str(case.get("decision_date") or "") or None, court=court.get("name_abbreviation") or None,
            docket=str(case.get("docket_number") or "") or None, first_page=first,
            last_page=last if last is not None and first is not None and last >= first else None,
            parallel=tuple(k for k, _ in keys if k != key), parties=party_keys(name),
            case_id=f"cap:{case['id']}" if case.get("id") is not None else None,
            source=f"Caselaw Access Project {where}", snapshot=str(case.get("last_updated") or "")[:10] or None,
            extra={"url": f"{base.rstrip('/')}/{seg(vol.reporter.slug)}/{seg(vol.volume)}/html/{seg(fname)}.html"}
            if fname else {})


def read_cap(volumes: Iterable[CapVolume], *, table: str = "cap", base: str = BASE) -> Iterator[Any]:
    """Case-table records of the downloaded volumes, then a :class:`~legalcite.corpora.cases.CaseTable` per
    reporter (``complete``: a CAP volume lists every case printed in it; ``closed`` only for a finished series the
    table reaches the last year of, as for CourtListener's data). An :class:`InputError` where a reporter yields no
    keyed case at all (reporters-db does not know its citations)."""
    stats, closed = TableStats(), FinishedSeries()
    newest: str | None = None
    keyed: dict[str, int] = {}
    for vol in volumes:
        keyed.setdefault(vol.reporter.short_name, 0)
        for rec in read_volume(vol, table=table, base=base):
            keyed[vol.reporter.short_name] += 1
            closed.add(vol.reporter.short_name, rec.date)
            newest = max(newest or "", rec.snapshot or "") or None
            yield stats.add(rec)
    empty = [r for r, n in keyed.items() if not n]
    if empty:
        raise InputError(f"no case of {', '.join(empty)} could be keyed: its citations are in no reporter "
                         "legalcite knows (reporters-db)")
    yield from stats.tables(name=table, closed=closed, complete=True,
                            source=f"Caselaw Access Project ({base})", snapshot=newest)
