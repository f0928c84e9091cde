"""Issue 18 items 3–6: network faults that must never become a wrong verdict, a leaked token or a lost answer —
each reproduced first, through ``httpx.MockTransport`` and a real HTTP server on 127.0.0.1 (its requests are
bounded, and it stops by itself when the client goes away).

- a maintenance page answering HTTP 404 is not ``invented`` and is not cached; a real 404 needs the page above it
  to load (GII: the law's index must list its norms without the cited one) and is still not cached;
- the CourtListener token is never sent to another origin a redirect names;
- a malformed ``Location`` ends that citation in ``not_checked``, the other citations of the answer keep their
  verdicts;
- the timeout is a deadline for the whole request: a server sending a byte now and then cannot hold it."""
from __future__ import annotations

import asyncio
import sqlite3
import time
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from legalcite.corpora.store import open_store
from legalcite.models import citation_from_key
from legalcite.net import Downloader, FetchError, HostPolicy, NotAllowed, OfficialClient
from legalcite.resolve import Chain
from legalcite.resolve.online import OnlineResolver, resolve_online
from legalcite.resolve.store import StoreResolver
from legalcite.sources.courtlistener import CourtListener
from legalcite.status import Status, Undecided
from tests.conftest import ROUTES, Router, fixture_bytes, local_server

FAST = dict(backoff=0.0, default_policy=HostPolicy(min_interval=0.0, concurrency=4), policies={}, timeout=5.0,
            retries=0)
TOKEN = "tok-SECRET-123"


@pytest.fixture(autouse=True)
def _token(monkeypatch):
    monkeypatch.setenv("COURTLISTENER_TOKEN", TOKEN)


# ------------------------------------------------------------------ item 3: a transient 404 is no verdict


class Switch:
    """The official sites, in maintenance (every page a 404 maintenance page) or healthy (the fixtures)."""

    def __init__(self) -> None:
        self.maintenance = True
        self.healthy = Router(ROUTES)
        self.seen: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(request)
        if self.maintenance:
            return httpx.Response(404, headers={"content-type": "text/html"},
                                  content=fixture_bytes("maintenance_404.html"))
        return self.healthy(request)


KEYS = ["us/usc/t42/s1983", "us/const/amend14", "us/frcp/r56", "de/bgb/s9999"]


def test_a_maintenance_404_is_not_invented_and_not_cached(tmp_path):
    """The issue's run: 42 U.S.C. § 1983, amend. XIV and FRCP 56 during maintenance, then a healthy run."""
    site, cache = Switch(), tmp_path / "online.sqlite"
    opts = dict(FAST, transport=httpx.MockTransport(site), cache_path=cache)
    during = resolve_online([citation_from_key(k) for k in KEYS], **opts)
    for res in during:
        assert res.status is Status.NOT_CHECKED and res.undecided is Undecided.FAULT, (res.citation.key, res.reason)
        assert "404" in res.reason and "asked again" in res.reason
    assert sqlite3.connect(cache).execute("SELECT COUNT(*) FROM online_cache").fetchone() == (0,)

    site.maintenance = False
    site.seen.clear()
    after = resolve_online([citation_from_key(k) for k in KEYS], **opts)
    assert [r.status for r in after] == [Status.REAL, Status.REAL, Status.REAL, Status.INVENTED]
    assert {r.url.path for r in site.seen} >= {"/uscode/text/42/1983", "/constitution/amendmentxiv",
                                              "/rules/frcp/rule_56", "/bgb/__9999.html", "/bgb/index.html"}


def test_a_confirmed_404_is_invented_but_asked_again_next_time(tmp_path):
    router, cache = Router(ROUTES), tmp_path / "online.sqlite"
    opts = dict(FAST, transport=httpx.MockTransport(router), cache_path=cache)
    for _ in range(2):
        [usc, bgb] = resolve_online([citation_from_key("us/usc/t18/s99999"), citation_from_key("de/bgb/s9999")],
                                    **opts)
        assert usc.status is bgb.status is Status.INVENTED
        assert "/uscode/text/18 loads" in usc.reason and "index page lists 4 norms" in bgb.reason
    pages = [r.url.path for r in router.seen]
    assert pages.count("/uscode/text/18/99999") == 2 and pages.count("/bgb/__9999.html") == 2  # not cached


