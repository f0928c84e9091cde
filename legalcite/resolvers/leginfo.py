"""leginfo.legislature.ca.gov: the California codes and Constitution, the Legislature's own site.

Section page: ``/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1542``. The section is shown inside
``<div id="codeLawSectionNoHead">`` with its number in an ``<h6>`` (``<b>1542.</b>``), the text in ``<p>``
and the history in ``<i>(…)</i>``. The Constitution is ``lawCode=CONS``, displayed per article with
``codes_displayText.xhtml?lawCode=CONS&article=I``.

leginfo answers an unknown section with a page that simply shows no section, indistinguishable from a page
that failed to render, so an absent section is ``not_checked`` (with the reason), never ``invented``; the
offline store, with complete section lists, decides ``invented`` for California.
"""
from __future__ import annotations

import re

import httpx

from legalcite.corpora.official.leginfo import parse_section_page
from legalcite.keys import int_to_roman
from legalcite.models import Citation, Kind
from legalcite.status import CheckedCitation, Status

from .base import answer, decode_html, from_error, not_checked
from .http import FetchError, OfficialClient

BASE = "https://leginfo.legislature.ca.gov"
SOURCE = "leginfo.legislature.ca.gov"


class LeginfoResolver:
    name = "leginfo"
    source = SOURCE

    def __init__(self, base: str = BASE) -> None:
        self.base = base.rstrip("/")

    def handles(self, citation: Citation) -> bool:
        return citation.jurisdiction == "us-ca" and citation.kind is Kind.STATUTE and citation.work is not None

    def _request(self, citation: Citation) -> tuple[str, dict[str, str]] | None:
        if citation.work == "const":
            art = next((u.value for u in citation.units if u.label == "art"), None)
            if not art:
                return None
            m = re.match(r"^(\d+)([a-z]?)$", art)
            roman = (int_to_roman(int(m.group(1))) + m.group(2).upper()) if m else art.upper()
            return f"{self.base}/faces/codes_displayText.xhtml", {"lawCode": "CONS", "article": roman}
        sec = next((u.value for u in citation.units if u.label == "s"), None)
        if not sec:
            return None
        return f"{self.base}/faces/codes_displaySection.xhtml", {"lawCode": (citation.work or "").upper(),
                                                                 "sectionNum": sec}

    def urls(self, citation: Citation) -> list[str]:
        r = self._request(citation)
        return [str(httpx.URL(r[0], params=r[1]))] if r else []

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        r = self._request(citation)
        if r is None:
            return not_checked(citation, "no section to look up on leginfo.legislature.ca.gov", SOURCE)
        if citation.work == "const":
            return not_checked(citation, "leginfo shows the California Constitution per article; sections are "
                               "not checked online", SOURCE, self.urls(citation)[0])
        url, params = r
        try:
            f = await client.request("GET", url, params=params, accept=("text/html",))
        except FetchError as e:
            return from_error(citation, e, SOURCE)
        sec = parse_section_page(decode_html(f))
        if sec is None or sec["number"] != params["sectionNum"]:
            return not_checked(citation, f"leginfo showed no {params['lawCode']} section {params['sectionNum']} "
                               "(leginfo does not distinguish an unknown section from an empty page)",
                               SOURCE, f.url)
        unit_key = citation.key_at("unit")
        sub = [u.value for u in citation.units if u.label == ""]
        if sub and sec["text"]:
            marks = set(re.findall(r"(?:^|\n)\(([a-z])\)", sec["text"]))
            if marks and sub[0] not in marks:
                return answer(citation, Status.INVENTED, f"{params['lawCode']} {sec['number']} has subdivisions "
                              f"({', '.join(sorted(marks))}), not ({sub[0]})", SOURCE, f, citation.key,
                              history=sec["history"])
        if re.match(r"^\s*\(?Repealed\b", sec["text"] or ""):
            return answer(citation, Status.REPEALED, f"{params['lawCode']} {sec['number']}: {sec['text'][:120]}",
                          SOURCE, f, unit_key, history=sec["history"])
        return answer(citation, Status.REAL, f"{params['lawCode']} {sec['number']} exists on leginfo",
                      SOURCE, f, unit_key, history=sec["history"], path=" > ".join(sec["path"]))
