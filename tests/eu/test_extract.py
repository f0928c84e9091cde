"""EU extraction: the case tables of tests/eu/cases.py, metadata, short forms and anaphora, the act table, the
grammars, printing back, properties, and the measurement set's floor."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import legalcite
from legalcite.jurisdictions.eu import acts
from legalcite.models import Form, Kind
from tests.eu import cases


def keys(text: str, **kw) -> list[str]:
    return [c.key for c in legalcite.extract(text, **kw) if c.key]


TABLE = cases.DESIGN + cases.NAMES + cases.ACTS + cases.UNITS + cases.LISTS + cases.CASES + cases.PROSE + cases.BARE


@pytest.mark.parametrize("text,expected", TABLE, ids=lambda v: v if isinstance(v, str) else None)
def test_table(text: str, expected: list[str]) -> None:
    assert keys(text) == expected


@pytest.mark.parametrize("text", cases.NEGATIVE)
def test_no_eu_key(text: str) -> None:
    assert [c.key for c in legalcite.extract(text) if c.jurisdiction == "eu"] == []


# ---------------------------------------------------------------- what a citation carries

def test_span_text_and_labels() -> None:
    text = "Die Verarbeitung ist nach Art. 6 Abs. 1 lit. f DSGVO rechtmäßig."
    (c,) = legalcite.extract(text)
    assert text[c.span.start:c.span.end] == c.text == "Art. 6 Abs. 1 lit. f DSGVO"
    assert (c.jurisdiction, c.kind, c.work, c.form) == ("eu", Kind.STATUTE, "reg-2016-679", Form.FULL)
    assert [(u.label, u.value) for u in c.units] == [("art", "6"), ("par", "1"), ("pt", "f")]
    assert c.key_at("unit") == "eu/reg-2016-679/art6" and c.key_at("work") == "eu/reg-2016-679"
    assert c.metadata.work_name == "DSGVO"


def test_case_metadata_keeps_number_and_ecli() -> None:
    (c,) = legalcite.extract("judgment of 13 May 2014, Google Spain and Google, C‑131/12, EU:C:2014:317, paragraph 80")
    assert c.key == "eu/case/c-131-12" and c.kind is Kind.CASE
    assert c.metadata.docket == "C-131/12" and c.metadata.ecli == "ECLI:EU:C:2014:317"
    (c,) = legalcite.extract("Cases C-402/05 P")
    assert c.key == "eu/case/c-402-05" and c.metadata.docket == "C-402/05 P"
    (c,) = legalcite.extract("EuGH, Urteil vom 22. April 2010 – C-486/08")
    assert c.metadata.court == "EuGH" and c.text.startswith("EuGH")


def test_unlabelled_level_is_kept_on_the_citation() -> None:
    (c,) = legalcite.extract("Art. 13 Teil B Buchst. b der Richtlinie 77/388/EWG")
    assert c.key == "eu/dir-1977-388/art13" and c.metadata.unkeyed_level == "Teil B"


def test_own_article_stays_unresolved() -> None:
    text = "Article 4(6) and Article 5(9) of this Regulation apply."
    cites = legalcite.extract(text, unresolved=True)
    assert [(c.jurisdiction, c.key, c._link.get("refers_to")) for c in cites] == [("eu", None, "self")] * 2


def test_that_regulation_takes_the_last_regulation_cited() -> None:
    text = ("Article 2 of Directive 2002/58/EC, Article 6 of Regulation (EU) 2016/679 and Article 9 of that "
            "Regulation, and Article 5 of that Directive.")
    cites = legalcite.extract(text)
    assert [c.key for c in cites] == ["eu/dir-2002-58/art2", "eu/reg-2016-679/art6", "eu/reg-2016-679/art9",
                                      "eu/dir-2002-58/art5"]
    assert cites[2].antecedent == 1 and cites[3].antecedent == 0


def test_bare_article_after_an_eu_act_is_that_acts() -> None:
    cites = legalcite.extract("Die Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO ist nach Art. 7 Abs. 3 widerruflich.")
    assert cites[1].key == "eu/reg-2016-679/art7/par3" and cites[1].antecedent == 0
    # a German law cited in between takes the bare article back
    cites = legalcite.extract("Nach Art. 6 DSGVO und § 26 BDSG; ferner § 27 Abs. 1.")
    assert [c.key for c in cites] == ["eu/reg-2016-679/art6", "de/bdsg/s26", "de/bdsg/s27/abs1"]
    # another paragraph: no antecedent
    assert keys("Nach Art. 6 DSGVO ist das erlaubt.\n\nArticle 7(3) applies.") == ["eu/reg-2016-679/art6"]


def test_german_citations_next_to_eu_ones_are_unchanged() -> None:
    assert keys("§ 823 Abs. 1 BGB") == ["de/bgb/s823/abs1"]
    assert keys("Art. 1 Abs. 1 GG") == ["de/gg/art1/abs1"]
    assert keys("§ 1 FantasieG") == ["de/fantasieg/s1"]
    assert keys("Art. 229 § 5 EGBGB") == ["de/egbgb/art229/s5"]


def test_jurisdiction_hint_does_not_override_an_eu_act() -> None:
    assert keys("Art. 6 Abs. 1 lit. f DSGVO", jurisdiction="de") == ["eu/reg-2016-679/art6/par1/ptf"]
    assert keys("Art. 102 AEUV", jurisdiction="ch") == ["eu/tfeu/art102"]


# ---------------------------------------------------------------- acts, numbers, tables

@pytest.mark.parametrize("kind,a,b,numbered,work", [
    ("reg", "2016", "679", False, "reg-2016-679"),
    ("reg", "593", "2008", True, "reg-2008-593"),
    ("reg", "593", "2008", False, "reg-2008-593"),
    ("reg", "1408", "71", True, "reg-1971-1408"),
    ("reg", "3577", "92", True, "reg-1992-3577"),
    ("reg", "1", "2003", False, "reg-2003-1"),
    ("dir", "93", "13", False, "dir-1993-13"),
    ("dir", "2008", "115", False, "dir-2008-115"),
    ("dir", "2016", "1148", False, "dir-2016-1148"),
    ("dec", "2006", "512", False, "dec-2006-512"),
    ("dec", "768", "2008", True, "dec-2008-768"),
    ("dir", "0", "13", False, None),
])
def test_act_work(kind: str, a: str, b: str, numbered: bool, work: str | None) -> None:
    assert acts.act_work(kind, a, b, numbered=numbered) == work


@pytest.mark.parametrize("work,celex", [("reg-2016-679", "32016R0679"), ("dir-1993-13", "31993L0013"),
                                        ("dec-2016-1250", "32016D1250"), ("tfeu", "12016E"), ("charter", "12016P")])
def test_celex_round_trip(work: str, celex: str) -> None:
    assert acts.celex(work) == celex and acts.work_of_celex(celex) == work


def test_table_names_every_toc_act_and_knows_completeness(corpora_dir: Path) -> None:
    import json

    with gzip.open(corpora_dir / "eu_toc.jsonl.gz", "rt", encoding="utf-8") as fh:
        toc = [json.loads(line) for line in fh]
    idx = acts.index()
    assert len(idx.acts) == len(toc)
    for row in toc:
        work = next(w for w, a in idx.acts.items() if a["celex"] == row["celex"])
        for name in row["names_en"] + row["names_de"]:
            m = idx.match_name(name, 0)
            assert m is not None and m.work == work, name
        assert idx.acts[work]["units_complete"] == row["units_complete"]
    assert idx.point_article("reg-2016-679", "4") and not idx.point_article("reg-2016-679", "6")


# ---------------------------------------------------------------- properties

_EU_WORDS = st.sampled_from(["Art.", "Article", "Artikel", "Abs.", "UAbs.", "lit.", "point", "(1)", "(f)", "of",
                             "DSGVO", "GDPR", "AEUV", "Verordnung", "(EU)", "2016/679", "Richtlinie", "93/13/EWG",
                             "C-486/08", "EU:C:2014:317", "Rs.", "und", "bis", "f.", "ff.", "6", "12", ",", "the",
                             "first", "subparagraph", "ECLI:EU:C:2010:215", "EuGH", "Case", "6/72", "Nr."])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_EU_WORDS, max_size=24))
def test_never_raises_and_spans_are_inside(words: list[str]) -> None:
    text = " ".join(words)
    cites = legalcite.extract(text, unresolved=True)
    for c in cites:
        assert 0 <= c.span.start < c.span.end <= len(text)
        assert text[c.span.start:c.span.end] == c.text
    starts = [c.span.start for c in cites]
    assert starts == sorted(starts)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([t for t, _ in TABLE]), st.text(alphabet="abcdefghij .,;", max_size=30))
def test_wrapping_in_prose_only_shifts_spans(citation: str, prefix: str) -> None:
    prefix = prefix.strip() + " " if prefix.strip() else ""
    plain = legalcite.extract(citation)
    wrapped = legalcite.extract(f"{prefix}{citation}.")
    assert [c.key for c in wrapped if c.jurisdiction == "eu"] == [c.key for c in plain if c.jurisdiction == "eu"]


# ---------------------------------------------------------------- the measurement set

def test_measurement_set_floor(shared_dir: Path) -> None:
    """Key precision and recall on tests/fixtures/eu/measure.jsonl (python -m legalcite.evaluation.eu): measured
    0.992 / 0.996 over 253 EU citations (held-out texts 29/29); the floor is the issue's 0.95."""
    from legalcite.evaluation import eu

    rep = eu.evaluate(eu.load(shared=shared_dir))
    assert rep.total.expected >= 200
    assert rep.total.precision >= 0.95 and rep.total.recall >= 0.95
    assert rep.controls.found == rep.controls.expected


