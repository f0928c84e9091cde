"""Stage 3 — link: give short forms (id., ebd., supra, 同法, ``section 1542``) their antecedent and work,
and settle the jurisdiction of citations that do not state one, from context.

Each jurisdiction package may have a linker, ``link(citations, ctx) -> citations``, for its own short forms;
:func:`link` runs the ones it is given (the registry's, in registry order). Citations are frozen: linking
returns new objects.

What the linkers share, so that each jurisdiction's rules are the same rules (docs/keys.md, "Continuations"):

- a **continuation** (``ebd. S. 2``, ``dort Nr. 3``, a bare ``Abs. 2``, ``前款``, ``本条第二款``) is extracted with
  ``work=None``, the levels it prints as its units and the ``_link`` flag :data:`CONTINUES`; the linker of the
  citation it continues (:func:`continues`) puts those levels in place of that citation's own (:func:`continued`).
  One that no linker bound is no citation: :func:`link` drops it;
- a **passage** (:func:`same_passage`) is a paragraph, and the list its last line introduces with a colon
  (``…有下列情形之一的：`` and the items after it, blank lines between them);
- the act the prose **names** last before a bare article (:func:`named_before`): each jurisdiction that can say
  which of its acts a stretch of prose names (``the PRC Civil Code``, ``die DSGVO``, ``die UN-FoK``) declares a
  namer; a bare article binds to an act its jurisdiction's linker finds there, and to no other act.
"""
from __future__ import annotations

import bisect
import dataclasses
import logging
import re
from dataclasses import dataclass, field
from typing import Callable, Container, Iterable, Mapping, Protocol, Sequence

from legalcite.core.budget import spend
from legalcite.core.scan import Context
from legalcite.models import Citation, Form, Kind, Unit

_log = logging.getLogger("legalcite")


class Linker(Protocol):
    """A jurisdiction's linker: the document's citations with its own short forms bound (new objects: citations
    are frozen)."""

    def __call__(self, citations: list[Citation], ctx: Context, /) -> list[Citation]: ...


# the ``_link`` flag of a continuation: "last" — the citation just before it (``ebd.``, ``dort``); "unit" — the
# article or § just cited, written as a bare level (``Abs. 2``, ``前款``, ``本条``)
CONTINUES = "continues"


def keyed(c: Citation) -> bool:
    """Whether ``c`` has a key: ``Citation.key`` is None exactly when the jurisdiction or the work is, so the test
    needs no key string built (the pipeline and the linkers ask it of every citation)."""
    return c.jurisdiction is not None and c.work is not None


def link(citations: list[Citation], ctx: Context, linkers: Iterable[Linker]) -> list[Citation]:
    """The linkers in turn. One that raises (a bug) is skipped, as the pipeline skips an extractor that raises:
    its short forms stay unlinked, the document's other citations are kept; ``ctx.errors`` says so."""
    out = list(citations)
    for fn in linkers:
        spend("linking short forms")
        try:
            out = fn(out, ctx)
        except Exception as exc:  # noqa: BLE001  a linker bug must not lose the document's citations
            ctx.errors.append(f"link {getattr(fn, '__module__', fn)}: {exc!r}")
            _log.warning("linker %s failed: %r", getattr(fn, "__module__", fn), exc)
    if any(c.work is None and CONTINUES in c._link for c in out):
        out = kept(out, lambda c: keyed(c) or CONTINUES not in c._link)
    return out


def kept(cites: list[Citation], keep: Callable[[Citation], bool]) -> list[Citation]:
    """The citations ``keep`` accepts, ``antecedent`` indexes renumbered to the kept list (None where the
    antecedent is not kept)."""
    keep_at = [i for i, c in enumerate(cites) if keep(c)]
    if len(keep_at) == len(cites):
        return cites
    new_index = {old: new for new, old in enumerate(keep_at)}
    out = []
    for i in keep_at:
        c = cites[i]
        if c.antecedent is not None:
            c = c.replace(antecedent=new_index.get(c.antecedent))
        out.append(c)
    return out


# ---------------------------------------------------------------- passages

# a list item's marker at a block's start: "- ", "* ", "1. ", "2) ", "a) ", "（一）", "（1）", "一、" — not "(1) ",
# which numbers a statute's Absätze (its units, one a paragraph, would read as one list)
_LIST_ITEM = re.compile(r"[\n\r]*[ \t]*(?:[-*+•][ \t]|\d{1,3}[.)、][ \t]*|[a-z][.)][ \t]"
                        r"|（[0-9一二三四五六七八九十]{1,3}）"
                        r"|\([一二三四五六七八九十]{1,3}\)|[一二三四五六七八九十]{1,3}、)")


