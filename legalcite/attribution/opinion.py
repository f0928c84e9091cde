"""A model's opinion on attribution (``legalcite check --attribution-judge``): does the cited text support the claim?

The rules decide first (quotations, the models' misfits, figures, the jurisdiction: :mod:`legalcite.attribution`).
Where a user names a model at an OpenAI-compatible endpoint — configured as the judges of ``legalcite judge`` are
(:func:`legalcite.llm.parse_judge`, :func:`legalcite.judge.load_judges`) and asked through the same client
(:mod:`legalcite.llm`: retries with backoff, a deadline per request) — it is asked about the citations the rules
flag or leave undecided (:func:`asked_for`), with the claim and the cited unit's text only (at the cited depth),
in the shipped, versioned prompt (``data/opinion_prompt.json``). Its first line is SUPPORTS, DOES NOT SUPPORT or
UNCLEAR (:func:`parse_answer`), and it can change a verdict (:func:`apply`):

- a misattribution it agrees with (DOES NOT SUPPORT) becomes ``confirmed``: the rules and the opinion, two signals;
- a misattribution it contradicts (SUPPORTS) becomes ``real``, decided by the opinion;
- an undecided ``real`` verdict it contradicts becomes ``misattributed``, unconfirmed (the opinion alone).

UNCLEAR, an answer in another format, a fault after the retries, a timeout: no opinion, the verdict stays. Every
verdict asked about carries ``opinion`` (model, prompt, answer, verdict) in its attribution evidence, and a verdict
the opinion decided says so in its reason. Answers are cached (SQLite; the key holds the prompt's id, the URL, the
model, its parameters and the messages); a failure is never cached. Nothing is sent without the option.
docs/check.md §4 says when it is asked and what it can change.
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import re
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any, Sequence

from legalcite._util import cache_dir
from legalcite.attribution.results import JUDGED, NOT_RUN
from legalcite.jurisdictions import print_key
from legalcite.llm import (Endpoint, SqliteCache, chat_url, complete, load_prompt, parse_judge, request_hash,
                           strip_reasoning)
from legalcite.status import CheckedCitation, Status

PROMPT = ("legalcite.attribution", "data/opinion_prompt.json")   # the shipped prompt (package, file)
FIELDS = ("{claim}", "{citation}", "{unit_text}")
SUPPORTS, NOT_SUPPORTED, UNCLEAR, NO_OPINION = "SUPPORTS", "DOES NOT SUPPORT", "UNCLEAR", "no opinion"
VERDICTS = (SUPPORTS, NOT_SUPPORTED, UNCLEAR)
# Asked about (besides every misattribution and every real verdict the rules did not judge): a real verdict whose
# misfit reached this share of its threshold — the rules said real, by a margin too small to trust
NEAR = 0.8
MAX_CLAIM, MAX_TEXT = 2_000, 8_000   # characters of the claim and of the unit's text sent (a longer text is cut)
UNREACHABLE_S = 300.0   # an endpoint no request could reach is not asked again for this long, in this process
CACHE_FILE = "attribution_opinion.sqlite"
ASKED = ("flagged", "not judged", "near the threshold")   # why a verdict is asked about (:func:`asked_for`)


@dataclass(frozen=True)
class OpinionSettings:
    """Whom to ask and how: the endpoint (``[NAME=]MODEL@URL`` through :func:`legalcite.llm.parse_judge`, or an
    entry of a judges file), the prompt file (None: the shipped one), the cache file (None: ``CACHE_FILE`` in
    legalcite's cache dir; ``use_cache=False``: none), and the client's retries, backoff, deadline per request and
    concurrent requests. Plain data: it travels to worker processes inside ``CheckOptions``."""

    endpoint: Endpoint
    prompt: str | None = None
    cache: str | None = None
    use_cache: bool = True
    retries: int = 4
    backoff: float = 1.0
    timeout: float = 120.0
    concurrency: int = 4


def settings_of(judge: OpinionSettings | Endpoint | str | None) -> OpinionSettings | None:
    """``attribution_judge=`` of the check as settings: an :class:`OpinionSettings`, an
    :class:`~legalcite.llm.Endpoint`, or ``[NAME=]MODEL@URL`` (temperature 0); None: no opinion is asked."""
    if judge is None or isinstance(judge, OpinionSettings):
        return judge
    if isinstance(judge, Endpoint):
        return OpinionSettings(judge)
    if isinstance(judge, str):
        return OpinionSettings(parse_judge(judge, params={"temperature": 0}))
    raise TypeError(f"attribution_judge must be OpinionSettings, an Endpoint or 'MODEL@URL', "
                    f"not {type(judge).__name__}")


@cache
def load(path: str | None = None):
    """The prompt (:class:`legalcite.llm.PromptFile`): a file in the shipped one's format, or the shipped one."""
    return load_prompt(path, shipped=PROMPT, fields=FIELDS)


def messages(prompt: Any, claim: str, citation: str, text: str) -> list[dict[str, str]]:
    """The chat messages for one citation: the prompt with the claim, the printed citation and the unit's text
    filled in (in one pass, so a claim that happens to hold ``{unit_text}`` stays as written)."""
    values = {"claim": _clip(claim, MAX_CLAIM), "citation": citation, "unit_text": _clip(text, MAX_TEXT)}
    user = re.sub(r"\{(claim|citation|unit_text)\}", lambda m: values[m.group(1)], prompt.template)
    return [{"role": "system", "content": prompt.system}, {"role": "user", "content": user}]


def _clip(text: str, limit: int) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[:limit].rstrip() + " […]"


def cache_key(prompt_id: str, endpoint: Endpoint, msgs: Sequence[dict[str, str]]) -> str:
    """What identifies an answer in the cache: the prompt's id (``name@version``) and the request (URL, model,
    parameters, messages: :func:`legalcite.llm.request_hash`)."""
    return hashlib.sha256(json.dumps([prompt_id, request_hash(endpoint, msgs)]).encode("utf-8")).hexdigest()


def parse_answer(text: str | None) -> tuple[str | None, str]:
    """``(verdict, why)`` from a model's answer: its first line (after a reasoning model's ``</think>``, Markdown
    emphasis and end punctuation taken off) must be SUPPORTS, DOES NOT SUPPORT or UNCLEAR, in any case; the lines
    after it are the reason. ``(None, what is wrong)`` for anything else: no opinion."""
    lines = [x.strip() for x in strip_reasoning(text or "").splitlines() if x.strip()]
    if not lines:
        return None, "an empty answer"
    head = " ".join(lines[0].strip(" *_#`>\"'.:!").upper().split())
    if head not in VERDICTS:
        return None, f"an answer in another format (first line {lines[0][:80]!r})"
    return head, " ".join(lines[1:])[:300]


@dataclass(frozen=True)
class Opinion:
    """The model's opinion on one citation, as the evidence shows it."""

    verdict: str              # SUPPORTS | DOES NOT SUPPORT | UNCLEAR | no opinion
    model: str
    prompt: str               # the prompt's id, name@version
    answer: str = ""          # what the model wrote (clipped)
    why: str = ""             # its reason (the lines after the verdict)
    error: str = ""           # why there is no opinion
    cached: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The opinion as the evidence shows it (``why``, ``error`` and ``cached`` only when set)."""
        d: dict[str, Any] = {"model": self.model, "prompt": self.prompt, "answer": self.answer,
                             "verdict": self.verdict}
        if self.why:
            d["why"] = self.why
        if self.error:
            d["error"] = self.error
        if self.cached:
            d["cached"] = True
        return d


# ------------------------------------------------------------------ asking

_DOWN: dict[str, tuple[float, str]] = {}   # URL → (when, why) it could not be reached (see UNREACHABLE_S)


def ask(questions: Sequence[tuple[str, str, str]], settings: OpinionSettings) -> list[Opinion]:
    """The opinion on each ``(claim, printed citation, unit text)``: from the cache, else asked, the batch
    concurrently. Never raises for what the endpoint does: a fault is an opinion ``no opinion`` with its cause."""
    prompt = load(settings.prompt)
    ep = settings.endpoint
    msgs = [messages(prompt, *q) for q in questions]
    keys = [cache_key(prompt.id, ep, m) for m in msgs]
    # a cache that cannot be read or written now (locked past its busy timeout, a full disk) is a cache miss: the
    # model is asked, the check goes on
    try:
        store = open_cache(settings)
    except (sqlite3.Error, OSError):
        store = None
    hits: dict[str, dict[str, Any]] = {}
    try:
        for k in dict.fromkeys(keys):
            with contextlib.suppress(sqlite3.Error):
                if store is not None and (hit := store.get(k)) is not None:
                    hits[k] = hit
        first = {k: m for k, m in zip(keys, msgs) if k not in hits}   # each distinct request once
        got = dict(zip(first, _send(list(first.values()), settings))) if first else {}
        for k, res in got.items():
            if store is not None and "error" not in res:   # answers only: a failure is asked again next time
                with contextlib.suppress(sqlite3.Error):
                    store.put(k, {f: res.get(f) for f in ("output", "finish_reason", "usage")})
    finally:
        if store is not None:
            store.close()
    out = []
    for k in keys:
        res = {**hits[k], "cached": True} if k in hits else got[k]
        out.append(_opinion(res, ep.label, prompt.id))
    return out


def _opinion(res: dict[str, Any], model: str, prompt_id: str) -> Opinion:
    if "error" in res:
        return Opinion(NO_OPINION, model, prompt_id, error=f"no answer: {res['error']}")
    answer = str(res.get("output") or "")
    verdict, why = parse_answer(answer)
    cached = bool(res.get("cached"))
    if verdict is None:
        return Opinion(NO_OPINION, model, prompt_id, answer[:500], error=why, cached=cached)
    return Opinion(verdict, model, prompt_id, answer[:500], why, cached=cached)


def open_cache(settings: OpinionSettings):
    """The answers' cache (:class:`legalcite.llm.SqliteCache`) the settings name, or None."""
    if not settings.use_cache:
        return None
    if settings.cache:
        return SqliteCache(settings.cache)
    return SqliteCache(cache_dir() / CACHE_FILE)


def _send(msgs: list[list[dict[str, str]]], settings: OpinionSettings) -> list[dict[str, Any]]:
    """The requests through :func:`legalcite.llm.complete`, ``settings.concurrency`` at a time; ``{"error": …}``
    for each at once where the endpoint could not be reached lately (:data:`UNREACHABLE_S`)."""
    url = chat_url(settings.endpoint.url)
    down = _DOWN.get(url)
    if down is not None and time.monotonic() - down[0] < UNREACHABLE_S:
        return [{"error": f"not sent: {down[1]}"} for _ in msgs]
    got = _run_sync(_gather(msgs, settings))
    if got and all(r.get("unreachable") for r in got):
        _DOWN[url] = (time.monotonic(), f"{url} could not be reached ({got[0]['error']})")
    else:
        _DOWN.pop(url, None)
    return got


async def _gather(msgs: list[list[dict[str, str]]], settings: OpinionSettings) -> list[dict[str, Any]]:
    import httpx  # loaded when the first request is sent (the opinion's settings and parsing do without it)

    sem = asyncio.Semaphore(max(1, settings.concurrency))
    async with httpx.AsyncClient(timeout=settings.timeout) as client:
        async def one(m: list[dict[str, str]]) -> dict[str, Any]:
            async with sem:
                return await complete(client, settings.endpoint, m, retries=settings.retries,
                                      backoff=settings.backoff, timeout=settings.timeout)

        return list(await asyncio.gather(*(one(m) for m in msgs)))


def _run_sync(coro):
    """``asyncio.run``, also from code that runs inside an event loop already (a notebook): there in a thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


# ------------------------------------------------------------------ which verdicts, and what the opinion changes

def _attribution(cc: CheckedCitation) -> int | None:
    """The index of the verdict's attribution evidence (the last one), or None."""
    return next((i for i in range(len(cc.evidence) - 1, -1, -1) if cc.evidence[i].source == "attribution"), None)


def asked_for(cc: CheckedCitation) -> str | None:
    """Why the opinion is asked about a verdict after the rules (one of :data:`ASKED`), or None: every
    misattribution (``flagged``); a ``real`` verdict the rules did not judge though there is a claim and the unit
    has text (``not judged``: too little text, a claim in another language without unit vectors, a work the models
    are not trusted on); a ``real`` verdict whose misfit reached :data:`NEAR` of its threshold (``near the
    threshold``). Never a verdict without a claim (``no claim``) or one the rules decided firmly."""
    i = _attribution(cc)
    if i is None:
        return None
    d = cc.evidence[i].details
    if cc.status is Status.MISATTRIBUTED:
        return ASKED[0]
    if cc.status is not Status.REAL:
        return None
    if d.get("result") == NOT_RUN:
        return ASKED[1]
    misfit, threshold = d.get("misfit"), d.get("threshold")
    if isinstance(misfit, (int, float)) and isinstance(threshold, (int, float)) and threshold > 0 \
            and misfit >= NEAR * threshold:
        return ASKED[2]
    return None


def review(todo: Sequence[Any], jobs: Sequence[Any], done: list[list[CheckedCitation]],
           settings: OpinionSettings) -> None:
    """The opinion on the verdicts of ``todo`` (the claims the rules judged or tried to:
    ``legalcite.attribution._Todo``) that :func:`asked_for` selects, applied to ``done`` in place; ``jobs`` hold the
    verdicts before attribution and the store's units."""
    picked: list[tuple[Any, str]] = []
    questions: list[tuple[str, str, str]] = []
    for t in todo:
        why = asked_for(done[t.job][t.index])
        unit = jobs[t.job][1][t.index]
        if why is None or unit is None or not unit.text:
            continue
        cited = jobs[t.job][0][t.index].citation.key
        if t.cited_text:   # the text at the cited depth, and the citation as deep as that
            text, printed = t.cited_text, print_key(cited or t.key)
        else:
            text, printed = (f"{unit.heading}\n{unit.text}" if unit.heading else unit.text), print_key(t.key)
        picked.append((t, why))
        questions.append((t.claim.text, printed, text))
    if not picked:
        return
    for (t, why), op in zip(picked, ask(questions, settings)):
        done[t.job][t.index] = apply(jobs[t.job][0][t.index], done[t.job][t.index], why, op)


def apply(before: CheckedCitation, after: CheckedCitation, asked: str, op: Opinion) -> CheckedCitation:
    """``after`` (the rules' verdict; ``before``: the verdict before attribution) with the opinion in its attribution
    evidence and, where the opinion decides, the status, ``confirmed`` and a reason that says so (module doc)."""
    i = _attribution(after)
    assert i is not None, "asked_for() selects verdicts with attribution evidence"
    ev = after.evidence[i]
    d = {**ev.details, "opinion": {**op.to_dict(), "asked": asked}}
    rules = str(d.get("decided_by") or "rules")
    said = f"model opinion ({op.model}: {op.verdict.lower()})"
    changes: dict[str, Any] = {}
    if after.status is Status.MISATTRIBUTED and op.verdict == NOT_SUPPORTED:
        d["decided_by"] = f"{rules} + opinion"
        changes = dict(confirmed=True, reason=f"{after.reason}; decided by: rules + {said}")
    elif after.status is Status.MISATTRIBUTED and op.verdict == SUPPORTS:
        d.update(decided_by="opinion", rules_verdict=Status.MISATTRIBUTED.value)
        changes = dict(status=Status.REAL, confirmed=None, content_checked=True,
                       reason=f"{before.reason}; decided by: {said}, against the rules, which found it misattributed")
    elif after.status is Status.REAL and op.verdict == NOT_SUPPORTED:
        d.update(result=JUDGED, decided_by="opinion", rules_verdict=Status.REAL.value)
        changes = dict(status=Status.MISATTRIBUTED, confirmed=False, content_checked=None,
                       reason=f"{after.reason.split(';')[0]}, but does not support the statement (decided by: "
                              f"{said}; the rules: {asked})")
    elif after.status is Status.REAL and op.verdict == SUPPORTS:
        if d.get("result") == NOT_RUN:   # the opinion is the only judgment of its content
            d.update(result=JUDGED, decided_by="opinion")
            changes = dict(content_checked=True, reason=f"{after.reason}; decided by: {said}")
        else:
            d["decided_by"] = f"{rules} + opinion"
    evidence = after.evidence[:i] + (dataclasses.replace(ev, details=d),) + after.evidence[i + 1:]
    return dataclasses.replace(after, evidence=evidence, **changes)


__all__ = ["OpinionSettings", "Opinion", "settings_of", "load", "messages", "cache_key", "parse_answer", "ask",
           "asked_for", "review", "apply", "SUPPORTS", "NOT_SUPPORTED", "UNCLEAR", "NO_OPINION", "NEAR", "ASKED"]
