"""EUR-Lex (eur-lex.europa.eu): EU acts, the treaties and the Charter, and the Court of Justice's case law.

**URLs**: an act by its CELEX number (:func:`legalcite.jurisdictions.eu.acts.eurlex_url`, shared with the store's
evidence links),
``/legal-content/<LANG>/TXT/?uri=CELEX:32016R0679`` with the anchor EUR-Lex gives each subdivision of the Official
Journal text — ``#art_6`` (article), ``#006.001`` (its paragraph 1), ``#rct_26`` (recital), ``#anx_III`` (annex); the
treaties and the Charter by their consolidated CELEX (``12016E/TXT``, ``12016M/TXT``, ``12016P/TXT``); a case by the
CELEX of its judgment (``C-486/08`` → ``62008CJ0486``, ``T-201/04`` → ``62004TJ0201``) with the Court's own list of
the case's documents (``curia.europa.eu/juris/liste.jsf?num=C-486/08``) after it; an ECLI by ``uri=ecli:…``.
The page language follows the citation (German for ``Art. 6 Abs. 1 DSGVO``, English otherwise).

**Online** (:class:`EurLex`): the HTML of the act (``/TXT/HTML/?uri=CELEX:…``, the Official Journal text) lists
every article: ``<div class="eli-subdivision" id="art_6">`` with ``<p class="oj-ti-art">`` (acts since about 2013)
or ``<p class="ti-art">Article 6</p>`` (older acts); paragraphs ``<div id="006.001">``. An article the text shows →
``real``; a numbered article it does not show → ``invented`` (the Official Journal text is the whole act); an
article with a letter (``12a``) it does not show → ``not_checked``, since later amendments insert such articles and
the OJ text does not carry them; a paragraph the article does not number → ``invented``. A CELEX EUR-Lex does
not hold (its page is titled "The requested document does not exist") → ``not_findable``. A case whose judgment
EUR-Lex holds → ``real``; one it does not (closed by order, pending) → ``not_checked``. Network faults →
``not_checked`` (fault), never a verdict.
"""
from __future__ import annotations

import re
from urllib.parse import quote

from legalcite.jurisdictions.eu.acts import EURLEX, document, eurlex_url
from legalcite.keys import join
from legalcite.models import Citation
from legalcite.net import Fetched, FetchError, OfficialClient
from legalcite.status import CheckedCitation, Status, Undecided

from .base import answer, decode_html, from_error, not_checked, origin, strip_tags

BASE = EURLEX
HOST = "eur-lex.europa.eu"
CURIA = "https://curia.europa.eu"
_GERMAN = re.compile(r"\b(?:Abs\.|Absatz|UAbs|Unterabs|lit\.|Buchst|Artikels?|Erwägungsgrund|ErwG|der|des|Verordnung|"
                     r"Richtlinie|Beschluss|Rs\.|EuGH|EuG|DSGVO|DS-GVO|AEUV|EUV|GRCh)\b")


# ------------------------------------------------------------------ URL layout

def language_of(citation: Citation) -> str:
    """``DE`` for a citation printed in German, else ``EN`` (the page language of the URLs)."""
    return "DE" if _GERMAN.search(citation.text or "") else "EN"


_CASE = re.compile(r"^([ctf])-(\d{1,4})-(\d{2})$")
_ECLI = re.compile(r"^([ctf])-(\d{4})-(\d+)$")


def case_celex(value: str) -> str | None:
    """``c-486-08`` → ``62008CJ0486`` (the judgment: sector 6, year of the case, CJ/TJ/FJ, number)."""
    m = _CASE.match(value)
    if not m:
        return None
    court, num, yy = m.group(1).upper(), int(m.group(2)), int(m.group(3))
    year = 1900 + yy if yy >= 50 else 2000 + yy  # case numbers began in 1953
    return f"6{year}{court}J{num:04d}"


def case_urls(value: str, language: str = "EN", base: str = BASE, curia: str = CURIA) -> list[str]:
    """The URLs of a case number unit (``c-486-08``): the judgment's EUR-Lex page by CELEX and the Court's list of the
    case's documents; ``[]`` for a value of another shape."""
    m = _CASE.match(value)
    if not m:
        return []
    old = m.group(1) == "c" and 50 <= int(m.group(3)) <= 88  # numbered before 1989: "6/72", no prefix
    number = f"{'' if old else m.group(1).upper() + '-'}{int(m.group(2))}/{m.group(3)}"
    return [f"{base}/legal-content/{language.upper()}/TXT/?uri=CELEX:{case_celex(value)}",
            f"{curia}/juris/liste.jsf?num={quote(number, safe='')}&language={language.lower()}"]


