"""German statute citations: ``§ 823 Abs. 1 BGB`` → ``de/bgb/s823/abs1``.

1. ``statute.lark`` parses the sign and unit chain (``§§ 280 Abs. 1 und 3``); its Transformer
   (:class:`legalcite.jurisdictions.de.trees.StatuteChain`), embedded in the parser, turns each list item into a path
   of (label, value) while it parses (:func:`attach_item` says where an item attaches): :func:`parse_chain`;
2. :func:`legalcite.jurisdictions.de.laws.match_law` reads the law named after the chain (``BGB``, ``des
   Grundgesetzes``, ``of the Civil Code``);
3. :func:`statutes` joins groups (``§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB``), lends a law to the groups before it,
   expands ranges and ``f.`` (:func:`legalcite.core.chains.expand`, shared with the Swiss chains) and builds one
   :class:`Citation` per provision.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from itertools import starmap

from legalcite.core.chains import Item, Path, back_fill, expand, next_group
from legalcite.core.scan import Context
from legalcite.jurisdictions.de import laws as de_laws
from legalcite.keys import roman_to_int
from legalcite.models import Citation, Form, Kind, Span, StatuteMetadata, Unit

WINDOW = 320  # characters a statute chain may span


@dataclass
class NamedLaws:
    """Per document (``ctx.own``): the laws no table knows that this text has cited with a unit or defined
    (``BbgHG`` → ``bbghg``), so that the text's later mentions of them are read too."""

    works: dict[str, str] = field(default_factory=dict)


# Label order inside a provision (docs/keys.md): a list item restarts at its own level.
RANK = {"s": 0, "art": 0, "abs": 1, "uabs": 2, "satz": 3, "hs": 4, "nr": 5, "lit": 6, "alt": 7}
# token type → (the main unit it starts, plural sign, English): the first item's sign
SIGNS = {"SIGN": ("s", False, False), "SIGNS": ("s", True, False), "ART": ("art", False, False),
          "ARTS": ("art", True, False), "EN_SIGN": ("s", False, True), "EN_ART": ("art", False, True)}
# token type → label of a level written with its value ("Abs. 1")
LEVELS = {"ABS": "abs", "UABS": "uabs", "SATZ": "satz", "HS": "hs", "NR": "nr", "ALT": "alt", "LIT": "lit",
           "SUBSECTION": "abs", "SECTION": "s"}
STYLES = {"VALUE": "bare", "ROMAN_NUMERAL": "roman", "PAREN": "paren", "FOLLOWING": "following", "VERSION": "version"}
# the value at the end of a sign's or level's token: "§ 613 a" → "613 a", "Abs. (2)" → "2", "lit. b)" → "b"
END_VALUE = re.compile(r"\(?(\d+(?:\.\d+)*(?:[ ]?[a-z])?|[a-z]{1,2})\)?\)?$")
_LEADING_INT = re.compile(r"\d+")


@dataclass(slots=True)
class Chain:
    """``§§ 280 Abs. 1, 281``: its items, where it ends in the window, and how the parse ended."""

    items: list[Item]
    end: int
    english: bool       # "Section 823(1)": needs an English law name or a German cue
    open: bool          # the parse ran to the window's end: the chain may go on beyond it


# a part of an item: (style, label, value, end offset in the window)
Part = tuple[str, "str | None", str, int]


# the highest Absatz or Satz number a list after one is read as ("§ 3 Abs. 1, 4": Abs. 4); beyond it, and beyond the
# unit's own number, a bare number is the next unit, as models write it with a single sign ("§ 280 Abs. 1, 281 BGB")
MAX_SUB_VALUE = 20


def _next_unit(value: str, ppath: Path) -> bool:
    """Whether a bare list item after an Absatz or Satz is a unit: too high for the level, above the current unit."""
    n = _int(value)
    return ppath[-1][0] in ("abs", "satz") and n > MAX_SUB_VALUE and n > _int(ppath[0][1])


