"""Text helpers the official-format loaders and the resolvers share. Standard library only."""
from __future__ import annotations

import html
import re

_TAG = re.compile(r"<[^>]+>")


def strip_tags(fragment: str) -> str:
    """An HTML fragment as one line of plain text (entities decoded, whitespace collapsed)."""
    return re.sub(r"\s+", " ", html.unescape(_TAG.sub(" ", fragment))).strip()


def iso_date(yyyymmdd: str | None) -> str | None:
    """``20260413`` → ``2026-04-13``; None for anything else."""
    if yyyymmdd and re.fullmatch(r"\d{8}", yyyymmdd):
        return f"{yyyymmdd[:4]}-{yyyymmdd[4:6]}-{yyyymmdd[6:]}"
    return None
