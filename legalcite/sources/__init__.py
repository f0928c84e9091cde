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
the online check asks the sources in: the first decisive answer wins. Modules are imported when first asked for; none of
them imports httpx (the client in
:mod:`legalcite.net` does, when it is opened).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from legalcite import jurisdictions
from legalcite.models import Citation

from .base import BulkSource, OnlineSource

# name → "module:class"; online sources are asked in this order
REGISTRY: dict[str, str] = {
    "gii": "legalcite.sources.gii:Gii",
    "dejure": "legalcite.sources.dejure:Dejure",
    "courtlistener": "legalcite.sources.courtlistener:CourtListener",
    "cornell": "legalcite.sources.cornell:Cornell",
    "leginfo": "legalcite.sources.leginfo:Leginfo",
    "flk": "legalcite.sources.flk:Flk",
    "fedlex": "legalcite.sources.fedlex:Fedlex",
    "olrc": "legalcite.sources.olrc:Olrc",
    "eurlex": "legalcite.sources.eurlex:EurLex",
    "cap": "legalcite.sources.cap:Cap",
}


def declared() -> dict[str, Callable[..., Any]]:
    """The sources the registered jurisdictions bring in their own package (``Parts.sources``): name → class."""
    return {name: cls for j in jurisdictions.registered() for name, cls in j.parts.sources.items()}


def names() -> list[str]:
    """Every source's name: the registry's, in its order, then those the jurisdictions bring."""
    return [*REGISTRY, *(n for n in declared() if n not in REGISTRY)]


def source(name: str, **options: Any) -> Any:
    """A new instance of the source ``name`` (``options`` go to its constructor, e.g. ``base`` in tests)."""
    if name in REGISTRY:
        module, cls = REGISTRY[name].split(":")
        return getattr(importlib.import_module(module), cls)(**options)
    try:
        return declared()[name](**options)
    except KeyError:
        raise ValueError(f"unknown source {name!r} (known: {', '.join(names())})") from None


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


def allowed_origins(sources: Sequence[Any] | None = None) -> frozenset[str]:
    """The allow-list of :mod:`legalcite.net`: every origin the sources (default: all registered) may contact."""
    return frozenset(o for s in (sources if sources is not None else [source(n) for n in names()])
                     for o in s.origins)


def bulk_sources() -> dict[str, BulkSource]:
    """``corpus fetch`` argument (de, us, us-ca, cn: a jurisdiction's code) → the source whose files it downloads
    (the one the jurisdiction names, ``Jurisdiction.fetch``)."""
    return {code: source(jurisdictions.get(code).fetch) for code in jurisdictions.fetchable()}


__all__ = ["REGISTRY", "declared", "names", "source", "online_sources", "bulk_sources", "urls_for", "allowed_origins",
           "OnlineSource", "BulkSource"]
