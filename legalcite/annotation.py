"""``legalcite.annotate()`` (module ``legalcite.annotation``): the text back with every citation wrapped in a link —
eyecite's ``annotate``, for every jurisdiction legalcite reads.

    >>> import legalcite
    >>> legalcite.annotate("See 42 U.S.C. § 1983.", output="markdown")
    'See [42 U.S.C. § 1983](https://www.law.cornell.edu/uscode/text/42/1983).'

Plain text in, HTML (escaped, newlines kept) or Markdown out; HTML in (``markup="html"``), the same HTML out with
its markup kept: citations are found in the text a reader sees (:mod:`legalcite.core.markup`) and the links are put
around their place in the markup — around each run of text between tags where a citation crosses an element's
edge (``<em>Anderson, 477 </em> U.S. at 248``), so the result stays well nested. Links go to the official source
or CourtListener (the first URL of :func:`legalcite.sources.urls_for`: what ``legalcite url`` prints; a short form
links where its antecedent does); ``link=`` replaces that. ``status=True`` checks the text as
:func:`legalcite.check` does (the same verdicts: the corpus store, the official sources with ``online=True``) and
colours each citation by status, the reason in its title. ``full_span=True`` lets a case citation's link cover the case
name printed before it (eyecite's ``full_span``).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from legalcite.checker import CheckOptions, check_texts
from legalcite.core.markup import clean
from legalcite.models import Citation, Form, Kind
from legalcite.pipeline import extract
from legalcite.sources import urls_for

if TYPE_CHECKING:
    import os

    from legalcite.checker import CheckOptions
    from legalcite.corpora.store import Store

OUTPUTS = ("html", "markdown")
# background colours of ``status=True`` (HTML), one per status of docs/statuses.md
STATUS_COLOURS = {
    "real": "#d4edda", "misattributed": "#ffe0b2", "invented": "#f8d7da", "not_findable": "#fff3cd",
    "not_checked": "#e2e3e5", "repealed": "#d6d8f5",
}
_TAG = re.compile(r"<[^>]*>")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]])")


@dataclass(frozen=True)
class Mark:
    """One citation to wrap: where (in the text given to :func:`annotate`), its link, and its check result."""

    start: int
    end: int
    citation: Citation
    url: str | None
    status: str | None = None
    reason: str | None = None


def default_link(citation: Citation) -> str | None:
    """The most authoritative URL :func:`legalcite.sources.urls_for` builds for the citation; None without one."""
    urls = urls_for(citation) if citation.key else []
    return urls[0] if urls else None


def annotate(text: str, *, output: str = "html", markup: str | None = None,
             link: Callable[[Citation], str | None] | None = None, status: bool = False, full_span: bool = False,
             jurisdiction: str | None = None, store: Store | str | os.PathLike | None = None,
             online: bool = False) -> str:
    """``text`` with every citation that has a key wrapped in a link (``output``: ``html`` or ``markdown``).
    ``markup="html"`` when ``text`` is HTML (the output is then HTML with the original markup). With
    ``status=True``, ``jurisdiction``, ``store`` and ``online`` are made into the check's
    :class:`~legalcite.checker.CheckOptions`, as :func:`legalcite.check` makes them."""
    if output not in OUTPUTS:
        raise ValueError(f"unknown output {output!r} (known: {', '.join(OUTPUTS)})")
    if markup is not None and output != "html":
        raise ValueError("HTML input is annotated as HTML: its markup is kept")
    options = None
    if status:
        options = CheckOptions(store=store, online=online, jurisdiction=jurisdiction)  # type: ignore[arg-type]
    marks = find_marks(text, markup=markup, link=link, options=options, full_span=full_span,
                       jurisdiction=jurisdiction)
    if markup is not None:
        return _wrap_markup(text, marks)
    return (_markdown if output == "markdown" else _html)(text, marks)


def find_marks(text: str, *, markup: str | None = None, link: Callable[[Citation], str | None] | None = None,
               options: CheckOptions | None = None, full_span: bool = False, jurisdiction: str | None = None
               ) -> list[Mark]:
    """What :func:`annotate` wraps: each citation with a key, its span in ``text`` (the markup when ``markup`` is
    given), its URL and, with ``options`` (the check's), its check result (``options.jurisdiction`` then stands
    for ``jurisdiction``). Spans do not overlap."""
    visible = None
    plain = text
    if markup is not None:
        visible = clean(text, markup)
        plain = visible.text
    checked: list[Any]
    if options is not None:  # the one check path (short cites bound through the case tables, attribution)
        [result] = check_texts([plain], options)
        if isinstance(result, Exception):
            raise result
        checked = result
        cites = [cc.citation for cc in checked]
    else:
        cites = extract(plain, jurisdiction=jurisdiction)
        checked = [None] * len(cites)
    link = link or default_link
    marks: list[Mark] = []
    prev_end = 0
    for c, cc in zip(cites, checked):
        start, end = (full_span_of(c, plain) if full_span else (c.span.start, c.span.end))
        start = max(start, prev_end)
        if visible is not None:
            start, end = visible.to_source(start, end)
        marks.append(Mark(start, end, c, link(c), cc.status.value if cc else None, cc.reason if cc else None))
        prev_end = c.span.end
    return marks


def full_span_of(citation: Citation, text: str) -> tuple[int, int]:
    """A case citation's span with the case name printed before it (``Marbury v. Madison, 5 U.S. 137``): eyecite's
    ``full_span``. Any other citation, and a parallel cite after the first, keeps its span."""
    start, end = citation.span.start, citation.span.end
    name = getattr(citation.metadata, "case_name", None)
    if citation.kind is not Kind.CASE or citation.form is not Form.FULL or not name \
            or citation._link.get("parallel_index", 0):
        return start, end
    words = [r"vs?\.?" if w in ("v.", "vs.") else re.escape(w) for w in name.split()]
    found = None
    for found in re.finditer(r"\s+".join(words), text[max(0, start - 300) : start]):
        pass
    if found is None or text[max(0, start - 300) + found.end() : start].strip(" ,\n\t(0123456789)"):
        return start, end
    return max(0, start - 300) + found.start(), end


# ---------------------------------------------------------------- writers

def _attrs(mark: Mark) -> str:
    c = mark.citation
    attrs = {"class": "legalcite" + (f" legalcite-{mark.status}" if mark.status else ""), "data-key": c.key}
    if mark.status:
        attrs["data-status"] = mark.status
        attrs["title"] = f"{mark.status}: {mark.reason}" if mark.reason else mark.status
        attrs["style"] = f"background-color:{STATUS_COLOURS.get(mark.status, '#eee')}"
    if mark.url:
        attrs = {"href": mark.url, **attrs}
    return " ".join(f'{k}="{html.escape(str(v), quote=True)}"' for k, v in attrs.items() if v)


def _open_close(mark: Mark) -> tuple[str, str]:
    tag = "a" if mark.url else "span"
    return f"<{tag} {_attrs(mark)}>", f"</{tag}>"


def _html(text: str, marks: Sequence[Mark]) -> str:
    out, at = [], 0
    for m in marks:
        opening, closing = _open_close(m)
        out += [html.escape(text[at : m.start], quote=False), opening, html.escape(text[m.start : m.end], quote=False),
                closing]
        at = m.end
    out.append(html.escape(text[at:], quote=False))
    return "".join(out)


def _markdown(text: str, marks: Sequence[Mark]) -> str:
    """``[42 U.S.C. § 1983](url "real: …")``; a citation without a URL stays as it is."""
    out, at = [], 0
    for m in marks:
        out.append(text[at : m.start])
        cited = text[m.start : m.end]
        if m.url:
            label = _MD_SPECIAL.sub(r"\\\1", cited)
            title = f"{m.status}: {m.reason}" if m.status and m.reason else m.status
            title = f' "{title.replace(chr(34), chr(39))}"' if title else ""
            out.append(f"[{label}](<{m.url}>{title})" if " " in m.url else f"[{label}]({m.url}{title})")
        else:
            out.append(cited)
        at = m.end
    out.append(text[at:])
    return "".join(out)


def _wrap_markup(source: str, marks: Sequence[Mark]) -> str:
    """The HTML with each citation's place wrapped. A place that starts inside an element and ends outside it
    (``<i>Crane</i> v. <i>Hyde Park,</i> 135 Mass. 147`` from ``Crane``) takes in the tags right at its edges when
    that makes it well nested; else it is wrapped run by run (the text between its tags), so that every element
    stays well nested (``<em>Anderson, 477 </em> U.S. at 248``)."""
    out, at = [], 0
    for i, m in enumerate(marks):
        limit = marks[i + 1].start if i + 1 < len(marks) else len(source)
        start, end = _nest(source, m.start, m.end, at, limit)
        out.append(source[at:start])
        opening, closing = _open_close(m)
        piece = source[start:end]
        if _balanced(piece):
            out += [opening, piece, closing]
        else:
            pos = 0
            for tag in _TAG.finditer(piece):
                run = piece[pos : tag.start()]
                out += [opening, run, closing] if run.strip() else [run]
                out.append(tag.group())
                pos = tag.end()
            run = piece[pos:]
            out += [opening, run, closing] if run.strip() else [run]
        at = end
    out.append(source[at:])
    return "".join(out)


_OPEN_BEFORE = re.compile(r"<[A-Za-z][^>]*>$")
_CLOSE_AFTER = re.compile(r"</[A-Za-z][^>]*>")


def _nest(source: str, start: int, end: int, lo: int, hi: int) -> tuple[int, int]:
    """``start, end`` widened over the opening tags just before and the closing tags just after (within
    ``lo``–``hi``) until the piece is well nested; unchanged when no such widening is."""
    starts, ends = [start], [end]
    while len(starts) < 4 and (m := _OPEN_BEFORE.search(source, lo, starts[-1])):
        starts.append(m.start())
    while len(ends) < 4 and (m := _CLOSE_AFTER.match(source, ends[-1], hi)):
        ends.append(m.end())
    for s in starts:
        for e in ends:
            if _balanced(source[s:e]):
                return s, e
    return start, end


_VOID = frozenset({"br", "hr", "img", "wbr", "input", "meta", "link"})


def _balanced(piece: str) -> bool:
    """Whether every element opened in ``piece`` closes in it and it closes none it did not open."""
    stack: list[str] = []
    for tag in _TAG.finditer(piece):
        t = tag.group()
        m = re.match(r"</?\s*([A-Za-z][\w:.-]*)", t)
        if m is None or t.endswith("/>") or m.group(1).lower() in _VOID:
            continue
        name = m.group(1).lower()
        if t.startswith("</"):
            if not stack or stack.pop() != name:
                return False
        else:
            stack.append(name)
    return not stack
