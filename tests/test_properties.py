"""Properties of ``legalcite.extract`` over every registered jurisdiction, on any Unicode input (issue 18):

- no exception, and no extractor error swallowed on the way (the pipeline logs and skips an extractor that
  raises, so "no exception" alone would hide one);
- keys never contain a control character (Cc) or a lone surrogate (Cs) — ``\\ud800`` reaches the text from JSON,
  a NUL from a broken file;
- spans always inside the text, equal to the citation's text, and sorted;
- the same input gives the same output.

Inputs: arbitrary text (surrogates, controls and format characters included) and texts built from the pieces
citations are made of in each jurisdiction, mixed with such characters, with and without a jurisdiction hint.
The per-jurisdiction fuzz and linear-time tests stay in ``tests/<jurisdiction>/``."""
from __future__ import annotations

import logging
import unicodedata

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import legalcite
from legalcite.jurisdictions import PACKAGES
from tests.conftest import assert_spans_exact

# Pieces of citations of every jurisdiction, and of the prose around them.
PIECES = [
    "§", "§§", " ", "Abs.", "Satz", "Nr.", "lit.", "Art.", "Artikel", "BGB", "StGB", "ZPO", "GG", "i.V.m.", "f.", "ff.",
    "IIII", "bis", "-", "–", "BGH", "Urt. v.", "NJW", "BGHZ", "EuGH", "C-", "/", "DSGVO", "Verordnung (EU)", "2016/679",
    "第", "条", "款", "项", "之一", "《", "》", "〈", "〉", "民法典", "中华人民共和国", "刑法", "本法", "同法",
    "、", "，", "至", "（", "）", "法释〔", "〕", "号", "以下",
    "U.S.C.", "42", "1983", "U.S.", "F.3d", "v.", "Id.", "at", "Cal.", "Civ.", "Code", "section", "Lab.", "amend.",
    "XIV", "Const.", "Rule", "(a)", "(1)", "(A)", "et seq.", "supra", "Fed. R. Civ. P.", "CFR",
    "Article", "of the", "Regulation", "Directive", "TFEU", "ECLI:EU:C:2019:1", "Case", "para.",
    "1", "23", "509", "9999", "五百零九", "一千零七十九", "零", ".", ",", ";", "\n", "\t",
    "\x00", "\ud800", "\udfff", "\x1f", "\x7f", "\u200b", "\ufeff", "\u0301", "\u202e", "\U0001f600",
]
HINTS = [None, *PACKAGES]


class _Errors(logging.Handler):
    """Collects what the pipeline logs when an extractor raises."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record.getMessage())


def _bad_char(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cs")


def _check(text: str, jurisdiction: str | None) -> None:
    errors = _Errors()
    log = logging.getLogger("legalcite")
    log.addHandler(errors)
    try:
        cites = legalcite.extract(text, jurisdiction=jurisdiction, unresolved=True)
        again = legalcite.extract(text, jurisdiction=jurisdiction, unresolved=True)
    finally:
        log.removeHandler(errors)
    assert not [m for m in errors.records if "failed at offset" in m], errors.records
    assert_spans_exact(text, cites)
    assert cites == again
    for c in cites:
        for part in (c.key or "", c.work or "", *(u.segment for u in c.units)):
            assert not any(_bad_char(ch) for ch in part), (text, c.key)


any_char = st.characters(exclude_categories=())            # surrogates and controls included
pieces = st.lists(st.sampled_from(PIECES) | st.text(any_char, max_size=2), max_size=40).map("".join)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(any_char, max_size=300) | pieces, st.sampled_from(HINTS))
@example("《民法\ud800典》第一条", None)
@example("《\x00》第一条", None)
@example("《民法典\x00》第1条", "cn")
@example("§ 823 Abs. 1 B\x00GB und Art. 1\ud800 GG", None)
@example("42 U.S.C. § 19\x0083(a)", "us")
def test_any_text_extracts_without_error_with_clean_keys_and_exact_spans(text: str, jurisdiction) -> None:
    _check(text, jurisdiction)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=80).map(" ".join), st.sampled_from(HINTS))
def test_citation_shaped_text(text: str, jurisdiction) -> None:
    _check(text, jurisdiction)
