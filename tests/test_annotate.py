"""``legalcite.annotate``: every citation wrapped in a link, on real opinion text and real HTML (eyecite's markup
test texts), HTML and Markdown out, the original markup kept, ``full_span``, ``status``."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import legalcite
from legalcite.annotation import _balanced, annotate, find_marks

_OURS = re.compile(r'<(?:a|span) [^>]*class="legalcite[^"]*"[^>]*>|</a>|</span>')
_LINK = re.compile(r'<(a|span) [^>]*class="legalcite[^"]*"[^>]*>(.*?)</\1>', re.S)


def _blocks(testdata_dir: Path, n: int) -> list[str]:
    text = (testdata_dir / "us_opinions.txt").read_text(encoding="utf-8")
    blocks = [b for b in text.split("\n\n") if b.strip()]
    return blocks[:: max(1, len(blocks) // n)][:n]


def _strip_ours(out: str, source: str) -> str:
    """The output without the tags annotate added (a source's own </a> and </span> are kept by counting them)."""
    kept = iter(_OURS.findall(source))
    pending = next(kept, None)
    parts, at = [], 0
    for m in _OURS.finditer(out):
        parts.append(out[at : m.start()])
        if m.group() == pending:
            parts.append(m.group())
            pending = next(kept, None)
        at = m.end()
    parts.append(out[at:])
    return "".join(parts)


def test_plain_text_to_html_loses_nothing(testdata_dir: Path) -> None:
    for block in _blocks(testdata_dir, 25):
        out = annotate(block)
        assert html.unescape(re.sub(r"<[^>]+>", "", out)) == block
        marks = find_marks(block)
        assert out.count('class="legalcite') == len(marks) == len(legalcite.extract(block))
        assert out.count("<a href=") == sum(m.url is not None for m in marks)


def test_markdown_links_and_nothing_else(testdata_dir: Path) -> None:
    assert annotate("See 42 U.S.C. § 1983 and Fed. R. Civ. P. 56(a).", output="markdown") == (
        "See [42 U.S.C. § 1983](https://www.law.cornell.edu/uscode/text/42/1983) and "
        "[Fed. R. Civ. P. 56(a)](https://www.law.cornell.edu/rules/frcp/rule_56).")
    for block in _blocks(testdata_dir, 10):
        out = annotate(block, output="markdown")
        back = re.sub(r"\[((?:[^\]\\]|\\.)*)\]\((?:<[^>]*>|[^)\s]*)\)", lambda m: re.sub(r"\\(.)", r"\1", m.group(1)),
                      out)
        assert back == block


def test_short_forms_link_where_their_antecedent_does() -> None:
    out = annotate("Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007). Id. at 570. Twombly, 550 U.S. at 556.",
                   output="markdown")
    assert out.count("(https://www.courtlistener.com/c/U.S./550/544/)") == 3


def test_a_short_cite_without_antecedent_is_marked_without_a_link() -> None:
    out = annotate("Piper Aircraft, 454 U.S. at 241.")
    assert out == ('Piper Aircraft, <span class="legalcite" data-key="us/case/454/u.s.">454 U.S. at 241</span>.')


def test_html_input_keeps_its_markup(testdata_dir: Path) -> None:
    rows = [json.loads(line) for line in (testdata_dir / "us_eyecite_tests.jsonl").read_text().splitlines()]
    sources = [r["text"] for r in rows if r["input_is_markup"]]
    paragraphs = "".join(f"<p>{html.escape(b)}</p>" for b in _blocks(testdata_dir, 8))
    sources += ["<html><body>" + paragraphs + "</body></html>"]
    linked = 0
    for source in sources:
        out = annotate(source, markup="html")
        assert _strip_ours(out, source) == source
        for m in _LINK.finditer(out):
            assert _balanced(m.group(2)), m.group()
            linked += 1
    assert linked > 60


def test_a_citation_across_element_edges_is_wrapped_well_nested() -> None:
    source = ("<p>The cases of <i>Crane</i> v. <i>Hyde Park,</i> 135 <span class=\"star-pagination\">*355</span> "
              "Mass. 147, and <em>Anderson, 477 </em> U.S. at 248.</p>")
    out = annotate(source, markup="html", full_span=True)
    assert ('<a href="https://www.courtlistener.com/c/Mass./135/147/" class="legalcite" '
            'data-key="us/case/135/mass./147"><i>Crane</i> v. <i>Hyde Park,</i> 135 <span class="star-pagination">'
            '*355</span> Mass. 147</a>') in out
    assert '<em>Anderson, <span class="legalcite" data-key="us/case/477/u.s.">477 </span></em>' in out


@pytest.mark.parametrize("text,linked", [
    ("Marbury v. Madison, 5 U.S. 137, 177 (1803)", "Marbury v. Madison, 5 U.S. 137, 177 (1803)"),
    ("Newbold v Arvidson, 105 Idaho 663, 672 P2d 231 [1983]", "Newbold v Arvidson, 105 Idaho 663"),
    ("See Kwikset Corp. v. Superior Court (2011) 51 Cal.4th 310, 320.", "Kwikset Corp. v. Superior Court (2011) 51 "
     "Cal.4th 310, 320"),
    ("under 42 U.S.C. § 1983", "42 U.S.C. § 1983"),
])
def test_full_span_covers_the_case_name(text: str, linked: str) -> None:
    first = find_marks(text, full_span=True)[0]
    assert text[first.start : first.end] == linked


def test_status_colours_each_citation(small_store: Path) -> None:
    # (an American case in German prose is read with its year: tests/us/cases.py IN_GERMAN_TEXT)
    out = annotate("Nach § 823 Abs. 1 BGB und § 9999 BGB; 5 U.S. 137 (1803).", status=True, store=small_store)
    assert 'data-status="real"' in out and 'data-status="invented"' in out and 'data-status="not_checked"' in out
    assert "legalcite-invented" in out and "background-color:#f8d7da" in out
    md = annotate("Nach § 9999 BGB.", output="markdown", status=True, store=small_store)
    assert re.fullmatch(r'Nach \[§ 9999 BGB\]\(https://\S+ "invented: [^"]+"\)\.', md)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown output"):
        annotate("x", output="rtf")
    with pytest.raises(ValueError, match="markup is kept"):
        annotate("<p>x</p>", markup="html", output="markdown")
    assert legalcite.annotate is annotate
