"""California codes (Bluebook and California Style Manual forms), the California Constitution, California
reporters, short forms bound to the code in scope, and the jurisdiction-from-context rule."""
from __future__ import annotations

import gzip
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legalcite import extract, parse
from legalcite.jurisdictions.us_ca import extract as us_ca
from legalcite.jurisdictions.us_ca.codes import table
from legalcite.models import Form, StatuteMetadata
from tests.us_ca.cases import BLUEBOOK, CA, CONSTITUTION, DESIGN_EXAMPLES, STYLE_MANUAL


def keys(text: str, **kw) -> list[str | None]:
    return [c.key for c in extract(text, **kw)]


@pytest.mark.parametrize("text,expected", DESIGN_EXAMPLES + BLUEBOOK + STYLE_MANUAL + CONSTITUTION,
                         ids=lambda v: v if isinstance(v, str) else None)
def test_forms(text: str, expected: list[str]) -> None:
    assert keys(CA.format(text)) == expected


def test_design_examples_with_hint() -> None:
    for text, expected in DESIGN_EXAMPLES:
        assert [c.key for c in parse(text, jurisdiction="us-ca")] == expected


def test_every_code_by_every_name() -> None:
    """Each of the 29 codes is found under each name it is cited by (table-driven from the shipped table)."""
    codes = table()["codes"]
    assert len(codes) == 29
    missed = []
    for c in codes:
        for name in c["cited_as"]:
            text = f"Under Cal. {name} Code § 100, the court ruled." if not name.startswith("Code") \
                else f"Under Cal. {name} § 100, the court ruled."
            if keys(text) != [f"us-ca/{c['code']}/s100"]:
                missed.append((name, keys(text)))
    assert missed == []


def test_work_ids_are_leginfo_codes(corpora_dir) -> None:
    with gzip.open(corpora_dir / "ca_codes_toc.jsonl.gz", "rt", encoding="utf-8") as fh:
        law_codes = {json.loads(line)["code"] for line in fh}
    shipped = {c["code"] for c in table()["codes"]}
    assert shipped == {lc.lower() for lc in law_codes} - {"cons"}


# ---------------------------------------------------------------- jurisdiction from context

def test_spelled_out_code_needs_a_california_cue() -> None:
    """docs/keys.md, context: ``Civil Code section 1542`` alone is left unresolved rather than guessed."""
    [c] = extract("The Civil Code section 1542 waiver was signed by both of the parties.", unresolved=True)
    assert c.key is None and c.work == "civ"
    assert c.metadata == StatuteMetadata(work_name="Civil", jurisdiction_candidates=("us-ca",))
    assert keys("The Civil Code section 1542 waiver was signed.") == []
    assert keys("The Civil Code section 1542 waiver was signed.", jurisdiction="us-ca") == ["us-ca/civ/s1542"]
    assert keys("The Civil Code section 1542 waiver was signed.", jurisdiction="cn", unresolved=True) == [None]
    # a Style Manual abbreviation is California's by itself
    assert keys("The waiver (Civ. Code, § 1542) was signed by both of the parties.") == ["us-ca/civ/s1542"]


def test_range_expands_over_the_sections_the_code_lists() -> None:
    """``§§ 335.1–338`` yields the CCP sections between, as the table of contents lists them (decimals too)."""
    got = keys(CA.format("Code of Civil Procedure sections 335.1 to 337"))
    assert got[0] == "us-ca/ccp/s335.1" and got[-1] == "us-ca/ccp/s337"
    assert "us-ca/ccp/s336" in got and "us-ca/ccp/s336a" in got


# ---------------------------------------------------------------- short forms and cases

def test_short_sections_bind_to_the_code_in_scope() -> None:
    text = ("In California, a general release under Civil Code section 1542 does not extend to unknown claims. "
            "The parties may waive section 1542, but a penalty clause is void under § 1671(b).")
    cites = extract(text)
    assert [c.key for c in cites] == ["us-ca/civ/s1542", "us-ca/civ/s1542", "us-ca/civ/s1671/b"]
    assert [c.form for c in cites] == [Form.FULL, Form.SHORT, Form.SHORT]
    assert cites[1].antecedent == 0 and cites[2].antecedent == 0


def test_california_cases_and_style_manual_short_forms() -> None:
    text = ("(Kwikset Corp. v. Superior Court (2011) 51 Cal.4th 310, 320 [120 Cal.Rptr.3d 741, 246 P.3d 877].) "
            "Standing requires lost money. (Id. at p. 322.) A plaintiff must show reliance. (Ibid.) "
            "The court so held in People v. Smith (2016) 3 Cal.App.5th 100, 105.")
    cites = extract(text)
    assert [c.key for c in cites] == [
        "us-ca/case/51/cal.4th/310", "us-ca/case/120/cal.rptr.3d/741", "us/case/246/p.3d/877",
        "us-ca/case/51/cal.4th/310", "us-ca/case/51/cal.4th/310", "us-ca/case/3/cal.app.5th/100"]
    assert [c.pin for c in cites] == ["320", None, None, "322", "322", "105"]
    assert cites[-1].metadata.year == "2016"


def test_negatives() -> None:
    for text in ("The Code of Conduct applies to 5 Members.", "Code 3 response at 10 P.M.",
                 "The Penal Code was amended in 1872.", "California's Civil Code is long."):
        assert [c for c in extract(text) if c.jurisdiction == "us-ca" or c.work in ("civ", "pen", "ccp")] == []


def test_anchor_is_a_small_pattern() -> None:
    import re

    assert len(us_ca.EXTRACTOR.anchor) < 300
    re.compile(us_ca.EXTRACTOR.anchor)


def _code_names() -> list[tuple[str, str]]:
    return [(c["code"], n) for c in table()["codes"] for n in c["cited_as"]]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_code_names()), st.from_regex(r"[1-9][0-9]{0,4}(?:\.[0-9]{1,2})?[a-c]?", fullmatch=True),
       st.lists(st.sampled_from(["a", "b", "1", "A"]), max_size=2), st.booleans())
def test_every_name_of_a_code_parses_to_its_key(code_name: tuple[str, str], section: str, subs: list[str],
                                                 style_manual: bool) -> None:
    """``us-ca/<code>/s<section>/...`` written with any name of the code, in either style, parses to that key (the
    printer's own form: tests/us_ca/test_printer.py)."""
    code, name = code_name
    key = "/".join(["us-ca", code, f"s{section}", *subs])
    full = name if name.startswith("Code") else f"{name} Code"
    tail = "".join(f"({s})" for s in subs)
    printed = f"({full}, § {section}{tail}.)" if style_manual else f"Cal. {full} § {section}{tail}"
    assert keys(CA.format(printed)) == [key]
