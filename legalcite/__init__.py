"""legalcite — machine-checkable legal citations (German, Chinese, US federal, California, EU and Swiss law, and
treaties such as the ECHR).

The public surface is small and loads lazily, so ``import legalcite`` pulls in neither Lark, numpy nor httpx:

- :func:`extract` (text → citations), :func:`parse` (citation string → citations),
- :class:`Citation`, :func:`key_at`,
- :func:`check` (citations with an evidence-backed status),
- :func:`annotate` (the text back with every citation linked; HTML or Markdown, HTML input kept).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["Citation", "extract", "parse", "key_at", "check", "annotate", "__version__"]

_LAZY = {
    "Citation": ("legalcite.models", "Citation"),
    "Unit": ("legalcite.models", "Unit"),
    "Kind": ("legalcite.models", "Kind"),
    "Form": ("legalcite.models", "Form"),
    "extract": ("legalcite.pipeline", "extract"),
    "parse": ("legalcite.pipeline", "parse"),
    "key_at": ("legalcite.keys", "key_at"),
    "check": ("legalcite.checker", "check"),
    "annotate": ("legalcite.annotation", "annotate"),  # module named apart, so importing it never shadows this
}

if TYPE_CHECKING:  # pragma: no cover
    from legalcite.keys import key_at
    from legalcite.models import Citation, Form, Kind, Unit
    from legalcite.annotation import annotate
    from legalcite.pipeline import extract, parse


def __getattr__(name: str) -> Any:
    try:
        mod, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'legalcite' has no attribute {name!r}") from None
    import importlib

    value = getattr(importlib.import_module(mod), attr)
    globals()[name] = value
    return value
