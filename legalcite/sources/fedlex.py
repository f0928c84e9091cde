"""Fedlex (fedlex.admin.ch): the Swiss classified compilation (SR) — federal acts (``ch``) and the treaties Switzerland
is party to (``int``) — for ``legalcite url`` and the online check.

**URLs**: the act's ELI on the public site, ``https://www.fedlex.admin.ch/eli/cc/27/317_321_377/de``, with Fedlex's
article anchor ``#art_41`` (``6a`` → ``#art_6_a``; an article of the ZGB's Schlusstitel ``#disp_u1/art_1``), built by
:func:`legalcite.jurisdictions.ch.acts.fedlex_url` from the ELI the SR table gives each act (built from ``ch_toc``;
the store's evidence uses the same function).

**Online** (:class:`Fedlex`), in two documented steps:

1. the SPARQL endpoint ``https://fedlex.data.admin.ch/sparqlendpoint`` (SPARQL 1.1 protocol, a form-encoded
   ``query``, results as ``application/sparql-results+json``) is asked for the newest consolidation
   (``jolux:Consolidation`` ``jolux:isMemberOf`` the act, ``jolux:dateApplicability`` ≤ the day asked) and the URL of
   its German XML manifestation (``jolux:isRealizedBy`` → expression in ``DEU`` → ``jolux:isEmbodiedBy`` →
   manifestation of format ``XML`` → ``jolux:isExemplifiedBy``), as the JOLux documentation of the classified
   compilation shows (github.com/swiss/fedlex-jolux, ``classified_compilation.md``);
2. that file, Akoma Ntoso 3.0 (``<article eId="art_41"><num>Art. 41</num><paragraph eId="art_41/para_1">
   <num>1</num>…``), is read for the article and its Absätze.

The article is in the consolidation → ``real`` (``repealed`` when its only text is ``Aufgehoben`` or ``…``); a cited
Absatz the article does not number → ``invented``; an article the consolidation does not have → ``invented`` (a
consolidation is the complete text of the act in force); no German XML consolidation (some acts are PDF only),
an unreadable file or a network fault → ``not_checked`` with the reason. Each act's file is read once per check.
"""
from __future__ import annotations

import asyncio
import datetime as _dt
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from legalcite.jurisdictions import structure_parser
from legalcite.jurisdictions.ch import acts
from legalcite.keys import join
from legalcite.models import Citation, Kind
from legalcite.net import Fetched, FetchError, OfficialClient
from legalcite.status import CheckedCitation, Status, Undecided

from .base import answer, from_error, not_checked, origin

BASE = "https://www.fedlex.admin.ch"
DATA = "https://fedlex.data.admin.ch"
HOST = "fedlex.admin.ch"
SPARQL_PATH = "/sparqlendpoint"
AKN = "{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}"

_QUERY = """PREFIX jolux: <http://data.legilux.public.lu/resource/ontology/jolux#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT ?consolidation ?date ?url WHERE {{
  ?consolidation jolux:isMemberOf <{work}> ;
                 jolux:dateApplicability ?date ;
                 jolux:isRealizedBy ?expression .
  ?expression jolux:language <http://publications.europa.eu/resource/authority/language/DEU> ;
              jolux:isEmbodiedBy ?manifestation .
  ?manifestation jolux:format <http://publications.europa.eu/resource/authority/file-type/XML> ;
                 jolux:isExemplifiedBy ?url .
  FILTER (?date <= "{day}"^^xsd:date)
}} ORDER BY DESC(?date) LIMIT 1"""


# ------------------------------------------------------------------ URL layout

def _act(citation: Citation) -> dict | None:
    return acts.act(citation.work or "")


def _url(eli: str, unit: str | None = None, section: str | None = None, base: str = BASE) -> str:
    url = acts.fedlex_url(eli, unit, section, base=base)
    assert url is not None, "every act of the SR table has an ELI, and an ELI its page"
    return url


def _article(citation: Citation) -> tuple[str | None, str | None, str | None]:
    """(article value, section of Fedlex's anchor, the Absatz/par value after it) of a statute citation."""
    segs = [(u.label, u.value) for u in citation.units]
    section = None
    if segs and segs[0] == ("", "schlt"):
        section, segs = "disp_u1", segs[1:]
    if not segs or segs[0][0] != "art":
        return None, section, None
    nxt = segs[1][1] if len(segs) > 1 and segs[1][0] in ("abs", "par") else None
    return segs[0][1], section, nxt


def _eli(citation: Citation) -> str | None:
    act = _act(citation)
    return act.get("eli") if act else None


# ------------------------------------------------------------------ answers

def parse_sparql(data: dict) -> tuple[str, str] | None:
    """SPARQL JSON results → (date, XML URL) of the newest consolidation, or None when there is none."""
    bindings = (data.get("results") or {}).get("bindings") or []
    if not bindings:
        return None
    b = bindings[0]
    try:
        return b["date"]["value"], b["url"]["value"]
    except (KeyError, TypeError):
        raise ValueError("a SPARQL binding without date or url") from None


@dataclass(frozen=True)
class Article:
    """One article of a Fedlex consolidation (:func:`parse_akn`): its number, its Absatz numbers, whether it is
    repealed, its heading."""

    num: str                    # "41", "6a" (from <num>)
    paragraphs: tuple[str, ...]  # Absatz numbers ("1", "1bis")
    repealed: bool
    heading: str


def _norm_num(text: str) -> str:
    """``Art. 6a`` / ``Art. 6 a`` / ``Art. 322ter`` → ``6a`` / ``322ter``."""
    t = re.sub(r"^\s*(?:Art\.?|Artikel)\s*", "", text).strip()
    return re.sub(r"\s+", "", t).lower()