def attach_item(parts: tuple[Part, ...], prev: tuple[Path, str] | None, plural: bool, main: str
          ) -> tuple[Path, str, str | None, str | None, int, bool] | None:
    """Where a list item attaches (docs/keys.md, lists): the first item starts with the unit number; a later one
    starting with a bare number is a new unit after a unit alone (``§§ 1, 2``), after an Absatz written in Roman
    numerals or in brackets (``§ 280 I, III, 283``: 283 is a §), or, after ``§§``, when it is greater than the
    current unit (``§§ 280 Abs. 1, 281``), and after an Absatz or Satz when it is too high for one and above the
    current unit (``§ 280 Abs. 1, 281``, :func:`_next_unit`); else it continues the previous item's last level (``§§ 280 Abs. 1 und 3``
    → Abs. 3, ``Sätze 2 und 3``). A labeled item attaches below the previous item's higher levels (``Abs. 1 Satz 2,
    Abs. 3``). Returns (path, style of its last part, f./ff., a.F./n.F., end, whether every part attached)."""
    style, label, value, _ = parts[0]
    rest = parts
    if prev is None:
        if style != "bare":
            return None
        path: Path = [(main, value)]
        rest = parts[1:]
    else:
        ppath, pstyle = prev
        if style == "bare":
            if len(ppath) == 1 or pstyle in ("roman", "paren") or (plural and _int(value) > _int(ppath[0][1])) \
                    or _next_unit(value, ppath):
                path = [(main, value)]
            else:
                level = ppath[-1][0]
                path = [p for p in ppath if RANK[p[0]] < RANK[level]] + [(level, value)]
            rest = parts[1:]
        elif style == "paren":
            path = list(ppath[:-1]) if pstyle == "paren" else list(ppath)  # "(1) and (2)": the same level
        elif style in ("roman", "labeled"):
            path = [p for p in ppath if RANK[p[0]] < RANK[label]]
        else:  # "f." or "a.F." alone after a separator
            return None
    following = version = None
    last_style, end, complete = style, parts[0][3], True
    for part in rest:
        pstyle_, plabel, pvalue, pend = part
        if pstyle_ == "following":
            following = pvalue
        elif pstyle_ == "version":
            version = pvalue
        elif pstyle_ == "bare":
            # "§ 812 I 1": a bare number after an Absatz is the Satz, after a Satz the Nummer
            level = {"abs": "satz", "satz": "nr"}.get(path[-1][0])
            if level is None:
                complete = False
                break
            path.append((level, pvalue))
        elif pstyle_ == "paren":
            if pvalue[0].isdigit():
                path.append(("satz" if any(p[0] == "abs" for p in path) else "abs", pvalue))
            else:
                path.append(("lit", pvalue.lower()))
        else:  # roman, labeled
            path.append((plabel, pvalue))
        last_style, end = pstyle_, pend
    return path, last_style, following, version, end, complete


def chain_of(sign: str, sign_end: int, members: list[tuple[str | None, tuple[Part, ...]]]) -> Chain:
    """The chain a sign (its terminal's name, where it ends) and its list members make (each member: the separator
    before it, ``SEP`` or ``RANGE``, and its parts; the first member's parts start with the sign's value): each
    member attached where :func:`attach_item` says, a member after ``RANGE`` the end of a range; a member that does
    not attach ends the chain."""
    main, plural, english = SIGNS[sign]
    items: list[Item] = []
    end = sign_end
    prev: tuple[Path, str] | None = None
    for sep, parts in members:
        built = attach_item(parts, prev, plural, main)
        if built is None:
            break
        path, last_style, following, version, item_end, complete = built
        if sep == "RANGE" and items and items[-1].range_to is None:
            items[-1].range_to = path
        else:
            items.append(Item(path, following=following, version=version))
        prev, end = (path, last_style), item_end
        if not complete:
            break
    return Chain(items, end, english=english, open=True)


def _int(value: str) -> int:
    m = _LEADING_INT.match(value)
    return int(m.group()) if m else 0


@functools.cache
def _parser():
    from legalcite.core.parse import get_parser
    from legalcite.jurisdictions.de.trees import StatuteChain

    return get_parser(__package__, "statute", transformer=StatuteChain())


