"""Stage 1 — scan: one linear pass over the text for every registered jurisdiction's cheap anchors.

Each jurisdiction package (``legalcite/jurisdictions/<pkg>/``) has an :class:`Extractor` with an ``anchor`` regex
(``§``, ``Art.``, ``第…条``, ``U.S.C.``, a reporter abbreviation, ``《`` …). All anchors are compiled into one
alternation; at each hit only the extractors whose own anchor matches there are asked to parse a short, bounded
window. So the run stays linear in the text length. The extractors are passed in (the pipeline takes them from
the registry, :mod:`legalcite.jurisdictions`): the core knows no jurisdiction.

The alternation costs a little at every position whose character can start an anchor, so an anchor that starts
with a common letter (``ebd.``, ``a.a.O.``, ``section``) slows the scan of all text. Such an anchor is better given
as ``literals`` (eyecite's prefilter): each occurrence of a literal, found by ``str.find``, is a hit where the
extractor's ``literal_anchor`` is tried.
"""
from __future__ import annotations

import bisect
import functools
import importlib
import re
import sys
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Sequence, TypeVar, cast

from legalcite.models import Citation

if TYPE_CHECKING:  # (core.link imports this module)
    from legalcite.core.link import Namer


PROSE_HEAD = 6000  # characters of a document whose cue words tell the jurisdiction its prose points to


S = TypeVar("S")


@dataclass
class Context:
    """What an extractor may know of the whole document: the text, a language guess, a jurisdiction hint
    (``extract(text, jurisdiction=...)``), the offset the scan resumes at, and per-document state an extractor
    keeps (:meth:`own`: the cue words it counted, the laws the text has named)."""

    text: str
    jurisdiction: str | None = None
    language: str | None = None
    # set by an extractor that met a pathological run (thousands of "§ 1 Abs. 2"): the scan resumes there
    skip_to: int | None = None
    errors: list[str] = field(default_factory=list)   # "<code>@<offset>: <exception>" of an extractor that raised
    # per-document state, one object per class an extractor defines (:meth:`own`)
    state: dict[type, object] = field(default_factory=dict)
    # how to tell the jurisdiction the prose points to from the text (the cue words: BGE, gemäss, CHF; ß, BGH)
    prose_guess: Callable[[str], str | None] | None = field(default=None, repr=False)
    # the registered jurisdictions' namers: which of their acts a stretch of prose names (core.link.named_before)
    namers: tuple[Namer, ...] = field(default=(), repr=False)

    def own(self, kind: type[S]) -> S:
        """This document's state of class ``kind`` (a dataclass of an extractor's own, made on first use): what it
        counted once per document (the cue words), or what later anchors need (the laws the text has named)."""
        found = self.state.get(kind)
        if found is None:
            found = self.state[kind] = kind()
        return cast(S, found)  # (state[kind] is made as kind() above)

    @functools.cached_property
    def blank_lines(self) -> list[int]:
        """Where ``\n\n`` stands in the text (every occurrence, overlapping ones too), found once."""
        out, i = [], self.text.find("\n\n")
        while i >= 0:
            out.append(i)
            i = self.text.find("\n\n", i + 1)
        return out

    def same_paragraph(self, a: int, b: int) -> bool:
        """Whether no blank line lies in ``text[a:b]`` (``"\n\n" not in text[a:b]``, without reading ``text[a:b]``:
        a linker asks it of each citation after its antecedent, which may lie far back)."""
        breaks = self.blank_lines
        i = bisect.bisect_left(breaks, a)
        return i == len(breaks) or breaks[i] > b - 2

    @functools.cached_property
    def prose(self) -> str | None:
        """The jurisdiction the prose points to: the caller's hint, else ``prose_guess`` — counted on first use
        only, since most documents never need it (no two readings at one anchor)."""
        if self.jurisdiction is not None:
            return self.jurisdiction
        return self.prose_guess(self.text) if self.prose_guess is not None else None


