"""Switzerland: federal acts and the treaties of the SR (``Art. 41 Abs. 1 OR``, ``art. 41 al. 1 CO``, ``Art. 6 Ziff. 1
EMRK``), cantonal acts (``§ 55 PolG/ZH``), leading decisions (``BGE 140 III 86 E. 2.1``, ``ATF``, ``DTF``) and
Federal Supreme Court dockets (``Urteil 4A_123/2020``).

Where ``Art. 41 Abs. 1 OR`` becomes ``ch/or/art41/abs1``:
1. the scanner stops at the anchor ``Art.`` (:data:`ANCHOR`);
2. ``statute.lark`` parses the sign and unit chain (``Art. 41 Abs. 1``) and :class:`_Chain` turns the tree into items;
3. :func:`legalcite.jurisdictions.ch.acts.match_act` looks up the act named after it (``OR`` → ``or``; an SR 0.*
   treaty such as ``EMRK`` is ``int``: ``int/echr``);
4. :func:`legalcite.core.chains.expand` turns each list item / range of the chain into one :class:`Citation` with its
   units, labelled for its jurisdiction (a treaty's ``Abs.``/``Ziff.``/``§`` is ``par``, its ``lit.`` is ``pt``).

Whether ``Art. 69 StGB`` is Swiss or German is not decided here: both readings reach the pipeline, whose one rule
(:func:`legalcite.pipeline.reading_rank`) prefers the reading whose work its tables know as cited, then the prose.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass, field
from typing import Sequence

from legalcite.core.chains import Item, Listing, back_fill, expand, next_group
from legalcite.core.scan import PROSE_HEAD, Context, Extractor, Marks, anchor_of, prefixed
from legalcite.jurisdictions.ch import acts
from legalcite.keys import clean_segment, work_id
from legalcite.models import CaseMetadata, Citation, Form, Kind, ReporterMetadata, Span, StatuteMetadata, Unit

WINDOW = 300          # characters an article chain may span
PAREN_MAX = 250       # a parenthesis skipped to find the act named after it

_ORDINALS = {w: str(i) for i, w in enumerate(
    "erster zweiter dritter vierter fünfter sechster siebter achter neunter zehnter".split(), 1)}
_LEVEL = {"ABS": "abs", "ZIFF": "ziff", "SATZ": "satz", "SECT": "par"}
_PLURAL_LABELS = frozenset("Absätze Absätzen alinéas capoversi Ziffern chiffres cifre Sätze phrases".split())
# labels of a treaty article (docs/keys.md: EU and int use par/pt; a Swiss "Ziff." of a treaty article is par)
_INT_LABEL = {"abs": "par", "ziff": "par", "par": "par", "lit": "pt", "satz": "satz"}
_CH_LABEL = {"abs": "abs", "ziff": "ziff", "par": "abs", "lit": "lit", "satz": "satz"}
_CONNECTOR = re.compile(
    r"[ \t]*(?:(?:,[ \t]*)?(?:und|sowie|oder|bzw\.|resp\.|et|e|and|or|"
    r"i\.[ \t]?V\.[ \t]?m\.|iVm\.?|(?:je[ \t]+)?in[ \t]+"
    r"Verbindung[ \t]+mit|en[ \t]+relation[ \t]+avec|in[ \t]+relazione[ \t]+con|in conjunction with)|,)[ \t]*"
    r"(?=(?:a?Art|[Aa]rticles?|art|§)[^\n]{0,3}\d)")
_CONVENTION = re.compile(r"[ \t]*(?:of|under)[ \t]+the[ \t]+Convention\b")


# ------------------------------------------------------------------ parsing

def _parser(name: str, start: str = "start"):
    """The LALR parser of ``<name>.lark`` in this package (built once per process, tables cached on disk)."""
    from legalcite.core.parse import get_parser  # heavy: imports lark

    return get_parser(__package__, name, start)


@dataclass
class _Group:
    start: int
    end: int
    items: list[Item] = field(default_factory=list)
    act: acts.ActMatch | None = None
    old: bool = False                      # aArt.: the former version
    cantonal_sign: bool = False            # § … (cantonal acts cite by §)
    inner: list["_Group"] = field(default_factory=list)   # groups inside a parenthesis before the act


def _tree_items(refs_tree, main: str, plural: bool) -> list[Item] | None:
    """The refs of a chain → items, attaching each list member where it belongs: a bare number after a separator
    repeats the last level (``Abs. 3 und 4``) unless it carries its own sub-units or follows ``i.V.m.`` or a plural
    sign (then it is a new article: ``Art. 5 Abs. 1 Bst. d und 67 Abs. 2``); a labelled one replaces that level. After a
    plural label the numbers are of that level until its list closes with ``und``/``oder`` (``Artikel 3 Absätze 1 und 2
    Buchstaben a–c``: Absatz 2; ``Absätze 1 und 3, 63 Ziffer 1``: Art. 63)."""
    items: list[Item] = []
    prev: list[tuple[str, str]] = []
    pending_range = False
    new_article = False
    listed_level: str | None = None   # the level a plural label opened ("Absätze"), while its list goes on
    closing = False                   # the member follows "und", "sowie" …: a number of that level there ends its list
    for child in refs_tree.children:
        data = child.data
        if data == "range_sep":
            pending_range = True
            continue
        if data in ("sep", "ivm_sep"):
            new_article = data == "ivm_sep"
            closing = data == "sep" and str(child.children[0]).strip(", \t") != ""
            if new_article:
                listed_level = None
            continue
        parts = list(child.children)
        path: list[tuple[str, str]] = []
        following = None
        if data == "letter_ref":
            if not prev:
                return None
            base = _cut(prev, "lit")
            path = base + [("lit", str(parts[0]))]
            parts = parts[1:]
        else:
            first = parts[0]
            if first.data == "bare_value":
                v = _value(first.children[0])
                if listed_level is not None and items and _next_in_list(prev, listed_level, v, parts[1:]):
                    path = _cut(prev, listed_level) + [(listed_level, v)]
                    if closing:
                        listed_level = None  # "Absätze 1 und 2": the last of the list (read on with its parts)
                elif not items or plural or new_article or len(prev) == 1 or len(parts) > 1 and any(
                        p.data in ("labeled", "lit", "paren", "ordinal_satz") for p in parts[1:]):
                    path = [(main, v)]
                else:
                    label = prev[-1][0]
                    path = _cut(prev, label) + [(label, v)]
                parts = parts[1:]
            elif not prev:
                return None
            else:
                label = _part_label(first)
                path = _cut(prev, label) if label else list(prev)
        for part in parts:
            kind = part.data
            if kind == "bare_value":
                return _finish(items, path, following, pending_range) if path else None
            if kind == "labeled":
                tok = part.children[0].children[0]
                path.append((_LEVEL[tok.type], _value(part.children[1])))
                if str(tok) in _PLURAL_LABELS:
                    listed_level = _LEVEL[tok.type]
            elif kind == "lit":
                tok = part.children[1]
                path.append(("lit", str(tok).strip("()").lower()))
            elif kind == "paren":
                v = str(part.children[0]).strip("()")
                label = "lit" if v[0].isalpha() else ("abs" if not any(p[0] == "abs" for p in path) else "ziff")
                path.append((label, v.lower() if label == "lit" else v))
            elif kind == "ordinal_satz":
                path.append(("satz", _ORDINALS[str(part.children[0]).split()[0]]))
            elif kind == "following":
                t = str(part.children[0])
                following = "f." if t in ("f.", "s.", "seg.", "sg.") else "ff."
        if pending_range and items:
            items[-1].range_to = path
            pending_range = False
        else:
            items.append(Item(path, following=following))
        prev = path
        new_article = False
    return items or None


def _next_in_list(prev: list[tuple[str, str]], level: str, value: str, rest: list) -> bool:
    """Whether ``value`` goes on a list of ``level`` values (``Absätze 1 und 2 Buchstaben a–c``): a little above the
    last one, and without a label of that level of its own (``17 Absätze 2-4 sowie 17a Absätze 2``, ``Absätze
    5–5quater und 49``: articles)."""
    last = next((v for label, v in reversed(prev) if label == level), None)
    if last is None or any(p.data == "labeled" and _LEVEL[p.children[0].children[0].type] == level for p in rest):
        return False
    a, b = re.match(r"\d*", last).group(), re.match(r"\d*", value).group()
    return bool(a and b) and 0 < int(b) - int(a) <= 10


def _finish(items, path, following, pending_range):
    if pending_range and items:
        items[-1].range_to = path
    else:
        items.append(Item(path, following=following))
    return items


def _part_label(part) -> str | None:
    if part.data == "labeled":
        return _LEVEL[part.children[0].children[0].type]
    if part.data == "lit":
        return "lit"
    if part.data == "ordinal_satz":
        return "satz"
    return None


def _cut(prev: list[tuple[str, str]], label: str) -> list[tuple[str, str]]:
    """``prev`` above its last ``label`` (the level a list member replaces); all of it when it has no such level."""
    for i in range(len(prev) - 1, 0, -1):
        if prev[i][0] == label:
            return list(prev[:i])
    return list(prev)


def _value(tok) -> str:
    return re.sub(r"\s+", "", str(tok))


# the signs a chain holds once (``§`` is a level too: ``Article 6 § 1``, and the sign of a cantonal act): a run of
# tokens ends before a second one (core.parse.run_end), so that a run of chains (``art. 1 art. 1 …``) is parsed a
# chain at a time
_SIGNS = frozenset({"ART", "OLD_ART", "SECTS"})


def _group(text: str, pos: int, ctx: Context) -> _Group | None:
    """Parse the sign and unit chain at ``pos``; None if it is no citation."""
    from legalcite.core.parse import run_prefix  # heavy: imports lark

    res = run_prefix(_parser("statute"), text[pos:pos + WINDOW], signs=_SIGNS, needs=_SIGNS | {"SECT"})
    if res is None:
        return None
    sign_tree, refs_tree = res.tree.children
    sign = sign_tree.data
    main = "s" if sign in ("sign_s", "sign_ss") else "art"
    items = _tree_items(refs_tree, main, plural=sign in ("sign_ss",) or str(sign_tree.children[0]).lower().startswith(
        ("artt", "arts", "articles", "artikeln")))
    if not items:
        return None
    return _Group(pos, pos + res.end, items, old=sign == "sign_old_art", cantonal_sign=main == "s")


def _law_first(text: str, m: re.Match, ctx: Context) -> list[Citation]:
    """``BV 36`` / ``SVG 91 Abs. 1 Bst. a``: the act before the number, a Swiss shorthand (Swiss prose only)."""
    from legalcite.core.parse import run_prefix  # heavy: imports lark

    if not _swiss(text, ctx):
        return []
    act = acts.match_act(text, m.start(), allow_unknown=False)
    if act is None or act.jurisdiction != "ch":
        return []
    num = re.compile(r"[ \t]+").match(text, act.end)
    if num is None:
        return []
    res = run_prefix(_parser("statute", "bare"), text[num.end():num.end() + WINDOW])
    if res is None:
        return []
    items = _tree_items(res.tree.children[0], "art", plural=False)
    if not items:
        return []
    g = _Group(m.start(), num.end() + res.end, items, act=act)
    again = acts.match_act(text, g.end, allow_unknown=False)  # "SVG 91 Abs. 1 Bst. a SVG"
    if again is not None and again.work == act.work:
        g.end = again.end
    return _citations([g], text)


# ------------------------------------------------------------------ statutes

def _statutes(text: str, pos: int, ctx: Context) -> list[Citation]:
    """A chain of groups joined by ``i.V.m.``, ``,``, ``und`` …; a group without an act takes the next group's act."""
    groups: list[_Group] = []
    cue = _swiss(text, ctx)
    while True:
        g = _group(text, pos, ctx)
        if g is None:
            break
        act = _act_after(text, g, ctx, cue)
        if act is not None and not act.known and not act.cantonal and not cue:
            break  # "Article 6(1)(f) GDPR": an act the SR does not know is Swiss only in Swiss prose ("Art. 11 BEHG")
        if groups and act is not None and not act.known and not act.cantonal:
            break  # "Art. 7 KG und Art. 102 AEUV": a chain does not run into a name the SR does not know (read on its
            # own, the pipeline weighs it against the reading of a jurisdiction that knows it)
        if g.cantonal_sign and (act is None or not act.cantonal):
            break  # a § of a federal act or of a German law: not Swiss
        if act is not None:
            g.act, g.end = act, max(g.end, act.end)
        groups.append(g)
        pos = next_group(text, g.end, groups, _CONNECTOR)
        if pos is None:
            break
    if not groups:
        return []
    return _citations(back_fill(groups, "act"), text)  # "Art. 7 Abs. 2 UVG i.V.m. Art. 13 Abs. 1 UVV"


