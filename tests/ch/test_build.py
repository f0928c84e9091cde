"""The SR act table holds what the extractor relies on (that it equals a fresh build: tests/core/test_data.py)."""
from __future__ import annotations

from legalcite.jurisdictions.ch import acts


def test_ids_follow_design() -> None:
    # docs/keys.md: the German abbreviation lowercased; treaties by their English id; French and Italian forms alias
    assert [acts.lookup(a) for a in ("OR", "CO", "ZGB", "CC", "Cst.", "LP", "LEF", "BVV 2")] == \
        ["or", "or", "zgb", "zgb", "bv", "schkg", "schkg", "bvv-2"]
    assert [acts.lookup(a) for a in ("EMRK", "CEDH", "CEDU", "ECHR", "LugÜ", "CL", "CISG", "UNO-Pakt II")] == \
        ["echr", "echr", "echr", "echr", "lugano", "lugano", "cisg", "iccpr"]
    assert acts.act("echr")["jurisdiction"] == "int" and acts.act("or")["jurisdiction"] == "ch"
    assert acts.lookup("of") is None  # lower-case words are never looked up case-insensitively


def test_article_lists_and_schlusstitel() -> None:
    assert acts.act("or")["complete"] and "41" in acts.units("or") and "328b" in acts.units("or")
    assert acts.units("zgb", schlt=True)[:3] == ["1", "2", "3"]
    assert not acts.act("echr")["complete"]  # ch_toc has no article list for the ECHR (SR 0.101)


def test_english_names() -> None:
    # data/english.json: Fedlex's English abbreviations and the writers' forms are aliases of the lowest rank, so that
    # a French or Italian form of another act keeps its act; every work id there is an act of the table
    from legalcite.core.data import load
    from legalcite.jurisdictions.ch.build import english_forms

    assert [acts.lookup(a) for a in ("CO", "CC", "SCC", "CrimPC", "CPC", "DEBA", "PILA", "FADP", "SCO", "FC")] == \
        ["or", "zgb", "stgb", "stpo", "zpo", "schkg", "iprg", "dsg", "or", "bv"]
    english = load("legalcite.jurisdictions.ch", "english.json")
    assert set(english["acts"]) <= set(acts.table()["acts"])
    titles, abbrs = english_forms({"zpo": english["acts"]["zpo"]})
    assert titles == {"zpo": ["Swiss Civil Procedure Code", "Civil Procedure Code", "Swiss Code of Civil Procedure"]}
    assert abbrs == {"zpo": ["CPC"]}