class Extractor:
    """One jurisdiction's entry point into the pipeline (its code and languages are on its
    :class:`~legalcite.jurisdictions.Jurisdiction`): an ``anchor`` and :meth:`extract`, and the optional members
    below, whose defaults say "none"; each extractor subclasses this class and sets what it has."""

    anchor: str                   # regex source; all anchors are OR-ed into one pattern
    # the anchor's alternatives as (first characters, regex), when the anchor is their union (:func:`anchor_of`):
    # the scan's union is then built of the parts (:func:`_union`), a part that starts by taking a character
    # (``(?P<de_abbr>[A-ZÄÖÜ](?<!…)…)``) tested at one character's cost
    anchor_parts: Sequence[tuple[str, str]] = ()
    # anchors that start with a common lowercase letter, kept out of the alternation: each occurrence of a literal
    # (str.find) is a hit where ``literal_anchor`` (a regex) is tried, its match passed to extract like an anchor's
    literals: Sequence[str] = ()
    literal_anchor: str = ""
    # per language, the literals a text of that language (the pipeline's guess, ``ctx.language``) does not hold as
    # its citations — English ``supra`` in German prose — so that the scan does not look for them there (each a
    # pass over the whole text)
    literals_not_in: Mapping[str, Sequence[str]] = MappingProxyType({})

    def quiet(self, ctx: Context) -> str:
        """The characters at whose hits it reads nothing in this document (``§`` for the US extractor in German
        prose), asked once per document, so that the scan does not ask it there. Only extractors that override it
        are asked."""
        return ""

    def extract(self, text: str, anchor: re.Match[str], ctx: Context) -> Sequence[Citation]:
        """Parse the citations that start at (or, for US cases, just before) ``anchor``. Each returned
        citation's ``span`` indexes ``text``. Return ``[]`` when the anchor is no citation. Must look at a
        bounded window only (a few hundred characters) and must not raise on any input. To stay linear on
        pathological input it may set ``ctx.skip_to = offset``: the scan resumes there."""
        raise NotImplementedError


_SPACE = re.compile(r"\s")


class Marks:
    """Where in one document a cheap test of its words holds, read once as the scan moves right: ``any_in(start,
    end)`` says whether a mark lies in ``[start, end)``. An extractor that tests the reach of each anchor before it
    parses (is an act named within 400 characters?) would otherwise read that window again at every anchor of a long
    run (``Art. 1 Art. 1 …``: each character read some sixty times). ``find(text, a, b)`` returns the marks, in order,
    among the words (whitespace-separated) that start in ``[a, b)``; it may read beyond either end for context (the
    word before, the words after, a phrase across ``b``). ``direct(text, start, end)``, where given, answers a lone
    window (one that does not start inside the window asked before): the test of one window costs less than finding
    its marks, and most anchors of real text stand alone. Keep one per document (``ctx.own``)."""

    __slots__ = ("text", "find", "direct", "lo", "hi", "marks", "last")
    STEP = 512  # characters read at least per extension: a run of anchors extends it once per few dozen of them

    def __init__(self, text: str, find: Callable[[str, int, int], Sequence[int]],
                 direct: Callable[[str, int, int], bool] | None = None) -> None:
        self.text, self.find, self.direct = text, find, direct
        self.lo = self.hi = 0          # [lo, hi): read so far (hi at a space, or the text's end)
        self.marks: list[int] = []
        self.last = (0, 0)             # the window asked last

    def any_in(self, start: int, end: int) -> bool:
        """Whether a mark lies in ``[start, end)``. Meant for windows asked left to right: a window that jumps elsewhere
        starts a new reading (or is answered by ``direct``)."""
        step = self.STEP
        last, self.last = self.last, (start, end)
        if not self.lo <= start <= self.hi:  # a jump forward (or back)
            if self.direct is not None and not last[0] <= start < last[1]:
                return self.direct(self.text, start, end)  # a lone window
            self.lo = self.hi = start  # a run of anchors begins: read on from here, the window alone
            self.marks = []
            step = 0
        if end > self.hi:
            space = _SPACE.search(self.text, max(end, self.hi + step))
            stop = space.start() if space else len(self.text)
            self.marks.extend(self.find(self.text, self.hi, stop))
            self.hi = stop
        i = bisect.bisect_left(self.marks, start)
        return i < len(self.marks) and self.marks[i] < end


