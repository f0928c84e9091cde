"""Fedlex (legalcite.sources.fedlex) against fixtures in its documented formats — the SPARQL endpoint's JSON results
and an Akoma Ntoso consolidation — through httpx.MockTransport and the online resolver; then URL building."""
from __future__ import annotations

import httpx
import pytest

from legalcite.models import citation_from_key
from legalcite.net import HostPolicy
from legalcite.resolve.online import resolve_online
from legalcite.sources import urls_for
from legalcite.sources.fedlex import Fedlex, parse_akn, parse_sparql
from legalcite.status import Status, Undecided
from tests.conftest import OFFICIAL

FAST = dict(backoff=0.0, default_policy=HostPolicy(min_interval=0.0, concurrency=4), policies={}, timeout=5.0,
            use_cache=False, retries=0)
OR_ELI = "https://fedlex.data.admin.ch/eli/cc/27/317_321_377"
XML_PATH = ("/filestore/fedlex.data.admin.ch/eli/cc/27/317_321_377/20260101/de/xml/"
            "fedlex-data-admin-ch-eli-cc-27-317_321_377-20260101-de-xml-1.xml")


class FedlexServer:
    """The SPARQL endpoint (a consolidation for the OR, none for other acts) and the file store; records requests."""

    def __init__(self, *, sparql_status: int = 200, xml: bytes | None = None):
        self.seen: list[httpx.Request] = []
        self.sparql_status = sparql_status
        self.xml = xml if xml is not None else (OFFICIAL / "fedlex_or_de.xml").read_bytes()

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(request)
        if request.url.host == "fedlex.data.admin.ch" and request.url.path == "/sparqlendpoint":
            query = httpx.URL("?" + request.content.decode()).params["query"]
            name = "fedlex_sparql_or.json" if f"<{OR_ELI}>" in query else "fedlex_sparql_empty.json"
            return httpx.Response(self.sparql_status, headers={"content-type": "application/sparql-results+json"},
                                  content=(OFFICIAL / name).read_bytes())
        if request.url.host == "fedlex.data.admin.ch" and request.url.path == XML_PATH:
            return httpx.Response(200, headers={"content-type": "application/xml"}, content=self.xml)
        return httpx.Response(404, headers={"content-type": "text/html"}, content=b"not found")


def check(server: FedlexServer, *keys: str):
    return resolve_online([citation_from_key(k) for k in keys], sources=[Fedlex(day="2026-06-01")],
                          transport=httpx.MockTransport(server), **FAST)


@pytest.mark.parametrize("key, status, word", [
    ("ch/or/art41", Status.REAL, "Art. 41 exists"),
    ("ch/or/art41/abs2", Status.REAL, "Art. 41 exists"),
    ("ch/or/art41/abs3", Status.INVENTED, "Absätze 1, 2"),
    ("ch/or/art6a/abs1", Status.REAL, "Art. 6a"),
    ("ch/or/art271a/abs1/lita", Status.REAL, "271a"),
    ("ch/or/art40g", Status.REPEALED, "repealed"),
    ("ch/or/art9999", Status.INVENTED, "has no Art. 9999"),
    ("ch/zgb/art8", Status.NOT_CHECKED, "no German XML consolidation"),   # the SPARQL answer has no binding
    ("ch/zgb/schlt/art1", Status.NOT_CHECKED, "transitional"),
])
def test_statuses_from_documented_answers(key: str, status: Status, word: str) -> None:
    [res] = check(FedlexServer(), key)
    assert res.status is status, res.reason
    assert word in res.reason
    if status in (Status.REAL, Status.INVENTED, Status.REPEALED):
        ev = res.evidence[0]
        assert ev.url.startswith("https://www.fedlex.admin.ch/eli/cc/27/317_321_377/de#art_")
        assert ev.snapshot.startswith("retrieved ") and ev.details["consolidation"] == "2026-01-01"


def test_one_consolidation_per_act_and_the_query_asks_for_it() -> None:
    server = FedlexServer()
    check(server, "ch/or/art41", "ch/or/art6a", "ch/or/art9999")
    posts = [r for r in server.seen if r.method == "POST"]
    assert len(posts) == 1 and len([r for r in server.seen if r.method == "GET"]) == 1
    query = httpx.URL("?" + posts[0].content.decode()).params["query"]
    assert f"jolux:isMemberOf <{OR_ELI}>" in query and "file-type/XML" in query and "language/DEU" in query
    assert '"2026-06-01"^^xsd:date' in query


@pytest.mark.parametrize("server, word", [
    (FedlexServer(sparql_status=503), "could not be checked"),
    (FedlexServer(xml=b"<html>maintenance</html>"), "unreadable consolidation"),
    (FedlexServer(xml=b"not xml at all"), "unreadable consolidation"),
])
def test_faults_are_not_checked(server: FedlexServer, word: str) -> None:
    [res] = check(server, "ch/or/art41")
    assert res.status is Status.NOT_CHECKED and res.undecided is Undecided.FAULT and word in res.reason


def test_parsers() -> None:
    arts = parse_akn((OFFICIAL / "fedlex_or_de.xml").read_bytes())
    assert sorted(arts) == ["271a", "40g", "41", "6a"] and arts["41"].paragraphs == ("1", "2")
    assert arts["40g"].repealed and not arts["41"].repealed
    assert parse_sparql({"results": {"bindings": []}}) is None
    with pytest.raises(ValueError):
        parse_akn(b'<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><act/></akomaNtoso>')


@pytest.mark.parametrize("key, url", [
    ("ch/or/art41/abs1", "https://www.fedlex.admin.ch/eli/cc/27/317_321_377/de#art_41"),
    ("ch/or/art6a", "https://www.fedlex.admin.ch/eli/cc/27/317_321_377/de#art_6_a"),
    ("ch/stgb/art322ter", "https://www.fedlex.admin.ch/eli/cc/54/757_781_799/de#art_322_ter"),
    ("ch/zgb/schlt/art1", "https://www.fedlex.admin.ch/eli/cc/24/233_245_233/de#disp_u1/art_1"),
    ("int/cisg/art1/par1", "https://www.fedlex.admin.ch/eli/cc/1991/307_307_307/de#art_1"),
    ("ch/bv", "https://www.fedlex.admin.ch/eli/cc/1999/404/de"),
])
def test_urls(key: str, url: str) -> None:
    assert urls_for(citation_from_key(key))[:1] == [url]


def test_no_url_for_an_act_the_sr_does_not_know() -> None:
    assert urls_for(citation_from_key("ch/behg/art11")) == []
