"""The German grammars: a chain's run of tokens parsed alone gives what the whole window gives (core.parse.parse_run),
on real text and on random chains; the grammars' Roman numerals are the keys' (issue 18 item 10)."""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.core.parse import parse_prefix, token_run
from legalcite.jurisdictions.de import statute, trees
from legalcite.keys import ROMAN_NUMERAL, ROMAN_SMALL_NUMERAL, int_to_roman, is_roman, roman_to_int

_SIGN = re.compile(r"§§?(?=\s*\d)"
                   r"|(?<![\w.])(?:Artt?\.?|Artikeln?|Paragra(?:f|ph)(?:en)?|[Ss]ections?|Articles?)(?=\s*\d)")


def _same(window: str) -> None:
    cut = statute.parse_chain(window)
    whole = parse_prefix(trees.statute_parser(), window)
    assert (cut is None) == (whole is None), window
    if cut is not None:
        assert [(i.path, i.range_to, i.following, i.version) for i in cut.items] == \
            [(i.path, i.range_to, i.following, i.version) for i in whole.items], window
        assert (cut.end, cut.english) == (whole.end, whole.english), window


def test_a_run_parsed_alone_reads_as_the_whole_window_on_real_text(corpora_dir: Path) -> None:
    windows = []
    with gzip.open(corpora_dir / "de_fulltext.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            text = json.loads(line).get("text") or ""
            windows += [text[m.start() : m.start() + statute.WINDOW] for m in _SIGN.finditer(text)]
            if len(windows) > 3000:
                break
    for w in windows:
        _same(w)


_PART = st.sampled_from(["§ 5", "§§ 280", " Abs. 1", " Abs 2", " Satz 2", " S. 3", " Nr. 4", " Nrn. 2", " lit. a",
                         " Buchst. b)", " I", " III", " 1", " 2a", " (1)", " (b)", " f.", " ff.", " a.F.", " aF",
                         ", ", " und ", " bis ", " – ", " i.V.m. ", " BGB", " Satzung", " Absatz", " der", " 7 a",
                         " Art. 3", " Hs. 1", " Alt. 2", ".", ";", " sowie", "\n", "x",
                         # signs past the first token: the contextual lexer reads a part there, or the prose
                         " § 9", ", § 9", ", §§ 3", " Paragraph 3", ", Paragraph 3", " Section 4", " Artikel 5"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_PART, min_size=1, max_size=12)
       .map(lambda ps: "§ " + "".join(ps)[2:] if ps[0][0] != "§" else "".join(ps)))
def test_a_run_parsed_alone_reads_as_the_whole_window(window: str) -> None:
    _same(window + " und so weiter.")
    _same(window)


def test_the_grammars_roman_numerals_are_numerals_the_keys_read() -> None:
    """``ROMAN_SMALL_NUMERAL`` (the German grammars' ``ROMAN_NUMERAL``) matches exactly I–XXXIX, each one
    ``roman_to_int`` reads; ``ROMAN_NUMERAL`` exactly what ``is_roman`` accepts."""
    small = re.compile(ROMAN_SMALL_NUMERAL)
    full = re.compile(ROMAN_NUMERAL)
    assert [n for n in range(1, 5000) if not full.fullmatch(int_to_roman(n))] == []
    assert {s for s in map(int_to_roman, range(1, 100)) if small.fullmatch(s)} == set(map(int_to_roman, range(1, 40)))
    for bad in ("IIII", "VV", "IIV", "XXXX", "IL", "MDV ", "", "IC"):
        assert not small.fullmatch(bad) and not is_roman(bad)
    assert roman_to_int("XXXIX") == 39 and is_roman("MDV") and not small.fullmatch("MDV")
    with pytest.raises(ValueError):
        roman_to_int("IIII")


def test_chains_in_the_grammars_shape_need_no_parse_and_read_as_the_grammar_reads_them(corpora_dir: Path) -> None:
    """The fast path (trees._read_run) reads most § chains of real statute text, each as the grammar reads the
    same run and the whole window (the other chains go to the grammar)."""
    run = token_run(trees.statute_parser())
    decided = total = 0
    with gzip.open(corpora_dir / "de_fulltext.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            text = json.loads(line).get("text") or ""
            for m in _SIGN.finditer(text):
                window = text[m.start() : m.start() + statute.WINDOW]
                r = run.match(window)
                if r is None or r.end() == len(window) or window[r.end()].isalnum():
                    continue
                total += 1
                fast = trees._read_run(r.group())
                if fast is not None:
                    decided += 1
                    parsed = parse_prefix(trees.statute_parser(), r.group())
                    assert [(i.path, i.range_to, i.following, i.version) for i in fast.items] == \
                        [(i.path, i.range_to, i.following, i.version) for i in parsed.items], window
                    assert (fast.end, fast.english) == (parsed.end, parsed.english), window
                    _same(window)
            if total > 3000:
                break
    assert decided > total * 0.8


def test_decisions_and_reporter_cites_read_without_the_parser_as_the_parser_reads_them(
        testdata_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every window the German extractor hands to case.lark on the shared court texts: where the token reader
    (trees.read_case) decides, the parser reads the same decision or reporter cite; it decides most of them."""
    import legalcite
    from legalcite.jurisdictions.de import case, extract, trees

    seen: list[tuple[str, str]] = []
    real = case.parse

    def spy(window: str, start: str):
        seen.append((window, start))
        return real(window, start)

    monkeypatch.setattr(extract.case, "parse", spy)
    for name in ("de_ler_test.jsonl", "de_refex_ler.jsonl"):
        for line in (testdata_dir / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                legalcite.extract(json.loads(line)["text"])
    decided = refused = 0
    for window, start in seen:
        fast = trees.read_case(case._parser(), window, start)
        if fast is trees.NO_CITATION:  # where the reader sees that no citation can be read, the parser reads none
            refused += 1
            assert parse_prefix(case._parser(), window, start) is None, (start, window)
        elif fast is not None:
            decided += 1
            assert fast == parse_prefix(case._parser(), window, start), (start, window)
    assert decided > len(seen) * 0.6 and refused > 0
