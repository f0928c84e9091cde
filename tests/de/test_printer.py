"""The German printer: a key printed as a citation reads as German courts print it, and parses back to the same
key — over the real law table (every law whose names have a citable shape), not only the hand-written rows."""
from __future__ import annotations

import functools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.jurisdictions import print_key
from legalcite.jurisdictions.de.build import wanted_id
from legalcite.jurisdictions.de.laws import table
from tests.conftest import assert_round_trip
from tests.de import cases

PRINTED = [
    ("de/bgb/s823/abs1", "§ 823 Abs. 1 BGB"),
    ("de/bgb/s433", "§ 433 BGB"),
    ("de/kschg/s1/abs3/satz1", "§ 1 Abs. 3 Satz 1 KSchG"),
    ("de/bgb/s812/abs1/satz1/alt1", "§ 812 Abs. 1 Satz 1 Alt. 1 BGB"),
    ("de/ustg/s5/abs1/nr3/litb", "§ 5 Abs. 1 Nr. 3 lit. b UStG"),
    ("de/bgb/s307/abs1/satz2/hs1", "§ 307 Abs. 1 Satz 2 Hs. 1 BGB"),
    ("de/egbgb/art229/s5", "Art. 229 § 5 EGBGB"),
    ("de/gg/art1/abs1", "Art. 1 Abs. 1 GG"),
    ("de/sgb-v/s5", "§ 5 SGB V"),
    ("de/bgb", "BGB"),
    ("de/fantasieg/s1", "§ 1 FANTASIEG"),
    ("de/case/bag/2-azr-363-21", "BAG, 2 AZR 363/21"),
    ("de/case/bverfg/2-bvr-624-01", "BVerfG, 2 BvR 624/01"),
    ("de/case/olg-münchen/7-u-1234-19", "OLG München, 7 U 1234/19"),
    ("de/case/bsg/b-14-as-5-15-r", "BSG, B 14 AS 5/15 R"),
    ("de/case/bverwg/9-c-6.12", "BVerwG, 9 C 6.12"),
    ("de/rep/bghz/100/1", "BGHZ 100, 1"),
    ("de/rep/njw/2014/2353", "NJW 2014, 2353"),
    ("de/rep/bfh-nv/2005/1578", "BFH/NV 2005, 1578"),
    ("de/rep/bstbl-ii/2018/81", "BStBl II 2018, 81"),
    ("de/bgb/anlage1", "de/bgb/anlage1"),  # no citation form: the key itself
]


@pytest.mark.parametrize("key,text", PRINTED, ids=[k for k, _ in PRINTED])
def test_printed_form(key: str, text: str) -> None:
    assert print_key(key) == text


_DESIGN_KEYS = sorted({k for _, keys in cases.DESIGN + cases.STATUTES + cases.CASES for k in keys})


@pytest.mark.parametrize("key", _DESIGN_KEYS)
def test_every_key_of_the_case_table_round_trips(key: str) -> None:
    assert_round_trip(key)


_SIMPLE = re.compile(r"[A-ZÄÖÜ][\wÄÖÜäöüß&\-]*(?: (?:[IVX]+|\d{1,4}|[A-ZÄÖÜ]{2,}))?")


@functools.cache
def _laws() -> list[dict]:
    # laws with units whose abbreviations have the shape of a citable name (BGB, SGB V, DBAbkG ARM);
    # GII also lists names like "G Artikel 29 Abs. 6" or "SGB5§252PrüfV" that no one cites after a §
    return [law for law in table()["laws"]
            if law["units"] and law["id"] == wanted_id(law)  # not the loser of an abbreviation clash (AEG 1951)
            and all(_SIMPLE.fullmatch(a) for a in (law["abbr"], law["cite_abbr"], *law["alt_abbrs"]))]


@st.composite
def de_keys(draw) -> str:
    law = draw(st.sampled_from(_laws()))
    unit = draw(st.sampled_from(law["units"]))
    segs = [unit] + draw(st.lists(st.sampled_from(["abs1", "abs2", "satz1", "nr3"]), max_size=1))
    return "/".join(["de", law["id"], *segs])


@settings(max_examples=300, deadline=None)
@given(de_keys())
def test_german_keys_round_trip(key: str) -> None:
    assert_round_trip(key)
