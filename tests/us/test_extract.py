"""US federal citations: statutes, regulations, rules, constitution, cases and their short forms — the case
tables of tests/us/cases.py, metadata, linking, the chain grammar, reporters-db, properties."""
from __future__ import annotations

import re
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legalcite import extract
from legalcite.jurisdictions.us import extract as us
from legalcite.jurisdictions.us_common import chain as us_chain
from legalcite.jurisdictions.us_common import reporters
from legalcite.models import CaseMetadata, Form, Kind
from tests.us.cases import (CASES, CONSTITUTION, DESIGN_EXAMPLES, EN, IN_ANSWERS, IN_GERMAN_TEXT, NEGATIVE, RULES,
                            SHORT_FORMS, STATUTES)


def keys(text: str, **kw) -> list[str | None]:
    return [c.key for c in extract(text, **kw)]

@pytest.mark.parametrize("text,expected", DESIGN_EXAMPLES + STATUTES + RULES + CONSTITUTION + CASES,
                         ids=lambda v: v if isinstance(v, str) else None)
def test_forms(text: str, expected: list[str]) -> None:
    assert keys(EN.format(text)) == expected


@pytest.mark.parametrize("text,expected", DESIGN_EXAMPLES, ids=lambda v: v if isinstance(v, str) else None)
def test_design_examples_alone(text: str, expected: list[str]) -> None:
    """The docs/keys.md examples by themselves, as ``legalcite.parse`` sees them."""
    from legalcite import parse

    assert [c.key for c in parse(text)] == expected


@pytest.mark.parametrize("label,misprinted", [("IIII", True), ("iiii", True), ("XXXX", True), ("VV", False),
                                              ("vv", False), ("ccc", False), ("il", True), ("iv", False),
                                              ("XIV", False), ("c", False), ("aa", False), ("Iv", False),
                                              ("ab", False), ("12", False), ("mcmxcix", False), ("IIIII", True)])
def test_a_misprinted_label_is_told_from_a_numeral_and_a_repeated_letter(label: str, misprinted: bool) -> None:
    from legalcite.jurisdictions.us_common.chain import misprinted_label

    assert misprinted_label(label) is misprinted


@pytest.mark.parametrize("text", NEGATIVE)
def test_negatives(text: str) -> None:
    assert [c for c in extract(text) if c.jurisdiction in ("us", "us-ca") or c.kind is Kind.CASE] == []


@pytest.mark.parametrize("text,expected", IN_GERMAN_TEXT)
def test_no_american_case_in_german_prose_without_its_year(text: str, expected: list[str]) -> None:
    assert [c.key for c in extract(text) if c.jurisdiction in ("us", "us-ca")] == expected


def test_case_metadata_on_citation_not_key() -> None:
    [c] = extract("Marbury v. Madison, 5 U.S. 137, 177 (1803)")
    assert c.pin == "177"
    assert c.metadata == CaseMetadata(case_name="Marbury v. Madison", year="1803", volume="5", reporter="U.S.",
                                      reporter_printed="U.S.")
    assert c.metadata.parties == ("Marbury", "Madison")
    assert c.text == "5 U.S. 137, 177 (1803)"
    [w] = extract("Doe v. Roe, 2019 WL 1234567, at *3 (N.D. Cal. Mar. 1, 2019)")
    assert (w.key, w.pin, w.metadata.court, w.metadata.year) == ("us/case/2019/wl/1234567", "*3", "N.D. Cal. Mar. 1",
                                                                 "2019")
    [k] = extract("Kwikset Corp. v. Superior Court (2011) 51 Cal.4th 310, 320.")
    assert (k.key, k.pin, k.metadata.year, k.metadata.case_name, k.metadata.reporter_printed) == (
        "us-ca/case/51/cal.4th/310", "320", "2011", "Kwikset Corp. v. Superior Court", "Cal.4th")
    [s] = [c for c in extract("In Twombly v. Bell, 550 U.S. 544 (2007), the court spoke. Twombly, supra, at 570.")
           if c.form is Form.SUPRA]
    assert s.metadata.antecedent_guess == "Twombly" and s.pin == "570"


