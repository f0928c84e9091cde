"""German extraction: the case tables of tests/de/cases.py, pins and metadata, short forms, properties."""
from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import legalcite
from legalcite.models import CaseMetadata, Form, Kind, StatuteMetadata
from tests.conftest import assert_spans_exact, keys
from tests.de import cases


TABLE = (cases.DESIGN + cases.STATUTES + cases.CASES + cases.LISTS + cases.ENGLISH + cases.COURT_TEXT
         + cases.NOT_GERMAN)


@pytest.mark.parametrize("text,expected", TABLE, ids=lambda v: v if isinstance(v, str) else None)
def test_table(text: str, expected: list[str]) -> None:
    assert keys(text) == expected


@pytest.mark.parametrize("text", cases.NEGATIVE)
def test_negative(text: str) -> None:
    assert legalcite.extract(text) == []


def test_span_and_text_point_at_the_input() -> None:
    text = "Der Anspruch folgt aus § 823 Abs. 1 BGB und aus BGHZ 164, 11."
    for c in legalcite.extract(text):
        assert text[c.span.start : c.span.end] == c.text
    first = legalcite.extract(text)[0]
    assert first.text == "§ 823 Abs. 1 BGB"
    assert (first.jurisdiction, first.kind, first.work) == ("de", Kind.STATUTE, "bgb")
    assert [u.segment for u in first.units] == ["s823", "abs1"]
    assert first.key_at("unit") == "de/bgb/s823" and first.key_at("work") == "de/bgb"


def test_pin_cites_stay_off_the_key() -> None:
    (c,) = legalcite.extract("NJW 2014, 2353 Rn. 12")
    assert c.key == "de/rep/njw/2014/2353" and c.pin == "Rn. 12" and c.kind is Kind.REPORTER
    (c,) = legalcite.extract("BVerfGE 7, 198 (205)")
    assert c.pin == "205"


def test_version_marker_kept_on_citation() -> None:
    (c,) = legalcite.extract("§ 823 BGB a.F.")
    assert c.metadata == StatuteMetadata(version="a.F.")
    (c,) = legalcite.extract("§ 1 FantasieG")
    assert c.metadata.unknown_work == "FantasieG"
    assert [c.metadata.following for c in legalcite.extract("§ 7 ff. BGB")] == ["ff."]


def test_decision_metadata() -> None:
    (c,) = legalcite.extract("BAG, Urteil vom 5. Mai 2022 – 2 AZR 363/21")
    assert c.metadata == CaseMetadata(court="BAG", docket="2 AZR 363/21", date="5. Mai 2022", decision_type="Urteil")
    assert c.to_dict()["metadata"] == {"court": "BAG", "date": "5. Mai 2022", "decision_type": "Urteil",
                                       "docket": "2 AZR 363/21"}
    (e,) = legalcite.extract("ECLI:DE:BGH:2019:300719UIZR126.18.0")
    assert (e.metadata.ecli, e.metadata.court) == ("ECLI:DE:BGH:2019:300719UIZR126.18.0", "BGH")
    (r,) = legalcite.extract("BStBl II 2018, 81")
    assert r.key == "de/rep/bstbl-ii/2018/81" and r.metadata.reporter == "BStBl II"


def test_short_section_binds_to_law_named_earlier_in_paragraph() -> None:
    text = "Der Anspruch aus § 280 Abs. 1 BGB setzt voraus, dass auch § 276 erfüllt ist."
    cites = legalcite.extract(text)
    assert [c.key for c in cites] == ["de/bgb/s280/abs1", "de/bgb/s276"]
    assert cites[1].form is Form.SHORT and cites[1].antecedent == 0


@pytest.mark.parametrize("text,expected", [
    ("Nach Art. 3 GG ist das so. Art. 5 Abs. 1 schützt die Meinungsfreiheit.", ["de/gg/art3", "de/gg/art5/abs1"]),
    ("Nach § 823 Abs. 1 BGB haftet er. Art. 2 gilt auch.", ["de/bgb/s823/abs1"]),  # the BGB has no articles
    ("Nach § 280 BGB haftet er; Art. 229 § 5 EGBGB regelt den Übergang.", ["de/bgb/s280", "de/egbgb/art229/s5"]),
])
def test_a_bare_article_binds_only_to_a_law_with_articles(text: str, expected: list[str]) -> None:
    assert [c.key for c in legalcite.extract(text)] == expected


