"""The Transformers of the German grammars, embedded in their LALR parsers (STYLE.md §4, "Skip the tree"): the parse
builds a statute chain's items (:class:`StatuteChain`, ``statute.lark``) and a decision's or reporter cite's parts
(:class:`DecisionParts`, ``case.lark``) directly; the parsers, and the token readers that read the commonest shapes
without them (:func:`parse_chain`, :func:`read_case`). Kept apart from :mod:`.statute` and :mod:`.case` so that
importing the package does not import Lark (they load this module on the first parse); what both sides build is in
:mod:`.parts`."""
from __future__ import annotations

import functools
import re

from lark import Token, Transformer

from legalcite.core.parse import Reject, get_parser, lexer_order, parse_run, token_pattern
from legalcite.jurisdictions.de.parts import (LEVELS, SIGNS, STYLES, Chain, Cite, Decision, Part, Reporter, chain_of,
                                              end_value, federal_courts, known_reporter, part_of, reporter_kinds)
from legalcite.keys import work_id

# ---------------------------------------------------------------- statute.lark

def _part(tok: Token) -> Part:
    return part_of(tok.type, str(tok), tok.end_pos)


class StatuteChain(Transformer):
    """The tree → items Transformer of ``statute.lark``, run inside the LALR parser (no tree is built)."""

    def first(self, children: list[Token]) -> tuple[Token, tuple[Part, ...]]:
        sign = children[0]
        return sign, (("bare", None, end_value(sign), sign.end_pos), *map(_part, children[1:]))

    def ref(self, children: list[Token]) -> tuple[Part, ...]:
        return tuple(map(_part, children))

    def items(self, children: list) -> Chain:
        sign, head = children[0]
        members: list[tuple[str | None, tuple[Part, ...]]] = [(None, head)]
        sep: str | None = None
        for child in children[1:]:
            if isinstance(child, Token):
                sep = child.type
            else:
                members.append((sep, child))
                sep = None
        return chain_of(sign.type, sign.end_pos, members)

    def start(self, children: list) -> Chain:
        chain = children[0]
        chain.open = len(children) == 1  # no TAIL: the parse ran to the window's end
        return chain


@functools.cache
def statute_parser():
    """``statute.lark`` with :class:`StatuteChain` embedded: a parse returns a :class:`~.parts.Chain`."""
    return get_parser(__package__, "statute", transformer=StatuteChain())


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
    """:func:`~legalcite.core.parse.parse_run` bound to the grammar and the fast path."""
    return functools.partial(parse_run, statute_parser(), fast=_read_run, signs=_SIGN_TERMINALS)


_SIGN_TERMINALS = frozenset(SIGNS)


@functools.cache
def _token_readers():
    """One token of the grammar; one past the first, where no sign is accepted (the parser's state there)."""
    return token_pattern(statute_parser()).match, token_pattern(statute_parser(), _SIGN_TERMINALS).match


