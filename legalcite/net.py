"""The network: one policy for every request legalcite sends to an official source.

Why one module: the guarantees below are properties of *how* we talk to the network, not of any source, so they
are written once and tested once against a fault-injecting local server; the source modules
(:mod:`legalcite.sources`) only build URLs and read answers.

- an allow-list of origins (scheme + host + port) that the caller gives: the origins of the official sources
  (:func:`legalcite.sources.allowed_origins`, each source declares its own), empty by default; a URL or redirect
  target outside it is refused before any byte is sent (:func:`check_allowed`, :func:`redirect_target`), so a
  citation's text can never make the tool request an arbitrary URL;
- a deadline per request attempt (redirects and body included: a server trickling bytes cannot hold it; bulk
  downloads instead need a minimum rate), retries with exponential backoff and full jitter on transport errors,
  deadlines, 5xx and 429, ``Retry-After`` honoured (seconds or HTTP date) up to a cap; and, around all the
  requests made for one citation, a total :class:`Deadline` (:func:`deadline`): its attempts and the waits between
  them together, so that retries and ``Retry-After`` cannot hold a citation for minutes;
- redirects followed by the client itself: each target allow-listed, a malformed ``Location`` refused before
  httpx reads it, credentials (``Authorization``, cookies) never sent to another origin than the one they were
  given for;
- a per-host rate limit (minimum interval between request starts) and a per-host concurrency cap;
- a per-host circuit breaker: after ``breaker_threshold`` consecutive failed requests the host is not contacted
  again until ``breaker_cooldown`` seconds pass (then one trial request is let through);
- responses are checked for content type and size; a truncated body is an error, never a partial answer;
- headers (API tokens) are never logged or put into errors; log lines carry the method, URL and status only.

Two clients share that policy: :class:`OfficialClient` (async, buffered answers: the online check) and
:class:`Downloader` (sync, streamed to disk, resumable, checksummed: ``corpus fetch``). Every failure surfaces
as :class:`FetchError` with a sentence a person can read. httpx is imported only when a client is opened or a URL
is checked, so importing this module (and the sources, which build URLs only) stays light.
"""
from __future__ import annotations

import asyncio
import email.utils
import errno
import hashlib
import json
import logging
import random
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from legalcite._util import MAX_DECODED, StatusLine, sha256_file
from legalcite.errors import LegalciteError
from legalcite.io.files import atomic_write_text

if TYPE_CHECKING:
    import httpx

log = logging.getLogger("legalcite.net")

USER_AGENT = "legalcite/0.1 (+https://github.com/legalcite/legalcite; citation checker)"

REDIRECTS = (301, 302, 303, 307, 308)


@dataclass(frozen=True)
class HostPolicy:
    """Politeness per host: at most one request start every ``min_interval`` seconds, ``concurrency`` at once."""

    min_interval: float = 1.0
    concurrency: int = 2


# CourtListener allows 60 citation look-ups a minute; the others publish no limit, so we stay gentle.
DEFAULT_POLICIES: dict[str, HostPolicy] = {
    "www.courtlistener.com": HostPolicy(min_interval=1.0, concurrency=1),
    "flk.npc.gov.cn": HostPolicy(min_interval=2.0, concurrency=1),
    "leginfo.legislature.ca.gov": HostPolicy(min_interval=1.0, concurrency=1),
}


# ------------------------------------------------------------------ errors

