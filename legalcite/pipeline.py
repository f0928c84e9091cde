"""The pipeline of docs/architecture.md as one call: scan → parse (per jurisdiction) → link.

``extract`` is what ``legalcite.extract`` and ``legalcite extract`` run. Each stage is also usable alone:
:func:`legalcite.core.scan.scan`, the jurisdiction extractors, :func:`legalcite.core.link.link`; the
jurisdictions come from the registry, :mod:`legalcite.jurisdictions`.
"""
from __future__ import annotations

import functools
import logging
import re
from typing import Any, Callable, Sequence

from legalcite import jurisdictions
from legalcite.core.budget import current as current_budget
from legalcite.core.data import without_gc
from legalcite.core.link import kept, keyed, link as _link
from legalcite.core.scan import PROSE_HEAD, Context, asks_quiet, scan
from legalcite.models import Citation, citation_from_key

_log = logging.getLogger("legalcite")


def guess_prose(text: str) -> str | None:
    """The jurisdiction whose cue words (each registered jurisdiction's ``cue_count``: ``BGE``, ``gemäss``,
    ``CHF`` for Switzerland; ``ß``, ``BGH`` for Germany) occur most often in the first ``PROSE_HEAD`` (6,000)
    characters; None on a tie or when none occurs."""
    head = text[:PROSE_HEAD]
    counts = sorted(jurisdictions.cue_counts(head), reverse=True)
    if not counts or counts[0][0] == 0 or (len(counts) > 1 and counts[1][0] == counts[0][0]):
        return None
    return counts[0][1]


def _known(c: Citation) -> bool:
    """A citation whose work its jurisdiction's tables know, cited in a form that work uses (not ``Art.`` of a
    law Germany cites by ``§``)."""
    md = c.metadata
    return keyed(c) and not getattr(md, "unknown_work", None) and not getattr(md, "implausible", None)


class _OnDemand:
    """A rank element computed only when the elements before it tie: the prose's cue count is a pass over the
    document's head, which most anchors — one reading, or readings of different length — never need."""

    __slots__ = ("_get", "_value")

    def __init__(self, get: Callable[[], Any]) -> None:
        self._get: Callable[[], Any] | None = get   # None once read
        self._value: Any = None

    def value(self) -> Any:
        if self._get is not None:
            self._value, self._get = self._get(), None
        return self._value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _OnDemand) and self.value() == other.value()

    def __lt__(self, other: "_OnDemand") -> bool:
        return self.value() < other.value()

    def __gt__(self, other: "_OnDemand") -> bool:
        return self.value() > other.value()

    __hash__ = None  # type: ignore[assignment]


def reading_rank(found: Sequence[Citation], code: str, languages: Sequence[str], ctx: Context) -> tuple:
    """How good one extractor's reading at an anchor is — the one rule that decides between jurisdictions
    (Germany or Switzerland, EU or German law, …), compared left to right:

    1. the share of its citations whose work the tables know as cited (``Art. 41 OR``: Swiss ``or`` is known,
       German ``de/or`` is not; ``Art. 69 StGB``: the Swiss StGB has articles, the German one only §§);
    2. its length; 3. whether it has a complete key (not a short form waiting for context);
    4. whether the prose points to its jurisdiction (the caller's hint, else the cue words: BGE, gemäss, CHF);
    5. whether the document's language is one of its languages; (then registry order)."""
    return (sum(_known(c) for c in found) / len(found),
            max(c.span.end for c in found) - min(c.span.start for c in found),
            any(keyed(c) for c in found),
            _OnDemand(lambda: ctx.prose == code),
            ctx.language in languages)