def _read_run(run: str) -> Chain | None:
    """The fast path of :func:`parse_chain`: a chain's run of tokens (cut before prose by
    :func:`~legalcite.core.parse.parse_run`) read with the lexer's own terminals in its order
    (:func:`legalcite.core.parse.token_pattern`); when it is a sign and list members in the grammar's shape
    (``items``: parts, separators between them, one may end the list) the chain is built as the embedded Transformer
    builds it (:func:`~.parts.chain_of`) — the parser is not needed to say what it is. Past the first token the parser
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



# ---------------------------------------------------------------- case.lark

_SPACES = re.compile(r"\s+")
# the value of a part after the separators it carries ("- 2 AZR 363/21" → "2 AZR 363/21", ", Urteil" → "Urteil")
_LEAD = re.compile(r"^(?:[-–—,(:;][ \t]*)*(?:(?:und|sowie|in)[ \t]+)?(?:(?:Az\.|Aktenzeichen:?|AZ)[ \t]*)?")
_DATE = re.compile(r"\d.*$")
_CITE = re.compile(r"(\d+)[ \t]*,[ \t]*(?:S\.[ \t]*)?(\d+)")


def _squash(s: str) -> str:
    return _SPACES.sub(" ", s).strip()


def _value(tok: Token) -> str:
    return _squash(tok[_LEAD.match(tok).end():])


class DecisionParts(Transformer):
    """The tree → parts Transformer of ``case.lark``, run inside the LALR parser (no tree is built)."""

    def dockets(self, toks: list[Token]) -> tuple[str, list[str], int]:
        return ("dockets", [_value(t) for t in toks], toks[-1].end_pos)

    @staticmethod
    def _court_of(dockets: list[str]) -> tuple[str | None, list[str]]:
        """``BVerwG 4 NB 43.93`` → (``BVerwG``, ``4 NB 43.93``): a court's name leading a docket."""
        head = dockets[0].split(" ", 1)[0]
        if head in federal_courts():
            return head, [d.split(" ", 1)[1] if d.startswith(head + " ") else d for d in dockets]
        return None, dockets

    def cite(self, children: list[Token]) -> tuple[Cite, int]:
        volume, page = _CITE.search(children[0]).groups()
        return Cite(volume, page, [_pin(p) for p in children[1:]]), children[-1].end_pos

    def cites(self, children: list) -> tuple[str | None, list[Cite], int]:
        series = str(children[0]) if isinstance(children[0], Token) else None
        cites = [c for c in children if isinstance(c, tuple)]
        return series, [c for c, _ in cites], cites[-1][1]

    def loose(self, children: list[Token]) -> tuple[str | None, list[Cite], int]:
        """``3-2500 § 5 Nr 23``, ``406.11 § 9 BauGB Nr. 74``, ``§ 626 BGB 2002 Nr. 5``: the collection's number (or
        the law, without one) and the heading's units are the volume, each number after ``Nr`` a page."""
        number = children[0] if children[0].type == "NUM" else None
        rest = children[1:] if number is not None else children
        heading, nrs, pins = rest[0], rest[1], [_pin(t) for t in rest[2:]]
        prefix, units = _heading(heading)
        volume = "-".join([_SPACES.sub("", number) if number is not None else prefix, *units])
        return None, [Cite(volume, n, pins) for n in _numbers(nrs)], children[-1].end_pos

    def annotated(self, children: list[Token]) -> tuple[str | None, list[Cite], int]:
        """``Nr. 17 zu § 74 HGB`` (AP): the law and the heading's units are the volume, the number the page."""
        nrs, heading, pins = children[0], children[1], [_pin(p) for p in children[2:]]
        prefix, units = _heading(heading)
        return None, [Cite("-".join([prefix, *units]), n, pins) for n in _numbers(nrs)], children[-1].end_pos

    def reporter_cite(self, children: list) -> Reporter:
        name, (series, cites, end) = _value(children[0]), children[1]
        if name.endswith(".") and name[:-1] in reporter_kinds():  # "Slg."
            name = name[:-1]
        return Reporter(f"{name} {series}" if series else name, cites, end)

    # ---- entry points

    def court_rest(self, children: list) -> Decision:
        return _decision(children)

    def decision(self, children: list) -> Decision:
        d = _decision(children)
        if d.reporter is not None and not known_reporter(d.reporter.name):
            raise Reject  # with no court, only a reporter the tables know makes it a citation
        return d

    def dated(self, children: list) -> Decision:
        return _decision(children)

    def docket(self, children: list) -> Decision:
        return _decision(children)

    def reporter(self, children: list) -> Reporter:
        series, cites, end = children[0]
        return Reporter(series, cites, end)


def _decision(children: list) -> Decision:
    d = Decision()
    for ch in children:
        if isinstance(ch, Reporter):
            d.reporter, d.end = ch, ch.end
        elif isinstance(ch, tuple):  # dockets
            d.court, d.dockets = DecisionParts._court_of(ch[1])
            d.end = ch[2]
        elif ch.type == "DTYPE":
            d.decision_type, d.end = _value(ch).lstrip("-"), ch.end_pos
        elif ch.type == "DATE":
            d.date, d.end = _DATE.search(ch).group(), ch.end_pos
        elif ch.type == "PANEL":
            d.end = ch.end_pos
    if not d.dockets and d.reporter is None:
        raise Reject
    return d


def _pin(tok: Token) -> str:
    return str(tok).lstrip(", \t").strip("()<>")


_NUMBER = re.compile(r"\d+")


def _numbers(nrs: str) -> list[str]:
    return _NUMBER.findall(nrs)


def _heading(heading: str) -> tuple[str, list[str]]:
    """A loose-leaf heading (``§ 132 Abs. 2 Ziff. 1 VwGO``) → (the law's id, ``vwgo``; the units read by the statute
    grammar, ``["s132", "abs2", "nr1"]``)."""
    chain = parse_chain(heading)
    if chain is None:
        raise Reject
    units = [f"{label}{value}" for label, value in chain.items[0].path]
    return work_id(heading[chain.end:].strip()), units




# ---------------------------------------------------------------- case.lark without the parser

