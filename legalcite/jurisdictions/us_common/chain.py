"""Section and rule chains after a US federal or California work name, shared by both jurisdictions:
``§ 1030(a)(2)(C)``, ``§§ 1981–1983``, ``§§ 510, 1194``, ``§ 187, subd. (a)``, ``437c, subdivision (c)``, ``56(a)``,
``1983 et seq.`` — parsed by ``units.lark`` beside this module (:func:`parse_chain`; the common single reference
without Lark) and turned into citations with USLM-style bare sub-units (:func:`chain_citations`).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Sequence

from legalcite.jurisdictions import claimed_elsewhere
from legalcite.jurisdictions.us_common.refs import REF_SPLIT, ChainRef, Parsed, RangeOf, ref_path
from legalcite.keys import is_roman, numeral_value
from legalcite.models import Citation, Form, Kind, Span, StatuteMetadata, Unit

WINDOW = 240  # characters a section chain may span

@dataclass(frozen=True)
class Chain:
    """A parsed section chain: its references (with their offsets), where it ends, and whether it was introduced as
    several (``§§``, ``sections``)."""

    refs: tuple[ChainRef, ...]
    end: int
    plural: bool

    def shifted(self, by: int) -> "Chain":
        """The same chain read ``by`` characters further into the text (parsed in a window that starts there)."""
        return Chain(tuple(dataclasses.replace(r, start=r.start + by, end=r.end + by) for r in self.refs),
                     self.end + by, self.plural)


# The grammar's REF terminal, and a single reference that nothing in the grammar could continue: the common
# case ("§ 1983", "42 U.S.C. 1983", "Rule 56(c)"), read without Lark. tests/us/test_extract.py checks both paths agree.
_NUM_RE = r"\d+[A-Za-z]{0,4}(?:(?:[.:]|(?<=[A-Za-z])-)\d+[A-Za-z]{0,4})*"  # the grammar's REF without its sub-units
REF_RE = _NUM_RE + r"(?:\([A-Za-z0-9]{1,5}\))*"
_SUBS_RE = r"(?:\([A-Za-z0-9]{1,5}\))*"
_CANNOT_CONTINUE = (r"(?![\w(\[]|[.:]\d|\s*(?:[-–—&]|,\s*\d|,?\s*(?:sub|par|cls?\b|cl\.|clause|et\b)"
                    r"|(?:and|or|to|through|thru)\b))")
_SIMPLE = re.compile(
    r"(?:(?P<plural>§§|[Ss]ections\b|[Ss]ecs\.)\s*(?P<pref>" + REF_RE + r")"
    # after a singular sign (or none) touching dashes join one number: "§ 28-2-1" (as _parse_chain_lark does)
    r"|(?:§|[Ss]ection\b|[Ss]ec\.)?\s*(?P<ref>" + _NUM_RE + r"(?:[-–—]" + _NUM_RE + r")*" + _SUBS_RE + r"))"
    + _CANNOT_CONTINUE
)
_DASHES = str.maketrans({"–": "-", "—": "-"})


def german_prose(ctx: Any) -> bool:
    """Whether a bare ``§ 823`` at this spot is the German extractor's: the document is German and the caller named
    no American jurisdiction. A short section is bound only to a US statute cited before it; in German prose the
    German reading of the same ``§`` always exists and wins the tie (the document's language), so the US and
    California extractors do not parse it (as the German extractor leaves a bare § in English prose to them)."""
    return ctx is not None and ctx.language == "de" and ctx.jurisdiction not in ("us", "us-ca")


def parse_chain(text: str, pos: int, *, expand: Any = None, fast: bool = True) -> Chain | None:
    """Parse the section/rule chain at ``pos`` (``§§ 510, 1194``; ``437c, subdivision (c)``; ``56(a)``).

    ``expand(lo, hi)`` lists the units of a range ``lo–hi`` (default: the integers between, when both ends are
    integers and the range is short); a range it cannot expand yields its two ends. ``fast=False`` sends even a
    single reference through the grammar. The chain ends before a sub-unit label that is no label
    (:func:`misprinted_label`: ``56(IIII)`` is rule 56). Both paths read the window of :data:`WINDOW` characters:
    ``1983(a)(a)(a)…`` is no chain of a hundred thousand levels (each a lookup in the check)."""
    if fast and (m := _SIMPLE.match(text, pos, pos + WINDOW)) is not None:
        group = "pref" if m.group("plural") else "ref"
        path = ref_path(m.group(group))
        path[0] = path[0].translate(_DASHES)
        chain: Chain | None = Chain((ChainRef(tuple(path), m.start(group), m.end()),), m.end(), group == "pref")
    else:
        chain = _parse_chain_lark(text, pos, expand)
    return chain if chain is None or not any(misprinted_label(v) for r in chain.refs for v in r.path[1:]) \
        else _cut_at_misprint(text, chain)


def misprinted_label(label: str) -> bool:
    """Whether a sub-unit label is written in Roman letters of one case yet is no Roman numeral the keys read
    (``IIII``, ``iiii``, ``XXXX``, ``il``) — and not one letter written up to three times, the U.S. Code's labels
    after the numerals (``aa``, ``vv``, ``ccc``)."""
    return (len(label) > 1 and label.isalpha() and (label.isupper() or label.islower())
            and set(label.upper()) <= set("IVXLCDM") and not is_roman(label)
            and not (len(set(label)) == 1 and len(label) <= 3))


def _cut_at_misprint(text: str, chain: Chain) -> Chain | None:
    """``chain`` up to the first misprinted sub-unit label: that reference keeps the labels before it and ends
    where the label's parenthesis opens; the references after it are dropped."""
    refs: list[ChainRef] = []
    for ref in chain.refs:
        bad = next((i for i, v in enumerate(ref.path[1:], 1) if misprinted_label(v)), None)
        if bad is None:
            refs.append(ref)
            continue
        opened = [m.start() for m in REF_SPLIT.finditer(text, ref.start, ref.end)]
        end = opened[bad - 1] if len(opened) >= bad else ref.end
        refs.append(dataclasses.replace(ref, path=ref.path[:bad], end=end, et_seq=False))
        return Chain(tuple(refs), end, chain.plural)
    return chain


def _parse_chain_lark(text: str, pos: int, expand: Any) -> Chain | None:
    """The grammar path: the chain's run of tokens parsed alone and once (:func:`legalcite.core.parse.parse_run`,
    an LRU cache of runs: ``§§ 1–9999`` written a thousand times is parsed once, and the US and California
    extractors, which both claim a ``§``, share the parse)."""
    # Lark: the parser and its Transformer are loaded on the first chain the fast path cannot read
    from legalcite.core.parse import parse_run  # heavy: imports lark
    from legalcite.jurisdictions.us_common.grammar import chain_parser  # heavy: imports lark

    parsed, _ = parse_run(chain_parser(), text[pos : pos + WINDOW])
    return None if parsed is None else to_chain(parsed, pos, expand)


# an abbreviation-shaped name after a chain ("§§ 1–9999 BGB"): another jurisdiction's law when its tables know it
_NAME_AFTER = re.compile(r"[ \t]*([A-ZÄÖÜ][\wÄÖÜäöüß\-]*[A-ZÄÖÜ][\wÄÖÜäöüß\-]*)")


def foreign_law_after(text: str, end: int) -> bool:
    """Whether the chain ending at ``end`` is followed by the name of a law another registered jurisdiction knows
    (``§ 823 Abs. 1 BGB``, ``§§ 1–9999 BGB``): then it is that jurisdiction's chain, not a US short section
    (:func:`legalcite.jurisdictions.claimed_elsewhere`)."""
    m = _NAME_AFTER.match(text, end)
    if m is None:
        return False
    return claimed_elsewhere(m.group(1), besides="us")


# ---------------------------------------------------------------- what the grammar yields (grammar.ChainTransformer)

def to_chain(parsed: Parsed, offset: int, expand: Any = None) -> Chain | None:
    """Positions moved by ``offset`` into the document, ranges expanded over the table (``expand``)."""
    refs: list[ChainRef] = []
    for part in parsed.parts:
        if isinstance(part, RangeOf):
            refs.extend(_range(part.lo, part.hi, expand))
        else:
            refs.append(part)
    if not refs:
        return None
    return Chain(tuple(ChainRef(r.path, r.start + offset, r.end + offset, r.et_seq) for r in refs),
                 parsed.end + offset, parsed.plural)


def _range(lo: ChainRef, hi: ChainRef, expand: Any) -> list[ChainRef]:
    """The units strictly after ``lo`` up to ``hi`` (``lo`` is already listed)."""
    if len(lo.path) == 1 and len(hi.path) == 1:
        values = expand(lo.path[0], hi.path[0]) if expand else None
        if values is None and lo.path[0].isdigit() and hi.path[0].isdigit():
            a, b = int(lo.path[0]), int(hi.path[0])
            values = [str(v) for v in range(a, b + 1)] if 0 < b - a <= 200 else None
        if values:
            inner = [ChainRef((v,), lo.start, hi.end) for v in values if v not in (lo.path[0], hi.path[0])]
            return inner + [hi]
    return [hi]


def chain_units(path: Sequence[str], label: str) -> tuple[Unit, ...]:
    """``["1030", "a", "2"]`` → ``s1030/a/2``: the first value labelled, the sub-units bare (docs/keys.md)."""
    return (Unit(label, numeral_value(path[0])), *(Unit("", v) for v in path[1:]))


def chain_citations(text: str, start: int, chain: Chain, jurisdiction: str | None, work: str | None,
                    head: tuple[Unit, ...], label: str, *, metadata: StatuteMetadata | None = None,
                    link: dict | None = None, form: Form = Form.FULL) -> list[Citation]:
    """One Citation per unit of a chain; the first one's span starts at the work name (``start``). ``link``:
    the linker's private flags (``section_short`` …)."""
    out = []
    for i, ref in enumerate(chain.refs):
        s = start if i == 0 else ref.start
        e = ref.end if i < len(chain.refs) - 1 else chain.end
        md = metadata
        if ref.et_seq:
            md = dataclasses.replace(md, following="et seq.") if md else StatuteMetadata(following="et seq.")
        out.append(Citation(
            jurisdiction=jurisdiction, kind=Kind.STATUTE, work=work, units=head + chain_units(ref.path, label),
            span=Span(s, e), text=text[s:e], form=form, _link=link, metadata=md))
    return out


def section_expander(sections: Sequence[str]):
    """``expand(lo, hi)`` for :func:`parse_chain`: the listed sections from ``lo`` to ``hi`` (docs/keys.md: a range
    yields every unit the corpus lists), or None when either end is not listed. None if nothing is listed."""
    if not sections:
        return None
    index = {s: i for i, s in enumerate(sections)}

    def expand(lo: str, hi: str) -> list[str] | None:
        if lo in index and hi in index and 0 < index[hi] - index[lo] <= 500:
            return list(sections[index[lo] : index[hi] + 1])
        return None

    return expand


def parse_constitution(text: str, pos: int) -> tuple[tuple[Unit, ...], int] | None:
    """The units of a constitution citation at ``pos`` (after its name) and where they end, parsed by ``const.lark``:
    ``art. I, § 8, cl. 3`` → ``art1/s8/cl3``; None when there are none."""
    # Lark: the parser of const.lark is loaded on the first constitution cited
    from legalcite.core.parse import longest_prefix  # heavy: imports lark
    from legalcite.jurisdictions.us_common.grammar import const_parser  # heavy: imports lark

    res = longest_prefix(const_parser(), text[pos : pos + 80])
    return None if res is None else (res.tree[0], pos + res.tree[1])