class FetchError(LegalciteError):
    """A request that gave no usable answer. ``reason`` is safe to show (no headers, no token); ``status`` is the
    HTTP status when the source answered (None for a transport fault)."""

    def __init__(self, reason: str, *, url: str | None = None, status: int | None = None,
                 retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.url = url
        self.status = status
        self.retry_after = retry_after

    def __str__(self) -> str:
        return self.reason

    @property
    def transient(self) -> bool:
        """A fault worth retrying (no answer, 429, 5xx); a 4xx or a wrong content type is the source answering."""
        return self.status is None or self.status == 429 or self.status >= 500


class NotAllowed(FetchError):
    """The URL (or a redirect target) is not on the allow-list; nothing was sent to it."""


class CircuitOpen(FetchError):
    """The host failed too often recently; it was not contacted."""


class DeadlinePassed(FetchError):
    """The total :class:`Deadline` of the work this request was for had passed; nothing was sent."""


class ChecksumMismatch(FetchError):
    """A downloaded file does not have the expected SHA-256, MD5 or size; it was deleted."""


class DiskFull(FetchError):
    """Not enough free disk space for a download (checked before it starts, and when the disk fills during it);
    nothing of it is lost: an interrupted ``.part`` stays to be continued."""

    @property
    def transient(self) -> bool:
        return False   # waiting does not free the disk


# ------------------------------------------------------------------ a total deadline for several requests

@dataclass
class Deadline:
    """The network time one piece of work (a citation, all its sources) may take: the attempts themselves and the
    waits the policy adds between them (backoff, ``Retry-After``), however many requests and retries. Waiting for
    a host's slot or pace (other citations' turns) is not counted: a long queue is no fault of the source."""

    seconds: float
    spent: float = 0.0

    def left(self) -> float:
        """Seconds still to spend; zero or negative once the deadline has passed."""
        return self.seconds - self.spent


_DEADLINE: ContextVar[Deadline | None] = ContextVar("legalcite_net_deadline", default=None)


@contextmanager
def deadline(seconds: float | None) -> Iterator[Deadline | None]:
    """Every :meth:`OfficialClient.request` inside the block (in this task: a context variable) shares one
    :class:`Deadline` of ``seconds``; None: no total deadline."""
    if seconds is None:
        yield None
        return
    token = _DEADLINE.set(d := Deadline(seconds))
    try:
        yield d
    finally:
        _DEADLINE.reset(token)


# ------------------------------------------------------------------ policy pieces shared by both clients

def origin_of(url: httpx.URL) -> str:
    """``scheme://host[:port]`` of ``url``, the port left out when it is the scheme's default: the form allow-list
    entries are compared in."""
    port = url.port
    default = {"http": 80, "https": 443}.get(url.scheme)
    netloc = url.host if port in (None, default) else f"{url.host}:{port}"
    return f"{url.scheme}://{netloc}"


def check_allowed(url: str | httpx.URL, allowed: Iterable[str]) -> httpx.URL:
    """Parse ``url`` and refuse it unless its origin is allow-listed (no userinfo either)."""
    import httpx  # httpx: heavy

    try:
        u = httpx.URL(str(url))
    except (httpx.InvalidURL, TypeError, ValueError) as e:
        raise NotAllowed(f"refused an unreadable URL ({e})") from None
    if u.userinfo or u.scheme not in ("http", "https") or origin_of(u) not in allowed:
        raise NotAllowed(f"refused {origin_of(u) if u.host else url}: not an allow-listed official source",
                         url=str(url))
    return u


# Characters a Location header must not hold: browsers read ``https:\\evil`` as ``https://evil``, httpx as a
# relative path; control characters are not URL characters at all. Such a redirect is refused
# rather than guessed at.
_BAD_LOCATION = re.compile(r"[\\\x00-\x1f\x7f]")


def redirect_target(current: httpx.URL, location: str, allowed: Iterable[str], status: int) -> httpx.URL:
    """The URL a redirect points to, if it is allow-listed; else :class:`NotAllowed` (nothing is sent there). A
    malformed ``Location`` (a backslash, a control character, an unparseable URL, ``javascript:``) is refused
    too: the request ends in a :class:`FetchError` for its citation, never in an exception that loses the line."""
    import httpx  # httpx: heavy

    shown = location if len(location) <= 80 else location[:77] + "..."
    if _BAD_LOCATION.search(location.strip()):
        raise NotAllowed(f"refused a malformed redirect from {origin_of(current)} (Location {shown!r})",
                         url=str(current), status=status)
    try:
        target = current.join(location.strip())
    except (httpx.InvalidURL, ValueError, TypeError):
        raise NotAllowed(f"refused a malformed redirect from {origin_of(current)} (Location {shown!r})",
                         url=str(current), status=status) from None
    try:
        return check_allowed(target, allowed)
    except NotAllowed:
        where = origin_of(target) if target.host else shown
        raise NotAllowed(f"refused a redirect from {origin_of(current)} to {where}: not an "
                         "allow-listed official source", url=str(current), status=status) from None


def _refuse_bad_redirect(response: httpx.Response, allowed: Iterable[str]) -> None:
    """The clients' response hook: a redirect whose ``Location`` is malformed or off the allow-list raises
    :class:`NotAllowed` as soon as its headers arrive."""
    if response.status_code in REDIRECTS and "location" in response.headers:
        redirect_target(response.request.url, response.headers["location"], allowed, response.status_code)


def _malformed_redirect(current: httpx.URL, e: Exception) -> NotAllowed:
    """httpx parses a redirect's ``Location`` as the answer arrives (to offer ``next_request``), even when it does
    not follow it; an unparseable one raises there. The URL requested was checked already, so that error is
    the redirect's."""
    return NotAllowed(f"refused a malformed redirect from {origin_of(current)} ({_short(e)})", url=str(current))


# Headers that carry a credential: sent to the origin they were given for, never to another one a redirect names
# (as browsers and httpx's own redirect handling do). CourtListener's token is one.
SENSITIVE_HEADERS = frozenset({"authorization", "cookie", "proxy-authorization"})


def headers_for(target: httpx.URL, origin: str, headers: Mapping[str, str]) -> dict[str, str]:
    """``headers`` for a request to ``target``; the credentials only when ``target`` is on ``origin``."""
    if origin_of(target) == origin:
        return dict(headers)
    return {k: v for k, v in headers.items() if k.lower() not in SENSITIVE_HEADERS}


def backoff_delay(attempt: int, base: float, cap: float) -> float:
    """"Full jitter": uniform in [0, min(cap, base * 2**attempt)]."""
    return random.uniform(0, min(cap, base * (2 ** attempt)))


def now_iso() -> str:
    """The current UTC time to the second, ISO 8601 with ``Z`` (``2026-11-30T10:00:00Z``): a retrieval date."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """``Retry-After`` as seconds to wait: delta-seconds or an HTTP date; None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def _wait_until(body: bytes) -> float | None:
    """CourtListener's throttle answers 429 with ``{"wait_until": "<ISO time>"}`` instead of Retry-After."""
    try:
        obj = json.loads(body.decode("utf-8"))
        when = datetime.fromisoformat(str(obj["wait_until"]).replace("Z", "+00:00"))
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, when.timestamp() - time.time())