# the optional parts before the dockets at each entry point, in the grammar's order (court_rest: DTYPE? PANEL? DATE?
# dockets; decision: DTYPE PANEL? DATE? dockets; dated: DATE dockets; docket: dockets)
_BEFORE_DOCKETS = {"court_rest": ("DTYPE", "PANEL", "DATE"), "decision": ("DTYPE", "PANEL", "DATE"),
                   "dated": ("DATE",), "docket": ()}
_FIRST = {"decision": "DTYPE", "dated": "DATE"}
# what a reporter's ``cites`` can start with (the series, a cite, a loose-leaf number, heading or entry numbers)
_CITES_FIRST = ("ROMAN_NUMERAL", "CITE", "NUM", "HEADING", "NRS")
# read_case's answer where the parser, too, finds no citation: where the grammar must read a token (a docket after a
# decision's date, a cite after a reporter's name) and no terminal it accepts there matches, the (contextual) lexer
# fails as well; a callback's Reject rejects the parse as it rejects the reading
class _NoCitation:
    __slots__ = ()

    def __repr__(self) -> str:
        return "NO_CITATION"


NO_CITATION = _NoCitation()


def read_case(parser, window: str, start: str) -> Decision | Reporter | _NoCitation | None:
    """The commonest shapes of ``case.lark``'s entry points read token by token, without the parser: a decision's
    optional type, panel and date and then its dockets (``, Urteil vom 5. Mai 2022 - 2 AZR 363/21``) or a reporter's
    cite (`` GRUR 2006, 152, 154``), a reporter's volumes and pages with their pins (`` 164, 11 <13>; 165, 1``).
    Tokens are read with the lexer's terminals in its order (:func:`legalcite.core.parse.token_pattern`), each
    accepted only where the grammar accepts it (there the lexer reads the same token), and the result is built by
    :class:`DecisionParts` itself; where a token the grammar needs cannot be read (no docket after a date: the lexer
    fails there too) it is :data:`NO_CITATION`, so that the parser is not asked; anything else (a loose-leaf or
    annotated cite, a page part ``I-4101`` after another cite, a part out of the grammar's order) is None, for the
    parser.
    ``tests/de/test_parse.py`` checks both agree on the shared German texts."""
    match = token_pattern(parser).match
    parts = DecisionParts()
    if start == "reporter":
        read = _read_cites(parser, window, 0)
        return parts.reporter([read[0]]) if read is not None and read is not NO_CITATION else read
    optional = _BEFORE_DOCKETS.get(start)
    if optional is None:
        return None
    children: list = []
    pos, i = 0, 0
    while True:
        m = match(window, pos)
        if m is None or m.lastgroup not in optional[i:] + _MUST_FOLLOW[start]:
            # the lexer reads only what the grammar accepts here: that token, if any terminal of it matches; else
            # it fails where a part must come (each entry point needs its dockets or a reporter's cite)
            if start in _FIRST and i == 0:
                accepted: tuple[str, ...] = (_FIRST[start],)
            else:
                accepted = optional[i:] + _MUST_FOLLOW[start]
            m = _terminal_rx(parser, accepted).match(window, pos)
            if m is None:
                return NO_CITATION
        kind = m.lastgroup
        if kind in ("DOCKET", "REPNAME"):
            break
        i = optional.index(kind) + 1
        children.append(Token(kind, m.group(kind), end_pos=m.end()))
        pos = m.end()
    if start in _FIRST and (not children or children[0].type != _FIRST[start]):
        if not children and _terminal_rx(parser, (_FIRST[start],)).match(window, 0) is None:
            return NO_CITATION  # the entry point's first part is not there: the (contextual) lexer fails there too
        return None
    if kind == "REPNAME":  # "GRUR 2006, 152, 154": a reporter's cite instead of dockets (after a court or a type)
        read = _read_cites(parser, window, m.end())
        if read is None or read is NO_CITATION:
            return read
        children.append(parts.reporter_cite([Token("REPNAME", m.group("REPNAME"), end_pos=m.end()), read[0]]))
    else:
        docket = _terminal_rx(parser, ("DOCKET",))
        dockets = []
        while (m := docket.match(window, pos)) is not None:  # after a docket: another docket, or the prose
            dockets.append(Token("DOCKET", m.group("DOCKET"), end_pos=m.end()))
            pos = m.end()
        children.append(parts.dockets(dockets))
    try:
        return getattr(parts, start)(children)
    except Reject:
        return NO_CITATION