def extract_raw(text: str, ctx: Context) -> list[Citation]:
    """Scan and parse: every citation as written, not yet linked. Overlaps are resolved left to right:
    at one anchor the best reading wins (:func:`reading_rank`)."""
    out: list[Citation] = []
    consumed = 0
    end = len(text)
    of = _jurisdiction_of()
    extractors = jurisdictions.extractors()
    # once per document: where an extractor knows it reads nothing here (the US one at "§" in German prose)
    quiet = {ex: chars for ex, ask in _quiet_ones(extractors) if (chars := ask(ctx))}
    budget = current_budget()  # (an answer's time budget, where it has one: core.budget)
    for cand in scan(text, extractors, resume=lambda: consumed, quiet=quiet, language=ctx.language):
        if budget is not None:
            budget.spend("reading citations")
        if cand.start < consumed:
            continue
        readings: list[tuple[list[Citation], Any]] = []
        for ex, m in cand.claims:
            try:
                found = ex.extract(text, m, ctx)
            except Exception as exc:  # an extractor bug must not lose the rest of the document
                ctx.errors.append(f"{of[ex].code}@{cand.start}: {exc!r}")
                _log.warning("extractor %s failed at offset %d: %r", of[ex].code, cand.start, exc)
                continue
            if found and (found := [c for c in found if c.span.start >= consumed and c.span.end <= end]):
                readings.append((found, of[ex]))
        if readings:
            # the first best reading wins; with one reading there is nothing to rank (and the prose is not counted)
            best = readings[0][0] if len(readings) == 1 else max(
                readings, key=lambda r: reading_rank(r[0], r[1].code, r[1].languages, ctx))[0]
            out.extend(best)
            consumed = max(consumed, max(c.span.end for c in best))
        # an extractor that met a pathological run (thousands of "§ 1 Abs. 2") may ask to skip it whole
        if ctx.skip_to is not None:
            consumed, ctx.skip_to = max(consumed, ctx.skip_to), None
    out.sort(key=lambda c: (c.span.start, c.span.end))
    return out


@functools.cache
def _quiet_ones(extractors: tuple) -> tuple:
    """The extractors that can say, once per document, where they read nothing (``quiet(ctx)``), with that method."""
    return tuple((ex, ex.quiet) for ex in extractors if asks_quiet(ex))


@functools.cache
def _jurisdiction_of() -> dict:
    """Extractor → its registered :class:`~legalcite.jurisdictions.Jurisdiction` (code, languages)."""
    return {j.parts.extractor: j for j in jurisdictions.registered()}


def extract(text: str, *, jurisdiction: str | None = None, link: bool = True, unresolved: bool = False,
            markup: str | None = None) -> list[Citation]:
    """Every citation in ``text``, in order, with canonical keys. ``jurisdiction`` is a hint for
    citations that do not say their own (``Civil Code section 1542``); it never overrides one that does.

    Short forms that linking cannot bind to a work (a bare ``§ 276`` with no law named before it) have no
    key; they are left out unless ``unresolved=True`` (docs/keys.md: left unresolved rather than guessed).

    ``markup="html"``: ``text`` is HTML; citations are read from the text a reader sees (tags, page-break markers
    and hidden elements left out, :mod:`legalcite.core.markup`) and their spans point into the HTML, while each
    citation's ``text`` is what the reader sees."""
    if not isinstance(text, str):
        raise TypeError(f"extract() needs a str, not {type(text).__name__}")
    if markup is not None:
        from legalcite.core.markup import clean  # start-up: kept off `legalcite extract`

        cleaned = clean(text, markup)
        return cleaned.map_back(extract(cleaned.text, jurisdiction=jurisdiction, link=link, unresolved=unresolved))
    ctx = Context(text=text, jurisdiction=jurisdiction, language=jurisdictions.guess_language(text, tie="en"),
                  prose_guess=guess_prose, namers=jurisdictions.namers())
    if len(text) > LONG_TEXT:
        with without_gc():
            return _read(text, ctx, link, unresolved)
    return _read(text, ctx, link, unresolved)


def _read(text: str, ctx: Context, link: bool, unresolved: bool) -> list[Citation]:
    """Scan, parse and link: :func:`extract` of a plain text."""
    cites = extract_raw(text, ctx)
    if link and cites:
        cites = _link(cites, ctx, jurisdictions.linkers())
        if not unresolved:
            cites = _drop_unresolved(cites)
    return cites


# A text this long is read with the cyclic collector paused: reading it makes no reference cycles, and the tens of
# thousands of citations of a long text, all alive until its end, made the collector's passes grow with the text
# (a fifth of the time of a megabyte of citations; benchmarks/worst_case.py)
LONG_TEXT = 100_000


def _drop_unresolved(cites: list[Citation]) -> list[Citation]:
    """Remove key-less citations, renumbering ``antecedent`` indexes to the kept list."""
    return kept(cites, keyed)


def parse(citation: str, *, jurisdiction: str | None = None) -> list[Citation]:
    """The citations one citation string names, with keys (it may name several provisions: ``§§ 280 Abs. 1, 281
    BGB`` gives two). Raises ValueError when the string holds no citation. A canonical key is accepted as it is."""
    s = citation.strip()
    if re.fullmatch(r"[a-z]{2}(?:-[a-z]{2})?/[^\s/]+(?:/[^\s/]+)*", s):
        return [citation_from_key(s)]
    cites = [c for c in extract(s, jurisdiction=jurisdiction) if c.key]
    if not cites:
        raise ValueError(f"no citation found in {citation!r}")
    return cites