def test_a_404_for_a_unit_the_index_lists_is_not_invented():
    router = Router(ROUTES)
    routes = dict(ROUTES)
    routes[("www.gesetze-im-internet.de", "/bgb/index.html")] = (200, "text/html", fixture_bytes("gii_index_bgb.html")
                                                                 .replace(b"__823.html", b"__9999.html"))
    [res] = resolve_online([citation_from_key("de/bgb/s9999")], transport=httpx.MockTransport(Router(routes)), **FAST,
                           use_cache=False)
    assert res.status is Status.NOT_CHECKED and "links to it" in res.reason
    assert res.undecided is Undecided.INCONCLUSIVE
    assert router.seen == []


def test_a_404_whose_parent_page_is_not_the_work_is_a_fault():
    routes = dict(ROUTES)
    routes[("www.law.cornell.edu", "/uscode/text/18")] = (200, "text/html", fixture_bytes("maintenance_404.html"))
    [res] = resolve_online([citation_from_key("us/usc/t18/s99999")], transport=httpx.MockTransport(Router(routes)),
                           **FAST, use_cache=False)
    assert res.status is Status.NOT_CHECKED and res.undecided is Undecided.FAULT
    assert "did not show the work" in res.reason


# ------------------------------------------------------------------ item 4: the token stays with CourtListener


def _redirecting_courtlistener(target: str, seen: list[httpx.Request]):
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.url.path == "/api/rest/v4/citation-lookup/":
            return httpx.Response(307, headers={"location": target})
        return httpx.Response(200, headers={"content-type": "application/json"}, content=fixture_bytes("cl_200.json"))
    return handler


@pytest.mark.parametrize("target,forwarded", [
    ("https://www.gesetze-im-internet.de/api/rest/v4/lookup/", False),  # another allow-listed official host
    ("https://www.courtlistener.com:8443/api/rest/v4/lookup/", False),  # same host, another port: another origin
    ("http://www.courtlistener.com/api/rest/v4/lookup/", False),        # a downgrade to http is another origin
    ("/api/rest/v4/moved/", True),                                       # the same origin: the token is for it
])
def test_the_token_is_never_forwarded_to_another_origin(target, forwarded):
    seen: list[httpx.Request] = []
    allowed = {"https://www.courtlistener.com", "https://www.courtlistener.com:8443",
               "http://www.courtlistener.com", "https://www.gesetze-im-internet.de"}
    [res] = resolve_online([citation_from_key("us/case/5/u.s./137")], sources=[CourtListener()], allowed=allowed,
                           transport=httpx.MockTransport(_redirecting_courtlistener(target, seen)), use_cache=False,
                           **FAST)
    assert res.status is Status.REAL, res.reason
    first, second = seen
    assert first.headers["authorization"] == f"Token {TOKEN}"
    assert ("authorization" in second.headers) is forwarded
    assert TOKEN.encode() not in b"".join(str(v).encode() for v in second.headers.values()) or forwarded


class _Landing(BaseHTTPRequestHandler):
    """The other server: records the headers it receives."""

    received: list[dict] = []

    def log_message(self, *args):
        pass

    def do_POST(self):  # noqa: N802
        self.rfile.read(int(self.headers.get("content-length") or 0))
        _Landing.received.append(dict(self.headers))
        body = fixture_bytes("cl_200.json")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def test_the_token_is_not_forwarded_between_two_real_servers():
    with local_server(_Landing) as landing:
        class Redirect(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):  # noqa: N802
                self.rfile.read(int(self.headers.get("content-length") or 0))
                self.send_response(307)
                self.send_header("Location", f"{landing}/lookup/")
                self.send_header("Content-Length", "0")
                self.end_headers()

        with local_server(Redirect) as origin:
            _Landing.received.clear()
            [res] = resolve_online([citation_from_key("us/case/5/u.s./137")], sources=[CourtListener(base=origin)],
                                   allowed={origin, landing}, use_cache=False, **FAST)
    assert res.status is Status.REAL
    [headers] = _Landing.received
    assert not {k.lower() for k in headers} & {"authorization", "cookie"}
    assert TOKEN not in repr(headers)


