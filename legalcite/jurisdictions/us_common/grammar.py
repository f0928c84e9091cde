"""The Lark side of the shared section chains: :class:`ChainTransformer` turns ``units.lark`` trees into
:class:`~legalcite.jurisdictions.us_common.refs.Parsed` during the LALR parse. Imported only when a chain is
parsed (it imports Lark), so that loading a printer or the extractors stays light."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, v_args

from legalcite.core.parse import Reject, get_parser
from legalcite.jurisdictions.us_common.refs import PATH_SPLIT, REF_SPLIT, ChainRef, Parsed, RangeOf, ref_path
from legalcite.keys import numeral_value
from legalcite.models import Unit


@dataclass(frozen=True)
class _Sep:
    """A list or range separator between two items, with its token (a range's dash may join one number)."""

    range: bool
    token: Token


@dataclass(frozen=True)
class _EtSeq:
    end: int


def _one_number(lo: ChainRef, hi: ChainRef) -> bool:
    """Whether a hyphen after ``§§`` joins one (state-style) section number rather than a range: the numbers on
    both sides have different lengths (``Sections 9-110``, UCC style), or the right one has sub-units, which the end
    of a range of sections does not (``Sections 163-231(b)(1) and 163-226.3(a)(5)``)."""
    if len(hi.path) > 1:
        return True
    left = re.search(r"\d+$", lo.path[0]) if len(lo.path) == 1 else None
    right = re.match(r"\d+", hi.path[0])
    return bool(left and right) and len(left.group()) != len(right.group())


@v_args(inline=True)
class ChainTransformer(Transformer):
    """``chain`` → :class:`Parsed`: items with their sub-unit paths, list and range separators, the sign. Positions
    are token positions in the parsed window. Grammars that ``%import us_common.units (chain)`` subclass it."""

    def plural(self, _sign: Token) -> bool:
        return True

    def singular(self, _sign: Token) -> bool:
        return False

    def list_sep(self, token: Token) -> _Sep:
        return _Sep(False, token)

    def range_sep(self, token: Token) -> _Sep:
        return _Sep(True, token)

    def subd(self, _keyword: Token, parens: Token) -> Token:
        return parens

    def following(self, token: Token) -> _EtSeq:
        return _EtSeq(token.end_pos)

    def item(self, ref: Token, *rest: Token | _EtSeq) -> tuple[ChainRef, ...]:
        """``437c, subdivision (c)``, ``1(a) and (b)``: one ref per sub-unit path, ``et seq.`` on each."""
        paths: list[list[str]] = [ref_path(str(ref))]
        end, et_seq = ref.end_pos, False
        for r in rest:
            if isinstance(r, _EtSeq):
                end, et_seq = r.end, True
            else:
                end = r.end_pos
                alts = [REF_SPLIT.findall(p) for p in PATH_SPLIT.findall(str(r))]
                paths = [p + a for p in paths for a in alts]
        return tuple(ChainRef(tuple(p), ref.start_pos, end, et_seq) for p in paths)

    def chain(self, *children: Any) -> Parsed:
        """Items joined by their separators. After a singular sign a dash touching both numbers is part of one
        (state-style) section number (``§ 28-2-1``, ``§ 23–4C–6``); after ``§§`` it is a range (``§§ 1981–1983``),
        unless the hyphen joins one number (:func:`_one_number`: ``Sections 9-110``)."""
        plural = False
        parts: list[ChainRef | RangeOf] = []
        sep: _Sep | None = None
        for ch in children:
            if isinstance(ch, bool):
                plural = ch
            elif isinstance(ch, _Sep):
                sep = ch
            else:
                refs = list(ch)
                if sep is not None and sep.range and parts:
                    lo, hi, tok = _last(parts[-1]), refs[0], sep.token
                    touching = str(tok) in "-–—" and lo.end == tok.start_pos and hi.start == tok.end_pos
                    if touching and len(lo.path) == 1 and (not plural or (str(tok) == "-" and _one_number(lo, hi))):
                        joined = ChainRef((f"{lo.path[0]}-{hi.path[0]}", *hi.path[1:]), lo.start, hi.end, hi.et_seq)
                        parts[-1] = RangeOf(parts[-1].lo, joined) if isinstance(parts[-1], RangeOf) else joined
                    else:
                        parts.append(RangeOf(lo, hi))
                    refs = refs[1:]
                parts.extend(refs)
                sep = None
        return Parsed(plural, tuple(parts), _last(parts[-1]).end)

    def start(self, parsed: Parsed) -> Parsed:
        return parsed


def _last(part: ChainRef | RangeOf) -> ChainRef:
    return part.hi if isinstance(part, RangeOf) else part


@v_args(inline=True)
class ConstTransformer(Transformer):
    """``const.lark`` → (units, end): ``art. I, § 8, cl. 3`` → ``art1``, ``s8``, ``cl3``; ``art. XIII A`` → ``art13a``;
    a California subdivision ``subd. (a)`` → a bare ``a`` (docs/keys.md)."""

    def article(self, _label: Token, numeral: Token) -> tuple[Unit, int]:
        return Unit("art", _number(numeral)), numeral.end_pos

    def amendment(self, _label: Token, numeral: Token) -> tuple[Unit, int]:
        return Unit("amend", _number(numeral)), numeral.end_pos

    def section(self, _label: Token, number: Token) -> tuple[Unit, int]:
        return Unit("s", str(number)), number.end_pos

    def clause(self, _label: Token, number: Token) -> tuple[Unit, int]:
        return Unit("cl", str(number)), number.end_pos

    def subdivision(self, _label: Token, parens: Token) -> tuple[Unit, int]:
        return Unit("", str(parens)[1:-1]), parens.end_pos

    def start(self, *parts: tuple[Unit, int]) -> tuple[tuple[Unit, ...], int]:
        return tuple(u for u, _ in parts), parts[-1][1]


def _number(numeral: Token) -> str:
    """An article's or amendment's number (``XIV`` → ``14``, ``XIII A`` → ``13a``); a numeral the keys cannot read
    (``IIII``, ``VV``, ``XXXX``) is no number: :class:`~legalcite.core.parse.Reject`, so the units stop before it."""
    value = numeral_value(str(numeral))
    if not value[:1].isdigit():
        raise Reject(f"{numeral} is no numeral")
    return value


@functools.cache
def const_parser() -> Any:
    """``const.lark`` with :class:`ConstTransformer` embedded: a parse returns (units, end)."""
    return get_parser(__package__, "const", transformer=ConstTransformer())


@functools.cache
def chain_parser() -> Any:
    """``units.lark`` with :class:`ChainTransformer` embedded: a parse returns a :class:`Parsed`."""
    return get_parser(__package__, "units", transformer=ChainTransformer())
