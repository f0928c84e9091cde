"""Quotations of a provision, compared with its text before any model is asked.

An answer that quotes what a provision says (``《票据法》第四十五条规定：“付款人在商业票据到期日之前…”``,
``§ 823 Abs. 1 BGB lautet: „…“``, :class:`~legalcite.attribution.claims.Quote`) states the provision's words: the
store holds them, so the comparison is a string comparison, not a model's guess. The quotation and the unit's text
are reduced to their letters and digits (case, spacing, punctuation and paragraph numbers differ between editions)
and compared by RapidFuzz's ``partial_ratio`` — the best alignment of the quotation inside the text — in pieces of
:data:`PIECE` characters (each piece aligned on its own, so a quotation that leaves words out with ``…`` or joins two
sentences still matches), weighted by their length: the **containment**, 0–100.

* containment ≥ :data:`CONTAINS`: the unit holds the quotation → ``real``, whatever the models say;
* below :data:`MISSING`: the unit does not hold it → ``misattributed``, with the quotation and the unit's text side
  by side; the units of the law that BM25 ranks first for the quotation are compared too, and one that holds it is
  named (``found_in``) — then two comparisons agree and the verdict is confirmed;
* in between (a loose quotation, an older edition): the models decide, as for any claim.

A quotation without quotation marks (Chinese ``规定：`` and the rest of the sentence) may be a paraphrase: it is
``misattributed`` only where another unit holds it. Thresholds: ``benchmarks/check_attribution.py --quotes``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from legalcite.corpora.store import Store

CONTAINS = 80.0      # containment at or above which a unit holds a quotation
MISSING = 60.0       # containment below which the cited unit does not hold it
MIN_CHARS = {"zh": 8}   # letters and digits a quotation needs before it is compared (Chinese characters)
MIN_CHARS_DEFAULT = 24
PIECE = {"zh": 16}   # characters per piece (CJK characters carry more than letters)
PIECE_DEFAULT = 48
CANDIDATES = 20      # units of the law, ranked by BM25 for the quotation, that are searched for it
EXCERPT = 240        # characters of the unit's text shown beside the quotation

_KEEP = re.compile(r"[^\W_]+")
_ELLIPSIS = re.compile(r"\.{3,}|…+|\[\s*(?:\.{3}|…)\s*\]")


def normalize(text: str) -> str:
    """Letters and digits only, lowercased: what two editions of the same words share."""
    return "".join(_KEEP.findall(text.casefold()))


def _pieces(quote: str, language: str) -> list[str]:
    size = PIECE.get(language, PIECE_DEFAULT)
    out: list[str] = []
    for frag in _ELLIPSIS.split(quote):
        f = normalize(frag)
        if len(f) < size // 4:
            continue    # a word or two between two ellipses says nothing
        n = max(1, round(len(f) / size))
        step = -(-len(f) // n)
        out.extend(f[i:i + step] for i in range(0, len(f), step))
    return out


def containment(quote: str, text: str, language: str) -> float:
    """How much of ``quote`` ``text`` holds, 0–100 (see the module doc)."""
    from rapidfuzz import fuzz  # rapidfuzz: heavy

    pieces = _pieces(quote, language)
    target = normalize(text)
    total = sum(len(p) for p in pieces)
    if not total or not target:
        return 0.0
    return sum(len(p) * fuzz.partial_ratio(p, target) for p in pieces) / total


def long_enough(quote: str, language: str) -> bool:
    """Whether ``quote`` has enough letters and digits (:data:`MIN_CHARS`, fewer for Chinese) for its containment to
    mean anything; a shorter one is not compared."""
    return len(normalize(quote)) >= MIN_CHARS.get(language, MIN_CHARS_DEFAULT)


@dataclass(frozen=True)
class QuoteCheck:
    """The comparison of one quotation with the cited unit (and, where it is missing, with the law's other units)."""

    quote: str
    marked: bool
    cited: float                      # containment in the cited unit
    unit_text: str                    # the cited unit's text, from where the quotation aligns best
    found_in: str | None = None       # another unit of the law that holds the quotation
    found: float | None = None        # its containment

    @property
    def verdict(self) -> str:
        """``contained``, ``missing`` (misattributed) or ``unclear`` (left to the models)."""
        if self.cited >= CONTAINS:
            return "contained"
        if self.cited < MISSING and (self.marked or self.found_in is not None):
            return "missing"
        return "unclear"

    def details(self) -> dict[str, Any]:
        """The comparison's evidence ``details``: method, quotation (first 500 characters), the unit's text, the
        containment (0–100) and both thresholds, and the other unit that holds it where one does."""
        d: dict[str, Any] = {"method": "quotation compared with the unit's text (RapidFuzz partial_ratio)",
                             "quotation": self.quote[:500], "unit_text": self.unit_text,
                             "containment": round(self.cited, 1), "contains_at": CONTAINS, "missing_below": MISSING}
        if self.found_in is not None:
            d.update(found_in=self.found_in, found_containment=round(self.found or 0.0, 1))
        return d


def _excerpt(quote: str, text: str) -> str:
    """The unit's text from where the quotation's first piece aligns best (the whole of a short text)."""
    from rapidfuzz import fuzz  # rapidfuzz: heavy

    if len(text) <= EXCERPT:
        return text
    first = quote.strip()[:60]
    hit = fuzz.partial_ratio_alignment(first, text)
    at = max(0, (hit.dest_start if hit else 0) - 20)
    return ("…" if at else "") + text[at:at + EXCERPT] + ("…" if at + EXCERPT < len(text) else "")


def check_quote(store: Store, key: str, quote: str, marked: bool, language: str, lex) -> QuoteCheck | None:
    """Compare ``quote`` with the text of ``key`` (``lex``: the law's :class:`LexicalScope`, for the candidates);
    None when the quotation is too short or the unit has no text."""
    import numpy as np  # numpy: heavy

    unit = store.unit(key)
    if unit is None or not unit.text or not long_enough(quote, language):
        return None
    text = f"{unit.heading or ''}\n{unit.text}"
    cited = containment(quote, text, language)
    check = QuoteCheck(quote, marked, cited, _excerpt(quote, unit.text))
    if cited >= MISSING:
        return check
    scores, _, _ = lex.scores(quote)
    best = None
    for i in np.argsort(-scores)[:CANDIDATES]:
        k = lex.keys[int(i)]
        if k == key or scores[i] <= 0:
            continue
        other = store.unit(k)
        if other is not None and other.text:
            c = containment(quote, f"{other.heading or ''}\n{other.text}", language)
            if c >= CONTAINS and (best is None or c > best[1]):
                best = (k, c)
    return QuoteCheck(quote, marked, cited, check.unit_text, *(best or (None, None)))
