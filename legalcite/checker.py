"""The check: an evidence-backed status (docs/statuses.md) for every citation in a text.

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
from legalcite.models import Citation, Kind
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
    resolved = _resolve(citations, store=store, online=online, date=date)
    return _finish([resolved], [text], attribution)[0]


def _resolve(citations: Sequence[Citation], *, store: Any, online: bool, date: str | _dt.date | None
             ) -> tuple[list[CheckedCitation], list[Any], Any]:
    """The resolver chain: (verdicts, the store's unit behind each, the store)."""
    from legalcite.resolve import Chain
    from legalcite.resolve.store import StoreResolver

    first = StoreResolver(store, date=date)
    chain = [first]
    if online:
        from legalcite.resolve.online import OnlineResolver

        chain.append(OnlineResolver(store_path=str(first.store.path)))
    results = Chain(chain).resolve(citations)
    out = [r.checked for r in results]
    if online:  # a case verdict of the table, asked of CourtListener too (confirmed where both agree)
        from legalcite.resolve.cases import second_opinion

        out = second_opinion(out, chain[1])
        out = _official_second_opinion(out, chain[1])
    if not online:  # say why nobody else was asked
        out = [dataclasses.replace(cc, reason=f"{cc.reason} (offline)") if cc.status is Status.NOT_CHECKED else cc
               for cc in out]
    return out, [r.unit for r in results], first.store


def _official_second_opinion(checked: list[CheckedCitation], online: Any) -> list[CheckedCitation]:
    """A statute the store calls ``invented`` is asked of its official source too: where it agrees, the verdict is
    confirmed (two sources); where it lists the unit, its answer replaces the snapshot's (the site is current);
    where it cannot say (no source, a fault), the store's verdict stands, unconfirmed."""
    todo = [i for i, cc in enumerate(checked) if cc.status is Status.INVENTED and cc.confirmed is None
            and cc.citation.kind is not Kind.CASE and any(e.source.startswith("store") for e in cc.evidence)]
    if not todo:
        return checked
    out = list(checked)
    for i, res in zip(todo, online.resolve([checked[i].citation for i in todo])):
        store, site = checked[i], res.checked
        if site.status is Status.INVENTED:
            out[i] = dataclasses.replace(store, reason=f"{store.reason}; the official source agrees: {site.reason}",
                                         evidence=store.evidence + site.evidence, confirmed=True)
        elif site.status is Status.REAL:
            out[i] = dataclasses.replace(site, reason=f"{site.reason} (the store's snapshot lacks it: {store.reason})",
                                         evidence=site.evidence + store.evidence, confirmed=None)
        else:
            out[i] = dataclasses.replace(store, reason=f"{store.reason}; online: {site.reason}",
                                         evidence=store.evidence + site.evidence)
    return out


def _finish(resolved: Sequence[tuple[list[CheckedCitation], list[Any], Any]], texts: Sequence[str],
            attribution: bool) -> list[list[CheckedCitation]]:
    """The misattribution test over several texts at once (their claims embedded in one batch), then
    ``confirmed`` settled on every verdict."""
    outs = [out for out, _, _ in resolved]
    if attribution and resolved:
        from legalcite.attribution import attribute_texts

        store = resolved[0][2]
        outs = attribute_texts([(out, units, text) for (out, units, _), text in zip(resolved, texts)], store)
    return [[settle_confirmed(cc) for cc in out] for out in outs]


def check(text: str, *, store: Any = None, online: bool = False, date: str | _dt.date | None = None,
          jurisdiction: str | None = None, attribution: bool = True) -> list[CheckedCitation]:
    """Every citation in ``text`` with its status, evidence and a readable reason.

    ``store``: a path or :class:`~legalcite.corpora.store.Store` (default: ``LEGALCITE_STORE`` or the platform
    data dir; build it with ``legalcite corpus build``). ``online``: ask the official sources about what the store
    cannot decide. ``date``: the day repeal is judged at (default today)."""
    from legalcite.pipeline import _drop_unresolved, extract
    from legalcite.resolve.cases import bind_short_cites
    from legalcite.resolve.store import get_store

    if not isinstance(text, str):
        raise TypeError(f"check() needs a str, not {type(text).__name__}")
    store = get_store(store)
    # short cites with no antecedent in the text ("454 U.S. at 241") are bound through the case table, if it can
    cites = _drop_unresolved(bind_short_cites(extract(text, jurisdiction=jurisdiction, unresolved=True), store))
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
    return check_answers([answer], options)[0]


def check_answers(answers: Sequence[Answer], options: CheckOptions = CheckOptions()) -> list[dict]:
    """:func:`check_answer` for several answers, their claims judged in one batch (one embedding call for the
    dense model instead of one per answer). An answer that fails gets its own error record; if the shared
    attribution step fails, each answer is finished alone, so the error stays with its answer. Never raises."""
    from legalcite.pipeline import extract

    records: list[dict | None] = [None] * len(answers)
    ok: list[tuple[int, tuple]] = []
    for i, a in enumerate(answers):
        try:
            cites = extract(a.text, jurisdiction=options.jurisdiction)
            ok.append((i, _resolve(cites, store=options.store, online=options.online, date=options.date)))
        except Exception as e:  # noqa: BLE001  typed errors and bugs alike become this answer's error record
            records[i] = _error_record(a, e)
    try:
        done = _finish([r for _, r in ok], [answers[i].text for i, _ in ok], options.attribution)
    except Exception:  # noqa: BLE001  find the answer that fails: finish each alone
        done = []
        for i, r in ok:
            try:
                done.append(_finish([r], [answers[i].text], options.attribution)[0])
            except Exception as e:  # noqa: BLE001
                records[i] = _error_record(answers[i], e)
                done.append(None)
    for (i, _), checked in zip(ok, done):
        if checked is not None:
            records[i] = _record(answers[i], checked)
    return records  # type: ignore[return-value]


def _error_record(answer: Answer, e: Exception) -> dict:
    ident = answer.id if answer.id is not None else answer.lineno
    if isinstance(e, LegalciteError):  # a store damaged after it was opened, an output that cannot be written …
        return {"line": answer.lineno, "id": ident, "error": str(e)}
    # a bug: this answer's error record, so the run and the id survive
    return {"line": answer.lineno, "id": ident,
            "error": f"internal error (a bug in legalcite; please report it): {type(e).__name__}: {e}"}


def _record(answer: Answer, checked: list[CheckedCitation]) -> dict:
    summary = summarize(checked)
    return {"id": answer.id if answer.id is not None else answer.lineno, "line": answer.lineno,
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