def end_value(text: str) -> str:
    """The value at the end of a sign's or level's token: ``§ 613 a`` → ``613a``, ``Abs. (2)`` → ``2``."""
    return END_VALUE.search(text).group(1).replace(" ", "")


def part_of(kind: str, text: str, end: int) -> Part:
    """A token of a list item (its terminal ``kind``, its text, where it ends) as a :data:`Part`."""
    label = LEVELS.get(kind)
    if label is not None:
        value = end_value(text)
        return ("labeled", label, value.lower() if label == "lit" else value, end)
    style = STYLES[kind]
    if style == "bare":
        return (style, None, text.replace(" ", ""), end)
    if style == "roman":
        return (style, "abs", str(roman_to_int(text)), end)
    if style == "paren":
        return (style, None, text[1:-1], end)
    if style == "following":
        return (style, None, "ff." if text.startswith(("ff", "et")) else "f.", end)
    return (style, None, text.replace(" ", ""), end)  # version


def parse_chain(window: str) -> Chain | None:
    """The sign and unit chain at the start of ``window``, or None when it is no citation. The chain's run of tokens
    is parsed alone where it can be, and once (:func:`legalcite.core.parse.parse_run`): read token by token where it
    has the grammar's shape (:func:`_read_run`: most chains), else by the grammar."""
    chain, cut = _run_parser()(window)
    if chain is not None and cut and chain.open:
        chain.open = False  # cut before prose: the text does not go on as a chain
    return chain


@functools.cache
def _run_parser():
    """:func:`~legalcite.core.parse.parse_run` bound to the grammar and the fast path (imported on the first chain:
    ``core.parse`` imports Lark, and importing the sources and resolvers stays light)."""
    from legalcite.core.parse import parse_run

    return functools.partial(parse_run, _parser(), fast=_read_run, signs=_SIGN_TERMINALS)


_SIGN_TERMINALS = frozenset(SIGNS)


@functools.cache
def _token_readers():
    """One token of the grammar; one past the first, where no sign is accepted (the parser's state there)."""
    from legalcite.core.parse import token_pattern

    return token_pattern(_parser()).match, token_pattern(_parser(), _SIGN_TERMINALS).match


def _read_run(run: str) -> Chain | None:
    """The fast path of :func:`parse_chain`: a chain's run of tokens (cut before prose by
    :func:`~legalcite.core.parse.parse_run`) read with the lexer's own terminals in its order
    (:func:`legalcite.core.parse.token_pattern`); when it is a sign and list members in the grammar's shape
    (``items``: parts, separators between them, one may end the list) the chain is built as the embedded Transformer
    builds it (:func:`chain_of`) — the parser is not needed to say what it is. Past the first token the parser
    accepts no sign, so the (contextual) lexer reads a sign's text there as a part (``Art. 229 § 5``, ``§ 8 Abs. 1,
    § 9``: a ``SECTION``) or, where no part matches, as the prose after the chain (``§ 8, §§ 3``: the chain ends
    before ``§§``); so does this reader. Anything else (two separators in a row) is None: the grammar reads it.
    ``tests/de/test_parse.py`` checks both paths agree on the shared German texts and random chains."""
    match, inside = _token_readers()
    m = match(run)
    if m is None or m.lastgroup not in SIGNS:
        return None
    sign, sign_end = m.lastgroup, m.end()
    members: list[tuple[str | None, tuple[Part, ...]]] = []
    sep: str | None = None
    parts: list[Part] = [("bare", None, end_value(m.group(sign)), sign_end)]
    pos = sign_end
    while pos < len(run):
        m = match(run, pos)
        if m is None:
            return None
        if m.lastgroup in SIGNS:
            m = inside(run, pos)
            if m is None:
                break  # no part reads here either: the lexer's TAIL, the prose after the chain
        kind = m.lastgroup
        if kind in ("SEP", "RANGE"):
            if not parts:
                return None  # two separators in a row: not the grammar's shape (it decides where the chain ends)
            members.append((sep, tuple(parts)))
            sep, parts = kind, []
        elif kind in LEVELS or kind in STYLES:
            parts.append(part_of(kind, m.group(kind), m.end()))
        else:
            return None  # a terminal this reader does not know: the grammar reads it
        pos = m.end()
    if parts:
        members.append((sep, tuple(parts)))
    return chain_of(sign, sign_end, members)


