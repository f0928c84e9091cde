"""US federal citations: statutes, regulations, rules, constitution, cases and their short forms.

Tables of ``(text, expected keys)`` rows: DESIGN.md's US examples first and verbatim, then one block per form of
issue 4. English prose around a cite makes the document's language ``en`` as in real opinions.
"""
from __future__ import annotations

import re
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legalcite import extract
from legalcite.jurisdictions import us
from legalcite.models import Form, Kind

EN = "The court held that the claim under {} is the one in this case."


def keys(text: str, **kw) -> list[str | None]:
    return [c.key for c in extract(text, **kw)]


DESIGN_EXAMPLES = [
    ("18 U.S.C. § 1030(a)(2)(C)", ["us/usc/t18/s1030/a/2/C"]),
    ("Fed. R. Civ. P. 56(a)", ["us/frcp/r56/a"]),
    ("U.S. Const. amend. I", ["us/const/amend1"]),
    ("Marbury v. Madison, 5 U.S. 137, 177 (1803)", ["us/case/5/u.s./137"]),
    ("Kwikset Corp. v. Superior Court, 51 Cal. 4th 310 (2011)", ["us-ca/case/51/cal.4th/310"]),
]

STATUTES = [
    ("42 U.S.C. § 1983", ["us/usc/t42/s1983"]),
    ("28 U.S.C. § 1332(a)(1)", ["us/usc/t28/s1332/a/1"]),
    ("42 U.S.C. 1983", ["us/usc/t42/s1983"]),
    # a range yields every section the Code lists in it (1981a exists), DESIGN.md §2 "Lists and ranges"
    ("42 U.S.C. §§ 1981–1983", ["us/usc/t42/s1981", "us/usc/t42/s1981a", "us/usc/t42/s1982", "us/usc/t42/s1983"]),
    ("42 U.S.C. §§ 1981-1983", ["us/usc/t42/s1981", "us/usc/t42/s1981a", "us/usc/t42/s1982", "us/usc/t42/s1983"]),
    ("42 U.S.C. §§ 2000e–2000e-3", ["us/usc/t42/s2000e", "us/usc/t42/s2000e-1", "us/usc/t42/s2000e-2",
                                     "us/usc/t42/s2000e-3"]),
    ("42 U.S.C. §§ 2000e-2 and 42 U.S.C. § 1981", ["us/usc/t42/s2000e-2", "us/usc/t42/s1981"]),
    ("15 U.S.C. § 1681 et seq.", ["us/usc/t15/s1681"]),
    ("42 U.S.C. § 2000e-2(a)", ["us/usc/t42/s2000e-2/a"]),
    ("42 U.S.C.A. § 1983", ["us/usc/t42/s1983"]),
    ("29 U.S.C. §§ 206, 207", ["us/usc/t29/s206", "us/usc/t29/s207"]),
    ("12 C.F.R. § 1026.18", ["us/cfr/t12/s1026.18"]),
    ("17 C.F.R. § 240.10b-5", ["us/cfr/t17/s240.10b-5"]),
]

RULES = [
    ("Fed. R. Civ. P. 12(b)(6)", ["us/frcp/r12/b/6"]),
    ("Fed. R. Evid. 403", ["us/fre/r403"]),
    ("FRCP 56", ["us/frcp/r56"]),
    ("Fed. R. App. P. 4(a)(1)(A)", ["us/frap/r4/a/1/A"]),
    ("Fed. R. Crim. P. 11", ["us/frcrp/r11"]),
    ("Federal Rule of Civil Procedure 23(b)(3)", ["us/frcp/r23/b/3"]),
    ("Fed.R.Civ.P. 56(c)", ["us/frcp/r56/c"]),
]

CONSTITUTION = [
    ("U.S. Const. art. I, § 8, cl. 3", ["us/const/art1/s8/cl3"]),
    ("U.S. Const. amend. XIV, § 1", ["us/const/amend14/s1"]),
    ("the Fourteenth Amendment", ["us/const/amend14"]),
    ("the First Amendment", ["us/const/amend1"]),
    ("the Twenty-First Amendment", ["us/const/amend21"]),
    ("U.S. Const. art. III", ["us/const/art3"]),
]

