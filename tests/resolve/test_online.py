"""The online resolver over the sources: one request per distinct key, the cache (decisive answers only, with
their retrieval date), typed reasons for what stays undecided; through ``httpx.MockTransport``."""
from __future__ import annotations

import httpx
import pytest

from legalcite.models import Citation, Kind, citation_from_key
from legalcite.net import HostPolicy
from legalcite.resolve.cache import CacheUnavailable, OnlineCache
from legalcite.resolve.online import OnlineResolver, resolve_online
from legalcite.status import CheckedCitation, Evidence, Status, Undecided

FAST = dict(backoff=0.0, default_policy=HostPolicy(min_interval=0.0, concurrency=4), policies={}, timeout=5.0)


@pytest.fixture(autouse=True)
def _token(monkeypatch):
    monkeypatch.setenv("COURTLISTENER_TOKEN", "tok-SECRET-123")


def check(router, *keys: str, **kw):
    opts = dict(FAST, use_cache=False, retries=0)
    opts.update(kw)
    return resolve_online([citation_from_key(k) for k in keys], transport=httpx.MockTransport(router), **opts)


def test_repeats_share_one_request_and_keep_their_citation(router):
    a = citation_from_key("us/usc/t18/s1030", text="18 U.S.C. § 1030")
    b = citation_from_key("us/usc/t18/s1030", text="18 USC 1030")
    out = resolve_online([a, b], transport=httpx.MockTransport(router), use_cache=False, **FAST)
    assert [o.citation.text for o in out] == ["18 U.S.C. § 1030", "18 USC 1030"]
    assert len(router.seen) == 1


def test_cache_records_answers_with_retrieval_date(router, tmp_path):
    store = tmp_path / "store.sqlite"
    first = check(router, "us/usc/t18/s1030", "us-ca/civ/s99999", use_cache=True, store_path=store)
    n = len(router.seen)
    second = check(router, "us/usc/t18/s1030", "us-ca/civ/s99999", use_cache=True, store_path=store)
    assert second[0].status is first[0].status is Status.REAL
    assert second[0].evidence[0].details.get("cached") is True
    assert second[0].evidence[0].snapshot == first[0].evidence[0].snapshot
    # the not_checked answer was not cached: asked again
    assert len(router.seen) == n + 1
    import sqlite3

    rows = sqlite3.connect(store).execute("SELECT source, key, status, retrieved_at FROM online_cache").fetchall()
    assert rows == [("cornell", "us/usc/t18/s1030", "real", first[0].evidence[0].snapshot[len("retrieved "):])]


def test_cache_location_and_age(tmp_path, monkeypatch):
    from legalcite.resolve.cache import OnlineCache, default_path

    monkeypatch.setenv("LEGALCITE_CACHE", str(tmp_path))
    assert default_path() == tmp_path / "online.sqlite"
    c = citation_from_key("us/usc/t18/s1030")
    old = CheckedCitation(c, Status.REAL, "r", (Evidence("law.cornell.edu", c.key, "u", "retrieved x"),), c.key)
    with OnlineCache() as cache:
        cache.put("cornell", old, "2000-01-01T00:00:00Z")
        cache.put("cornell", CheckedCitation(citation_from_key("us/usc/t1/s1"), Status.NOT_CHECKED, "down"),
                  "2026-01-01T00:00:00Z")
        assert cache.count() == 1           # a fault is never cached
        assert cache.get("cornell", c) is None  # older than max_age_days
    with OnlineCache(max_age_days=365 * 100) as cache:
        assert cache.get("cornell", c).status is Status.REAL


def test_undecided_answers_say_why(router):
    short = Citation(jurisdiction=None, kind=Kind.STATUTE, work=None, units=())  # an unlinked "ebd."
    [no_key] = resolve_online([short], transport=httpx.MockTransport(router), use_cache=False, **FAST)
    assert no_key.undecided is Undecided.NO_KEY and not router.seen
    [none] = check(router, "de/rep/bghz/100/1")              # German reporters: no source online
    assert none.undecided is Undecided.NOT_COVERED and "no official source" in none.reason
    [inconclusive] = check(router, "de/fixg/s1")            # the page shows another §
    assert inconclusive.undecided is Undecided.INCONCLUSIVE


def test_resolver_interface_wraps_answers(router):
    r = OnlineResolver(transport=httpx.MockTransport(router), use_cache=False, retries=0, **FAST)
    [real, undecided] = r.resolve([citation_from_key("us/usc/t18/s1030"), citation_from_key("us-ca/civ/s99999")])
    assert real.checked.status is Status.REAL and not real.undecided and real.unit is None
    assert undecided.undecided and undecided.worth_asking_on


def test_an_unwritable_cache_is_skipped_not_fatal(router, tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    (ro / "store.sqlite").write_bytes(b"not a database at all")
    with pytest.raises(CacheUnavailable):
        OnlineCache(ro / "store.sqlite")
    [res] = check(router, "us/usc/t18/s1030", use_cache=True, store_path=ro / "store.sqlite")
    assert res.status is Status.REAL