def _act_after(text: str, g: _Group, ctx: Context, cue: bool) -> acts.ActMatch | None:
    """The act named after a chain: right after it, after ``of the Convention`` (the treaty named last before it),
    or after a parenthesis (``Art. 208 Ziff. 1 und 2 (… Art. 220) ZGB``: the parenthesis's own articles come
    along as inner groups)."""
    act = acts.match_act(text, g.end, cue=cue)
    if act is not None:
        return act
    conv = _CONVENTION.match(text, g.end)
    if conv:
        treaty = _last_treaty(text, g.start)
        if treaty is not None:
            return acts.ActMatch("int", treaty, True, conv.end(), "the Convention")
    m = re.compile(r"[ \t\n]*\(").match(text, g.end)
    if not m:
        return None
    close = _closing(text, m.end() - 1)
    if close is None:
        return None
    after = acts.match_act(text, close + 1, cue=cue, allow_unknown=False)
    if after is None:
        return None
    g.inner = _inner_groups(text, m.end(), close, ctx)
    return after


def _closing(text: str, open_pos: int) -> int | None:
    depth = 0
    for i in range(open_pos, min(len(text), open_pos + PAREN_MAX)):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
        elif ch == "\n" and text[i + 1:i + 2] == "\n":
            return None
    return None