def _short(e: Exception) -> str:
    s = str(e) or type(e).__name__
    return s if len(s) < 160 else s[:157] + "..."


# ------------------------------------------------------------------ the online client (async, buffered)

@dataclass
class Fetched:
    """A complete, checked response."""

    url: str                 # the URL finally answered (after allowed redirects)
    status_code: int
    content_type: str
    content: bytes
    retrieved_at: str        # ISO 8601 UTC
    encoding: str | None = None

    @property
    def text(self) -> str:
        """The body decoded with ``encoding`` (UTF-8 when none was given), undecodable bytes replaced."""
        return self.content.decode(self.encoding or "utf-8", errors="replace")

    def json(self) -> Any:
        """The body parsed as JSON; raises ``UnicodeDecodeError``/``ValueError`` on a body that is not."""
        return json.loads(self.content.decode(self.encoding or "utf-8"))


@dataclass
class _HostState:
    semaphore: asyncio.Semaphore
    lock: asyncio.Lock
    next_start: float = 0.0
    failures: int = 0
    opened_at: float | None = None


@dataclass
class OfficialClient:
    """Async client with the policy above. Use as ``async with OfficialClient() as c: await c.request(...)``.

    ``allowed``: the origins it may contact (the sources', :func:`legalcite.sources.allowed_origins`; nothing by
    default; tests use ``http://127.0.0.1:PORT``). ``transport`` lets tests plug in :class:`httpx.MockTransport`.
    ``sleep`` is injectable so backoff can be observed without waiting.
    """

    allowed: Iterable[str] = frozenset()
    timeout: float = 15.0
    retries: int = 3                  # extra attempts after the first
    backoff: float = 0.5              # base of the exponential backoff, seconds
    max_backoff: float = 30.0
    max_retry_after: float = 120.0    # a longer Retry-After ends the attempt with not_checked
    max_bytes: int = MAX_DECODED
    max_redirects: int = 5
    concurrency: int = 8              # all hosts together
    policies: Mapping[str, HostPolicy] = field(default_factory=lambda: dict(DEFAULT_POLICIES))
    default_policy: HostPolicy = HostPolicy()
    breaker_threshold: int = 5
    breaker_cooldown: float = 300.0
    transport: httpx.AsyncBaseTransport | None = None
    sleep: Callable[[float], Any] = asyncio.sleep
    user_agent: str = USER_AGENT

    def __post_init__(self) -> None:
        self.allowed = frozenset(o.rstrip("/") for o in self.allowed)
        self._hosts: dict[str, _HostState] = {}
        self._global: asyncio.Semaphore | None = None
        self._client: httpx.AsyncClient | None = None

    async def __aenter__(self) -> OfficialClient:
        import httpx  # httpx: heavy

        self._client = httpx.AsyncClient(
            transport=self.transport, timeout=httpx.Timeout(self.timeout), follow_redirects=False,
            headers={"User-Agent": self.user_agent}, trust_env=False,
            event_hooks={"response": [self._check_redirect]},
        )
        self._global = asyncio.Semaphore(self.concurrency)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def _check_redirect(self, response: httpx.Response) -> None:
        """Refuse a redirect before httpx reads its ``Location`` (it does so even when not following, and an
        unparseable one would surface as a protocol error, retried as if the connection broke)."""
        _refuse_bad_redirect(response, self.allowed)

    # ------------------------------------------------------------------ policy pieces

    def check_allowed(self, url: str | httpx.URL) -> httpx.URL:
        """``url`` parsed, or :class:`NotAllowed` unless its origin is on this client's allow-list
        (:func:`check_allowed`)."""
        return check_allowed(url, self.allowed)

    def _state(self, host: str) -> _HostState:
        st = self._hosts.get(host)
        if st is None:
            pol = self.policies.get(host, self.default_policy)
            st = self._hosts[host] = _HostState(asyncio.Semaphore(max(1, pol.concurrency)), asyncio.Lock())
        return st

    def _policy(self, host: str) -> HostPolicy:
        return self.policies.get(host, self.default_policy)

    def breaker_open(self, host: str) -> bool:
        """Whether ``host`` is not to be contacted now (it failed ``breaker_threshold`` times in a row less than
        ``breaker_cooldown`` seconds ago). After the cooldown it lets one trial through, and a failure of that trial
        opens it again at once."""
        st = self._state(host)
        if st.opened_at is None:
            return False
        if time.monotonic() - st.opened_at >= self.breaker_cooldown:
            st.opened_at = None  # half-open: let one trial through; a failure re-opens at once
            st.failures = self.breaker_threshold - 1
            return False
        return True

    def _record(self, host: str, ok: bool) -> None:
        st = self._state(host)
        if ok:
            st.failures, st.opened_at = 0, None
            return
        st.failures += 1
        if st.failures >= self.breaker_threshold and st.opened_at is None:
            st.opened_at = time.monotonic()
            log.warning("circuit opened for %s after %d consecutive failures", host, st.failures)

    async def _pace(self, host: str) -> None:
        st = self._state(host)
        async with st.lock:
            wait = st.next_start - time.monotonic()
            if wait > 0:
                await self.sleep(wait)
            st.next_start = time.monotonic() + self._policy(host).min_interval

    # ------------------------------------------------------------------ the request

    async def request(
        self,
        method: str,
        url: str,
        *,
        params: Mapping[str, str] | None = None,
        data: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
        accept: tuple[str, ...] = ("text/html",),
        ok_statuses: tuple[int, ...] = (200,),
        range_from: int | None = None,
    ) -> Fetched:
        """One checked request. Returns a :class:`Fetched` whose status is in ``ok_statuses`` and whose content
        type starts with one of ``accept`` (``()`` accepts any); raises :class:`FetchError` otherwise."""
        import httpx  # httpx: heavy

        if self._client is None:
            raise RuntimeError("use 'async with OfficialClient()'")
        u = self.check_allowed(httpx.URL(url, params=params) if params else url)
        host = u.host
        st = self._state(host)
        total = _DEADLINE.get()  # the citation's deadline (deadline()), shared with its other requests
        last: FetchError | None = None
        for attempt in range(self.retries + 1):
            try:
                # the host's slot first, the global one only for the request itself: a queue on one slow
                # host never holds slots the other hosts could use
                async with st.semaphore:
                    # checked right before every attempt, so requests queued behind a dying host stop at once
                    if self.breaker_open(host):
                        raise CircuitOpen(f"{host} not contacted: it failed {st.failures} times in a row "
                                          f"(circuit breaker, {self.breaker_cooldown:.0f} s)", url=str(u))
                    if total is not None and total.left() <= 0:
                        raise DeadlinePassed(f"{host} not asked: the {total.seconds:g} s deadline of this "
                                             "citation has passed", url=str(u))
                    await self._pace(host)
                    async with self._global:  # type: ignore[union-attr]
                        started = time.monotonic()
                        try:
                            result = await self._once(method, u, data=data, headers=headers, accept=accept,
                                                      ok_statuses=ok_statuses, range_from=range_from,
                                                      limit=self.timeout if total is None else
                                                      min(self.timeout, total.left()))
                        finally:
                            if total is not None:
                                total.spent += time.monotonic() - started
                self._record(host, True)
                return result
            except (NotAllowed, CircuitOpen, DeadlinePassed):
                raise
            except FetchError as e:
                last = e
                if e.transient:
                    self._record(host, False)
                if not e.transient or attempt == self.retries:
                    break
                if e.retry_after is not None:
                    if e.retry_after > self.max_retry_after:
                        last = FetchError(f"{e.reason}; the source asks to wait {e.retry_after:.0f} s, more than "
                                          f"the {self.max_retry_after:.0f} s allowed", url=e.url, status=e.status,
                                          retry_after=e.retry_after)
                        break
                    delay = e.retry_after
                else:
                    delay = backoff_delay(attempt, self.backoff, self.max_backoff)
                if total is not None and delay >= total.left():
                    last = FetchError(f"{e.reason}; not retried: waiting {delay:.0f} s more would pass the "
                                      f"{total.seconds:g} s deadline of this citation", url=e.url, status=e.status,
                                      retry_after=e.retry_after)
                    break
                log.info("retry %d for %s %s in %.2f s: %s", attempt + 1, method, u, delay, e.reason)
                await self.sleep(delay)
                if total is not None:
                    total.spent += delay
        assert last is not None
        if attempt:
            last.reason = f"{last.reason} (after {attempt + 1} attempts)"
        raise last

    async def _once(self, method: str, url: httpx.URL, *, limit: float, **kw: Any) -> Fetched:
        """One attempt, redirects included, within ``limit`` seconds in all (``timeout``, or less where the
        citation's deadline is nearer): a deadline, not a limit per read, so a server that sends a byte now and
        then cannot hold a request (and its host's slot) for long."""
        try:
            return await asyncio.wait_for(self._exchange(method, url, **kw), limit)
        except asyncio.TimeoutError:
            raise FetchError(f"{url.host} did not answer within {limit:.3g} s", url=str(url)) from None

    async def _exchange(self, method: str, url: httpx.URL, *, data, headers, accept, ok_statuses,
                        range_from) -> Fetched:
        import httpx  # httpx: heavy

        assert self._client is not None
        given = dict(headers or {})
        if range_from:
            given["Range"] = f"bytes={range_from}-"
        first = origin_of(url)
        current = url
        for _ in range(self.max_redirects + 1):
            hdrs = headers_for(current, first, given)
            try:
                async with self._client.stream(method, current, data=data, headers=hdrs) as resp:
                    log.debug("%s %s -> %d", method, current, resp.status_code)
                    if resp.status_code in REDIRECTS and "location" in resp.headers:
                        target = redirect_target(current, resp.headers["location"], self.allowed, resp.status_code)
                        if resp.status_code == 303 or (resp.status_code in (301, 302) and method == "POST"):
                            method, data = "GET", None
                        current = target
                        continue
                    if resp.status_code == 429 or resp.status_code >= 500:
                        body = await _read_capped(resp, 64 * 1024)
                        ra = parse_retry_after(resp.headers.get("retry-after"))
                        if ra is None and resp.status_code == 429:
                            ra = _wait_until(body)
                        raise FetchError(f"{current.host} answered HTTP {resp.status_code}", url=str(current),
                                         status=resp.status_code, retry_after=ra)
                    if resp.status_code not in ok_statuses:
                        raise FetchError(f"{current.host} answered HTTP {resp.status_code}", url=str(current),
                                         status=resp.status_code)
                    ctype = resp.headers.get("content-type", "").split(";")[0].strip().lower()
                    if accept and not any(ctype.startswith(a) for a in accept):
                        raise FetchError(f"{current.host} answered with content type {ctype or 'none'!r}, "
                                         f"expected {' or '.join(accept)}", url=str(current),
                                         status=resp.status_code)
                    body = await _read_capped(resp, self.max_bytes)
                    declared = resp.headers.get("content-length")
                    if declared and declared.isdecimal() and int(declared) != len(body) \
                            and "content-encoding" not in resp.headers:
                        raise FetchError(f"truncated answer from {current.host}: {len(body)} of {declared} bytes",
                                         url=str(current))
                    return Fetched(str(current), resp.status_code, ctype, body, now_iso(), resp.charset_encoding)
            except FetchError:
                raise
            except httpx.InvalidURL as e:  # httpx reads a redirect's Location while receiving the answer
                raise _malformed_redirect(current, e) from None
            except httpx.TimeoutException:
                raise FetchError(f"{current.host} did not answer within {self.timeout:g} s",
                                 url=str(current)) from None
            except httpx.RemoteProtocolError as e:
                raise FetchError(f"truncated or malformed answer from {current.host} ({_short(e)})",
                                 url=str(current)) from None
            except httpx.HTTPError as e:
                raise FetchError(f"could not reach {current.host} ({type(e).__name__}: {_short(e)})",
                                 url=str(current)) from None
        raise FetchError(f"more than {self.max_redirects} redirects from {url.host}", url=str(url))


