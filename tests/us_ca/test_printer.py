"""The California printer: Bluebook forms (the first name the code table lists), Roman numerals in the Constitution;
a printed key parses back to the same key — over every section of the complete codes, not only the hand-written
rows."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import legalcite
from legalcite.jurisdictions import print_key
from legalcite.jurisdictions.us_ca.codes import table
from tests.conftest import assert_round_trip
from tests.us_ca import cases

PRINTED = [
    ("us-ca/civ/s1542", "Cal. Civ. Code § 1542"),
    ("us-ca/ccp/s425.16/b/1", "Cal. Civ. Proc. Code § 425.16(b)(1)"),
    ("us-ca/ccp/s437c/c", "Cal. Civ. Proc. Code § 437c(c)"),
    ("us-ca/pen/s187/a", "Cal. Penal Code § 187(a)"),
    ("us-ca/gov/s12940/h", "Cal. Gov't Code § 12940(h)"),
    ("us-ca/bpc/s17200", "Cal. Bus. & Prof. Code § 17200"),
    ("us-ca/const/art1/s1", "Cal. Const. art. I, § 1"),
    ("us-ca/const/art13a/s1", "Cal. Const. art. XIII A, § 1"),
    ("us-ca/const/art1/s1/a", "Cal. Const. art. I, § 1, subd. (a)"),
    ("us-ca/case/51/cal.4th/310", "51 Cal. 4th 310"),
    ("us-ca/case/120/cal.rptr.3d/741", "120 Cal. Rptr. 3d 741"),
    ("us-ca/civ", "Cal. Civ. Code"),
    ("us-ca/xyz/s1", "us-ca/xyz/s1"),  # no such code: the key itself
]


@pytest.mark.parametrize("key,text", PRINTED, ids=[k for k, _ in PRINTED])
def test_printed_form(key: str, text: str) -> None:
    assert print_key(key) == text


_ROWS = cases.DESIGN_EXAMPLES + cases.BLUEBOOK + cases.STYLE_MANUAL + cases.CONSTITUTION


@pytest.mark.parametrize("key", sorted({k for _, keys in _ROWS for k in keys}))
def test_every_key_of_the_case_table_round_trips(key: str) -> None:
    assert_round_trip(key)


def test_every_section_of_the_complete_codes_round_trips() -> None:
    """Every section the shipped table lists (the 16 complete codes), printed and parsed back."""
    failed, n = [], 0
    for code in table()["codes"]:
        for sec in code["sections"]:
            key, n = f"us-ca/{code['code']}/s{sec}", n + 1
            if [c.key for c in legalcite.extract(print_key(key), jurisdiction="us-ca")] != [key]:
                failed.append(key)
    assert n > 10_000 and failed == []


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(c["code"] for c in table()["codes"])),
       st.from_regex(r"[1-9][0-9]{0,4}(?:\.[0-9]{1,2})?[a-c]?", fullmatch=True),
       st.lists(st.sampled_from(["a", "b", "1", "A"]), max_size=2))
def test_any_code_section_round_trips(code: str, section: str, subs: list[str]) -> None:
    assert_round_trip("/".join(["us-ca", code, f"s{section}", *subs]))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 35), st.sampled_from(["", "a", "b"]), st.lists(st.integers(1, 30), max_size=1))
def test_constitution_keys_round_trip(article: int, letter: str, sec: list[int]) -> None:
    assert_round_trip("/".join(["us-ca", "const", f"art{article}{letter}", *(f"s{s}" for s in sec)]))
