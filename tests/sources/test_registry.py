"""The registry of official sources: every module is one source, online and/or bulk; adding one is one module and
one registry line (a new source is asked online in registry order and offered by ``corpus fetch``)."""
from __future__ import annotations

import httpx
import pytest

from legalcite import sources
from legalcite.models import Kind, citation_from_key
from legalcite.net import HostPolicy
from legalcite.sources.base import BulkSource, OnlineSource, answer
from legalcite.status import Status

EXPECTED = {"gii": ("online", "de"), "dejure": ("online",), "courtlistener": ("online",), "cornell": ("online",),
            "leginfo": ("online", "us-ca"), "flk": ("online", "cn"), "olrc": ("us",), "eurlex": ("online",),
            "fedlex": ("online",), "cap": ()}


@pytest.mark.parametrize("name", list(sources.REGISTRY))
def test_every_registered_source_is_what_it_says(name: str) -> None:
    """Online, and/or the bulk source of the jurisdictions that name it (``Jurisdiction.fetch``)."""
    from legalcite import jurisdictions

    s = sources.source(name)
    fetched_by = tuple(j.code for j in jurisdictions.registered() if j.fetch == name)
    roles = (("online",) if isinstance(s, OnlineSource) else ()) + fetched_by
    assert roles == EXPECTED[name] and s.name == name and s.host
    assert isinstance(s, BulkSource) == bool(fetched_by)


def test_online_order_is_the_registry_order() -> None:
    assert [s.name for s in sources.online_sources()] == [n for n in sources.REGISTRY if "online" in EXPECTED[n]]


class Fedlex:
    """A stand-in for a new source (here shaped like the Swiss one): the whole of what adding one takes."""

    name = "fedlex"
    host = "fedlex.admin.ch"
    base = "https://www.fedlex.admin.ch"
    origins = (base,)

    def handles(self, citation):
        return citation.jurisdiction == "ch" and citation.kind is Kind.STATUTE

    def urls(self, citation):
        return [f"{self.base}/eli/cc/27/317_321_377/de#{citation.units[0].segment}"]

    async def resolve(self, citation, client):
        f = await client.request("GET", self.urls(citation)[0].split("#")[0])
        return answer(citation, Status.REAL, "fedlex shows it", self.host, f, citation.key)


def test_a_new_source_is_one_module_and_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from legalcite.resolve.online import resolve_online

    monkeypatch.setitem(sources.REGISTRY, "fedlex", Fedlex)
    c = citation_from_key("ch/or/art41")
    assert sources.urls_for(c) == ["https://www.fedlex.admin.ch/eli/cc/27/317_321_377/de#art41"]

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "text/html"}, content=b"<html>OR</html>")

    assert Fedlex.base in sources.allowed_origins()  # its origins joined the allow-list
    [res] = resolve_online([c], transport=httpx.MockTransport(handler), use_cache=False, retries=0, policies={},
                           default_policy=HostPolicy(0.0, 1))
    assert res.status is Status.REAL and res.evidence[0].source == "fedlex.admin.ch"


def test_bulk_source_says_why_a_jurisdiction_has_none() -> None:
    """``corpus fetch`` reaches a source through its jurisdiction; one that names none, or names a source with no
    files, is a clear error (the CLI offers only the fetchable codes, a library caller may ask any)."""
    assert sources.bulk_source("de").name == "gii"
    with pytest.raises(ValueError, match="ch names no source to fetch from"):
        sources.bulk_source("ch")
