"""Treaty extraction (``int``): the case tables of tests/intl/cases.py."""
from __future__ import annotations

import pytest

import legalcite
from tests.intl import cases


def _rows(*tables) -> list:
    return [pytest.param(r[0], r[1], r[2] if len(r) > 2 else {}, id=r[0][:60]) for table in tables for r in table]


@pytest.mark.parametrize("text,expected,options", _rows(cases.DESIGN, cases.TREATIES, cases.CASES))
def test_table(text: str, expected: list[str], options: dict) -> None:
    assert [c.key for c in legalcite.extract(text, **options) if c.key] == expected


@pytest.mark.parametrize("text", cases.NEGATIVE)
def test_negative(text: str) -> None:
    assert [c.key for c in legalcite.extract(text) if c.key] == []
