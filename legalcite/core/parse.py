"""Stage 2 — parse: each jurisdiction package's Lark grammars (``legalcite/jurisdictions/<pkg>/<name>.lark``),
built once: ``get_parser("legalcite.jurisdictions.de", "statute", transformer=...)``.

Parsers are LALR with the contextual lexer, built on first use and cached on disk (Lark's ``cache=``, keyed by
the grammar text, the start rules, the shared terminals and the Lark version) in the user cache directory. A
``transformer`` is embedded in the parser, so the parse builds the jurisdiction's objects directly, with no tree
in between (STYLE.md §4, "Skip the tree"). A grammar may import another package's rules by its package name
(``%import us_common.units (chain)``: ``legalcite/jurisdictions/us_common/units.lark``).

Terminals shared with :mod:`legalcite.keys` have one definition: a grammar terminal named ``ROMAN_NUMERAL`` is
``keys.ROMAN_SMALL_NUMERAL`` (I–XXXIX; the grammar's own pattern is replaced at build time), so a grammar that uses
it lexes as a numeral nothing ``keys.roman_to_int`` rejects (``IIII``), nor a name made of Roman letters (``MDV``).
(A grammar that needs other numerals — lowercase page numbers — names its terminal otherwise.)

Extractors hand a short window after their anchor to :func:`parse_prefix`. A grammar whose start rule may end in
a ``TAIL`` terminal (the prose after the citation: ``TAIL.-10: /(?s:.+)/``, matched only where nothing else
is allowed) parses in one pass; where the prose after a citation is not allowed there (``§ 5 Abs. der``),
:func:`longest_prefix` finds the longest prefix that is a complete citation. No ``LarkError`` leaves this
module.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from lark import Lark, Transformer
from lark.exceptions import LarkError
from lark.lexer import PatternRE, TerminalDef

from legalcite.keys import ROMAN_SMALL_NUMERAL

# terminal name → the regex it stands for in every grammar (one definition, see the module docstring)
SHARED_TERMINALS = {"ROMAN_NUMERAL": ROMAN_SMALL_NUMERAL + r"(?![\w])"}


def _cache_dir() -> Path | None:
    base = os.environ.get("LEGALCITE_CACHE")
    if base is None:
        try:
            from platformdirs import user_cache_dir  # start-up: kept off `legalcite extract`

            base = user_cache_dir("legalcite")
        except Exception:  # pragma: no cover - platformdirs missing
            return None
    path = Path(base) / "lark"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path


def grammar_text(package: str, name: str) -> str:
    """The text of ``<package>/<name>.lark``: grammars live in the jurisdiction package that owns them."""
    return resources.files(package).joinpath(f"{name}.lark").read_text(encoding="utf-8")


def _shared_terminal(term: TerminalDef) -> None:
    pattern = SHARED_TERMINALS.get(term.name)
    if pattern is not None:
        term.pattern = PatternRE(pattern, term.pattern.flags)


def import_paths(package: str) -> list[str]:
    """Where ``%import <package>.<grammar>`` looks: the directory holding ``package`` and its sibling packages."""
    return [str(Path(str(resources.files(package))).parent)]


@functools.cache
def get_parser(package: str, name: str, start: str | tuple[str, ...] = "start",
               transformer: Transformer[Any, Any] | None = None) -> Lark:
    """The LALR parser for ``<package>/<name>.lark`` (built once per process, tables cached on disk), with
    ``transformer`` (a Lark ``Transformer`` instance, kept for the process) embedded when given: ``parse`` then
    returns what its callbacks build."""
    text = grammar_text(package, name)
    starts = [start] if isinstance(start, str) else list(start)
    kwargs: dict[str, Any] = dict(parser="lalr", lexer="contextual", start=starts, maybe_placeholders=False,
                                  edit_terminals=_shared_terminal, import_paths=import_paths(package))
    if transformer is not None:
        kwargs["transformer"] = transformer
    cache = _cache_dir()
    if cache is not None:
        # Lark keys its cache on every option, the import paths (this checkout's folder) too: a file per checkout,
        # or two checkouts sharing the cache rebuild each other's tables (seconds) at every run
        digest = hashlib.sha256((text + repr(starts) + repr(sorted(SHARED_TERMINALS.items()))
                                 + repr(kwargs["import_paths"])).encode()).hexdigest()
        kwargs["cache"] = str(cache / f"{package.rsplit('.', 1)[-1]}-{name}-{digest[:16]}.lark")
    try:
        return Lark(text, **kwargs)
    except (OSError, EOFError):  # unreadable cache file: build without it
        kwargs.pop("cache", None)
        return Lark(text, **kwargs)


class Reject(Exception):
    """Raised by an embedded transformer's callback: what was parsed is no citation after all (a unit chain that
    does not start with a unit number). :func:`parse_prefix` then returns None."""


def parse_prefix(parser: Lark, window: str, start: str | None = None) -> Any:
    """The citation at the start of ``window``: the transformer's result, or None when there is none.

    One pass when the grammar lets ``TAIL`` take the prose after the citation; else (the prose begins with
    something the grammar allows there but cannot complete) the longest complete prefix."""
    try:
        return parser.parse(window, start=start)
    except Reject:
        return None
    except LarkError:
        pass
    except Exception:  # a callback rejected a token sequence: same as a parse error
        pass
    res = longest_prefix(parser, window, start=start)
    return None if res is None else res.tree


def lexer_order(parser: Lark) -> list[TerminalDef]:
    """The grammar's terminals (``TAIL`` and the ignored whitespace aside) in the order the lexer tries them."""
    skip = {"TAIL", *parser.lexer_conf.ignore}
    return sorted((t for t in parser.terminals if t.name not in skip),
                  key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))