def same_passage(ctx: Context, end: int, start: int) -> bool:
    """Whether ``text[end:start]`` stays in one passage: no blank line between, or only the blank lines of a list
    that the block holding ``end`` introduces (its last line ends with a colon) or is an item of, every block after
    it up to ``start`` being an item too (``根据《劳动合同法》，有下列情形之一的：\\n\\n1. …（第十四条…）``). The blank
    lines are the context's, found once (``Context.blank_lines``): a linker asks this of each citation after its
    antecedent, which may lie far back."""
    text, breaks = ctx.text, ctx.blank_lines
    i = bisect.bisect_left(breaks, end)
    if i == len(breaks) or breaks[i] > start - 2:
        return True
    brk = breaks[i]
    if not _LIST_ITEM.match(text, brk):
        return False  # (tested first: most blank lines are followed by no list item)
    lead = brk
    while lead > end and text[lead - 1] in " \t*_":
        lead -= 1
    if not (lead > end and text[lead - 1] in ":："):
        j = bisect.bisect_right(breaks, end - 2) - 1  # the block holding ``end`` starts at the blank line before it
        if not _LIST_ITEM.match(text, breaks[j] if j >= 0 else 0):
            return False
    for j in range(i + 1, len(breaks)):
        if breaks[j] > start - 2:
            return True
        if not _LIST_ITEM.match(text, breaks[j]):
            return False
    return True


# ---------------------------------------------------------------- continuations


def continues(c: Citation, before: Sequence[Citation], ctx: Context) -> int | None:
    """The index in ``before`` of the citation the continuation ``c`` continues: the one just before it in its
    passage, with a work; for a bare level (``Abs. 2``, ``前款``: :data:`CONTINUES` ``"unit"``) a provision with
    units cited in full (not a bare ``§ 129a`` or ``本法第二条``), and only where the prose names no other act
    between the two (:func:`named_before`: ``Art. 41 OR … die UN-FoK … Abs. 2``). None when there is none."""
    at = len(before) - 1
    start = c.span.start
    while at >= 0 and before[at].span.start == start:
        at -= 1  # "dort Nr. 3 und 4": the members of one list (one span) continue the same citation
    if at < 0:
        return None
    prev = before[at]
    if prev.work is None or prev.span.end > c.span.start or not same_passage(ctx, prev.span.end, c.span.start):
        return None
    if c._link.get(CONTINUES) == "unit":
        if not (prev.kind is Kind.STATUTE and prev.units) or not (
                prev.form is Form.FULL or CONTINUES in prev._link or prev.metadata.id_form):
            return None  # a bare level continues a provision cited in full (or its ebd., or a bound continuation);
            # after a bare "§ 129a" or "本法第二百零一条" it is a statute's own ("in Nummer 1 genannte", "依照前款")
        named = named_before(ctx, before, c)
        if named is not None and (named.jurisdiction, named.work) != (prev.jurisdiction, prev.work):
            return None
    return at


def bound(c: Citation, before: Sequence[Citation], ctx: Context, own: Container[str],
          levels: Callable[[tuple[Unit, ...], str], tuple[Unit, ...] | None], rank: Mapping[str, int]) -> Citation:
    """The continuation ``c`` (an ``ebd.``, ``dort Nr. 3``, a bare ``Abs. 2``) bound to the citation it continues
    (:func:`continues`) where that one is of a jurisdiction in ``own``: its key, with the levels ``c`` prints —
    ``levels(units, jurisdiction)`` gives them in that jurisdiction's labels, None where it has none for them —
    in place of its own (:func:`continued`, by ``rank``). Where the levels are read, the extractor's other reading
    of the same words as a pin (``ebd. S. 2``: a page) is dropped; an ``ebd.`` with levels after a decision keeps
    the pin and the decision's key. ``c`` itself where it continues nothing of ``own``."""
    at = continues(c, before, ctx)
    if at is None:
        return c
    prev = before[at]
    jurisdiction = prev.jurisdiction
    if jurisdiction is None or jurisdiction not in own:
        return c
    units, pin = prev.units, c.pin
    if c.units and prev.kind is Kind.STATUTE and prev.units:
        printed = levels(c.units, jurisdiction)
        replaced = continued(prev.units, printed, rank) if printed is not None else None
        if replaced is None:
            return c
        units, pin = replaced, None
    elif c.units and CONTINUES in c._link:
        return c  # "dort Nr. 3" after a decision: no provision to continue
    metadata = dataclasses.replace(prev.metadata, id_form=c.text if c.form is Form.ID else None)
    return c.replace(jurisdiction=prev.jurisdiction, kind=prev.kind, work=prev.work, units=units, pin=pin,
                     antecedent=at, metadata=metadata)


