"""What every source module shares: the :class:`Resolver` protocol and the builders of honest answers.

A resolver only ever builds URLs from its fixed official ``base`` plus percent-quoted key segments, so nothing
in a citation's text can change the host; :class:`~legalcite.resolvers.http.OfficialClient` checks the origin
again before sending.
"""
from __future__ import annotations

import re
from typing import Any, Protocol
from urllib.parse import quote

from legalcite.corpora.official._text import strip_tags  # noqa: F401  (re-exported)
from legalcite.models import Citation
from legalcite.status import CheckedCitation, Evidence, Status

from .http import Fetched, FetchError, OfficialClient


class Resolver(Protocol):
    name: str        # short id, used as the cache's source column: gii, dejure, courtlistener, ...
    source: str      # the host named in evidence: gesetze-im-internet.de, ...
    base: str        # origin every URL starts with

    def handles(self, citation: Citation) -> bool: ...

    def urls(self, citation: Citation) -> list[str]: ...

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation: ...


def seg(value: str) -> str:
    """Percent-quote one path segment: ``/``, ``..``, ``?``, ``#``, ``@`` can never leave it."""
    q = quote(value, safe="")
    return q.replace(".", "%2E") if q in (".", "..") else q


def not_checked(citation: Citation, reason: str, source: str, url: str | None = None,
                **details: Any) -> CheckedCitation:
    return CheckedCitation(citation, Status.NOT_CHECKED, reason,
                           (Evidence(source, citation.key, url, None, dict(details)),), None)


def answer(citation: Citation, status: Status, reason: str, source: str, fetched: Fetched | None,
           checked_key: str | None, *, url: str | None = None, **details: Any) -> CheckedCitation:
    snap = f"retrieved {fetched.retrieved_at}" if fetched is not None else None
    ev = Evidence(source, checked_key or citation.key, url or (fetched.url if fetched else None), snap,
                  {k: v for k, v in details.items() if v not in (None, "", [], {})})
    return CheckedCitation(citation, status, reason, (ev,), checked_key)


def from_error(citation: Citation, err: FetchError, source: str) -> CheckedCitation:
    return not_checked(citation, f"{source} could not be checked: {err.reason}", source, err.url)


def decode_html(f: Fetched) -> str:
    """Body as text: the header charset, else a ``<meta charset>`` in the first KB, else UTF-8."""
    enc = f.encoding
    if not enc:
        m = re.search(rb"charset=[\"']?([A-Za-z0-9_-]+)", f.content[:2048])
        enc = m.group(1).decode() if m else "utf-8"
    try:
        return f.content.decode(enc, errors="replace")
    except LookupError:
        return f.content.decode("utf-8", errors="replace")




def unit_value(citation: Citation, label: str) -> str | None:
    """The value of the first unit with ``label`` (``s`` → ``823``)."""
    return next((u.value for u in citation.units if u.label == label), None)
