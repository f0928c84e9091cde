"""The HTML report in a real headless Chromium (Debian's ``chromium`` driven by the ``playwright`` package):
loads without console errors, filters and pages work, hostile input stays text, a screenshot is taken."""
from __future__ import annotations

import os
import shutil
import time
from collections import Counter

import pytest

from legalcite.report.html import write_report
from legalcite.report.sample import HOSTILE, HOSTILE_TEXT, sample_records

CHROMIUM = os.environ.get("LEGALCITE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
N = 10_000


@pytest.fixture(scope="module")
def browser():
    # skipped here, not at import: `pytest tests/report/test_report_browser.py` (a README command) then reports the
    # tests as skipped with exit 0 on a machine without a browser, instead of exit 5 (nothing collected)
    if not CHROMIUM:
        pytest.skip("no chromium binary (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed (pip install playwright)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


class Page:
    """A page that records console errors, uncaught exceptions and dialogs (``alert`` from injected code)."""

    def __init__(self, browser, path):
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.problems: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}")
                     if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))

        def on_dialog(d):
            self.dialogs.append(d.message)
            d.dismiss()

        self.page.on("dialog", on_dialog)
        t0 = time.perf_counter()
        self.page.goto(path.as_uri())
        self.page.wait_for_selector("body[data-ready='1']", timeout=30_000)
        self.load_s = time.perf_counter() - t0

    def shown(self) -> int:
        return int(self.page.inner_text("#shown").split(" of ")[0])

    def only(self, kind: str, values: set[str]) -> None:
        """Leave exactly ``values`` checked among the ``kind`` filter boxes."""
        for box in self.page.query_selector_all(f'input[data-filter="{kind}"]'):
            box.set_checked(box.get_attribute("value") in values)


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    recs = list(sample_records(N, seed=7))
    path = write_report(recs, tmp_path_factory.mktemp("report") / "report.html", title="10k answers")
    return recs, path


def test_ten_thousand_answers_load_filter_and_page(browser, big, tmp_path):
    recs, path = big
    pg = Page(browser, path)
    page = pg.page
    print(f"report of {N} answers, {path.stat().st_size / 2**20:.1f} MB: ready in {pg.load_s:.2f} s")  # pytest -s
    assert pg.load_s < 15, f"report with {N} answers took {pg.load_s:.1f}s to become ready"
    assert pg.shown() == N
    assert len(page.query_selector_all("article.answer")) == 50
    page.screenshot(path=str(tmp_path / "report.png"), full_page=False)
    assert (tmp_path / "report.png").read_bytes()[:4] == b"\x89PNG"

    def expect(pred_cite, nocite=True):
        return sum(1 for r in recs if (any(pred_cite(c) for c in r["citations"]) if r["citations"] else nocite))

    pg.only("status", {"invented"})
    assert pg.shown() == expect(lambda c: c["status"] == "invented", nocite=True)
    # on the page, every highlighted citation that is not dimmed is an invented one
    live = page.query_selector_all("article.answer mark:not(.dim)")
    assert live and all("st-invented" in (m.get_attribute("class") or "") for m in live)

    page.uncheck("#f-nocite")
    pg.only("jurisdiction", {"cn"})
    assert pg.shown() == expect(lambda c: c["status"] == "invented" and c["jurisdiction"] == "cn", nocite=False)

    pg.only("status", set(Counter(c["status"] for r in recs for c in r["citations"])))
    pg.only("jurisdiction", {"de", "cn", "us", "us-ca"})
    page.fill("#f-key", "bgb")
    assert pg.shown() == expect(lambda c: "bgb" in c["key"], nocite=False)
    page.fill("#f-key", "")
    assert pg.shown() == expect(lambda c: True, nocite=False)

    page.click("#pager-top button:has-text('next')")
    lines = [int(a.get_attribute("data-line")) for a in page.query_selector_all("article.answer")]
    with_cites = [r["line"] for r in recs if r["citations"]]
    assert lines == with_cites[50:100]

    page.select_option("#f-sort", "deduction")
    top = int(page.query_selector("article.answer").get_attribute("data-line"))
    assert recs[top - 1]["summary"]["lexassay_deduction"] == max(r["summary"]["lexassay_deduction"] for r in recs)
    page.screenshot(path=str(tmp_path / "report-filtered.png"))
    assert not pg.problems, pg.problems
    page.close()


