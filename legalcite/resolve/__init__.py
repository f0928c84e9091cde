"""Resolving citations to a status: one :class:`Resolver` interface, the store and the official sources behind it,
and the :class:`Chain` that asks them in turn (store → online).

==================  ============================================================================================
module              what
==================  ============================================================================================
``base``            :class:`Resolver`, :class:`Resolution`, :class:`Chain`
``store``           :class:`StoreResolver`: the local corpus store (existence, repeal, sub-units), offline
``online``          :class:`OnlineResolver` over :mod:`legalcite.sources`; :func:`resolve_online`
``cache``           the online answers, with their retrieval date
==================  ============================================================================================

:mod:`legalcite.checker` builds the chain per check (the online resolver only with ``online=True``) and runs the
misattribution test on what it returns. The online modules load httpx only when a request is made.
"""
from __future__ import annotations

import importlib
from typing import Any

from .base import Chain, Resolution, Resolver

_LAZY = {"StoreResolver": "store", "OnlineResolver": "online", "resolve_online": "online",
         "resolve_online_async": "online", "OnlineCache": "cache"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Chain", "Resolution", "Resolver", *_LAZY]