# ------------------------------------------------------------------ item 5: a malformed Location loses nothing


@pytest.mark.parametrize("location", ["javascript:alert(1)", "https:\\\\evil.example", "https:\\evil.example/x",
                                      "http://[::1", "/x\x01y", "data:text/html,<b>x</b>"])
def test_a_malformed_location_is_not_checked_for_that_citation(location, small_store):
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.startswith("/cfr/text/29/"):
            return httpx.Response(302, headers={"location": location})
        return Router(ROUTES)(request)

    # the CFR and the Rules are not in the store (asked online), § 823 BGB is (decided offline)
    cits = [citation_from_key(k) for k in ("us/cfr/t29/s1910.1200", "us/frcp/r56", "de/bgb/s823")]
    online = OnlineResolver(transport=httpx.MockTransport(handler), use_cache=False, **FAST)
    # the checker's chain: the store decides § 823 BGB offline, the sources are asked about the rest
    out = [r.checked for r in Chain([StoreResolver(open_store(small_store)), online]).resolve(cits)]
    cfr, frcp, bgb = out
    assert cfr.status is Status.NOT_CHECKED and cfr.undecided is Undecided.FAULT
    assert "redirect" in cfr.reason
    assert frcp.status is Status.REAL and bgb.status is Status.REAL


def test_a_malformed_location_is_refused_before_any_request():
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(302, headers={"location": "https:\\\\evil.example/steal"})

    async def go():
        async with OfficialClient(allowed={"https://www.law.cornell.edu"}, transport=httpx.MockTransport(handler),
                                  **{k: v for k, v in FAST.items() if k != "timeout"}) as c:
            await c.request("GET", "https://www.law.cornell.edu/uscode/text/18/1030")

    with pytest.raises(NotAllowed, match="malformed redirect"):
        asyncio.run(go())
    assert len(sent) == 1


# ------------------------------------------------------------------ item 6: a deadline, not a timeout per read


class Trickle(BaseHTTPRequestHandler):
    """Headers at once, then one body byte every ``gap`` seconds: each read is quick, the whole is slow. At most
    ``size`` bytes; a client that goes away ends the handler (bounded: it stops by itself)."""

    gap, size = 0.25, 40
    sent: list[int] = []

    def log_message(self, *args):
        pass

    def do_GET(self):  # noqa: N802
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(self.size))
        self.end_headers()
        n = 0
        try:
            for _ in range(self.size):
                self.wfile.write(b"x")
                self.wfile.flush()
                n += 1
                time.sleep(self.gap)
        except OSError:
            pass
        finally:
            Trickle.sent.append(n)


@pytest.fixture(scope="module")
def trickle():
    with local_server(Trickle) as origin:
        yield origin


def test_a_trickling_server_cannot_hold_a_request_past_its_deadline(trickle):
    """Each byte comes well within the 1 s timeout, so a per-read timeout never fires; the deadline does."""
    Trickle.sent.clear()

    async def go():
        async with OfficialClient(allowed={trickle}, timeout=1.0, retries=0,
                                  default_policy=HostPolicy(0.0, 2), policies={}) as c:
            await c.request("GET", f"{trickle}/slow")

    with pytest.raises(FetchError, match="did not answer within 1 s") as e:
        asyncio.run(go())
    assert e.value.transient  # retried by the policy, and never cached
    deadline = time.monotonic() + 5
    while not Trickle.sent and time.monotonic() < deadline:  # the handler notices the closed connection
        time.sleep(0.05)
    assert Trickle.sent and Trickle.sent[0] < Trickle.size  # the client left before the body was complete


# ------------------------------------------------------------------ issue 28: a total deadline per citation

class _Sleeps:
    """The client's ``sleep``: records the waits it is asked for and returns at once."""

    def __init__(self) -> None:
        self.asked: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)


