"""BM25 within one *scope* (a work, or a title of the U.S. Code): the lexical half of attribution.

The units of a scope are analysed with the retrieval layer's analyzer of their language
(:mod:`legalcite.retrieval.tokenize`: Snowball stems for German and English, CJK unigrams and bigrams for
Chinese) and weighted with BM25 (k1 1.2, b 0.75, IDF from the scope's own units, so that words common in a
law weigh little). The weights are a compressed sparse column matrix (one column per term: the units that hold
it and their weights), so a claim is scored against every unit of the scope by summing the columns of its
terms — numpy only, no per-unit Python loop. A long German claim term also scores through the law's own shorter
terms inside it (:meth:`LexicalScope.parts`: ``kostenentscheid`` → ``kost``, ``entscheid``), at a reduced
weight, from the stored vocabulary: nothing more is stored.

The matrix is built once per scope when the store is built (:func:`legalcite.attribution.store.write_lexical`)
and read back from the store as bytes (:meth:`LexicalScope.from_bytes`), so a check never rebuilds it.
"""
from __future__ import annotations

import bisect
import importlib.util
import io
import json
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

from legalcite.jurisdictions import scope_of as registry_scope
from legalcite.retrieval.tokenize import analyze, default_analyzer

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

K1 = 1.2
B = 0.75
LANGUAGES = ("de", "zh", "en")
SPLIT_LANGUAGES = ("de",)   # languages whose compounds score through their parts (:meth:`LexicalScope.parts`)
PART_MIN = 4                # shortest part of a compound that counts
PART_MIN_COMPOUND = 6       # shortest claim term looked into
PART_WEIGHT = 0.5           # a part's weight, times the share of the compound it covers
PARTS_MEMO = 50_000   # compound terms whose parts a scope remembers


def available() -> bool:
    """Whether the lexical model can run: numpy and PyStemmer (the ``retrieval`` extra) are installed."""
    return all(importlib.util.find_spec(m) is not None for m in ("numpy", "Stemmer"))


def analyzer_language(language: str | None) -> str:
    """The analyzer language for a text in ``language``: itself where one exists (:data:`LANGUAGES`), else English (also
    for None)."""
    return language if language in LANGUAGES else "en"


def tokens(text: str, language: str) -> list[str]:
    """The BM25 terms of ``text`` (the retrieval analyzer of ``language``)."""
    return analyze(text, default_analyzer(analyzer_language(language)))


# Chinese words that frame a citation rather than say what it is about (依据《…》第…条的规定)
ZH_FRAMING = frozenset({"依据", "根据", "按照", "依照", "规定", "的规", "之规", "条的", "条规", "有关", "相关"})


def content_terms(terms: set[str], language: str) -> int:
    """How many of a claim's terms carry content: for Chinese the character bigrams (unigrams say little) that do
    not merely frame a citation; otherwise every term (the analyzer dropped the stopwords)."""
    if language == "zh":
        return sum(1 for t in terms if len(t) == 2 and t not in ZH_FRAMING)
    return len(terms)


def unit_text(heading: str | None, text: str) -> str:
    """What a unit is scored on: its heading and its text."""
    return f"{heading or ''}\n{text}"


