"""Case names compared as a careful reader compares them (legalcite.casenames): either party counts; T6
abbreviations, corporate designations, procedural phrases and OCR-sized slips do not make two cases differ; a
shared government party does not make them one."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.casenames import compare, is_generic, party_form, party_keys, split_parties

# (name the citation gives, name the table lists, the same decision?)
SAME = [
    ("Zicherman v. Korean Air Lines Co., Ltd.", "Zicherman v. Korean Air Lines Co.", True),     # Ltd. dropped
    ("Piper Aircraft Co. v. Reyno", "Piper Aircraft Company v. Reyno", True),                   # Co. = Company
    ("Bell Atl. Corp. v. Twombly", "Bell Atlantic Corp. v. Twombly", True),                     # T6: Atl.
    ("Twombly", "Bell Atlantic Corp. v. Twombly", True),                                        # one party named
    ("Estate of Durden v. KLM Royal Dutch Airlines", "Durden v. KLM Royal Dutch Airlines", True),
    ("NLRB v. Jones & Laughlin Steel Corp.", "National Labor Relations Board v. Jones & Laughlin Steel Corp.", True),
    ("Ehrlich v. American Airlines Inc.", "Ehrlich v. American Airlines, Inc.", True),          # comma before Inc.
    ("Ehrlich vs. Am. Airlines", "Ehrlich v. American Airlines, Inc.", True),                   # vs.; T6: Am.
    ("Comm'r v. Glenshaw Glass Co.", "Commissioner v. Glenshaw Glass Co.", True),
    ("Marbury v. Madisson", "Marbury v. Madison", True),                                       # a slip
    ("In re Air Crash Disaster Near New Orleans, La.", "In re Air Crash Disaster Near New Orleans, Louisiana", True),
    ("Varghese v. China Southern Airlines Co.", "J.D. v. Azar", False),                         # Mata v. Avianca
    ("Petersen v. Iran Air", "United States v. ISS Marine Services, Inc.", False),
    ("Miller v. United Airlines, Inc.", "Greenleaf v. Garlock, Inc.", False),
    ("United States v. Smith", "United States v. Jones", False),                                # government party
    ("Texas v. White", "Texas v. Johnson", False),                                              # a state
    ("People v. Anderson", "People v. Andrews", False),
    ("Delta Air Lines v. Smith", "China Southern Airlines v. Jones", False),                    # one word shared
]


@pytest.mark.parametrize("cited,listed,same", SAME, ids=[f"{a} | {b}" for a, b, _ in SAME])
def test_either_party_names_the_decision(cited: str, listed: str, same: bool) -> None:
    got = compare(cited, listed)
    assert got.same is same, got
    assert got.to_dict()["cited_name"] == cited and got.to_dict()["listed_name"] == listed
    assert (got.matched is not None) is same


@pytest.mark.parametrize("party,form", [
    ("China Southern Airlines Co., Ltd.", "china s airlines"),     # T6 Southern → S.; Co., Ltd. dropped
    ("Estate of Durden", "durden"),
    ("The Comm'n on Civil Rights", "commn on civil rights"),
    ("Société Générale S.A.", "societe generale"),                # accents dropped; S.A. a designation
    ("J.D.", "jd"),
])
def test_party_forms(party: str, form: str) -> None:
    assert party_form(party) == form


def test_parties_and_generic_parties() -> None:
    assert split_parties("Marbury v. Madison") == ("Marbury", "Madison")
    assert split_parties("Ehrlich vs. American Airlines") == ("Ehrlich", "American Airlines")
    assert split_parties("In re Gault") == ("In re Gault",)
    assert party_keys("Varghese v. China Southern Airlines Co., Ltd.") == ("varghese", "china s airlines")
    assert party_keys(None) is None
    assert all(is_generic(party_form(p)) for p in ("United States", "State of Ohio", "People", "Texas"))
    assert not is_generic(party_form("Reyno"))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_any_names_compare_without_error_and_symmetrically_for_identity(a: str, b: str) -> None:
    got = compare(a, b)
    assert 0.0 <= got.score <= 100.0
    if party_form(a) and not is_generic(party_form(a)) and len(party_form(a)) >= 3:
        assert compare(a, a).same
