"""The scan (legalcite.core.scan): one alternation of the anchors, literals found by str.find, claims asked only of
the extractors whose anchor can start with the hit's character, and a resume that jumps over what was read."""
from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from legalcite.core.scan import prefixed, scan


@dataclass(frozen=True)
class Ex:
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


def test_resume_jumps_over_the_text_already_read() -> None:
    text = "§ § § AB §"
    assert [h for h, _ in hits(text, [A, B])] == [0, 2, 4, 6, 9]
    assert [h for h, _ in hits(text, [A, B], resume=lambda: 7)] == [0, 9]


def test_a_quiet_extractor_is_not_asked_at_its_quiet_characters() -> None:
    text = "§ 1 Art. 2 ebd. §"
    assert hits(text, [A, B, C], quiet={A: "§", B: "e"}) == [(0, [2]), (text.index("Art"), [2]), (text.rindex("§"), [2])]
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