def test_hover_and_click_show_details(browser, big):
    recs, path = big
    pg = Page(browser, path)
    page = pg.page
    first = next(r for r in recs if r["citations"])
    c = first["citations"][0]
    page.hover("article.answer mark >> nth=0")
    tip = page.inner_text("#tip")
    assert c["key"] in tip and c["reason"] in tip and c["status"] in tip
    page.click("article.answer mark >> nth=0")
    page.mouse.move(5, 5)
    assert page.is_visible("#tip"), "a clicked citation stays open"
    hrefs = [a.get_attribute("href") for a in page.query_selector_all("#tip a")]
    assert hrefs == [e["url"] for e in c["evidence"] if e.get("url")]
    page.keyboard.press("Escape")
    assert not page.is_visible("#tip")
    assert not pg.problems, pg.problems
    page.close()


def test_hostile_answer_renders_as_text(browser, tmp_path):
    path = write_report([HOSTILE], tmp_path / "hostile.html", title="<script>alert(6)</script>")
    pg = Page(browser, path)
    page = pg.page
    assert page.title() == "<script>alert(6)</script>"
    assert page.inner_text("article.answer .text") == HOSTILE_TEXT
    assert page.query_selector("article.answer img") is None
    page.click("article.answer mark")
    tip = page.inner_text("#tip")
    assert "<i>reason</i>" in tip and "javascript:alert(5)" in tip
    hrefs = [a.get_attribute("href") for a in page.query_selector_all("#tip a")]
    assert hrefs == ["https://www.gesetze-im-internet.de/bgb/__433.html"]
    assert page.evaluate("document.querySelectorAll('script').length") == 2
    page.screenshot(path=str(tmp_path / "hostile.png"))
    assert not pg.dialogs, f"injected script ran: {pg.dialogs}"
    assert not pg.problems, pg.problems
    page.close()


def test_markdown_is_rendered_and_html_in_it_stays_text(browser, tmp_path):
    """Issue 32: ``**bold**`` showed as written. Bold, italic, code and headings become elements; a ``<script>`` in
    the same answer is text; the citation inside the bold is still a mark that opens its details."""
    from tests.report.test_report import MD_ANSWER, _md_record

    assert "<script>" in MD_ANSWER
    pg = Page(browser, write_report([_md_record()], tmp_path / "md.html"))
    page = pg.page
    assert page.inner_text("article.answer .text strong mark") == "§ 433 Abs. 2 BGB"
    assert page.inner_text("article.answer .text em") == "at once"
    assert page.inner_text("article.answer .text strong.md-h2") == "Result"
    assert "<script>alert(7)</script>" in page.inner_text("article.answer .text")
    assert "**" not in page.inner_text("article.answer .text").replace("code **stays**", "")
    assert page.evaluate("document.querySelectorAll('script').length") == 2
    page.click("article.answer mark")
    assert "de/bgb/s433/abs2" in page.inner_text("#tip")
    assert not pg.dialogs and not pg.problems, (pg.dialogs, pg.problems)
    page.close()


def test_the_filter_bar_never_covers_an_answer(browser, big):
    """Issue 32: the sticky filter bar overlapped the answers. After the pager scrolls to the list, the first answer
    starts below the bar; on a small window the bar takes at most a third of it."""
    _, path = big
    pg = Page(browser, path)
    page = pg.page
    for size in ({"width": 1280, "height": 900}, {"width": 480, "height": 640}):
        page.set_viewport_size(size)
        page.click("#pager-bottom button:has-text('next')")
        bar = page.eval_on_selector("#filters", "e => e.getBoundingClientRect().bottom")
        first = page.eval_on_selector("article.answer", "e => e.getBoundingClientRect().top")
        assert first >= bar, f"{size}: the first answer starts at {first}, under the bar ending at {bar}"
        height = page.eval_on_selector("#filters", "e => e.getBoundingClientRect().height")
        assert height <= size["height"] / 3 + 1   # (it scrolls inside where its filters need more)
    assert not pg.problems, pg.problems
    page.close()
