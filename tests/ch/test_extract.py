"""Swiss extraction: the case tables of tests/ch/cases.py (docs/keys.md examples first), spans, pins and metadata."""
from __future__ import annotations

import pytest

import legalcite
from legalcite.models import Kind
from tests.ch import cases


def _rows(*tables) -> list:
    return [pytest.param(r[0], r[1], r[2] if len(r) > 2 else {}, id=r[0][:60]) for table in tables for r in table]


def keys(text: str, **kw) -> list[str]:
    return [c.key for c in legalcite.extract(text, **kw) if c.key]


@pytest.mark.parametrize("text,expected,options", _rows(cases.DESIGN, cases.STATUTES, cases.CASES))
def test_table(text: str, expected: list[str], options: dict) -> None:
    assert keys(text, **options) == expected


@pytest.mark.parametrize("text,expected,options", _rows(cases.GERMAN, cases.BOTH))
def test_germany_or_switzerland(text: str, expected: list[str], options: dict) -> None:
    assert keys(text, **options) == expected


@pytest.mark.parametrize("text", cases.NEGATIVE)
def test_negative(text: str) -> None:
    assert keys(text) == []


_AS_MODELS_WRITE = (cases.MODEL_PROSE, cases.ENGLISH_FORMS, cases.NOT_SWISS_ENGLISH, cases.SHORT_FORMS, cases.MIXED,
                    cases.CONTINUATIONS)


@pytest.mark.parametrize("text,expected,options", _rows(*_AS_MODELS_WRITE))
def test_as_language_models_write(text: str, expected: list[str], options: dict) -> None:
    """Issue 24 and 27: Swiss law in sentences, Markdown, English and mixed answers — every citation with the key a
    careful lawyer gives it, nothing else."""
    assert keys(text, **options) == expected


def _provision_exists(key: str, articles: dict[str, dict]) -> bool:
    """Whether ch_fulltext holds the provision ``key`` names: the article, its Absatz, its Ziffer or Buchstabe (an
    item ``1bis.`` / ``c.`` of the Absatz), its Satz (enough sentences)."""
    import re

    _, work, art, *rest = key.split("/")
    row = articles.get(f"ch/{work}/{art[3:]}")
    if row is None:
        return False
    text = row["text"]
    for seg in rest:
        label, value = re.fullmatch(r"(abs|ziff|lit|satz)(\w+)", seg).groups()
        if label == "abs":
            paras = [p for p in row["paragraphs"] if p["abs"] == value]
            if not paras:
                return False
            text = paras[0]["text"]
        elif label in ("ziff", "lit"):
            if not re.search(rf"(?m)^{re.escape(value)}\. ", text):  # an item of the Absatz, not indented
                return False
        elif label == "satz":
            if len(re.findall(r"[.;:](?:\s|$)", text)) < int(value):
                return False
    return True


def test_the_keys_of_the_answers_name_provisions_that_exist(corpora_dir) -> None:
    """The expected keys of the tables above are real provisions of the Swiss acts in ../shared/corpora."""
    import gzip
    import json

    with gzip.open(corpora_dir / "ch_fulltext.jsonl.gz", "rt", encoding="utf-8") as fh:
        articles = {r["key"]: r for r in map(json.loads, fh)}
    wanted = {k for table in _AS_MODELS_WRITE for row in table for k in row[1] if k.startswith("ch/")}
    assert len(wanted) > 40
    assert sorted(k for k in wanted if not _provision_exists(k, articles)) == []


def test_span_pin_and_metadata() -> None:
    text = "Vgl. BGE 120 II 331, E. 5.a und 5.b sowie Urteil 4A_306/2009 vom 8. Februar 2010."
    bge, docket = legalcite.extract(text)
    assert text[bge.span.start:bge.span.end] == bge.text == "BGE 120 II 331, E. 5.a und 5.b"
    assert bge.kind is Kind.REPORTER and bge.pin == "E. 5.a und 5.b" and bge.metadata.reporter == "BGE"
    assert docket.kind is Kind.CASE and docket.metadata.docket == "4A_306/2009"
    assert docket.metadata.date == "8. Februar 2010" and docket.metadata.court == "BGer"


def test_unknown_act_is_marked() -> None:
    (c,) = legalcite.extract("Art. 11 BEHG", jurisdiction="ch")
    assert c.metadata.unknown_work == "BEHG"


