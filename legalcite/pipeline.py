"""The pipeline of DESIGN.md §1 as one call: scan → parse (per jurisdiction) → link.

``extract`` is what ``legalcite.extract`` and ``legalcite extract`` run. Each stage is also usable alone:
:func:`legalcite.core.scan.scan`, the jurisdiction extractors, :func:`legalcite.core.link.link`; the
jurisdictions come from the registry, :mod:`legalcite.jurisdictions`.
"""
from __future__ import annotations

import functools
import logging
import re
from typing import Sequence

from legalcite import jurisdictions
from legalcite.core.scan import Context, scan
from legalcite.models import Citation, Kind

_log = logging.getLogger("legalcite")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_DE_WORDS = re.compile(r"\b(?:der|die|das|und|nach|gemäß|des|ist|nicht|eine?n?|mit|von|zu)\b")
_EN_WORDS = re.compile(r"\b(?:the|and|of|under|is|to|that|in|for|with)\b")


def guess_language(text: str) -> str | None:
    """A cheap language guess from the first 4,000 characters: ``zh``, ``de``, ``en`` or None."""
    head = text[:4000]
    cjk = len(_CJK.findall(head))
    if cjk > 20 or (cjk and cjk * 4 > len(head)):
        return "zh"
    de, en = len(_DE_WORDS.findall(head)), len(_EN_WORDS.findall(head))
    if de == en == 0:
        return None
    return "de" if de > en else "en"


def extract_raw(text: str, ctx: Context) -> list[Citation]:
    """Scan and parse: every citation as written, not yet linked. Overlaps are resolved left to right:
    at one anchor the longest result wins (ties: a reading that names its work, then one whose work the
    tables know, then the document's language, then registry order)."""
    out: list[Citation] = []
    consumed = 0
    of = _jurisdiction_of()
    for cand in scan(text, jurisdictions.extractors()):
        if cand.start < consumed:
            continue
        best: Sequence[Citation] = ()
        best_rank: tuple = (-1,)
        for ex, m in cand.claims:
            try:
                found = ex.extract(text, m, ctx)
            except Exception as exc:  # an extractor bug must not lose the rest of the document
                ctx.state.setdefault("errors", []).append(f"{of[ex].code}@{cand.start}: {exc!r}")
                _log.warning("extractor %s failed at offset %d: %r", of[ex].code, cand.start, exc)
                continue
            found = [c for c in found if c.span.start >= consumed and c.span.end <= len(text)]
            if not found:
                continue
            # longest wins; on a tie, the reading with a complete key (not a short form waiting for context), then
            # a reading whose work the tables know over one whose work is unknown ("Art. 6 DSGVO" is EU law, not an
            # unknown German law "DSGVO"), then the one whose language is the document's, then registry order
            rank = (max(c.span.end for c in found) - min(c.span.start for c in found),
                    sum(c.key is not None for c in found) > 0,
                    not any(c.kind is Kind.STATUTE and c.metadata.unknown_work for c in found),
                    ctx.language in of[ex].languages)
            if rank > best_rank:
                best, best_rank = found, rank
        if best:
            out.extend(best)
            consumed = max(consumed, max(c.span.end for c in best))
        # an extractor that met a pathological run (thousands of "§ 1 Abs. 2") may ask to skip it whole
        consumed = max(consumed, ctx.state.pop("skip_to", 0))
    out.sort(key=lambda c: (c.span.start, c.span.end))
    return out


@functools.cache
def _jurisdiction_of() -> dict:
    """Extractor → its registered :class:`~legalcite.jurisdictions.Jurisdiction` (code, languages)."""
    return {j.extractor: j for j in jurisdictions.registered()}


def extract(text: str, *, jurisdiction: str | None = None, link: bool = True, unresolved: bool = False
            ) -> list[Citation]:
    """Every citation in ``text``, in order, with canonical keys. ``jurisdiction`` is a hint for
    citations that do not say their own (``Civil Code section 1542``); it never overrides one that does.

    Short forms that linking cannot bind to a work (a bare ``§ 276`` with no law named before it) have no
    key; they are left out unless ``unresolved=True`` (DESIGN.md: left unresolved rather than guessed)."""
    if not isinstance(text, str):
        raise TypeError(f"extract() needs a str, not {type(text).__name__}")
    ctx = Context(text=text, jurisdiction=jurisdiction, language=guess_language(text))
    cites = extract_raw(text, ctx)
    if link:
        from legalcite.core.link import link as _link

        cites = _link(cites, ctx, jurisdictions.linkers())
        if not unresolved:
            cites = _drop_unresolved(cites)
    return cites


def _drop_unresolved(cites: list[Citation]) -> list[Citation]:
    """Remove key-less citations, renumbering ``antecedent`` indexes to the kept list."""
    keep = [i for i, c in enumerate(cites) if c.key is not None]
    if len(keep) == len(cites):
        return cites
    new_index = {old: new for new, old in enumerate(keep)}
    out = []
    for i in keep:
        c = cites[i]
        if c.antecedent is not None:
            c = c.replace(antecedent=new_index.get(c.antecedent))
        out.append(c)
    return out


def parse(citation: str, *, jurisdiction: str | None = None) -> list[Citation]:
    """Parse a citation string (which may name several provisions: ``§§ 280 Abs. 1, 281 BGB``).
    Raises ValueError when the string holds no citation. A canonical key is accepted as it is."""
    from legalcite.models import citation_from_key

    s = citation.strip()
    if re.fullmatch(r"[a-z]{2}(?:-[a-z]{2})?/[^\s/]+(?:/[^\s/]+)*", s):
        return [citation_from_key(s)]
    cites = [c for c in extract(s, jurisdiction=jurisdiction) if c.key]
    if not cites:
        raise ValueError(f"no citation found in {citation!r}")
    return cites
