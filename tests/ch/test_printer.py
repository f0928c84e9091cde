"""Swiss and treaty keys printed as citations parse back to the same key, over the real SR table (every act with an
abbreviation of a citable shape and an article list), not only the hand-written cases."""
from __future__ import annotations

import functools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import legalcite
from legalcite.jurisdictions.ch import acts
from legalcite.jurisdictions.ch.printer import print_key
from legalcite.jurisdictions.intl.printer import print_key as print_int_key
from tests.conftest import assert_round_trip

_CITABLE = re.compile(r"[A-ZÄÖÜ][\wÄÖÜäöü\-]*(?: (?:[IVX]+|\d{1,2}))?")


@functools.cache
def _acts() -> list[tuple[str, str, list[str]]]:
    """(jurisdiction, work, articles) for acts whose abbreviation has a citable shape and maps back to them."""
    out = []
    for wid, a in acts.table()["acts"].items():
        abbr = a.get("abbr")
        if a.get("units") and abbr and _CITABLE.fullmatch(abbr) and acts.lookup(abbr) == wid:
            out.append((a["jurisdiction"], wid, a["units"]))
    return sorted(out)


@st.composite
def sr_keys(draw) -> str:
    jur, wid, units = draw(st.sampled_from(_acts()))
    unit = draw(st.sampled_from(units))
    subs = {"ch": ["abs1", "abs2", "ziff1", "lita"], "int": ["par1", "par2", "pta"]}[jur]
    return "/".join([jur, wid, f"art{unit}", *draw(st.lists(st.sampled_from(subs), max_size=1))])


@settings(max_examples=300, deadline=None)
@given(sr_keys())
def test_sr_keys_round_trip(key: str) -> None:
    assert_round_trip(key)


@pytest.mark.parametrize("key,text", [
    ("ch/or/art41/abs1", "Art. 41 Abs. 1 OR"),
    ("ch/stgb/art123/ziff1/abs1", "Art. 123 Ziff. 1 Abs. 1 StGB"),
    ("ch/zgb/schlt/art13a/abs1", "Art. 13a Abs. 1 SchlT ZGB"),
    ("ch/rep/bge/140/iii/86", "BGE 140 III 86"),
    ("ch/rep/bge/120/ia/5", "BGE 120 Ia 5"),
    ("ch/case/bger/4a_123-2020", "Urteil 4A_123/2020"),
    ("ch/polg-zh/s55", "§ 55 POLG/ZH"),
    ("ch/sr-251.4/art5/abs2", "Art. 5 Abs. 2 der Verordnung vom 17. Juni 1996 über die Kontrolle von "
                              "Unternehmenszusammenschlüssen"),
    ("int/echr/art6/par1", "Art. 6 Ziff. 1 EMRK"),
    ("int/cisg/art1/par1/pta", "Art. 1 Ziff. 1 lit. a CISG"),
    ("int/case/echr/13444-04", "EGMR, Nr. 13444/04"),
])
def test_printed_forms(key: str, text: str) -> None:
    printed = (print_int_key if key.startswith("int/") else print_key)(key)
    assert printed == text
    assert [c.key for c in legalcite.extract(printed, jurisdiction="ch")] == [key]
