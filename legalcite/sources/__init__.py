"""The official sources, one module each: its URL layout, the parsing of its answers for the online check, and its
download layout and format loader for ``legalcite corpus fetch``.

==================  ==========================================  ==============================  ==================
module              source                                      online (``check --online``)     ``corpus fetch``
==================  ==========================================  ==============================  ==================
``gii``             www.gesetze-im-internet.de                  German federal statutes         ``de`` (GII XML)
``dejure``          dejure.org                                  DE statutes (fallback), cases   —
``courtlistener``   www.courtlistener.com (citation-lookup v4)  US and California cases         —
                    and its bulk-data bucket                    —                               ``corpus cases``
``cornell``         www.law.cornell.edu                         U.S.C., CFR, Constitution, FRs  —
``leginfo``         leginfo.legislature.ca.gov                  California codes                ``us-ca`` (pubinfo)
``flk``             flk.npc.gov.cn                              PRC laws and interpretations    ``cn`` (WORD files)
``fedlex``          www.fedlex.admin.ch (SPARQL, Akoma Ntoso)   Swiss acts and SR treaties      —
``olrc``            uscode.house.gov                            —                               ``us`` (USLM)
``eurlex``          eur-lex.europa.eu                           EU acts, treaties, CJEU cases   —
``cap``             static.case.law (Caselaw Access Project)    —                               ``corpus cases``
==================  ==========================================  ==============================  ==================

Adding a source is one module (a class with ``name``, ``host``, ``origins`` and the methods of
:class:`~legalcite.sources.base.OnlineSource` and/or :class:`~legalcite.sources.base.BulkSource`) and one line in
:data:`REGISTRY`; its ``origins`` join the network allow-list (:func:`allowed_origins`). A jurisdiction may bring
its own source in its package instead (``Parts.sources``): it is asked after the registry's. The order is the order
the online check asks the sources in: the first decisive answer wins. The registry holds the classes themselves
(mypy checks each against the base it claims); no module imports httpx (the client in :mod:`legalcite.net` does,
when it is opened).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from legalcite import jurisdictions
from legalcite.models import Citation

from .base import BulkSource, OnlineSource, Source
from .cap import Cap
from .cornell import Cornell
from .courtlistener import CourtListener
from .dejure import Dejure
from .eurlex import EurLex
from .fedlex import Fedlex
from .flk import Flk
from .gii import Gii
from .leginfo import Leginfo
from .olrc import Olrc

# name → the source's class (called with the options of `source`); online sources are asked in this order
REGISTRY: dict[str, Callable[..., Source]] = {
    "gii": Gii,
    "dejure": Dejure,
    "courtlistener": CourtListener,
    "cornell": Cornell,
    "leginfo": Leginfo,
    "flk": Flk,
    "fedlex": Fedlex,
    "olrc": Olrc,
    "eurlex": EurLex,
    "cap": Cap,
}


def declared() -> dict[str, Callable[..., Source]]:
    """The sources the registered jurisdictions bring in their own package (``Parts.sources``): name → class."""
    return {name: cls for j in jurisdictions.registered() for name, cls in j.parts.sources.items()}


def names() -> list[str]:
    """Every source's name: the registry's, in its order, then those the jurisdictions bring."""
    return [*REGISTRY, *(n for n in declared() if n not in REGISTRY)]


def source(name: str, **options: Any) -> Source:
    """A new instance of the source ``name`` (``options`` go to its constructor, e.g. ``base`` in tests)."""
    make = REGISTRY.get(name) or declared().get(name)
    if make is None:
        raise ValueError(f"unknown source {name!r} (known: {', '.join(names())})")
    return make(**options)


def online_sources() -> list[OnlineSource]:
    """Every source the online check can ask, in the order it asks them."""
    return [s for name in names() if isinstance(s := source(name), OnlineSource)]


def urls_for(citation: Citation, sources: Sequence[OnlineSource] | None = None) -> list[str]:
    """The official URL(s) for a citation, most authoritative first; ``[]`` when no source covers it (``legalcite
    url``: builds URLs only, sends nothing)."""
    out: list[str] = []
    for s in sources if sources is not None else online_sources():
        if s.handles(citation):
            out.extend(u for u in s.urls(citation) if u not in out)
    return out


def allowed_origins(sources: Sequence[Source] | None = None) -> frozenset[str]:
    """The allow-list of :mod:`legalcite.net`: every origin the sources (default: all registered) may contact."""
    return frozenset(o for s in (sources if sources is not None else [source(n) for n in names()])
                     for o in s.origins)


def bulk_source(code: str) -> BulkSource:
    """The source whose files ``corpus fetch <code>`` downloads: the one the jurisdiction names
    (``Jurisdiction.fetch``). A jurisdiction that names none, or a source that offers no files, is a ValueError."""
    name = jurisdictions.get(code).fetch
    if name is None:
        raise ValueError(f"{code} names no source to fetch from (fetchable: {', '.join(jurisdictions.fetchable())})")
    if not isinstance(s := source(name), BulkSource):
        raise ValueError(f"{code}'s source {name!r} offers no files to fetch")
    return s


def bulk_sources() -> dict[str, BulkSource]:
    """``corpus fetch`` argument (de, us, us-ca, cn: a jurisdiction's code) → the source whose files it downloads."""
    return {code: bulk_source(code) for code in jurisdictions.fetchable()}


__all__ = ["REGISTRY", "declared", "names", "source", "online_sources", "bulk_source", "bulk_sources", "urls_for",
           "allowed_origins", "Source", "OnlineSource", "BulkSource"]