@functools.cache
def token_run(parser: Lark) -> re.Pattern[str]:
    """A run of the grammar's tokens (``TAIL`` aside, whitespace between them), its terminals in the order the
    lexer tries them: where the citation at a window's start can end at the latest. (Useful for grammars whose
    terminals do not match ordinary words: a run of prose words would reach far past the citation.)"""
    return re.compile(r"(?:\s*(?:%s))+" % "|".join(f"(?:{t.pattern.to_regexp()})" for t in lexer_order(parser)))


@functools.cache
def _sign_run(parser: Lark, signs: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """What :func:`run_end` reads with ``signs``: one token (any terminal, in the lexer's order; a sign in a named
    group, so that the match says whether it was one) and the run of tokens that are no sign after it; that run
    alone; one sign (after whitespace)."""
    def alternatives(keep: Callable[[str], bool]) -> str:
        return "|".join(f"(?:{t.pattern.to_regexp()})" for t in lexer_order(parser) if keep(t.name))

    ignored = [t.pattern.to_regexp() for t in parser.terminals if t.name in parser.lexer_conf.ignore]
    skip = "(?:%s)*" % "|".join(ignored) if ignored else ""
    first = "|".join(f"(?P<_sign{i}>{t.pattern.to_regexp()})" if t.name in signs else f"(?:{t.pattern.to_regexp()})"
                     for i, t in enumerate(lexer_order(parser)))
    rest = r"(?:\s*(?:%s))*" % alternatives(lambda n: n not in signs)
    return (re.compile(f"{skip}(?:{first}){rest}"), re.compile(rest),
            re.compile(r"\s*(?:%s)" % alternatives(lambda n: n in signs)))


@functools.cache
def _anywhere(parser: Lark, names: frozenset[str]) -> re.Pattern[str]:
    """One of the terminals ``names``, anywhere (searched)."""
    return re.compile("|".join(f"(?:{t.pattern.to_regexp()})" for t in lexer_order(parser) if t.name in names))


def run_end(parser: Lark, window: str, signs: frozenset[str] = frozenset()) -> int | None:
    """Where the window's run of tokens (:func:`token_run`) ends; None when the window starts with none. ``signs``:
    terminals a citation holds exactly once (its sign: ``Art.``, ``§``; the grammar accepts none after it): the run then
    ends before a second one — one sign after the first token where that is none (``point (a) of Article 6``) —,
    as the contextual lexer reads past the sign, so that a run of citations (``Art. 1 Art. 1 …``) is read a citation
    at a time, not to the window's end from each of its anchors."""
    if not signs:
        m = token_run(parser).match(window)
        return None if m is None else m.end()
    run, rest, sign = _sign_run(parser, signs)
    m = run.match(window)
    if m is None:
        return None
    end = m.end()
    if not (m.lastgroup or "").startswith("_sign") and (s := sign.match(window, end)) is not None:  # no sign first
        more = rest.match(window, s.end())  # (a run of none matches too)
        end = more.end() if more is not None else s.end()
    return end


@functools.cache
def token_pattern(parser: Lark, without: frozenset[str] = frozenset()) -> re.Pattern[str]:
    """One token of the grammar after what the grammar ignores (whitespace), the terminal's name as the match's
    ``lastgroup``, terminals tried in the lexer's order: matched repeatedly it reads a text token by token as the
    lexer does wherever the token found is one the parser accepts there. A fast path can read the commonest shapes
    with it and leave the rest to the parser (``de/statute.py``, ``de/trees.py``). ``without``: terminals left out —
    the token the (contextual) lexer reads in a parser state that does not accept them."""
    ignored = [t.pattern.to_regexp() for t in parser.terminals if t.name in parser.lexer_conf.ignore]
    skip = "(?:%s)*" % "|".join(ignored) if ignored else ""
    terms = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in lexer_order(parser) if t.name not in without)
    return re.compile(f"{skip}(?:{terms})")


