"""The one rule between jurisdictions' readings at an anchor (pipeline.reading_rank), and its cost: the prose's cue
count is taken only when the readings tie on what comes before it."""
from __future__ import annotations

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
    assert pipeline.reading_rank([unknown], "ch", ("de",), swiss) > pipeline.reading_rank([unknown], "de", ("de",), swiss)