_INNER_ANCHOR = re.compile(r"(?<![\w.])(?:a?Art(?:ikeln?|s?\.)?|arts?\.|[Aa]rticles?)(?=\s*\d)")


def _inner_groups(text: str, start: int, end: int, ctx: Context) -> list[_Group]:
    """The groups inside the parenthesis ``text[start:end]``, read in it alone (the text cut at its end: a copy of
    the parenthesis, not of the text before it)."""
    inside = text[start:end]
    out = []
    pos = 0
    while True:
        m = _INNER_ANCHOR.search(inside, pos)
        if not m:
            return out
        g = _group(inside, m.start(), ctx)
        if g is None:
            pos = m.end()
            continue
        act = acts.match_act(inside, g.end)
        if act is not None:
            g.act, g.end = dataclasses.replace(act, end=act.end + start), act.end
        pos = g.end
        g.start, g.end = g.start + start, g.end + start
        out.append(g)


@functools.cache
def _treaty_pattern() -> re.Pattern:
    t = acts.index()
    names = [a for a, wid in t.aliases.items() if wid in t.treaties and len(a) > 2]
    names = sorted(set(names), key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:%s)(?![\w])" % "|".join(re.escape(n) for n in names))


def _last_treaty(text: str, pos: int) -> str | None:
    """The treaty named last in the 3,000 characters before ``pos`` (for ``Article 6 of the Convention``)."""
    last = None
    for last in _treaty_pattern().finditer(text, max(0, pos - 3000), pos):
        pass
    return acts.lookup(last.group()) if last else None


