"""Stated quantities (legalcite.attribution.quantities): figures in digits and in words, normalised to a value and a
unit, read with the number words each jurisdiction package ships (``data/quantities.json``)."""
from __future__ import annotations

import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.attribution.quantities import Quantity, quantities, stated_in
from legalcite.jurisdictions import PACKAGES, quantity_words, registered

# (text, its language, the figures it states as (value, unit))
CASES = [
    ("Die Kündigungsschutzklage muss innerhalb von drei Wochen erhoben werden.", "de", [(3, "week")]),
    ("Die Probezeit darf auf höchstens drei Monate verlängert werden.", "de", [(3, "month")]),
    ("Volljährig wird man mit 18 Jahren.", "de", [(18, "year")]),
    ("mit der Vollendung des 18. Lebensjahres", "de", [(18, "year")]),
    ("mit Vollendung des achtzehnten Lebensjahres", "de", [(18, "year")]),
    ("eine vierwöchige Frist", "de", [(4, "week")]),
    ("die zweijährige Gewährleistungsfrist", "de", [(2, "year")]),
    ("binnen einer 30-tägigen Frist", "de", [(30, "day")]),
    ("einundzwanzig Tage", "de", [(21, "day")]),
    ("ein halbes Jahr", "de", [(0.5, "year")]),
    ("drei bis sechs Monate", "de", [(3, "month"), (6, "month")]),
    ("Geldbußen von bis zu 20 Mio. EUR oder bis zu 4 % des Jahresumsatzes", "de",
     [(20_000_000, "EUR"), (4, "percent")]),
    ("ein Schaden von 5.000 EUR", "de", [(5000, "EUR")]),
    ("Verzugszinse zu fünf vom Hundert für das Jahr", "de", [(5, "percent")]),   # Art. 104 Abs. 1 OR
    ("zweihundertfünfzig Euro", "de", [(250, "EUR")]),
    ("mindestens drei Mitglieder", "de", [(3, "count")]),
    ("24 Werktage", "de", [(24, "workday")]),
    ("Busse bis zu CHF 5'000", "de", [(5000, "CHF")]),
    ("within thirty days", "en", [(30, "day")]),
    ("one hundred and eighty days", "en", [(180, "day")]),
    ("a two-year period", "en", [(2, "year")]),
    ("a fine of $2,500", "en", [(2500, "USD")]),
    ("up to 20 000 000 EUR", "en", [(20_000_000, "EUR")]),
    ("at least 15 employees", "en", [(15, "count")]),
    ("within 10 business days", "en", [(10, "workday")]),
    ("not exceed 72 hours", "en", [(72, "hour")]),
    ("two-thirds of the members", "en", [(2, "third")]),
    ("dans les trente jours", "fr", [(30, "day")]),
    ("quatre-vingt-dix jours", "fr", [(90, "day")]),
    ("vingt et un jours", "fr", [(21, "day")]),
    ("20 pour cent", "fr", [(20, "percent")]),
    ("entro trenta giorni", "it", [(30, "day")]),
    ("其发表权的保护期为作者终生及其死亡后五十年", "zh", [(50, "year")]),
    ("处三年以下有期徒刑", "zh", [(3, "year")]),
    ("试用期不得超过六个月", "zh", [(6, "month")]),
    ("百分之二十", "zh", [(20, "percent")]),
    ("处五万元以上罚款", "zh", [(50_000, "CNY")]),
    ("年满十八周岁", "zh", [(18, "year")]),
    ("三十日内", "zh", [(30, "day")]),
    ("1万元", "zh", [(10_000, "CNY")]),
]

# references, dates and ordinals are no quantities
NONE = [
    ("§ 622 Abs. 2 Nr. 1 BGB und Art. 6 Abs. 1 lit. f DSGVO", "de"),
    ("am 1. Januar 2021 in Kraft getreten", "de"),
    ("42 U.S.C. § 1983 and section 5 of title 18", "en"),
    ("a third country", "en"),
    ("截止于作者死亡后第五十年的12月31日", "zh"),
    ("自2021年1月1日起施行", "zh"),
    ("本法第十条第一款第五项", "zh"),
]


@pytest.mark.parametrize("text, language, want", CASES)
def test_figures_are_read_in_digits_and_words(text: str, language: str, want: list) -> None:
    got = [(q.value, q.unit) for q in quantities(text, [language])]
    assert got == [(float(v), u) for v, u in want]


@pytest.mark.parametrize("text, language", NONE)
def test_references_dates_and_ordinals_are_no_figures(text: str, language: str) -> None:
    assert quantities(text, [language]) == []


@pytest.mark.parametrize("a, b, same", [
    ((2, "week"), (14, "day"), True),      # one period, two ways
    ((24, "month"), (2, "year"), True),
    ((0.5, "year"), (6, "month"), True),
    ((3, "week"), (3, "month"), False),
    ((3, "day"), (3, "workday"), False),   # a working day is no calendar day
    ((20, "percent"), (20, "count"), False),
])
def test_figures_compare_in_one_family(a: tuple, b: tuple, same: bool) -> None:
    assert stated_in(Quantity(a[0], a[1], "", 0, 0), [Quantity(b[0], b[1], "", 0, 0)]) is same


def test_each_language_has_one_owner_and_its_table_is_well_formed() -> None:
    owners: dict[str, str] = {}
    for j in registered():
        for lang in j.quantity_languages:
            assert lang not in owners, f"{lang} shipped by {owners[lang]} and {j.code}"
            owners[lang] = j.code
            raw = json.loads(resources.files(f"legalcite.jurisdictions.{PACKAGES[j.code]}").joinpath(
                "data", "quantities.json").read_text(encoding="utf-8"))
            assert lang in raw and quantity_words(lang) == raw[lang]
    assert {"de", "en", "fr", "it", "zh"} <= set(owners)
    assert quantity_words("xx") is None and quantities("drei Wochen", ["xx"]) == []


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789 .,'%€$§-Tage Wochen drei zwanzig 三年第十日月"), max_size=60))
def test_any_text_reads_without_error(text: str) -> None:
    for q in quantities(text, ["de", "en", "zh"]):
        assert 0 <= q.start < q.end <= len(text) and q.value >= 0
