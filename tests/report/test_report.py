"""The HTML report without a browser: escaping, span segments, URL vetting, summary figures, CLI."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from legalcite.report.html import (
    json_for_script,
    prepare,
    read_answers,
    render,
    safe_href,
    segments,
    write_report,
)
from legalcite.report.sample import HOSTILE, HOSTILE_TEXT, sample_records


class _Tags(HTMLParser):
    """Collects start tags and attributes as a browser's tokenizer sees them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.script_bodies: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.script_bodies.append(data)


def _parse(page: str) -> _Tags:
    p = _Tags()
    p.feed(page)
    return p


def test_hostile_record_renders_as_text_only():
    page = render([HOSTILE], title="<script>alert(6)</script>")
    tags = _parse(page)
    # exactly the report's own two scripts, no injected element or event handler anywhere
    scripts = [a for t, a in tags.tags if t == "script"]
    assert len(scripts) == 2 and scripts[0] == {"type": "application/json", "id": "report-data"}
    assert not any(t == "img" for t, _ in tags.tags)
    assert not any(k.startswith("on") for _, a in tags.tags for k in a)
    assert "<script>alert" not in page and "</script><script>" not in page
    # the data block round-trips to the original strings
    data = json.loads(tags.script_bodies[0])
    ans = data["answers"][0]
    assert "".join(seg for seg, _ in ans["segments"]) == HOSTILE_TEXT
    assert ans["model"] == HOSTILE["model"]
    ev = ans["citations"][0]["evidence"]
    assert ev[0]["href"] is None and ev[0]["url"] == "javascript:alert(5)"
    assert ev[1]["href"] == "https://www.gesetze-im-internet.de/bgb/__433.html"
    # hostile status / jurisdiction appear escaped in the summary and filter attributes
    assert "&lt;script&gt;alert(3)" in page and "&lt;script&gt;alert(6)" in page
    status_values = [a["value"] for t, a in tags.tags if t == "input" and a.get("data-filter") == "status"]
    assert HOSTILE["citations"][0]["status"] in status_values