async def _read_capped(resp: httpx.Response, cap: int) -> bytes:
    chunks, size = [], 0
    async for chunk in resp.aiter_bytes():
        size += len(chunk)
        if size > cap:
            raise FetchError(f"answer from {resp.url.host} is larger than {cap} bytes", url=str(resp.url),
                             status=resp.status_code)
        chunks.append(chunk)
    return b"".join(chunks)


# ------------------------------------------------------------------ bulk downloads (sync, streamed to disk)

@dataclass
class Downloaded:
    """One file :meth:`Downloader.fetch` made sure of: where it lies, the URL it came from, its size in bytes, SHA-256
    (hex) and retrieval date (ISO 8601 UTC)."""

    path: Path
    url: str
    size: int
    sha256: str
    retrieved_at: str
    resumed: bool = False       # continued a .part file
    skipped: bool = False       # already present and verified


class Progress:
    """Download progress on stderr: name, bytes so far, total, percent. On a terminal one rewritten line per file;
    otherwise (a log, a CI job) a plain line every ``line_every`` seconds and one when the file is done, so that a
    long download is never silent where ``\\r`` does not rewrite anything (:class:`~legalcite._util.StatusLine`)."""

    def __init__(self, stream: IO[str] | None = sys.stderr, every: float = 0.25, line_every: float = 5.0) -> None:
        self.line = None if stream is None else StatusLine(stream, every=every, line_every=line_every)

    def __call__(self, name: str, done: int, total: int | None, final: bool = False) -> None:
        if self.line is None:
            return
        mb = f"{done / 1e6:,.1f}" + (f" / {total / 1e6:,.1f} MB ({100 * done / total:.0f}%)" if total else " MB")
        self.line.show(f"  {name}  {mb}" + (" done" if final and not self.line.tty else ""), end=final)


