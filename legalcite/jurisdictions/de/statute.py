"""German statute citations: ``§ 823 Abs. 1 BGB`` → ``de/bgb/s823/abs1``.

1. ``statute.lark`` parses the sign and unit chain (``§§ 280 Abs. 1 und 3``); its Transformer
   (:class:`legalcite.jurisdictions.de.trees.StatuteChain`), embedded in the parser, turns each list item into a path
   of (label, value) while it parses (:func:`legalcite.jurisdictions.de.parts.attach_item` says where an item
   attaches): :func:`parse_chain`;
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

from legalcite.core.chains import back_fill, expand, next_group
from legalcite.core.scan import Context
from legalcite.jurisdictions import claimed_elsewhere
from legalcite.jurisdictions.de import laws as de_laws
from legalcite.jurisdictions.de.parts import Chain
from legalcite.models import Citation, Form, Kind, Span, StatuteMetadata, Unit

WINDOW = 320  # characters a statute chain may span


@dataclass
class NamedLaws:
    """Per document (``ctx.own``): the laws no table knows that this text has cited with a unit or defined
    (``BbgHG`` → ``bbghg``), so that the text's later mentions of them are read too."""

    works: dict[str, str] = field(default_factory=dict)


def parse_chain(window: str) -> Chain | None:
    """The sign and unit chain at the start of ``window``, or None when it is no citation. The chain's run of tokens
    is parsed alone where it can be, and once (:func:`legalcite.core.parse.parse_run`): read token by token where it
    has the grammar's shape (:func:`_read_run`: most chains), else by the grammar."""
    return _trees().parse_chain(window)


@functools.cache
def _trees():
    """:mod:`.trees`, where the chain is parsed (Lark: the parser is built on the first chain, so that importing the
    sources and resolvers stays light)."""
    from legalcite.jurisdictions.de import trees  # heavy: imports lark

    return trees


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
    r"[ \t]*(?:,|;|und|sowie|oder|bzw\.|i\.[ \t]?V\.[ \t]?m\.|iVm\.?|"
    r"in[ \t]+Verbindung[ \t]+mit|and|in conjunction with)"
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