def asks_quiet(ex: Extractor) -> bool:
    """Whether ``ex`` has a :meth:`Extractor.quiet` of its own (the others are not asked per document)."""
    return type(ex).quiet is not Extractor.quiet


class Candidate(NamedTuple):
    """An anchor hit: its position and each claiming extractor with its own anchor match. (A named tuple: one is
    made per hit, and a frozen dataclass costs several times as much to build.)"""

    start: int
    claims: tuple[tuple[Extractor, re.Match[str]], ...]


def anchor_of(alternatives: Sequence[tuple[str, str]]) -> str:
    """One anchor regex from ``(first characters, regex)`` alternatives, each behind a one-character lookahead
    (``(?=[§A])``), the union of those sets in front: the engine rejects most positions with one set test instead
    of one per alternative, and :func:`scan` can merge the sets of all extractors (docs/scan.md)."""
    combined = "".join(first for first, _ in alternatives)
    return f"(?=[{combined}])(?:" + "|".join(f"{lead(rx, first) or f'(?=[{first}])'}(?:{rx})"
                                              for first, rx in alternatives) + ")"


def prefixed(first: str | None, rx: str) -> str:
    """A pattern that matches (one character long) where ``rx`` matches and the character there is in the set
    ``first`` (a character class body; None: :func:`first_chars` of ``rx``): ``[first](?<=(?=rx).)``. Starting with
    a plain set, it lets the regex engine skip to the next character of that set in a tight loop, instead of
    running its matcher at every position as it does for a pattern that starts with a lookaround (a boundary, a
    lookahead), which pays on text where the set is rare. Where the match starts is all it tells (``rx``'s groups
    are kept: ``m.end(1)`` of ``prefixed(f, f"({rx})")`` is where ``rx`` ends); ``rx`` itself when no set is known."""
    first = first if first is not None else first_chars(rx)
    return rx if first is None else f"[{first}](?<=(?=(?:{rx})).)"


# an item of a parsed regex: (opcode, argument), the standard library's private parser's (untyped: its shape
# varies by the opcode)
_Item = tuple[Any, Any]


@functools.cache
def _sre() -> ModuleType:
    """The standard library's regex parser and its opcodes (``re._parser``; ``sre_parse`` before 3.11)."""
    return importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")


def _char(code: int) -> str:
    ch = chr(code)
    return "\\" + ch if ch in "\\]^-[" else ch


def _one(op: Any, av: Any) -> set[str] | None:
    """The characters a one-character item (a literal or a set) matches, as class-body pieces; None for any other
    item or a set not simple to tell (negated, another category)."""
    c = _sre()
    if op is c.LITERAL:
        return {_char(av)}
    if op is not c.IN:
        return None
    out: set[str] = set()
    categories = {c.CATEGORY_DIGIT: r"\d", c.CATEGORY_WORD: r"\w", c.CATEGORY_SPACE: r"\s"}
    for iop, iav in av:
        if iop is c.LITERAL:
            out.add(_char(iav))
        elif iop is c.RANGE:
            out.add(f"{_char(iav[0])}-{_char(iav[1])}")
        elif iop is c.CATEGORY and iav in categories:
            out.add(categories[iav])
        else:
            return None
    return out


def _first(items: Iterable[_Item]) -> tuple[set[str], bool] | None:
    """(the characters the item sequence ``items`` can start with, whether it can match the empty string); None when
    not simple to tell. Lookarounds take no character (they are passed over: the answer is a superset)."""
    c = _sre()
    zero_width = {c.AT, c.ASSERT, c.ASSERT_NOT}
    repeats = {c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT)}
    out: set[str] = set()
    for op, av in items:
        if op is c.ASSERT and av[0] == 1:  # a lookahead: it says what the text holds here
            ahead = _first(av[1])
            if ahead is not None and not ahead[1]:
                return out | ahead[0], False
            continue
        if op in zero_width:
            continue
        if op is c.LITERAL or op is c.IN:
            one = _one(op, av)
            return None if one is None else (out | one, False)
        if op is c.BRANCH:
            sub = [_first(alt) for alt in av[1]]
        elif op is c.SUBPATTERN and not av[1] & re.IGNORECASE:
            sub = [_first(av[-1])]
        elif op in repeats:
            inner = _first(av[2])
            sub = [(inner[0], True) if inner is not None and av[0] == 0 else inner]
        elif op is getattr(c, "ATOMIC_GROUP", None):
            sub = [_first(av)]
        else:
            return None
        known = [x for x in sub if x is not None]
        if len(known) < len(sub):
            return None
        out.update(*(x[0] for x in known))
        if not any(x[1] for x in known):
            return out, False  # else what follows may come first too
    return out, True


