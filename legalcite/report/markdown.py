"""The Markdown that model answers use, shown as a reader sees it in the HTML report: ``**bold**``, ``*italic*``,
```code```, headings (``## …``), bullet lists (``- …``) and fenced code blocks.

Why not a Markdown library: the report marks each citation at its span in the answer's *source* text, and no
well-kept parser (markdown-it, mistune) says where its inline output came from. So this reads only what answers
use, as intervals over the source, and cuts the report's runs (text and citation marks) at them: the markers are
dropped, the runs carry a style, and ``report.js`` builds the elements (``strong``, ``em``, ``code``) with DOM calls
— the text stays text, so a ``<script>`` in an answer is never markup. Anything else (links, tables, raw HTML)
shows as written.
"""
from __future__ import annotations

import re
from typing import Any

_FENCE = re.compile(r"^[ \t]{0,3}```[^\n`]*\n(.*?)^[ \t]{0,3}```[ \t]*$\n?", re.M | re.S)
_LINE = re.compile(r"^[ \t]{0,3}(?:(#{1,6})[ \t]+|([-*+])[ \t]+)", re.M)
_INLINE = re.compile(r"`([^`\n]+)`"                                            # code
                     r"|(\*\*|__)(?=\S)(.+?)(?<=\S)\2"                       # bold
                     r"|(?<![\w*])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?![\w*])"   # italic with *
                     r"|(?<![\w_])_(?=[^\s_])([^_\n]+?)(?<=[^\s_])_(?![\w_])")    # italic with _

BULLET = "• "


def spans(text: str) -> tuple[list[tuple[int, int, str]], list[tuple[int, int, str]]]:
    """The styles (``start, end, style``: ``b``, ``i``, ``code``, ``pre``, ``h1``…``h6``) and the markers
    (``start, end, replacement``: ``""`` for ``**``, ``## ``, a fence line; ``"• "`` for a bullet's ``- ``) of
    ``text``, in code points."""
    styles: list[tuple[int, int, str]] = []
    marks: list[tuple[int, int, str]] = []
    plain: list[tuple[int, int]] = []            # outside fenced blocks: where lines and inline styles are read
    pos = 0
    for m in _FENCE.finditer(text):
        plain.append((pos, m.start()))
        marks.append((m.start(), m.start(1), ""))
        if m.end(1) > m.start(1):
            styles.append((m.start(1), m.end(1), "pre"))
        marks.append((m.end(1), m.end(), ""))
        pos = m.end()
    plain.append((pos, len(text)))
    for lo, hi in plain:
        for m in _LINE.finditer(text, lo, hi):
            if m.group(1):
                end = text.find("\n", m.end(), hi)
                end = hi if end < 0 else end
                marks.append((m.start(), m.end(), ""))
                if end > m.end():
                    styles.append((m.end(), end, f"h{len(m.group(1))}"))
            else:
                marks.append((m.start(2), m.end(), BULLET))
        _inline(text, lo, hi, styles, marks)
    return styles, marks


def _inline(text: str, lo: int, hi: int, styles: list, marks: list) -> None:
    for m in _INLINE.finditer(text, lo, hi):
        if m.group(1) is not None:
            styles.append((m.start(1), m.end(1), "code"))
            marks += [(m.start(), m.start(1), ""), (m.end(1), m.end(), "")]
            continue
        g = 3 if m.group(3) is not None else 4 if m.group(4) is not None else 5
        styles.append((m.start(g), m.end(g), "b" if g == 3 else "i"))
        marks += [(m.start(), m.start(g), ""), (m.end(g), m.end(), "")]
        if g == 3:
            _inline(text, m.start(g), m.end(g), styles, marks)   # *italic* inside **bold**


def render(text: str, runs: list[list[Any]]) -> list[list[Any]]:
    """``runs`` (``[piece, citation indices]`` covering ``text``, :func:`~legalcite.report.html.segments`) with
    the Markdown applied: a run that has a style gets it as a third item (``"b i"``), markers are dropped (a bullet
    becomes ``•``), except a marker inside a citation's mark, which stays text so that the mark shows what the
    answer wrote."""
    styles, marks = spans(text)
    if not styles and not marks or sum(len(piece) for piece, _ in runs) != len(text):
        return runs
    cuts = {0, len(text)}
    for s, e, _ in styles + marks:
        cuts.update((s, e))
    starts, pos = [], 0
    for piece, cites in runs:
        starts.append((pos, pos + len(piece), cites))
        cuts.update((pos, pos + len(piece)))
        pos += len(piece)
    edges = sorted(c for c in cuts if 0 <= c <= len(text))
    opening: dict[int, list[tuple[int, int, str, str | None]]] = {}   # start → (start, end, style | "", replacement)
    for s, e, st in styles:
        opening.setdefault(s, []).append((s, e, st, None))
    for s, e, rep in marks:
        opening.setdefault(s, []).append((s, e, "", rep))
    active: list[tuple[int, int, str, str | None]] = []
    out: list[list[Any]] = []
    r = 0
    for a, b in zip(edges, edges[1:]):   # a sweep: every interval starts and ends at an edge
        active = [iv for iv in active if iv[1] > a] + opening.get(a, [])
        while starts[r][1] <= a:
            r += 1
        cites = starts[r][2]
        mark = next((iv for iv in active if iv[3] is not None), None)
        if mark is not None and not cites:
            if mark[3] and a == mark[0]:
                _add(out, mark[3], [], "")
            continue
        style = " ".join(sorted({iv[2] for iv in active if iv[3] is None}, key=_ORDER.index))
        _add(out, text[a:b], cites, style)
    return out


_ORDER = ["h1", "h2", "h3", "h4", "h5", "h6", "pre", "code", "b", "i"]


def _add(out: list[list[Any]], piece: str, cites: list, style: str) -> None:
    """Append a run, joined to the last one where both have the same citations and style."""
    if out and out[-1][1] == cites and (out[-1][2] if len(out[-1]) > 2 else "") == style and not cites:
        out[-1][0] += piece
        return
    out.append([piece, cites, style] if style else [piece, cites])
