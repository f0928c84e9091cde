"""BM25 over corpus units on bm25s with its numba backend (scores computed once at index time, top-k by
partial selection). Each unit is analysed with its own language's analyzer (tokenize.py); a query with
the analyzer of its language. bm25s sees token ids only. rank-bm25 is the oracle in the tests and in
benchmarks/bm25_speed.py; this module does not import it.
"""
from __future__ import annotations

from collections import Counter
import functools
import json
from pathlib import Path
from typing import Callable, Iterable, Sequence

from legalcite._util import loading
from legalcite.jurisdictions import guess_language
from legalcite.retrieval.tokenize import LANGUAGES, Analyzer, analyze, default_analyzer

Progress = Callable[[int], None]


@functools.cache
def numba_retrieve():
    """bm25s's top-k kernel (``bm25s.numba.retrieve_utils``) re-jitted with ``cache=True``: bm25s compiles it
    afresh in every process; numba's disk cache lets later processes skip the compilation (docs/retrieval.md)."""
    from bm25s.numba import retrieve_utils  # bm25s: retrieval extra
    from numba import njit  # numba: retrieval extra

    return njit(nogil=True, cache=True)(retrieve_utils._retrieve_internal_jitted)


def _engine(k1: float, b: float, method: str, backend: str):
    import bm25s  # bm25s: retrieval extra

    return bm25s.BM25(k1=k1, b=b, method=method, backend=backend)


class BM25:
    """A bm25s index plus the analyzers that made it."""

    def __init__(self, retriever, analyzers: dict[str, Analyzer], params: dict):
        self.retriever = retriever
        self.analyzers = analyzers
        self.params = params

    @property
    def num_docs(self) -> int:
        """The number of indexed documents (units)."""
        return int(self.retriever.scores["num_docs"])

    @classmethod
    def build(
        cls,
        texts: Iterable[str],
        languages: Sequence[str],
        *,
        analyzers: dict[str, Analyzer] | None = None,
        compounds: bool = False,
        k1: float = 1.5,
        b: float = 0.75,
        method: str = "lucene",
        backend: str = "numpy",
        progress: Progress | None = None,
    ) -> "BM25":
        """Analyse every text with the analyzer of its language and index the token ids."""
        from bm25s.tokenization import Tokenized  # bm25s: retrieval extra

        analyzers = dict(analyzers or {})
        vocab: dict[str, int] = {"": 0}  # bm25s convention: id 0 is the empty token
        ids: list[list[int]] = []
        for i, (text, lang) in enumerate(zip(texts, languages)):
            an = analyzers.get(lang)
            if an is None:
                an = analyzers[lang] = default_analyzer(lang, compounds=compounds)
            toks = analyze(text, an)
            row = [vocab.setdefault(t, len(vocab)) for t in toks] or [0]
            ids.append(row)
            if progress is not None:
                progress(i + 1)
        retriever = _engine(k1, b, method, backend)
        retriever.index(Tokenized(ids=ids, vocab=vocab), create_empty_token=False, show_progress=False)
        params = {"k1": k1, "b": b, "method": method, "backend": backend, "vocab_size": len(vocab)}
        return cls(retriever, analyzers, params)

    def save(self, directory: Path) -> None:
        """Write the bm25s index and ``legalcite_bm25.json`` (parameters and analyzers) into ``directory``, created if
        missing; :meth:`load` reads them back."""
        directory.mkdir(parents=True, exist_ok=True)
        self.retriever.save(str(directory), show_progress=False)
        meta = {"params": self.params, "analyzers": {k: a.to_dict() for k, a in self.analyzers.items()}}
        (directory / "legalcite_bm25.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1))

    @classmethod
    def load(cls, directory: Path, *, mmap: bool = True) -> "BM25":
        """The index :meth:`save` wrote to ``directory``; ``mmap``: its arrays memory-mapped, not read in."""
        import bm25s  # bm25s: retrieval extra

        meta = json.loads((directory / "legalcite_bm25.json").read_text())
        retriever = bm25s.BM25.load(str(directory), mmap=mmap, show_progress=False, verbosity=0)
        analyzers = {k: Analyzer(**v) for k, v in meta["analyzers"].items()}
        return cls(retriever, analyzers, meta["params"])

    def query_tokens(self, query: str, language: str | None = None) -> list[str]:
        """With ``language``, that analyzer; else every analyzer of the index, merged so that a token
        counts as often as the most any one analyzer yields it. Guessing a short query's language is
        unreliable ("Kaufpreis zahlen" has no umlaut); stems of the wrong language simply miss the vocabulary."""
        if language:
            an = self.analyzers.get(language) or default_analyzer(language)
            return analyze(query, an)
        merged: Counter[str] = Counter()
        analyzers = list(self.analyzers.values()) or [
            default_analyzer(guess_language(query, among=LANGUAGES, tie="en", default="en"))]
        for an in analyzers:
            merged |= Counter(analyze(query, an))
        return list(merged.elements())

    def query_ids(self, query: str, language: str | None = None) -> list[int]:
        """The vocabulary ids of the query's tokens (:meth:`query_tokens`); tokens the index never saw are left out."""
        return self.retriever.get_tokens_ids(self.query_tokens(query, language))

    def search(self, query: str, k: int = 10, *, mask=None, language: str | None = None):
        """(doc indices, scores), best first; documents with score 0 (or masked out) are dropped."""
        import numpy as np  # numpy: heavy

        ids = [i for i in self.query_ids(query, language) if i != 0]
        k = min(k, self.num_docs)
        if not ids or k <= 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        docs, scores = self.retrieve_ids([ids], k, mask=mask)
        docs, scores = docs[0], scores[0]
        keep = scores > 0
        return docs[keep].astype(np.int64), scores[keep]

    def retrieve_ids(self, queries: list[list[int]], k: int, *, mask=None):
        """Top-k for token-id queries with bm25s's numba kernel, compiled once and cached on disk
        (:func:`numba_retrieve`), so a one-off ``legalcite search`` does not pay the compilation each time."""
        import numpy as np  # numpy: heavy

        r = self.retriever
        it = np.dtype(r.int_dtype)
        pointers = np.cumsum([0] + [len(q) for q in queries]).astype(it)
        flat = np.concatenate([np.asarray(q, dtype=it) for q in queries]).astype(it)
        if mask is not None:
            mask = np.ascontiguousarray(mask, dtype=np.dtype(r.dtype))
        s = r.scores
        args = dict(query_pointers=pointers, query_tokens_ids_flat=flat, k=int(k), sorted=True,
                    dtype=np.dtype(r.dtype), int_dtype=it, data=s["data"], indptr=s["indptr"], indices=s["indices"],
                    num_docs=int(s["num_docs"]), nonoccurrence_array=r.nonoccurrence_array, weight_mask=mask)
        kernel = numba_retrieve()
        if kernel.signatures:
            scores, docs = kernel(**args)
        else:  # the first call in a process loads the compiled kernel from numba's cache (compiles it after install)
            with loading("loading the BM25 kernel (compiled on the first run after install, then cached)"):
                scores, docs = kernel(**args)
        return np.asarray(docs), np.asarray(scores)

    def scores(self, query: str, *, language: str | None = None):
        """Scores of every document (for tests and fusion diagnostics)."""
        import numpy as np  # numpy: heavy

        ids = [i for i in self.query_ids(query, language) if i != 0]
        if not ids:
            return np.zeros(self.num_docs, dtype=np.float32)
        return self.retriever.get_scores(ids)
