"""The scan (legalcite.core.scan): one alternation of the anchors, literals found by str.find, claims asked only of
the extractors whose anchor can start with the hit's character, and a resume that jumps over what was read."""
from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from legalcite.core.scan import Extractor, prefixed, scan


@dataclass(frozen=True)
class Ex(Extractor):
    anchor: str
    literals: tuple[str, ...] = ()
    literal_anchor: str = ""

    def extract(self, text, anchor, ctx):  # pragma: no cover - not called by the scan
        return []


A = Ex(r"(?=[§])§")
B = Ex(r"(?=[A-Z])(?<![A-Za-z])[A-Z]{2,}", literals=("ebd.",), literal_anchor=r"(?<![\w.])ebd\.")
C = Ex(r"(?=[§A])(?:§|Art\.)")


def hits(text, exs, resume=None, quiet=None):
    return [(c.start, [exs.index(ex) for ex, _ in c.claims]) for c in scan(text, tuple(exs), resume, quiet)]


def test_each_hit_names_the_extractors_whose_anchor_matches_there_in_registry_order() -> None:
    text = "a § b Art. 3 NJW"
    assert hits(text, [A, B, C]) == [(2, [0, 2]), (text.index("Art"), [2]), (text.index("NJW"), [1])]


def test_literals_are_hits_where_their_anchor_matches() -> None:
    text = "vgl. ebd. und webd. sowie NJW"
    assert hits(text, [A, B]) == [(5, [1]), (text.index("NJW"), [1])]
    m = next(c for c in scan(text, (A, B)) if c.start == 5).claims[0][1]
    assert m.group() == "ebd."


def test_a_literal_is_not_looked_for_in_a_language_its_extractor_says_it_is_not_in() -> None:
    @dataclass(frozen=True)
    class Lit(Ex):
        literals_not_in: tuple = ()

        def __hash__(self) -> int:
            return id(self)

    en = Lit(r"(?=[§])§", literals=("supra", "ebd."), literal_anchor=r"(?<!\w)(?:supra|ebd\.)",
             literals_not_in={"de": ("supra",)})
    text = "X, supra; ebd."
    assert [c.start for c in scan(text, (en,))] == [3, 10]
    assert [c.start for c in scan(text, (en,), language="en")] == [3, 10]
    assert [c.start for c in scan(text, (en,), language="de")] == [10]


def test_resume_jumps_over_the_text_already_read() -> None:
    text = "§ § § AB §"
    assert [h for h, _ in hits(text, [A, B])] == [0, 2, 4, 6, 9]
    assert [h for h, _ in hits(text, [A, B], resume=lambda: 7)] == [0, 9]


def test_a_quiet_extractor_is_not_asked_at_its_quiet_characters() -> None:
    text = "§ 1 Art. 2 ebd. §"
    assert hits(text, [A, B, C], quiet={A: "§", B: "e"}) == [(0, [2]), (text.index("Art"), [2]),
                                                              (text.rindex("§"), [2])]
    assert hits(text, [A, B, C], quiet={C: "§A"}) == [(0, [0]), (text.index("ebd"), [1]), (text.rindex("§"), [0])]


def test_no_extractors_no_hits() -> None:
    assert list(scan("§ 1 BGB", ())) == []
    assert re.compile(A.anchor).match("§")


@pytest.mark.parametrize("first, rx, text", [
    ("A-Z", r"(?<![\w.])[A-Z]{2,}\b", "aBC, DE. x.FG HI"),              # a lookbehind at the start still looks behind
    ("§A", r"§(?=\s*\d)|Art\.", "§ 1, § x, Art. 2, xArt."),
    ("0-9", r"\d'\d{3}\b", "1'000'000 and 25'000 but 3'00"),             # overlapping starts: every one is found
])
def test_prefixed_matches_where_the_pattern_matches_and_nowhere_else(first, rx, text) -> None:
    pattern = re.compile(prefixed(first, rx))
    expected = [i for i in range(len(text)) if re.compile(rx).match(text, i) and re.match(f"[{first}]", text[i])]
    assert [m.start() for m in pattern.finditer(text)] == expected


def test_prefixed_keeps_the_patterns_groups() -> None:
    m = re.compile(prefixed("B", r"(?P<court>BGH|BAG)Z?")).search("vgl. BGHZ 1")
    assert (m.start(), m.group("court")) == (5, "BGH")


@pytest.mark.parametrize("rx, first", [
    (r"(?<![\w.])(?:BGE|ATF)\b|\d'\d{3}|«", "ABd«".replace("d", "\\d")),  # lookarounds take no character
    (r"(?:Joined[ \t]+)?Cases?", "CJ"),                                    # an optional part: what follows too
    (r"\d+|[a-f\-\]]", "\\-\\]\\da-f"),
    (r"a?", None), (r"(?:a|)", None),                                       # may match the empty string
    (r"[^a]x", None), (r"(?i)abc", None), (r".x", None),                    # not simple to tell
])
def test_first_chars_are_what_a_match_can_start_with(rx, first) -> None:
    from legalcite.core.scan import first_chars

    assert first_chars(rx) == first