def test_linking_flags_stay_private() -> None:
    """``section_short``, ``id``, ``short_name`` … steer the linker; they are not metadata (not in ``to_dict``)."""
    raw = extract("The court looked again at the record. Id. at 5. See also § 1671(b).", unresolved=True)
    assert [sorted(c._link) for c in raw] == [["id"], ["section_short"]]
    assert all("metadata" not in c.to_dict() and "_link" not in c.to_dict() for c in raw)
    [c] = extract("42 U.S.C. § 1681 et seq.")
    assert c.to_dict()["metadata"] == {"following": "et seq."}


def test_parallel_cites_name_each_other() -> None:
    cites = extract("Tinker v. Des Moines Indep. Cmty. Sch. Dist., 393 U.S. 503, 89 S.Ct. 733, 21 L.Ed.2d 731 (1969)")
    assert [c.key for c in cites] == ["us/case/393/u.s./503", "us/case/89/s.ct./733", "us/case/21/l.ed.2d/731"]
    assert cites[0].metadata.parallel == ("89 S. Ct. 733", "21 L. Ed. 2d 731")
    assert cites[0].to_dict()["metadata"]["parallel"] == ["89 S. Ct. 733", "21 L. Ed. 2d 731"]
    assert all(c.metadata.year == "1969" for c in cites)


@pytest.mark.parametrize("text,expected,forms,pins", SHORT_FORMS, ids=lambda v: v[:40] if isinstance(v, str) else None)
def test_short_forms(text: str, expected: list[str], forms: list[str], pins: list) -> None:
    cites = extract(text)
    assert [c.key for c in cites] == expected
    assert [c.form.value for c in cites] == forms
    assert [c.pin for c in cites] == pins
    for c in cites[1:]:
        if c.form is not Form.FULL:
            assert c.antecedent is not None and cites[c.antecedent].form is Form.FULL


@pytest.mark.parametrize("text,expected", IN_ANSWERS, ids=lambda v: v[:50] if isinstance(v, str) else None)
def test_in_answers(text: str, expected: list[tuple[str, str | None]]) -> None:
    """Every US citation of a model answer or an opinion, with the key a careful reader gives it."""
    cites = extract(text, unresolved=True)
    assert [(c.text, c.key) for c in cites if c.jurisdiction in ("us", "us-ca", None)] == expected


def test_short_forms_without_antecedent() -> None:
    """``Id.`` and a bare section with nothing before them stay unresolved (no key); a short case cite states its
    volume and reporter, so it is kept with the partial key ``us/case/<volume>/<reporter>`` and its pin."""
    text = "The court looked again at the record. Id. at 5. See also § 1671(b). The rule is in 550 U.S. at 570."
    [c] = extract(text)
    assert (c.key, c.form, c.pin, c.antecedent) == ("us/case/550/u.s.", Form.SHORT, "570", None)
    assert (c.metadata.volume, c.metadata.reporter) == ("550", "U.S.")
    cites = extract(text, unresolved=True)
    assert [c.key for c in cites] == [None, None, "us/case/550/u.s."]
    assert [c.form for c in cites] == [Form.ID, Form.SHORT, Form.SHORT]


@pytest.mark.parametrize("text,key,pin,guess", [
    ("U.S. v. Boch Oldsmobile, Inc., 909 F.2d 657, 660 (1st Cir.1990); Piper Aircraft, 454 U.S. at 241",
     "us/case/454/u.s.", "241", "Piper Aircraft"),
    ("See Adarand, 799 N. Y. S. 2d, at 797", "us/case/799/n.y.s.2d", "797", "Adarand"),
    ("However, as we explained in Kaiser Foundation, supra, 13 Cal.App.5th at 1146", "us-ca/case/13/cal.app.5th",
     "1146", "Kaiser"),
])
def test_unresolved_short_cites_keep_what_they_state(text: str, key: str, pin: str, guess: str) -> None:
    c = extract(text)[-1]
    assert (c.key, c.pin, c.metadata.antecedent_guess, c.antecedent) == (key, pin, guess, None)