# A chain of levels without its unit ("Abs. 2", "Nr. 3 und 4", "S. 2") is read as the grammar reads it after a unit:
# behind a placeholder unit, which the paths then leave out
_PLACEHOLDER = "§ 0 "
_PLACED = ("s", "0")
_LEVELS_WINDOW = 120  # characters a level chain may span
# the labels a level chain can start with (the grammar's level terminals, ABS … LIT, by their first letters)
_LEVEL_START = re.compile(r"(?:Abs|UAbs|Unterabs|S(?:atz|ätze|\.|\b)|Nr|Nummer|Ziff|Buchst|lit|Alt|Var|H(?:albs|s|bs)"
                          r"|[Pp]ara|[Ss]entence|[Nn]o\.|[Nn]umber|[Ll]etter|[Ss]ubsection)")
# what names the work a level chain is of, right after it: a law or another work ("Abs. 2 GG", "Nr. 3100 VV RVG",
# "Nr. 3 der Anlage", "Abs. 2 des Vertrags") — the chain is then no continuation of the unit cited before
_NAMED_AFTER = re.compile(r"[ \t]*(?:(?:der|des|dieser|dieses|zur|zum|zu|von|vom)[ \t]+[A-ZÄÖÜ]|[A-ZÄÖÜ][\w-]*[A-ZÄÖÜ])"
                          r"|[/:.]?\d|/")  # … or a number goes on: "VO (EG) Nr. 593/2008" is an act's number


def levels(text: str, pos: int) -> tuple[list[tuple[Unit, ...]], int] | None:
    """The chain of levels at ``pos`` that continues a unit cited before (``ebd. S. 2``, ``dort Nr. 3 und 4``, a bare
    ``Abs. 2``): the levels of each provision it names, and where it ends; None where no level chain starts there, or
    a law is named after it (``Abs. 2 GG``, ``Nr. 3100 VV RVG``: not a continuation)."""
    if not _LEVEL_START.match(text, pos):
        return None  # (most "ebd." are followed by no level: the parse is not tried)
    read = _levels_in(text[pos : pos + _LEVELS_WINDOW])
    return None if read is None else (read[0], pos + read[1])


def _levels_in(window: str) -> tuple[list[tuple[Unit, ...]], int] | None:
    """:func:`levels` at the start of ``window`` (its run of tokens is parsed once: core.parse.parse_run)."""
    chain = parse_chain(_PLACEHOLDER + window)
    if chain is None or chain.end <= len(_PLACEHOLDER) or any(i.path[0] != _PLACED or len(i.path) < 2
                                                              for i in chain.items):
        return None  # no level, or a unit of its own in the list ("Abs. 2, § 5 BGB": that § is a citation)
    end = chain.end - len(_PLACEHOLDER)
    if _NAMED_AFTER.match(window, end) or de_laws.match_law(window, end) is not None:
        return None
    if window[end - 1] == ")" and window.count("(", 0, end) < window.count(")", 0, end):
        end -= 1  # "(… ebd. lit. d)": the bracket closes the parenthesis, not a "lit. d)"
    paths = [tuple(starmap(_unit, path[1:])) for item in chain.items for path in expand(item, _listed(None))]
    return [p for p in paths if p], end


def _listed(work: str | None):
    """``label`` → the values of that label the law's table of contents lists, in order (``s`` → ``823``, ``823a``
    …): what :func:`legalcite.core.chains.expand` needs for ranges and ``f.`` (asked only for those, so a plain
    citation never loads the unit lists)."""
    def values(label: str) -> list[str] | None:
        return de_laws.index().listed(work, label) if work else None
    return values


# ---------------------------------------------------------------- groups joined into one citation run