def test_short_section_without_antecedent_stays_unresolved() -> None:
    assert legalcite.extract("Die Frist nach § 276 ist abgelaufen.") == []
    (c,) = legalcite.extract("Die Frist nach § 276 ist abgelaufen.", unresolved=True)
    assert c.key is None and c.form is Form.SHORT and c.text == "§ 276"


def test_ebd_repeats_the_previous_citation() -> None:
    cites = legalcite.extract("Vgl. BGHZ 164, 11; ebd., Rn. 5. Siehe auch § 823 Abs. 1 BGB und a.a.O.")
    assert [c.key for c in cites] == ["de/rep/bghz/164/11", "de/rep/bghz/164/11",
                                      "de/bgb/s823/abs1", "de/bgb/s823/abs1"]
    assert cites[1].form is Form.ID and cites[1].antecedent == 0 and cites[1].pin == "Rn. 5"
    assert cites[1].metadata.id_form == "ebd., Rn. 5" and cites[1].metadata.reporter == "BGHZ"
    assert legalcite.extract("Das steht ebd. nicht.") == []


@pytest.mark.parametrize("text,expected", cases.CONTINUATIONS + cases.CONTINUATIONS_UNBOUND,
                         ids=lambda v: v if isinstance(v, str) else None)
def test_continuations_take_the_key_of_the_provision_they_continue(text: str, expected: list[str]) -> None:
    cites = legalcite.extract(text)
    assert [c.key for c in cites] == expected
    assert_spans_exact(text, cites)
    for c in cites:
        if c.form is not Form.FULL and not c.text.startswith("§"):  # (a bare § names its own unit)
            assert c.antecedent is not None and cites[c.antecedent].key_at("unit") == c.key_at("unit")


def test_a_continuation_nothing_binds_is_no_citation() -> None:
    """A bare ``Abs. 2`` with no provision before it names nothing: left out even with ``unresolved=True`` (a bare
    ``§ 276`` is kept there: it names a unit)."""
    assert legalcite.extract("Gemäß Abs. 2 ist das zu prüfen.", unresolved=True) == []
    assert legalcite.extract("Die Satzung gilt (BGHZ 164, 11); dort Nr. 3 ist unklar.", unresolved=True)[1:] == []


def test_ebd_with_a_page_after_a_decision_keeps_the_page() -> None:
    """``ebd. S. 2`` is Satz 2 of a provision cited before, page 2 of a decision cited before."""
    _, again = legalcite.extract("Vgl. BGHZ 164, 11; ebd. S. 15.")
    assert again.key == "de/rep/bghz/164/11" and again.pin == "S. 15" and again.form is Form.ID
    _, again = legalcite.extract("Die Frist (§ 626 Abs. 2 S. 1 BGB) beginnt mit Kenntnis (ebd. S. 2).")
    assert again.key == "de/bgb/s626/abs2/satz2" and again.pin is None and again.metadata.id_form == "ebd. S. 2"


def test_decision_without_court_takes_previous_court() -> None:
    text = "BAG, Urteil vom 6. November 2003 - 2 AZR 690/02; Urteil vom 13. Mai 2004 - 2 AZR 426/03."
    assert keys(text) == ["de/case/bag/2-azr-690-02", "de/case/bag/2-azr-426-03"]


def test_commentaries_are_not_statute_citations() -> None:
    """A commentary's title (law name and edition) and its margin numbers (§ … Rn.) cite the commentary."""
    text = "Das ist nach der Kommentierung (Zöller, ZPO, 32. Aufl., § 780 Rn. 15) nicht der Fall."
    assert keys(text) == []
    assert keys("(Geserich, in: Kirchhof/Söhn/Mellinghoff, EStG, § 9 Rz G 60)") == []
    assert keys("(vgl. Schmidt/Brinkmann, in: MüKo-ZPO, 5. Aufl. 2016, § 766 Rn. 48) und § 766 ZPO") == ["de/zpo/s766"]


