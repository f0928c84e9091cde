"""Decisions checked against the store's case table (docs/statuses.md: "cases are checked like statutes").

For a reporter citation (``925 F.3d 1339``, ``BGE 146 III 1``), in this order:

1. **Listed** at that citation → ``real`` if the name the citation gives is the listed decision's name (either
   party counts, :mod:`legalcite.casenames`), else ``misattributed`` with both names in the evidence.
2. **A volume the reporter never published** → ``invented``: beyond the newest volume of a reporter the table knows
   to be closed (the BGE list, which is current), or beyond the last volume of a finished series (``1005 F.2d 1``:
   F.2d ended with volume 999; ``data/editions.json`` of ``us_common``, with its sources).
3. **A page inside another decision**: the page lies within the pages of a listed decision of that volume (its
   last page where the table knows it, else up to the next listed decision) → ``misattributed`` (the citation
   points into that decision, under another name), or ``real`` with a note if it names that decision.
4. **A page no decision of a complete volume holds**: a table that lists every decision of its volumes (a CAP
   volume) lists the cited volume, and the page lies before its first decision or after the last page of its last
   → ``invented`` (confirmed where two such tables agree).
5. Otherwise ``not_findable`` where a table covers the reporter (no table is complete; a decision of the cited
   name listed elsewhere is named in the reason), and no verdict (``None``: the caller's ``not_checked``) where
   none does. A decision year the volume cannot hold — more than two years from every decision the table lists in
   that volume, or outside the years of a finished series (every edition of that abbreviation has a first and a
   last year, reporters-db's corrected by ``data/editions.json``; one year of slack) — is said in the reason and
   evidence, and makes the citation ``not_findable`` even where no table covers the reporter, never ``invented``:
   a real decision cited with a wrong year is still a real decision (``Carr v. First Nationwide Bank, 816 F. Supp.
   1476 (1993)`` is real; reporters-db ends F. Supp. in 1988).

A decision cited by docket (``Urteil 8C_444/2019``) is ``real`` where a table lists that docket (the BGE list names
the dockets of the decisions it holds); an unlisted docket proves nothing (no verdict).

Short cites without an antecedent in the text (``454 U.S. at 241``) are bound here too (:func:`bind_short_cites`):
to the listed decision of that volume whose pages hold the pin.

``confirmed`` (docs/statuses.md): a deducted verdict is confirmed only where two independent signals agree — two case
tables, a closed table and a series' last volume, a yearly reporter's list and the calendar (the BGE: volume N is
the year 1874 + N, ``StoreRules.yearly_volumes``),
or, online, the table and CourtListener's API (:func:`second_opinion`).
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from legalcite.corpora.cases import (CaseParts, CaseRecord, CaseTable, as_int, case_parts, newest_possible_volume,
                                     reporter_id, with_page)
from legalcite.jurisdictions import PACKAGES, get, print_key, reporter_editions
from legalcite.models import Citation, Form, Kind, Unit
from legalcite.status import DEDUCTED, CheckedCitation, Evidence, Status, Undecided

if TYPE_CHECKING:
    from legalcite.corpora.store import Store
    from legalcite.jurisdictions.interface import ReporterEdition

YEAR_SLACK = 1     # a decision of year Y may be printed in a volume of Y+1; a reporter's first volume may hold Y-1
VOLUME_SLACK = 2   # a volume's decisions span a year or a term; a cited year this far from all of them is not its


def _yearly_volumes(table: CaseTable) -> int | None:
    """The year of volume 1 of a case table whose reporter publishes a volume a year (its jurisdiction's
    ``StoreRules.yearly_volumes``: the BGE since 1875); None for the others."""
    return get(table.jurisdiction).store.yearly_volumes.get(table.name) if table.jurisdiction in PACKAGES else None


# ------------------------------------------------------------------ reporters-db editions

def editions_of(parts: CaseParts) -> tuple[ReporterEdition, ...]:
    """The editions a case key's reporter may be, as its jurisdiction knows them (reporters-db for US and
    California keys: ``Parts.reporter_editions``); () for others."""
    jur, work, seg = parts.reporter.split("/", 2)
    return reporter_editions(seg, jur) if work == "case" else ()


def _outside_every_edition(eds: tuple, year: int | None) -> bool:
    """Whether no edition of a *finished* series could report a decision of ``year`` (one year of slack each side).
    Only series whose every edition has a first and a last year count: reporters-db's first years of running
    reporters are not reliable enough to deny a volume (the U.S. Reports renumbered their nominative volumes; it
    dates ``U.S.`` from 1875)."""
    if year is None or not eds or not all(ed.start and ed.start > 1750 and ed.end for ed in eds):
        return False
    return all(year < ed.start - YEAR_SLACK or year > ed.end + YEAR_SLACK for ed in eds)


def _reporter_name(reporter: str) -> str:
    """A reporter id as printed: ``us/case/f.2d`` → ``F.2d``, ``ch/rep/bge/iii`` → ``BGE III``."""
    bits = reporter.split("/")
    if bits[1] == "case":
        eds = reporter_editions(bits[2], bits[0])
        return eds[0].abbr if eds else bits[2]
    return " ".join(b.upper() for b in bits[2:])


def _years(ed) -> str:
    return f"{ed.start}–{ed.end}" if ed.end else f"{ed.start}–"


# ------------------------------------------------------------------ evidence

def _table_evidence(rec: CaseRecord, **details: Any) -> Evidence:
    d = {"name": rec.name, "date": rec.date, "court": rec.court, "docket": rec.docket,
         "pages": _pages(rec), "parallel": list(rec.parallel) or None, "case_id": rec.case_id,
         "tables": rec.extra.get("tables"), **details}
    return Evidence(source=f"case table:{rec.table}: {rec.source}", key=rec.key, url=rec.extra.get("url"),
                    snapshot=rec.snapshot, details={k: v for k, v in d.items() if v not in (None, [], "")})


def _pages(rec: CaseRecord) -> str | None:
    if rec.first_page is None:
        return None
    return f"{rec.first_page}–{rec.last_page}" if rec.last_page else str(rec.first_page)


def _describe(rec: CaseRecord) -> str:
    """``J.D. v. Azar, 925 F.3d 1291 (D.C. Cir. 2019)`` from what the table has."""
    year = (rec.date or "")[:4]
    court = rec.court if rec.court and not _court_implied(rec) else None
    paren = " ".join(x for x in (court, year) if x)
    name = f"{rec.name}, " if rec.name else ""
    return f"{name}{_rec_cite(rec)}" + (f" ({paren})" if paren else "")


def _court_implied(rec: CaseRecord) -> bool:
    """Whether the reporter of ``rec`` says its court, so that a description leaves the court out (the U.S.
    Reports: the Supreme Court; its jurisdiction's ``StoreRules.implied_courts``)."""
    implied = get(rec.jurisdiction).store.implied_courts if rec.jurisdiction in PACKAGES else {}
    segs = rec.key.split("/")
    return (rec.court or "").lower() in implied.values() or any(seg in segs[1:-1] for seg in implied)


def _cite(key: str) -> str:
    return print_key(key)


def _rec_cite(rec: CaseRecord) -> str:
    """A listed decision's citation as its source prints it (``BGE 146 III 1``), else as the key's printer does."""
    return str(rec.extra.get("cite") or _cite(rec.key))


def _cited_name(c: Citation) -> str | None:
    return getattr(c.metadata, "case_name", None) or None


def _cited_year(c: Citation) -> int | None:
    return as_int(getattr(c.metadata, "year", None))


def _checked(c: Citation, status: Status, reason: str, evidence: Sequence[Evidence], key: str | None,
             confirmed: bool | None = None) -> CheckedCitation:
    if status in DEDUCTED and confirmed is None:
        confirmed = False
    return CheckedCitation(c, status, reason, tuple(evidence), key,
                           confirmed=confirmed if status in DEDUCTED else None)


# ------------------------------------------------------------------ the table

def decisions(rec: CaseRecord) -> list[CaseRecord]:
    """The decisions one table row stands for: its own, and those listed at the same citation after it
    (``extra["shared"]``: an orders list prints many dispositions on one page; legalcite.corpora.store keeps them in
    one row)."""
    own = {k: v for k, v in rec.extra.items() if k != "shared"}
    first = dataclasses.replace(rec, extra=own) if "shared" in rec.extra else rec
    return [first] + [dataclasses.replace(rec, name=d.get("name"), date=d.get("date"), case_id=d.get("case_id"),
                                          name_full=None, parties=None, extra=own)
                      for d in rec.extra.get("shared") or () if isinstance(d, dict)]


def merged(records: Sequence[CaseRecord]) -> CaseRecord:
    """The rows several case tables hold for one citation (at least one) as one record: the first name, date and
    court any table gives, the last page where one knows it; ``extra["tables"]`` names them all."""
    if not records:
        raise ValueError("merged: no case records to merge")
    first = records[0]
    pick = lambda attr: next((getattr(r, attr) for r in records if getattr(r, attr)), None)  # noqa: E731
    return dataclasses.replace(
        first, name=pick("name"), name_full=pick("name_full"), date=pick("date"), court=pick("court"),
        docket=pick("docket"), last_page=max((r.last_page for r in records if r.last_page), default=None),
        parallel=tuple(dict.fromkeys(k for r in records for k in r.parallel)),
        extra={**first.extra, "tables": sorted({r.table for r in records})})


def holder(store: Store, parts: CaseParts, page: int, *, infer: bool | None = None
           ) -> tuple[CaseRecord, int, bool] | None:
    """The listed decision of the volume whose pages hold ``page`` (its first page before it): with its last page
    where a table knows it, else — only where a table covering the reporter lists every decision (``complete``;
    ``infer`` overrides) — up to the next listed decision's first page (``inferred``): in a partial list such as the
    BGE list, the next listed decision may be many decisions later. Returns ``(decision, last page, inferred)``;
    None when no listed decision holds the page or its end is unknown."""
    if infer is None:
        infer = any(t.complete for t in store.case_tables(parts.reporter))
    by_key: dict[str, tuple[int, list[CaseRecord]]] = {}   # key → (its first page, its rows)
    for r in store.cases_in_volume(with_page(parts, 0).rsplit("/", 1)[0]):
        if r.first_page is not None:
            by_key.setdefault(r.key, (r.first_page, []))[1].append(r)
    listed = [(first, merged(rs)) for first, rs in by_key.values()]  # (merged keeps its first row's first page)
    before = [(first, r) for first, r in listed if first <= page]
    if not before:
        return None
    start = max(first for first, _ in before)
    at_start = [r for first, r in before if first == start]
    if len(at_start) > 1:
        return None  # several decisions begin on that page: which one holds it is not known
    rec = at_start[0]
    if rec.last_page is not None:
        return (rec, rec.last_page, False) if page <= rec.last_page else None
    later = [first for first, _ in listed if first > start]
    if not later or not infer:
        return None
    end = min(later)
    return (rec, end, True) if page <= end else None


def _listed_elsewhere(store: Store, name: str | None, not_key: str) -> list[CaseRecord]:
    """Decisions of the cited name that the table lists under another citation (the real home of a miscited case)."""
    from legalcite.casenames import compare, is_generic, party_form, split_parties  # start-up: off check

    if not name:
        return []
    seen: dict[str, CaseRecord] = {}
    for party in split_parties(name):
        form = party_form(party)
        if not form or is_generic(form):
            continue
        for rec in store.cases_by_party(form):
            if rec.key != not_key and rec.name and compare(name, rec.name).same:
                seen.setdefault(rec.case_id or rec.key, rec)
    return list(seen.values())[:3]


def resolve_case(c: Citation, store: Store) -> CheckedCitation | None:
    """A reporter citation checked against the case table and the reporter's editions (see the module docstring);
    None when nothing covers it."""
    if c.key is None:
        return None
    parts = case_parts(c.key)
    if parts is None:  # a decision by docket (Urteil 4A_123/2020): listed in a table, or nothing to conclude
        listed = store.cases_at(c.key) if store.has_cases() else []
        return _listed(c, listed, _cited_name(c)) if listed else None
    tables = store.case_tables(parts.reporter) if store.has_cases() else []
    rows = store.cases_at(c.key) if tables else []
    name = _cited_name(c)
    if rows:
        return _listed(c, rows, name)
    vol, page = as_int(parts.volume), as_int(parts.page)
    eds = editions_of(parts)
    year = _cited_year(c)
    never = _never_published(c, c.key, parts, tables, eds, vol)
    if never is not None:
        return never
    listed_years = _volume_years(store, parts) if tables else {}
    by_table = bool(listed_years) and year is not None and all(abs(year - y) > VOLUME_SLACK for y in listed_years)
    by_edition = _outside_every_edition(eds, year)
    # a year the volume cannot hold is doubt, not proof: a real decision cited with a wrong year is still real, so
    # such a citation is at most not_findable (only a volume never published is invented)
    years_ev = ([_table_evidence(r, volume_years=sorted(listed_years)) for r in listed_years.values()][:1] if by_table
                else []) + [_edition_evidence(c.key, ed, year) for ed in eds if by_edition]
    years_said = ""
    if by_table or by_edition:
        years_said = "; " + (f"volume {vol} reports decisions of {', '.join(map(str, sorted(listed_years)))} "
                             f"({_describe(next(iter(listed_years.values())))})" if by_table else
                             " and ".join(f"{ed.abbr} reports decisions of {_years(ed)}" for ed in eds)) + (
            f", so a decision of {year} would not be in it (the year, or the citation, is wrong)")
    elsewhere = _listed_elsewhere(store, name, c.key) if store.has_cases() else []
    also = ("; a decision of that name is listed at " + ", ".join(_describe(r) for r in elsewhere)) if elsewhere else ""
    if not tables:
        if years_ev:
            return _checked(c, Status.NOT_FINDABLE, f"{_cite(c.key)} was not checked against a case table"
                            f"{years_said}{also}", years_ev, c.key)
        if not store.has_cases():
            return None
        reporter = parts.reporter.rsplit("/", 1)[-1]
        return CheckedCitation(c, Status.NOT_CHECKED, f"no case table in the store covers this reporter{also}",
                               (Evidence("store:case tables", c.key, details={"reporter": reporter,
                                                                               "covered": False}),
                                *(_table_evidence(r, listed_elsewhere=True) for r in elsewhere)), None,
                               Undecided.NOT_COVERED)
    if page is not None:
        held = holder(store, parts, page, infer=any(t.complete for t in tables))
        if held is not None:
            return _inside(c, c.key, page, *held, name)
        outside = _outside_complete_volume(c, c.key, store, parts, page, tables)
        if outside is not None:
            return outside
    where = ", ".join(f"{t.name}" + (f" of {t.snapshot}" if t.snapshot else "") for t in tables)
    reason = (f"no decision is listed at {_cite(c.key)} (case tables: {where}; none lists every decision)"
              f"{years_said}{also}")
    ev = [Evidence(f"case table:{t.name}: {t.source}", c.key, snapshot=t.snapshot,
                   details={"volumes": f"{t.min_volume}–{t.max_volume}", "listed": t.n_cases}) for t in tables]
    ev += years_ev + [_table_evidence(r, listed_elsewhere=True) for r in elsewhere]
    return _checked(c, Status.NOT_FINDABLE, reason, ev, c.key)


def _outside_complete_volume(c: Citation, key: str, store: Store, parts: CaseParts, page: int, tables: list
                             ) -> CheckedCitation | None:
    """``invented`` where a table that lists every decision of its volumes (``complete``: a CAP volume) lists this
    volume, and the page lies before its first decision or after the last page of its last one: no decision begins
    there. Confirmed where two such tables agree. None where no complete table lists the volume, or the last
    decision's end is unknown (the page may lie in it)."""
    complete = {t.name: t for t in tables if t.complete}
    listed = [(r.first_page, r) for r in store.cases_in_volume(with_page(parts, 0).rsplit("/", 1)[0])
              if r.table in complete and r.first_page is not None]
    if not listed:
        return None
    (first_page, first), (_, last) = min(listed, key=lambda p: p[0]), max(listed, key=lambda p: p[0])
    if page < first_page:
        where = f"before its first decision, {_describe(first)}"
    elif last.last_page is not None and page > last.last_page:
        where = f"after the last page of its last decision, {_describe(last)}, pages {_pages(last)}"
    else:
        return None
    names = sorted({r.table for _, r in listed})
    said = " and ".join(f"{n}" + (f" of {complete[n].snapshot}" if complete[n].snapshot else "") for n in names)
    reason = (f"no decision begins at {_cite(key)}: the page lies {where}, in a volume whose every decision "
              f"{'the case tables list' if len(names) > 1 else 'the case table lists'} ({said})")
    ev = [Evidence(f"case table:{n}: {complete[n].source}", key, snapshot=complete[n].snapshot,
                   details={"volume_complete": True, "page": page,
                            "volume_pages": f"{first.first_page}–{last.last_page or last.first_page}"})
          for n in names]
    return _checked(c, Status.INVENTED, reason, ev, key, confirmed=len(names) > 1)


def _never_published(c: Citation, key: str, parts: CaseParts, tables: list, eds: tuple, vol: int | None
                     ) -> CheckedCitation | None:
    """``invented`` where the cited volume was never published: beyond the newest volume of a reporter a case
    table knows to be closed (the BGE list), or beyond the last volume of a finished series (``F.2d`` ended with
    volume 999: data/editions.json, every edition of the abbreviation). Confirmed where two of these agree (a
    closed table and the edition, two tables, a yearly reporter's list and the calendar)."""
    if vol is None:
        return None
    beyond = [t for t in tables if t.closed and t.max_volume is not None and vol > t.max_volume]
    past_last = bool(eds) and all(ed.last_volume is not None and vol > ed.last_volume for ed in eds)
    if not (beyond or past_last):
        return None
    said, ev = [], []
    calendar = False
    if beyond:
        t = beyond[0]
        first_year = _yearly_volumes(t)
        newest = newest_possible_volume(t, first_year) if first_year is not None else None
        # the year a yearly reporter's volume would report, where the calendar says it is not out yet
        future = vol + first_year - 1 if first_year is not None and newest is not None and vol > newest else None
        calendar = future is not None
        said.append(f"the newest volume of {_reporter_name(t.reporter)} in the {t.name} table is {t.max_volume}" + (
            f", and volume {vol} would report the decisions of {future}" if calendar else ""))
        ev.append(Evidence(f"case table:{t.name}: {t.source}", key, snapshot=t.snapshot,
                           details={"newest_volume": t.max_volume, "closed": True}))
        if calendar:
            ev.append(Evidence("calendar", key, details={"newest_possible_volume": newest}))
    if past_last:
        said.append(" and ".join(f"{ed.abbr} ended with volume {ed.last_volume}" + (
            f" ({_years(ed)})" if ed.start and ed.end else "") for ed in eds))
        ev += [Evidence("reporter editions", key, details={"edition": ed.abbr, "last_volume": ed.last_volume,
                                                             "years": _years(ed), "source": ed.source})
               for ed in eds]
    reason = f"{_cite(key)}: volume {vol} was never published — " + "; ".join(said)
    return _checked(c, Status.INVENTED, reason, ev, key,
                    confirmed=calendar or len(beyond) > 1 or bool(beyond and past_last))


def _volume_years(store: Store, parts: CaseParts) -> dict[int, CaseRecord]:
    """The decision years of a volume's listed decisions (one example decision per year)."""
    out: dict[int, CaseRecord] = {}
    for r in store.cases_in_volume(with_page(parts, 0).rsplit("/", 1)[0]):
        y = as_int((r.date or "")[:4])
        if y is not None:
            out.setdefault(y, r)
    return out


def _edition_evidence(key: str, ed, year: int | None) -> Evidence:
    return Evidence("reporters-db", key, details={"edition": ed.abbr, "years": _years(ed), "cited_year": year,
                                                  **({"corrected_by": ed.source} if ed.source else {})})


def _listed(c: Citation, rows: list[CaseRecord], name: str | None) -> CheckedCitation:
    from legalcite.casenames import compare  # start-up: kept off `legalcite check`

    rec = merged(rows)
    described = _describe(rec)
    if name and rec.name:
        verdicts = [(d, compare(name, d.name)) for r in rows for d in decisions(r) if d.name]
        same = next((d for d, cmp in verdicts if cmp.same), None)
        if same is None:
            # misattributed; confirmed when two tables both list another decision there
            others = list(dict.fromkeys(d.name for d, _ in verdicts if d.name and d.name != rec.name))
            also = f" (and {len(others)} other decision{'s' * (len(others) > 1)} at that page: " \
                   f"{'; '.join(others[:5])}{' …' * (len(others) > 5)})" if others else ""
            return _checked(c, Status.MISATTRIBUTED, f"{_rec_cite(rec)} is {described}{also}, not {name}",
                            [_table_evidence(r, **cmp.to_dict()) for r, cmp in verdicts], rec.key,
                            confirmed=len({r.table for r, _ in verdicts}) > 1)
        if same.name != rec.name:   # one of several decisions at that page
            rec = dataclasses.replace(rec, name=same.name, date=same.date, case_id=same.case_id)
            described = _describe(rec)
        return _checked(c, Status.REAL, f"{_rec_cite(rec)} is {described}" + _pin_note(c, rec) + _year_note(c, rec),
                        [_table_evidence(r, **cmp.to_dict()) for r, cmp in verdicts], rec.key)
    facts = ", ".join(x for x in (rec.docket and f"docket {rec.docket}", rec.date) if x)
    what = (f"{_rec_cite(rec)} is {described}" if rec.name
            else f"{_rec_cite(rec)} is listed in the {rec.table} table" + (f" ({facts})" if facts else ""))
    return _checked(c, Status.REAL, what + _pin_note(c, rec) + _year_note(c, rec),
                    [_table_evidence(r) for r in rows], rec.key)


def _year_note(c: Citation, rec: CaseRecord) -> str:
    year, listed = _cited_year(c), as_int((rec.date or "")[:4])
    if year and listed and abs(year - listed) > 1:
        return f" (decided {listed}; the citation says {year})"
    return ""


def _pin_note(c: Citation, rec: CaseRecord) -> str:
    if c.form is Form.SHORT and c.antecedent is None and c.pin:
        return f"; the short cite's page {c.pin} lies within it"
    return ""


def _inside(c: Citation, key: str, page: int, rec: CaseRecord, end: int, inferred: bool, name: str | None
            ) -> CheckedCitation:
    """The cited first page lies in the pages of another listed decision. Strictly inside them no decision can
    begin (on its last page one may): ``misattributed`` under another name, ``invented`` without a name where the
    pages are known (not inferred), ``real`` with a note when the citation names that decision."""
    from legalcite.casenames import compare  # start-up: kept off `legalcite check`

    span = f"{rec.first_page}–{end}" + (" (up to the next listed decision)" if inferred else "")
    described = _describe(rec)
    details: dict[str, Any] = {"page": page, "holder_pages": span, "pages_inferred": inferred or None}
    interior = rec.first_page is not None and rec.first_page < page < end   # (a holder's first page is known)
    where = f"page {page} lies within {described}, pages {span}"
    # two tables behind the holder and its pages known, not inferred: two sources agree no decision begins there
    both = not inferred and len(rec.extra.get("tables", ())) > 1
    cmps = [compare(name, d.name) for d in decisions(rec) if d.name] if name else []
    cmp = next((x for x in cmps if x.same), cmps[0] if cmps else None)
    if cmp is not None:
        details.update(cmp.to_dict())
    if cmp is not None and cmp.same:
        return _checked(c, Status.REAL, f"{name} begins at page {rec.first_page}, not {page} ({described})",
                        [_table_evidence(rec, **details)], rec.key)
    if not interior:
        return _checked(c, Status.NOT_FINDABLE, f"no decision is listed at {_cite(key)}; {where}, so one may "
                        "begin there", [_table_evidence(rec, **details)], key)
    if cmp is not None:
        return _checked(c, Status.MISATTRIBUTED, f"no decision begins at {_cite(key)}: {where}; it is not {name}",
                        [_table_evidence(rec, **details)], rec.key, confirmed=both)
    if inferred:
        return _checked(c, Status.NOT_FINDABLE, f"no decision is listed at {_cite(key)}; {where}",
                        [_table_evidence(rec, **details)], key)
    return _checked(c, Status.INVENTED, f"no decision begins at {_cite(key)}: {where}",
                    [_table_evidence(rec, **details)], key, confirmed=both)


# ------------------------------------------------------------------ short cites through the table

_SPACE = re.compile(r"\s+")


def bind_short_cites(citations: list[Citation], store: Store) -> list[Citation]:
    """Give the full key to US short cites that linking left without an antecedent (``454 U.S. at 241`` with no full
    citation of 454 U.S. before it: its partial key ``us/case/454/u.s.``, docs/keys.md): the listed decision of that
    volume whose pages hold the pin. Others unchanged."""
    if not store.has_cases():
        return citations
    out = []
    for c in citations:
        unbound = c.kind is Kind.CASE and c.form is Form.SHORT and c.antecedent is None and len(c.units) < 3
        out.append((_bind(c, store) if unbound else None) or c)
    return out


def _bind(c: Citation, store: Store) -> Citation | None:
    md = c.metadata
    vol, reporter, pin = getattr(md, "volume", None), getattr(md, "reporter", None), as_int(c.pin)
    if not (vol and reporter and pin is not None):
        return None
    seg = _SPACE.sub("", reporter).lower()
    eds = reporter_editions(seg)
    if not eds:
        return None
    ed = eds[0]
    parts = CaseParts(reporter_id(ed.jurisdiction, seg), str(vol), str(pin))
    exact = store.cases_at(with_page(parts, pin))
    held = (exact[0], None, False) if exact else holder(store, parts, pin)
    if held is None:
        return None
    rec = held[0]
    first = case_parts(rec.key)
    if first is None:  # (never: a decision of this volume has its key, the volume key and a page)
        return None
    return c.replace(jurisdiction=rec.jurisdiction, work="case",
                     units=(Unit("", first.volume), Unit("", seg), Unit("", first.page)))


# ------------------------------------------------------------------ online answers: the name test, a second source

API_SOURCE = "courtlistener.com"
# said by every case verdict left not_checked offline: what would decide it
OFFLINE_HINT = "load a case table with `legalcite corpus cases`, or check with `--online`"
# the evidence sources of this module's verdicts
OFFLINE_SIGNALS = ("case table:", "reporters-db", "reporter editions", "calendar")


def name_checked(cc: CheckedCitation) -> CheckedCitation:
    """CourtListener's answer for one citation, with the name test: a decision found at the citation under
    another name → ``misattributed`` (both names in the evidence); of several decisions sharing the citation, the
    one the citation names → ``real``, none of them → ``misattributed``. Other answers unchanged."""
    from legalcite.casenames import compare  # start-up: kept off `legalcite check`

    name = _cited_name(cc.citation)
    api = next((e for e in cc.evidence if e.source == API_SOURCE), None)
    if not name or api is None or cc.citation.kind is not Kind.CASE:
        return cc
    d = api.details
    if cc.status is Status.REAL and d.get("case_name"):
        cmp = compare(name, d["case_name"])
        ev = (dataclasses.replace(api, details={**d, **cmp.to_dict()}),) + tuple(e for e in cc.evidence if e is not api)
        if cmp.same:
            return dataclasses.replace(cc, evidence=ev)
        return dataclasses.replace(cc, status=Status.MISATTRIBUTED, reason=f"{cc.reason}, not {name}", evidence=ev,
                                   confirmed=False)
    candidates = [c for c in d.get("candidates") or () if isinstance(c, dict) and c.get("case_name")]
    if cc.status is Status.NOT_FINDABLE and candidates:
        named = [c for c in candidates if compare(name, c["case_name"]).same]
        if len(named) == 1:
            c = named[0]
            return dataclasses.replace(cc, status=Status.REAL, reason=f"{cc.reason}; the one named {name} is "
                                       f"{c['case_name']} ({c.get('date_filed')})")
        if not named:
            listed = "; ".join(c["case_name"] for c in candidates)
            return dataclasses.replace(cc, status=Status.MISATTRIBUTED, confirmed=False,
                                       reason=f"{cc.reason} ({listed}), none of them {name}")
    return cc



def second_opinion(checked: list[CheckedCitation], online) -> list[CheckedCitation]:
    """Ask CourtListener's API (``online``: an :class:`~legalcite.resolve.online.OnlineResolver`) about the US case
    verdicts decided offline (by the table or reporters-db): a deducted verdict it agrees with becomes
    ``confirmed`` (a decision under another name at the citation; no decision there at all, HTTP 404 per item);
    where it finds the cited decision under the cited name, its answer replaces the offline one (the table is a
    snapshot, the API is current)."""
    from legalcite.sources.courtlistener import covers  # heavy: imports reporters_db

    todo = [i for i, cc in enumerate(checked) if covers(cc.citation) and cc.status is not Status.NOT_CHECKED
            and any(e.source.startswith(OFFLINE_SIGNALS) for e in cc.evidence)]   # decided offline, here
    if not todo:
        return checked
    out = list(checked)
    for i, res in zip(todo, online.resolve([checked[i].citation for i in todo])):
        out[i] = _combined(checked[i], res.checked)
    return out


def _combined(table: CheckedCitation, api: CheckedCitation) -> CheckedCitation:
    if api.status is Status.NOT_CHECKED:          # no second answer (no token, a fault): the table's stands
        return table
    api_ev = next((e for e in api.evidence if e.source == API_SOURCE), None)
    no_case_there = (api.status is Status.NOT_FINDABLE and api_ev is not None
                     and api_ev.details.get("item_status") == 404)
    agrees = api.status is table.status or (table.status in DEDUCTED and no_case_there)
    if agrees:
        return dataclasses.replace(table, reason=f"{table.reason}; CourtListener agrees: {api.reason}",
                                   evidence=table.evidence + api.evidence,
                                   confirmed=True if table.status in DEDUCTED else None)
    if api.status is Status.REAL:
        return dataclasses.replace(api, reason=f"{api.reason} (the case table said: {table.reason})",
                                   evidence=api.evidence + table.evidence, confirmed=None)
    return dataclasses.replace(table, reason=f"{table.reason}; CourtListener: {api.reason}",
                               evidence=table.evidence + api.evidence)