def _citations(groups: list[_Group], text: str) -> list[Citation]:
    out: list[Citation] = []
    span = Span(groups[0].start, groups[-1].end)
    for g in groups:
        for cite in _group_citations(g, span, text):
            out.append(cite)
        for inner in g.inner:
            if inner.act is None:
                inner.act = g.act
            out.extend(_group_citations(inner, span, text))
    return out


def _group_citations(g: _Group, span: Span, text: str) -> list[Citation]:
    act = g.act
    jur = act.jurisdiction if act else "ch"
    work = act.work if act else None
    labels = _INT_LABEL if jur == "int" else _CH_LABEL
    unknown = act.printed if act is not None and not act.known else None
    out = []
    for item in g.items:
        for path in expand(item, _listed(act)):
            units = [Unit(labels.get(lab, lab) if i else lab, clean_segment(val)) for i, (lab, val) in enumerate(path)]
            if act is not None and act.schlt:
                units.insert(0, Unit("", "schlt"))
            following = "ff." if item.following == "ff." else None
            version = "aArt." if g.old else None
            metadata = StatuteMetadata(unknown_work=unknown, following=following, version=version
                                       ) if unknown or following or version else None
            out.append(Citation(jurisdiction=jur, kind=Kind.STATUTE, work=work, units=tuple(units), span=span,
                                text=text[span.start:span.end], form=Form.FULL if work else Form.SHORT,
                                metadata=metadata))
    return out


def _listed(act: acts.ActMatch | None):
    """``label`` → the articles the act's list gives (for ``art``; nothing below the article)."""
    def values(label: str) -> Listing | None:
        # asked only for ranges and "f.": a plain citation does not load the article lists (cold start)
        return _listing(act.work, act.schlt) if label == "art" and act is not None and act.known else None
    return values


@functools.lru_cache(maxsize=256)
def _listing(work: str, schlt: bool) -> Listing | None:
    listed = acts.units(work, schlt)
    return Listing(listed) if listed else None


# ------------------------------------------------------------------ BGE and dockets