CASES = [
    ("Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007)", ["us/case/550/u.s./544"]),
    ("Grutter v. Bollinger, 539\n  U. S. 306, upholding", ["us/case/539/u.s./306"]),
    ("Smith v. Jones, 1 F.4th 100, 105 (9th Cir. 2021)", ["us/case/1/f.4th/100"]),
    ("Doe v. Roe, 645 F. Supp. 2d 587, 603 (W.D. Tex. 2009)", ["us/case/645/f.supp.2d/587"]),
    ("Doe v. Roe, 2019 WL 1234567, at *3 (N.D. Cal. 2019)", ["us/case/2019/wl/1234567"]),
    ("People v. Doe, 2018 IL App (1st) 152522", ["us/case/2018/ilapp(1st)/152522"]),
    ("Stone v. Ritter, 911 A.2d 362 (Del. 2006)", ["us/case/911/a.2d/362"]),
    ("People v. Smith, 3 Cal.App.5th 100 (2016)", ["us-ca/case/3/cal.app.5th/100"]),
    ("People v. Smith, 30 Cal.Rptr.3d 1 (2005)", ["us-ca/case/30/cal.rptr.3d/1"]),
    ("Brown v. Board, 4 Cal.3d 1", ["us-ca/case/4/cal.3d/1"]),
    # parallel citations: one citation per reporter, each with its own jurisdiction
    ("Marbury v. Madison, 5 U.S. 137, 1 Cranch 137, 2 L. Ed. 60 (1803)",
     ["us/case/5/u.s./137", "us/case/1/cranch/137", "us/case/2/l.ed./60"]),
    ("Kwikset Corp. v. Superior Court (2011) 51 Cal.4th 310, 320 [120 Cal.Rptr.3d 741]",
     ["us-ca/case/51/cal.4th/310", "us-ca/case/120/cal.rptr.3d/741"]),
]

NEGATIVE = [
    "The hearing began at 10 A.M. and ended at 3 P.M. on page 12.",
    "Plaintiff paid $5,000 Cash and 20 Dollars to the firm.",
    "She worked 40 Hours a week for 3 Years at the company.",
    "Pages 12 to 15 of the record, Exhibit 4 Attachment 2.",
    "The United States Cal. Corp. and Ill. Partners LLC were parties.",
    "In 1983 Congress acted; 2019 Cal. Stat. ch. 5 is a session law.",
    "",
]


@pytest.mark.parametrize("text,expected", DESIGN_EXAMPLES + STATUTES + RULES + CONSTITUTION + CASES,
                         ids=lambda v: v if isinstance(v, str) else None)
def test_forms(text: str, expected: list[str]) -> None:
    assert keys(EN.format(text)) == expected


@pytest.mark.parametrize("text,expected", DESIGN_EXAMPLES, ids=lambda v: v if isinstance(v, str) else None)
def test_design_examples_alone(text: str, expected: list[str]) -> None:
    """The DESIGN.md strings by themselves, as ``legalcite.parse`` sees them."""
    from legalcite import parse

    assert [c.key for c in parse(text)] == expected


@pytest.mark.parametrize("text", NEGATIVE)
def test_negatives(text: str) -> None:
    assert [c for c in extract(text) if c.jurisdiction in ("us", "us-ca") or c.kind is Kind.CASE] == []


def test_case_metadata_on_citation_not_key() -> None:
    [c] = extract("Marbury v. Madison, 5 U.S. 137, 177 (1803)")
    assert c.pin == "177"
    assert c.meta["case_name"] == "Marbury v. Madison"
    assert c.meta["year"] == "1803"
    assert c.meta["reporter"] == "U.S."
    assert c.text == "5 U.S. 137, 177 (1803)"
    [w] = extract("Doe v. Roe, 2019 WL 1234567, at *3 (N.D. Cal. Mar. 1, 2019)")
    assert (w.key, w.pin, w.meta["court"], w.meta["year"]) == ("us/case/2019/wl/1234567", "*3", "N.D. Cal. Mar. 1", "2019")
    [k] = extract("Kwikset Corp. v. Superior Court (2011) 51 Cal.4th 310, 320.")
    assert (k.key, k.pin, k.meta["year"], k.meta["case_name"]) == (
        "us-ca/case/51/cal.4th/310", "320", "2011", "Kwikset Corp. v. Superior Court")


