"""Reports a person reads: :func:`legalcite.report.html.write_report` turns check JSONL records into one
self-contained HTML file. Standard library only; the template, script and style are package data."""
from __future__ import annotations

from typing import Any

from legalcite.report import html

__all__ = ["render", "write_report"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(html, name)
    raise AttributeError(f"module 'legalcite.report' has no attribute {name!r}")
