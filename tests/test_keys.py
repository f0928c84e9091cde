"""Canonical keys and numerals (legalcite/keys.py)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from legalcite import keys
from legalcite.models import Citation, Kind, Unit, citation_from_key


@pytest.mark.parametrize("key,level,expected", [
    ("de/bgb/s823/abs1", "unit", "de/bgb/s823"),
    ("de/bgb/s823/abs1", "work", "de/bgb"),
    ("de/bgb/s823/abs1", "full", "de/bgb/s823/abs1"),
    ("us/usc/t42/s1983/a/1", "unit", "us/usc/t42/s1983"),
    ("us/const/art1/s8/cl3", "unit", "us/const/art1"),
    ("us/const/amend14/s1", "unit", "us/const/amend14"),
    ("us/frcp/r56/a", "unit", "us/frcp/r56"),
    ("cn/中华人民共和国民法典/art509/para2", "unit", "cn/中华人民共和国民法典/art509"),
    ("us-ca/ccp/s437c/c", "unit", "us-ca/ccp/s437c"),
    ("us/case/5/u.s./137", "unit", "us/case/5/u.s./137"),
    ("de/rep/bghz/100/1", "unit", "de/rep/bghz/100/1"),
    ("de/bgb", "unit", "de/bgb"),
])
def test_key_at(key: str, level: str, expected: str) -> None:
    assert keys.key_at(key, level) == expected


def test_the_label_table_of_docs_keys_md_is_what_the_jurisdictions_declare() -> None:
    """docs/keys.md's table of labels (the unit's in bold) against each package's KeyScheme: the contract and the
    code say the same."""
    import re
    from pathlib import Path

    from legalcite import jurisdictions

    doc = (Path(__file__).resolve().parents[1] / "docs" / "keys.md").read_text(encoding="utf-8")
    table = doc.split("| jurisdiction | labels (the unit's in bold) |", 1)[1].split("\n\n", 1)[0]
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| (.+) \|$", table, re.M))
    assert list(rows) == list(jurisdictions.PACKAGES)
    for code, cell in rows.items():
        scheme = jurisdictions.get(code).keys
        assert set(re.findall(r"`([a-z]+)`", cell)) == set(scheme.labels), code
        assert set(re.findall(r"\*\*`([a-z]+)`\*\*", cell)) == set(scheme.unit), code


def test_segments_split_by_the_registered_labels() -> None:
    """Longest label first, a letter only after a lettered label, a bare value without one."""
    assert [keys.split_segment(s) for s in ("satz2", "sub1", "para1", "par1", "lita", "ptf", "pt1", "s823a",
                                             "recital26", "annex3", "abs2bis", "a", "C", "disp16", "schlt", "lit",
                                             "sa1")] == [
        ("satz", "2"), ("sub", "1"), ("para", "1"), ("par", "1"), ("lit", "a"), ("pt", "f"), ("pt", "1"),
        ("s", "823a"), ("recital", "26"), ("annex", "3"), ("abs", "2bis"), ("", "a"), ("", "C"), ("", "disp16"),
        ("", "schlt"), ("", "lit"), ("", "sa1")]


def test_key_at_rejects_bad_level_and_bad_key() -> None:
    with pytest.raises(ValueError):
        keys.key_at("de/bgb/s1", "paragraph")
    with pytest.raises(keys.InvalidKey):
        keys.split("bgb")


segment = st.sampled_from(["s823", "abs1", "satz2", "art577", "para1", "item2", "t42", "s1983", "a", "2", "C", "lita",
                           "nr3"])
key_st = st.builds(lambda j, w, segs: keys.join(j, w, segs), st.sampled_from(["de", "cn", "us", "us-ca"]),
                   st.sampled_from(["bgb", "usc", "中华人民共和国民法典", "civ"]), st.lists(segment, max_size=5))


@given(key_st, st.sampled_from(keys.LEVELS))
def test_key_at_is_an_idempotent_prefix(key: str, level: str) -> None:
    k = keys.key_at(key, level)
    assert key.startswith(k)
    assert keys.key_at(k, level) == k


@given(st.integers(min_value=1, max_value=3999))
def test_numerals_round_trip(n: int) -> None:
    assert keys.cn_to_int(keys.int_to_cn(n)) == n
    assert keys.roman_to_int(keys.int_to_roman(n)) == n


@pytest.mark.parametrize("cn,n", [("一千零七十九", 1079), ("第"[:0] + "二百六十四", 264), ("十", 10), ("一百零七", 107),
                                   ("五百零九", 509), ("一千二百六十", 1260), ("两", 2), ("１２", 12),
                                   ("二〇二一", 2021), ("一千零十", 1010), ("三百零十", 310), ("一千零百", 1100)])
def test_chinese_numerals(cn: str, n: int) -> None:
    assert keys.cn_to_int(cn) == n


@pytest.mark.parametrize("printed,value", [("XIV", "14"), ("I", "1"), ("823a", "823a"), ("1026.18", "1026.18"),
                                           ("XIII A", "13a"), ("五百七十七", "577"), ("437c", "437c")])
def test_numeral_value(printed: str, value: str) -> None:
    assert keys.numeral_value(printed) == value


@given(key_st)
def test_citation_from_key_round_trips(key: str) -> None:
    assert citation_from_key(key).key == key


def test_citation_equality_ignores_where_it_was_cited() -> None:
    a = Citation(jurisdiction="de", kind=Kind.STATUTE, work="bgb", units=(Unit("s", "823"),), text="§ 823 BGB")
    b = a.replace(text="§ 823 des BGB")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.to_dict()["key"] == "de/bgb/s823"


@pytest.mark.parametrize("cn,irregular", [("三百零十", True), ("一千零百", True), ("一千零十", False),
                                          ("一千零七十九", False), ("三百一十", False), ("二〇二一", False)])
def test_irregular_numerals(cn: str, irregular: bool) -> None:
    assert keys.cn_numeral_irregular(cn) is irregular