@functools.cache
def opening(parser: Lark, start: str | None = None) -> re.Pattern[str]:
    """One token the parser accepts first (at ``start``), after what the grammar ignores — the terminals its
    contextual lexer tries there: a window where none matches holds no citation (the lexer would fail at once), told
    without starting a parse."""
    table = parser.parse_interactive("", start=start).parser_state.parse_conf.parse_table
    accepted = table.states[table.start_states[start or parser.options.start[0]]].keys()
    return token_pattern(parser, frozenset(t.name for t in parser.terminals if t.name not in accepted))


def parse_run(parser: Lark, window: str, start: str | None = None,
              fast: Callable[[str], Any] | None = None, signs: frozenset[str] = frozenset()) -> tuple[Any, bool]:
    """:func:`parse_prefix` of the run of tokens at the window's start, where that run ends before a character that
    is no letter or digit (so that no terminal's lookahead reads differently at the cut): the parse then needs no
    ``TAIL`` token, and a citation written again in the text is parsed once (an LRU cache of runs). Returns the
    result and whether it was cut from the window (False: it was parsed in the whole window, because the run
    reaches the window's end or ends inside a word). ``fast(run)``, where given, reads a cut run (or a window that is
    one run) first, without the parser (None: the parser reads it); it must return what the parse with the embedded
    transformer returns. ``signs``: the terminals a citation holds once (:func:`run_end`)."""
    end = run_end(parser, window, signs)
    if end is not None and end < len(window) and not window[end].isalnum():
        return _parse_cut(parser, window[:end], start, fast), True
    if fast is not None and end == len(window) and (read := fast(window)) is not None:
        return read, False  # the window is one run of tokens (the text's last words): the fast path reads it too
    return parse_prefix(parser, window, start), False


@functools.lru_cache(maxsize=8192)
def _parse_cut(parser: Lark, run: str, start: str | None, fast: Callable[[str], Any] | None) -> Any:
    if fast is not None and (read := fast(run)) is not None:
        return read
    return parse_prefix(parser, run, start)


def clear_caches() -> None:
    """Forget the runs parsed so far (benchmarks time text as new: a run parsed in an earlier repetition of the
    same text would be a cache hit)."""
    _parse_cut.cache_clear()
    _parse_whole.cache_clear()
    _longest_run.cache_clear()


@dataclass(frozen=True)
class Prefix:
    """The longest complete parse at the start of a window: its tree (or the embedded transformer's result) and
    where it ends (window offset)."""

    tree: Any
    end: int
    truncated: bool = False  # the token cap was reached: pathological input, the caller may skip ahead


