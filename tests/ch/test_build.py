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
