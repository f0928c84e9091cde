"""The official sources as a resolver: what the store cannot decide is asked of them, online.

:class:`OnlineResolver` asks the sources of :mod:`legalcite.sources` that cover a citation, in registry order:
the first decisive answer wins, a ``not_checked`` passes the citation to the next source, and when none decides
the reasons of all are joined. One request per distinct key (repeats share the answer); decisive answers are
cached with their retrieval date (:mod:`legalcite.resolve.cache`), a fault never is. The network policy
(allow-list, retries, rate limits, circuit breaker) is :mod:`legalcite.net`. Only the sources' typed
:class:`~legalcite.net.FetchError` becomes ``not_checked`` here; anything else is a bug and propagates.

:func:`resolve_online` is the same for callers that want :class:`~legalcite.status.CheckedCitation` s.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from legalcite.models import Citation, Kind
from legalcite.net import FetchError, OfficialClient, deadline, now_iso
from legalcite.sources import OnlineSource, allowed_origins, online_sources
from legalcite.status import CheckedCitation, Evidence, Status, Undecided

from .base import Resolution
from .cache import CacheUnavailable, OnlineCache
from .cases import name_checked, second_opinion

log = logging.getLogger("legalcite.resolve.online")


def _retrieved(checked: CheckedCitation) -> str:
    for e in checked.evidence:
        if e.snapshot and e.snapshot.startswith("retrieved "):
            return e.snapshot[len("retrieved "):]
    return now_iso()


class OnlineResolver:
    """Asks the official sources. Options: ``store_path`` (cache table in the store file), ``timeout`` (seconds
    per request), ``retries``, ``deadline`` (seconds per citation, all its sources, requests, retries and waits
    together: :class:`~legalcite.net.Deadline`; None for none), ``use_cache``, ``cache_path``, ``max_age_days``,
    ``sources`` and the :class:`~legalcite.net.OfficialClient` options (``transport``, ``backoff``, ``policies``
    …; ``allowed`` defaults to the origins of ``sources``)."""

    name = "online"

    def __init__(self, *, store_path: str | Path | None = None, timeout: float = 15.0, retries: int = 3,
                 deadline: float | None = 30.0, use_cache: bool = True, cache_path: str | Path | None = None,
                 max_age_days: float = 30.0, sources: Sequence[OnlineSource] | None = None,
                 **client_options: Any) -> None:
        self.deadline = deadline
        self.sources = list(sources) if sources is not None else online_sources()
        self.cache_at = (store_path if store_path is not None else cache_path) if use_cache else None
        self.use_cache = use_cache
        self.max_age_days = max_age_days
        self.client_options = dict(timeout=timeout, retries=retries, **client_options)
        self.client_options.setdefault("allowed", allowed_origins(self.sources))

    def resolve(self, citations: Sequence[Citation], language: str | None = None) -> list[Resolution]:
        """(The sources' reasons quote their answers: ``language`` changes none of them.)"""
        return [Resolution(c) for c in self.checked(citations)]

    def review(self, checked: Sequence[CheckedCitation]) -> list[CheckedCitation]:
        """Second opinions on what the store decided (:class:`~legalcite.resolve.base.Reviewer`): a US case verdict
        of a case table or reporters-db is asked of CourtListener (:func:`~legalcite.resolve.cases.second_opinion`),
        a statute the store calls ``invented`` of its official source (:meth:`_official_second_opinion`)."""
        return self._official_second_opinion(second_opinion(list(checked), self))

    def _official_second_opinion(self, checked: list[CheckedCitation]) -> list[CheckedCitation]:
        """A statute the store calls ``invented``, asked of its official source: where it agrees, the verdict is
        confirmed (two sources); where it lists the unit, its answer replaces the snapshot's (the site is current);
        where it cannot say (no source, a fault), the store's verdict stands, unconfirmed."""
        todo = [i for i, cc in enumerate(checked) if cc.status is Status.INVENTED and cc.confirmed is None
                and cc.citation.kind is not Kind.CASE and any(e.source.startswith("store") for e in cc.evidence)]
        if not todo:
            return checked
        out = list(checked)
        for i, site in zip(todo, self.checked([checked[i].citation for i in todo])):
            store = checked[i]
            if site.status is Status.INVENTED:
                out[i] = dataclasses.replace(store, reason=f"{store.reason}; the official source agrees: "
                                             f"{site.reason}", evidence=store.evidence + site.evidence, confirmed=True)
            elif site.status is Status.REAL:
                out[i] = dataclasses.replace(site, reason=f"{site.reason} (the store's snapshot lacks it: "
                                             f"{store.reason})", evidence=site.evidence + store.evidence,
                                             confirmed=None)
            else:
                out[i] = dataclasses.replace(store, reason=f"{store.reason}; online: {site.reason}",
                                             evidence=store.evidence + site.evidence)
        return out

    def checked(self, citations: Sequence[Citation]) -> list[CheckedCitation]:
        """:meth:`checked_async` run to the end, from synchronous code (inside a running event loop, in a thread with
        its own loop)."""
        coro = self.checked_async(citations)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(coro)
        # called from inside a running loop (a notebook): run in a worker thread with its own loop
        with concurrent.futures.ThreadPoolExecutor(1) as ex:
            return ex.submit(asyncio.run, coro).result()

    async def checked_async(self, citations: Sequence[Citation]) -> list[CheckedCitation]:
        """A verdict per citation, in order, from the official sources (one request per distinct key, cached answers
        first; a cache that cannot be opened is skipped)."""
        cache = None
        if self.use_cache:
            try:
                cache = OnlineCache(self.cache_at, max_age_days=self.max_age_days)
            except CacheUnavailable as e:  # a read-only store: check without a cache rather than fail
                log.warning("%s", e)
        try:
            async with OfficialClient(**self.client_options) as client:
                # one request per distinct key; repeats share the answer
                firsts: dict[Any, Citation] = {}
                for c in citations:
                    firsts.setdefault(c.key if c.key is not None else id(c), c)
                done = await asyncio.gather(*(self._one(c, client, cache) for c in firsts.values()))
                by_key = dict(zip(firsts, done))
        finally:
            if cache is not None:
                cache.close()
        # shared by key; the case-name test is per citation (two citations of one key may name different cases)
        return [name_checked(dataclasses.replace(by_key[c.key if c.key is not None else id(c)], citation=c))
                for c in citations]

    async def _one(self, citation: Citation, client: OfficialClient, cache: OnlineCache | None) -> CheckedCitation:
        if citation.key is None:
            return CheckedCitation(citation, Status.NOT_CHECKED, "no canonical key (an unlinked short form): "
                                   "nothing to look up online", (Evidence("online"),), None, Undecided.NO_KEY)
        reasons: list[str] = []
        evidence: list[Evidence] = []
        why: Undecided | None = None
        with deadline(self.deadline):  # one for the citation: a slow source leaves the next one less time
            for s in self.sources:
                if not s.handles(citation):
                    continue
                if cache is not None and (hit := cache.get(s.name, citation)) is not None:
                    return hit
                try:
                    checked = await s.resolve(citation, client)
                except FetchError as e:  # the sources catch these; this is the last line of defence
                    checked = CheckedCitation(citation, Status.NOT_CHECKED, f"{s.host}: {e.reason}",
                                              (Evidence(s.host, citation.key, e.url),), None, Undecided.FAULT)
                if checked.status is not Status.NOT_CHECKED:
                    if cache is not None:
                        cache.put(s.name, checked, _retrieved(checked))
                    return checked
                reasons.append(checked.reason)
                evidence.extend(checked.evidence)
                why = why if why is Undecided.FAULT else checked.undecided  # a fault anywhere: worth asking again
        if not reasons:
            return CheckedCitation(citation, Status.NOT_CHECKED,
                                   f"no official source online covers {citation.key_at('work')}",
                                   (Evidence("online", citation.key),), None, Undecided.NOT_COVERED)
        return CheckedCitation(citation, Status.NOT_CHECKED, "; ".join(reasons), tuple(evidence), None,
                               why or Undecided.INCONCLUSIVE)


async def resolve_online_async(citations: Sequence[Citation], **options: Any) -> list[CheckedCitation]:
    """Async form of :func:`resolve_online`."""
    return await OnlineResolver(**options).checked_async(citations)


def resolve_online(citations: Sequence[Citation], **options: Any) -> list[CheckedCitation]:
    """Check citations against the official sources; one :class:`CheckedCitation` per citation, in order.

    Never guesses: a source that cannot be reached, refuses, throttles past the limits or answers something
    unreadable yields ``not_checked`` with the reason. Options: those of :class:`OnlineResolver`.
    """
    return OnlineResolver(**options).checked(citations)