@pytest.mark.parametrize("rx, within, guard", [
    (r"(?<![\w.])(?:BGE|ATF)\b|\d'\d{3}|«", None, "(?=[A][T]|[B][G]|[\\d][']|[«])"),  # lookbehinds take nothing
    (r"§§?(?=\s*\d)", None, "(?=[§][\\d\\s§])"),                 # a lookahead says what the next character is
    (r"[1-9]\d{0,4}\s+", None, "(?=[1-9][\\d\\s])"),            # an optional repeat: what follows it too
    (r"(?:Joined[ \t]+)?Cases?", None, "(?=[C][a]|[J][o])"),
    (r"(?:Art|[Ss]ections?)", "A-Z", "(?=[A][r]|[S][e])"),       # starts outside ``within`` are left out
    (r"(?:BGer)?\d[A-Z]", "B0-9", "(?=[0123456789][A-Z]|[B][G])"),  # a category: the allowed characters in it
    (r"[A-Z][a-z]*+[A-Z]", None, "(?=[A-Z][A-Za-z])"),
    (r"[A-Z][a-z]*+(?![a-z])", None, None),                      # any capital, then anything: nothing to gain
    (r"a*", None, None), (r"(?i)art", None, None), (r"[^a]b", None, None),  # not simple to tell
])
def test_lead_tests_the_first_two_characters(rx, within, guard) -> None:
    from legalcite.core.scan import lead

    assert lead(rx, within) == guard


_ALPHABET = "ABCSartec§1 .-"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([r"(?<![\w.])Art\.?(?=\s*\d)|Sec(?:tion)?s?", r"(?:A[rB]|C)*S", r"§§?(?=\s*\d)|\d{1,3}\s+[A-Z]",
                        r"(?:\d\d?)?[A-C]{2}|(?<=\s)t+e", r"[A-C](?:a|[\d-])?(?!\w)"]),
       st.text(alphabet=_ALPHABET, max_size=40))
def test_lead_holds_wherever_the_pattern_matches(rx, text) -> None:
    """A superset: the lookahead never rejects a position where the pattern matches (so the scan finds the same)."""
    from legalcite.core.scan import lead

    guard = lead(rx)
    assume(guard is not None)
    pattern, ahead = re.compile(rx), re.compile(guard)
    for i in range(len(text) + 1):
        if pattern.match(text, i):
            assert ahead.match(text, i), (rx, text, i)


def test_the_anchors_with_their_leads_stop_where_they_stopped_before() -> None:
    """Every registered anchor stops at the same positions with the two-character tests as without them, on text of
    every jurisdiction (the shared texts' whole run is scripts/compare_extract.py)."""
    from legalcite import jurisdictions
    from legalcite.core.scan import _compiled, lead

    text = ("Nach § 823 Abs. 1 BGB, Art. 41 OR, BGE 140 III 86, Art. 6 Abs. 1 lit. f DSGVO, Rs. C-131/12, EuGH, "
            "Urteil vom 5. Mai 2022 - I ZR 1/21, BVerfGE 7, 198; Einkommensteuergesetzes; 42 U.S.C. § 1983; "
            "Civil Code section 1542; 《中华人民共和国民法典》第五百七十七条; 2016/679; Id. at 5; Fed. R. Civ. P. 56. "
            "Die Klägerin begehrt Sections 3 Schadensersatz Gerichtshof der Europäischen Union C-1/20 AIG 12 StGB 5 ")
    exs = jurisdictions.extractors()
    for ex in exs:
        plain = re.compile(ex.anchor)
        guarded = re.compile((lead(ex.anchor) or "") + f"(?:{ex.anchor})")
        assert [i for i in range(len(text)) if plain.match(text, i)] == \
               [i for i in range(len(text)) if guarded.match(text, i)]
    union = _compiled(exs).union  # one character long where it matches: finditer tries every position
    assert [m.start() for m in union.finditer(text)] == \
           [i for i in range(len(text)) if any(re.compile(ex.anchor).match(text, i) for ex in exs)]


_PARTS = [("A", r"(?<![\w.])Art\.?(?=\s*\d)"), ("§", r"(?P<sign>§§?(?=\s*\d))"), (None, r"(?:A[rB]|C)*S"),
          ("A-C", r"(?P<abbr>[A-C](?<![\w.].)[a-z]*+[A-C])"), ("1-9", r"\d{1,3}\s+[A-Z]"),
          (None, r"(?:\d\d?)?[A-C]{2}|(?<=\s)t+e"), ("S", r"Sec(?:tion)?s?\b"), (None, r"a*")]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PARTS), min_size=1, max_size=4, unique=True),
       st.text(alphabet=_ALPHABET + "\n", max_size=40))