def test_parallel_cites_name_each_other() -> None:
    cites = extract("Tinker v. Des Moines Indep. Cmty. Sch. Dist., 393 U.S. 503, 89 S.Ct. 733, 21 L.Ed.2d 731 (1969)")
    assert [c.key for c in cites] == ["us/case/393/u.s./503", "us/case/89/s.ct./733", "us/case/21/l.ed.2d/731"]
    assert cites[0].meta["parallel"] == ["89 S. Ct. 733", "21 L. Ed. 2d 731"]
    assert all(c.meta["year"] == "1969" for c in cites)


SHORT_FORMS = [
    # (text, keys, forms, pins)
    ("Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007). The claim must be plausible. Id. at 570. "
     "It must be more than possible. Twombly, 550 U.S. at 556.",
     ["us/case/550/u.s./544", "us/case/550/u.s./544", "us/case/550/u.s./544"], ["full", "id", "short"],
     [None, "570", "556"]),
    ("See Kwikset Corp. v. Superior Court (2011) 51 Cal.4th 310, 320. The standing rule is strict. "
     "(Id. at p. 322.) The rule applies here. (Kwikset, supra, 51 Cal.4th at p. 325.) (Ibid.)",
     ["us-ca/case/51/cal.4th/310"] * 4, ["full", "id", "supra", "id"], ["320", "322", "325", "325"]),
    ("In Twombly v. Bell, 550 U.S. 544 (2007), and in Iqbal v. Ashcroft, 556 U.S. 662 (2009), the court "
     "spoke. Twombly, supra, at 570.",
     ["us/case/550/u.s./544", "us/case/556/u.s./662", "us/case/550/u.s./544"], ["full", "full", "supra"],
     [None, None, "570"]),
    ("The court agreed. See In re Doe, 5 U.S. 137 (1990). But see Doe, supra, at 140.",
     ["us/case/5/u.s./137", "us/case/5/u.s./137"], ["full", "supra"], [None, "140"]),
    ("The claim arises under 42 U.S.C. § 1983 and fees are due under § 1988(b) of the same title.",
     ["us/usc/t42/s1983", "us/usc/t42/s1988/b"], ["full", "short"], [None, None]),
    ("The court applied Fed. R. Civ. P. 12(b)(6) and then the summary judgment standard of Rule 56(a).",
     ["us/frcp/r12/b/6", "us/frcp/r56/a"], ["full", "short"], [None, None]),
]


@pytest.mark.parametrize("text,expected,forms,pins", SHORT_FORMS, ids=lambda v: v[:40] if isinstance(v, str) else None)
def test_short_forms(text: str, expected: list[str], forms: list[str], pins: list) -> None:
    cites = extract(text)
    assert [c.key for c in cites] == expected
    assert [c.form.value for c in cites] == forms
    assert [c.pin for c in cites] == pins
    for c in cites[1:]:
        if c.form is not Form.FULL:
            assert c.antecedent is not None and cites[c.antecedent].form is Form.FULL


def test_short_forms_without_antecedent_stay_unresolved() -> None:
    text = "The court looked again at the record. Id. at 5. See also § 1671(b). The rule is in 550 U.S. at 570."
    assert extract(text) == []
    cites = extract(text, unresolved=True)
    assert [c.key for c in cites] == [None, None, None]
    assert [c.form for c in cites] == [Form.ID, Form.SHORT, Form.SHORT]


def test_id_needs_a_resolved_authority_just_before() -> None:
    """``id. at 299`` after an unresolved short cite stays unresolved; a prose amendment is skipped; a page pin
    never binds to a statute."""
    text = "The Fourteenth Amendment, 438 U. S., at 287, requires strict scrutiny, id. at 299."
    cites = extract(text, unresolved=True)
    assert [(c.key, c.form.value) for c in cites] == [("us/const/amend14", "full"), (None, "short"), (None, "id")]
    assert [c.key for c in extract("Under 42 U.S.C. § 1983 the claim lies. Id. at 5.", unresolved=True)] == [
        "us/usc/t42/s1983", None]
    assert [c.key for c in extract("Under 42 U.S.C. § 1983 the claim lies. Id.")] == ["us/usc/t42/s1983"] * 2


