"""Opening an index for a command or a tool (``legalcite search``, ``retrieval eval``, ``rag prompts``, the MCP
server's ``search``): each extra the index needs tested first, every failure a
:class:`~legalcite.errors.LegalciteError` that says what is wrong. Here, not in ``cli/``, because the MCP server
answers the same way and ``cli/`` is the CLI's alone."""
from __future__ import annotations

import json
from pathlib import Path

from legalcite.errors import InputError
from legalcite.extras import require
from legalcite.retrieval.index import IndexFormatError, load_index


def need_index(path: str, what: str, kinds: list[str] | None = None, reranker: str | None = None) -> None:
    """The extras for answering from the index at ``path`` with ``kinds`` (default: the index's own kind): the
    retrieval extra always, the dense one for a dense side, learn for a reranker. Read from the manifest alone,
    before the index is loaded; an unreadable manifest is left to :func:`load_index` to report."""
    require("retrieval", what)
    try:
        kind = json.loads((Path(path) / "manifest.json").read_text(encoding="utf-8")).get("kind")
    except (OSError, ValueError, AttributeError):
        return
    if any(k in ("dense", "hybrid", "learned") for k in (kinds or [kind])):
        require("dense", what)
    if reranker:
        require("learn", f"{what} --reranker")


def open_index(path: str, what: str = "legalcite search", kind: str | None = None, reranker: str | None = None):
    """The index at ``path`` and its reranker (or None), each extra they need tested first; a
    :class:`~legalcite.errors.LegalciteError` that says what is wrong (a missing extra, no index there)."""
    need_index(path, what, [kind] if kind else None, reranker)
    try:
        ix = load_index(path)
        if not reranker:
            return ix, None
        from legalcite.retrieval.learn import load_reranker   # numpy and the learn extra: only for a reranker

        return ix, load_reranker(reranker)
    except IndexFormatError as e:
        raise InputError(str(e)) from None


def search_index(ix, path: str, query: str, k: int = 10, *, jurisdictions: list[str] | None = None,
                 kind: str | None = None, language: str | None = None, reranker=None) -> list:
    """The top ``k`` :class:`~legalcite.retrieval.index.Hit` of ``query`` in the index ``ix`` (opened from ``path``
    by :func:`open_index`), as ``legalcite search`` and the MCP server's ``search`` tool answer it; a
    :class:`~legalcite.errors.LegalciteError` for a jurisdiction the index does not hold (no hit could come from
    it: nothing found would say nothing) or an index that cannot answer."""
    held = ix.manifest.get("jurisdictions") or []
    absent = [j for j in jurisdictions or [] if j not in held]
    if absent:
        raise InputError(f"{path} holds no units of {', '.join(absent)} (it holds {', '.join(held) or 'none'})")
    try:
        return ix.search(query, k, jurisdictions=jurisdictions, kind=kind, language=language, reranker=reranker)
    except IndexFormatError as e:
        raise InputError(str(e)) from None