def free_bytes(folder: Path) -> int:
    """Free bytes on the file system that holds ``folder`` (or its nearest existing parent)."""
    folder = Path(folder)
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return shutil.disk_usage(folder).free


class Downloader:
    """Downloads of official bulk files: allow-listed, resumable, checksummed, with progress.

    Why its own loop instead of :class:`OfficialClient`: bulk files (a pubinfo zip is close to 1 GB) must stream
    to disk and resume after a broken connection, which a buffered client cannot do. The policy is the same: the
    allow-list (redirects included), timeouts, retries with backoff and jitter, ``Retry-After``, and a pause
    between requests to one host.

    Files land in ``dest/<name>``; ``<name>.part`` holds an interrupted download and is continued with an HTTP
    ``Range`` request (a server that ignores it answers 200 and the download restarts). ``dest/MANIFEST.json``
    records per file the URL, size, SHA-256 and retrieval date: a later run re-hashes the file and skips the
    download when it still matches, a mismatch with an expected checksum deletes the file and fails; so does a size
    or MD5 other than the one a listing gives (``expected_size``, ``expected_md5``: an S3 ``ETag`` of one plain
    upload is its MD5). Before a file is written, the free space of ``dest`` must hold what is still to come plus
    ``reserve`` (``free_space`` is injectable, so tests simulate a full disk): else :class:`DiskFull`, and a disk that
    fills anyway (``ENOSPC``) ends the same way, the ``.part`` kept for a later resume. A body the
    server sends compressed (``Content-Encoding``) may expand to ``max_decoded`` bytes (64 MiB, the online client's
    cap); past it the download fails and nothing is kept (a gzip bomb wrote 1 GiB and was recorded as a success).
    """

    def __init__(self, dest: str | Path, *, allowed: Iterable[str] = frozenset(),
                 transport: httpx.BaseTransport | None = None, timeout: float = 60.0, retries: int = 4,
                 backoff: float = 1.0, max_backoff: float = 60.0, max_retry_after: float = 300.0,
                 min_interval: float = 1.0, progress: Progress | None = None,
                 checksums: Mapping[str, str] | None = None, sleep: Callable[[float], None] = time.sleep,
                 min_rate: float = 1024.0, max_decoded: int = OfficialClient.max_bytes,
                 free_space: Callable[[Path], int] = free_bytes, reserve: int = 64 << 20) -> None:
        import httpx  # httpx: heavy

        self.timeout, self.min_rate = timeout, min_rate
        self.max_decoded = max_decoded  # bytes an answer in a Content-Encoding (gzip …) may expand to
        self.dest = Path(dest)
        self.dest.mkdir(parents=True, exist_ok=True)
        self.allowed = frozenset(o.rstrip("/") for o in allowed)
        self.retries, self.backoff, self.max_backoff = retries, backoff, max_backoff
        self.max_retry_after, self.min_interval = max_retry_after, min_interval
        self.progress = progress or Progress(None)
        self.checksums = dict(checksums or {})
        self.sleep = sleep
        self.free_space, self.reserve = free_space, reserve
        self._next: dict[str, float] = {}
        self._client = httpx.Client(transport=transport, timeout=httpx.Timeout(timeout), follow_redirects=False,
                                    headers={"User-Agent": USER_AGENT}, trust_env=False,
                                    event_hooks={"response": [lambda r: _refuse_bad_redirect(r, self.allowed)]})
        self.manifest_path = self.dest / "MANIFEST.json"
        try:
            self.manifest: dict[str, dict] = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.manifest = {}

    def close(self) -> None:
        """Close the HTTP connections; the manifest is written after each file, so nothing is lost."""
        self._client.close()

    def __enter__(self) -> Downloader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _save_manifest(self) -> None:
        atomic_write_text(self.manifest_path, json.dumps(self.manifest, indent=1, sort_keys=True, ensure_ascii=False))

    def ensure_space(self, need: int, what: str) -> None:
        """:class:`DiskFull` unless ``dest`` has ``need`` bytes free beyond ``reserve``."""
        free = self.free_space(self.dest)
        if free - self.reserve < need:
            raise DiskFull(f"not enough disk space in {self.dest} for {what}: {need / 1e6:,.1f} MB needed (and "
                           f"{self.reserve / 1e6:,.0f} MB kept free), {free / 1e6:,.1f} MB free; free some space or "
                           "download to another folder (--dir)")

    def _pace(self, host: str) -> None:
        wait = self._next.get(host, 0.0) - time.monotonic()
        if wait > 0:
            self.sleep(wait)
        self._next[host] = time.monotonic() + self.min_interval

    def fetch(self, url: str, name: str, *, expected_sha256: str | None = None, expected_size: int | None = None,
              expected_md5: str | None = None, refresh: bool = False,
              data: Mapping[str, str] | None = None) -> Downloaded:
        """Download ``url`` to ``dest/name`` (or verify the copy already there); ``data`` makes it a form POST
        (API answers such as flk's ``/api/detail``)."""
        check_allowed(url, self.allowed)
        if "/" in name or name in ("", ".", ".."):
            raise ValueError(f"bad file name {name!r}")
        expected = (expected_sha256 or self.checksums.get(name) or "").lower() or None
        md5 = (expected_md5 or "").lower() or None
        path, part = self.dest / name, self.dest / f"{name}.part"
        rec = self.manifest.get(name)
        if path.exists() and not refresh and (expected_size is None or path.stat().st_size == expected_size):
            digest, got_md5 = _digests(path, md5 is not None)
            known = (expected and digest == expected) or (not expected and rec and rec.get("sha256") == digest)
            if known and (md5 is None or got_md5 == md5):
                return Downloaded(path, rec["url"] if rec else url, path.stat().st_size, digest,
                                  rec["retrieved_at"] if rec else now_iso(), skipped=True)
        last: FetchError | None = None
        resumed = False
        for attempt in range(self.retries + 1):
            try:
                resumed |= self._stream(url, name, part, data)
                last = None
                break
            except NotAllowed:
                raise
            except FetchError as e:
                last = e
                if attempt == self.retries or not e.transient:
                    break
                delay = e.retry_after if e.retry_after is not None else \
                    backoff_delay(attempt, self.backoff, self.max_backoff)
                if delay > self.max_retry_after:
                    break
                self.sleep(delay)
        if last is not None:
            if attempt:
                last.reason = f"{last.reason} (after {attempt + 1} attempts)"
            raise last
        size = part.stat().st_size
        if expected_size is not None and size != expected_size:
            part.unlink(missing_ok=True)
            raise ChecksumMismatch(f"{name}: {size:,} bytes, where the source lists {expected_size:,}", url=url)
        digest, got_md5 = _digests(part, md5 is not None)
        if expected and digest != expected:
            part.unlink(missing_ok=True)
            raise ChecksumMismatch(f"{name}: SHA-256 {digest} does not match the expected {expected}", url=url)
        if md5 and got_md5 != md5:
            part.unlink(missing_ok=True)
            raise ChecksumMismatch(f"{name}: MD5 {got_md5} does not match the source's {md5}", url=url)
        part.replace(path)
        retrieved = now_iso()
        self.manifest[name] = {"url": url, "size": path.stat().st_size, "sha256": digest, "retrieved_at": retrieved,
                               **({"md5": got_md5} if got_md5 else {})}
        self._save_manifest()
        return Downloaded(path, url, path.stat().st_size, digest, retrieved, resumed=resumed)

    def _stream(self, url: str, name: str, part: Path, data: Mapping[str, str] | None = None) -> bool:
        """One attempt: continue ``part`` from its size. Returns whether it resumed. Raises FetchError."""
        import httpx  # httpx: heavy

        if data is not None:
            part.unlink(missing_ok=True)  # an API answer is not resumable
        have = part.stat().st_size if part.exists() else 0
        headers = {"Range": f"bytes={have}-"} if have else {}
        current = check_allowed(url, self.allowed)
        for _ in range(6):
            self._pace(current.host)
            try:
                with self._client.stream("POST" if data is not None else "GET", current, headers=headers,
                                         data=data) as resp:
                    if resp.status_code in REDIRECTS and "location" in resp.headers:
                        current = redirect_target(current, resp.headers["location"], self.allowed, resp.status_code)
                        continue
                    if resp.status_code == 416 and have:  # our .part is stale or complete: start over
                        part.unlink()
                        raise FetchError(f"{current.host} refused the resume range; restarting", url=str(current))
                    if resp.status_code == 429 or resp.status_code >= 500:
                        raise FetchError(f"{current.host} answered HTTP {resp.status_code}", url=str(current),
                                         status=resp.status_code,
                                         retry_after=parse_retry_after(resp.headers.get("retry-after")))
                    if resp.status_code not in (200, 206):
                        raise FetchError(f"{current.host} answered HTTP {resp.status_code} for {current.path}",
                                         url=str(current), status=resp.status_code)
                    resumed = resp.status_code == 206 and have > 0
                    total = _total(resp, have if resumed else 0)
                    done = have if resumed else 0
                    if total is not None:
                        self.ensure_space(total - done, name)
                    t0, done0 = time.monotonic(), done
                    # a body the server compressed on the way (Content-Encoding) is decoded as it comes: a small
                    # answer may expand without end (a gzip bomb), so it is capped as the online client's is
                    encoded = resp.headers.get("content-encoding", "identity").strip().lower() not in ("", "identity")
                    with open(part, "ab" if resumed else "wb") as out:
                        for chunk in resp.iter_bytes():  # as received: a break keeps what came
                            _write_chunk(out, chunk, name, self.dest)
                            done += len(chunk)
                            if encoded and done - done0 > self.max_decoded:
                                out.close()
                                part.unlink(missing_ok=True)
                                raise FetchError(f"{name} from {current.host} expands past {self.max_decoded:,} "
                                                 f"bytes from its {resp.headers['content-encoding']} encoding (a "
                                                 "decompression bomb?); nothing was kept", url=str(current),
                                                 status=resp.status_code)
                            self.progress(name, done, total)
                            self._check_rate(name, current, done - done0, time.monotonic() - t0)
                    self.progress(name, done, total, final=True)
                    if total is not None and done != total:
                        raise FetchError(f"truncated download of {name}: {done} of {total} bytes", url=str(current))
                    return resumed
            except FetchError:
                raise
            except httpx.InvalidURL as e:
                raise _malformed_redirect(current, e) from None
            except httpx.TimeoutException:
                raise FetchError(f"{current.host} timed out", url=str(current)) from None
            except httpx.HTTPError as e:
                raise FetchError(f"download of {name} broke off ({type(e).__name__})", url=str(current)) from None
        raise FetchError(f"too many redirects for {url}", url=url)


    def _check_rate(self, name: str, url: httpx.URL, got: int, elapsed: float) -> None:
        """A bulk file has no deadline (it may be 1 GB), but a trickle cannot hold it either: past ``timeout``
        seconds the average must stay above ``min_rate`` bytes/s, else the attempt ends (the ``.part`` is
        kept and the retry resumes it)."""
        if elapsed > self.timeout and got / elapsed < self.min_rate:
            raise FetchError(f"download of {name} from {url.host} too slow: {got / elapsed:,.0f} bytes/s over "
                             f"{elapsed:.0f} s (at least {self.min_rate:,.0f} wanted)", url=str(url))


