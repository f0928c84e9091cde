"""The Lark side of the US extractor: the Transformers that build ``case.lark`` and ``statute.lark`` trees into
typed parse results during the LALR parse (embedded, so no tree is built), and the parsers that embed them.

Reporter names are generic words in the grammar; :class:`CaseTransformer` looks them up in reporters-db and keeps
the editions whose formats admit the reference (:meth:`~legalcite.jurisdictions.us_common.reporters.Edition.admits`);
a reference nobody admits raises :class:`~legalcite.jurisdictions.us.cases.Reject`, which ends the citation there.
Imported on the first parse (it imports Lark).
"""
from __future__ import annotations

import functools
from typing import Any

from lark import Token, Transformer, v_args

from legalcite.core.parse import get_parser, longest_prefix
from legalcite.jurisdictions.us.cases import (NOTHING, WINDOW, Cited, Full, IdCite, Note, Paren, Pin, Ref, Short, Supra,
                                              Words, make_full, make_paren, make_ref, make_short, words)


def _words(tokens: tuple[Token, ...]) -> Words:
    return words([(str(t), t.start_pos, t.end_pos) for t in tokens])


@v_args(inline=True)
class CaseTransformer(Transformer):
    """``case.lark`` → :class:`Full` | :class:`Short` | :class:`IdCite` | :class:`Supra` (window offsets), through the
    builders of :mod:`.cases` (which the fast path of :func:`~legalcite.jurisdictions.us.cases.fast_case` shares)."""

    # ---- references
    def reporter(self, *tokens: Token) -> Words:
        return _words(tokens)

    court_words = reporter

    def nominative(self, *tokens: Token) -> str:
        return _words(tokens).text

    def page(self, token: Token) -> Token:
        return token

    def vref(self, volume: Token, reporter: Words, *rest: Any) -> Ref:
        nominative, page = rest if len(rest) == 2 else (None, rest[0])
        return make_ref("vref", str(volume), reporter, str(page), volume.start_pos, page.end_pos, nominative)

    def neutral(self, volume: Token, _dash: Token, reporter: Words, _dash2: Token, page: Token) -> Ref:
        return make_ref("neutral", str(volume), reporter, str(page), volume.start_pos, page.end_pos)

    def year_page(self, reporter: Words, volume: Token, _dash: Token, page: Token) -> Ref:
        return make_ref("year_page", str(volume), reporter, str(page), reporter.start, page.end_pos)

    def page_first(self, volume: Token, *rest: Any) -> Ref:
        page, court, date, close = rest[-4:]
        return make_ref("page_first", str(volume), court, str(page), volume.start_pos, close.end_pos, date=str(date))

    # ---- pins and the parenthetical
    def pinval(self, *tokens: Token) -> Pin:
        return Pin("".join(tokens), tokens[-1].end_pos)

    def pin(self, *tokens: Token) -> Pin:
        return self.pinval(*(t for t in tokens if t.type not in ("AT", "PP")))

    def note(self, *tokens: Token) -> Note:
        return Note("".join(tokens), tokens[-1].end_pos)

    def paren_word(self, token: Token) -> Token:
        return token

    def paren(self, *tokens: Token) -> Paren:
        *inner, year, close = tokens
        return make_paren([(t.type, str(t), t.start_pos, t.end_pos) for t in inner], str(year), close.end_pos)

    # ---- the forms
    def full(self, *parts: Any) -> Full:
        return make_full(parts)

    def bracketed(self, *parts: Any) -> tuple[tuple[Cited, ...], int]:
        *inner, close = parts
        return make_full(inner).cited, close.end_pos

    def short(self, volume: Token, reporter: Words, *rest: Any) -> Short:
        return make_short(str(volume), reporter, volume.start_pos, rest[-1])

    def idcite(self, token: Token, *rest: Any) -> IdCite:
        pin = rest[-1] if rest else None
        return IdCite(None, token.end_pos) if pin is None else IdCite(pin.text, pin.end)

    def id_section(self, *_: Any) -> object:
        return NOTHING

    def supra(self, token: Token, *rest: Any) -> Supra:
        if not rest:
            return Supra(None, None, token.end_pos)
        pin = rest[-1]
        if isinstance(rest[1], Words):  # "supra, 13 Cal.App.5th at 1146"
            return Supra(pin.text, make_ref("vref", str(rest[0]), rest[1], None, rest[0].start_pos, pin.end), pin.end)
        return Supra(pin.text, None, pin.end)

    def supra_note(self, *_: Any) -> object:
        return NOTHING


@functools.cache
def case_parser() -> Any:
    """The LALR parser of ``case.lark`` with :class:`CaseTransformer` embedded (trees become :class:`Full`,
    :class:`Short` … during the parse), built once per process."""
    return get_parser("legalcite.jurisdictions.us", "case", transformer=CaseTransformer())


def parse_case(text: str, pos: int) -> Any:
    """The parse result of the case citation starting at ``pos`` (window offsets), or None."""
    res = longest_prefix(case_parser(), text[pos : pos + WINDOW])
    return None if res is None else res.tree