# ------------------------------------------------------------------ properties

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PLAIN = [r for r in cases.DESIGN + cases.STATUTES + cases.CASES if len(r) == 2 and "\n" not in r[0]]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_PLAIN), st.text(alphabet="abc xyz.,;", max_size=20), st.text(alphabet="abc xyz", max_size=20))
def test_unrelated_text_around_a_citation_only_shifts_it(row, before: str, after: str) -> None:
    text, expected = row
    before = before.rstrip(".") + " " if before else ""
    wrapped = before + text + (" " + after if after else "")
    cites = [c for c in legalcite.extract(wrapped) if c.key]
    assert [c.key for c in cites] == expected
    assert all(c.span.start >= len(before) for c in cites)


_SWISS_ALPHABET = list("Art.Abs.Ziff.lit.BGE ATF§OR ZGB StGB EMRK 0123456789IV,;-–()/_ff.bisterSchlT")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(_SWISS_ALPHABET), max_size=80))
def test_never_raises_and_spans_lie_inside(text: str) -> None:
    cites = legalcite.extract(text, jurisdiction="ch", unresolved=True)
    for c in cites:
        assert 0 <= c.span.start < c.span.end <= len(text)
    starts = [c.span.start for c in cites]
    assert starts == sorted(starts)


@pytest.mark.parametrize("text, quiet", [
    ("Nach § 5 Abs. 1 BGB und Art. 2 GG", "§"),           # no canton after a slash: not asked at "§"
    ("Richtlinie 2008/98/EG, § 3 KrWG", "§"),              # a slash, no canton
    ("§ 55 PolG/ZH", ""),
    ("vgl. SHG/ZH; ferner § 21 Abs. 2", ""),               # a canton anywhere in the text
])
def test_quiet_at_paragraph_signs_without_a_canton(text: str, quiet: str) -> None:
    from legalcite.core.scan import Context
    from legalcite.jurisdictions.ch.extract import EXTRACTOR

    assert EXTRACTOR.quiet(Context(text=text)) == quiet
    if not quiet:
        assert any(c.jurisdiction == "ch" for c in legalcite.extract(text)) == ("§ 55" in text)


def test_a_run_parsed_whole_is_the_longest_prefix_on_swiss_texts(testdata_dir, corpora_dir,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """core.parse.run_prefix (a window's run of tokens parsed in one pass) gives what longest_prefix gives, on every
    window the Swiss extractor parses (chains, chains after an act, BGE) in the LEXam samples and the first Swiss
    statute units and BGE Regesten of the corpora, and reads most of them in one pass."""
    import gzip
    import itertools
    import json

    from legalcite.core import parse
    from tests import run_prefix_check

    real = parse.run_prefix
    seen = run_prefix_check.spy(monkeypatch)
    texts = []
    for name in ("lexam_open_sample.jsonl", "lexam_mcq_sample.jsonl"):
        for line in (testdata_dir / name).read_text(encoding="utf-8").splitlines():
            texts += [v for v in json.loads(line).values() if isinstance(v, str)] if line.strip() else []
    for name, field in (("ch_fulltext.jsonl.gz", "text"), ("ch_bge_cases.jsonl.gz", "regeste")):
        with gzip.open(corpora_dir / name, "rt", encoding="utf-8") as fh:
            texts += [t for line in itertools.islice(fh, 400) if isinstance(t := json.loads(line).get(field), str)]
    for text in texts:
        legalcite.extract(text, jurisdiction="ch")
    whole = run_prefix_check.agree(seen, real)
    assert len(seen) > 300 and whole > len(seen) // 2


@pytest.mark.parametrize("unit", ["Art. 1 OR ", "art. 1 al. ", "aArt. 1 ", "Art. 1 Abs. 1 ", "§ 5 PolG/ZH ",
                                  "BGE 140 III ", "BGE 140 III 86 ", "Article 6 § 1 ", "Art. 1 (Art. 2) OR "])
def test_a_run_of_anchors_is_read_as_the_longest_prefix_reads_it(unit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: in a run of chains each window is read a chain at a time (its run ends before a second sign; a § is
    a level too), as longest_prefix, fed token by token, reads it."""
    import legalcite
    from legalcite.core import parse
    from tests import run_prefix_check

    real = parse.run_prefix
    seen = run_prefix_check.spy(monkeypatch)
    legalcite.extract("Gemäss " + unit * 40 + "gilt das.")
    assert seen
    run_prefix_check.agree(seen, real)