_PINS = ("PIN_PAREN", "PIN_RN", "PIN_PAGE", "PIN_S")
# a loose-leaf cite (``NUM? HEADING NRS _pin*``: "3-2500 § 5 Nr 23", "§ 626 BGB Nr. 5") and an annotated one
# (``NRS _ZU HEADING _pin*``: "Nr. 17 zu § 74 HGB"): after its first token, the terminals it needs in order
_LOOSE = {"NUM": ("loose", ("HEADING", "NRS")), "HEADING": ("loose", ("NRS",)),
          "NRS": ("annotated", ("_ZU", "HEADING"))}


def _read_loose(parser, window: str, m: re.Match) -> tuple[tuple, int] | _NoCitation:
    """A loose-leaf or annotated cite from its first token ``m`` on, as :meth:`DecisionParts.loose` or
    :meth:`~DecisionParts.annotated` builds it, and where it ends: each next token is the one terminal the grammar
    accepts there (where it does not match, the lexer fails too: :data:`NO_CITATION`), then pins up to the prose."""
    rule, needed = _LOOSE[m.lastgroup]
    children = [Token(m.lastgroup, m.group(m.lastgroup), end_pos=m.end())]
    pos = m.end()
    for name in needed:
        m = _terminal_rx(parser, (name,)).match(window, pos)
        if m is None:
            return NO_CITATION
        if not name.startswith("_"):  # "zu" is filtered out of the children, as the parser does
            children.append(Token(name, m.group(name), end_pos=m.end()))
        pos = m.end()
    pins = _terminal_rx(parser, _PINS)
    while (m := pins.match(window, pos)) is not None:
        children.append(Token(m.lastgroup, m.group(m.lastgroup), end_pos=m.end()))
        pos = m.end()
    try:
        return getattr(DecisionParts(), rule)(children), pos
    except Reject:  # a heading the statute grammar does not read
        return NO_CITATION


# what must follow an entry point's optional parts: its dockets or (after a court or a decision type) a reporter's cite
_MUST_FOLLOW = {"court_rest": ("DOCKET", "REPNAME"), "decision": ("DOCKET", "REPNAME"), "dated": ("DOCKET",),
                "docket": ("DOCKET",)}


def _read_cites(parser, window: str, pos: int) -> tuple[tuple, int] | _NoCitation | None:
    """``cites`` at ``pos``: in the shape ``ROMAN_NUMERAL? (CITE pin*)+`` (the series, volumes and pages, pins) as
    :meth:`DecisionParts.cites` builds it, a loose-leaf or annotated cite as :func:`_read_loose` reads it, and where
    it ends; :data:`NO_CITATION` where no terminal ``cites`` accepts there matches; None for the other shapes."""
    first = _terminal_rx(parser, _CITES_FIRST)
    parts = DecisionParts()
    m = first.match(window, pos)
    children: list = []
    if m is not None and m.lastgroup == "ROMAN_NUMERAL":  # "BStBl II 2018, 81": the series
        children.append(Token("ROMAN_NUMERAL", m.group("ROMAN_NUMERAL"), end_pos=m.end()))
        m = _terminal_rx(parser, ("CITE",)).match(window, m.end())  # after a series only a cite
    if m is None:
        return NO_CITATION
    if m.lastgroup != "CITE":
        return _read_loose(parser, window, m)
    after = _terminal_rx(parser, ("CITE", *_PINS))
    cite: list[Token] = []
    while m is not None:
        kind = m.lastgroup
        tok = Token(kind, m.group(kind), end_pos=m.end())
        if kind == "CITE":
            if "-" in tok:
                # "2003, I-4101": an EU report's page part, which gets no key (docs/keys.md). The first cite makes it no
                # citation, as the parser finds none (every parse holds that cite); after another one, the parser's
                return NO_CITATION if not cite else None
            if cite:
                children.append(parts.cite(cite))
            cite = [tok]
        else:
            cite.append(tok)
        m = after.match(window, m.end())
    children.append(parts.cite(cite))
    return parts.cites(children), cite[-1].end_pos


@functools.cache
def _terminal_rx(parser, names: tuple[str, ...]) -> re.Pattern:
    """The terminals ``names`` of ``parser`` after what it ignores, in the lexer's order, each a named group."""
    terms = {t.name: t for t in parser.terminals}
    ignored = "|".join(terms[n].pattern.to_regexp() for n in parser.lexer_conf.ignore)
    ordered = [t for t in lexer_order(parser) if t.name in names]
    return re.compile(f"(?:{ignored})*(?:" + "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in ordered)
                      + ")")