def test_a_run_parsed_whole_is_the_longest_prefix_on_the_shared_texts(testdata_dir: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """core.parse.run_prefix (a window's run of tokens parsed in one pass) gives what longest_prefix gives, on every
    window the EU extractor parses in the shared German, English and French texts (every table case too), and reads
    most of them in one pass."""
    import json

    from legalcite.core import parse
    from tests import run_prefix_check

    real = parse.run_prefix
    seen = run_prefix_check.spy(monkeypatch)
    texts = [t for t, _ in TABLE]
    for name, field in (("de_ler_test.jsonl", "text"), ("de_refex_ler.jsonl", "text"),
                        ("lexam_open_sample.jsonl", "reference_answer"), ("lexam_open_sample.jsonl", "question")):
        for line in (testdata_dir / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and isinstance(json.loads(line).get(field), str):
                texts.append(json.loads(line)[field])
    for text in texts:
        legalcite.extract(text)
    whole = run_prefix_check.agree(seen, real)
    assert len(seen) > 100 and whole > len(seen) // 2


@pytest.mark.parametrize("unit", ["Article 1 ", "Article 1(1)(a) of ", "point (a) of ", "Art. 6 Abs. 1 DSGVO ",
                                  "art. 1 ",
                                  "Articles 1, ", "Article 1 of Directive 93/13 Article 2 ", "recital 1 of ",
                                  "Regulation (EU) 2016/679 ", "point (a) of Article 6(1) GDPR "])
def test_a_run_of_anchors_is_read_as_the_longest_prefix_reads_it(unit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: in a run of chains each window is read a chain at a time (its run ends before a second sign), a
    window without a sign holds none, one no token opens is none — what longest_prefix, fed token by token, reads."""
    from legalcite.core import parse
    from tests import run_prefix_check

    real = parse.run_prefix
    seen = run_prefix_check.spy(monkeypatch)
    legalcite.extract("Nach " + unit * 40 + "gilt das.")
    assert seen
    run_prefix_check.agree(seen, real)
