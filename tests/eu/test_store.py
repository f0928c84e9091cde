"""EU snapshot readers, the store, statuses and misattribution in German and English (the store of
tests/conftest.py: a subset of the shared corpora that takes the EU files whole)."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite.checker import check
from legalcite.corpora.store import Store
from legalcite.jurisdictions.eu.snapshots import segment
from legalcite.status import Status


@pytest.mark.parametrize("unit,seg", [("6", "art6"), ("54c", "art54c"), ("recital-26", "recital26"),
                                      ("annex-III", "annex3"), ("recital-None", None)])
def test_segment(unit: str, seg: str | None) -> None:
    assert segment(unit) == seg


def test_units_and_structure(store: Store) -> None:
    u = store.unit("eu/reg-2016-679/art6")
    assert u.heading == "Lawfulness of processing" and u.language == "en" and u.extra["subunits_known"]
    assert [n["value"] for n in u.subunits] == ["1", "2", "3", "4"]
    par1 = u.subunits[0]
    assert [n["label"] for n in par1["children"]] == ["sub", "sub"]
    assert [p["value"] for p in par1["children"][0]["children"]] == list("abcdef")
    de = u.extra["translations"]["de"]
    assert de["heading"] == "Rechtmäßigkeit der Verarbeitung" and de["text"].startswith("(1) Die Verarbeitung")
    art4 = store.unit("eu/reg-2016-679/art4")
    assert [n["value"] for n in art4.subunits] == [str(i) for i in range(1, 27)]   # definitions: points (1) … (26)
    assert store.unit("eu/reg-2016-679/recital26").text.startswith("The principles of data protection")
    assert store.unit("eu/reg-2024-1689/annex3").heading.startswith("ANNEX III")
    assert store.unit("eu/tfeu/art101").extra["toc_only"] and store.unit("eu/tfeu/art101").extra["units_source"] \
        == "known_range_manual"


def test_completeness_follows_the_toc(store: Store) -> None:
    assert store.work("eu/reg-2016-679").complete
    for w in ("tfeu", "teu", "charter", "reg-2008-593", "dir-1993-13", "dir-2019-882"):
        assert not store.work(f"eu/{w}").complete, w
    assert store.work_languages("eu", "reg-2016-679") == {"en", "de"}


@pytest.mark.parametrize("text,status", [
    ("Art. 6 Abs. 1 lit. f DSGVO", Status.REAL),
    ("Article 5(1)(a) AI Act", Status.REAL),
    ("Erwägungsgrund 26 DSGVO", Status.REAL),
    ("Art. 101 AEUV", Status.REAL),                        # listed by a hand-entered range: exists
    ("Art. 100 DSGVO", Status.INVENTED),                   # the GDPR's 99 articles are complete
    ("Art. 6 Abs. 9 DSGVO", Status.INVENTED),              # Art. 6 has paragraphs 1–4
    ("Art. 6 Abs. 1 lit. z DSGVO", Status.INVENTED),       # points a–f
    ("Art. 4 Nr. 99 DSGVO", Status.INVENTED),              # definitions 1–26
    ("Art. 6 Abs. 1 UAbs. 2 DSGVO", Status.REAL),
    ("Art. 5 Abs. 9 der Richtlinie 2002/58/EG", Status.INVENTED),
    ("Art. 98 Abs. 2 DSGVO", Status.REAL),                 # text without structure: the paragraph is not judged
    ("Erwägungsgrund 200 DSGVO", Status.INVENTED),
    ("Art. 400 AEUV", Status.NOT_CHECKED),                 # never invented from a known_range_manual range
    ("Art. 30 Rom I-VO", Status.NOT_CHECKED),
    ("Article 99 of the European Accessibility Act", Status.NOT_CHECKED),   # units_complete false
    ("Art. 3 der Richtlinie 2008/115/EG", Status.NOT_FINDABLE),  # keyed by its number, not in the snapshots
    ("EuGH, Urteil vom 22. April 2010 – C-486/08", Status.NOT_CHECKED),
])
def test_statuses(small_store: Path, text: str, status: Status) -> None:
    (cc,) = check(text, store=small_store, attribution=False)
    assert cc.status is status, cc.reason


def _attribution(checked):
    return next(e for e in checked.evidence if e.source == "attribution")


def test_misattribution_german_answer_reads_the_german_text(small_store: Path) -> None:
    fine = ("Die Aufsichtsbehörde kann Geldbußen von bis zu 20 000 000 EUR oder bis zu 4 % des weltweiten "
            "Jahresumsatzes verhängen (Art. 83 Abs. 5 DSGVO).")
    (cc,) = check(fine, store=small_store)
    assert cc.status is Status.REAL and _attribution(cc).details["bm25"]["rank"] == 0   # read in German
    (cc,) = check(fine.replace("Art. 83 Abs. 5", "Art. 7"), store=small_store)
    assert cc.status is Status.MISATTRIBUTED and _attribution(cc).details["bm25"]["better"][0][0] == \
        "eu/reg-2016-679/art83"


def test_misattribution_english_answer_reads_the_english_text(small_store: Path) -> None:
    fine = ("Administrative fines of up to EUR 20 000 000 or 4 % of the total worldwide annual turnover may be "
            "imposed (Article 83(5) GDPR).")
    (cc,) = check(fine, store=small_store)
    assert cc.status is Status.REAL
    (cc,) = check(fine.replace("Article 83(5)", "Article 7"), store=small_store)
    assert cc.status is Status.MISATTRIBUTED and _attribution(cc).details["bm25"]["better"][0][0] == \
        "eu/reg-2016-679/art83"


def test_units_of_work_in_a_language(store: Store) -> None:
    de = dict((k, t) for k, _, t in store.units_of_work("eu", "reg-2016-679", language="de"))
    en = dict((k, t) for k, _, t in store.units_of_work("eu", "reg-2016-679", language="en"))
    assert set(de) < set(en) and de["eu/reg-2016-679/art17"].startswith("(1) Die betroffene Person")  # no recitals
    assert not en["eu/reg-2016-679/art17"].startswith("(1) Die")
    assert "eu/reg-2016-679/recital26" in en and "eu/reg-2016-679/recital26" not in de
