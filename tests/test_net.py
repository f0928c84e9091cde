"""The network policy of :mod:`legalcite.net` (the online client) against a real local HTTP server (127.0.0.1,
random port) that injects faults: slow answers, 429 with Retry-After, 500, truncated bodies, wrong content types,
redirects off the allow-list; then a source end to end through the online resolver against it. Timeouts are short
and backoff sleeps are recorded instead of slept, so the file runs in a few seconds."""
from __future__ import annotations

import asyncio
import time
from http.server import BaseHTTPRequestHandler

import pytest

from legalcite.models import citation_from_key
from legalcite.net import CircuitOpen, FetchError, HostPolicy, NotAllowed, OfficialClient
from legalcite.resolve.online import resolve_online
from legalcite.sources.gii import Gii
from legalcite.status import Status, Undecided
from tests.conftest import fixture_bytes, local_server


class Faulty(BaseHTTPRequestHandler):
    hits: dict[str, int] = {}

    def log_message(self, *args):  # keep pytest output clean
        pass

    def _send(self, status: int, body: bytes, ctype: str = "text/html", headers: dict | None = None,
              length: int | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def do_GET(self):  # noqa: N802
        path = self.path.split("?")[0]
        n = Faulty.hits[path] = Faulty.hits.get(path, 0) + 1
        if path == "/ok":
            self._send(200, b"<html>ok</html>")
        elif path == "/slow":
            time.sleep(1.0)
            self._send(200, b"<html>late</html>")
        elif path == "/429-then-ok":
            if n == 1:
                self._send(429, b"slow down", headers={"Retry-After": "1"})
            else:
                self._send(200, b"<html>ok</html>")
        elif path == "/429-long":
            self._send(429, b"slow down", headers={"Retry-After": "3600"})
        elif path == "/500":
            self._send(500, b"oops")
        elif path == "/truncated":
            self._send(200, b"<html>only a part", length=5000)
            self.close_connection = True
        elif path == "/wrong-type":
            self._send(200, b"\x00\x01binary", ctype="application/octet-stream")
        elif path == "/redirect-off":
            self._send(302, b"", headers={"Location": "https://evil.example.com/steal"})
        elif path == "/redirect-on":
            self._send(302, b"", headers={"Location": "/ok"})
        elif path == "/bgb/__823.html":
            # a flaky official page: the first request fails, the retry gets the norm
            if n == 1:
                self._send(503, b"busy")
            else:
                self._send(200, fixture_bytes("gii_norm_s823.html"), ctype="text/html; charset=utf-8")
        else:
            self._send(404, b"<html>none</html>")


@pytest.fixture(scope="module")
def server():
    with local_server(Faulty) as origin:
        yield origin


@pytest.fixture(autouse=True)
def _reset():
    Faulty.hits.clear()


class Sleeps(list):
    async def __call__(self, seconds: float) -> None:
        self.append(seconds)


def client(origin: str, sleeps: Sleeps | None = None, **kw) -> OfficialClient:
    opts = dict(allowed={origin}, timeout=3.0, retries=2, backoff=0.01,
                sleep=sleeps if sleeps is not None else Sleeps(),
                default_policy=HostPolicy(min_interval=0.0, concurrency=2), policies={})
    opts.update(kw)
    return OfficialClient(**opts)


def run(coro):
    return asyncio.run(coro)


async def get(c: OfficialClient, url: str, **kw):
    async with c:
        return await c.request("GET", url, **kw)


def test_ok_and_redirect_on_allow_list(server):
    assert run(get(client(server), f"{server}/ok")).text == "<html>ok</html>"
    f = run(get(client(server), f"{server}/redirect-on"))
    assert f.url.endswith("/ok") and f.status_code == 200


def test_slow_answer_times_out_with_retries(server):
    with pytest.raises(FetchError) as e:
        run(get(client(server, retries=1, timeout=0.3), f"{server}/slow"))
    assert "did not answer within 0.3 s" in e.value.reason and "after 2 attempts" in e.value.reason
    assert Faulty.hits["/slow"] == 2


def test_429_retry_after_is_honoured(server):
    sleeps = Sleeps()
    f = run(get(client(server, sleeps), f"{server}/429-then-ok"))
    assert f.status_code == 200 and Faulty.hits["/429-then-ok"] == 2
    assert 1.0 in sleeps  # waited exactly what Retry-After said, not the backoff


def test_429_retry_after_too_long_gives_up_at_once(server):
    with pytest.raises(FetchError) as e:
        run(get(client(server), f"{server}/429-long"))
    assert "HTTP 429" in e.value.reason and "3600 s" in e.value.reason
    assert Faulty.hits["/429-long"] == 1


def test_500_retries_with_exponential_jittered_backoff(server):
    sleeps = Sleeps()
    with pytest.raises(FetchError) as e:
        run(get(client(server, sleeps, retries=3, backoff=0.01), f"{server}/500"))
    assert "HTTP 500" in e.value.reason and Faulty.hits["/500"] == 4
    backoffs = [s for s in sleeps if s > 0]
    assert len(backoffs) <= 3 and all(0 <= s <= 0.01 * 2 ** i for i, s in enumerate(sleeps))


def test_truncated_body_is_an_error_not_a_partial_answer(server):
    with pytest.raises(FetchError) as e:
        run(get(client(server, retries=0), f"{server}/truncated"))
    assert "truncated" in e.value.reason


def test_wrong_content_type_is_refused(server):
    with pytest.raises(FetchError) as e:
        run(get(client(server), f"{server}/wrong-type", accept=("text/html",)))
    assert "application/octet-stream" in e.value.reason
    assert Faulty.hits["/wrong-type"] == 1  # the source answered: no retry


def test_redirect_off_the_allow_list_is_refused(server):
    with pytest.raises(NotAllowed) as e:
        run(get(client(server), f"{server}/redirect-off"))
    assert "evil.example.com" in e.value.reason
    assert Faulty.hits["/redirect-off"] == 1


def test_urls_off_the_allow_list_are_never_sent(server):
    for url in ("https://evil.example.com/", "http://127.0.0.1:1/x", f"{server.replace('http', 'https')}/ok",
                f"http://user:pw@{server[7:]}/ok", "file:///etc/passwd"):
        with pytest.raises(NotAllowed):
            run(get(client(server), url))
    assert not Faulty.hits


def test_circuit_breaker_opens_after_repeated_failures(server):
    async def scenario():
        c = client(server, retries=0, breaker_threshold=3, breaker_cooldown=60)
        async with c:
            for _ in range(3):
                with pytest.raises(FetchError):
                    await c.request("GET", f"{server}/500")
            with pytest.raises(CircuitOpen) as e:
                await c.request("GET", f"{server}/ok")  # even a good URL on that host is not contacted
            return e.value

    err = run(scenario())
    assert "circuit breaker" in err.reason
    assert Faulty.hits == {"/500": 3}


def test_circuit_half_opens_after_cooldown(server):
    async def scenario():
        c = client(server, retries=0, breaker_threshold=2, breaker_cooldown=0.05)
        async with c:
            for _ in range(2):
                with pytest.raises(FetchError):
                    await c.request("GET", f"{server}/500")
            await asyncio.sleep(0.06)
            return await c.request("GET", f"{server}/ok")

    assert run(scenario()).status_code == 200


def test_rate_limit_spaces_request_starts(server):
    sleeps = Sleeps()

    async def scenario():
        # three at once may run, but their starts are still spaced (recorded, not slept)
        c = client(server, sleeps, default_policy=HostPolicy(min_interval=0.5, concurrency=3))
        async with c:
            await asyncio.gather(*(c.request("GET", f"{server}/ok") for _ in range(3)))

    run(scenario())
    waits = [s for s in sleeps if s > 0]
    assert len(waits) == 2 and all(0.3 < s <= 0.5 for s in waits)


def test_resolver_end_to_end_against_the_faulty_server(server):
    cit = citation_from_key("de/bgb/s823/abs1")
    [res] = resolve_online([cit], sources=[Gii(base=server)], allowed={server}, use_cache=False,
                           timeout=3.0, retries=2, backoff=0.01,
                           default_policy=HostPolicy(min_interval=0.0, concurrency=1), policies={})
    assert res.status is Status.REAL and res.checked_key == "de/bgb/s823/abs1"
    assert Faulty.hits["/bgb/__823.html"] == 2  # the 503 was retried


def test_resolver_fault_is_honest_not_checked(server):
    cit = citation_from_key("de/gg/art1")
    [res] = resolve_online([cit], sources=[Gii(base=server + "/500")], allowed={server},
                           use_cache=False, timeout=3.0, retries=1, backoff=0.0,
                           default_policy=HostPolicy(min_interval=0.0, concurrency=1), policies={})
    # /500/gg/art_1.html is a 404 on this server, for a law whose table lists Art. 1: not a guess of invented
    assert res.status is Status.NOT_CHECKED and "table of contents lists" in res.reason
    assert res.undecided is Undecided.INCONCLUSIVE


def test_source_fault_is_typed_and_never_cached(server, tmp_path):
    cit = citation_from_key("de/bgb/s823")
    opts = dict(allowed={server}, timeout=3.0, retries=0, backoff=0.0, cache_path=tmp_path / "online.sqlite",
                default_policy=HostPolicy(min_interval=0.0, concurrency=1), policies={})
    [res] = resolve_online([cit], sources=[Gii(base=server + "/500-base")], **opts)
    assert res.status is Status.NOT_CHECKED and res.undecided is Undecided.INCONCLUSIVE  # a 404 page: an answer
    Faulty.hits.clear()
    [down] = resolve_online([cit], sources=[Gii(base=server)], **opts)  # /bgb/__823.html answers 503 first
    assert down.status is Status.NOT_CHECKED and down.undecided is Undecided.FAULT and "503" in down.reason
    [ok] = resolve_online([cit], sources=[Gii(base=server)], **opts)    # asked again, not served from the cache
    assert ok.status is Status.REAL and Faulty.hits["/bgb/__823.html"] == 2


def test_breaker_stops_requests_queued_behind_a_dead_host(server):
    async def scenario():
        c = client(server, retries=3, breaker_threshold=5, breaker_cooldown=60,
                   default_policy=HostPolicy(min_interval=0.0, concurrency=1))
        async with c:
            return await asyncio.gather(*(c.request("GET", f"{server}/500") for _ in range(10)),
                                        return_exceptions=True)

    results = run(scenario())
    assert all(isinstance(r, FetchError) for r in results)
    assert sum(isinstance(r, CircuitOpen) for r in results) >= 8
    assert Faulty.hits["/500"] == 5  # not 10 × 4 attempts


def test_a_queue_on_one_host_does_not_starve_the_others():
    import httpx

    done: list[str] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        if request.url.host == "slow.test":
            await asyncio.sleep(0.05)
        return httpx.Response(200, headers={"content-type": "text/html"}, content=b"ok")

    async def scenario():
        c = OfficialClient(allowed={"https://slow.test", "https://fast.test"}, transport=httpx.MockTransport(handler),
                           concurrency=2, policies={"slow.test": HostPolicy(0.0, 1)},
                           default_policy=HostPolicy(0.0, 2))
        async with c:
            async def one(host: str, i: int):
                await c.request("GET", f"https://{host}/{i}")
                done.append(host)
            await asyncio.gather(*(one("slow.test", i) for i in range(8)), one("fast.test", 0))

    run(scenario())
    assert done.index("fast.test") <= 1  # not behind the eight queued on slow.test
