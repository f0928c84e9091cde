"""gesetze-im-internet.de (GII): German federal statutes, one HTML page per § / Art.

URLs: ``/<slug>/__823.html`` for a §, ``/<slug>/art_20.html`` for an Art.; the slug comes from the law table
(``legalcite.jurisdictions.de.laws.table()``, built from GII's own XML) and, for a work id the table does not know,
from the live table of contents ``/gii-toc.xml`` (every law's ``/<slug>/xml.zip``).

Decisions: the page shows the unit (its ``jnenbez`` heading names it) → ``real`` (``repealed`` when the page says
``(weggefallen)``); a cited Absatz the page does not number → ``invented``; HTTP 404 for a law GII publishes and
a unit its table of contents does not list → ``invented`` (GII publishes every unit of every federal law);
the work is not on GII at all → ``not_findable``; anything else → ``not_checked`` with the reason.
"""
from __future__ import annotations

import functools
import re

from legalcite.corpora.official.gii import parse_toc
from legalcite.models import Citation, Kind
from legalcite.status import CheckedCitation, Status

from .base import answer, decode_html, from_error, not_checked, seg, strip_tags
from .http import FetchError, OfficialClient

BASE = "https://www.gesetze-im-internet.de"
SOURCE = "gesetze-im-internet.de"


@functools.cache
def law_table() -> dict[str, dict]:
    """work id → row of the GII law table."""
    from legalcite.jurisdictions.de.laws import table

    return {row["id"]: row for row in table()["laws"]}


def norm_unit(citation: Citation):
    """The unit a GII norm page shows: the first § / Art., or the § inside an article (EGBGB Art. 229 § 1)."""
    us = [u for u in citation.units if u.label in ("s", "art")]
    if len(us) >= 2 and us[0].label == "art" and us[1].label == "s":
        return us[1]
    return us[0] if us else None


def page_name(citation: Citation) -> str | None:
    """``__823.html``, ``art_20.html``, ``art_229__1.html`` (a § inside an article); None without a unit."""
    us = [u for u in citation.units if u.label in ("s", "art")]
    if not us:
        return None
    if len(us) >= 2 and us[0].label == "art" and us[1].label == "s":
        return f"art_{seg(us[0].value)}__{seg(us[1].value)}.html"
    return f"__{seg(us[0].value)}.html" if us[0].label == "s" else f"art_{seg(us[0].value)}.html"


_ENBEZ = re.compile(r'<span class="jnenbez">(.*?)</span>', re.S)
_TITEL = re.compile(r'<span class="jnentitel">(.*?)</span>', re.S)
_ABSATZ = re.compile(r'<div class="jurAbsatz">(.*?)</div>', re.S)


def parse_norm_page(text: str) -> dict | None:
    """A GII norm page → {enbez, title, absaetze: ["1", "2", …], repealed}; None when it shows no norm."""
    m = _ENBEZ.search(text)
    if not m:
        return None
    title = _TITEL.search(text)
    paras = [strip_tags(p) for p in _ABSATZ.findall(text)]
    nums = [n.group(1) for p in paras if (n := re.match(r"\((\d+[a-z]?)\)", p))]
    heading = strip_tags(title.group(1)) if title else ""
    body = " ".join(paras)
    return {
        "enbez": strip_tags(m.group(1)),
        "title": heading,
        "absaetze": nums,
        "repealed": "(weggefallen)" in heading or body.strip() in ("-", "(weggefallen)"),
    }


def _same_unit(enbez: str, value: str) -> bool:
    norm = re.sub(r"^(§+|Art\.?|Artikel)\s*", "", enbez.strip(), flags=re.I).replace(" ", "").lower()
    return norm == value.lower()