def _parsed(rx: str) -> Any:
    """``rx`` parsed into items, or None when it does not parse or is case-insensitive or verbose."""
    try:
        parsed = _sre().parse(rx)
    except re.error:
        return None
    return None if parsed.state.flags & (re.IGNORECASE | re.VERBOSE) else parsed


def first_chars(rx: str) -> str | None:
    """The characters a match of ``rx`` can start with, as a character class body (``"BA«\\d"``), or None when
    that is not simple to tell (an empty match possible, a negated set, case folding)."""
    parsed = _parsed(rx)
    found = _first(parsed) if parsed is not None else None
    return "".join(sorted(found[0])) if found is not None and not found[1] and found[0] else None


_LEAD_LIMIT = 24  # more first/second pairs than this: the lookahead would cost what it saves


def _leads(items: Iterable[_Item], depth: int = 0) -> list[tuple[frozenset[str], frozenset[str] | None]] | None:
    """Each way a match of ``items`` can start: (its first character's set, the set of the character after it, None
    for any). None when that is not simple to tell (an empty match possible, case folding, a negated set)."""
    c = _sre()
    if depth > 40:
        return None
    items = list(items)
    i = 0
    while i < len(items) and items[i][0] in (c.AT, c.ASSERT, c.ASSERT_NOT):
        i += 1  # a lookaround at the start takes no character
    if i == len(items):
        return None
    (op, av), rest = items[i], items[i + 1 :]
    one = _one(op, av) if op in (c.LITERAL, c.IN) else None
    if one is not None:
        after = _first(rest)
        return [(frozenset(one), None if after is None or after[1] else frozenset(after[0]))]
    if op is c.SUBPATTERN and not av[1] & re.IGNORECASE:
        return _leads([*av[-1], *rest], depth + 1)
    if op is getattr(c, "ATOMIC_GROUP", None):
        return _leads([*av, *rest], depth + 1)
    if op is c.BRANCH:
        out: list[tuple[frozenset[str], frozenset[str] | None]] = []
        for alt in av[1]:
            found = _leads([*alt, *rest], depth + 1)
            if found is None:
                return None
            out.extend(found)
        return out
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT)):
        lo, _, body = av
        inner = _first(body)
        if inner is None or inner[1]:
            return None  # a body that may match nothing: not simple to tell
        again = (c.MAX_REPEAT, (0, c.MAXREPEAT, body))  # (a superset: any number of further repetitions)
        once = _leads([*body, again, *rest], depth + 1)
        if once is None or lo > 0:
            return once
        skipped = _leads(rest, depth + 1)  # none at all: what follows starts the match
        return None if skipped is None else once + skipped
    return None


def _expand(pieces: frozenset[str]) -> set[str] | None:
    """The characters of class-body pieces (``A-Z``, ``§``, ``\\-``); None for a category (``\\d``) or a wide range."""
    out: set[str] = set()
    for p in pieces:
        if len(p) == 1 or (len(p) == 2 and p[0] == "\\" and not p[1].isalpha()):
            out.add(p[-1])
        elif len(p) >= 3 and "-" in p[1:]:
            lo, hi = (x[-1] for x in re.split(r"(?<=.)-", p, maxsplit=1))
            if ord(hi) - ord(lo) > 1000:
                return None
            out.update(map(chr, range(ord(lo), ord(hi) + 1)))
        else:
            return None
    return out


