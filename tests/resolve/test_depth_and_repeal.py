"""The deepest unit the text shows, and repeal, against the small store of the shared snapshots: a cited item
that the list lacks is ``invented``, one it has is ``real`` with the item's text handed on (``cited_text``); a
unit, Absatz or item whose text is a repeal mark is ``repealed`` in every jurisdiction's form; an EU act or
article repealed by a later act of the corpus is ``repealed`` naming its successor; a date before an act was in
force is said in the reason."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite.models import citation_from_key
from legalcite.corpora.store import open_store
from legalcite.resolve.store import StoreResolver

TODAY = "2026-11-30"

# (key, date, status, words the reason must contain, words the text handed to attribution must contain: None where
# no unit is handed on)
DEPTH = [
    # Germany: Nummern under the Satz that introduces them, Buchstaben and Doppelbuchstaben under a Nummer
    ("de/tzbfg/s14/abs1/satz2/nr9", "invented", ["§ 14 Abs. 1 Satz 2 TzBfG has Nummern 1–8", "Nr. 9 does not exist"],
     None),
    ("de/tzbfg/s14/abs1/satz2/nr1", "real", ["§ 14 Abs. 1 Satz 2 Nr. 1 TzBfG exists"], "nur vorübergehend besteht"),
    ("de/tzbfg/s14/abs1/nr9", "invented", ["Nummern 1–8"], None),           # Absatz and item, the Satz left out
    ("de/tzbfg/s14/abs1/nr3", "real", [], "zur Vertretung eines anderen Arbeitnehmers"),
    ("de/bgb/s308/nr9/litb/litaa", "real", [], "schützenswertes Interesse"),
    ("de/bgb/s308/nr9/litb/litcc", "invented", ["Buchstaben aa, bb", "does not exist"], None),
    ("de/bgb/s308/nr9/litc", "invented", ["Buchstaben a, b"], None),
    ("de/kschg/s1/abs2/satz2/nr1/litb", "real", [], "an einem anderen Arbeitsplatz"),
    ("de/tzbfg/s14/abs2", "real", [], "kalendermäßige Befristung"),          # the Absatz's own text
    # Switzerland: Buchstaben (with bis), Ziffern nested in a Buchstabe; treaties' points
    ("ch/or/art271a/abs1/litg", "invented", ["Art. 271a Abs. 1 OR has Buchstaben a, b, c, d, e, f",
                                             "lit. g does not exist"], None),
    ("ch/or/art271a/abs1/litf", "real", [], "familiären Situation"),
    ("ch/or/art271a/abs1/lite/ziff4", "real", [], "Vergleich geschlossen"),
    ("ch/or/art271a/abs1/lite/ziff5", "invented", ["Ziffern 1–4"], None),
    ("ch/zpo/art95/abs3/litd", "invented", ["Art. 95 Abs. 3 ZPO has Buchstaben a, b, c", "lit. d does not exist"],
     None),
    ("ch/zpo/art95/abs3/litc", "real", [], "Umtriebsentschädigung"),
    ("ch/stgb/art139/ziff3/litd", "real", [], "besondere Gefährlichkeit"),
    ("ch/stgb/art139/ziff3/lite", "invented", ["Buchstaben a, b, c, d"], None),
    ("int/cisg/art1/par1/ptb", "real", [], None),
    ("int/cisg/art1/par1/ptc", "invented", ["does not exist"], None),
    # China: 项 of a 款; the EU: points; the US and California: subdivisions (these worked before; kept)
    ("cn/中华人民共和国劳动合同法/art39/item2", "real", [], "严重违反"),
    ("cn/中华人民共和国劳动合同法/art39/item7", "invented", ["项 1–6"], None),
    ("eu/reg-2016-679/art6/par1/ptf", "real", [], "legitimate interests"),
    ("eu/reg-2016-679/art6/par1/ptg", "invented", ["points a, b, c, d, e, f"], None),
    ("us/usc/t17/s107/4", "real", [], "effect of the use upon the potential market"),
    ("us/usc/t17/s107/5", "invented", ["(5) does not exist"], None),
    ("us-ca/lab/s2802/a", "real", [], "indemnify"),
    ("us-ca/lab/s2802/z", "invented", ["(z) does not exist"], None),
]

REPEAL = [
    # a unit whose text is the repeal mark of its snapshot
    ("de/bgb/s1300", TODAY, "repealed", ["§ 1300 BGB is repealed (weggefallen)"]),
    ("de/bgb/s279", TODAY, "repealed", ["(weggefallen)"]),
    ("de/bgb/s612/abs3", TODAY, "repealed", ["§ 612 Abs. 3 BGB is repealed (weggefallen)"]),
    ("de/bgb/s312/abs2/satz1/nr4", TODAY, "repealed", ["(weggefallen)"]),
    ("ch/zgb/art50", TODAY, "repealed", ["Art. 50 ZGB is repealed (Aufgehoben)"]),
    ("ch/stgb/art139/ziff2", TODAY, "repealed", ["aufgehoben: only “…” is left"]),
    ("cn/中华人民共和国刑法/art199", TODAY, "repealed", ["第一百九十九条 is repealed (删去)"]),
    ("us/usc/t42/s6232/3", TODAY, "repealed", ["42 U.S.C. § 6232(3) is repealed (Repealed. Pub. L. 106–469"]),
    ("us/usc/t42/s6232/2", TODAY, "real", []),
    # an EU act repealed by an act of the corpus (GDPR Art. 94), an article deleted by one (DSA Art. 89)
    ("eu/dir-1995-46/art7/ptf", TODAY, "repealed",
     ["Directive 95/46/EC was repealed on 2018-05-25 by Article 94 GDPR", "replaced by Regulation (EU) 2016/679"]),
    ("eu/dir-1995-46", "2018-05-24", "real", ["Directive 95/46/EC exists"]),    # known from its repeal clause …
    ("eu/dir-1995-46/art7", "2018-05-24", "not_checked", ["partial"]),            # … but not its text
    ("eu/dir-2000-31/art14", TODAY, "repealed",
     ["was repealed on 2024-02-17 (deleted by Article 89 DSA)", "replaced by Article 6 DSA"]),
    ("eu/dir-2000-31/art14", "2020-01-01", "real", []),
    ("eu/dir-2016-1148/art5", TODAY, "repealed", ["by Article 44 NIS 2 Directive", "correlation table"]),
    # a date before the act was in force
    ("cn/中华人民共和国民法典/art577", "2020-06-01", "invented",
     ["was not in force on 2020-06-01 (in force from 2021-01-01: 《中华人民共和国民法典》第一千二百六十条)"]),
    ("cn/中华人民共和国民法典/art577", "2021-01-01", "real", []),
    ("cn/中华人民共和国劳动合同法/art39", "2007-06-01", "not_checked",   # 2008 text; may have been revised in place
     ["not in force on 2007-06-01 (in force from 2008-01-01", "earlier version"]),
    ("de/burlg/s3", "1962-06-01", "invented", ["in force from 1963-01-01: § 16 BUrlG"]),
    ("de/bgb/s823", "1890-01-01", "invented", ["made on 1896-08-18, its Ausfertigung"]),
    ("eu/reg-2016-679/art6", "2017-06-01", "invented", ["applies from 2018-05-25: Article 99 GDPR"]),
    ("eu/reg-2016-679/art6", "2018-05-25", "real", []),
]


def _resolve(key: str, store: Path, date: str = TODAY):
    [res] = StoreResolver(open_store(store), date=date).resolve([citation_from_key(key)])
    return res


@pytest.mark.parametrize("key, status, words, cited", DEPTH, ids=[c[0] for c in DEPTH])
def test_deepest_unit(small_store: Path, key: str, status: str, words: list[str], cited: str | None) -> None:
    res = _resolve(key, small_store)
    assert res.checked.status.value == status, res.checked.reason
    for w in words:
        assert w in res.checked.reason
    if status == "real":
        assert res.unit is not None and res.checked.checked_key == key, res.checked.reason
        assert (res.unit.cited_text is not None) == (key.count("/") > 2)   # a sub-unit cited: its text handed on
        if cited:
            assert cited in res.unit.text_at_depth and len(res.unit.text_at_depth) < len(res.unit.text) \
                or key.count("/") == 2, res.unit.cited_text
    else:
        assert res.unit is None   # attribution runs on real citations only


@pytest.mark.parametrize("key, date, status, words", REPEAL, ids=[f"{c[0]}@{c[1]}" for c in REPEAL])
def test_repeal_and_force(small_store: Path, key: str, date: str, status: str, words: list[str]) -> None:
    res = _resolve(key, small_store, date)
    assert res.checked.status.value == status, res.checked.reason
    for w in words:
        assert w in res.checked.reason, res.checked.reason
    if status == "repealed":
        assert res.unit is None   # never attributed: a repealed unit's text says nothing
        assert "weggefallen" not in res.checked.reason or key.startswith("de/")


def test_cited_text_is_the_item_not_the_article(small_store: Path) -> None:
    res = _resolve("de/tzbfg/s14/abs1/satz2/nr5", small_store)
    assert res.unit.key == "de/tzbfg/s14" and res.unit.cited_text == "die Befristung zur Erprobung erfolgt,"
    assert "Erprobung" in res.checked.evidence[0].details["cited_excerpt"]
    # the words that introduce the list, at every level above the item (the Satz the citation names)
    assert res.unit.cited_lead is not None and res.unit.cited_lead.startswith("Ein sachlicher Grund liegt")


def test_the_lead_in_of_a_level_the_citation_skips(small_store: Path) -> None:
    """"§ 197 Abs. 1 Nr. 1 BGB" skips Satz 1, whose lead-in states the 30 years every item of it has."""
    res = _resolve("de/bgb/s197/abs1/nr1", small_store)
    assert res.unit.cited_text.startswith("Schadensersatzansprüche, die auf der vorsätzlichen Verletzung")
    assert res.unit.cited_lead is not None and "In 30 Jahren verjähren" in res.unit.cited_lead
    assert "Schadensersatzansprüche" not in res.unit.cited_lead   # the item itself is not its lead-in


# the examples of issue 31 as an answer writes them, through extraction and the check (attribution off: the
# statuses here are the store's)
EXAMPLES = [
    ("Art. 271a Abs. 1 lit. g OR", None, "invented", ["has Buchstaben a, b, c, d, e, f"]),
    ("Art. 95 Abs. 3 lit. d ZPO", None, "invented", ["has Buchstaben a, b, c"]),
    ("§ 14 Abs. 1 Satz 2 Nr. 9 TzBfG", None, "invented", ["has Nummern 1–8"]),
    ("§ 14 Abs. 1 Satz 2 Nr. 1 TzBfG", None, "real", ["§ 14 Abs. 1 Satz 2 Nr. 1 TzBfG exists"]),
    ("§ 1300 BGB", None, "repealed", ["(weggefallen)"]),
    ("§ 279 BGB", None, "repealed", ["(weggefallen)"]),
    ("Article 7(f) of Directive 95/46/EC", None, "repealed", ["by Article 94 GDPR"]),
    ("《民法典》第五百七十七条", "2020-06-01", "invented", ["not in force on 2020-06-01 (in force from 2021-01-01"]),
]


@pytest.mark.parametrize("text, date, status, words", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_issue_examples(small_store: Path, text: str, date: str | None, status: str, words: list[str]) -> None:
    from legalcite.checker import check
    from legalcite.corpora.store import open_store

    (cc,) = check(text, store=open_store(small_store), date=date or TODAY, attribution=False)
    assert cc.status.value == status, cc.reason
    for w in words:
        assert w in cc.reason