def ecli_url(value: str, language: str = "EN", base: str = BASE) -> str | None:
    """The EUR-Lex page of an ECLI unit (``c-2010-215`` → ``ECLI:EU:C:2010:215``); None for a value of another shape."""
    m = _ECLI.match(value)
    if not m:
        return None
    return (f"{base}/legal-content/{language.upper()}/TXT/?uri=ecli:ECLI:EU:"
            f"{m.group(1).upper()}:{m.group(2)}:{m.group(3)}")


# ------------------------------------------------------------------ pages

_TITLE = re.compile(r"<title>(.*?)</title>", re.S | re.I)
_NOT_HELD = re.compile(r"requested document does not exist", re.I)
_ELI_ART = re.compile(r'<div[^>]*\bid="art_(\d+[a-z]*)"[^>]*>(.*?)'
                      r'(?=<div[^>]*\bid="art_\d+[a-z]*"|<div[^>]*\bid="anx_|\Z)',
                      re.S)
_ELI_HEADING = re.compile(r'<p[^>]*class="oj-sti-art"[^>]*>(.*?)</p>', re.S)
_ELI_PAR = re.compile(r'<div[^>]*\bid="\d{3}\.(\d{3})"')
_LEGACY_ART = re.compile(r'<p[^>]*class="(?:oj-)?ti-art"[^>]*>\s*(?:Article|Artikel)\s+(\d+[a-z]*)\s*</p>'
                         r'(.*?)(?=<p[^>]*class="(?:oj-)?ti-art"|\Z)', re.S | re.I)
_LEGACY_HEADING = re.compile(r'<p[^>]*class="sti-art"[^>]*>(.*?)</p>', re.S)
_LEGACY_PAR = re.compile(r'<p[^>]*class="normal"[^>]*>\s*(\d+)\.\s', re.S)
_RECITAL = re.compile(r'\bid="rct_(\d+)"')
_ANNEX = re.compile(r'\bid="anx_([IVXLC]+|\d+)"')


def _article_order(value: str) -> tuple[int, str]:
    """Articles in number order: ``2`` before ``10``, ``6a`` after ``6``."""
    number = re.match(r"\d+", value)
    assert number is not None, "an article value of parse_act_page starts with its number"
    return int(number.group()), value


def parse_act_page(text: str) -> dict | None:
    """An act's Official Journal page → ``{title, format, articles: {"6": {heading, paragraphs}}, recitals,
    annexes}``; None when EUR-Lex says it holds no such document."""
    title = _TITLE.search(text)
    title_text = strip_tags(title.group(1)) if title else ""
    if _NOT_HELD.search(title_text) or (not title and _NOT_HELD.search(text)):
        return None
    articles: dict[str, dict] = {}
    fmt = "eli" if 'class="eli-subdivision"' in text else "legacy"
    if fmt == "eli":
        for m in _ELI_ART.finditer(text):
            body = m.group(2)
            h = _ELI_HEADING.search(body)
            articles.setdefault(m.group(1), {"heading": strip_tags(h.group(1)) if h else None,
                                             "paragraphs": [str(int(p)) for p in _ELI_PAR.findall(body)]})
    else:
        for m in _LEGACY_ART.finditer(text):
            body = m.group(2)
            h = _LEGACY_HEADING.search(body)
            articles.setdefault(m.group(1), {"heading": strip_tags(h.group(1)) if h else None,
                                             "paragraphs": _LEGACY_PAR.findall(body)})
    return {"title": title_text, "format": fmt, "articles": articles,
            "recitals": sorted({int(r) for r in _RECITAL.findall(text)}), "annexes": _ANNEX.findall(text)}


# ------------------------------------------------------------------ the source