def test_english_section_of_unknown_law_is_not_german() -> None:
    assert keys("Section 1983 of the Civil Rights Act", jurisdiction=None) == [] or all(
        not k.startswith("de/") for k in keys("Section 1983 of the Civil Rights Act"))


def test_shared_english_names_need_a_german_cue() -> None:
    assert not [k for k in keys("Article 585 of the Civil Code applies.") if k.startswith("de/")]
    assert not [k for k in keys("Article 585 of the Civil Code", jurisdiction="cn") if k.startswith("de/")]
    assert keys("Article 585 of the Civil Code", jurisdiction="de") == ["de/bgb/art585"]


def test_law_named_alone_in_german_text() -> None:
    assert keys("Das EStG und das SGB II regeln dies nicht.") == ["de/estg", "de/sgb-ii"]
    assert all(c.metadata.work_only for c in legalcite.extract("Das EStG und das SGB II regeln dies nicht."))


def test_parse_api() -> None:
    assert [c.key for c in legalcite.parse("§§ 280 Abs. 1, 281 BGB")] == ["de/bgb/s280/abs1", "de/bgb/s281"]
    assert [c.key for c in legalcite.parse("de/bgb/s823/abs1")] == ["de/bgb/s823/abs1"]
    with pytest.raises(ValueError):
        legalcite.parse("kein Zitat")


# ---------------------------------------------------------------- properties

legal_alphabet = st.sampled_from(list("§ 0123456789IVX.,;-–()<>abcdefABS") + [
    "Abs.", "Satz", "BGB", " i.V.m. ", "Art.", "Nr.", "ff.", "BGHZ ", "NJW ", "vom ", " Mai "])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(legal_alphabet, max_size=60).map("".join) | st.text(max_size=200))
def test_extract_never_raises_and_spans_are_exact(text: str) -> None:
    cites = legalcite.extract(text)
    assert_spans_exact(text, cites)
    assert legalcite.extract(text) == cites  # deterministic


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(cases.DESIGN + cases.STATUTES + cases.LISTS[:-1] + cases.COURT_TEXT[:20]),
       st.text(alphabet="abc xyz.", max_size=30))
def test_wrapping_only_shifts_spans(case, prefix: str) -> None:
    text, expected = case
    # (an English citation form is not looked for in German prose, us.extract's literals_not_in: the German words
    # around it make it one of a law named alone)
    assume(not text.startswith("section "))
    wrapped = prefix + " " + text + " wird angewendet."
    shift = len(prefix) + 1
    inner = legalcite.extract(text, jurisdiction="de")
    outer = legalcite.extract(wrapped, jurisdiction="de")
    assert [c.key for c in outer] == [c.key for c in inner]
    assert [(c.span.start - shift, c.span.end - shift) for c in outer] == [tuple(c.span) for c in inner]


def test_each_law_named_ends_a_span() -> None:
    """A citation's span is the shortest text that states it: a chain's groups share a span up to the group that
    names their law (``§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB``), and a group naming its own law ends one."""
    text = "Vgl. § 3 UWG; § 15a InsO."
    a, b = legalcite.extract(text)
    assert (a.text, b.text) == ("§ 3 UWG", "§ 15a InsO") and a.span != b.span
    assert_spans_exact(text, [a, b])
    a, b = legalcite.extract("§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB")
    assert a.span == b.span and a.text == "§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB"


@pytest.mark.parametrize("text", ["Vgl. BGHZ 164, 11. Ebd., Rn. 5.", "Vgl. BGHZ 164, 11. Ebenda Rn. 5."])
def test_ebd_at_a_sentence_start_repeats_the_citation_before(text: str) -> None:
    first, again = legalcite.extract(text)
    assert again.key == first.key == "de/rep/bghz/164/11" and again.form is Form.ID and again.antecedent == 0


