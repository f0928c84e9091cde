"""The one rule between jurisdictions' readings at an anchor (pipeline.reading_rank), and its cost: the prose's cue
count is taken only when the readings tie on what comes before it."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import legalcite
from legalcite import pipeline
from legalcite.core.scan import Context
from legalcite.models import StatuteMetadata


def _counting_context(text: str, jurisdiction: str | None = None) -> tuple[Context, list[str]]:
    asked: list[str] = []

    def guess(t: str) -> str | None:
        asked.append(t)
        return pipeline.guess_prose(t)
    return Context(text=text, jurisdiction=jurisdiction, language="de", prose_guess=guess), asked


def test_prose_is_counted_only_when_readings_tie() -> None:
    ctx, asked = _counting_context("Der Anspruch folgt aus § 823 Abs. 1 BGB.")
    assert [c.key for c in pipeline.extract_raw(ctx.text, ctx)] == ["de/bgb/s823/abs1"]
    assert asked == []                    # one reading: nothing to rank
    ctx, asked = _counting_context("Art. 11 BEHG, wie das Bundesgericht festhielt.")
    assert [c.key for c in pipeline.extract_raw(ctx.text, ctx)] == ["ch/behg/art11"]
    assert len(asked) == 1                # an unknown act in both countries: the prose (Bundesgericht) decides, once


def test_the_hint_is_the_prose() -> None:
    ctx, asked = _counting_context("Art. 11 BEHG", jurisdiction="ch")
    assert ctx.prose == "ch" and asked == []
    assert [c.key for c in legalcite.extract("Art. 11 BEHG")] == ["de/behg/art11"]   # no cue: as before


def test_rank_order() -> None:
    """A known work beats an unknown one; otherwise equal readings fall to the prose (the hint here)."""
    known = legalcite.parse("Art. 41 OR")[0]
    unknown = known.replace(jurisdiction="de", metadata=StatuteMetadata(unknown_work="OR"))  # the German reading
    ctx = Context(text="", language="de")
    assert unknown.key == "de/or/art41" and known.key == "ch/or/art41"
    assert pipeline.reading_rank([known], "ch", ("de",), ctx) > pipeline.reading_rank([unknown], "de", ("de",), ctx)
    swiss = Context(text="", language="de", jurisdiction="ch")
    assert (pipeline.reading_rank([unknown], "ch", ("de",), swiss)
            > pipeline.reading_rank([unknown], "de", ("de",), swiss))


# (with the characters a word may follow: a newline, a no-break space, „, an emoji, a letter beyond the BMP)
_WORD_TEXT = (st.text(alphabet=st.sampled_from(list("derDiethasnofuzßBGHZVrwGFSAmyçé_1 .,-\n\xa0„😀𝐝")), max_size=80)
              | st.sampled_from(["der BGH und die BGHZ", "xBGH BGH_ BGH-Urteil", "Germany's German Germanys",
                                 "the law of the land", "ßß"]))


@given(_WORD_TEXT)
def test_the_german_cues_count_as_a_boundary_regex_does(text: str) -> None:
    """de.cue_count takes passes with a prefix the engine can skip to; it counts exactly what the plain pattern with
    a word boundary in front counts (the language guess's passes: tests/core/test_language.py)."""
    import re

    from legalcite.jurisdictions.de.extract import cue_count

    assert cue_count(text) == len(re.findall(
        r"ß|\b(?:BGH|BVerfG|BVerwG|BFH|BSG|BAG|BGHZ|BVerfGE|Bundesrepublik|Deutschland|German|Germany)\b", text))


@given(st.text(alphabet=st.sampled_from(list("BGEATFr. 5'0«»CHSchweizKanton_x1\n")), max_size=80)
       | st.sampled_from(["Fr. 5'000 und 1'000'000 CHF", "xBGE BGE_ BGE 1 I", "Bundesgerichtshof Bundesgericht",
                          "gemäss Strasse «Massnahme»"]))
def test_the_swiss_cues_count_as_the_names_tables_regex_finds(text: str) -> None:
    """ch.cue_count skips to the cues' first characters (core.scan.prefixed), and tries the numbers only in a text
    with an apostrophe; it counts exactly what ``findall`` of the table's regexes counts (no cue inside the one
    before: ``Fr. 5'000`` is one)."""
    import re

    from legalcite.jurisdictions.ch import acts
    from legalcite.jurisdictions.ch.extract import cue_count

    cues = acts.names()["cues"]
    low = text.lower()
    words = re.findall(cues["words"] + "|" + cues["numbers"], text)
    assert cue_count(text) == len(words) + sum(low.count(s) for s in cues["lowercase"])