def test_csp_allows_only_the_shipped_script_and_style():
    import base64
    import hashlib

    page = render(list(sample_records(3)))
    tags = _parse(page)
    csp = next(a["content"] for t, a in tags.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    body = tags.script_bodies[1]
    digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in csp and "default-src 'none'" in csp
    # nothing is fetched at view time: no element of the page loads a resource
    assert not [a for _, a in tags.tags if "src" in a or (a.get("href") or "").startswith(("http", "//"))]


@given(st.text())
def test_json_for_script_never_closes_the_element(s):
    out = json_for_script({"s": s})
    assert "<" not in out and ">" not in out
    assert json.loads(out) == {"s": s}


@pytest.mark.parametrize("url,ok", [
    ("https://www.gesetze-im-internet.de/bgb/__433.html", True),
    ("http://example.org/a?b=c", True),
    ("HTTPS://EXAMPLE.ORG", True),
    ("javascript:alert(1)", False),
    (" javascript:alert(1)", False),
    ("java\nscript:alert(1)", False),
    ("JaVaScRiPt:alert(1)", False),
    ("data:text/html,<script>alert(1)</script>", False),
    ("vbscript:msgbox", False),
    ("//evil.example/x", False),
    ("/relative", False),
    ("https://exa mple.org", False),
    ("http:///nohost", False),
    (None, False),
    (42, False),
])
def test_safe_href(url, ok):
    assert (safe_href(url) is not None) is ok


@given(st.text(min_size=0, max_size=40), st.lists(st.tuples(st.integers(-3, 45), st.integers(-3, 45)), max_size=6))
def test_segments_rebuild_text_and_mark_only_valid_disjoint_spans(text, spans):
    runs, inline = segments(text, list(enumerate(spans)))
    assert "".join(r for r, _ in runs) == text
    marked = [ci for _, cis in runs for ci in cis]
    assert sorted(marked) == sorted(inline) and len(set(marked)) == len(marked)
    pos = 0
    for piece, cis in runs:
        for ci in cis:
            assert (pos, pos + len(piece)) == tuple(spans[ci])
        pos += len(piece)
    # every valid span is marked unless it overlaps a marked one
    for ci, (s, e) in enumerate(spans):
        if 0 <= s < e <= len(text) and ci not in inline:
            assert any(max(s, spans[m][0]) < min(e, spans[m][1]) for m in inline)


def test_segments_group_citations_with_the_same_span():
    text = "gemäß § 76 Abs. 1 Sätze 2 und 3 FGO eine Pflicht"
    runs, inline = segments(text, [(0, [6, 35]), (1, [6, 35]), (2, [10, 20])])
    assert runs == [["gemäß ", []], ["§ 76 Abs. 1 Sätze 2 und 3 FGO", [0, 1]], [" eine Pflicht", []]]
    assert inline == {0, 1}


def test_segments_count_code_points_not_utf16():
    text = "😀 《刑法》第二百三十四条 ok"
    s = text.index("《")
    runs, inline = segments(text, [(0, [s, s + len("《刑法》第二百三十四条")])])
    assert runs[1] == ["《刑法》第二百三十四条", [0]] and inline == {0}


def test_summary_counts_match_the_records():
    recs = list(sample_records(200, seed=3)) + [{"line": 201, "error": "bad <json>"}]
    summ, items = prepare(recs)
    cites = [c for r in recs if "citations" in r for c in r["citations"]]
    assert summ.answers == 200 and len(items) == 200 and summ.citations == len(cites)
    assert summ.by_status == Counter(c["status"] for c in cites)
    for jur in {c["jurisdiction"] for c in cites}:
        assert sum(summ.by_jurisdiction[jur].values()) == sum(c["jurisdiction"] == jur for c in cites)
    assert summ.total_deduction == pytest.approx(sum(r["summary"]["lexassay_deduction"] for r in recs[:-1]))
    assert summ.errors == [(201, "bad <json>")]
    page = render(recs)
    assert '<dd id="n-answers">200</dd>' in page and "bad &lt;json&gt;" in page
    # the chart has one bar segment per (jurisdiction, status) pair that occurs
    pairs = {(c["jurisdiction"], c["status"]) for c in cites}
    assert len(re.findall(r"<rect class=\"st-", page)) == len(pairs)


def test_non_finite_numbers_do_not_break_the_data_block():
    evidence = [{"source": "s", "details": {"score": float("inf"), "o": object()}}]
    rec = {"line": 1, "text": "x", "summary": {"lexassay_deduction": float("nan")},
           "citations": [{"key": "k", "status": "real", "evidence": evidence}]}
    page = render([rec])
    data = json.loads(_parse(page).script_bodies[0])
    assert data["answers"][0]["deduction"] == 0.0
    assert data["answers"][0]["citations"][0]["evidence"][0]["details"]["score"] == "inf"


def test_deduction_computed_when_the_check_gives_none():
    rec = {"line": 1, "text": "x", "citations": [
        {"key": "de/bgb/s9999", "status": "invented"}, {"key": "de/bgb/s9999", "status": "invented"},
        {"key": "de/bgb/s1", "status": "misattributed"}, {"key": "de/bgb/s2", "status": "real"}]}
    _, items = prepare([rec])
    assert items[0]["deduction"] == 0.5


def test_confirmed_is_shown_and_only_confirmed_verdicts_are_deducted():
    """The page carries each verdict's ``confirmed`` (the script badges "unconfirmed: not deducted"); without the
    check's own figure, the deduction counts confirmed keys (records written before ``confirmed``: every one)."""
    rec = {"line": 1, "text": "x", "citations": [
        {"key": "de/bgb/s9999", "status": "invented", "confirmed": True},
        {"key": "de/bgb/s1", "status": "misattributed", "confirmed": False},
        {"key": "de/bgb/s2", "status": "real", "confirmed": None}]}
    _, items = prepare([rec])
    assert [c["confirmed"] for c in items[0]["citations"]] == [True, False, None]
    assert items[0]["deduction"] == 0.25
    page = render([rec])
    assert "unconfirmed: not deducted" in (Path(__file__).parents[2] / "legalcite/report/report.js").read_text()
    assert json.loads(_parse(page).script_bodies[0])["answers"][0]["citations"][1]["confirmed"] is False


def test_checked_unit_is_shown_as_a_citation():
    """The tooltip names the checked unit the way its jurisdiction prints it (the printer), beside its key."""
    rec = {"line": 1, "text": "x", "citations": [
        {"key": "de/bgb/s823/abs7", "checked_key": "de/bgb/s823", "status": "invented"},
        {"key": "ch/or/art41", "checked_key": "ch/or/art41", "status": "real"},
        {"key": "at/abgb/s1", "checked_key": "at/abgb/s1", "status": "not_checked"}]}
    _, items = prepare([rec])
    assert [c["checked_as"] for c in items[0]["citations"]] == ["§ 823 BGB", "Art. 41 OR", "at/abgb/s1"]


def test_a_treaty_is_named_in_the_answers_language():
    """Issue 32: the tooltip of an English answer printed the ECHR in German ("Art. 6 Ziff. 1 EMRK")."""
    cite = {"key": "int/echr/art6/par1", "checked_key": "int/echr/art6/par1", "status": "real"}
    texts = {"The tribunal must be independent and impartial under Article 6(1) of the Convention.":
             "Article 6(1) ECHR",
             "Das Gericht muss nach Art. 6 Abs. 1 EMRK unabhängig und unparteiisch sein.": "Art. 6 Ziff. 1 EMRK"}
    _, items = prepare([{"line": n, "text": t, "citations": [cite]} for n, t in enumerate(texts, 1)])
    assert [it["citations"][0]["checked_as"] for it in items] == list(texts.values())


def test_answers_from_the_input_file(tmp_path):
    src = tmp_path / "answers.jsonl"
    src.write_text(json.dumps({"id": "q1", "answer": "Nach § 433 BGB."}) + "\nnot json\n", encoding="utf-8")
    answers = read_answers(src)
    assert answers == {1: {"text": "Nach § 433 BGB.", "model": None}}  # the check could not read line 2 either
    txt = tmp_path / "answers.txt"
    txt.write_text("Erste Antwort,\nzwei Zeilen.\n\nZweite.\n", encoding="utf-8")
    assert read_answers(txt) == {1: {"text": "Erste Antwort,\nzwei Zeilen."}, 4: {"text": "Zweite."}}  # blocks
    rec = {"line": 1, "citations": [{"key": "de/bgb/s433", "span": [5, 14], "status": "real", "jurisdiction": "de"}]}
    _, items = prepare([rec], answers)
    assert items[0]["segments"] == [["Nach ", []], ["§ 433 BGB", [0]], [".", []]]


def test_cli_writes_report(tmp_path):
    check = tmp_path / "check.jsonl"
    with check.open("w", encoding="utf-8") as fh:
        for r in sample_records(20):
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        fh.write("not json\n")
    out = tmp_path / "r.html"
    proc = subprocess.run([sys.executable, "-m", "legalcite", "report", str(check), "-o", str(out), "--title", "T"],
                          check=False, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr  # every good record reported, the bad line named
    assert f"{check}:21: malformed JSON" in proc.stderr
    page = out.read_text(encoding="utf-8")
    assert '<dd id="n-answers">20</dd>' in page and "malformed JSON" in page
    assert write_report([], tmp_path / "empty.html").read_text(encoding="utf-8").count("No citations.") == 1


def test_cli_report_refuses_an_unchecked_file(tmp_path):
    answers = tmp_path / "answers.jsonl"
    answers.write_text("".join(json.dumps({"id": i, "answer": "§ 823 BGB"}) + "\n" for i in range(11)),
                       encoding="utf-8")
    out = tmp_path / "r.html"
    proc = subprocess.run([sys.executable, "-m", "legalcite", "report", str(answers), "-o", str(out)],
                          check=False, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "no `legalcite check` output" in proc.stderr and "legalcite check" in proc.stderr
    assert not out.exists()


MD_ANSWER = ("## Result\n\nThe buyer must pay (**§ 433 Abs. 2 BGB**), *at once*; see `BGB`.\n"
             "- first point\n- a <script>alert(7)</script> in the text\n```\ncode **stays**\n```\nend")


def _md_record() -> dict:
    s = MD_ANSWER.index("§")
    return {"line": 1, "text": MD_ANSWER,
            "citations": [{"key": "de/bgb/s433/abs2", "text": "§ 433 Abs. 2 BGB", "span": [s, s + 16],
                           "status": "real"}]}


@pytest.mark.parametrize(("text", "runs"), [
    ("a **b** c", [["a ", []], ["b", [], "b"], [" c", []]]),
    ("a __b__ and _c_ and *d*", [["a ", []], ["b", [], "b"], [" and ", []], ["c", [], "i"], [" and ", []],
                                 ["d", [], "i"]]),
    ("**a *b* c**", [["a ", [], "b"], ["b", [], "b i"], [" c", [], "b"]]),
    ("# One\n### Three", [["One", [], "h1"], ["\n", []], ["Three", [], "h3"]]),
    ("* x\n+ y\n  - z", [["• x\n• y\n  • z", []]]),             # a nested item keeps its indent
    ("x * y * z, 2*3*4, snake_case_name, ** no", [["x * y * z, 2*3*4, snake_case_name, ** no", []]]),
    ("```py\n# not a heading\n```\n", [["# not a heading\n", [], "pre"]]),
    ("`**`", [["**", [], "code"]]),
])
def test_markdown_styles_runs_and_drops_markers(text, runs):
    from legalcite.report import markdown

    assert markdown.render(text, [[text, []]]) == runs


def test_markdown_in_an_answer_is_styled_its_citation_still_marked_and_html_stays_text():
    """Issue 32: the report showed raw ``**…**``. The styles travel beside the text (the script builds ``strong``,
    ``em``, ``code`` elements from them); the text itself is never markup."""
    page = render([_md_record()])
    data = json.loads(_parse(page).script_bodies[0])
    runs = data["answers"][0]["segments"]
    assert ["Result", [], "h2"] in runs and ["§ 433 Abs. 2 BGB", [0], "b"] in runs and ["at once", [], "i"] in runs
    assert ["code **stays**\n", [], "pre"] in runs
    shown = "".join(r[0] for r in runs)
    assert "**" not in shown.replace("code **stays**", "") and "##" not in shown and "• first point" in shown
    assert "<script>alert(7)</script>" in shown                       # text, as the answer wrote it …
    assert "alert(7)" not in page.replace("\\u003cscript\\u003ealert(7)", "")  # … and escaped in the page
    assert sum(tag == "script" for tag, _ in _parse(page).tags) == 2
    js = (Path(__file__).parents[2] / "legalcite/report/report.js").read_text(encoding="utf-8")
    assert '"strong"' in js and "innerHTML" not in js


def test_a_marker_inside_a_citation_stays_text():
    from legalcite.report import markdown

    text = "See **Art. 6 *EMRK**"
    runs = markdown.render(text, [["See **", []], ["Art. 6 *EMRK", [0]], ["**", []]])
    assert "".join(r[0] for r in runs if r[1]) == "Art. 6 *EMRK" and all(r[0] != "**" for r in runs)


@given(st.text(alphabet="*_`#-+ \nab§", max_size=60), st.data())
def test_markdown_never_loses_a_citations_text(text, data):
    from legalcite.report import markdown

    s = data.draw(st.integers(0, len(text)))
    e = data.draw(st.integers(s, len(text)))
    runs, _ = segments(text, [(0, [s, e])])
    out = markdown.render(text, runs)
    assert "".join(r[0] for r in out if r[1]) == (text[s:e] if e > s else "")
    assert all(isinstance(r[0], str) and r[0] for r in out)