@dataclass
class LexicalScope:
    """BM25 weights of the units of one scope; ``keys[i]`` is the unit of row ``i``."""

    language: str
    keys: list[str]
    vocab: dict[str, int]
    indptr: NDArray[np.int64]    # (n_terms + 1): column starts
    rows: NDArray[np.int32]      # unit row of each weight
    weights: NDArray[np.float32]

    @classmethod
    def build(cls, units: Iterable[tuple[str, str | None, str]], language: str) -> "LexicalScope":
        """From ``(key, heading, text)`` of every unit with text in the scope."""
        lang = analyzer_language(language)
        keys, counts = [], []
        for key, heading, text in units:
            keys.append(key)
            counts.append(Counter(tokens(unit_text(heading, text), lang)))
        return cls.from_counts(keys, counts, lang)

    @classmethod
    def from_counts(cls, keys: list[str], counts: Sequence[Counter], language: str) -> "LexicalScope":
        """From each unit's term counts (the analyzer's output): a unit's text is analysed once for its scope's
        matrix and the jurisdiction's (:class:`Postings`)."""
        postings = Postings()
        postings.add(keys, counts)
        return postings.scope(analyzer_language(language))

    @classmethod
    def from_postings(cls, language: str, keys: list[str], vocab: dict[str, int], term_ids, unit_rows, tfs,
                      lengths) -> "LexicalScope":
        """BM25 weights from raw postings (numpy arrays: a posting's term, unit row and term frequency; each
        unit's length in terms)."""
        import numpy as np  # numpy: heavy

        n = len(keys)
        avg = float(lengths.mean()) if n and lengths.mean() > 0 else 1.0
        t = np.asarray(term_ids, dtype=np.int64)
        r = np.asarray(unit_rows, dtype=np.int32)
        tf = np.asarray(tfs, dtype=np.float64)
        df = np.bincount(t, minlength=len(vocab)).astype(np.float64)
        idf = np.log(1.0 + (n - df + 0.5) / (df + 0.5))
        w = tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[r] / avg)) * idf[t]
        order = np.argsort(t, kind="stable")          # column-major: the units of each term together
        indptr = np.zeros(len(vocab) + 1, dtype=np.int64)
        np.cumsum(df.astype(np.int64), out=indptr[1:])
        rows, weights = r[order], w[order].astype(np.float32)
        return cls(language, keys, vocab, indptr, rows, weights)

    def span(self, scope: str) -> tuple[int, int]:
        """The rows ``[a, b)`` of the units of ``scope`` (a work, a U.S. Code title) in a jurisdiction's matrix,
        whose keys are sorted: a scope's units are one run of rows."""
        return bisect.bisect_left(self.keys, scope + "/"), bisect.bisect_left(self.keys, scope + "0")

    def position(self, key: str) -> int | None:
        """The row of ``key`` (None when the scope has no such unit with text)."""
        pos = self.__dict__.get("_pos")
        if pos is None:
            pos = self.__dict__["_pos"] = {k: i for i, k in enumerate(self.keys)}
        return pos.get(key)

    def scores(self, claim: str, max_df: float | None = None):
        """BM25 score of every unit for ``claim`` (float64 array, one per key), how many of the claim's distinct
        terms the scope knows carry content (:func:`content_terms`), and the score a unit holding all of them would
        reach (Σ idf·(k1 + 1)): the scale on which a gap between two units is large or small. Long German terms
        also score through the scope's shorter terms inside them (:meth:`parts`). ``max_df``: terms in more than
        this share of the units are left out (a jurisdiction's matrix: 的, 人, "Gesetz" weigh little and cost most)."""
        import numpy as np  # numpy: heavy

        out = np.zeros(len(self.keys), dtype=np.float64)
        claim_terms = set(tokens(claim, self.language))
        terms = {t for t in claim_terms if t in self.vocab}
        n = len(self.keys)
        cap = n if max_df is None else max_df * n
        full = 0.0
        for t in terms:
            j = self.vocab[t]
            a, b = self.indptr[j], self.indptr[j + 1]
            if b - a > cap:
                continue
            out[self.rows[a:b]] += self.weights[a:b]
            full += float(np.log(1.0 + (n - (b - a) + 0.5) / ((b - a) + 0.5))) * (K1 + 1)
        if self.language in SPLIT_LANGUAGES:
            for t in claim_terms:
                for part, w in self.parts(t):
                    j = self.vocab[part]
                    a, b = self.indptr[j], self.indptr[j + 1]
                    if b - a <= cap:
                        out[self.rows[a:b]] += w * self.weights[a:b]
        return out, content_terms(terms, self.language), full

    def parts(self, term: str) -> list[tuple[str, float]]:
        """The scope's own terms inside a long claim term, with their weight: a compound (``kostenentscheid``,
        which the law may not use) scores through the words inside it that the law does use (``kost``,
        ``entscheid``), weighted by the share of the compound they cover (:data:`PART_WEIGHT` at most), so that
        court prose, which names a provision by compounds of its words, still meets the provision's text. Uses the law's
        vocabulary as the dictionary: no compound splitter (the GPL ``de-compound`` extra) needed."""
        if len(term) < PART_MIN_COMPOUND:
            return []
        memo = self.__dict__.get("_parts_memo")
        if memo is None:
            memo = self.__dict__["_parts_memo"] = {}
        got = memo.get(term)
        if got is None:
            if len(memo) > PARTS_MEMO:
                memo.clear()   # (a long run's claims: the memo stays bounded)
            got = memo[term] = self._parts(term)
        return got

    def _parts(self, term: str) -> list[tuple[str, float]]:
        """:meth:`parts`, read anew (a claim's terms recur from claim to claim: each is split once per scope)."""
        found = {}
        for i in range(len(term) - PART_MIN + 1):
            for j in range(i + PART_MIN, len(term) + 1):
                sub = term[i:j]
                if sub != term and sub in self.vocab:
                    found[sub] = PART_WEIGHT * len(sub) / len(term)
        return sorted(found.items())

    # ------------------------------------------------------------ persistence (a store row)

    def to_bytes(self, *, compress: bool = True) -> bytes:
        """The matrix as a store row; ``compress=False`` for a large one that every worker reads (a jurisdiction's:
        reading it raw costs less than inflating it; docs/check.md has the sizes)."""
        import numpy as np  # numpy: heavy

        buf = io.BytesIO()
        (np.savez_compressed if compress else np.savez)(buf, indptr=self.indptr, rows=self.rows,
                                                        weights=self.weights)
        head = json.dumps({"language": self.language, "keys": self.keys,
                           "terms": sorted(self.vocab, key=self.vocab.__getitem__)}, ensure_ascii=False).encode()
        return len(head).to_bytes(8, "little") + head + buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> "LexicalScope":
        """The scope a :meth:`to_bytes` row holds (compressed or not)."""
        import numpy as np  # numpy: heavy

        n = int.from_bytes(data[:8], "little")
        head = json.loads(data[8:8 + n])
        with np.load(io.BytesIO(data[8 + n:])) as z:
            arrays = {k: z[k] for k in ("indptr", "rows", "weights")}
        return cls(head["language"], head["keys"], {t: i for i, t in enumerate(head["terms"])}, **arrays)