_REPORTER = frozenset({"REPORTER"})  # a list of BGE holds its reporter once (core.parse.run_end)


def _bge(text: str, pos: int) -> list[Citation]:
    from legalcite.core.parse import run_prefix  # heavy: imports lark

    res = run_prefix(_parser("case"), text[pos:pos + 400], signs=_REPORTER)
    if res is None:
        return []
    reporter = str(res.tree.children[0])
    cites: list[tuple[list[str], list[str]]] = []
    for tail in res.tree.children[1:]:
        node = tail if tail.data == "cite" else next(
            (c for c in getattr(tail, "children", ()) if hasattr(c, "data")), None)
        if node is None:
            continue
        if node.data == "cite":
            cites.append(([str(t) for t in node.children], []))
        elif node.data == "pin" and cites:
            cites[-1][1].append(" ".join(str(t) for t in node.children))
    span = Span(pos, pos + res.end)
    out = []
    for (vol, part, page), pins in cites:
        units = (Unit("", "bge"), Unit("", vol), Unit("", part.lower()), Unit("", page))
        out.append(Citation(jurisdiction="ch", kind=Kind.REPORTER, work="rep", units=units, span=span,
                            text=text[span.start:span.end], pin="; ".join(pins) or None,
                            metadata=ReporterMetadata(reporter=reporter)))
    return out


_DOCKET = re.compile(r"(?:BGer[ \t]*)?(?P<docket>\d[A-Z][_.]\d{1,5}/\d{4})(?!\d)")
_DOCKET_DATE = re.compile(r"[ \t]+(?:vom|du|del)[ \t]+(\d{1,2}\.?[ \t]?(?:\w+|\d{1,2}\.)[ \t]?\d{4})")


def _docket(text: str, pos: int) -> list[Citation]:
    m = _DOCKET.match(text, pos)
    if not m:
        return []
    docket = m.group("docket")
    end = m.end()
    date = None
    d = _DOCKET_DATE.match(text, end)
    if d:
        date, end = d.group(1), d.end()
    units = (Unit("", "bger"), Unit("", work_id(docket)))
    return [Citation(jurisdiction="ch", kind=Kind.CASE, work="case", units=units, span=Span(pos, end),
                     text=text[pos:end], metadata=CaseMetadata(court="BGer", docket=docket, date=date))]


# ------------------------------------------------------------------ the prose

@functools.cache
def _cue_words(numbers: bool) -> re.Pattern:
    # prefixed: the engine skips to the cues' first characters (the words' regex starts with a boundary, which
    # would have it try every position); group 1 is the cue. The numbers (25'000) only where the text has an
    # apostrophe: their first characters, the digits, would stop the skip at every number of any text
    cues = acts.names()["cues"]
    return re.compile(prefixed(None, "(" + cues["words"] + ("|" + cues["numbers"] if numbers else "") + ")"))


def cue_count(text: str) -> int:
    """How often ``text`` reads as Swiss (``data/names.json``: BGE, Bundesgericht, CHF, ``25'000``, «», and ß-words in
    Swiss spelling — gemäss, Strasse, Massnahme, -mässig — counted as substrings of the lowercased text, which is
    fast)."""
    low = text.lower()
    n = end = 0
    for m in _cue_words("'" in text).finditer(text):
        if m.start() >= end:  # as findall counts: no cue inside the one before (``Fr. 5'000`` is one)
            n, end = n + 1, m.end(1)
    return n + sum(map(low.count, _lowercase_cues()))


@functools.cache
def _lowercase_cues() -> tuple[str, ...]:
    return tuple(acts.names()["cues"]["lowercase"])


@dataclass
class _Cues:
    """Per document (``ctx.own``): its Swiss cue count, counted once."""

    count: int | None = None



def _swiss(text: str, ctx: Context) -> bool:
    """Whether the document reads as Swiss: the caller's hint, else the prose cues the pipeline counted. Without a
    hint, the prose points here only where it has Swiss cues at all: their count alone (a third of what the guess
    costs, which counts every jurisdiction's) settles most documents, German text with no Swiss cue (counted once
    per document)."""
    if ctx.jurisdiction is None:
        cues = ctx.own(_Cues)
        if cues.count is None:
            cues.count = cue_count(text[:PROSE_HEAD])
        if not cues.count:
            return False
    return ctx.prose == "ch"


# ------------------------------------------------------------------ the extractor

