"""Every online source against fixtures in its documented response format, through ``httpx.MockTransport`` and
the online resolver: the status each answer means, the requests sent (token hygiene, form fields), fallbacks;
then URL building (``legalcite url``), which sends nothing. No network: every request lands in the
:class:`~tests.conftest.Router`, which also records what was sent."""
from __future__ import annotations

import json
import logging

import httpx
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from legalcite.models import Kind, citation_from_key
from legalcite.net import HostPolicy, origin_of
from legalcite.resolve.online import resolve_online
from legalcite.sources import allowed_origins, online_sources, urls_for
from legalcite.status import Status, Undecided
from tests.conftest import ROUTES, Router

FAST = dict(backoff=0.0, default_policy=HostPolicy(min_interval=0.0, concurrency=4), policies={}, timeout=5.0)
GII = "www.gesetze-im-internet.de"


@pytest.fixture(autouse=True)
def _token(monkeypatch):
    monkeypatch.setenv("COURTLISTENER_TOKEN", "tok-SECRET-123")


def check(router: Router, *keys: str, **kw):
    cits = [citation_from_key(k) for k in keys]
    opts = dict(FAST, use_cache=False, retries=0)
    opts.update(kw)
    return resolve_online(cits, transport=httpx.MockTransport(router), **opts)


# (key, expected status, a word the reason must contain)
CASES = [
    ("de/bgb/s823", Status.REAL, "§ 823"),
    ("de/bgb/s823/abs2", Status.REAL, "exists"),
    ("de/bgb/s823/abs7", Status.INVENTED, "Abs. 7"),
    ("de/bgb/s10", Status.REPEALED, "weggefallen"),
    ("de/gg/art20/abs4", Status.REAL, "Art 20"),
    ("de/bgb/s9999", Status.INVENTED, "404"),
    ("de/fantasieg/s1", Status.NOT_FINDABLE, "fantasieg"),
    ("de/fixg/s1", Status.NOT_CHECKED, "did not show"),
    ("de/case/bag/2-azr-363-21", Status.NOT_CHECKED, "did not confirm"),  # no redirect to a decision page
    ("us/case/5/u.s./137", Status.REAL, "Marbury v. Madison"),
    ("us/case/1/u.s./1", Status.NOT_FINDABLE, "2 cases"),
    ("us/case/5/xyz./138", Status.NOT_FINDABLE, "reporter"),
    ("us/case/999/u.s./999", Status.NOT_FINDABLE, "no proof of invention"),
    ("us/case/5/u.s./139", Status.NOT_CHECKED, "too many citations"),
    ("us/usc/t18/s1030/a/2/C", Status.REAL, "Fraud"),
    ("us/usc/t18/s1", Status.REPEALED, "Repealed"),
    ("us/usc/t18/s99999", Status.INVENTED, "404"),
    ("us/const/amend14/s1", Status.REAL, "14th Amendment"),
    ("us/frcp/r56/a", Status.REAL, "Rule 56"),
    ("us-ca/civ/s1542", Status.REAL, "1542"),
    ("us-ca/civ/s1542/b", Status.REAL, "1542"),
    ("us-ca/civ/s1542/q", Status.INVENTED, "not (q)"),
    ("us-ca/civ/s99999", Status.NOT_CHECKED, "no CIV section 99999"),
    ("cn/中华人民共和国民法典", Status.REAL, "有效"),
    ("cn/中华人民共和国民法典/art509", Status.NOT_CHECKED, "could not be read"),  # no WORD file served
    ("cn/中华人民共和国测试法/art1", Status.REAL, "第一条"),
    ("cn/中华人民共和国测试法/art1/para2/item2", Status.REAL, "第一条"),
    ("cn/中华人民共和国测试法/art1/para3", Status.INVENTED, "not 款 3"),
    ("cn/中华人民共和国测试法/art1/item3", Status.INVENTED, "no 项 3"),
    ("cn/中华人民共和国测试法/art3-1", Status.REAL, "第三条之一"),
    ("cn/中华人民共和国测试法/art5", Status.INVENTED, "has no art5"),
    ("cn/中华人民共和国合同法/art52", Status.REPEALED, "已废止"),
    ("cn/中华人民共和国不存在法/art1", Status.NOT_FINDABLE, "no document"),
    ("de/rep/bghz/100/1", Status.NOT_CHECKED, "no official source"),
]


@pytest.mark.parametrize("key,status,word", CASES, ids=[c[0] for c in CASES])
def test_statuses_from_documented_answers(router, key, status, word):
    [res] = check(router, key)
    assert res.status is status, res.reason
    assert word.lower() in res.reason.lower()
    assert res.evidence, "every status carries evidence"
    if status is not Status.NOT_CHECKED:
        ev = res.evidence[0]
        assert ev.url and ev.snapshot and ev.snapshot.startswith("retrieved ")