def continued(units: tuple[Unit, ...], levels: tuple[Unit, ...], rank: Mapping[str, int]) -> tuple[Unit, ...] | None:
    """``units`` (the antecedent's) with ``levels`` in place of the level they start at and every level below it:
    ``§ 626 Abs. 2 S. 1`` and ``S. 2`` → ``§ 626 Abs. 2 S. 2``; ``Art. 41`` and ``Abs. 2`` → ``Art. 41 Abs. 2``;
    ``Art. 123 Ziff. 1 Abs. 1`` and ``Ziff. 2`` → ``Art. 123 Ziff. 2``. ``rank``: each label's depth in the
    jurisdiction's nesting; a level is replaced where the same label, or any of its depth or below, first stands.
    None when a level's label has no depth there, or ``units`` has no unit to continue."""
    if not levels:
        return units
    depth = rank.get(levels[0].label)
    if depth is None or not units or any(u.label not in rank for u in levels):
        return None
    for i in range(1, len(units)):
        if units[i].label == levels[0].label or rank.get(units[i].label, depth) >= depth:
            return units[:i] + levels
    return units + levels


# ---------------------------------------------------------------- acts named in prose


@dataclass(frozen=True, slots=True)
class Named:
    """An act the prose names without citing a unit of it (``Under the PRC Civil Code``, ``die DSGVO``): found by
    its jurisdiction's namer (``Jurisdiction.names_at``) in ``text[start:end]``."""

    jurisdiction: str
    work: str
    start: int
    end: int


class Namer(Protocol):
    """A jurisdiction's namer: the acts of its own that the prose names in ``text[start:end]``."""

    def __call__(self, text: str, start: int, end: int, ctx: Context, /) -> Iterable[Named]: ...


# two different acts named in the last clause that names any: the prose does not say which one a bare article is of
AMBIGUOUS = Named("", "", -1, -1)
NAME_REACH = 300  # characters before a bare article searched for the act the prose names
_CLAUSE_END = re.compile(r"[.!?;:][ \t]+(?=[A-ZÄÖÜ«\"(*])|[。！？；：]|\n")


@dataclass
class _NamedMemo:
    """Per document: the act named before each bare article, by its start (several linkers ask), and every act the
    namers find in the whole text, by start (found once: each bare article asks of the few hundred characters
    before it, and a run of bare articles would read the same characters again and again)."""

    at: dict[int, Named | None] = field(default_factory=dict)
    names: list[Named] | None = None
    starts: list[int] = field(default_factory=list)

    def within(self, ctx: Context, lo: int, end: int) -> list[Named]:
        """The names the namers find that lie whole in ``text[lo:end]``."""
        if self.names is None:
            self.names = sorted((n for namer in ctx.namers for n in namer(ctx.text, 0, len(ctx.text), ctx)),
                                key=lambda n: (n.start, n.end))
            self.starts = [n.start for n in self.names]
        a, b = bisect.bisect_left(self.starts, lo), bisect.bisect_left(self.starts, end)
        return [n for n in self.names[a:b] if n.end <= end]


def named_before(ctx: Context, before: Sequence[Citation], c: Citation) -> Named | None:
    """The act the prose names last before ``c`` — after the statute cited last before it (whose act the prose
    would otherwise continue), in its passage, within :data:`NAME_REACH` characters; a name inside another
    citation is not prose. Of the names found, those in the last clause that holds any decide: one act is that
    act, two are :data:`AMBIGUOUS` (``Die EMRK und die BV schützen beide … (Art. 8)``); None when the prose
    names none (the statute cited last is then the act it is about)."""
    state = ctx.own(_NamedMemo)
    memo = state.at
    if c.span.start in memo:
        return memo[c.span.start]
    text, end = ctx.text, c.span.start
    lo = max(0, end - NAME_REACH)
    spans: list[tuple[int, int]] = []
    for p in reversed(before):
        if p.span.end <= lo:
            break
        if p.span.end > end:
            continue
        if p.kind is Kind.STATUTE and p.work is not None:
            lo = max(lo, p.span.end)
            break
        spans.append((p.span.start, p.span.end))
    if not same_passage(ctx, lo, end):
        lo = text.rfind("\n\n", lo, end)  # another paragraph: the names after its last blank line
    found = sorted((n for n in state.within(ctx, lo, end) if not any(s <= n.start < e for s, e in spans)),
                   key=lambda n: (n.end, n.start))
    result = None
    if found:
        last = found[-1]
        clause = lo
        for m in _CLAUSE_END.finditer(text, lo, last.start):
            clause = m.end()
        acts = {(n.jurisdiction, n.work) for n in found if n.start >= clause}
        result = last if len(acts) == 1 else AMBIGUOUS
    memo[c.span.start] = result
    return result
