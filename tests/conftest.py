"""Shared test fixtures. ``../shared`` (corpora and test data) sits beside the checkout, in CI too;
``LEGALCITE_SHARED`` overrides its location."""
from __future__ import annotations

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