def test_decisive_answers_name_the_checked_unit(router):
    [real, inv] = check(router, "de/bgb/s823/abs2", "us/usc/t18/s99999")
    assert real.checked_key == "de/bgb/s823/abs2"
    assert inv.checked_key == "us/usc/t18/s99999"


def test_courtlistener_request_shape_and_token_hygiene(router, caplog):
    caplog.set_level(logging.DEBUG)
    [res] = check(router, "us-ca/case/51/cal.4th/310", "us/case/5/u.s./137")[1:]
    req = [r for r in router.seen if r.url.host == "www.courtlistener.com"]
    assert req and all(r.method == "POST" for r in req)
    assert req[-1].headers["authorization"] == "Token tok-SECRET-123"
    forms = [r.content.decode() for r in req]
    assert any("reporter=Cal.+4th" in f or "reporter=Cal.%204th" in f for f in forms)  # reporters-db form
    assert "tok-SECRET-123" not in caplog.text
    assert "tok-SECRET-123" not in json.dumps(res.to_dict())
    # the token goes to CourtListener only
    assert all("authorization" not in r.headers for r in router.seen if r.url.host != "www.courtlistener.com")


def test_courtlistener_without_token_sends_nothing(router, monkeypatch):
    monkeypatch.delenv("COURTLISTENER_TOKEN")
    monkeypatch.setattr("legalcite.sources.courtlistener.config_token", lambda: None)
    [res] = check(router, "us/case/5/u.s./137")
    assert res.status is Status.NOT_CHECKED and "COURTLISTENER_TOKEN" in res.reason
    assert res.undecided is Undecided.NOT_COVERED
    assert not router.seen


def test_throttle_wait_until_far_away_is_not_checked(router):
    [res] = check(router, "us/case/5/u.s./140", retries=2)
    assert res.status is Status.NOT_CHECKED and "429" in res.reason and "wait" in res.reason
    assert len([r for r in router.seen if r.url.host == "www.courtlistener.com"]) == 1


def test_fallback_to_dejure_when_gii_fails(router):
    routes = dict(ROUTES)
    routes[(GII, "/bgb/__823.html")] = (503, "text/html", b"busy")
    routes[("dejure.org", "/gesetze/BGB/823.html")] = (200, "text/html", "dejure_bgb_823.html")
    [res] = check(Router(routes), "de/bgb/s823")
    assert res.status is Status.REAL and res.evidence[0].source == "dejure.org"


def test_all_sources_fail_gives_every_reason():
    def down(request):
        raise httpx.ConnectError("connection refused")

    [res] = resolve_online([citation_from_key("de/bgb/s823")], transport=httpx.MockTransport(down),
                           use_cache=False, retries=1, **FAST)
    assert res.status is Status.NOT_CHECKED and res.undecided is Undecided.FAULT
    assert "gesetze-im-internet.de" in res.reason and "dejure.org" in res.reason
    assert "after 2 attempts" in res.reason


# ------------------------------------------------------------------ URL building (no requests at all)

