"""Retrieval core: analysis, BM25 (rank-bm25 as the oracle), persistence, filters, fusion, evaluation."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("bm25s")

from legalcite.retrieval.bm25 import BM25  # noqa: E402
from legalcite.retrieval.evaluate import (  # noqa: E402
    dedupe_at, evaluate, gold_keys, ler_queries, mrr_at, ndcg_at, recall_at, stard_queries)
from legalcite.retrieval.hybrid import rrf  # noqa: E402
from legalcite.retrieval.index import IndexFormatError, build_index, load_index  # noqa: E402
from legalcite.retrieval.tokenize import analyze, default_analyzer  # noqa: E402
from tests.retrieval.fixtures import UNITS  # noqa: E402

# --- analysis -------------------------------------------------------------------------------------------

ANALYSIS = [
    ("zh", "合同义务", ["合", "同", "义", "务", "合同", "同义", "义务"]),
    ("zh", "第577条", ["第", "577", "条"]),
    ("zh", "ＢＧＢ １２", ["bgb", "12"]),                         # NFKC: full-width → ASCII
    ("de", "Die Käufer zahlen", ["kauf", "zahl"]),               # stopword dropped, Snowball German
    ("de", "Kündigungen", ["kundig"]),
    ("en", "The employers shall pay wages", ["employ", "shall", "pay", "wage"]),
    ("en", "民法典 Article 577", ["民", "法", "典", "民法", "法典", "articl", "577"]),  # CJK runs in any language
]


@pytest.mark.parametrize("lang,text,expected", ANALYSIS, ids=[f"{a}:{b}" for a, b, _ in ANALYSIS])
def test_analysis(lang, text, expected):
    assert analyze(text, default_analyzer(lang)) == expected


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.sampled_from(["de", "zh", "en"]))
def test_analysis_never_raises_and_tokens_are_clean(text, lang):
    toks = analyze(text, default_analyzer(lang))
    assert all(t and not any(c.isspace() for c in t) for t in toks)


def test_compound_splitting_is_opt_in():
    pytest.importorskip("compound_split")
    plain = analyze("Schadensersatzanspruch", default_analyzer("de"))
    split = analyze("Schadensersatzanspruch", default_analyzer("de", compounds=True))
    assert plain == ["schadensersatzanspruch"]
    assert split[0] == "schadensersatzanspruch" and "anspruch" in split and len(split) == 3


# --- BM25 against rank-bm25 -------------------------------------------------------------------------------

def _parity(token_docs: list[list[str]], queries: list[list[str]]):
    """bm25s (Robertson variant) must score exactly like rank-bm25's BM25Okapi with epsilon=0
    (both clamp negative IDF to 0; Okapi's tf carries the constant factor k1 + 1)."""
    rank_bm25 = pytest.importorskip("rank_bm25")
    from bm25s.tokenization import Tokenized

    import bm25s

    vocab: dict[str, int] = {"": 0}
    ids = [[vocab.setdefault(t, len(vocab)) for t in d] or [0] for d in token_docs]
    ours = bm25s.BM25(method="robertson", k1=1.5, b=0.75)
    ours.index(Tokenized(ids=ids, vocab=vocab), create_empty_token=False, show_progress=False)
    wrapped = BM25(ours, {}, {})
    oracle = rank_bm25.BM25Okapi(token_docs, k1=1.5, b=0.75, epsilon=0.0)
    agree = []
    for q in queries:
        qids = [vocab[t] for t in q if t in vocab]
        if not qids:
            continue
        want = oracle.get_scores(q)
        got = ours.get_scores(qids) * 2.5
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
        k = min(10, len(token_docs))
        top_w = set(np.argsort(-want, kind="stable")[:k][want[np.argsort(-want, kind="stable")[:k]] > 0])
        docs, top_scores = wrapped.retrieve_ids([qids], k)      # the numba kernel legalcite searches with
        np.testing.assert_allclose(top_scores[0] * 2.5, np.sort(want)[::-1][:k], rtol=1e-4, atol=1e-4)
        top_g = {int(d) for d, s in zip(docs[0], top_scores[0]) if s > 0}
        if top_w:
            agree.append(len(top_w & top_g) / len(top_w))
    return agree


def test_bm25_parity_hand_corpus():
    an = {u.language: default_analyzer(u.language) for u in UNITS}
    docs = [analyze(u.heading + "\n" + u.text, an[u.language]) for u in UNITS]
    queries = [analyze(q, default_analyzer(l)) for q, l in
               [("Kaufpreis zahlen", "de"), ("Schaden ersetzen Körper", "de"), ("合同义务 违约", "zh"),
                ("minimum wage employee", "en"), ("盗窃财物", "zh")]]
    agree = _parity(docs, queries)
    assert len(agree) == 5 and min(agree) >= 0.99


def test_bm25_parity_real_corpus(corpora_dir):
    """300 BGB units from the shared snapshot, queries made from their own headings."""
    from legalcite.corpora.snapshots import iter_units
    from legalcite.jurisdictions import snapshot_readers

    units = []
    for u in iter_units(corpora_dir, snapshot_readers(), ["de"]):
        if u.work == "bgb" and u.text:
            units.append(u)
            if len(units) == 300:
                break
    an = default_analyzer("de")
    docs = [analyze(u.text, an) for u in units]
    queries = [analyze(u.heading or "", an) for u in units[::15]]
    agree = _parity(docs, queries)
    assert len(agree) >= 15 and sum(agree) / len(agree) >= 0.99


def test_bm25_search_filters_and_language():
    bm = BM25.build([u.heading + " " + u.text for u in UNITS], [u.language for u in UNITS])
    ids, scores = bm.search("Kaufpreis zahlen", 3)
    assert UNITS[ids[0]].key == "de/bgb/s433"
    assert list(scores) == sorted(scores, reverse=True)
    mask = np.array([u.jurisdiction == "cn" for u in UNITS], dtype=np.float32)
    ids, _ = bm.search("合同 义务 Kaufpreis", 5, mask=mask)
    assert ids.size and all(UNITS[i].jurisdiction == "cn" for i in ids)
    assert bm.search("qwertyuiop", 5)[0].size == 0          # no known token: no hits, no error


# --- fusion -----------------------------------------------------------------------------------------------

def test_rrf_matches_hand_computation():
    fused = dict(rrf([[1, 2, 3], [3, 4]], [1.0, 2.0], k0=60))
    assert math.isclose(fused[3], 1 / 63 + 2 / 61)
    assert math.isclose(fused[1], 1 / 61)
    assert math.isclose(fused[4], 2 / 62)
    order = [d for d, _ in rrf([[1, 2, 3], [3, 4]], [1.0, 2.0])]
    assert order == [3, 4, 1, 2]
    assert [d for d, _ in rrf([[1, 2], [2, 1]], [1.0, 0.0])] == [1, 2]   # weight 0 switches a side off


# --- metrics -----------------------------------------------------------------------------------------------

def test_metrics_against_hand_values():
    ranked = ["a", "x", "b", "y", "z"]
    gold = {"a", "b", "c"}
    assert recall_at(ranked, gold, 1) == pytest.approx(1 / 3)
    assert recall_at(ranked, gold, 5) == pytest.approx(2 / 3)
    assert mrr_at(["x", "b"], gold) == pytest.approx(0.5)
    assert mrr_at(["x", "y"], gold) == 0.0
    dcg = 1 / math.log2(2) + 1 / math.log2(4)
    idcg = 1 / math.log2(2) + 1 / math.log2(3) + 1 / math.log2(4)
    assert ndcg_at(ranked, gold, 10) == pytest.approx(dcg / idcg)
    assert ndcg_at(["a", "b", "c"], gold) == pytest.approx(1.0)


def test_dedupe_at_unit_level():
    assert dedupe_at(["de/bgb/s823/abs1", "de/bgb/s823/abs2", "de/bgb/s826"], "unit") == ["de/bgb/s823", "de/bgb/s826"]


def test_gold_from_citations_and_keys():
    assert gold_keys({"keys": ["de/bgb/s823/abs1"]}) == {"de/bgb/s823"}
    assert gold_keys({"citations": ["§ 433 Abs. 2 BGB"]}) == {"de/bgb/s433"}
    assert gold_keys({"citations": ["中华人民共和国民法典第五十四条"]}) == {"cn/中华人民共和国民法典/art54"}


def test_benchmark_query_sets(testdata_dir):
    stard = list(stard_queries(testdata_dir / "stard_queries.jsonl"))
    assert len(stard) == 1543 and all(q["citations"] for q in stard)
    ler = list(ler_queries(testdata_dir / "de_ler_test.jsonl"))
    assert ler and all("[…]" in q["query"] for q in ler)
    raw = {f"ler-{n}": json.loads(line)
           for n, line in enumerate(open(testdata_dir / "de_ler_test.jsonl", encoding="utf-8"))}
    for q in ler:   # each statute span is replaced by one mask and nothing else changes in length
        r = raw[q["id"]]
        spans = [e for e in r["expected"] if e["kind"] == "statute"]
        assert q["citations"] == [e["matched_text"] for e in sorted(spans, key=lambda e: e["start"])]
        assert q["query"].count("[…]") == len(spans) > 0
        assert len(q["query"]) == len(r["text"]) - sum(e["end"] - e["start"] for e in spans) + 3 * len(spans)


# --- persistent index ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def bm25_index(tmp_path_factory) -> Path:
    return build_index(UNITS, tmp_path_factory.mktemp("ix") / "bm25", kind="bm25", progress=False)


def test_index_roundtrip_and_search(bm25_index):
    ix = load_index(bm25_index)
    assert len(ix) == len(UNITS) and ix.manifest["kind"] == "bm25"
    hits = ix.search("Schaden Körper verletzt", k=3)
    assert hits[0].key == "de/bgb/s823" and hits[0].rank == 1 and hits[0].heading == "Schadensersatzpflicht"
    assert hits[0].snippet.startswith("Wer einen anderen")
    cn = ix.search("解除劳动合同", k=3, jurisdictions=["cn"])
    assert cn[0].key == "cn/中华人民共和国劳动合同法/art39" and all(h.jurisdiction == "cn" for h in cn)
    assert all(h.jurisdiction == "us-ca" for h in ix.search("minimum wage", k=5, jurisdictions=["us_ca"]))
    assert ix.search("minimum wage", k=5, jurisdictions=["xx"]) == []
    assert ix.unit(ix.position("de/kschg/s1"))["text"].startswith("Die Kündigung")
    with pytest.raises(IndexFormatError, match="no dense part"):
        ix.search("x", kind="dense")


def test_index_is_memory_mapped(bm25_index):
    ix = load_index(bm25_index)
    ix.search("Diebstahl", 1)
    assert isinstance(ix.bm25.retriever.scores["data"], np.memmap)


def _copy(src: Path, dst: Path) -> Path:
    import shutil

    shutil.copytree(src, dst)
    return dst


def test_corrupt_index_is_a_clear_error(bm25_index, tmp_path):
    bad = _copy(bm25_index, tmp_path / "bad")
    data = bad / "bm25" / "data.csc.index.npy"
    raw = bytearray(data.read_bytes())
    raw[-1] ^= 0xFF                                          # same size, one flipped byte
    data.write_bytes(bytes(raw))
    with pytest.raises(IndexFormatError, match="checksum"):
        load_index(bad)
    (bad / "units.jsonl").write_bytes(b"truncated")
    with pytest.raises(IndexFormatError, match="bytes"):
        load_index(bad, verify=False)
    (bad / "keys.txt").unlink()
    with pytest.raises(IndexFormatError, match="missing"):
        load_index(bad, verify=False)


def test_version_mismatch_and_non_index(bm25_index, tmp_path):
    old = _copy(bm25_index, tmp_path / "old")
    m = json.loads((old / "manifest.json").read_text())
    m["format_version"] = 0
    (old / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(IndexFormatError, match="version 0"):
        load_index(old)
    with pytest.raises(IndexFormatError, match="not a legalcite index"):
        load_index(tmp_path)


def test_build_is_atomic(tmp_path):
    out = build_index(UNITS[:4], tmp_path / "ix", kind="bm25", progress=False)
    before = (out / "manifest.json").read_text()

    class Boom(Exception):
        pass

    def exploding():
        yield from UNITS
        raise Boom

    with pytest.raises(Boom):
        build_index(exploding(), out, kind="bm25", progress=False)
    assert (out / "manifest.json").read_text() == before       # the old index is untouched
    assert [p.name for p in tmp_path.iterdir()] == ["ix"]      # no temporary left behind
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.txt").write_text("mine")
    with pytest.raises(IndexFormatError, match="refusing"):
        build_index(UNITS, tmp_path / "notes", progress=False)
    out2 = build_index(UNITS, out, kind="bm25", progress=False)  # a rebuild replaces it
    assert load_index(out2).manifest["n_units"] == len(UNITS)


def test_evaluate_bm25(bm25_index):
    ix = load_index(bm25_index)
    queries = [
        {"query": "Der Käufer muss den Kaufpreis zahlen", "citations": ["§ 433 Abs. 2 BGB"]},
        {"query": "盗窃公私财物", "keys": ["cn/中华人民共和国刑法/art264"]},
        {"query": "irreconcilable differences marriage", "keys": ["us-ca/fam/s2310", "us-ca/fam/s9999"]},
        {"query": "no gold here", "citations": ["not a citation"]},
    ]
    res = evaluate(ix, queries)
    assert res["n_queries"] == 3 and res["n_without_gold"] == 1
    m = res["kinds"]["bm25"]
    assert m["all"]["recall@1"] == pytest.approx((1 + 1 + 0.5) / 3, abs=1e-4)
    assert m["all"]["mrr@10"] == pytest.approx(1.0)
    assert set(m["by_language"]) == {"de", "zh", "en"}
    assert res["gold_in_index"] == pytest.approx((1 + 1 + 0.5) / 3, abs=1e-4)
    only = evaluate(ix, queries, only_indexed=True)            # s9999 is not in the index: dropped from gold
    assert only["kinds"]["bm25"]["all"]["recall@1"] == 1.0 and only["n_queries"] == 3


# --- CLI --------------------------------------------------------------------------------------------------------

def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "legalcite", *args], capture_output=True, text=True, timeout=120)


