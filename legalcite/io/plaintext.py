"""Plain-text input, for commands that also take raw answers: ``text`` (each non-blank line), ``blocks`` (each
blank-line-separated block), ``rules`` (parts between Markdown rules ``---``), ``headings`` (a part per Markdown
heading), ``whole`` (the whole input) and ``windows`` (the whole input cut at blank lines into pieces within the
record limit).

The contract: a record past the record limit is a bad line and its lines are dropped up to the next place the
format splits at; inside a fenced code block nothing separates. Standard library only.
"""
from __future__ import annotations

import re
from array import array
from collections import Counter
from typing import Iterator

from legalcite.errors import InputError
from legalcite.io.decode import LineSource, TooLong, Undecodable
from legalcite.io.records import BadLine, Line

_RULE = re.compile(r" {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*")   # a Markdown thematic break: ---, ***, ___
_HEADING = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*")   # an ATX heading: ## Title
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")   # a fenced code block's fence: nothing inside it is a separator


class _Marks:
    """What each line of plain text is to a text format: ``"sep"`` (ends a record and is dropped: a blank line for
    ``blocks``, a line of ``---`` for ``rules``), ``"start"`` (begins a record: for ``headings``, a Markdown heading
    of the first heading's level or above, whose text is then :attr:`title`), ``"blank"`` or ``"text"``. Inside a
    fenced code block nothing separates (a ``# comment`` there is no heading)."""

    def __init__(self, mode: str, level: int = 0) -> None:
        self.mode = mode
        self.level = level      # headings: the level answers start at (0: the first heading's; -1: every level)
        self.fence = ""         # the fence of the code block the lines are in, if any
        self.title: str | None = None
        self.found = 0          # the level of the last heading seen

    def kind(self, text: str) -> str:
        if not text.strip():
            return "sep" if self.mode == "blocks" else "blank"
        if self.mode not in ("rules", "headings"):
            return "text"
        fence = _FENCE.match(text)
        if self.fence:
            if fence and fence.group(1)[0] == self.fence[0] and len(fence.group(1)) >= len(self.fence) \
                    and not text[fence.end():].strip():
                self.fence = ""
            return "text"
        if fence:
            self.fence = fence.group(1)
            return "text"
        if self.mode == "rules":
            return "sep" if _RULE.fullmatch(text) else "text"
        heading = _HEADING.fullmatch(text)
        if heading is None or (self.level > 0 and len(heading.group(1)) > self.level):
            return "text"
        self.found = len(heading.group(1))
        if self.level == 0:
            self.level = self.found
        self.title = (heading.group(2) or "").strip() or None
        return "start"


