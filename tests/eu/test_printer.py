"""The EU printer: every key it prints parses back to itself, in English (the registry's form), German and French,
over every act the tables name (and acts by number only), every construct, cases and ECLI."""
from __future__ import annotations

import pytest

from legalcite.jurisdictions.eu import acts
from legalcite.jurisdictions.eu.printer import print_key
from tests.conftest import assert_round_trip, keys


def _printable_keys() -> list[str]:
    idx = acts.index()
    out = []
    works = sorted(set(idx.acts) | set(idx.names)) + ["reg-2099-1", "dir-1991-533", "dec-2016-1250", "reg-1971-1408"]
    for w in works:
        for segs in ("art6", "art6/par1", "art6/par1/ptf", "art6/par1/sub1/ptf", "art6/sub2", "art7/pt1/pta",
                     "recital26", "art6/par1/satz2", "art54c"):
            if idx.point_article(w, "6") and "par1" in segs:
                continue  # a definitions article has points, not paragraphs
            out.append(f"eu/{w}/{segs}")
        if w not in ("tfeu", "teu", "charter"):  # a treaty's name alone is a mention, not a citation
            out.append(f"eu/{w}")
    return out + ["eu/reg-2016-679/art4/pt1", "eu/case/c-486-08", "eu/case/t-201-04", "eu/case/c-6-72",
                  "eu/ecli/c-2010-215"]


@pytest.mark.parametrize("key", _printable_keys())
def test_round_trip_through_the_registry(key: str) -> None:
    assert_round_trip(key)


@pytest.mark.parametrize("language", ["de", "fr"])
def test_printed_keys_parse_back_in_other_languages(language: str) -> None:
    wrong = [(k, print_key(k, language), keys(print_key(k, language))) for k in _printable_keys()
             if keys(print_key(k, language)) != [k]]
    assert wrong == []


def test_printer_forms() -> None:
    k = "eu/reg-2016-679/art6/par1/sub1/ptf"
    assert print_key(k) == "Article 6(1), first subparagraph, point (f) GDPR"
    assert print_key(k, "de") == "Art. 6 Abs. 1 UAbs. 1 lit. f DSGVO"
    assert print_key(k, "fr") == "article 6, paragraphe 1, premier alinéa, point f) RGPD"
    assert print_key("eu/reg-2008-593/art3", "de") == "Art. 3 Rom I-VO"
    assert print_key("eu/reg-2011-182/art5", "de") == "Art. 5 der Verordnung (EU) Nr. 182/2011"
    assert print_key("eu/dir-2011-93/art3") == "Article 3 of Directive 2011/93/EU"
    assert print_key("eu/dir-1995-46/art29", "de") == "Art. 29 der Richtlinie 95/46/EG"
    assert print_key("eu/reg-2016-679", "de") == "Verordnung (EU) 2016/679 (DSGVO)"
    assert print_key("eu/case/c-6-72") == "Case 6/72"
    assert print_key("eu/case/c-486-08", "de") == "EuGH, Rs. C-486/08"
    assert print_key("de/bgb/s823") is None and print_key("eu/case/x") is None