def _lead_pairs(rx: str, within: str | None = None) -> dict[frozenset[str], frozenset[str] | None] | None:
    """Each way a match of ``rx`` can start, merged per first character's set: that set → the set of the character
    after it (None: any). ``within``: the first characters the caller lets ``rx`` start with (a class body); starts
    outside it are left out. None when that is not simple to tell."""
    parsed = _parsed(rx)
    found = _leads(parsed) if parsed is not None else None
    if not found or any(not first for first, _ in found):
        return None
    if within is not None:
        allowed = _expand(frozenset(re.findall(r"\\.|.-.|.", within)))
        if allowed is None:
            return None
        kept = []
        for first, second in found:
            chars = _expand(first)
            if chars is not None and chars <= allowed:
                kept.append((first, second))
                continue
            in_set = re.compile(f"[{''.join(first)}]").fullmatch  # a category (\\d) or partly inside: one by one
            inside = sorted(ch for ch in allowed if in_set(ch))
            if inside:
                kept.append((frozenset(map(_char, map(ord, inside))), second))
        found = kept
        if not found:
            return None
    merged: dict[frozenset[str], frozenset[str] | None] = {}
    for first, second in found:
        if first in merged:
            prev = merged[first]
            merged[first] = None if prev is None or second is None else prev | second
        else:
            merged[first] = second
    return merged


def _set(pieces: frozenset[str]) -> str:
    return f"[{''.join(sorted(pieces))}]"


def lead(rx: str, within: str | None = None) -> str | None:
    """A lookahead that holds wherever ``rx`` can match, testing the first two characters (``(?=A[rb]|§|B[GV])``):
    put in front of an alternation's branch, it rejects a position in one step — a capitalised German noun is no
    ``Art``, ``BGE`` or ``Section`` — where the branch's own pattern would first run its lookbehinds. ``within``: the
    first characters the caller lets the branch start with (a class body); starts outside it are left out. None when
    the two characters are not simple to tell, or would not narrow the first character's test."""
    merged = _lead_pairs(rx, within)
    if not merged or len(merged) > _LEAD_LIMIT or within is None and any(
            second is None and (len(_expand(first) or "xxxx") > 3) for first, second in merged.items()):
        return None  # (an anchor that may start with any capital letter and anything after it gains nothing)
    body = "|".join(_set(f) + (_set(s) if s is not None else "")
                    for f, s in sorted(merged.items(), key=lambda kv: sorted(kv[0])))
    return f"(?={body})"


_GROUP_NAME = re.compile(r"\(\?P<\w+>")


def _consumes_first(rx: str) -> bool:
    """Whether ``rx``'s first item (inside its groups) takes a character of a set or a literal: a branch the regex
    engine then skips with one test of that character, where a branch that starts with a lookaround is entered."""
    parsed = _parsed(rx)
    if parsed is None:
        return False
    c = _sre()
    items = list(parsed)
    while items and items[0][0] is c.SUBPATTERN and not items[0][1][1] & re.IGNORECASE:
        items = list(items[0][1][-1])
    return bool(items) and items[0][0] in (c.LITERAL, c.IN)


def _union(parts: Sequence[tuple[str | None, str]]) -> str:
    """One pattern that matches where any of ``parts`` (first characters or None, regex) matches, written for the
    regex engine's cheap tests: a part that starts by taking a character as it is (``§``, ``[A-ZÄÖÜ](?<!…)``); the
    others behind their first two characters, those with the same first set under one test of it (``[A](?:[r]…|
    [IT]…)``), so that at a position most branches fail on one character test, with no lookaround entered; a part
    whose second character is not simple to tell behind its first. The groups' names are dropped (the scan matches
    each extractor's own anchor where the union matched)."""
    direct: list[str] = []
    by_first: dict[str, list[str]] = {}
    for first, rx in parts:
        body = _GROUP_NAME.sub("(?:", rx)
        if _consumes_first(rx):
            direct.append(body)
            continue
        pairs = _lead_pairs(rx, first)
        seconds = {f: s for f, s in (pairs or {}).items() if s is not None}
        if pairs and len(pairs) <= _LEAD_LIMIT and len(seconds) == len(pairs):
            for f, s in seconds.items():
                by_first.setdefault(_set(f), []).append(f"{_set(s)}(?<=(?=(?:{body}))(?s:..))")
            continue
        chars = first if first is not None else first_chars(rx)
        if chars is None:
            direct.append(f"(?={body})")
        else:
            by_first.setdefault(f"[{chars}]", []).append(f"(?<=(?=(?:{body}))(?s:.))")
    return "|".join([*direct, *(f"{f}(?:{'|'.join(rests)})" for f, rests in by_first.items())])