class PlainText(LineSource):
    """The plain-text formats of :class:`~legalcite.io.reader.Reader`."""

    def _text(self, lines: Iterator[tuple[int, str, int]]) -> Iterator[Line | BadLine]:
        """``text``: one record per non-blank line."""
        return self._per_line(lines, self._text_line)

    def _text_line(self, lineno: int, text: str, end: int) -> Line:
        self.stats.records += 1
        return Line(self.path, lineno, None, None, text, end)

    def _blocks(self, lines: Iterator[tuple[int, str, int]], mode: str) -> Iterator[Line | BadLine]:
        state: list[int] = []   # the first line of the block being dropped, while one is
        try:
            yield from self._blocks_of(lines, mode, state)
        except InputError:   # the input given up inside a block too long: that block's bad line first
            if state:
                yield self._bad(state[0], None, self._unreadable(TooLong()), 0)
            raise

    def _blocks_of(self, lines: Iterator[tuple[int, str, int]], mode: str, state: list[int]
                   ) -> Iterator[Line | BadLine]:
        """The records of plain text in the text format ``mode`` (the module doc). A record past ``max_chars`` is a
        bad line and its lines are dropped up to the next place the format splits at (a whole input: the rest)."""
        marks = _Marks(mode, self._answer_level() if mode == "headings" else 0)
        block: list[str] = []
        headed = False       # the block starts with its heading (a heading alone is a title, not a record)
        nos = array("q")     # the line number of each line of the block (an undecodable line is in none)
        start = end = size = dropped = 0
        ident: str | None = None
        chars = offset = 0   # character offsets in the text as read (its lines joined by \n): next line's, block's
        cut = 0              # windows: block[:cut] ends before a blank line, a place to cut the text (0: none yet)
        too_long: int | None = None  # the first line of a block past max_chars, whose lines are then dropped
        limit = None if self.max_chars is None else self.max_chars + 1
        for lineno, text, pos in lines:
            long_line = isinstance(text, TooLong)
            if isinstance(text, Undecodable) and not long_line:
                yield self._bad(lineno, None, self._unreadable(text), pos)
                continue
            kind = "text" if long_line else marks.kind(text)
            at, chars = chars, chars + len(text) + 1
            if kind in ("sep", "start") or (kind == "blank" and mode == "windows" and too_long is not None):
                if too_long is not None:
                    yield self._bad(too_long, None, self._unreadable(TooLong()), pos)
                    too_long = None
                    state.clear()
                elif any(s.strip() for s in block[headed:]):
                    while not block[-1].strip():   # the blank lines before the separator are no part of it
                        block.pop()
                    self.stats.records += 1
                    yield Line(self.path, start, ident, None, "\n".join(block), end, offset=offset)
                elif kind != "start" or block:
                    self.stats.blank += 1
                block, nos, size, cut, ident, headed = [], array("q"), 0, 0, None, False
                if kind != "start":
                    continue
                ident, headed = marks.title, True
            if too_long is not None:
                dropped += len(text) + 1
                self._skipping(dropped, too_long, "block")
                continue
            if not block and kind == "blank" and mode != "whole":   # a record starts at its first line of text
                self.stats.blank += 1
                continue
            if not block:
                start, offset = lineno, at
            size += len(text) + 1
            if mode == "windows" and cut and (long_line or (limit is not None and size > limit)):
                # the text up to the last blank line is one window; the paragraph being read starts the next
                self.stats.records += 1
                yield Line(self.path, start, None, None, "\n".join(block[:cut]), end, offset=offset)
                rest = cut
                while rest < len(block) and not block[rest].strip():
                    rest += 1
                offset += sum(len(s) + 1 for s in block[:rest])
                block, nos, cut = block[rest:], nos[rest:], 0
                start = nos[0] if nos else lineno
                size = sum(len(s) + 1 for s in block) + len(text) + 1
            if long_line or (limit is not None and size > limit):
                too_long, block, nos, size, dropped, cut = start, [], array("q"), 0, 0, 0
                state[:] = [too_long]
                if mode == "whole":  # the whole input is this one record: nothing after it could be used
                    yield self._bad(too_long, None, self._unreadable(TooLong()), pos)
                    return
                continue
            if kind == "blank" and mode == "windows":
                cut = len(block)
            block.append(text)
            nos.append(lineno)
            end = pos
        if too_long is not None:
            yield self._bad(too_long, None, self._unreadable(TooLong()), end)
        elif block and (mode == "whole" or any(s.strip() for s in block[headed:])):
            self.stats.records += 1
            yield Line(self.path, start, ident, None, "\n".join(block), end, offset=offset)

    def _answer_level(self) -> int:
        """``headings``: the level answers start at — the shallowest heading level the file uses twice (a document's
        title, used once, is no answer; ``### Analysis`` inside each answer is deeper), else its shallowest. Found by
        reading a file once more first; a stream (stdin) cannot be read twice: 0, the level of its first heading."""
        if not self._own:
            return 0
        marks, counts = _Marks("headings", -1), Counter[int]()
        with LineSource(self._source, max_chars=self.max_chars) as again:  # its non-blank lines, as ``text`` reads
            for _, text, _ in again._physical_lines():
                if not isinstance(text, Undecodable) and text.strip() and marks.kind(text) == "start":
                    counts[marks.found] += 1
        twice = [n for n, k in counts.items() if k > 1]
        return min(twice or counts or [0])
