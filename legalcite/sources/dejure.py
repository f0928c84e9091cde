"""dejure.org: German statutes (``/gesetze/BGB/823.html``) and decisions by court and docket (its
"Vernetzung" service ``/dienste/vernetzung/rechtsprechung?Gericht=BGH&Aktenzeichen=I ZR 126/18``).

dejure.org is a private but widely used index, not the official publisher; its coverage of decisions is
incomplete, so it can confirm (``real``) but never refute: a miss is ``not_checked``. For statutes it is the
fallback behind gesetze-im-internet.de.
"""
from __future__ import annotations

import re

from .gii import law_table
from legalcite.jurisdictions.de.laws import cited_as
from legalcite.jurisdictions.de.printer import court_name, docket_name
from legalcite.models import CaseMetadata, Citation, Kind
from legalcite.net import FetchError, OfficialClient
from legalcite.status import CheckedCitation, Status, Undecided

from .base import answer, decode_html, from_error, not_checked, origin, query_url, seg, strip_tags

BASE = "https://dejure.org"
HOST = "dejure.org"


def court_and_docket(citation: Citation) -> tuple[str, str] | None:
    """(``BAG``, ``2 AZR 363/21``) from the citation's metadata, else printed from ``de/case/bag/2-azr-363-21`` by the
    German printer (court abbreviations and places, register marks such as ``BvR``, the year's slash)."""
    meta = citation.metadata
    if isinstance(meta, CaseMetadata) and meta.court and meta.docket:
        return str(meta.court), str(meta.docket)
    if citation.work != "case" or len(citation.units) < 2:
        return None
    court, docket = court_name(citation.units[0].value), docket_name(citation.units[1].value)
    return (court, docket) if court and docket else None


def _printed_abbr(citation: Citation) -> str | None:
    row = law_table().get(citation.work or "")
    return cited_as(row).replace(" ", "_") if row else None


class Dejure:
    """dejure.org as an :class:`~legalcite.sources.base.OnlineSource`: German statutes and decisions by court and docket
    (a private index: the module docstring says what its answers prove)."""

    name = "dejure"
    host = HOST

    def __init__(self, base: str = BASE) -> None:
        self.base = base.rstrip("/")
        self.origins = (origin(self.base),)

    def handles(self, citation: Citation) -> bool:
        if citation.jurisdiction != "de":
            return False
        return (citation.kind is Kind.STATUTE and _printed_abbr(citation) is not None) or \
            (citation.kind is Kind.CASE and court_and_docket(citation) is not None)

    def _case_url(self, court: str, docket: str) -> str:
        return query_url(f"{self.base}/dienste/vernetzung/rechtsprechung", {"Gericht": court, "Aktenzeichen": docket})

    def urls(self, citation: Citation) -> list[str]:
        if citation.kind is Kind.CASE:
            cd = court_and_docket(citation)
            return [self._case_url(*cd)] if cd else []
        abbr = _printed_abbr(citation)
        first = next((u for u in citation.units if u.label in ("s", "art")), None)
        if abbr is None:
            return []
        if first is None:
            return [f"{self.base}/gesetze/{seg(abbr)}"]
        return [f"{self.base}/gesetze/{seg(abbr)}/{seg(first.value)}.html"]

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        urls = self.urls(citation)
        if not urls:
            return not_checked(citation, "dejure.org: no court and docket or law abbreviation to look up", HOST,
                               why=Undecided.NOT_COVERED)
        try:
            f = await client.request("GET", urls[0], accept=("text/html",), ok_statuses=(200, 404))
        except FetchError as e:
            return from_error(citation, e, HOST)
        if f.status_code == 404:
            return not_checked(citation, "dejure.org has no page for it (dejure.org is not complete, so this is "
                               "not proof that it does not exist)", HOST, f.url)
        text = decode_html(f)
        if citation.kind is Kind.CASE:
            court, docket = court_and_docket(citation)  # type: ignore[misc]
            moved = "/dienste/vernetzung/" not in f.url
            found = re.sub(r"\s+", " ", docket).lower() in strip_tags(text).lower()
            if moved and found:
                return answer(citation, Status.REAL, f"dejure.org lists the decision {court} {docket}",
                              HOST, f, citation.key)
            return not_checked(citation, f"dejure.org did not confirm {court} {docket} (its index of decisions is "
                               "not complete)", HOST, f.url)
        first = next((u for u in citation.units if u.label in ("s", "art")), None)
        title = re.search(r"<title>(.*?)</title>", text, re.S)
        shown = strip_tags(title.group(1)) if title else ""
        if first is not None and re.search(rf"(§|Art\.?)\s*{re.escape(first.value)}\b", shown):
            return answer(citation, Status.REAL, f"dejure.org shows {shown}", HOST, f, citation.key_at("unit"))
        return not_checked(citation, "the dejure.org page did not name the cited unit", HOST, f.url)
