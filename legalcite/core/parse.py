"""Stage 2 — parse: each jurisdiction package's Lark grammars (``legalcite/jurisdictions/<pkg>/<name>.lark``),
built once: ``get_parser("legalcite.jurisdictions.de", "statute")``.

Parsers are LALR with the contextual lexer, built on first use and cached on disk (Lark's ``cache=``,
keyed by the grammar text and the Lark version) in the user cache directory. A grammar may import another
package's rules by its package name (``%import us_common.units (chain)``: ``legalcite/jurisdictions/us_common/
units.lark``), and a parser may embed a Transformer (``get_parser(..., transformer=T())``), so that a parse returns
the Transformer's objects, built during the parse, instead of a tree. Extractors call
:func:`longest_prefix` on a short window after their anchor: it feeds tokens until the grammar can go no
further and returns the parse of the longest prefix that is a complete citation — so prose after a
citation ends it, and no ``UnexpectedInput`` ever leaves this module.
"""
from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from lark import Lark
from lark.exceptions import LarkError


def _cache_dir() -> Path | None:
    base = os.environ.get("LEGALCITE_CACHE")
    if base is None:
        try:
            from platformdirs import user_cache_dir

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


def import_paths(package: str) -> list[str]:
    """Where ``%import <package>.<grammar>`` looks: the directory holding ``package`` and its sibling packages."""
    return [str(Path(str(resources.files(package))).parent)]


@functools.cache
def get_parser(package: str, name: str, start: str = "start", transformer: Any = None) -> Lark:
    """The LALR parser for ``<package>/<name>.lark`` (built once per process, tables cached on disk), with
    ``transformer`` (a Lark ``Transformer`` instance, kept for the process) embedded when given."""
    text = grammar_text(package, name)
    kwargs: dict[str, Any] = dict(parser="lalr", lexer="contextual", start=start, maybe_placeholders=False,
                                  import_paths=import_paths(package))
    if transformer is not None:
        kwargs["transformer"] = transformer
    cache = _cache_dir()
    if cache is not None:
        import hashlib

        digest = hashlib.sha256((text + start).encode()).hexdigest()[:16]
        kwargs["cache"] = str(cache / f"{package.rsplit('.', 1)[-1]}-{name}-{start}-{digest}.lark")
    try:
        return Lark(text, **kwargs)
    except (OSError, EOFError):  # unreadable cache file: build without it
        kwargs.pop("cache", None)
        return Lark(text, **kwargs)


@dataclass(frozen=True)
class Prefix:
    """The longest complete parse at the start of a window: its tree and where it ends (window offset)."""

    tree: Any
    end: int
    truncated: bool = False  # the token cap was reached: pathological input, the caller may skip ahead


def longest_prefix(parser: Lark, window: str, max_tokens: int = 64) -> Prefix | None:
    """Parse the longest prefix of ``window`` that the grammar accepts as a whole ``start``.

    Tokens are fed one at a time; after each, if the LALR state has an action on ``$END``, the token's end
    is remembered (no state copy: copying Lark's value stack is the expensive part). The first lexer or
    parser error ends the run — that is where the citation stops. Then the remembered prefixes are parsed
    normally, longest first, and the first that parses is returned."""
    try:
        ip = parser.parse_interactive(window)
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
            return Prefix(parser.parse(window[:end]), end, truncated)
        except LarkError:
            continue
        except Exception:
            continue
    return None