def test_id_repeats_the_authority_just_before() -> None:
    """``id. at 299`` repeats the short cite before it, even one whose full citation is not in the text; a prose
    amendment is skipped; a page pin never binds to a statute."""
    text = "The Fourteenth Amendment, 438 U. S., at 287, requires strict scrutiny, id. at 299."
    cites = extract(text, unresolved=True)
    assert [(c.key, c.form.value, c.pin) for c in cites] == [
        ("us/const/amend14", "full", None), ("us/case/438/u.s.", "short", "287"), ("us/case/438/u.s.", "id", "299")]
    assert [c.key for c in extract("Under 42 U.S.C. § 1983 the claim lies. Id. at 5.", unresolved=True)] == [
        "us/usc/t42/s1983", None]
    assert [c.key for c in extract("Under 42 U.S.C. § 1983 the claim lies. Id.")] == ["us/usc/t42/s1983"] * 2


@pytest.mark.parametrize("text,values", [
    ("The former code, Sections 9-110 and the others, applied in this case.", [["9-110"]]),
    # the end of a range of sections has no sub-units: "163-231(b)(1)" is one (North Carolina) section
    ("Plaintiff also challenges Sections 163-231(b)(1) and 163-226.3(a)(5) in this case.",
     [["163-231", "b", "1"], ["163-226.3", "a", "5"]]),
    ("The plaintiffs rely on Sections 1981-1983 of the same title in this case.", [["1981"], ["1982"], ["1983"]]),
])
def test_hyphen_after_sections_joins_one_number_or_makes_a_range(text: str, values: list[list[str]]) -> None:
    assert [[u.value for u in c.units] for c in extract(text, unresolved=True)] == values


def test_state_section_numbers_are_one_unit() -> None:
    """A dash inside a singular section number (``§ 23–4C–6``) is not a range."""
    [c] = extract("The statute in this case, § 23–4C–6, and the court held that it applies.", unresolved=True)
    assert c.units[0].value == "23-4C-6"


# ---------------------------------------------------------------- reporters from reporters-db

_VOLUMES, _PAGES = ("12", "2012", "1", "33", "17A"), ("345", "345-B", "345a", "0345", "345[U]", "3456N", "lxiv")
_SAMPLE = {"vref": "{v} {r} {p}", "neutral": "{v}-{r}-{p}", "year_page": "{r} {v}-{p}",
           "page_first": "{v} {p} ({r} 05/10/10)"}


def test_every_reporters_db_edition_parses_to_itself() -> None:
    """Each edition of every reporter in reporters-db, in each of its formats (its reporters-db regexes), is found and
    keyed by its own canonical abbreviation: ``12 U.S. 345``, ``2012-Ohio-345``, ``T.C. Memo. 2012-345``,
    ``2012 345 (La.App. 1 Cir. 05/10/10)``, ``2012 IL App (1st) 345-B``."""
    from reporters_db import REPORTERS

    bad, n = [], 0
    for entries in REPORTERS.values():
        for entry in entries:
            for abbr in entry["editions"]:
                if "," in abbr:
                    continue  # "Cranch, Pat. Dec.": a comma ends a reporter (it starts a pin or a parallel cite)
                for ed in reporters.lookup_editions(abbr):
                    if ed.abbr != abbr:
                        continue
                    for f in ed.formats:
                        v = next((v for v in _VOLUMES if f.volume.fullmatch(v)), None)
                        p = next((p for p in _PAGES if f.admits(f.shape, v or "", p)), None)
                        if v is None or p is None:
                            continue  # a format no sample fits (volume 402A only)
                        n += 1
                        sample = _SAMPLE[f.shape].format(v=v, r=abbr, p=p)
                        got = [(c.metadata.volume, c.units[-1].value, c.units[1].value) for c in extract(sample)
                               if c.kind is Kind.CASE]
                        if got[:1] != [(v, p, ed.segment)]:
                            bad.append((sample, got))
    assert n > 1350
    assert bad == []


def test_california_reporters_are_us_ca() -> None:
    for printed in ("Cal.", "Cal. 2d", "Cal.3d", "Cal. 4th", "Cal.5th", "Cal. App. 4th", "Cal.App.5th",
                    "Cal. Rptr.", "Cal.Rptr.2d", "Cal. Rptr. 3d"):
        assert reporters.lookup_reporter(printed).jurisdiction == "us-ca", printed
    for printed in ("U.S.", "F.3d", "P.3d", "S. Ct.", "WL"):
        assert reporters.lookup_reporter(printed).jurisdiction == "us", printed