def run_prefix(parser: Lark, window: str, start: str | None = None, signs: frozenset[str] = frozenset(),
               needs: frozenset[str] | None = None) -> Prefix | None:
    """:func:`longest_prefix` with its commonest case read in one parse: where the window's run of tokens
    (:func:`token_run`) ends before a character that is no letter or digit (no token of the grammar goes on there)
    and parses whole, it is the longest complete prefix. Else, and for runs that may hold more tokens than
    ``longest_prefix`` feeds, :func:`longest_prefix` (a parse fed token by token: several times slower). A run that
    does not parse whole holds the window's longest complete prefix too (the lexer reads nothing past its end), read
    once per run (``Article 1 of …`` written again, or at every anchor of a run of them). For grammars without a
    ``TAIL`` (the EU's and Switzerland's); ``signs``: as for :func:`run_end`; ``needs``: terminals one of which every
    citation holds (default ``signs``): a window where none matches holds none (``point (a) of point (a) of …``,
    which would be fed token by token at each of its anchors). ``tests/eu/test_extract.py`` and
    ``tests/ch/test_extract.py`` check both agree on the shared texts."""
    if opening(parser, start).match(window) is None:
        return None  # no token the parse could start with: longest_prefix would stop at the first
    needs = signs if needs is None else needs
    if needs and _anywhere(parser, needs).search(window) is None:
        return None  # no sign anywhere in the window: no citation completes
    end = run_end(parser, window, signs)
    if end is not None and end <= 64 and end < len(window) and not window[end].isalnum():
        run = window[:end]
        tree = _parse_whole(parser, run, start)
        if tree is not None:
            return Prefix(tree, end)
        return _longest_run(parser, run, start)
    return longest_prefix(parser, window, start=start)


@functools.lru_cache(maxsize=4096)
def _longest_run(parser: Lark, run: str, start: str | None) -> Prefix | None:
    """:func:`longest_prefix` of a run of tokens that does not parse whole (cached: see :func:`run_prefix`)."""
    return longest_prefix(parser, run, start=start)


@functools.lru_cache(maxsize=4096)
def _parse_whole(parser: Lark, run: str, start: str | None) -> Any:
    """The parse of a whole run of tokens, or None when it does not parse (a run written again in the text — the
    same article of the same directive — is parsed once; the tree is shared, and its readers do not change it)."""
    try:
        return parser.parse(run, start=start)
    except Exception:  # LarkError, or a callback that rejected the run: the prefix is shorter, if any
        return None


def longest_prefix(parser: Lark, window: str, max_tokens: int = 64, start: str | None = None) -> Prefix | None:
    """Parse the longest prefix of ``window`` that the grammar accepts as a whole ``start``.

    Tokens are fed one at a time; after each, if the LALR state has an action on ``$END``, the token's end
    is remembered (no state copy: copying Lark's value stack is the expensive part). The first lexer or
    parser error ends the run — that is where the citation stops. Then the remembered prefixes are parsed
    normally, longest first, and the first that parses is returned."""
    try:
        ip = parser.parse_interactive(window, start=start)
        tokens = ip.lexer_thread.lex(ip.parser_state)
    except LarkError:
        return None
    states = ip.parser_state.parse_conf.parse_table.states
    ends: list[int] = []
    truncated = True
    fed_end = -1
    for _ in range(max_tokens):
        try:
            tok = next(tokens)
            ip.feed_token(tok)
            fed_end = tok.end_pos
        except (StopIteration, LarkError):
            truncated = False
            break
        except Exception:  # a callback rejected the input: same as a parse error
            truncated = False
            break
        if "$END" in states[ip.parser_state.position]:
            ends.append(tok.end_pos)
    if ends and ends[-1] == fed_end:
        # the common case: the citation ends at the last token fed; close the live parse, no re-parse
        try:
            return Prefix(ip.feed_eof(), fed_end, truncated)
        except Exception:
            pass
    for end in reversed(ends[-4:]):
        try:
            return Prefix(parser.parse(window[:end], start=start), end, truncated)
        except Exception:  # LarkError, or a callback that rejected the prefix
            continue
    return None
