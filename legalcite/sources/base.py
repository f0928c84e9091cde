"""What every source module shares: the two things a source can be (asked online, downloaded in bulk), the
builders of honest answers, and the text helpers of the official formats. Standard library only.

A source only ever builds URLs from its fixed official ``base`` plus percent-quoted key segments (:func:`seg`,
:func:`query_url`), so nothing in a citation's text can change the host; :class:`~legalcite.net.OfficialClient`
checks the origin again before sending.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable
from urllib.parse import urlencode, urlsplit

from legalcite._util import url_segment
from legalcite.errors import InputError
from legalcite.models import Citation
from legalcite.net import Downloader, Fetched, FetchError, OfficialClient
from legalcite.status import CheckedCitation, Evidence, Status, Undecided


# ------------------------------------------------------------------ what a source is

# The data members are read-only properties: a class attribute of a narrower type (`origins = (base,)`, a
# `tuple[str]`) satisfies them, as it would not a mutable attribute of the protocol.

@runtime_checkable
class Source(Protocol):
    """What every registered source has: a name and the origins it may contact (the network allow-list)."""

    @property
    def name(self) -> str:
        """The short id: the registry's key and the online cache's source column (gii, dejure, courtlistener …)."""

    @property
    def origins(self) -> tuple[str, ...]:
        """Every origin it may contact (its base, download and file hosts): they join the network allow-list."""


@runtime_checkable
class OnlineSource(Source, Protocol):
    """A site the online check asks about single citations (``legalcite check --online``, ``legalcite url``)."""

    @property
    def host(self) -> str:
        """The host named in evidence (gesetze-im-internet.de …)."""

    @property
    def base(self) -> str:
        """The origin every URL it builds starts with (a test passes another, a fixture server's)."""

    def handles(self, citation: Citation) -> bool:
        """Whether this source can say anything about ``citation`` (its jurisdiction, kind, a work it publishes); only
        then are :meth:`urls` and :meth:`resolve` asked."""

    def urls(self, citation: Citation) -> list[str]:
        """The official page(s) of ``citation``, built from :attr:`base` (nothing is sent); ``[]`` where the source
        would have to guess (a law its tables do not know)."""

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        """The source's verdict on ``citation``, asked through ``client`` (allow-list, retries, deadline). A fault or an
        answer that decides nothing is a ``not_checked`` verdict with its ``undecided`` reason, not an exception."""


@dataclass(frozen=True)
class FetchOptions:
    """What ``legalcite corpus fetch`` passes to a bulk source besides the law names."""

    release: str | None = None      # us: the U.S. Code release point (119-100)
    year: int | None = None         # us-ca: the pubinfo session year
    refresh: bool = False           # download again even when a verified copy exists


Files = list[tuple[Path, str]]      # downloaded files and the law (slug, title, release) each holds


@runtime_checkable
class BulkSource(Source, Protocol):
    """A site whose official files ``legalcite corpus fetch <jurisdiction>`` downloads and loads into the store (the
    jurisdiction names it: its ``Jurisdiction.fetch``)."""

    @property
    def laws_help(self) -> str:
        """What ``--laws`` names for this source (its help text and error messages say it)."""

    @property
    def needs_laws(self) -> bool:
        """Whether ``--laws`` is required: the source offers no download of every law (flk)."""

    def download(self, dl: Downloader, laws: list[str], options: FetchOptions,
                 say: Callable[[str], None]) -> Files:
        """Download the official files of ``laws`` (empty: all the source publishes) through ``dl``, with ``say`` for
        progress lines; each file with its tag (the law it holds) for :meth:`records`."""

    def local_files(self, folder: Path, laws: list[str], options: FetchOptions) -> Files:
        """The files of ``laws`` already in ``folder`` (named as :meth:`download` names them) with their tags;
        :class:`NoFiles` when none (or, where the source checks, one asked for) is there."""

    def records(self, path: Path, tag: str, laws: list[str]) -> Iterator[Any]:
        """The store rows (works and units) of one file of :meth:`download` or :meth:`local_files`, ``tag`` as given
        there; ``laws`` limits a file that holds several."""


class UnknownLaw(InputError):
    """``corpus fetch --laws`` names a law the source does not publish."""


class NoFiles(InputError):
    """``corpus fetch --from DIR``: the folder lacks the files asked for."""


def no_files(folder: Path) -> Files:
    """Raise :class:`NoFiles` for ``folder``; typed as :data:`Files`, so ``found or no_files(folder)`` is one
    expression."""
    raise NoFiles(f"no matching official files in {folder}")


# ------------------------------------------------------------------ URLs

seg = url_segment  # percent-quote one path segment (legalcite._util, shared with the jurisdictions' URL layouts)


def origin(url: str) -> str:
    """``https://host[:port]`` of a URL: the unit of the network allow-list."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def query_url(url: str, params: dict[str, str]) -> str:
    """``url?k=v&…`` with the values form-encoded (as httpx encodes ``params``)."""
    return f"{url}?{urlencode(params)}"


# ------------------------------------------------------------------ answers

def not_checked(citation: Citation, reason: str, source: str, url: str | None = None, *,
                why: Undecided = Undecided.INCONCLUSIVE, **details: Any) -> CheckedCitation:
    """The source was asked and could not decide (``why`` says whether it answered or failed)."""
    return CheckedCitation(citation, Status.NOT_CHECKED, reason,
                           (Evidence(source, citation.key, url, None, dict(details)),), None, why)


def answer(citation: Citation, status: Status, reason: str, source: str, fetched: Fetched | None,
           checked_key: str | None, *, url: str | None = None, **details: Any) -> CheckedCitation:
    """A decisive answer, with the retrieval time of the response it rests on."""
    snap = f"retrieved {fetched.retrieved_at}" if fetched is not None else None
    ev = Evidence(source, checked_key or citation.key, url or (fetched.url if fetched else None), snap,
                  {k: v for k, v in details.items() if v not in (None, "", [], {})})
    return CheckedCitation(citation, status, reason, (ev,), checked_key)


def from_error(citation: Citation, err: FetchError, source: str) -> CheckedCitation:
    """A request that failed: ``not_checked`` for a fault (ask again later), never a verdict."""
    return not_checked(citation, f"{source} could not be checked: {err.reason}", source, err.url,
                       why=Undecided.FAULT)


# ------------------------------------------------------------------ text of the official formats

_TAG = re.compile(r"<[^>]+>")


def strip_tags(fragment: str) -> str:
    """An HTML fragment as one line of plain text (entities decoded, whitespace collapsed)."""
    return re.sub(r"\s+", " ", html.unescape(_TAG.sub(" ", fragment))).strip()


def iso_date(yyyymmdd: str | None) -> str | None:
    """``20260413`` → ``2026-04-13``; None for anything else."""
    if yyyymmdd and re.fullmatch(r"\d{8}", yyyymmdd):
        return f"{yyyymmdd[:4]}-{yyyymmdd[4:6]}-{yyyymmdd[6:]}"
    return None


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


def split_laws(laws: str | None) -> list[str]:
    """``--laws BGB, StGB`` → ``["BGB", "StGB"]``."""
    return [x.strip() for x in (laws or "").split(",") if x.strip()]