_FIRST_SET = re.compile(r"^\(\?=\[((?:[^\]\\]|\\.)+)\]\)")


_Owners = tuple[tuple[Extractor, re.Pattern[str]], ...]  # extractors, each with its compiled (literal) anchor
_Literals = tuple[tuple[str, _Owners], ...]               # each literal with the extractors that look for it


@dataclass(frozen=True)
class _Scanner:
    """The union of the anchors, per first character the extractors whose anchor can start with it, and the
    extractors' literals."""

    union: re.Pattern[str]
    own: _Owners
    firsts: tuple[re.Pattern[str] | None, ...]   # an anchor's leading one-character set, None when it has none
    literals: _Literals
    # per language some extractor names in literals_not_in: the literals with the owners that look for them there
    literals_in: dict[str, _Literals]
    order: dict[Extractor, int]             # registry order: claims are listed in it (the tie-break)
    by_char: dict[str, _Owners] = field(default_factory=dict)
    # per set of quiet extractors and characters (core.scan.scan's ``quiet``): by_char with those left out
    quiet_views: dict[tuple[tuple[Extractor, str], ...], dict[str, _Owners]] = field(default_factory=dict)

    def claimers(self, ch: str) -> _Owners:
        """The extractors whose anchor may match at a position holding ``ch`` (cached per character)."""
        found = self.by_char.get(ch)
        if found is None:
            found = self.by_char[ch] = tuple(o for o, f in zip(self.own, self.firsts) if f is None or f.match(ch))
        return found

    def quiet_view(self, quiet: Mapping[Extractor, str]) -> dict[str, _Owners]:
        """:attr:`by_char` with each extractor of ``quiet`` left out at its characters (made once per such set)."""
        key = tuple(quiet.items())
        view = self.quiet_views.get(key)
        if view is None:
            view = dict(self.by_char)
            for ex, chars in quiet.items():
                for c in chars:
                    view[c] = tuple(o for o in (view[c] if c in view else self.claimers(c)) if o[0] is not ex)
            self.quiet_views[key] = view
        return view

    def literal_hits(self, text: str, language: str | None = None
                     ) -> tuple[list[int], list[_Owners]]:
        """Every occurrence of every extractor's literals, in text order, as two parallel lists: the positions and
        each one's owners (a literal several extractors share, ``art.``, is looked for once); in a text of
        ``language``, not the literals its extractors say it does not hold (``literals_not_in``). One entry per
        occurrence, not per owner: a run of ``id.`` costs one tuple per hit."""
        hits: list[tuple[int, int]] = []
        found: list[_Owners] = []
        literals = self.literals_in.get(language, self.literals) if language else self.literals
        for literal, owners in literals:
            i = text.find(literal)
            if i >= 0:
                found.append(owners)
                while i >= 0:
                    hits.append((i, len(found) - 1))  # (the owners' index breaks ties: literals in their order)
                    i = text.find(literal, i + 1)
        hits.sort()  # each literal's run is in order already: a merge of sorted runs
        return [i for i, _ in hits], [found[k] for _, k in hits]