def test_the_union_matches_where_a_part_matches_and_nowhere_else(parts, text) -> None:
    """The scan's union (consuming parts as they are, the others behind their first two characters, grouped by the
    first) starts a match exactly where one of its parts matches — a newline as the second character too."""
    from legalcite.core.scan import _union

    union = re.compile(f"(?:{_union(parts)})")
    compiled = [re.compile(rx) for _, rx in parts]
    assert [i for i in range(len(text) + 1) if union.match(text, i)] == \
           [i for i in range(len(text) + 1) if any(p.match(text, i) for p in compiled)]


class _CountingSearch:
    """A compiled pattern whose ``search`` counts the characters it passes over (from ``pos`` to its match, or to the
    end of the text when it finds none): the scan's regex work, told without a clock."""

    def __init__(self, pattern: re.Pattern) -> None:
        self.pattern, self.passed, self.calls = pattern, 0, 0

    def search(self, text: str, pos: int = 0):
        m = self.pattern.search(text, pos)
        self.passed += (m.start() if m is not None else len(text)) - pos
        self.calls += 1
        return m


# issue 28: each of these, repeated to 1 MB, took minutes (the union searched the rest of the text at every hit)
SHORT_FORMS = ["ebd. ", "id. ", "Id. at 5. ", "a.a.O., S. 5 ", "ebd., Rn. 5 ", "supra note 5, at 3. ", "Ibid. "]


@pytest.mark.parametrize("head", ["", "§ 823 BGB. ", "42 U.S.C. § 1983. "])
@pytest.mark.parametrize("form", SHORT_FORMS)
def test_the_scan_is_linear_on_a_run_of_short_forms(monkeypatch, form: str, head: str) -> None:
    """A run of short forms after the last anchor (or with none at all): the union's searches pass over each character
    at most once or twice in all, not once per hit — the text's length bounds the work, not its square."""
    import dataclasses

    from legalcite import jurisdictions
    from legalcite.core import scan as scan_module

    exs = jurisdictions.extractors()
    scanner = scan_module._compiled(exs)
    counting = _CountingSearch(scanner.union)
    monkeypatch.setattr(scan_module, "_compiled", lambda _: dataclasses.replace(scanner, union=counting))
    for language in (None, "de", "en"):
        counting.passed = counting.calls = 0
        text = head + form * (200_000 // len(form))
        hits = sum(1 for _ in scan(text, exs, language=language))
        assert hits >= 200_000 // len(form) // 2 or language is not None  # the run is read: a hit per short form
        assert counting.passed <= 2 * len(text)
        assert counting.calls <= hits + 2


# ------------------------------------------------------------------ Marks: a window test read once (issue 35)

_MARK_WORDS = st.lists(st.sampled_from(["Art.", "1", "OR", "x", "des", "OR.", "  ", "\n"]), max_size=120)


@settings(max_examples=300, deadline=None)
@given(_MARK_WORDS, st.lists(st.tuples(st.integers(0, 119), st.integers(0, 60)), max_size=30))
def test_marks_say_what_a_test_of_each_window_says(words: list[str], queries: list[tuple[int, int]]) -> None:
    """``Marks.any_in(start, end)`` — the marks read once per document, as the queries move on (or jump back) — is
    whether a word the test holds for starts in ``[start, end)``, for windows that start at a word, as anchors do."""
    from legalcite.core.scan import Marks

    text = " ".join(words)
    starts = [m.start() for m in re.finditer(r"\S+", text)]
    marked = [m.start() for m in re.finditer(r"\S+", text) if m.group() == "OR"]
    marks = Marks(text, lambda t, a, b: [m.start() + a for m in re.finditer(r"\S+", t[a:b]) if m.group() == "OR"])
    for i, length in queries:
        if not starts:
            break
        start = starts[i % len(starts)]
        assert marks.any_in(start, start + length) == any(start <= p < start + length for p in marked)


def test_marks_read_each_character_about_once_in_a_run_of_anchors() -> None:
    """A run of anchors each asking about the 400 characters after it: the test reads the text about once, not once
    per anchor (``Art. 1 Art. 1 …``: each character was read some sixty times)."""
    from legalcite.core.scan import Marks

    text = "Art. 1 " * 20_000
    read = 0

    def find(t: str, a: int, b: int) -> list[int]:
        nonlocal read
        read += b - a
        return []

    marks = Marks(text, find)
    for m in re.finditer("Art", text):
        assert not marks.any_in(m.start(), m.start() + 400)
    assert read <= len(text) + Marks.STEP + 400


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="a\n ", max_size=40), st.integers(0, 45), st.integers(0, 45))
def test_same_paragraph_is_no_blank_line_between(text: str, a: int, b: int) -> None:
    """``Context.same_paragraph(a, b)`` (a bisect in the blank lines found once: the linkers ask it of each citation
    after an antecedent that may lie far back, issue 35) is ``"\\n\\n" not in text[a:b]``."""
    from legalcite.core.scan import Context

    assert Context(text=text).same_paragraph(a, b) == ("\n\n" not in text[a:b])
