"""Shared fixtures and helpers. ``../shared`` (corpora and test data) sits beside the checkout, in CI too;
``LEGALCITE_SHARED`` overrides its location.

Tests mirror the layout: ``tests/<jurisdiction>/`` per jurisdiction package (``cases.py`` holds its table of
``(text, expected keys)`` rows), ``tests/core/`` for the shared mechanisms, the rest beside the stage they test.
"""
from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEGALCITE_SHARED", ROOT.parent / "shared"))
CORPORA = SHARED / "corpora"
TESTDATA = SHARED / "testdata"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    assert SHARED.is_dir(), f"../shared not found at {SHARED} (set LEGALCITE_SHARED)"
    return SHARED


@pytest.fixture(scope="session")
def corpora_dir(shared_dir: Path) -> Path:
    return shared_dir / "corpora"


@pytest.fixture(scope="session")
def testdata_dir(shared_dir: Path) -> Path:
    return shared_dir / "testdata"


# ---------------------------------------------------------------- helpers (import: from tests.conftest import …)

def keys(text: str, **kw) -> list[str]:
    """The keys ``legalcite.extract`` finds in ``text`` (short forms without a key left out)."""
    import legalcite

    return [c.key for c in legalcite.extract(text, **kw) if c.key]


def assert_round_trip(key: str) -> str:
    """Print ``key`` with its jurisdiction's printer and parse it back (with that jurisdiction as the hint):
    the same key, once. Returns the printed citation."""
    from legalcite import jurisdictions

    printed = jurisdictions.print_key(key)
    assert printed != key, f"no printed form for {key}"
    found = keys(printed, jurisdiction=key.split("/", 1)[0])
    assert found == [key], (printed, found)
    return printed


def assert_spans_exact(text: str, cites: list) -> None:
    """Every citation's span indexes the input and its text is that slice; spans come in order."""
    for c in cites:
        assert 0 <= c.span.start <= c.span.end <= len(text)
        assert text[c.span.start : c.span.end] == c.text
    assert [c.span.start for c in cites] == sorted(c.span.start for c in cites)


def write_jsonl_gz(path: Path, rows: list[dict]) -> Path:
    """Hand-written snapshot rows as a ``.jsonl.gz`` file (for the readers' tests)."""
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return path