def _throttled(request: httpx.Request) -> httpx.Response:
    return httpx.Response(429, headers={"retry-after": "100", "content-type": "text/html"}, content=b"slow down")


def test_retry_after_past_the_citations_deadline_is_not_waited_for():
    """Issue 28: ``Retry-After: 100`` held one citation 300 s (three waits under the 120 s cap)."""
    from legalcite.net import deadline

    async def go(seconds):
        sleeps = _Sleeps()
        async with OfficialClient(allowed={"https://slow.example"}, transport=httpx.MockTransport(_throttled),
                                  sleep=sleeps, **{**FAST, "retries": 3}) as c:
            with deadline(seconds):
                with pytest.raises(FetchError) as e:
                    await c.request("GET", "https://slow.example/x")
        return sleeps.asked, e.value.reason

    assert asyncio.run(go(None))[0] == [100.0, 100.0, 100.0]  # without a deadline: the three waits of the issue
    asked, reason = asyncio.run(go(30.0))
    assert asked == [] and "not retried: waiting 100 s more would pass the 30 s deadline of this citation" in reason


@pytest.mark.parametrize("key", ["de/bgb/s823", "us/usc/t42/s1983"])
def test_the_online_check_gives_each_citation_one_deadline(key):
    """The resolver sets the deadline (30 s by default) around all the sources it asks for a citation."""
    for seconds, waited in ((30.0, []), (None, [100.0] * 3)):
        sleeps = _Sleeps()
        res = resolve_online([citation_from_key(key)], **{**FAST, "retries": 3}, transport=httpx.MockTransport(
            _throttled), sleep=sleeps, deadline=seconds, use_cache=False)[0]
        assert res.status is Status.NOT_CHECKED and res.undecided is Undecided.FAULT
        assert sleeps.asked[:3] == waited and ("the 30 s deadline of this citation" in res.reason) == bool(seconds)


def test_a_trickling_server_cannot_hold_a_citation_past_its_deadline(trickle):
    """Issue 28: 61.7 s for one citation (four attempts of the 15 s deadline each, and the backoff between them).
    Here each attempt may take 1 s, ten retries are allowed, and the citation has 2.5 s in all: at most three
    attempts reach the server."""
    from legalcite.net import deadline

    Trickle.sent.clear()

    async def go():
        async with OfficialClient(allowed={trickle}, timeout=1.0, retries=10, backoff=0.0,
                                  default_policy=HostPolicy(0.0, 2), policies={}) as c:
            with deadline(2.5):
                await c.request("GET", f"{trickle}/slow")

    with pytest.raises(FetchError, match="deadline of this citation|did not answer within 0.5 s"):
        asyncio.run(go())
    limit = time.monotonic() + 5
    while len(Trickle.sent) < 3 and time.monotonic() < limit:  # each handler notices its closed connection
        time.sleep(0.05)
    assert 1 <= len(Trickle.sent) <= 3


def test_a_trickling_download_is_abandoned_not_waited_for(trickle, tmp_path):
    Trickle.sent.clear()
    with Downloader(tmp_path, allowed={trickle}, timeout=0.6, retries=0, min_rate=100.0,
                    sleep=lambda s: None) as dl:
        with pytest.raises(FetchError, match="too slow"):
            dl.fetch(f"{trickle}/bulk.zip", "bulk.zip")
    assert (tmp_path / "bulk.zip.part").exists()  # what came is kept for the resumed attempt
    assert not (tmp_path / "bulk.zip").exists()


def test_eurlex_maintenance_404_is_no_verdict():
    """EUR-Lex says "does not exist" on its own page; any other 404 is a fault, not ``not_findable``."""
    from legalcite.sources.eurlex import EurLex

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(404, headers={"content-type": "text/html"}, content=fixture_bytes("maintenance_404.html"))

    [res] = resolve_online([citation_from_key("eu/reg-2016-679/art5")], sources=[EurLex()],
                           transport=httpx.MockTransport(handler), use_cache=False, **FAST)
    assert res.status is Status.NOT_CHECKED and res.undecided is Undecided.FAULT