@functools.cache
def _compiled(exs: tuple[Extractor, ...]) -> _Scanner:
    own = tuple((ex, re.compile(ex.anchor)) for ex in exs)
    # the anchors' alternatives (an extractor's anchor_parts, else its whole anchor) in one pattern written for the
    # engine's cheap tests (_union): most capitalised words then fail every anchor at once
    union = _union([part for ex in exs for part in (ex.anchor_parts or ((None, ex.anchor),))])
    # When every anchor starts with a one-character lookahead "(?=[...])", put their union in front as a plain set
    # (prefixed): the engine then skips the positions it rejects (lowercase prose) in its fast set loop.
    firsts = [_FIRST_SET.match(ex.anchor) for ex in exs]
    leading = [m.group(1) for m in firsts if m is not None]
    if firsts and len(leading) == len(firsts):
        union = prefixed("".join(leading), union)
    owners: dict[str, list[tuple[Extractor, re.Pattern[str]]]] = {}
    for ex in exs:
        if ex.literals:
            rx = re.compile(ex.literal_anchor)
            for lit in dict.fromkeys(ex.literals):
                owners.setdefault(lit, []).append((ex, rx))
    literals = tuple((lit, tuple(o)) for lit, o in owners.items())
    languages = {lang for ex in exs for lang in ex.literals_not_in}
    literals_in = {lang: tuple((lit, kept) for lit, o in literals if (kept := tuple(
        (ex, rx) for ex, rx in o if lit not in ex.literals_not_in.get(lang, ()))))
        for lang in languages}
    return _Scanner(re.compile(union), own, tuple(re.compile(f"[{m.group(1)}]") if m else None for m in firsts),
                    literals, literals_in, {ex: i for i, ex in enumerate(exs)})


def scan(text: str, extractors: tuple[Extractor, ...], resume: Callable[[], int] | None = None,
         quiet: Mapping[Extractor, str] | None = None, language: str | None = None) -> Iterator[Candidate]:
    """Yield each anchor hit with the extractors that claim it, left to right (``extractors`` in tie-break
    order; their union pattern is compiled once per tuple). Only the extractors whose anchor can start with the
    hit's character are asked whether they claim it; the literals' hits are merged in. ``resume`` (the pipeline's
    end of the text already read) lets the scan jump over the citations found, instead of stopping at every
    anchor inside them. ``quiet``: per extractor, the characters at whose hits it is not asked in this text (its
    ``quiet(ctx)``). ``language``: the text's (guessed), for the extractors' ``literals_not_in``."""
    if not extractors:
        return
    scanner = _compiled(extractors)
    search = scanner.union.search
    by_char, claimers = scanner.by_char, scanner.claimers
    if quiet:  # the claimers of the quiet characters without the extractors quiet there
        by_char = scanner.quiet_view(quiet)
    lit_at, lit_owners = scanner.literal_hits(text, language) if scanner.literals else ([], [])
    li, n_lit = 0, len(lit_at)
    order = scanner.order
    pos = 0
    m = None
    claims: tuple[tuple[Extractor, re.Match[str]], ...]
    exhausted = False  # the union has no match at or after pos: never searched for again (else each literal's hit
    # after the last anchor would search the rest of the text once more: quadratic in a run of ``ebd.``)
    while True:
        if not exhausted and (m is None or m.start() < pos):  # (a match found before a literal's hit is kept)
            m = search(text, pos)
            exhausted = m is None
        start = m.start() if m is not None else len(text)
        while li < n_lit and lit_at[li] < pos:
            li += 1
        if li < n_lit and lit_at[li] < start:
            start, claims = lit_at[li], ()
        elif m is None:
            return
        else:
            ch = text[start]
            found = by_char.get(ch)
            if found is None:
                found = by_char[ch] = claimers(ch)
            claims = tuple([(ex, mm) for ex, rx in found if (mm := rx.match(text, start))])
        while li < n_lit and lit_at[li] == start:  # literals at the same position join the claims
            owners = lit_owners[li]
            li += 1
            for ex, rx in owners:
                if quiet and text[start] in quiet.get(ex, ""):
                    continue
                if (mm := rx.match(text, start)) is not None and all(ex is not c for c, _ in claims):
                    claims = ((ex, mm),) if not claims else tuple(sorted((*claims, (ex, mm)),
                                                                         key=lambda c: order[c[0]]))
        if claims:
            yield Candidate(start, claims)
        pos = start + 1
        if resume is not None:
            pos = max(pos, resume())