# ---------------------------------------------------------------- the chain grammar and its fast path

CHAINS = ["§ 1983", "§ 1983(a)(1)", "§§ 1981–1983", "§§ 510, 1194", "§ 187, subd. (a)", "§ 1542.1",
          "section 437c, subdivision (c)", "§ 17200 et seq.", "§ 2000e-2(a)", "56(a)", "§ 23–4C–6",
          "§ 163-230.2(e)(2), (4)", "sections 1 and 2", "§ 5 to 9", "§ 1(a) and (b)", "§ 1983."]


@pytest.mark.parametrize("chain", CHAINS)
def test_fast_path_agrees_with_grammar(chain: str) -> None:
    text = f"{chain} is cited here"
    assert us_chain.parse_chain(text, 0) == us_chain.parse_chain(text, 0, fast=False)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.from_regex(r"(?:§§? ?|[Ss]ections? )?\d{1,4}[a-c]?(?:\([a-zA-Z0-9]\)){0,3}"
                     r"(?:(?:, | and | ?[-–] ?)\d{1,4}){0,2}"
                     r"(?:, subd\. \([a-c]\))?(?: et seq\.)?[ .,;a-z]{0,6}", fullmatch=True))
def test_fast_path_agrees_with_grammar_property(text: str) -> None:
    assert us_chain.parse_chain(text, 0) == us_chain.parse_chain(text, 0, fast=False)


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
    from legalcite.core.scan import Context
    from legalcite.pipeline import extract_raw

    ctx = Context(text=text, language="en")
    raw = extract_raw(text, ctx)
    assert [e for e in ctx.errors if e.startswith(("us@", "us-ca@"))] == []
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
        t0 = time.process_time()   # this process's CPU time: other processes on the machine do not count
        extract(text)
        return time.process_time() - t0

    small, big = min(cost(20) for _ in range(2)), min(cost(200) for _ in range(2))
    assert big < small * 30


def test_anchor_is_cheap_and_built_once() -> None:
    """The anchor is a plain string (no reporter alternation); the reporter table is built on first use."""
    assert isinstance(us.EXTRACTOR.anchor, str) and len(us.EXTRACTOR.anchor) < 1000
    re.compile(us.EXTRACTOR.anchor)


@pytest.mark.parametrize("text", ["Id. at 5", "id. at 5", "Ibid.", "ibid.", "supra, at 3", "§ 1983", "§§ 1981–1983",
                                  "Section 5", "section 5", "Sec. 5", "secs. 5-7", "sections 1 and 2"])
def test_alternation_and_literals_cover_every_anchor(text: str) -> None:
    """The capitalised anchors are in the scan's alternation, the lowercase ones literals (``id.``, ``supra``,
    ``section``): together they stop wherever the full patterns do, and a literal of the extractor's occurs there."""
    full = re.compile("|".join((us._A_ID, us._A_SUPRA, us._A_SECTION)))
    assert full.match(text)
    by_alternation = re.match(us.EXTRACTOR.anchor, text)
    by_literal = re.match(us.EXTRACTOR.literal_anchor, text) and text.startswith(us.EXTRACTOR.literals)
    assert bool(by_alternation) != bool(by_literal)


def test_a_chain_of_sub_units_is_read_in_the_grammars_window() -> None:
    """Issue 35: the fast path read ``1983(a)(a)(a)…`` to its end — one citation of sixty thousand levels, each a
    lookup of the store in the check (11 s for 180 kB). It reads the window the grammar reads, as the grammar does."""
    from legalcite.jurisdictions.us_common.chain import WINDOW, parse_chain

    text = "42 U.S.C. § 1983" + "(a)" * 60_000
    [cite] = extract(text)
    assert cite.key.startswith("us/usc/t42/s1983/a/a/") and len(cite.units) < WINDOW // 3 + 3
    short = "See 42 U.S.C. § 1983(a)(1)(A)(i) and the rest."
    assert parse_chain(short, short.index("1983")) == parse_chain(short, short.index("1983"), fast=False)