def _text(el: ET.Element) -> str:
    return re.sub(r"\s+", " ", "".join(el.itertext())).strip()


def parse_akn(content: bytes) -> dict[str, Article]:
    """An Akoma Ntoso consolidation → its articles by number (Absätze, repeal). Raises ValueError on a file that is
    not Akoma Ntoso or holds no article."""
    try:
        root = ET.fromstring(content)
    except ET.ParseError as e:
        raise ValueError(f"not XML ({e})") from None
    if not root.tag.startswith(AKN):
        raise ValueError(f"not Akoma Ntoso 3.0 (root {root.tag})")
    out: dict[str, Article] = {}
    for art in root.iter(f"{AKN}article"):
        num_el = art.find(f"{AKN}num")
        if num_el is None:
            continue
        num = _norm_num(_text(num_el))
        paras = tuple(_norm_num(_text(n)) for p in art.findall(f"{AKN}paragraph")
                      if (n := p.find(f"{AKN}num")) is not None and _text(n))
        body = " ".join(_text(c) for c in art.iter(f"{AKN}content"))
        heading = art.find(f"{AKN}heading")
        out.setdefault(num, Article(num, paras, _repealed(body),
                                    _text(heading) if heading is not None else ""))
    if not out:
        raise ValueError("no article in the file")
    return out


class Fedlex:
    """Fedlex as an :class:`~legalcite.sources.base.OnlineSource` for Swiss acts and SR treaties, judged against the
    consolidation in force on ``day`` (default: today)."""

    name = "fedlex"
    host = HOST

    def __init__(self, base: str = BASE, data: str = DATA, day: str | None = None) -> None:
        self.base = base.rstrip("/")
        self.data = data.rstrip("/")
        self.origins = (origin(self.base), origin(self.data))
        self.day = day or _dt.date.today().isoformat()
        self._acts: dict[str, tuple[Fetched, str, dict[str, Article]]] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def handles(self, citation: Citation) -> bool:
        return (citation.jurisdiction in ("ch", "int") and citation.kind is Kind.STATUTE
                and citation.work is not None and _eli(citation) is not None)

    def urls(self, citation: Citation) -> list[str]:
        eli = _eli(citation)
        if eli is None:
            return []
        art, section, _ = _article(citation)
        return [_url(eli, art, section, self.base)]

    async def _consolidation(self, eli: str, client: OfficialClient) -> tuple[Fetched, str, dict[str, Article]] | None:
        """(the XML response, its date, its articles) of the newest German consolidation; None when Fedlex has none.
        Asked once per act per check (concurrent citations of one act wait for the first)."""
        lock = self._locks.setdefault(eli, asyncio.Lock())
        async with lock:
            if eli in self._acts:
                return self._acts[eli]
            query = _QUERY.format(work=f"{self.data}/{eli.strip('/')}", day=self.day)
            f = await client.request("POST", f"{self.data}{SPARQL_PATH}", data={"query": query},
                                     accept=("application/sparql-results+json", "application/json"))
            try:
                found = parse_sparql(f.json())
            except ValueError as e:
                raise FetchError(f"unreadable SPARQL answer ({e})", url=f.url) from None
            if found is None:
                return None
            date, url = found
            x = await client.request("GET", url, accept=("application/xml", "text/xml"))
            try:
                articles = parse_akn(x.content)
            except ValueError as e:
                raise FetchError(f"unreadable consolidation {url} ({e})", url=url) from None
            self._acts[eli] = (x, date, articles)
            return self._acts[eli]

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        eli = _eli(citation)
        art, section, par = _article(citation)
        if eli is None or art is None:
            return not_checked(citation, "no article of an SR act to look up on Fedlex", HOST,
                               why=Undecided.NOT_COVERED)
        if section is not None:
            return not_checked(citation, "Fedlex's transitional provisions are not read online", HOST,
                               _url(eli, art, section, self.base), why=Undecided.NOT_COVERED)
        page = _url(eli, art, None, self.base)
        try:
            found = await self._consolidation(eli, client)
        except FetchError as e:
            return from_error(citation, e, HOST)
        if found is None:
            return not_checked(citation, f"Fedlex has no German XML consolidation of {eli} in force on {self.day}",
                               HOST, page)
        fetched, date, articles = found
        unit_key = join(citation.jurisdiction or "ch", citation.work or "", [f"art{art}"])
        a = articles.get(art.lower())
        if a is None:
            return answer(citation, Status.INVENTED, f"the Fedlex consolidation of {date} has no Art. {art} "
                          f"({len(articles):,} articles)", HOST, fetched, unit_key, url=page, consolidation=date)
        if a.repealed:
            return answer(citation, Status.REPEALED, f"Art. {art} is repealed in the Fedlex consolidation of {date}",
                          HOST, fetched, unit_key, url=page, consolidation=date)
        if par is not None and a.paragraphs:
            if par not in a.paragraphs:
                return answer(citation, Status.INVENTED, f"Art. {art} has Absätze {', '.join(a.paragraphs)}, "
                              f"not {par} (Fedlex consolidation of {date})", HOST, fetched, citation.key, url=page,
                              consolidation=date)
            unit_key = f"{unit_key}/{citation.units[1].segment}"
        return answer(citation, Status.REAL, f"Art. {art} exists in the Fedlex consolidation of {date}",
                      HOST, fetched, unit_key, url=page, consolidation=date, heading=a.heading)


def _repealed(body: str) -> bool:
    """Whether an article's text is a Swiss repeal mark (``Aufgehoben``, ``…``), as the Swiss structure parser
    reads them (:attr:`Jurisdiction.structure`)."""
    return structure_parser("ch").repeal.mark(body) is not None
