"""The US federal printer: Bluebook forms, Roman numerals in the Constitution for any number; a printed key parses
back to the same key — over every section of the U.S. Code table, not only the hand-written rows."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legalcite.core.data import load
from legalcite.jurisdictions import print_key
from legalcite.jurisdictions.us_common.printer import roman
from tests.conftest import assert_round_trip
from tests.us import cases

PRINTED = [
    ("us/usc/t42/s1983", "42 U.S.C. § 1983"),
    ("us/usc/t18/s1030/a/2/C", "18 U.S.C. § 1030(a)(2)(C)"),
    ("us/usc/t42/s2000e-2/a", "42 U.S.C. § 2000e-2(a)"),
    ("us/cfr/t12/s1026.18", "12 C.F.R. § 1026.18"),
    ("us/frcp/r56/a", "Fed. R. Civ. P. 56(a)"),
    ("us/frcrp/r11", "Fed. R. Crim. P. 11"),
    ("us/fre/r403", "Fed. R. Evid. 403"),
    ("us/frap/r4/a/1/A", "Fed. R. App. P. 4(a)(1)(A)"),
    ("us/const/amend14/s1", "U.S. Const. amend. XIV, § 1"),
    ("us/const/art1/s8/cl3", "U.S. Const. art. I, § 8, cl. 3"),
    ("us/const/amend27", "U.S. Const. amend. XXVII"),
    ("us/const", "U.S. Const."),
    ("us/case/5/u.s./137", "5 U.S. 137"),
    ("us/case/645/f.supp.2d/587", "645 F. Supp. 2d 587"),
    ("us/usc", "U.S.C."),
    ("us/usc/t42", "us/usc/t42"),  # a title alone is no citation: the key itself
]


@pytest.mark.parametrize("key,text", PRINTED, ids=[k for k, _ in PRINTED])
def test_printed_form(key: str, text: str) -> None:
    assert print_key(key) == text


@pytest.mark.parametrize("n,numeral", [(1, "I"), (7, "VII"), (14, "XIV"), (27, "XXVII"), (49, "XLIX"),
                                       (1990, "MCMXC")])
def test_roman_numerals_for_any_number(n: int, numeral: str) -> None:
    assert roman(str(n)) == numeral


_ROWS = cases.DESIGN_EXAMPLES + cases.STATUTES + cases.RULES + cases.CONSTITUTION + cases.CASES
_CASE_KEYS = sorted({k for _, keys in _ROWS for k in keys if k.startswith("us/")})


@pytest.mark.parametrize("key", _CASE_KEYS)
def test_every_key_of_the_case_table_round_trips(key: str) -> None:
    assert_round_trip(key)


def test_every_us_code_section_round_trips() -> None:
    """All 50,930 live sections of the U.S. Code table, printed and parsed back (~2 s), the 68 with four letters in
    a row (``15 U.S.C. § 77aaaa``) included."""
    import legalcite

    failed = []
    for title, sections in load("legalcite.jurisdictions.us", "usc.json.gz")["titles"].items():
        for sec in sections:
            key = f"us/usc/t{title}/s{sec}"
            if [c.key for c in legalcite.extract(print_key(key), jurisdiction="us")] != [key]:
                failed.append(key)
    assert failed == []


def test_section_letters_bound_comes_from_the_table() -> None:
    """The chain grammar admits as many letters after a section's digits as the U.S. Code's section list has in a
    row (four: ``77aaaa``), and the fast path the same as the grammar."""
    from legalcite.core.parse import grammar_text
    from legalcite.jurisdictions.us_common.chain import REF_RE

    longest = max(len(run) for sections in load("legalcite.jurisdictions.us", "usc.json.gz")["titles"].values()
                  for sec in sections for run in re.findall(r"[A-Za-z]+", sec))
    ref = re.search(r"^REF: /(.*)/$", grammar_text("legalcite.jurisdictions.us_common", "units"), re.M).group(1)
    assert ref == REF_RE
    assert f"[A-Za-z]{{0,{longest}}}" in ref


_SUB = st.sampled_from(["a", "b", "1", "2", "A", "B", "i", "iv"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 54), st.from_regex(r"[1-9][0-9]{0,4}[a-f]?(?:-[1-9][0-9]?)?", fullmatch=True),
       st.lists(_SUB, max_size=3))
def test_us_code_keys_with_sub_units_round_trip(title: int, section: str, subs: list[str]) -> None:
    assert_round_trip("/".join(["us", "usc", f"t{title}", f"s{section}", *subs]))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["cfr", "frcp", "frcrp", "fre", "frap"]), st.integers(1, 54),
       st.from_regex(r"[1-9][0-9]{0,4}(?:\.[0-9]{1,3})?[a-f]?", fullmatch=True), st.lists(_SUB, max_size=3))
def test_regulation_and_rule_keys_round_trip(work: str, title: int, section: str, subs: list[str]) -> None:
    head = [f"t{title}", f"s{section}"] if work == "cfr" else [f"r{section.split('.')[0]}"]
    assert_round_trip("/".join(["us", work, *head, *subs]))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["art", "amend"]), st.integers(1, 27), st.lists(st.integers(1, 12), max_size=1),
       st.lists(st.integers(1, 20), max_size=1))
def test_constitution_keys_round_trip(label: str, n: int, sec: list[int], cl: list[int]) -> None:
    segs = [f"{label}{n}", *(f"s{s}" for s in sec), *(f"cl{c}" for c in cl if sec)]
    assert_round_trip("/".join(["us", "const", *segs]))