def test_cli_search_eval_and_errors(bm25_index, tmp_path):
    r = _cli("search", str(bm25_index), "Diebstahl fremde Sache", "-k", "2", "--format", "json")
    assert r.returncode == 0, r.stderr
    hits = json.loads(r.stdout)
    assert hits[0]["key"] == "de/stgb/s242" and hits[0]["rank"] == 1 and len(hits) == 2
    r = _cli("search", str(bm25_index), "Quittungsverlangen", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == []      # no hits: an empty array, not nothing
    q = tmp_path / "q.jsonl"
    q.write_text(json.dumps({"query": "Diebstahl", "keys": ["de/stgb/s242"]}) + "\n", encoding="utf-8")
    r = _cli("retrieval", "eval", str(bm25_index), str(q), "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["kinds"]["bm25"]["all"]["recall@1"] == 1.0
    r = _cli("search", str(tmp_path), "x")
    assert r.returncode != 0 and "not a legalcite index" in r.stderr


def test_cli_index_build_from_snapshots(corpora_dir, tmp_path):
    out = tmp_path / "us"
    r = _cli("index", "build", "--jurisdiction", "us", "--kind", "bm25", "-o", str(out), "--from", str(corpora_dir),
             "--limit", "3000")
    assert r.returncode == 0, r.stderr
    assert "100%" in r.stderr                                    # progress is shown
    ix = load_index(out)
    assert ix.manifest["n_units"] == 3000 and ix.manifest["jurisdictions"] == ["us"]
    assert all(k.startswith("us/") for k in ix.keys)


def test_bm25_indexes_work_title_and_path(tmp_path):
    """A question naming a chapter's subject reaches an article whose own text does not mention it."""
    from legalcite.corpora import CorpusUnit

    units = [CorpusUnit(key="cn/中华人民共和国民法典/art1079", jurisdiction="cn", work="中华人民共和国民法典",
                        work_title="中华人民共和国民法典", heading="第一千零七十九条",
                        text="一方要求的，可以由有关组织进行调解。", language="zh",
                        path=("第五编 婚姻家庭", "第四章 离婚")),
             CorpusUnit(key="cn/物业管理条例/art2", jurisdiction="cn", work="物业管理条例", work_title="物业管理条例",
                        heading="第二条", text="本条例所称物业管理，是指业主通过选聘物业服务企业进行维修养护。",
                        language="zh")]
    ix = load_index(build_index(units, tmp_path / "ix", kind="bm25", progress=False))
    assert ix.search("离婚怎么调解", 1)[0].key == "cn/中华人民共和国民法典/art1079"
    assert ix.search("婚姻家庭", 1)[0].key == "cn/中华人民共和国民法典/art1079"


def test_the_stopwords_are_bm25s_lists():
    """The analyzers' stopwords ship with legalcite (the check analyses claims without the retrieval extra); they
    are the lists of the bm25s the indexes and the store's attribution matrices were built with."""
    sw = pytest.importorskip("bm25s.stopwords")
    from legalcite.retrieval.tokenize import _stopwords

    assert _stopwords("de") == frozenset(sw.STOPWORDS_GERMAN) and _stopwords("en") == frozenset(sw.STOPWORDS_EN)
    assert _stopwords("zh") == frozenset()