def _write_chunk(out: IO[bytes], chunk: bytes, name: str, dest: Path) -> None:
    """Write a received chunk; a full disk is :class:`DiskFull` (what came so far stays in the ``.part``)."""
    try:
        out.write(chunk)
    except OSError as e:
        if e.errno in (errno.ENOSPC, errno.EDQUOT):
            raise DiskFull(f"the disk holding {dest} filled up while downloading {name}; free some space and run "
                           "again to continue it") from None
        raise


def _digests(path: Path, md5: bool) -> tuple[str, str | None]:
    """(SHA-256, MD5 or None) of a file in one pass."""
    if not md5:
        return sha256_file(path), None
    h, m = hashlib.sha256(), hashlib.md5(usedforsecurity=False)
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
            m.update(block)
    return h.hexdigest(), m.hexdigest()


def _total(resp: httpx.Response, offset: int) -> int | None:
    cr = resp.headers.get("content-range", "")
    if "/" in cr and cr.rsplit("/", 1)[1].isdecimal():
        return int(cr.rsplit("/", 1)[1])
    cl = resp.headers.get("content-length")
    return offset + int(cl) if cl and cl.isdecimal() and "content-encoding" not in resp.headers else None


def read_checksums(path: str | Path) -> dict[str, str]:
    """A ``sha256sum``-style file (``<hex>  <name>`` per line) → {name: hex}."""
    out = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 2 and len(parts[0]) == 64:
            out[parts[1].lstrip("*")] = parts[0].lower()
    return out