def test_reporter_vs_statute_is_decided_by_the_reporter_tables() -> None:
    (c,) = legalcite.extract("BSG SozR 3-2500 § 5 Nr 23")
    assert c.kind is Kind.REPORTER and c.metadata.reporter == "SozR" and c.metadata.court == "BSG"
    assert not [k for k in keys("Buchholz 406.11 § 9 BauGB Nr. 74") if "baugb" in k]


def test_a_decision_cited_by_its_reporter_keeps_court_and_date() -> None:
    (c,) = legalcite.extract("Entscheidung des Bundesverfassungsgerichts vom 18. Juli 2012 (BVerfGE 132, 134)")
    assert (c.metadata.court, c.metadata.date, c.metadata.decision_type) == ("BVerfG", "18. Juli 2012", "Entscheidung")


def test_a_collective_agreement_is_no_statute_and_binds_no_short_form() -> None:
    """``§ 2 Abs. 2 TV BZ Druck`` (docs/keys.md): no key, and its § is not bound to the law named before it."""
    assert keys("Nach § 611a BGB und § 2 Abs. 2 TV BZ Druck ist das so.") == ["de/bgb/s611a"]
    assert keys("Nach § 611a BGB gilt § 15 TVöD.") == ["de/bgb/s611a"]
    assert keys("Nach § 611a BGB gilt § 1 TVG.") == ["de/bgb/s611a", "de/tvg/s1"]  # the Tarifvertragsgesetz is a law


def test_eu_decisions_by_number_are_not_claimed() -> None:
    assert not [c for c in legalcite.extract("EuGH, Urteil vom 22. April 2010 – C-486/08") if c.jurisdiction == "de"]
    assert not [c for c in legalcite.extract("Urteil vom 24. November 2016 (- C- 454/15 - [Webb-Sämann])")
                if c.jurisdiction == "de"]


def test_a_misprinted_numeral_is_not_read(caplog) -> None:
    """Issue 18 item 10: ``IIII`` is no Roman numeral (``keys.roman_to_int`` and the grammar agree): no exception,
    no warning, no key made of it."""
    with caplog.at_level("WARNING", logger="legalcite"):
        found = legalcite.extract("Nach § 823 IIII BGB haftet er nicht, der Schaden ist zu ersetzen.", unresolved=True)
    assert not caplog.records
    assert found[0].key is None and found[0].text == "§ 823" and not [c for c in found if "iiii" in (c.key or "")]
    assert keys("§ 823 IV BGB") == ["de/bgb/s823/abs4"]
    assert keys("§ 1 MDV") == ["de/mdv/s1"]  # a law named in Roman letters is no numeral


def test_linear_time_on_adversarial_input() -> None:
    """1 MB of "§", digits and "Abs." costs about ten times its first 100 kB (linear, not quadratic; CPU time of
    this process, no wall-clock limit). Long runs are skipped in one regex step once the grammar's token cap is
    reached."""
    legalcite.extract("§ 1 BGB")  # build parsers and tables first
    blob = (("§ 1 Abs. 2 " * 20 + "§§ " * 10 + "Abs. " * 10 + "9" * 50 + " ") * 800)[:1_000_000]
    t = time.process_time()
    legalcite.extract(blob)
    big = time.process_time() - t
    t = time.process_time()
    legalcite.extract(blob[:100_000])
    small = time.process_time() - t
    assert big < 15 * small + 2  # linear, not quadratic


@pytest.mark.parametrize("word,stem", [("Bürgerlichen", "bürgerlich"), ("Gesetzbuchs", "gesetzbuch"),
                                       ("Gesetzes", "gesetz"), ("Straße", "strass"), ("Rechte", "recht"),
                                       ("Amtes", "amt"), ("Bank", "bank"), ("des", "des"), ("Daten", "dat")])
def test_law_title_stem(word: str, stem: str) -> None:
    from legalcite.jurisdictions.de.laws import stem as stem_of

    assert stem_of(word) == stem
