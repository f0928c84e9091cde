"""Tests of :mod:`legalcite.io`, one file per module."""
from __future__ import annotations

from legalcite.io import Reader, as_binary


def records(data: bytes | str, **kw) -> list:
    """Every record of ``data`` as the reader yields them, the input named ``in.jsonl``."""
    return list(Reader(as_binary(data), name="in.jsonl", **kw))