class Postings:
    """Term counts of units gathered as compact arrays (a term's id, the unit's row, the count), for a scope's
    matrix or, added scope by scope, for the whole jurisdiction's (:meth:`scope` sorts the units by key)."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.vocab: dict[str, int] = {}
        self._terms: list = []
        self._rows: list = []
        self._tfs: list = []
        self._lengths: list[int] = []

    def add(self, keys: Sequence[str], counts: Sequence[Counter]) -> None:
        """Add the term counts of the units ``keys`` (one Counter per key, in the same order)."""
        import numpy as np  # numpy: heavy

        base = len(self.keys)
        terms, rows, tfs = [], [], []
        for i, c in enumerate(counts):
            for term, tf in c.items():
                terms.append(self.vocab.setdefault(term, len(self.vocab)))
                rows.append(base + i)
                tfs.append(tf)
            self._lengths.append(sum(c.values()))
        self.keys.extend(keys)
        self._terms.append(np.asarray(terms, dtype=np.int32))
        self._rows.append(np.asarray(rows, dtype=np.int32))
        self._tfs.append(np.asarray(tfs, dtype=np.int32))

    def scope(self, language: str) -> LexicalScope:
        """The BM25 matrix of every unit added so far, its rows sorted by key, analyzed as ``language``."""
        import numpy as np  # numpy: heavy

        order = sorted(range(len(self.keys)), key=self.keys.__getitem__)
        if order != list(range(len(order))):   # rows renumbered so that keys are sorted
            where = np.empty(len(order), dtype=np.int32)
            where[np.asarray(order, dtype=np.int64)] = np.arange(len(order), dtype=np.int32)
            rows = where[np.concatenate(self._rows)] if self._rows else np.zeros(0, dtype=np.int32)
        else:
            rows = np.concatenate(self._rows) if self._rows else np.zeros(0, dtype=np.int32)
        keys = [self.keys[i] for i in order]
        lengths = np.asarray(self._lengths, dtype=np.float64)[np.asarray(order, dtype=np.int64)] if order \
            else np.zeros(0)
        cat = (lambda xs: np.concatenate(xs) if xs else np.zeros(0, dtype=np.int32))
        return LexicalScope.from_postings(language, keys, self.vocab, cat(self._terms), rows, cat(self._tfs),
                                          lengths)


def scope_of(key: str) -> str:
    """The units a cited unit is compared with: its work, or for a work stored per title its title
    (``us/usc/t42``: :func:`legalcite.jurisdictions.scope_of`)."""
    return registry_scope(key)


def scope_units_sql(scope: str) -> tuple[str, Sequence[str]]:
    """SQL condition and arguments selecting the units of ``scope`` that have text."""
    p = scope.split("/")
    if len(p) == 3:
        return "key >= ? AND key < ? AND text != ''", (scope + "/", scope + "0")
    return "jurisdiction = ? AND work = ? AND text != ''", (p[0], p[1])