def test_short_sections_stay_in_their_paragraph() -> None:
    text = "The claim arises under 42 U.S.C. § 1983 in this case.\n\nThe court then turned to § 1988(b) as well."
    assert [c.key for c in extract(text, unresolved=True)] == ["us/usc/t42/s1983", None]


def test_hyphen_between_numbers_of_different_lengths_is_no_range() -> None:
    [c] = extract("The former code, Sections 9-110 and the others, applied in this case.", unresolved=True)
    assert c.units[0].value == "9-110"


def test_state_section_numbers_are_one_unit() -> None:
    """A dash inside a singular section number (``§ 23–4C–6``) is not a range."""
    [c] = extract("The statute in this case, § 23–4C–6, and the court held that it applies.", unresolved=True)
    assert c.units[0].value == "23-4C-6"


# ---------------------------------------------------------------- reporters from reporters-db

def test_every_reporters_db_edition_parses_to_itself() -> None:
    """Each edition of every reporter in reporters-db is found and keyed by its own canonical abbreviation."""
    from reporters_db import REPORTERS

    bad = []
    n = 0
    for entries in REPORTERS.values():
        for entry in entries:
            for abbr in entry["editions"]:
                if not re.fullmatch(r"[A-Z][^\s,;()\[\]]*(?: [^\s\d,;()\[\]][^\s,;()\[\]]*| \d+(?:st|nd|rd|th|d)\.?)*",
                                    abbr):
                    continue  # neutral-citation patterns with parentheses or digits inside the name
                n += 1
                cites = us._cases(f"12 {abbr} 345", 0)
                if not cites or cites[0].meta["volume"] != "12" or cites[0].units[-1].value != "345" \
                        or us.lookup_reporter(abbr).segment != re.sub(r"\s+", "", cites[0].meta["reporter"]).lower():
                    bad.append(abbr)
    assert n > 1000
    assert bad == []


def test_california_reporters_are_us_ca() -> None:
    for printed in ("Cal.", "Cal. 2d", "Cal.3d", "Cal. 4th", "Cal.5th", "Cal. App. 4th", "Cal.App.5th",
                    "Cal. Rptr.", "Cal.Rptr.2d", "Cal. Rptr. 3d"):
        assert us.lookup_reporter(printed).jurisdiction == "us-ca", printed
    for printed in ("U.S.", "F.3d", "P.3d", "S. Ct.", "WL"):
        assert us.lookup_reporter(printed).jurisdiction == "us", printed


# ---------------------------------------------------------------- the chain grammar and its fast path

CHAINS = ["§ 1983", "§ 1983(a)(1)", "§§ 1981–1983", "§§ 510, 1194", "§ 187, subd. (a)", "§ 1542.1",
          "section 437c, subdivision (c)", "§ 17200 et seq.", "§ 2000e-2(a)", "56(a)", "§ 23–4C–6",
          "§ 163-230.2(e)(2), (4)", "sections 1 and 2", "§ 5 to 9", "§ 1(a) and (b)", "§ 1983."]


@pytest.mark.parametrize("chain", CHAINS)
def test_fast_path_agrees_with_grammar(chain: str) -> None:
    text = f"{chain} is cited here"
    assert us.parse_chain(text, 0) == us.parse_chain(text, 0, fast=False)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.from_regex(r"(?:§§? ?|[Ss]ections? )?\d{1,4}[a-c]?(?:\([a-zA-Z0-9]\)){0,3}(?:(?:, | and | ?[-–] ?)\d{1,4}){0,2}"
                     r"(?:, subd\. \([a-c]\))?(?: et seq\.)?[ .,;a-z]{0,6}", fullmatch=True))
def test_fast_path_agrees_with_grammar_property(chain: str) -> None:
    assert us.parse_chain(chain, 0) == us.parse_chain(chain, 0, fast=False)


