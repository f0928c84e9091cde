"""EUR-Lex (legalcite.sources.eurlex): URLs, the Official Journal pages it serves (fixtures in its documented
markup: eli-subdivision ids art_N / NNN.MMM / rct_N for recent acts, ti-art paragraphs for older ones, the "does not
exist" page) and the online check through httpx.MockTransport — statuses, and faults that stay not_checked."""
from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from legalcite.models import citation_from_key
from legalcite.net import HostPolicy
from legalcite.resolve.online import resolve_online
from legalcite.jurisdictions.eu import acts
from legalcite.sources import urls_for
from legalcite.sources.eurlex import EurLex, case_celex, parse_act_page
from legalcite.status import Status, Undecided

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "eu"
FAST = dict(backoff=0.0, default_policy=HostPolicy(min_interval=0.0, concurrency=4), policies={}, timeout=5.0,
            use_cache=False, retries=0)

# CELEX in the uri parameter → (status, fixture)
PAGES = {
    "CELEX:32016R0679": (200, "eurlex_32016R0679_en.html"),
    "CELEX:31995L0046": (200, "eurlex_31995L0046_en.html"),
    "CELEX:32099L0001": (200, "eurlex_notfound.html"),
    "CELEX:32099R0002": (404, "eurlex_notfound.html"),
    "CELEX:62008CJ0486": (200, "eurlex_62008CJ0486_en.html"),
    "CELEX:61999CJ0999": (200, "eurlex_notfound.html"),
}


class EurLexSite:
    """Answers /legal-content/<LANG>/TXT/HTML/?uri=… from the fixtures; records the requests."""

    def __init__(self, pages=PAGES):
        self.pages, self.seen = pages, []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(request)
        assert request.url.host == "eur-lex.europa.eu" and request.url.path == "/legal-content/EN/TXT/HTML/"
        status, name = self.pages.get(request.url.params.get("uri"), (404, "eurlex_notfound.html"))
        return httpx.Response(status, headers={"content-type": "text/html;charset=UTF-8"},
                              content=(FIX / name).read_bytes())


def check(*keys: str, site=None, **kw):
    site = site or EurLexSite()
    return resolve_online([citation_from_key(k) for k in keys], transport=httpx.MockTransport(site),
                          sources=[EurLex()], **{**FAST, **kw})


# ------------------------------------------------------------------ URLs (nothing sent)

