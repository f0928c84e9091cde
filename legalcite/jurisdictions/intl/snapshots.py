"""Readers of the treaties in the Swiss snapshots: the SR 0.* entries of ``ch_toc`` and ``ch_fulltext`` (CISG,
Lugano, UNO-Pakt II, …; the ECHR is listed without its text) under ``int`` keys (``int/cisg/art1``)."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import SnapshotReader, Work
from legalcite.jurisdictions.ch.snapshots import read_ch_fulltext, read_ch_toc


def read_int_toc(path: Path) -> Iterator[Work | CorpusUnit]:
    """The treaties of ``ch_toc.jsonl.gz`` (the SR 0.* entries) as ``int`` works and TOC-only units."""
    return read_ch_toc(path, jurisdiction="int")


def read_int_fulltext(path: Path) -> Iterator[Work | CorpusUnit]:
    """The treaties of ``ch_fulltext.jsonl.gz`` as ``int`` units with their text."""
    return read_ch_fulltext(path, jurisdiction="int")


READERS = (
    SnapshotReader("int", "ch_toc.jsonl.gz", read_int_toc),
    SnapshotReader("int", "ch_fulltext.jsonl.gz", read_int_fulltext),
)
