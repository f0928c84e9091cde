"""US and California reporters from reporters-db (editions *and* variations: ``U. S.``, ``Cal.4th``,
``F. Supp. 2d``), indexed on first use. A case key is ``<jurisdiction>/case/<volume>/<segment>/<page>``, the
segment being the edition's canonical abbreviation lowercased with spaces removed; the jurisdiction is the
reporter's (California reporters → ``us-ca``). Shared by the US extractor, which finds every reporter's cases, and
by both printers.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from legalcite.core.data import without_gc

@dataclass(frozen=True)
class Edition:
    """A reporter edition: reporters-db's canonical abbreviation, its jurisdiction, its years."""

    abbr: str
    jurisdiction: str
    start: int | None
    end: int | None

    @property
    def segment(self) -> str:
        """The key segment: canonical abbreviation lowercased, spaces removed (``Cal. 4th`` → ``cal.4th``)."""
        return re.sub(r"\s+", "", self.abbr).lower()

    def covers(self, year: int) -> bool:
        return (self.start is None or self.start <= year) and (self.end is None or year <= self.end)


def _norm_reporter(s: str) -> str:
    return "".join(s.split()).replace("’", "'")


def _year(d: Any) -> int | None:
    return getattr(d, "year", None)


@functools.cache
def reporter_index() -> dict[str, tuple[Edition, ...]]:
    """Printed reporter (spaces removed) → candidate editions, from reporters-db's editions and variations.
    A reporter is California's (``us-ca``) when every court it reports is a California court."""
    with without_gc():
        return _reporter_index()


def _reporter_index() -> dict[str, tuple[Edition, ...]]:
    from reporters_db import REPORTERS

    editions: dict[str, Edition] = {}
    index: dict[str, list[Edition]] = {}
    for entries in REPORTERS.values():
        for entry in entries:
            mlz = entry.get("mlz_jurisdiction") or []
            jur = "us-ca" if mlz and all(j.startswith(("us:ca;", "us:ca:")) for j in mlz) else "us"
            for abbr, info in entry["editions"].items():
                ed = Edition(abbr, jur, _year(info.get("start")), _year(info.get("end")))
                editions.setdefault(abbr, ed)
                index.setdefault(_norm_reporter(abbr), []).append(ed)
            for variant, abbr in entry.get("variations", {}).items():
                if abbr in entry["editions"]:
                    ed = Edition(abbr, jur, _year(entry["editions"][abbr].get("start")),
                                 _year(entry["editions"][abbr].get("end")))
                    index.setdefault(_norm_reporter(variant), []).append(ed)
    out = {}
    for k, eds in index.items():
        seen: dict[str, Edition] = {}
        # the edition printed exactly as the text prints it first, then the others in reporters-db order
        for ed in sorted(eds, key=lambda e: _norm_reporter(e.abbr) != k):
            seen.setdefault(ed.abbr, ed)
        out[k] = tuple(seen.values())
    return out


def lookup_reporter(printed: str, year: int | None = None) -> Edition | None:
    """The edition a printed reporter names; with several, the first whose years include ``year``."""
    eds = reporter_index().get(_norm_reporter(printed))
    if not eds:
        return None
    if year is not None and len(eds) > 1:
        for ed in eds:
            if ed.covers(year):
                return ed
    return eds[0]


@functools.cache
def _by_segment() -> dict[str, str]:
    """Key segment → the canonical abbreviation (``cal.4th`` → ``Cal. 4th``), first edition in reporters-db order."""
    out: dict[str, str] = {}
    for eds in reporter_index().values():
        for ed in eds:
            out.setdefault(ed.segment, ed.abbr)
    return out


def print_case(segments: list[str]) -> str | None:
    """``[5, u.s., 137]`` (a case key after ``<jurisdiction>/case/``) → ``5 U.S. 137``; None for another shape."""
    if len(segments) != 3 or segments[1] not in _by_segment():
        return None
    volume, reporter, page = segments
    return f"{volume} {_by_segment()[reporter]} {page}"