URLS = [
    ("eu/reg-2016-679", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679"),
    ("eu/reg-2016-679/art6", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679#art_6"),
    ("eu/reg-2016-679/art6/par1/ptf", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679#006.001"),
    ("eu/reg-2016-679/recital26", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679#rct_26"),
    ("eu/reg-2024-1689/annex3", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32024R1689#anx_III"),
    ("eu/dir-1993-13/art3", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:31993L0013#art_3"),
    ("eu/tfeu/art101", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:12016E/TXT#art_101"),
    ("eu/charter/art47", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:12016P/TXT#art_47"),
    ("eu/case/c-486-08", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:62008CJ0486"),
    ("eu/case/c-486-08", "https://curia.europa.eu/juris/liste.jsf?num=C-486%2F08&language=en"),
    ("eu/case/t-201-04", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:62004TJ0201"),
    ("eu/case/c-6-72", "https://curia.europa.eu/juris/liste.jsf?num=6%2F72&language=en"),
    ("eu/ecli/c-2010-215", "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=ecli:ECLI:EU:C:2010:215"),
]


@pytest.mark.parametrize("key,url", URLS, ids=[f"{k} {u[-20:]}" for k, u in URLS])
def test_urls_for(key: str, url: str) -> None:
    assert url in urls_for(citation_from_key(key))


def test_url_language_follows_the_citation() -> None:
    import legalcite

    (c,) = legalcite.extract("Art. 6 Abs. 1 lit. f DSGVO")
    assert urls_for(c) == ["https://eur-lex.europa.eu/legal-content/DE/TXT/?uri=CELEX:32016R0679#006.001"]
    (c,) = legalcite.extract("Article 6(1)(f) GDPR")
    assert urls_for(c)[0].startswith("https://eur-lex.europa.eu/legal-content/EN/")


@pytest.mark.parametrize("value,celex", [("c-486-08", "62008CJ0486"), ("t-201-04", "62004TJ0201"),
                                         ("c-6-72", "61972CJ0006"), ("f-1-05", "62005FJ0001"), ("x-1-05", None)])
def test_case_celex(value: str, celex: str | None) -> None:
    assert case_celex(value) == celex


def test_url_values_are_quoted() -> None:
    assert acts.anchor([("art", "6?x=#y")]) == "art_6%3Fx%3D%23y"


# ------------------------------------------------------------------ pages

def test_parse_eli_page() -> None:
    page = parse_act_page((FIX / "eurlex_32016R0679_en.html").read_text(encoding="utf-8"))
    assert page["format"] == "eli" and page["title"].startswith("Regulation - 2016/679")
    assert list(page["articles"]) == ["1", "2", "3", "4", "5", "6", "7", "97", "98", "99"]
    assert page["articles"]["6"] == {"heading": "Lawfulness of processing", "paragraphs": ["1", "2", "3", "4"]}
    assert page["articles"]["4"]["paragraphs"] == [] and page["articles"]["7"]["paragraphs"] == ["1", "3"]
    assert page["recitals"] == [1, 26, 173]


def test_parse_legacy_page() -> None:
    page = parse_act_page((FIX / "eurlex_31995L0046_en.html").read_text(encoding="utf-8"))
    assert page["format"] == "legacy" and list(page["articles"]) == ["1", "28", "29", "34"]
    assert (page["articles"]["29"]["heading"].startswith("Working Party")
            and page["articles"]["28"]["paragraphs"] == ["1"])


def test_not_held_page() -> None:
    assert parse_act_page((FIX / "eurlex_notfound.html").read_text(encoding="utf-8")) is None


# ------------------------------------------------------------------ the online check

CASES = [
    ("eu/reg-2016-679/art6", Status.REAL, "Article 6"),
    ("eu/reg-2016-679/art6/par1/ptf", Status.REAL, "exists"),
    ("eu/reg-2016-679/art6/par9", Status.INVENTED, "paragraphs 1, 2, 3, 4"),
    ("eu/reg-2016-679/art100", Status.INVENTED, "Articles 1–99"),
    ("eu/reg-2016-679/art12a", Status.NOT_CHECKED, "later amendment"),
    ("eu/reg-2016-679/recital26", Status.REAL, "recital 26"),
    ("eu/reg-2016-679/recital200", Status.INVENTED, "recitals 1–173"),
    ("eu/reg-2016-679", Status.REAL, "holds"),
    ("eu/dir-1995-46/art29", Status.REAL, "Article 29"),
    ("eu/dir-1995-46/art50", Status.INVENTED, "Articles 1–34"),
    ("eu/dir-2099-1/art3", Status.NOT_FINDABLE, "no document"),
    ("eu/reg-2099-2", Status.NOT_FINDABLE, "no document"),
    ("eu/case/c-486-08", Status.REAL, "62008CJ0486"),
    ("eu/case/c-999-99", Status.NOT_CHECKED, "order"),
]


@pytest.mark.parametrize("key,status,word", CASES, ids=[c[0] for c in CASES])
def test_statuses(key: str, status: Status, word: str) -> None:
    (res,) = check(key)
    assert res.status is status and word in res.reason, res.reason
    assert res.evidence and res.evidence[0].source == "eur-lex.europa.eu"


def test_checked_unit_and_retrieval_time() -> None:
    (res,) = check("eu/reg-2016-679/art6/par1/ptf")
    assert res.checked_key == "eu/reg-2016-679/art6/par1"
    assert res.evidence[0].snapshot.startswith("retrieved ") and res.evidence[0].details["heading"] == \
        "Lawfulness of processing"


def test_one_request_per_act_page_asked() -> None:
    site = EurLexSite()
    check("eu/reg-2016-679/art6", site=site)
    (req,) = site.seen
    assert req.url.params["uri"] == "CELEX:32016R0679"


def test_server_error_is_a_fault_not_a_verdict() -> None:
    def busy(request):
        return httpx.Response(503, headers={"content-type": "text/html"}, content=b"busy")

    (res,) = resolve_online([citation_from_key("eu/reg-2016-679/art6")], transport=httpx.MockTransport(busy),
                            sources=[EurLex()], **{**FAST, "retries": 1})
    assert res.status is Status.NOT_CHECKED and res.undecided is Undecided.FAULT and "after 2 attempts" in res.reason


def test_timeout_is_a_fault() -> None:
    def slow(request):
        raise httpx.ReadTimeout("timed out", request=request)

    (res,) = resolve_online([citation_from_key("eu/case/c-486-08")], transport=httpx.MockTransport(slow),
                            sources=[EurLex()], **FAST)
    assert res.status is Status.NOT_CHECKED and res.undecided is Undecided.FAULT


def test_handles_only_eu() -> None:
    s = EurLex()
    assert s.handles(citation_from_key("eu/reg-2016-679/art6")) and s.handles(citation_from_key("eu/case/c-486-08"))
    assert not s.handles(citation_from_key("de/bgb/s823"))
