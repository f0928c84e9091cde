"""law.cornell.edu (LII): the U.S. Code, the CFR, the Constitution and the Federal Rules.

URLs: ``/uscode/text/18/1030#a_2_C``, ``/cfr/text/29/1910.1200``, ``/constitution/amendmentxiv``,
``/constitution/articlei#section8``, ``/rules/frcp/rule_56``, ``/rules/fre/rule_801``,
``/rules/frcrmp/rule_11``, ``/rules/frap/rule_4``.

LII republishes the whole U.S. Code, CFR, Constitution and Rules, so its 404 for a unit is ``invented`` — once
the page above it (the title, the Constitution, the rule set) loads, names its work and does not link to the
unit; otherwise the 404 may be a maintenance page and the answer is ``not_checked`` (a fault, asked again next
time). A page whose title says "Repealed" is ``repealed``; a page that does not name the unit is ``not_checked``.
"""
from __future__ import annotations

import re

from legalcite.keys import int_to_roman
from legalcite.models import Citation, Kind
from legalcite.net import FetchError, OfficialClient
from legalcite.status import CheckedCitation, Status, Undecided

from .base import answer, decode_html, from_error, not_checked, origin, seg, strip_tags, unit_value

BASE = "https://www.law.cornell.edu"
HOST = "law.cornell.edu"
RULE_PATHS = {"frcp": "frcp", "fre": "fre", "frcrp": "frcrmp", "frap": "frap"}


def _bare(citation: Citation) -> list[str]:
    return [u.value for u in citation.units if u.label == ""]


def _roman(value: str) -> str:
    return int_to_roman(int(value)).lower() if value.isdecimal() and 0 < int(value) < 4000 else value.lower()


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def path_for(citation: Citation) -> tuple[str, str, list[str]] | None:
    """(path, fragment, names one of which the page title must show) for a citation, or None."""
    w = citation.work
    if w in ("usc", "cfr"):
        t, s = unit_value(citation, "t"), unit_value(citation, "s")
        if not (t and s):
            return None
        sub = _bare(citation)
        frag = "_".join(seg(x) for x in sub) if (w == "usc" and sub) else ""
        return f"/{'uscode' if w == 'usc' else 'cfr'}/text/{seg(t)}/{seg(s)}", frag, [f"§ {s}"]
    if w == "const":
        amend, art = unit_value(citation, "amend"), unit_value(citation, "art")
        sec = unit_value(citation, "s")
        if amend:
            # LII titles amendments "14th Amendment"; "Amendment XIV" is accepted too
            names = [f"Amendment {int_to_roman(int(amend))}", f"{amend}{_ordinal(int(amend))} Amendment"] \
                if amend.isdecimal() else [f"Amendment {amend}"]
            return f"/constitution/amendment{seg(_roman(amend))}", (f"section{seg(sec)}" if sec else ""), names
        if art:
            names = [f"Article {int_to_roman(int(art)) if art.isdecimal() else art}"]
            return f"/constitution/article{seg(_roman(art))}", (f"section{seg(sec)}" if sec else ""), names
        return None
    if w in RULE_PATHS:
        r = unit_value(citation, "r")
        return (f"/rules/{RULE_PATHS[w]}/rule_{seg(r)}", "", [f"Rule {r}"]) if r else None
    return None


def parent_of(citation: Citation, path: str) -> tuple[str, list[str]]:
    """The page above a unit's page and the names its title must show: ``/uscode/text/18`` ("Title 18"),
    ``/cfr/text/29``, ``/constitution`` ("Constitution"), ``/rules/frcp`` ("Federal Rules")."""
    w = citation.work
    if w in ("usc", "cfr"):
        t = unit_value(citation, "t") or ""
        return path.rsplit("/", 1)[0], [f"Title {t}"]
    if w == "const":
        return "/constitution", ["Constitution"]
    return path.rsplit("/", 1)[0], ["Rules"]


class Cornell:
    """law.cornell.edu as an :class:`~legalcite.sources.base.OnlineSource`: the U.S. Code, the CFR, the Constitution and
    the Federal Rules (the module docstring has the URLs and what a page proves)."""

    name = "cornell"
    host = HOST

    def __init__(self, base: str = BASE) -> None:
        self.base = base.rstrip("/")
        self.origins = (origin(self.base),)

    def handles(self, citation: Citation) -> bool:
        return citation.jurisdiction == "us" and citation.kind is Kind.STATUTE and path_for(citation) is not None

    def urls(self, citation: Citation) -> list[str]:
        p = path_for(citation)
        if p is None:
            return []
        path, frag, _ = p
        return [f"{self.base}{path}" + (f"#{frag}" if frag else "")]

    async def _parent_says(self, parent: str, names: list[str], missing: str,
                           client: OfficialClient) -> str | None:
        """None when the parent page confirms the site is serving the work (it loads, its title names it, it does
        not link to ``missing``); else what went wrong, for the reason."""
        try:
            f = await client.request("GET", f"{self.base}{parent}", accept=("text/html",))
        except FetchError as e:
            return f"{parent} did not load either ({e.reason})"
        text = decode_html(f)
        m = re.search(r"<title>(.*?)</title>", text, re.S)
        title = strip_tags(m.group(1)) if m else ""
        if not any(n.lower() in title.lower() for n in names):
            return f"{parent} did not show the work (title {title[:60]!r})"
        if f'href="{missing}"' in text or f'href="{self.base}{missing}"' in text:
            return f"{parent} links to it"
        return None

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        p = path_for(citation)
        if p is None:
            return not_checked(citation, "law.cornell.edu publishes no page for this work", HOST,
                               why=Undecided.NOT_COVERED)
        path, _, must_name = p
        unit_key = citation.key_at("unit")
        try:
            f = await client.request("GET", f"{self.base}{path}", accept=("text/html",), ok_statuses=(200, 404))
        except FetchError as e:
            return from_error(citation, e, HOST)
        if f.status_code == 404:
            # a 404 alone is no proof (a maintenance page answers 404 too): the page above it must load and name
            # its work, and not link to the missing page
            parent, names = parent_of(citation, path)
            why = await self._parent_says(parent, names, path, client)
            if why is not None:
                return not_checked(citation, f"law.cornell.edu answered HTTP 404 for {path}, but {why}; asked again "
                                   "next time", HOST, f.url, why=Undecided.FAULT)
            return answer(citation, Status.INVENTED, f"law.cornell.edu has no {path} (HTTP 404, while {parent} "
                          "loads; it publishes the whole work)", HOST, f, unit_key, http_status=404)
        text = decode_html(f)
        m = re.search(r"<title>(.*?)</title>", text, re.S) or re.search(r"<h1[^>]*>(.*?)</h1>", text, re.S)
        title = strip_tags(m.group(1)).replace("\u2013", "-") if m else ""
        if not any(re.search(rf"(?<![\w.]){re.escape(n)}(?![\w])", title, re.I) for n in must_name):
            return not_checked(citation, f"the law.cornell.edu page did not name {must_name[0]} (title: "
                               f"{title[:80]!r})", HOST, f.url)
        if re.search(r"\b(Repealed|Omitted|Transferred)\b", title):
            return answer(citation, Status.REPEALED, f"law.cornell.edu: {title}", HOST, f, unit_key, title=title)
        return answer(citation, Status.REAL, f"law.cornell.edu: {title}", HOST, f, unit_key, title=title)
