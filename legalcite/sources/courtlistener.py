"""CourtListener citation-lookup API v4: US and California cases by volume / reporter / page.

``POST https://www.courtlistener.com/api/rest/v4/citation-lookup/`` with form fields ``volume``, ``reporter``,
``page`` (or ``text``), header ``Authorization: Token <token>``. The answer is a JSON list, one object per
citation found, each with ``status``: 200 found (``clusters`` holds the case), 300 several cases share the
citation, 400 the reporter is unknown, 404 not in CourtListener, 429 past the per-request citation cap. A
throttled request is HTTP 429 with ``wait_until``; the client honours it.

The token comes from ``$COURTLISTENER_TOKEN`` or ``courtlistener_token`` in ``<user config dir>/legalcite/
config.json``; it is sent only to www.courtlistener.com and never logged or put into evidence.

CourtListener is large but not complete, so a 404 is ``not_findable`` (no hit), never ``invented``.
"""
from __future__ import annotations

import functools
import json
import os
from pathlib import Path

from legalcite.models import Citation, Kind
from legalcite.net import FetchError, OfficialClient
from legalcite.status import CheckedCitation, Status, Undecided

from .base import answer, from_error, not_checked, origin, seg

BASE = "https://www.courtlistener.com"
PATH = "/api/rest/v4/citation-lookup/"
HOST = "courtlistener.com"
TOKEN_ENV = "COURTLISTENER_TOKEN"


def config_token() -> str | None:
    """The token from the environment, else from the user's config file; None when neither has one."""
    tok = os.environ.get(TOKEN_ENV, "").strip()
    if tok:
        return tok
    try:
        import platformdirs

        cfg = Path(platformdirs.user_config_dir("legalcite")) / "config.json"
        return (json.loads(cfg.read_text(encoding="utf-8")).get("courtlistener_token") or "").strip() or None
    except (OSError, ValueError, AttributeError):
        return None


@functools.cache
def _reporters() -> dict[str, str]:
    """Key form (lowercased, no spaces: ``cal.4th``) → reporters-db abbreviation (``Cal. 4th``)."""
    from reporters_db import REPORTERS

    out: dict[str, str] = {}
    for abbr, entries in REPORTERS.items():
        out.setdefault(abbr.lower().replace(" ", ""), abbr)
        for entry in entries:
            for ed in entry.get("editions", {}):
                out.setdefault(ed.lower().replace(" ", ""), ed)
    return out


def volume_reporter_page(citation: Citation) -> tuple[str, str, str] | None:
    if citation.work != "case" or len(citation.units) != 3:
        return None
    vol, rep, page = (u.value for u in citation.units)
    printed = getattr(citation.metadata, "reporter", None)  # the extractor's reporters-db form, when it has one
    return vol, str(printed) if printed else _reporters().get(rep, rep), page


class CourtListener:
    name = "courtlistener"
    host = HOST

    def __init__(self, base: str = BASE, token: str | None = None) -> None:
        self.base = base.rstrip("/")
        self.origins = (origin(self.base),)
        self._token = token

    def __repr__(self) -> str:  # never show the token
        return f"CourtListener(base={self.base!r}, token={'set' if self.token else 'unset'})"

    @property
    def token(self) -> str | None:
        return self._token or config_token()

    def handles(self, citation: Citation) -> bool:
        return citation.jurisdiction in ("us", "us-ca") and citation.kind is Kind.CASE

    def urls(self, citation: Citation) -> list[str]:
        """The human-facing CourtListener URL: its ``/c/<reporter>/<volume>/<page>/`` citation redirect."""
        vrp = volume_reporter_page(citation)
        if vrp is None:
            return []
        vol, rep, page = vrp
        return [f"{self.base}/c/{seg(rep)}/{seg(vol)}/{seg(page)}/"]

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        vrp = volume_reporter_page(citation)
        if vrp is None:
            return not_checked(citation, "no volume, reporter and page to look up on CourtListener", HOST,
                               why=Undecided.NOT_COVERED)
        token = self.token
        if not token:
            return not_checked(citation, f"CourtListener needs an API token: set ${TOKEN_ENV}", HOST,
                               why=Undecided.NOT_COVERED)
        vol, rep, page = vrp
        cite = f"{vol} {rep} {page}"
        try:
            f = await client.request(
                "POST", f"{self.base}{PATH}", data={"volume": vol, "reporter": rep, "page": page},
                headers={"Authorization": f"Token {token}", "Accept": "application/json"},
                accept=("application/json",), ok_statuses=(200,),
            )
            items = f.json()
        except FetchError as e:
            if e.status in (401, 403):
                e.reason = f"CourtListener refused the API token (HTTP {e.status})"
            return from_error(citation, e, HOST)
        except ValueError:
            return not_checked(citation, "CourtListener answered with unreadable JSON", HOST, why=Undecided.FAULT)
        if not isinstance(items, list):
            return not_checked(citation, "CourtListener answered with an unexpected JSON shape", HOST,
                               why=Undecided.FAULT)
        if not items:
            return not_checked(citation, f"CourtListener found no citation in {cite!r}", HOST, f.url)
        item = items[0] if isinstance(items[0], dict) else {}
        status = item.get("status")
        clusters = [c for c in item.get("clusters") or [] if isinstance(c, dict)]
        found = [{"case_name": c.get("case_name"), "date_filed": c.get("date_filed"),
                  "url": self.base + c["absolute_url"] if str(c.get("absolute_url", "")).startswith("/") else None}
                 for c in clusters]
        if status == 200 and clusters:
            case = found[0]
            return answer(citation, Status.REAL, f"CourtListener: {cite} is {case['case_name']} "
                          f"({case['date_filed']})", HOST, f, citation.key, url=case["url"] or f.url,
                          case_name=case["case_name"], date_filed=case["date_filed"],
                          normalized=item.get("normalized_citations"))
        if status == 300:
            return answer(citation, Status.NOT_FINDABLE, f"CourtListener: {len(found)} cases share {cite}",
                          HOST, f, citation.key, candidates=found)
        if status == 400:
            return answer(citation, Status.NOT_FINDABLE, f"CourtListener does not know the reporter {rep!r}: "
                          f"{item.get('error_message') or 'invalid reporter'}", HOST, f, citation.key)
        if status == 404:
            return answer(citation, Status.NOT_FINDABLE, f"CourtListener has no case at {cite} (its coverage is "
                          "large but not complete, so this is no proof of invention)", HOST, f, citation.key)
        if status == 429:
            return not_checked(citation, "CourtListener did not look this citation up: too many citations in "
                               "one request", HOST, f.url, why=Undecided.FAULT)
        return not_checked(citation, f"CourtListener answered status {status!r} for {cite}", HOST, f.url)