def test_grammar_builds_strict() -> None:
    pytest.importorskip("interegular")
    from lark import Lark

    from legalcite.parser import grammar_text

    Lark(grammar_text("us_units"), parser="lalr", lexer="contextual", strict=True)


# ---------------------------------------------------------------- properties (as for German)

_PIECES = st.sampled_from([
    "5 U.S. 137", "42 U.S.C. § 1983", ", ", "; ", " ", "\n", "Id.", " at ", "570", "supra", "§", "§§ ", "1981–1983",
    "Fed. R. Civ. P. ", "12(b)(6)", "U.S. Const. amend. ", "XIV", "Fourteenth Amendment", "v.", "Smith", "(2007)",
    "Cal. Civ. Code ", "F.3d", "Cal.4th", "Code of Civil Procedure section ", "subd. (a)", "et seq.", "(", ")",
    "2019 WL 1234", "Rule 56", "the court", "$5", "10 A.M.", "1", "U. S.", "Ibid.", "section ", "art. I, § 8",
])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=14).map("".join) | st.text(max_size=80))
def test_never_raises_and_spans_are_exact(text: str) -> None:
    from legalcite.pipeline import extract_raw
    from legalcite.scan import Context

    ctx = Context(text=text, language="en")
    raw = extract_raw(text, ctx)
    assert [e for e in ctx.state.get("errors", []) if e.startswith(("us@", "us-ca@"))] == []
    cites = extract(text)
    starts = [c.span.start for c in cites]
    assert starts == sorted(starts)
    for c in cites:
        assert 0 <= c.span.start < c.span.end <= len(text)
        assert c.text == text[c.span.start : c.span.end]
    assert extract(text) == cites  # deterministic
    assert [c for c in raw if c.jurisdiction in ("us", "us-ca") and not c.key] == []  # full cites have keys


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([t for t, _ in DESIGN_EXAMPLES + STATUTES + RULES + CASES]),
       st.text(alphabet="abc xyz.", max_size=30), st.text(alphabet="abc xyz.", max_size=30))
def test_wrapping_only_shifts_spans(cite: str, before: str, after: str) -> None:
    base = extract(EN.format(cite))
    wrapped_text = EN.format(cite).replace("The court", f"The court{before} ", 1) + after
    shift = len(before) + 1
    wrapped = extract(wrapped_text)
    assert [c.key for c in wrapped] == [c.key for c in base]
    assert [(c.span.start + shift, c.span.end + shift) for c in base] == [tuple(c.span) for c in wrapped]


def test_linear_time() -> None:
    """Ten times the text takes about ten times as long (not a hundred)."""
    unit = ("See Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007); 42 U.S.C. § 1983; Id. at 571; "
            "Fed. R. Civ. P. 12(b)(6); the Fourteenth Amendment; Cal. Civ. Code § 1542; 10 A.M. on page 5. ")
    extract(unit)

    def cost(n: int) -> float:
        text = unit * n
        t0 = time.perf_counter()
        extract(text)
        return time.perf_counter() - t0

    small, big = min(cost(20) for _ in range(2)), min(cost(200) for _ in range(2))
    assert big < small * 30


def test_anchor_is_cheap_and_built_once() -> None:
    """The anchor is a plain string (no reporter alternation); the reporter table is built on first use."""
    assert isinstance(us.EXTRACTOR.anchor, str) and len(us.EXTRACTOR.anchor) < 1000
    re.compile(us.EXTRACTOR.anchor)


_SUB = st.sampled_from(["a", "b", "1", "2", "A", "B", "i", "iv"])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 54), st.from_regex(r"[1-9][0-9]{0,4}[a-f]?", fullmatch=True), st.lists(_SUB, max_size=3),
       st.sampled_from(["U.S.C.", "C.F.R."]))
def test_key_printed_back_parses_to_the_same_key(title: int, section: str, subs: list[str], code: str) -> None:
    """A key printed as a citation (``42 U.S.C. § 1983(a)(1)``) parses back to that key."""
    work = "usc" if code == "U.S.C." else "cfr"
    key = "/".join(["us", work, f"t{title}", f"s{section}", *subs])
    printed = f"{title} {code} § {section}" + "".join(f"({s})" for s in subs)
    assert keys(EN.format(printed)) == [key]
