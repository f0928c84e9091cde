"""Resolve citations against the official sources, online. One module per source:

==================  ==========================================  =====================================
module              source                                      covers
==================  ==========================================  =====================================
``gii``             www.gesetze-im-internet.de                  German federal statutes
``dejure``          dejure.org                                  German statutes (fallback), decisions
``courtlistener``   www.courtlistener.com (citation-lookup v4)  US and California cases
``cornell``         www.law.cornell.edu                         U.S.C., CFR, Constitution, Fed. Rules
``leginfo``         leginfo.legislature.ca.gov                  California codes
``flk``             flk.npc.gov.cn                              PRC laws and interpretations (work)
==================  ==========================================  =====================================

:func:`resolve_online` is what ``legalcite check --online`` calls for the citations the offline store cannot
decide; :func:`urls_for` is ``legalcite url``. The network policy (allow-list, retries, rate limits, circuit
breaker) is :mod:`legalcite.resolvers.http`; answers are cached with their retrieval date by
:mod:`legalcite.resolvers.cache`. httpx is imported only when this package is.
"""
from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from legalcite.models import Citation
from legalcite.status import CheckedCitation, Evidence, Status

from .base import Resolver
from .cache import OnlineCache
from .cornell import CornellResolver
from .courtlistener import CourtListenerResolver
from .dejure import DejureResolver
from .flk import FlkResolver
from .gii import GiiResolver
from .http import ALLOWED_ORIGINS, FetchError, OfficialClient, now_iso
from .leginfo import LeginfoResolver

__all__ = ["resolve_online", "resolve_online_async", "urls_for", "default_resolvers", "OfficialClient",
           "OnlineCache", "FetchError", "ALLOWED_ORIGINS"]

log = logging.getLogger("legalcite.resolvers")


def default_resolvers() -> list[Resolver]:
    """In the order they are asked: the first decisive answer wins, later ones are fallbacks."""
    return [GiiResolver(), DejureResolver(), CourtListenerResolver(), CornellResolver(), LeginfoResolver(),
            FlkResolver()]


def urls_for(citation: Citation, resolvers: Sequence[Resolver] | None = None) -> list[str]:
    """The official URL(s) for a citation, most authoritative first; ``[]`` when no source covers it."""
    out: list[str] = []
    for r in resolvers if resolvers is not None else default_resolvers():
        if r.handles(citation):
            out.extend(u for u in r.urls(citation) if u not in out)
    return out


def _retrieved(checked: CheckedCitation) -> str:
    for e in checked.evidence:
        if e.snapshot and e.snapshot.startswith("retrieved "):
            return e.snapshot[len("retrieved "):]
    return now_iso()


async def _resolve_one(citation: Citation, resolvers: Sequence[Resolver], client: OfficialClient,
                       cache: OnlineCache | None) -> CheckedCitation:
    if citation.key is None:
        return CheckedCitation(citation, Status.NOT_CHECKED, "no canonical key (an unlinked short form): "
                               "nothing to look up online", (Evidence("online"),))
    reasons: list[str] = []
    evidence: list[Evidence] = []
    for r in resolvers:
        if not r.handles(citation):
            continue
        if cache is not None and (hit := cache.get(r.name, citation)) is not None:
            return hit
        try:
            checked = await r.resolve(citation, client)
        except FetchError as e:  # resolvers catch these; this is the last line of defence
            checked = CheckedCitation(citation, Status.NOT_CHECKED, f"{r.source}: {e.reason}",
                                      (Evidence(r.source, citation.key, e.url),))
        if checked.status is not Status.NOT_CHECKED:
            if cache is not None:
                cache.put(r.name, checked, _retrieved(checked))
            return checked
        reasons.append(checked.reason)
        evidence.extend(checked.evidence)
    if not reasons:
        return CheckedCitation(citation, Status.NOT_CHECKED,
                               f"no official source online covers {citation.key_at('work')}",
                               (Evidence("online", citation.key),))
    return CheckedCitation(citation, Status.NOT_CHECKED, "; ".join(reasons), tuple(evidence))


async def resolve_online_async(
    citations: Sequence[Citation],
    *,
    store_path: str | Path | None = None,
    timeout: float = 15.0,
    retries: int = 3,
    use_cache: bool = True,
    cache_path: str | Path | None = None,
    max_age_days: float = 30.0,
    resolvers: Sequence[Resolver] | None = None,
    **client_options: Any,
) -> list[CheckedCitation]:
    """Async form of :func:`resolve_online`. ``client_options`` go to :class:`OfficialClient` (``transport``,
    ``allowed``, ``backoff``, ``breaker_threshold``, ``policies`` …)."""
    resolvers = list(resolvers) if resolvers is not None else default_resolvers()
    cache = None
    if use_cache:
        import sqlite3

        try:
            cache = OnlineCache(store_path if store_path is not None else cache_path, max_age_days=max_age_days)
        except (sqlite3.Error, OSError) as e:  # a read-only store: check without a cache rather than fail
            log.warning("online answers will not be cached: %s", e)
    try:
        async with OfficialClient(timeout=timeout, retries=retries, **client_options) as client:
            # one request per distinct key; repeats share the answer
            firsts: dict[Any, Citation] = {}
            for c in citations:
                firsts.setdefault(c.key if c.key is not None else id(c), c)
            done = await asyncio.gather(*(_resolve_one(c, resolvers, client, cache) for c in firsts.values()))
            by_key = dict(zip(firsts, done))
    finally:
        if cache is not None:
            cache.close()
    return [dataclasses.replace(by_key[c.key if c.key is not None else id(c)], citation=c) for c in citations]


def resolve_online(citations: Sequence[Citation], **options: Any) -> list[CheckedCitation]:
    """Check citations against the official sources; one :class:`CheckedCitation` per citation, in order.

    Never guesses: a source that cannot be reached, refuses, throttles past the limits or answers something
    unreadable yields ``not_checked`` with the reason. Options: ``store_path`` (cache table in the store file),
    ``timeout`` (seconds per request), ``retries``, ``use_cache``, ``cache_path``, ``max_age_days``,
    ``resolvers`` and the :class:`OfficialClient` options.
    """
    coro = resolve_online_async(citations, **options)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    # called from inside a running loop (a notebook): run in a worker thread with its own loop
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()
