"""Citations in markup: clean the markup to the text a reader sees, extract from that, map the spans back.

eyecite's approach (``clean_text(..., ["html"])``, then ``annotate`` maps offsets back with a diff); here the cleaner
records an offset map as it goes, so a span in the clean text becomes a span in the markup exactly, in any
jurisdiction: ``135 <span class="star-pagination">*355</span> Mass. 147``, ``<em>Anderson, 477 </em> U.S. at
248`` and ``<span class="volume">26</span> <span class="reporter">Va. App.</span>`` read as the plain citations.

What the reader does not see is dropped: tags, comments, ``script``/``style``/``head``, ``page-number`` elements and
elements of class ``star-pagination`` (page breaks of the printed reporter, as eyecite drops them). Entities are
decoded. Whitespace collapses as a browser collapses it; a block element (``p``, ``div``, ``li``, ``br`` …) ends a
paragraph (``\\n\\n``, ``\\n`` for ``br``), so that short forms stay in their paragraph; an inline tag between two
letters or digits (``477</em>U.S.``) reads as a space. Standard library only.
"""
from __future__ import annotations

import bisect
import html
import re
from dataclasses import dataclass, field
from typing import Iterable

from legalcite.models import Citation, Span

HIDDEN_TAGS = frozenset({"script", "style", "head", "title", "page-number", "template", "noscript"})
HIDDEN_CLASSES = frozenset({"star-pagination"})
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "center", "dd", "div", "dl", "dt", "figcaption", "figure", "footer",
    "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table",
    "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "body", "html",
})
MARKUPS = ("html",)