class EurLex:
    """EUR-Lex as an :class:`~legalcite.sources.base.OnlineSource`: EU acts, the treaties, the Charter and the Court's
    cases (curia.europa.eu is linked, never fetched)."""

    name = "eurlex"
    host = HOST

    def __init__(self, base: str = BASE, curia: str = CURIA) -> None:
        self.base = base.rstrip("/")
        self.curia = curia.rstrip("/")
        self.origins = (origin(self.base),)  # curia.europa.eu is linked, never fetched

    def handles(self, citation: Citation) -> bool:
        if citation.jurisdiction != "eu" or citation.work is None:
            return False
        if citation.work in ("case", "ecli"):
            return bool(citation.units)
        return document(citation.work) is not None

    def urls(self, citation: Citation) -> list[str]:
        lang = language_of(citation)
        pairs = [(u.label, u.value) for u in citation.units]
        if citation.work == "case":
            return case_urls(citation.units[0].value, lang, self.base, self.curia) if citation.units else []
        if citation.work == "ecli":
            url = ecli_url(citation.units[0].value, lang, self.base) if citation.units else None
            return [url] if url else []
        url = eurlex_url(citation.work or "", pairs, lang, self.base)
        return [url] if url else []

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        if citation.work in ("case", "ecli"):
            return await self._case(citation, client)
        work = citation.work or ""
        url = eurlex_url(work, (), "EN", self.base, html=True)
        if url is None:
            return not_checked(citation, f"EUR-Lex has no CELEX number for {work!r}", HOST, why=Undecided.NOT_COVERED)
        f = await _get(citation, client, url)
        if isinstance(f, CheckedCitation):
            return f
        text = decode_html(f)
        page = None if f.status_code == 404 else parse_act_page(text)
        if page is None:
            title = _TITLE.search(text)
            # not EUR-Lex's own "does not exist" page (a maintenance page, an outage): no verdict
            if not (title and _NOT_HELD.search(title.group(1))):
                return not_checked(citation, f"EUR-Lex answered HTTP {f.status_code} for {document(work)} without "
                                   "its \"document does not exist\" page; asked again next time", HOST, f.url,
                                   why=Undecided.FAULT)
            return answer(citation, Status.NOT_FINDABLE, f"EUR-Lex holds no document {document(work)}", HOST, f,
                          citation.key_at("work"), http_status=f.status_code)
        first = citation.units[0] if citation.units else None
        if first is None:
            return answer(citation, Status.REAL, f"EUR-Lex holds {document(work)}", HOST, f, citation.key,
                          title=page["title"])
        if first.label != "art":
            return self._other_unit(citation, page, f)
        if not page["articles"]:
            return not_checked(citation, f"the EUR-Lex page of {document(work)} shows no articles to compare",
                               HOST, f.url)
        art = page["articles"].get(first.value)
        unit_key = join("eu", work, [first.segment])
        if art is None:
            if not first.value.isdecimal():
                return not_checked(citation, f"the Official Journal text of {document(work)} has no Article "
                                   f"{first.value}; a later amendment may have inserted it (not shown there)", HOST,
                                   f.url)
            shown = sorted(page["articles"], key=_article_order)
            return answer(citation, Status.INVENTED, f"the Official Journal text of {document(work)} has Articles "
                          f"{shown[0]}–{shown[-1]}, not Article {first.value}", HOST, f, unit_key)
        nxt = citation.units[1] if len(citation.units) > 1 else None
        if nxt is not None and nxt.label == "par" and art["paragraphs"]:
            if nxt.value not in art["paragraphs"]:
                return answer(citation, Status.INVENTED, f"Article {first.value} of {document(work)} has "
                              f"paragraphs {', '.join(art['paragraphs'])}, not {nxt.value}", HOST, f, citation.key,
                              heading=art["heading"])
            unit_key += f"/par{nxt.value}"
        return answer(citation, Status.REAL, f"Article {first.value} of {document(work)} exists on EUR-Lex",
                      HOST, f, unit_key, heading=art["heading"])

    def _other_unit(self, citation: Citation, page: dict, f) -> CheckedCitation:
        first = citation.units[0]
        work = citation.work or ""
        if first.label == "recital" and first.value.isdecimal() and page["recitals"]:
            if int(first.value) in page["recitals"]:
                return answer(citation, Status.REAL, f"recital {first.value} of {document(work)} exists on EUR-Lex",
                              HOST, f, citation.key)
            return answer(citation, Status.INVENTED, f"{document(work)} has recitals 1–{max(page['recitals'])}, "
                          f"not {first.value}", HOST, f, citation.key)
        return not_checked(citation, f"EUR-Lex: {first.segment} not looked up", HOST, f.url)

    async def _case(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        value = citation.units[0].value if citation.units else ""
        if citation.work == "ecli":
            url = ecli_url(value, "EN", self.base)
            what = f"ECLI:EU:{value.upper().replace('-', ':')}"
        else:
            number = case_celex(value)
            url = f"{self.base}/legal-content/EN/TXT/HTML/?uri=CELEX:{number}" if number else None
            what = f"the judgment {number}"
        if url is None:
            return not_checked(citation, f"not a case number EUR-Lex indexes: {value}", HOST, why=Undecided.NOT_COVERED)
        f = await _get(citation, client, url)
        if isinstance(f, CheckedCitation):
            return f
        title = _TITLE.search(decode_html(f)) if f.status_code == 200 else None
        if f.status_code == 200 and not (title and _NOT_HELD.search(title.group(1))):
            return answer(citation, Status.REAL, f"EUR-Lex holds {what}", HOST, f, citation.key,
                          title=strip_tags(title.group(1)) if title else None)
        return not_checked(citation, f"EUR-Lex holds no {what} (the case may have closed by order, or be pending)",
                           HOST, url)


async def _get(citation: Citation, client: OfficialClient, url: str) -> Fetched | CheckedCitation:
    """One page (HTTP 404 is an answer, not a failure); a fault becomes ``not_checked``, never a verdict."""
    try:
        return await client.request("GET", url, accept=("text/html", "application/xhtml"), ok_statuses=(200, 404))
    except FetchError as e:
        return from_error(citation, e, HOST)
