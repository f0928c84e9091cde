"""The check: an evidence-backed status (DESIGN.md §3) for every citation in a text.

Orchestration only: ``check(text)`` = extract → the resolver chain (:mod:`legalcite.resolve`: the corpus store,
then, with ``online=True``, the official sources for what the store left undecided) → the misattribution test
(:mod:`legalcite.attribution`) → statuses with reasons and evidence. :func:`summarize` counts them.

:func:`check_answer` is the same for one answer of an answers file and :func:`answer_of` picks the answer out of
a record of the one JSONL reader (:mod:`legalcite.core.jsonl`); both are pure and picklable, so the CLI's
process pool and the distributed runner (:mod:`legalcite.distributed`) share them and write identical records.
:func:`check_line` does both for one raw line.

Errors: only typed, expected ones become a verdict (a fault of an online source is ``not_checked`` inside the
chain). A :class:`~legalcite.errors.LegalciteError` while checking an answer (a store damaged after it was
opened) becomes that answer's error record with its message; any other exception is a bug and becomes an error
record saying so, with the answer's id — never a silent ``not_checked``.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from legalcite.core.jsonl import BadLine, Line, parse_json_line
from legalcite.errors import LegalciteError
from legalcite.models import Citation
from legalcite.status import DEDUCTED, CheckedCitation, Status, settle_confirmed

LEXASSAY_PENALTY = 0.25   # per distinct deducted citation (legalcite.metrics.lexassay)
DEFAULT_MAX_CHARS = 1_000_000


@dataclass(frozen=True)
class CheckOptions:
    """Everything :func:`check_answer` needs; plain data, so it pickles to worker processes."""

    store: str | None = None            # store path; None → LEGALCITE_STORE or the default location
    text_field: str = "answer"
    id_field: str = "id"
    input_format: str = "jsonl"         # jsonl | text (the line *is* the answer)
    online: bool = False
    date: str | None = None             # ISO date for repeal decisions; None → today
    jurisdiction: str | None = None     # hint for citations that do not state one
    attribution: bool = True            # run the misattribution test
    max_chars: int = DEFAULT_MAX_CHARS  # longer answers are reported as errors, not checked


@dataclass(frozen=True)
class Answer:
    """One answer to check, as the reader found it: what a worker process receives."""

    lineno: int
    id: Any
    text: str


# ------------------------------------------------------------------ checking text

def check_citations(citations: Sequence[Citation], text: str = "", *, store: Any = None, online: bool = False,
                    date: str | _dt.date | None = None, attribution: bool = True) -> list[CheckedCitation]:
    """Statuses for already extracted citations; ``text`` is the document they come from (for misattribution)."""
    from legalcite.resolve import Chain
    from legalcite.resolve.store import StoreResolver

    first = StoreResolver(store, date=date)
    chain = [first]
    if online:
        from legalcite.resolve.online import OnlineResolver

        chain.append(OnlineResolver(store_path=str(first.store.path)))
    results = Chain(chain).resolve(citations)
    out = [r.checked for r in results]
    if not online:  # say why nobody else was asked
        out = [dataclasses.replace(cc, reason=f"{cc.reason} (offline)") if cc.status is Status.NOT_CHECKED else cc
               for cc in out]
    if attribution and text:
        from legalcite.attribution import attribute_all

        out = attribute_all(out, [r.unit for r in results], text, first.store)
    return [settle_confirmed(cc) for cc in out]


def check(text: str, *, store: Any = None, online: bool = False, date: str | _dt.date | None = None,
          jurisdiction: str | None = None, attribution: bool = True) -> list[CheckedCitation]:
    """Every citation in ``text`` with its status, evidence and a readable reason.

    ``store``: a path or :class:`~legalcite.corpora.store.Store` (default: ``LEGALCITE_STORE`` or the platform
    data dir; build it with ``legalcite corpus build``). ``online``: ask the official sources about what the store
    cannot decide. ``date``: the day repeal is judged at (default today)."""
    from legalcite.pipeline import extract

    if not isinstance(text, str):
        raise TypeError(f"check() needs a str, not {type(text).__name__}")
    cites = extract(text, jurisdiction=jurisdiction)
    return check_citations(cites, text, store=store, online=online, date=date, attribution=attribution)


# ------------------------------------------------------------------ summaries

def summarize(checked: Iterable[CheckedCitation], deduct: str = "confirmed") -> dict[str, Any]:
    """Counts by status and by jurisdiction, and the LexAssay deduction: 0.25 per distinct key that is
    misattributed or invented and, under ``deduct="confirmed"`` (the default), confirmed; the deducted verdicts
    left out for want of confirmation are listed under ``unconfirmed``."""
    counts: dict[str, int] = {}
    by_jur: dict[str, dict[str, int]] = {}
    deducted: set[str] = set()
    unconfirmed: set[str] = set()
    for cc in checked:
        s = cc.status.value
        counts[s] = counts.get(s, 0) + 1
        j = cc.citation.jurisdiction or "?"
        by_jur.setdefault(j, {})
        by_jur[j][s] = by_jur[j].get(s, 0) + 1
        if cc.status in DEDUCTED:
            (deducted if cc.deducted(deduct) else unconfirmed).add(cc.citation.key or f"?{cc.citation.text}")
    return {"counts": counts, "by_jurisdiction": by_jur, "deducted": sorted(deducted),
            "unconfirmed": sorted(unconfirmed - deducted), "lexassay_deduction": LEXASSAY_PENALTY * len(deducted)}


# ------------------------------------------------------------------ answers files: one record per answer

def answer_of(rec: Line | BadLine, options: CheckOptions) -> Answer | dict:
    """The answer to check in a record of the reader, or the error record that takes its place (id kept)."""
    if isinstance(rec, BadLine):
        return rec.to_record()
    if rec.data is None:
        text = rec.text
    else:
        try:
            text = rec.get(options.text_field)
        except LegalciteError as e:
            return rec.bad(e).to_record()
    if len(text) > options.max_chars:
        return rec.bad(f"answer too long ({len(text):,} characters; limit {options.max_chars:,}, see "
                       "--max-chars)").to_record()
    return Answer(rec.lineno, rec.id, text)


def check_answer(answer: Answer, options: CheckOptions = CheckOptions()) -> dict:
    """``{"id", "line", "citations": [...], "summary": {...}}`` for one answer (the id is the line number when the
    record has none), or its error record ``{"line", "id", "error"}``; never raises."""
    ident = answer.id if answer.id is not None else answer.lineno
    try:
        checked = check(answer.text, store=options.store, online=options.online, date=options.date,
                        jurisdiction=options.jurisdiction, attribution=options.attribution)
    except LegalciteError as e:  # a store damaged after it was opened, an output that cannot be written …
        return {"line": answer.lineno, "id": ident, "error": str(e)}
    except Exception as e:  # noqa: BLE001  a bug: this answer's error record, so the run and the id survive
        return {"line": answer.lineno, "id": ident,
                "error": f"internal error (a bug in legalcite; please report it): {type(e).__name__}: {e}"}
    summary = summarize(checked)
    return {"id": ident, "line": answer.lineno,
            "citations": [cc.to_dict() for cc in checked],
            "summary": {"counts": summary["counts"], "by_jurisdiction": summary["by_jurisdiction"],
                        "lexassay_deduction": summary["lexassay_deduction"],
                        "unconfirmed": summary["unconfirmed"]}}


def check_record(rec: Line | BadLine, options: CheckOptions = CheckOptions()) -> dict:
    """:func:`answer_of` then :func:`check_answer`: the output record for one record of the reader."""
    item = answer_of(rec, options)
    return item if isinstance(item, dict) else check_answer(item, options)


def check_line(line: str, lineno: int, options: CheckOptions = CheckOptions()) -> dict | None:
    """Check one raw input line (JSON, or the answer itself when ``options.input_format == "text"``), read as the
    JSONL reader reads it. Returns the output record, an error record for a bad line (never raises), or None for
    a blank line."""
    line = line.rstrip("\r\n")
    if not line.strip():
        return None
    if options.input_format == "text":
        rec: Line | BadLine = Line("<line>", lineno, None, None, line)
    else:
        rec = parse_json_line(line, lineno, id_field=options.id_field)
    return check_record(rec, options)