_CONNECTOR = re.compile(
    r"[ \t]*(?:,|;|und|sowie|oder|bzw\.|i\.[ \t]?V\.[ \t]?m\.|iVm\.?|in[ \t]+Verbindung[ \t]+mit|and|in conjunction with)"
    r"[ \t]*(?=§|Art(?:\.|ikel)?[ \t]*\d)"
)
_VERSION = re.compile(r"[ \t]*,?[ \t]*(?P<v>[an]\.[ \t]?F\.|[an]F\b|alter Fassung|neuer Fassung)")
# "ZPO, 5. Aufl., § 766 Rn. 48", "EStG, § 9 Rz G 60": a commentary's margin number, not the statute
_COMMENTARY = re.compile(r"[ \t]*,?[ \t]*(?:Rn|Rdn|Rz|Rdz|RdNr|Rdnr|Randnr|Randnummer|Randziffer|Tz|Anm)\.?[ \t]*"
                         r"(?:[A-Z][ \t]*)?\d")
# "Hueck-Nipperdey, aaO, § 38 II": the § of the work cited before ("at the place cited"), not a statute's
_LOC_CIT = re.compile(r"\ba\.?[ \t]?a\.?[ \t]?O\.?,?[ \t]*$")
_SAME_LAW = re.compile(r"[ \t]*(?:dieses[ \t]+Gesetzes|desselben[ \t]+Gesetzes|d\.[ \t]?G\.)")


@dataclass(slots=True)
class _Group:
    """``§§ 280 Abs. 1, 281`` and the law after it."""

    chain: Chain
    start: int
    end: int
    law: de_laws.LawMatch | None = None
    own_law: bool = False       # the law is named right after this group (not lent by a later one)
    version: str | None = None


_CHAIN_RUN = re.compile(r"(?:[§\d\s.,;:()<>\-–—IVXa-z]|Abs|Satz|Nr|Art|Alt|Hs|UAbs|S\b)+")


def _group(text: str, pos: int, ctx: Context) -> _Group | None:
    chain = parse_chain(text[pos : pos + WINDOW])
    if chain is None:
        return None
    if chain.open and pos + WINDOW < len(text):
        # No real citation chain is this long: skip the whole run of chain characters (linear time).
        ctx.skip_to = _CHAIN_RUN.match(text, pos).end()
        return None
    return _Group(chain, pos, pos + chain.end)


def statutes(text: str, pos: int, ctx: Context) -> list[Citation]:
    """A run of groups joined by ``i.V.m.``, ``,``, ``und`` …; groups without a law take the next group's law.

    Each citation's span is the shortest text that states it: a group that names its own law ends a span
    (``§ 3 UWG; § 15a InsO`` are two), and so does a group without any law (a short form); groups that borrow a
    later law share that law's span (``§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB``)."""
    groups: list[_Group] = []
    while True:
        g = _group(text, pos, ctx)
        if g is None:
            break
        law = de_laws.match_law(text, g.end)
        if law is not None and _not_german(law, g):
            break  # "Art. 6 DSGVO", "Art. 4 EUV", "Art. 41 OR", "Art. 3 EMRK": another jurisdiction's act; the run
            # ends before it
        if law is None:
            same = _SAME_LAW.match(text, g.end)
            if same:
                g.end = same.end()
        elif law.agreement:
            # "§ 2 Abs. 2 TV BZ Druck": a collective agreement, not a statute (docs/keys.md); the chain is passed
            # over whole, so that it is not bound to a law named earlier either
            ctx.skip_to = law.end
            break
        else:
            g.law, g.own_law, g.end = law, True, law.end
            if not law.known and not g.chain.english:
                ctx.own(NamedLaws).works[law.printed] = law.work
        v = _VERSION.match(text, g.end)
        if v:
            g.version, g.end = v.group("v"), v.end()
        if _COMMENTARY.match(text, g.end) or (not groups and _LOC_CIT.search(text, max(0, g.start - 12), g.start)):
            ctx.skip_to = g.end  # a commentary's margin number or section, not the statute (nor its name)
            break
        groups.append(g)
        pos = next_group(text, g.end, groups, _CONNECTOR)
        if pos is None:
            break
    if not groups:
        return []
    groups = back_fill(groups, "law")  # "§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB" — both BGB
    if all(g.law is None for g in groups) and ctx.jurisdiction != "de" and ctx.language not in (None, "de"):
        return []  # "§ 1671(b) and 550 U.S. …" in English prose: leave it to the other extractors
    out: list[Citation] = []
    first = 0
    for i, g in enumerate(groups):
        if g.own_law or g.law is None or i == len(groups) - 1:  # a span ends here
            span = Span(groups[first].start, g.end)
            for member in groups[first : i + 1]:
                out.extend(_citations(text, member, span, ctx))
            first = i + 1
    return out