_TOKEN = re.compile(
    r"<!--.*?(?:-->|\Z)|<!\[CDATA\[(?P<cdata>.*?)(?:\]\]>|\Z)|<[!?][^>]*>?"
    r"|<(?P<close>/)?(?P<tag>[A-Za-z][\w:.-]*)(?P<attrs>(?:[^>\"']|\"[^\"]*\"|'[^']*')*)>"
    r"|&(?:#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
    r"|[^<&]+|[<&]",
    re.S,
)
_CLASS = re.compile(r"""\bclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.I)
_WS = re.compile(r"\s+")


@dataclass
class Cleaned:
    """The text a reader sees of ``source``, with the map back. ``to_source(start, end)`` turns a span of ``text``
    into the span of ``source`` that printed it."""

    text: str
    source: str
    # piecewise map: the clean text from _clean[i] on came from the source from _src[i] on; a piece whose clean
    # length differs from its source length (an entity, collapsed whitespace, a tag read as a space) maps as a whole
    _clean: list[int] = field(default_factory=list, repr=False)
    _src: list[int] = field(default_factory=list, repr=False)
    _src_end: list[int] = field(default_factory=list, repr=False)
    _exact: list[bool] = field(default_factory=list, repr=False)

    def _piece(self, pos: int) -> int:
        return bisect.bisect_right(self._clean, pos) - 1

    def source_start(self, pos: int) -> int:
        """Where the character at ``pos`` of :attr:`text` starts in :attr:`source`."""
        if pos >= len(self.text):
            return len(self.source)
        i = self._piece(pos)
        return self._src[i] + (pos - self._clean[i]) if self._exact[i] else self._src[i]

    def source_end(self, end: int) -> int:
        """Where the character before ``end`` of :attr:`text` ends in :attr:`source`."""
        if end <= 0:
            return 0
        i = self._piece(end - 1)
        return self._src[i] + (end - self._clean[i]) if self._exact[i] else self._src_end[i]

    def to_source(self, start: int, end: int) -> tuple[int, int]:
        """The span of :attr:`source` that printed ``text[start:end]`` (tags inside it included)."""
        return self.source_start(start), self.source_end(end)

    def map_back(self, citations: Iterable[Citation]) -> list[Citation]:
        """Citations found in :attr:`text`, their spans moved into :attr:`source`; ``text`` stays the citation as a
        reader sees it (no tags)."""
        return [c.replace(span=Span(*self.to_source(c.span.start, c.span.end))) for c in citations]


class _Builder:
    def __init__(self, source: str) -> None:
        self.c = Cleaned("", source)
        self.parts: list[str] = []
        self.n = 0                 # length of the clean text so far
        self.pending: str | None = None  # a separator not yet written: " ", "\n", "\n\n"
        self.pending_at = (0, 0)   # its source range
        self.soft: tuple[int, int] | None = None  # an inline tag since the last character: a space if letters meet

    def _add(self, clean: str, src_start: int, src_end: int, exact: bool) -> None:
        self.c._clean.append(self.n)
        self.c._src.append(src_start)
        self.c._src_end.append(src_end)
        self.c._exact.append(exact)
        self.parts.append(clean)
        self.n += len(clean)

    def separator(self, sep: str, start: int, end: int) -> None:
        """Whitespace or a block boundary: the strongest of a run wins (paragraph > line > space)."""
        rank = {" ": 0, "\n": 1, "\n\n": 2}
        if self.pending is None:
            self.pending, self.pending_at = sep, (start, end)
        else:
            if rank[sep] > rank[self.pending]:
                self.pending = sep
            self.pending_at = (self.pending_at[0], end)

    def text(self, s: str, start: int, exact: bool = True, end: int | None = None) -> None:
        if self.pending is not None:
            if self.n:  # no separator before the first character
                self._add(self.pending, *self.pending_at, exact=False)
            self.pending = None
        elif self.soft and self.n and self.parts[-1][-1:].isalnum() and s[:1].isalnum():
            self._add(" ", *self.soft, exact=False)
        self.soft = None
        self._add(s, start, start + len(s) if end is None else end, exact and end is None)


def clean(source: str, markup: str = "html", *, hidden_tags: Iterable[str] = HIDDEN_TAGS,
          hidden_classes: Iterable[str] = HIDDEN_CLASSES) -> Cleaned:
    """The visible text of ``source`` with its offset map (``markup``: ``"html"``; XHTML and HTML fragments too)."""
    if markup not in MARKUPS:
        raise ValueError(f"unknown markup {markup!r} (known: {', '.join(MARKUPS)})")
    hidden_tags, hidden_classes = frozenset(hidden_tags), frozenset(hidden_classes)
    b = _Builder(source)
    hiding: list[str] = []  # the open hidden elements, innermost last
    for m in _TOKEN.finditer(source):
        tok, start, end = m.group(), m.start(), m.end()
        tag = (m.group("tag") or "").lower()
        if tag:
            if m.group("close"):
                if hiding and hiding[-1] == tag:
                    hiding.pop()
                elif not hiding:
                    _boundary(b, tag, start, end)
                continue
            attrs = m.group("attrs") or ""
            self_closing = attrs.rstrip().endswith("/") or tag in ("br", "hr", "img", "wbr", "input", "meta", "link")
            if tag in hidden_tags or _classes(attrs) & hidden_classes:
                if not self_closing:
                    hiding.append(tag)
                b.soft = b.soft or (start, end)  # what it hid parts words, as a tag does
                continue
            if hiding:
                if tag == hiding[-1] and not self_closing:
                    hiding.append(tag)  # the same element nested inside a hidden one
                continue
            _boundary(b, tag, start, end)
            continue
        if hiding or tok.startswith(("<!", "<?")) and m.group("cdata") is None:
            continue
        if m.group("cdata") is not None:
            _text(b, m.group("cdata"), m.start("cdata"))
        elif tok.startswith("&") and len(tok) > 1:
            ch = html.unescape(tok)
            if ch.isspace():
                b.separator(" ", start, end)
            else:
                b.text(ch, start, end=end)
        else:
            _text(b, tok, start)
    b.c.text = "".join(b.parts)
    return b.c


def _classes(attrs: str) -> frozenset[str]:
    m = _CLASS.search(attrs)
    return frozenset((m.group(1) or m.group(2) or m.group(3) or "").split()) if m else frozenset()


def _boundary(b: _Builder, tag: str, start: int, end: int) -> None:
    if tag == "br":
        b.separator("\n", start, end)
    elif tag in BLOCK_TAGS:
        b.separator("\n\n", start, end)
    else:
        b.soft = b.soft or (start, end)


def _text(b: _Builder, s: str, start: int) -> None:
    at = 0
    for ws in _WS.finditer(s):
        if ws.start() > at:
            b.text(s[at : ws.start()], start + at)
        b.separator(" ", start + ws.start(), start + ws.end())
        at = ws.end()
    if at < len(s):
        b.text(s[at:], start + at)