# "Art." and "Artikel" in the scan's alternation; the lowercase "art.", "article" and "aArt." (the former article) as
# literals (core.scan), so that no lowercase letter is in the alternation's first set
_STATUTE_UPPER = r"(?<![\w.])(?:Art(?:ikeln?|[ts]?\.)?|Articles?)(?=\s*\d)"
_STATUTE_LOWER = r"(?<![\w.])(?:aArt(?:ikeln?|t?\.)?|art(?:[ts]?\.|icles?))(?=\s*\d)"
_STATUTE_ANCHOR = _STATUTE_UPPER + "|" + _STATUTE_LOWER


@functools.cache
def _cantonal_anchor() -> str:
    cantons = "|".join(acts.names()["cantons"])
    return r"§§?(?=[ \t]*\d[^§\n]{0,110}?/(?:%s)\b)" % cantons


@functools.cache
def _law_first_anchor() -> str:
    laws = "|".join(re.escape(a) for a in acts.names()["law_first"])
    return r"(?<![\w./-])(?:%s)(?=[ \t]\d{1,4}[a-z]{0,2}(?![\w.,/]|[.,]\d))" % laws


_BGE_ANCHOR = r"(?<![\w])(?:BGE|ATF|DTF)(?=\s*\d{1,3}\s+I)"
_DOCKET_ANCHOR = r"(?<![\w/])(?:BGer[ \t]*)?\d[A-Z][_.]\d{1,5}/\d{4}(?!\d)"
_STATUTE_RX = re.compile(_STATUTE_ANCHOR)
_BGE_RX = re.compile(_BGE_ANCHOR)
_DOCKET_RX = re.compile(_DOCKET_ANCHOR)


# Outside Swiss prose a chain is read only where a known Swiss act or a cantonal act may be named after it (an unknown
# act is Swiss only in Swiss prose, :func:`_statutes`): looked for in the chain's reach first (acts.name_marks, read
# once per document), which is far cheaper than parsing it, since most "Art." in German text cite German law.
_GERMAN_SIGN = re.compile(r"Art(?!icle)")
_REACH = WINDOW + 100


@dataclass
class _Reach:
    """Per document (``ctx.own``): where a Swiss act may be named (:func:`acts.name_marks`, read once in a run of
    anchors; a lone anchor's window tested alone, :func:`acts.may_name_in`)."""

    marks: Marks | None = None

    def of(self, text: str) -> Marks:
        if self.marks is None:
            self.marks = Marks(text, acts.name_marks, acts.may_name_in)
        return self.marks


class SwissExtractor(Extractor):
    """Swiss federal acts, SR treaties, cantonal acts, BGE decisions and Federal Supreme Court dockets (the module
    docstring has the forms)."""

    @functools.cached_property
    def anchor_parts(self) -> tuple[tuple[str, str], ...]:
        return (
            ("A", _STATUTE_UPPER),
            ("§", _cantonal_anchor()),
            ("ABD", _BGE_ANCHOR),
            ("B0-9", _DOCKET_ANCHOR),
            ("".join(sorted({a[0] for a in acts.names()["law_first"]})), _law_first_anchor()),
        )

    @functools.cached_property
    def anchor(self) -> str:
        return anchor_of(self.anchor_parts)

    literals = ("art", "aArt")
    literals_not_in = {"en": ("aArt",)}  # "aArt." (the former article): Swiss German
    literal_anchor = _STATUTE_LOWER

    def quiet(self, ctx: Context) -> str:
        """Where it reads nothing in this document (core.scan): at ``§`` when no cantonal act is named anywhere
        (its ``§`` anchor needs one after the number: ``§ 5 PolG/ZH``), as in most German text."""
        return "" if acts.names_canton(ctx.text) else "§"

    def extract(self, text: str, anchor: re.Match, ctx: Context) -> Sequence[Citation]:
        pos = anchor.start()
        ch = text[pos]
        if ch == "§" or _STATUTE_RX.match(text, pos):
            if (_GERMAN_SIGN.match(text, pos) and not ctx.own(_Reach).of(text).any_in(pos, pos + _REACH)
                    and not _swiss(text, ctx)):
                return []  # "Art. 3 Abs. 1 GG": outside Swiss prose a chain is Swiss only where a Swiss act is named
            return _statutes(text, pos, ctx)
        if _BGE_RX.match(text, pos):
            return _bge(text, pos)
        if _DOCKET_RX.match(text, pos):
            return _docket(text, pos)
        m = re.compile(_law_first_anchor()).match(text, pos)
        if m:
            return _law_first(text, m, ctx)
        return []


EXTRACTOR = SwissExtractor()