class GiiResolver:
    name = "gii"
    source = SOURCE

    def __init__(self, base: str = BASE) -> None:
        self.base = base.rstrip("/")
        self._toc: dict[str, str] | None = None
        self._toc_fetched = None

    def handles(self, citation: Citation) -> bool:
        return citation.jurisdiction == "de" and citation.kind is Kind.STATUTE and citation.work is not None

    def slug(self, citation: Citation) -> str | None:
        row = law_table().get(citation.work or "")
        return row["slug"] if row else None

    def urls(self, citation: Citation) -> list[str]:
        slug = self.slug(citation) or (citation.work or "").replace("-", "_")
        if not slug:
            return []
        page = page_name(citation) or "index.html"
        return [f"{self.base}/{seg(slug)}/{page}"]

    async def _toc_slugs(self, client: OfficialClient) -> dict[str, str]:
        if self._toc is None:
            import xml.etree.ElementTree as ET

            f = await client.request("GET", f"{self.base}/gii-toc.xml", accept=("text/xml", "application/xml"))
            try:
                self._toc, self._toc_fetched = parse_toc(f.content), f
            except ET.ParseError as e:
                raise FetchError(f"unreadable gii-toc.xml ({e})", url=f.url) from None
        return self._toc

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        row = law_table().get(citation.work or "")
        slug = row["slug"] if row else None
        if slug is None:
            # a law the shipped table does not know may be newer than it: ask GII's live table of contents
            guess = (citation.work or "").replace("-", "_")
            try:
                toc = await self._toc_slugs(client)
            except FetchError as e:
                return from_error(citation, e, SOURCE)
            if guess not in toc:
                return answer(citation, Status.NOT_FINDABLE,
                              f"gesetze-im-internet.de lists no law with the abbreviation {citation.work!r}",
                              SOURCE, self._toc_fetched, citation.key_at("work"))
            slug = guess
        page = page_name(citation)
        if page is None:
            return not_checked(citation, "no § or Art. to look up on gesetze-im-internet.de", SOURCE)
        url = f"{self.base}/{seg(slug)}/{page}"
        try:
            f = await client.request("GET", url, accept=("text/html",), ok_statuses=(200, 404))
        except FetchError as e:
            return from_error(citation, e, SOURCE)
        first = norm_unit(citation)
        assert first is not None
        upto = citation.units.index(first) + 1
        unit_key = "/".join([citation.jurisdiction or "de", citation.work or "",
                             *(u.segment for u in citation.units[:upto])])
        if f.status_code == 404:
            units = row.get("units", []) if row else []
            if first.segment in units or first is not citation.units[0]:
                return not_checked(citation, f"gesetze-im-internet.de has no page at {url}, although its table of "
                                   "contents lists the unit (or the page scheme differs for this law)", SOURCE, url)
            if not any(u.startswith(first.label) and u[len(first.label):][:1].isdecimal() for u in units):
                # the table knows no unit of this kind in the law (§ in the GG, Art. in EGBGB's flat table)
                return not_checked(citation, f"gesetze-im-internet.de has no page at {url}; the law's table of "
                                   f"contents has no {'§' if first.label == 's' else 'Art.'} units to compare",
                                   SOURCE, url)
            return answer(citation, Status.INVENTED,
                          f"gesetze-im-internet.de has no {first.segment} in {slug} (HTTP 404)",
                          SOURCE, f, unit_key, http_status=404)
        norm = parse_norm_page(decode_html(f))
        if norm is None or not _same_unit(norm["enbez"], first.value):
            return not_checked(citation, "the gesetze-im-internet.de page did not show "
                               f"{first.segment} (found {norm['enbez'] if norm else 'no norm'})", SOURCE, f.url)
        if norm["repealed"]:
            return answer(citation, Status.REPEALED, f"{norm['enbez']} {slug} is repealed (weggefallen)",
                          SOURCE, f, unit_key, heading=norm["title"])
        nxt = citation.units[upto] if len(citation.units) > upto else None
        abs_ = nxt.value if nxt is not None and nxt.label == "abs" else None
        if abs_ is not None:
            if norm["absaetze"] and abs_ not in norm["absaetze"]:
                return answer(citation, Status.INVENTED,
                              f"{norm['enbez']} has Absätze {', '.join(norm['absaetze'])}, not Abs. {abs_}",
                              SOURCE, f, citation.key, heading=norm["title"])
            if norm["absaetze"]:
                unit_key = "/".join([unit_key, f"abs{abs_}"])
        return answer(citation, Status.REAL, f"{norm['enbez']} exists on gesetze-im-internet.de",
                      SOURCE, f, unit_key, heading=norm["title"])