URLS = [
    ("de/bgb/s823/abs1", "https://www.gesetze-im-internet.de/bgb/__823.html"),
    ("de/gg/art20", "https://www.gesetze-im-internet.de/gg/art_20.html"),
    ("de/sgb-v/s5", "https://www.gesetze-im-internet.de/sgb_5/__5.html"),
    ("de/uwg/s3a", "https://www.gesetze-im-internet.de/uwg_2004/__3a.html"),
    ("de/bgb/s823", "https://dejure.org/gesetze/BGB/823.html"),
    ("de/egbgb/art229", "https://dejure.org/gesetze/EGBGB/229.html"),
    ("de/case/bgh/i-zr-126-18",
     "https://dejure.org/dienste/vernetzung/rechtsprechung?Gericht=BGH&Aktenzeichen=I+ZR+126%2F18"),
    ("us/usc/t18/s1030/a/2/C", "https://www.law.cornell.edu/uscode/text/18/1030#a_2_C"),
    ("us/cfr/t29/s1910.1200", "https://www.law.cornell.edu/cfr/text/29/1910.1200"),
    ("us/const/amend1", "https://www.law.cornell.edu/constitution/amendmenti"),
    ("us/const/art1/s8", "https://www.law.cornell.edu/constitution/articlei#section8"),
    ("us/frcrp/r11", "https://www.law.cornell.edu/rules/frcrmp/rule_11"),
    ("us/fre/r801", "https://www.law.cornell.edu/rules/fre/rule_801"),
    ("us-ca/civ/s1542", "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1542"),
    ("us-ca/ccp/s437c/c",
     "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CCP&sectionNum=437c"),
    ("us-ca/const/art13a", "https://leginfo.legislature.ca.gov/faces/codes_displayText.xhtml?lawCode=CONS&article=XIIIA"),
    ("us/case/5/u.s./137", "https://www.courtlistener.com/c/U.S./5/137/"),
    ("us-ca/case/51/cal.4th/310", "https://www.courtlistener.com/c/Cal.%204th/51/310/"),
    ("eu/reg-2016-679/art6", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679#art_6"),
    ("ch/or/art41/abs1", "https://www.fedlex.admin.ch/eli/cc/27/317_321_377/de#art_41"),
]


@pytest.mark.parametrize("key,url", URLS, ids=[u[0] for u in URLS])
def test_urls_for(key, url):
    assert url in urls_for(citation_from_key(key))


def test_cn_url_is_the_official_search():
    [u] = urls_for(citation_from_key("cn/中华人民共和国民法典/art509"))
    assert httpx.URL(u).host == "flk.npc.gov.cn" and httpx.URL(u).params["searchWord"] == "中华人民共和国民法典"


HOSTILE = ["de/bgb/s..", "de/evil.com@x/s1", "de/bgb/s1%2F..%2F..%2Fetc", "us/usc/t18/s1030/..",
           "us-ca/civ/s1542&lawCode=X", "us/case/1/http:%2F%2Fevil.com/1", "de/case/x/1-a-@evil.com-2-20"]


@pytest.mark.parametrize("key", HOSTILE)
def test_citation_text_cannot_leave_the_official_hosts(key):
    c = citation_from_key(key)
    for r in online_sources():
        for u in r.urls(c) if r.handles(c) else []:
            parsed = httpx.URL(u)
            assert origin_of(parsed) in allowed_origins(), u
            assert ".." not in parsed.path.split("/"), u
            assert not parsed.userinfo


def test_the_allow_list_is_the_origins_of_the_sources():
    assert allowed_origins() == {
        "https://www.gesetze-im-internet.de", "https://dejure.org", "https://www.courtlistener.com",
        "https://www.law.cornell.edu", "https://leginfo.legislature.ca.gov",
        "https://downloads.leginfo.legislature.ca.gov", "https://flk.npc.gov.cn", "https://wb.flk.npc.gov.cn",
        "https://uscode.house.gov", "https://eur-lex.europa.eu", "https://www.fedlex.admin.ch",
        "https://fedlex.data.admin.ch", "https://com-courtlistener-storage.s3-us-west-2.amazonaws.com",
        "https://static.case.law"}


def test_every_source_has_an_example_row():
    names = {r.name for r in online_sources()}
    covered = set()
    for key, _ in URLS:
        covered |= {r.name for r in online_sources() if r.handles(citation_from_key(key))}
    assert names - {"flk"} <= covered
    assert citation_from_key("us/case/5/u.s./137").kind is Kind.CASE


def test_gii_paragraph_inside_an_article(router):
    routes = dict(ROUTES)
    routes[(GII, "/bgbeg/art_229__1.html")] = (200, "text/html", b'<h1><span class="jnenbez">\xc2\xa7 1</span>'
                                               b'<span class="jnentitel">Fixture</span></h1>'
                                               b'<div class="jurAbsatz">(1) Eins.</div>')
    [ok, gone] = check(Router(routes), "de/egbgb/art229/s1/abs1", "de/egbgb/art999")
    assert urls_for(ok.citation)[0].endswith("/bgbeg/art_229__1.html")
    assert ok.status is Status.REAL and ok.checked_key == "de/egbgb/art229/s1/abs1"
    # EGBGB's table lists its §§ flat, no articles: a 404 for an article is not proof of invention
    assert gone.status is Status.NOT_CHECKED and "no Art. units" in gone.reason


# ------------------------------------------------------------------ property: no citation text leaves the allow-list


_SEG = st.text(st.characters(blacklist_characters="/", blacklist_categories=("Cs",)), min_size=1, max_size=12)
_LABEL = st.sampled_from(["s", "art", "abs", "t", "r", "amend", "para", "item", ""])


@settings(max_examples=300, deadline=None)
@example(jur="us", work="usc", units=[("t", ".."), ("s", "1")])
@example(jur="de", work="bgb", units=[("s", "1?x=@evil.com#"), ("abs", "/")])
@given(jur=st.sampled_from(["de", "us", "us-ca", "cn"]),
       work=st.one_of(st.sampled_from(["bgb", "gg", "usc", "cfr", "const", "frcp", "civ", "case", "rep"]), _SEG),
       units=st.lists(st.tuples(_LABEL, _SEG), max_size=4))
def test_any_key_yields_only_allow_listed_urls(jur, work, units):
    from legalcite.models import Citation, Unit

    kind = Kind.CASE if work == "case" else Kind.STATUTE
    c = Citation(jurisdiction=jur, kind=kind, work=work, units=tuple(Unit(lbl, v) for lbl, v in units))
    for u in urls_for(c):
        parsed = httpx.URL(u)
        assert origin_of(parsed) in allowed_origins() and not parsed.userinfo
        # segments travel percent-quoted: no literal dot segment, "?", "#" or "@" from the citation
        assert not any(p in (b"..", b".") for p in parsed.raw_path.split(b"?")[0].split(b"/")), u
