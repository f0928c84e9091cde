"""Citations in HTML (``legalcite.core.markup``): the visible text, the offset map back into the markup, and
``extract(..., markup="html")`` for any jurisdiction."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite import extract
from legalcite.core.markup import clean

_TAGS = re.compile(r"<[^>]*>")


@pytest.mark.parametrize("markup,text", [
    ("<p>a</p><p>b</p>", "a\n\nb"),
    ("a<br>b<br/>c", "a\nb\nc"),
    ("x &amp; y&nbsp;z &#167; 5", "x & y z § 5"),
    ("Mass<b>.</b> 147", "Mass. 147"),                          # a tag inside a word joins it
    ("477</em>U.S.", "477 U.S."),                                # a tag between two words parts them
    ("135 <span class=\"star-pagination\">*355</span> Mass. 147", "135 Mass. 147"),
    ("a<page-number citation-index=\"1\">*1029</page-number>b", "a b"),
    ("<head><title>t</title></head><body>  see\n\n  5 U.S. 137 </body>", "see 5 U.S. 137"),
    ("<script>var x = '5 U.S. 137';</script>ok<!-- 5 U.S. 137 -->", "ok"),
    ("<span class=\"star-pagination\"><span>*3</span></span>x", "x"),
    ("a < b & c", "a < b & c"),
])
def test_visible_text(markup: str, text: str) -> None:
    assert clean(markup).text == text


@pytest.mark.parametrize("markup,keys,cited", [
    ('<i>Crane</i> v. <i>Hyde Park,</i> 135 <span class="star-pagination">*355</span> Mass. 147, and',
     ["us/case/135/mass./147"], ['135 <span class="star-pagination">*355</span> Mass. 147']),
    ('party.”\n  <em>\n   Anderson, 477\n  </em>\n  U.S. at 248', ["us/case/477/u.s."],
     ["477\n  </em>\n  U.S. at 248"]),
    ('<span class="volume">26</span> <span class="reporter">Va. App.</span> <span class="page">299</span>',
     ["us/case/26/va.app./299"], ['26</span> <span class="reporter">Va. App.</span> <span class="page">299']),
    ("<p>Nach &sect;&nbsp;823 Abs.&nbsp;1 <b>BGB</b> haftet, wer</p>", ["de/bgb/s823/abs1"],
     ["&sect;&nbsp;823 Abs.&nbsp;1 <b>BGB"]),
])
def test_extract_from_html_maps_spans_into_the_markup(markup: str, keys: list[str], cited: list[str]) -> None:
    cites = extract(markup, markup="html")
    assert [c.key for c in cites] == keys
    assert [markup[c.span.start : c.span.end] for c in cites] == cited
    for c in cites:  # the citation's text is what a reader sees of its span
        assert c.text == clean(markup[c.span.start : c.span.end]).text


def test_eyecite_markup_rows_read_their_citations(testdata_dir: Path) -> None:
    """Each HTML test text of eyecite: every citation's span in the HTML shows, once its tags are removed, the
    citation's text."""
    rows = [json.loads(line) for line in (testdata_dir / "us_eyecite_tests.jsonl").read_text().splitlines()]
    n = 0
    for r in (r for r in rows if r["input_is_markup"]):
        for c in extract(r["text"], markup="html"):
            n += 1
            assert clean(r["text"][c.span.start : c.span.end]).text == c.text
    assert n >= 40


def test_unknown_markup_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown markup"):
        clean("x", "rtf")


_HTML = st.lists(st.sampled_from([
    "5 U.S. 137", "<em>", "</em>", "<p>", "</p>", "<br>", " ", "\n", "&amp;", "&nbsp;", "See ", "Id. at 5", ", 140",
    '<span class="star-pagination">*2</span>', "§ 823 BGB", "<b>", "</b>", "(1803)", "Marbury v. Madison, ",
]), max_size=14).map("".join)


@settings(max_examples=200, deadline=None)
@given(_HTML)
def test_every_clean_span_maps_into_the_markup(markup: str) -> None:
    c = clean(markup)
    assert c.to_source(0, len(c.text)) == (c.source_start(0), c.source_end(len(c.text)))
    for i in range(len(c.text)):
        s, e = c.to_source(i, i + 1)
        assert 0 <= s < e <= len(markup)
        if not c.text[i].isspace():  # a visible character comes from its own place, or from the entity there
            assert _TAGS.sub("", markup[s:e]).replace("&amp;", "&").replace("&nbsp;", " ") == c.text[i]
    for cite in extract(markup, markup="html"):
        assert 0 <= cite.span.start < cite.span.end <= len(markup)
