"""Retrieval over corpus units: BM25, dense and hybrid indexes keyed by canonical keys, and their evaluation
(the RAG baseline harness that builds on them is :mod:`legalcite.rag`). Needs the ``retrieval`` extra (``dense``
for embeddings); nothing here is imported by ``import legalcite``.

    from legalcite.retrieval import build_index, load_index
    build_index(units, "INDEX", kind="bm25")
    load_index("INDEX").search("Schadensersatz wegen Pflichtverletzung", k=10)
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["build_index", "load_index", "Hit", "IndexFormatError", "evaluate"]

_LAZY = {
    "build_index": ("legalcite.retrieval.index", "build_index"),
    "load_index": ("legalcite.retrieval.index", "load_index"),
    "Hit": ("legalcite.retrieval.index", "Hit"),
    "IndexFormatError": ("legalcite.retrieval.index", "IndexFormatError"),
    "evaluate": ("legalcite.retrieval.evaluate", "evaluate"),
}

if TYPE_CHECKING:  # pragma: no cover
    from legalcite.retrieval.evaluate import evaluate
    from legalcite.retrieval.index import Hit, IndexFormatError, build_index, load_index


def __getattr__(name: str) -> Any:
    try:
        mod, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'legalcite.retrieval' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(mod), attr)
    globals()[name] = value
    return value