def _not_german(law: de_laws.LawMatch, g: _Group) -> bool:
    """An EU act, a treaty or a Swiss act inside German prose keeps its own jurisdiction (docs/keys.md): a name the
    German tables do not know, or a German law cited by ``Art.`` that Germany cites only by ``§`` (``Art. 4 EUV`` is
    the Treaty on European Union, not the Eisenbahn-Unfalluntersuchungsverordnung; ``Art. 69 StGB`` is Swiss), is not
    German when another jurisdiction's tables know the name."""
    if g.chain.items[0].path[0][0] != "art":
        return False  # "§ 20 ZuG 2012": no other jurisdiction cites a federal or EU act by §, so a § of a name
        # only another jurisdiction knows is still a (repealed or unlisted) German law
    if law.known and not cited_by_section_only(law.work):
        return False
    from legalcite.jurisdictions import claimed_elsewhere

    return claimed_elsewhere(law.printed, besides="de")


def cited_by_section_only(work: str) -> bool:
    """A law whose table of contents lists §§ and no article: ``Art. 69 StGB`` is then not this law (docs/keys.md,
    Germany or Switzerland)."""
    listed, has_art = de_laws.index().unit_kinds.get(work, (False, False))
    return listed and not has_art


# (label, value) → its Unit, made once: the same units recur (Abs. 1, Satz 2) and a Unit is frozen (a C-level cache,
# so that a hit costs no Python call)
_unit = functools.lru_cache(maxsize=8192)(Unit)


def _citations(text: str, g: _Group, span: Span, ctx: Context) -> list[Citation]:
    """One group's provisions as citations, all with ``span``."""
    law = g.law
    if law is None and g.chain.english:
        return []  # "Section 1983": not German
    # A bare "§ 1542" stays a short form here (so the scan moves past it); link() binds it to a law named
    # earlier, or drops it in text that is not German.
    if law is not None and g.chain.english and not law.known:
        return []  # "Section 5 of the FooAct": not known as German law
    if law is not None and law.ambiguous and not _german_cue(text, g.start, ctx):
        return []  # "Article 585 of the Civil Code": Chinese, Californian or German? Context decides.
    work = law.work if law else None
    unknown = law.printed if law is not None and not law.known else None
    # "Art. 69 StGB": a reading the pipeline ranks below one whose work is cited by Art. (the Swiss StGB)
    implausible = ("Art. of a law cited by § only" if work and not unknown and not g.chain.english
                   and g.chain.items[0].path[0][0] == "art" and cited_by_section_only(work) else None)
    listed = _listed(work)
    out = []
    printed, form = text[span.start : span.end], Form.FULL if work else Form.SHORT
    for item in g.chain.items:
        version = item.version or g.version
        following = "ff." if item.following == "ff." else None
        metadata = StatuteMetadata(version=version, following=following, unknown_work=unknown,
                                   implausible=implausible) if version or following or unknown or implausible else None
        for path in expand(item, listed):
            out.append(Citation(jurisdiction="de", kind=Kind.STATUTE, work=work, units=tuple(starmap(_unit, path)),
                                span=span, text=printed, form=form, metadata=metadata))
    return out


_GERMAN_CUE = re.compile(r"\b(?:German|Germany|deutsch|Deutschland|BGB|StGB|ZPO|HGB)\b", re.I)


def _german_cue(text: str, pos: int, ctx: Context) -> bool:
    """Context for an English law name other systems share: a ``de`` hint, German text, or a German cue in the
    preceding 400 characters ("Under German law, …")."""
    if ctx.jurisdiction is not None:
        return ctx.jurisdiction == "de"
    return ctx.language == "de" or bool(_GERMAN_CUE.search(text, max(0, pos - 400), pos))
