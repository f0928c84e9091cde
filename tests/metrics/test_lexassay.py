"""LexAssay points against hand-computed tasks, repeated and void tasks, disclaimer detection in DE/EN/ZH/FR
(negations, reported speech, quotations), statuses from the check."""
from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import legalcite
from legalcite.metrics import lexassay
from legalcite.metrics.io import ScoreInputError, iter_rows
from legalcite.models import citation_from_key
from legalcite.status import CheckedCitation, Status

TASKS = str(Path(__file__).parents[1] / "fixtures" / "metrics" / "lexassay_tasks.jsonl")


def rows(*objs):
    return list(iter_rows([json.dumps(o, ensure_ascii=False) for o in objs]))


def test_fixture_by_hand():
    r = lexassay.score(TASKS)
    pts = {t["id"]: t["points"] for t in r["tasks"]}
    # t1: 2/3 met, no deduction, German note; t2: all met, 2 distinct deducted keys (§ 9999 BGB given twice),
    # no disclaimer; t3: all met, Chinese "consult a lawyer"; t4: 1/4 − 0.5 − 0.05 floored at 0
    assert pts == pytest.approx({"t1": 2 / 3, "t2": 0.45, "t3": 1.0, "t4": 0.0}, abs=1e-6)
    assert r["score"] == 52.9 and r["score_exact"] == pytest.approx((2 / 3 + 1.45) / 4 * 100, abs=1e-6)
    assert r["all_criteria_met"] == 1  # t3 only: t2 met every criterion but has a deduction
    t2 = r["tasks"][1]
    assert t2["deducted_citations"] == ["de/bgb/s9999", "de/stgb/s242"]
    assert r["statuses"] == {"invented": 4, "misattributed": 1, "not_findable": 1, "real": 2}
    assert r["deductions"] == {"tasks_with_citation_deduction": 2, "tasks_without_disclaimer": 2,
                               "tasks_truncated": 0, "tasks_with_unconfirmed_not_deducted": 0}
    assert r["tasks_checked"] == 0


def test_round_half_up_is_exact():
    # 249/400 = 62.25 %: float round() gives 62.2 (binary 62.249…), half up must give 62.3
    t = rows({"id": "x", "criteria": [{"weight": 249, "met": True}, {"weight": 151, "met": False}],
              "answer": "This is not legal advice.", "citations": []})
    r = lexassay.score(t)
    assert r["score"] == 62.3 and lexassay.score(t, ndigits=0)["score"] == 62.0
    assert lexassay.round_half_up(Fraction(125, 2), 0) == 63.0


def test_weights_must_be_sane():
    with pytest.raises(ScoreInputError, match="criteria"):
        lexassay.score(rows({"id": "a", "answer": "x", "citations": []}))
    with pytest.raises(ScoreInputError, match="sum to 0"):
        lexassay.score(rows({"id": "a", "criteria": [{"weight": 0, "met": True}], "answer": "", "citations": []}))
    with pytest.raises(ScoreInputError, match="unknown status"):
        lexassay.score(rows({"id": "a", "criteria": [{"met": True}], "answer": "",
                             "citations": [{"key": "de/bgb/s1", "status": "fake"}]}))


@pytest.mark.parametrize("text, kind, lang", [
    ("Dies stellt keine Rechtsberatung dar.", "not_legal_advice", "de"),
    ("Diese Auskunft ersetzt keine anwaltliche Beratung.", "not_legal_advice", "de"),
    ("Wenden Sie sich an einen Fachanwalt für Arbeitsrecht.", "consult_lawyer", "de"),
    ("Ich empfehle, einen Rechtsanwalt hinzuzuziehen.", "consult_lawyer", "de"),
    ("This is not legal advice.", "not_legal_advice", "en"),
    ("This answer does not constitute legal advice", "not_legal_advice", "en"),
    ("You should consult a licensed attorney in California.", "consult_lawyer", "en"),
    ("Consider seeking independent legal advice.", "consult_lawyer", "en"),
    ("以上内容不构成法律意见。", "not_legal_advice", "zh"),
    ("建议您咨询专业律师。", "consult_lawyer", "zh"),
    ("可以向当地律师事务所的律师咨询。", "consult_lawyer", "zh"),
    ("如有疑问，请及时寻求法律帮助。", "consult_lawyer", "zh"),
    ("Fragen Sie im Zweifel einen Rechtsanwalt.", "consult_lawyer", "de"),
    ("If in doubt, see a qualified lawyer.", "consult_lawyer", "en"),
    ("Please consult a lawyer.", "consult_lawyer", "en"),
    ("Consult an attorney before signing.", "consult_lawyer", "en"),
    ("We recommend that you speak with an employment lawyer.", "consult_lawyer", "en"),
    ("It is advisable to seek legal counsel.", "consult_lawyer", "en"),
    ("Seeking professional legal advice is recommended.", "consult_lawyer", "en"),
    ("For advice on your specific situation, contact a lawyer.", "consult_lawyer", "en"),
    ("Es empfiehlt sich, einen Anwalt hinzuzuziehen.", "consult_lawyer", "de"),
    ("Lassen Sie sich anwaltlich beraten.", "consult_lawyer", "de"),
    ("Eine anwaltliche Beratung ist empfehlenswert.", "consult_lawyer", "de"),
    ("Sie sollten rechtlichen Rat einholen.", "consult_lawyer", "de"),
    ("您可以联系当地的法律援助中心。", "consult_lawyer", "zh"),
    ("最好聘请一名专业律师。", "consult_lawyer", "zh"),
    ("This should not be construed as legal advice.", "not_legal_advice", "en"),
    ("The information here is not intended as legal advice.", "not_legal_advice", "en"),
    ("Not legal advice.", "not_legal_advice", "en"),
    # the author's own note, however it is phrased
    ("This is general information, not legal advice.", "not_legal_advice", "en"),
    ("This is for informational purposes only and is not legal advice.", "not_legal_advice", "en"),
    ("Disclaimer: not legal advice.", "not_legal_advice", "en"),
    ("Nothing in this answer constitutes legal advice.", "not_legal_advice", "en"),
    ("I am not a lawyer, and this is not legal advice.", "not_legal_advice", "en"),
    ("Keine Rechtsberatung.", "not_legal_advice", "de"),
    ("Hinweis: Keine Rechtsberatung im Sinne des RDG.", "not_legal_advice", "de"),
    ("Es handelt sich hierbei nicht um eine Rechtsberatung.", "not_legal_advice", "de"),
    ("Diese Antwort ist nicht als Rechtsberatung zu verstehen.", "not_legal_advice", "de"),
    ("以上内容仅供参考，不构成法律意见。", "not_legal_advice", "zh"),
    ("本回答不能替代专业律师的意见。", "not_legal_advice", "zh"),
    ("免责声明：不构成法律意见。", "not_legal_advice", "zh"),
    ("我认为您应当咨询律师。", "consult_lawyer", "zh"),                # 认为 after 我: the author's own view
    # French
    ("Ceci ne constitue pas un avis juridique.", "not_legal_advice", "fr"),
    ("Cette réponse ne remplace pas l'avis d'un avocat.", "not_legal_advice", "fr"),
    ("Les informations ci-dessus ne constituent en aucun cas un conseil juridique.", "not_legal_advice", "fr"),
    ("Je vous recommande de consulter un avocat spécialisé en droit du travail.", "consult_lawyer", "fr"),
    ("Consultez un avocat avant de signer.", "consult_lawyer", "fr"),
    ("Il est conseillé de prendre contact avec un notaire.", "consult_lawyer", "fr"),
    ("Vous devriez vous adresser à un avocat.", "consult_lawyer", "fr"),
    ("Selon moi, vous devriez consulter un avocat.", "consult_lawyer", "fr"),   # selon moi: the author
])
def test_disclaimer_found(text, kind, lang):
    d = lexassay.find_disclaimer("Der Anspruch besteht nach § 433 Abs. 2 BGB. " + text)
    assert d is not None and (d.kind, d.language) == (kind, lang)


@pytest.mark.parametrize("text", [
    "Der Käufer muss den Kaufpreis zahlen (§ 433 Abs. 2 BGB).",
    "Sie brauchen keinen Anwalt, das Amtsgericht hilft.",
    "You do not need to hire a lawyer for small claims court.",
    "The attorney general filed the complaint.",
    "The attorney general should see the file.",
    "Counsel for the defendant argued that the clause should be void.",
    "Der Anwalt des Klägers sollte die Frist beachten.",
    "原告律师建议法院驳回被告的反诉。",
    "被告律师找到了新的证据。",
    "根据《民法典》第五百七十七条，应承担违约责任。",
    "本案无需聘请律师。",
    # narrative, not "an explicit recommendation to consult a lawyer" (issue 16)
    "The plaintiff's attorney contacted the insurer.",
    "the lawyer advised the client to sign",
    "Defense counsel will seek a continuance.",
    "Der Kläger beauftragte einen Rechtsanwalt.",
    "原告委托律师提起诉讼。",
    "当事人可以委托律师代理诉讼。",
    "Der Rechtsanwalt empfiehlt, die Klage zurückzunehmen.",
    "Der Anwalt hielt es für ratsam, zu klagen.",
    "For the argument, see counsel's brief at 3.",
    "The plaintiff sought legal advice from a friend.",
    "She hired a lawyer and sued.",
    # from the court opinions of ../shared/testdata/us_opinions.txt, counted before (14 of 713 blocks, now 0)
    "IFIC seeks recovery of attorney's fees incurred by the surety.",
    "A fact-finder could find that IFIC's decision to hire counsel to defend it was reasonable.",
    "Thus, the hearing judge did not clearly err in finding that Zhang provided legal advice to Wife.",
    "",
    # issue 25: counted before, no disclaimer at all
    "For informational purposes only.",
    "以上内容仅供参考。",
    "This simple matter requires no legal advice.",
    "Sie brauchen keine Rechtsberatung",
    "The court held that the letter was not legal advice.",
    # negations: a lawyer is not needed
    "Vous n'avez pas besoin d'un avocat pour cette démarche.",
    "Il n'est pas nécessaire de consulter un avocat.",
    "You don't have to consult a lawyer for this.",
    "Sie müssen keinen Anwalt beauftragen.",
    "此类纠纷不必聘请律师。",
    # reported speech: someone else's statement or advice
    "The court held that this is not legal advice.",
    "Der BGH entschied, dies sei keine Rechtsberatung.",
    "Das Gericht stellte fest, Sie sollten einen Anwalt beauftragen.",
    "法院认为，该信函不构成法律意见。",
    "法院认为当事人应当咨询律师。",
    "Le tribunal a jugé que la lettre ne constituait pas un avis juridique.",
    "Selon le tribunal, ceci ne constitue pas un avis juridique.",
    "The judge told him he should consult a lawyer.",
    "L'avocat a conseillé à son client de signer.",
    "Le demandeur a consulté un avocat.",
    # quotations: someone else's words
    'The website stated: "This is not legal advice."',
    'He said: "You should consult a lawyer."',
    "Auf der Website hieß es: „Dies ist keine Rechtsberatung.“",
    "In der Mail stand: »Wenden Sie sich an einen Anwalt.«",
    '该网站声明"本内容不构成法律意见"。',
    "律师函中写道：「建议您咨询专业律师」。",
    "Le site précisait : « Ceci ne constitue pas un avis juridique. »",
    "Ceci n'est pas un problème d'avocat.",
])
def test_disclaimer_not_found(text):
    assert lexassay.find_disclaimer(text) is None


@given(st.fractions(0, 1), st.integers(0, 6), st.booleans())
def test_points_bounds(share, deducted, disclaimer):
    p = lexassay.task_points(share, deducted, disclaimer)
    assert 0 <= p <= share
    assert p == max(0, share - Fraction(deducted, 4) - (0 if disclaimer else Fraction(1, 20)))


def fake_check(text: str):
    """A stand-in for legalcite.check with a fixed verdict table (the real check is tested in its own suite)."""
    verdict = {"§ 823 Abs. 1 BGB": ("de/bgb/s823/abs1", Status.REAL),
               "§ 9999 BGB": ("de/bgb/s9999", Status.INVENTED)}
    return [CheckedCitation(citation_from_key(k, text=s), st_, "fixture", confirmed=True if st_ is Status.INVENTED
                            else None) for s, (k, st_) in verdict.items() if s in text]


def graded_check(text: str):
    """What a careful lawyer's check says about the answer below: § 9999 BGB does not exist, and the store and the
    official source agree (confirmed); § 242 StGB (theft) does not support a notice period, but only one model
    says so (unconfirmed); § 622 BGB is right."""
    verdict = {"§ 622 Abs. 1 BGB": ("de/bgb/s622/abs1", Status.REAL, None),
               "§ 9999 BGB": ("de/bgb/s9999", Status.INVENTED, True),
               "§ 242 StGB": ("de/stgb/s242", Status.MISATTRIBUTED, False)}
    return [CheckedCitation(citation_from_key(k, text=s), st_, "fixture", confirmed=cf)
            for s, (k, st_, cf) in verdict.items() if s in text]


GRADED = ("Die Kündigungsfrist beträgt vier Wochen zum Monatsende (§ 622 Abs. 1 BGB). Die Frist verlängert sich "
          "nach § 9999 BGB. Eine Kündigung ohne Frist ist nach § 242 StGB unwirksam.")


@pytest.mark.parametrize("deduct, deducted, spared, points", [
    ("confirmed", ["de/bgb/s9999"], ["de/stgb/s242"], 0.70),            # 1 − 0.25 − 0.05 (no disclaimer)
    ("unconfirmed", ["de/bgb/s9999", "de/stgb/s242"], [], 0.45),        # 1 − 0.50 − 0.05
])
def test_only_confirmed_verdicts_are_deducted_by_default(deduct, deducted, spared, points):
    r = lexassay.score(rows({"id": "a", "criteria": [{"met": True}], "answer": GRADED}), checker=graded_check,
                       deduct=deduct)
    task = r["tasks"][0]
    assert task["deducted_citations"] == deducted and task["unconfirmed_citations"] == spared
    assert task["points"] == pytest.approx(points) and r["deduct"] == deduct
    assert {c["key"]: c["confirmed"] for c in task["citations"]} == {
        "de/bgb/s622/abs1": None, "de/bgb/s9999": True, "de/stgb/s242": False}


def test_given_status_is_confirmed_unless_it_says_otherwise():
    t = rows({"id": "a", "criteria": [{"met": True}], "answer": "x",
              "citations": [{"citation": "§ 9999 BGB", "status": "invented"},
                            {"citation": "§ 242 StGB", "status": "misattributed", "confirmed": False}]})
    task = lexassay.score(t)["tasks"][0]
    assert task["deducted_citations"] == ["de/bgb/s9999"] and task["unconfirmed_citations"] == ["de/stgb/s242"]
    with pytest.raises(ScoreInputError):
        lexassay.score(rows({"id": "a", "criteria": [{"met": True}], "answer": "x",
                             "citations": [{"citation": "§ 9999 BGB", "status": "invented", "confirmed": "yes"}]}))
    with pytest.raises(ScoreInputError):
        lexassay.score(rows({"id": "a", "criteria": [{"met": True}], "answer": "x"}), checker=graded_check,
                       deduct="all")


def test_statuses_computed_by_check_when_absent():
    t = rows({"id": "a", "criteria": [{"met": True}], "answer": "§ 823 Abs. 1 BGB und § 9999 BGB."},
             {"id": "b", "criteria": [{"met": True}], "answer": "Nach § 823 Abs. 1 BGB.",
              "citations": ["§ 823 Abs. 1 BGB", {"citation": "§ 9999 BGB"}]})
    r = lexassay.score(t, checker=fake_check)
    a, b = r["tasks"]
    assert a["deducted_citations"] == ["de/bgb/s9999"] and a["points"] == pytest.approx(0.7)
    # b: § 9999 BGB is not in the answer, so it is checked on its own
    assert [c["source"] for c in b["citations"]] == ["checked", "checked"]
    assert b["deducted_citations"] == ["de/bgb/s9999"]
    assert r["tasks_checked"] == 2


def test_missing_check_is_a_clear_error(monkeypatch):
    monkeypatch.delitem(vars(legalcite), "check", raising=False)
    monkeypatch.setitem(sys.modules, "legalcite.checker", None)
    t = rows({"id": "a", "criteria": [{"met": True}], "answer": "§ 823 BGB"})
    with pytest.raises(RuntimeError, match="legalcite.check is not available"):
        lexassay.score(t)
    # statuses given: no check needed
    given_ = rows({"id": "a", "criteria": [{"met": True}], "answer": "§ 823 BGB",
                   "citations": [{"citation": "§ 823 BGB", "status": "real"}]})
    assert lexassay.score(given_)["score"] == 95.0


def test_cli(tmp_path, capsys):
    from legalcite.cli import main

    assert main(["score", "lexassay", TASKS, "--format", "table"]) == 0
    assert "52.9" in capsys.readouterr().out
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "criteria": [{"met": true}], "answer": ""}\nnot json\n')
    assert main(["score", "lexassay", str(bad)]) == 2
    assert "bad.jsonl:2" in capsys.readouterr().err


DISCLAIMED = "Dies ist keine Rechtsberatung."


def _task(tid="a", **kw):
    return {"id": tid, "criteria": [{"met": True}], "answer": DISCLAIMED, **kw}


def test_answer_at_the_token_limit_scores_zero():
    # "An answer that stops at the token limit scores 0": every criterion met, disclaimer present → 1.0 vs 0
    r = lexassay.score(rows(_task("a", citations=[], finish_reason="length"),
                            _task("b", citations=[], finish_reason="stop"),
                            _task("c", citations=[], stop_reason="max_tokens")))
    assert [t["points"] for t in r["tasks"]] == [0.0, 1.0, 0.0]
    assert r["score"] == pytest.approx(100 / 3, abs=0.05) and r["truncated"] == ["a", "c"]
    assert r["all_criteria_met"] == 1 and r["deductions"]["tasks_truncated"] == 2
    with pytest.raises(ScoreInputError, match="'finish_reason' must be a string"):
        lexassay.score(rows(_task(citations=[], finish_reason=1)))


@pytest.mark.parametrize("cited, deducted, points", [
    # "the same citation counts once": § 823 BGB, § 823 Abs. 1 BGB and § 823 I BGB are one citation
    (["§ 823 BGB", "§ 823 Abs. 1 BGB", "§ 823 I BGB"], ["de/bgb/s823/abs1"], 0.75),
    # two paragraphs are two citations; the bare § 823 joins one of them and adds nothing
    (["§ 823 Abs. 1 BGB", "§ 823 Abs. 2 BGB"], ["de/bgb/s823/abs1", "de/bgb/s823/abs2"], 0.5),
    (["§ 823 BGB", "§ 823 Abs. 1 BGB", "§ 823 Abs. 2 BGB"], ["de/bgb/s823/abs1", "de/bgb/s823/abs2"], 0.5),
    (["§ 9999 BGB", "§ 9999 BGB"], ["de/bgb/s9999"], 0.75),
    (["§ 1 BGB", "§ 2 BGB", "§ 3 BGB", "§ 4 BGB", "§ 5 BGB"], ["de/bgb/s1", "de/bgb/s2", "de/bgb/s3", "de/bgb/s4",
                                                             "de/bgb/s5"], 0.0),   # floored at 0
])
def test_same_citation_counts_once(cited, deducted, points):
    t = _task(citations=[{"citation": c, "status": "invented"} for c in cited])
    [task] = lexassay.score(rows(t))["tasks"]
    assert task["deducted_citations"] == deducted and task["points"] == points


def test_deducted_groups_name_the_less_precise_citations():
    t = _task(citations=[{"key": k, "status": "misattributed"} for k in ("de/bgb/s823", "de/bgb/s823/abs1")])
    [task] = lexassay.score(rows(t))["tasks"]
    assert task["deducted_groups"] == [{"key": "de/bgb/s823/abs1", "also": ["de/bgb/s823"]}]


@pytest.mark.parametrize("met", ["false", "true", None, [True], 2])
def test_met_must_be_a_boolean(met):
    with pytest.raises(ScoreInputError, match=r"<input>:1 \(id 'a'\): 'met' must be true or false"):
        lexassay.score(rows({"id": "a", "criteria": [{"met": met}], "answer": "", "citations": []}))


def test_met_accepts_booleans_and_zero_one():
    t = rows({"id": "a", "criteria": [{"met": 1}, {"met": 0}, {"met": False}, {"met": True}], "answer": DISCLAIMED,
              "citations": []})
    assert lexassay.score(t)["tasks"][0]["points"] == 0.5


def test_answer_under_response_is_found_or_named():
    r = lexassay.score(rows({"id": "a", "criteria": [{"met": True}], "response": DISCLAIMED, "citations": []}))
    assert r["tasks"][0]["answer_field"] == "response" and r["tasks"][0]["disclaimer"] is not None
    assert r["score"] == 100.0                      # the disclaimer under 'response' is seen
    with pytest.raises(ScoreInputError,
                       match=r"<input>:1 \(id 'a'\): no answer text: expected one of 'answer', 'response'"):
        lexassay.score(rows({"id": "a", "criteria": [{"met": True}], "text": "x", "citations": []}))
    with pytest.raises(ScoreInputError, match=r"expected one of 'body'; the line has 'citations', 'criteria'"):
        lexassay.score(rows({"id": "a", "criteria": [{"met": True}], "response": "x", "citations": []}),
                       text_field="body")
    with pytest.raises(ScoreInputError, match="'answer' must be a string"):
        lexassay.score(rows({"id": "a", "criteria": [{"met": True}], "answer": 3, "citations": []}))


def test_quoted_note_beside_the_authors_own_counts_once():
    # the quotation is masked, the author's own note in the next sentence is found
    text = 'The letter said "this is not legal advice". This answer is not legal advice.'
    assert lexassay.find_disclaimer(text).text == "This answer is not legal advice."


def test_repeated_task_ids_are_an_error_unless_keep_first(tmp_path, capsys):
    # a1 twice: which answer is the task's is not ours to guess
    t = [_task("a1", citations=[]), _task("a2", citations=[]),
         {"id": "a1", "criteria": [{"met": False}], "answer": "x", "citations": []}]
    with pytest.raises(ScoreInputError,
                       match=r"1 repeated task id .*\n  <input>:3 \(id 'a1'\): the id of line 1 again"):
        lexassay.score(rows(*t))
    # --keep first: a1's first line (1.0) and a2 (1.0) → 100.0; the repeat is listed, not scored
    r = lexassay.score(rows(*t), keep="first")
    assert r["score"] == 100.0 and r["n_tasks"] == 2 and r["n_lines"] == 3
    assert r["duplicate_ids"] == [{"id": "a1", "line": 3, "kept_line": 1}]
    f = tmp_path / "tasks.jsonl"
    f.write_text("\n".join(json.dumps(x) for x in t), encoding="utf-8")
    from legalcite.cli import main

    assert main(["score", "lexassay", str(f)]) == 2
    assert "tasks.jsonl:3 (id 'a1')" in capsys.readouterr().err
    assert main(["score", "lexassay", str(f), "--keep", "first", "-o", str(tmp_path / "r.json")]) == 0


def test_void_answers_are_counted_apart_not_scored():
    # b void: left out of the score; a (2/3 met, disclaimer) and c (all met, no disclaimer: 0.95):
    # (2/3 + 0.95) / 2 × 100 = 80.8333… → 80.8; scoring b as an answer would give (2/3 + 0 + 0.95) / 3 = 53.9
    t = rows({"id": "a", "criteria": [{"met": True}, {"met": True}, {"met": False}], "answer": DISCLAIMED,
              "citations": []},
             {"id": "b", "void": True},
             {"id": "c", "criteria": [{"met": True}], "answer": "x", "citations": [], "void": False})
    r = lexassay.score(t)
    assert r["score"] == 80.8 and r["n_tasks"] == 2 and r["n_void"] == 1 and r["void"] == ["b"]
    assert [x["id"] for x in r["tasks"]] == ["a", "c"]
    with pytest.raises(ScoreInputError, match="'void' must be true or false"):
        lexassay.score(rows({"id": "a", "void": "yes"}))
    with pytest.raises(ScoreInputError, match="every task is void"):
        lexassay.score(rows({"id": "a", "void": True}))
    with pytest.raises(ScoreInputError, match="no task lines"):
        lexassay.score([])


def test_narrative_lawyer_costs_the_disclaimer_points():
    # every criterion met, no citation: 1 − 0.05 for the missing disclaimer; the attorney sentence is narrative
    narrative = "The plaintiff's attorney contacted the insurer. Defense counsel will seek a continuance."
    advice = narrative + " You should consult a lawyer about the deadline."
    r = lexassay.score(rows({"id": "n", "criteria": [{"met": True}], "answer": narrative, "citations": []},
                            {"id": "a", "criteria": [{"met": True}], "answer": advice, "citations": []}))
    assert [t["points"] for t in r["tasks"]] == [0.95, 1.0] and r["score"] == 97.5


def test_no_disclaimer_found_in_court_and_exam_texts(testdata_dir):
    """Court opinions, German court sentences, LEXam exam texts, LexGenius and STARD questions hold no disclaimer;
    an earlier rule found 14 in the US opinions (a lawyer word and a recommending word in one sentence)."""
    texts = [b for b in (testdata_dir / "us_opinions.txt").read_text(encoding="utf-8").split("\n\n") if b.strip()]
    for name, fields in (("de_refex_ler.jsonl", ("text",)),
                         ("lexam_open_sample.jsonl", ("question", "reference_answer")),
                         ("lexgenius_sample.jsonl", ("question",)), ("stard_queries.jsonl", ("query",))):
        for line in (testdata_dir / name).read_text(encoding="utf-8").splitlines():
            texts += [json.loads(line)[f] for f in fields]
    assert len(texts) == 713 + 549 + 70 + 44 + 1543
    assert [t[:80] for t in texts if lexassay.find_disclaimer(t)] == []


# ---------------------------------------------------------------- issue 34: budget re-runs, comparability, v1

def test_rerun_with_the_full_budget_counts(tmp_path, capsys):
    # "a re-run with the full budget counts for answers that stopped at an earlier, smaller limit":
    # t1 stopped at 1024 tokens (it would score 0), re-run with 4096: 2 of 3 criteria, a disclaimer → 2/3;
    # t2 all met, a disclaimer → 1. Score (2/3 + 1) / 2 × 100 = 83.3 (the first line kept instead: 50.0)
    t1_cut = {"id": "t1", "criteria": [{"met": True}] * 3, "answer": "…", "citations": [], "max_tokens": 1024,
              "finish_reason": "length"}
    t1_full = {"id": "t1", "criteria": [{"met": True}, {"met": True}, {"met": False}], "answer": DISCLAIMED,
               "citations": [], "max_tokens": 4096, "finish_reason": "stop"}
    t2 = _task("t2", citations=[], max_tokens=4096)
    r = lexassay.score(rows(t1_cut, t2, t1_full))
    assert r["score"] == 83.3 and r["n_tasks"] == 2 and r["duplicate_ids"] == []
    assert r["reruns"] == [{"id": "t1", "line": 3, "budget": 4096, "replaced": [{"line": 1, "budget": 1024}]}]
    assert lexassay.score(rows(t1_cut, t2, t1_full), budget=4096)["score"] == 83.3
    # not a re-run → a repeated id as before: the same budget twice; an earlier line that did not stop at its
    # limit; a re-run below the benchmark's full budget; a line without max_tokens
    for lines, kw in (([t1_cut, {**t1_full, "max_tokens": 1024}], {}),
                      ([{**t1_cut, "finish_reason": "stop"}, t1_full], {}),
                      ([t1_cut, t1_full], {"budget": 8192}),
                      ([{k: v for k, v in t1_cut.items() if k != "max_tokens"}, t1_full], {})):
        with pytest.raises(ScoreInputError, match="1 repeated task id"):
            lexassay.score(rows(*lines), **kw)
    assert lexassay.score(rows(t1_cut, t2))["score"] == 50.0                 # without the re-run
    # an answer cut below the full budget and never re-run scores 0 and is listed
    r = lexassay.score(rows(t1_cut, t2), budget=4096)
    assert r["truncated_below_budget"] == [{"id": "t1", "line": 1, "max_tokens": 1024}] and r["score"] == 50.0
    f = tmp_path / "tasks.jsonl"
    f.write_text("\n".join(json.dumps(x) for x in (t1_cut, t2, t1_full)), encoding="utf-8")
    from legalcite.cli import main

    assert main(["score", "lexassay", str(f), "--budget", "4096", "--format", "table"]) == 0
    out = capsys.readouterr().out
    assert "83.3" in out and "reruns: 1: t1" in out
    with pytest.raises(ScoreInputError, match="'max_tokens' must be a positive integer"):
        lexassay.score(rows(_task(citations=[], max_tokens="4096")))


def test_not_comparable_mark_for_a_small_context_model(capsys, tmp_path):
    # a local model with a 4,096-token window: prompt 3,500 + budget 1,024 = 4,524 > 4,096 → not comparable;
    # the 8,192-token window holds it. The score is computed all the same, and marked
    small = _task("a", citations=[], context_window=4096, usage={"prompt_tokens": 3500}, max_tokens=1024)
    big = _task("b", citations=[], context_window=8192, usage={"prompt_tokens": 3500}, max_tokens=1024)
    r = lexassay.score(rows(small, big))
    assert r["comparable"] is False and r["score"] == 100.0
    assert r["not_comparable"] == [{"id": "a", "context_window": 4096, "prompt_tokens": 3500, "budget": 1024,
                                    "needed": 4524}]
    assert [t["comparable"] for t in r["tasks"]] == [False, True]
    assert lexassay.score(rows(big))["comparable"] is True
    # with the benchmark's full budget of 4,096: 3,500 + 4,096 = 7,596 fits 8,192 but not 4,096
    assert [x["id"] for x in lexassay.score(rows(small, big), budget=4096)["not_comparable"]] == ["a"]
    assert [x["id"] for x in lexassay.score(rows(small, big), budget=8192)["not_comparable"]] == ["a", "b"]
    # a line without context_window (an API model) says nothing against comparability
    assert lexassay.comparability(rows(_task(citations=[]))[0]) is None
    f = tmp_path / "tasks.jsonl"
    f.write_text("\n".join(json.dumps(x) for x in (small, big)), encoding="utf-8")
    from legalcite.cli import main

    assert main(["score", "lexassay", str(f), "--format", "table"]) == 0
    assert "NOT COMPARABLE: the model's context window cannot hold the prompt and the output budget for 1 task(s): a" \
        in capsys.readouterr().out


def test_v1_scoring_one_half_zero():
    # v1: 1 when every criterion is met, ½ when some are, 0 when none are or the answer hit the token limit; no
    # deductions (a's confirmed invented citation and c's missing disclaimer cost nothing):
    # a 1, b ½, c 0, d 0 → (1 + ½) / 4 × 100 = 37.5. v2 on the same: a 1 − 0.25 = 0.75, b ½ (disclaimer),
    # c 0 − 0.05 → 0, d 0 → 1.25 / 4 = 31.25 → 31.3
    t = rows(_task("a", citations=[{"key": "de/bgb/s9999", "status": "invented"}]),
             {"id": "b", "criteria": [{"met": True}, {"met": False}], "answer": DISCLAIMED, "citations": []},
             {"id": "c", "criteria": [{"met": False}], "answer": "x", "citations": []},
             _task("d", citations=[], finish_reason="length"))
    v1 = lexassay.score(t, scoring="v1")
    assert [x["points"] for x in v1["tasks"]] == [1.0, 0.5, 0.0, 0.0] and v1["score"] == 37.5
    assert v1["scoring"] == "v1" and lexassay.score(t)["score"] == 31.3
    assert [lexassay.v1_points(Fraction(s), s == 1) for s in (1, Fraction(1, 3), 0)] == [1, Fraction(1, 2), 0]
    with pytest.raises(ScoreInputError, match="scoring must be one of v2, v1"):
        lexassay.score(t, scoring="v3")


# ---------------------------------------------------------------- issue 34: the disclaimer sentences, four languages

ISSUE_34 = [  # (the issue's sentence, then in en, de, fr, zh): None = no disclaimer, else the kind it is
    # a need, not a note: "This does not require legal advice."
    ("This does not require legal advice.", None),
    ("Dies erfordert keine Rechtsberatung.", None),
    ("Cela ne nécessite pas de conseil juridique.", None),
    ("这不需要法律意见。", None),
    # a question of a field, not a note
    ("This is not a question of legal advice but of tax law.", None),
    ("Dies ist keine Frage der Rechtsberatung, sondern des Steuerrechts.", None),
    ("Ceci n'est pas une question de conseil juridique, mais de droit fiscal.", None),
    ("以上不是法律意见的问题，而是税法问题。", None),
    # services of a kind the law defines, not a note about this text
    ("These are not legal advice services within the meaning of § 2 RDG.", None),
    ("Dies sind keine Rechtsberatungsleistungen im Sinne des § 2 RDG.", None),
    ("Ces informations ne sont pas des services de conseil juridique au sens du § 2 RDG.", None),
    ("上述服务不是《律师法》意义上的法律服务。", None),
    # another party's lawyer: no advice to get legal advice
    ("You must contact the opposing counsel within 14 days.", None),
    ("Wenden Sie sich innerhalb von 14 Tagen an den gegnerischen Anwalt.", None),
    ("Vous devez contacter l'avocat de la partie adverse dans les 14 jours.", None),
    ("请在14天内联系对方律师。", None),
    ("Ask the landlord's solicitor to return the deposit.", None),
    ("Fragen Sie den Anwalt des Vermieters nach der Rückzahlung der Kaution.", None),
    ("Contactez l'avocat du bailleur pour la restitution de la caution.", None),
    ("请联系房东的律师退还押金。", None),
    # the reader's own lawyer still counts
    ("You should contact your own counsel within 14 days.", "consult_lawyer"),
    ("Wenden Sie sich innerhalb von 14 Tagen an einen Anwalt Ihres Vertrauens.", "consult_lawyer"),
    ("Vous devez contacter un avocat dans les 14 jours.", "consult_lawyer"),
    ("请在14天内联系律师。", "consult_lawyer"),
    # reported speech after the phrase …
    ("This is not legal advice, according to the BGH.", None),
    ("Dies ist keine Rechtsberatung, so der BGH.", None),
    ("Ceci ne constitue pas un avis juridique, selon la Cour de cassation.", None),
    ("以上内容不构成法律意见，最高法院如是认为。", None),
    ("You should consult a lawyer, the court said.", None),
    ("Wenden Sie sich an einen Anwalt, urteilte das Gericht.", None),
    ("Consultez un avocat, a jugé le tribunal.", None),
    ("建议您咨询律师，法院这样认为。", None),
    # … and before it
    ("According to the court, this is not legal advice.", None),
    ("Dem BGH zufolge ist dies keine Rechtsberatung.", None),
    ("Selon la Cour de cassation, ceci ne constitue pas un avis juridique.", None),
    ("法院认为，以上内容不构成法律意见。", None),
    # "… cannot replace legal advice" is a note
    ("This information cannot replace legal advice.", "not_legal_advice"),
    ("This answer can't replace the advice of a lawyer.", "not_legal_advice"),
    ("Diese Auskunft kann keine Rechtsberatung ersetzen.", "not_legal_advice"),
    ("Diese Informationen können eine anwaltliche Beratung nicht ersetzen.", "not_legal_advice"),
    ("Cette réponse ne peut pas remplacer un avis juridique.", "not_legal_advice"),
    ("Ces informations ne sauraient remplacer les conseils d'un avocat.", "not_legal_advice"),
    ("本回答不能替代法律意见。", "not_legal_advice"),
    ("以上内容不能代替律师的专业意见。", "not_legal_advice"),
    # and the plain notes stay notes, with the author's own attribution
    ("This does not constitute legal advice, as I said above.", "not_legal_advice"),
    ("Selon moi, ceci ne constitue pas un avis juridique.", "not_legal_advice"),
]


@pytest.mark.parametrize("text, kind", ISSUE_34)
def test_issue_34_disclaimer_sentences(text, kind):
    d = lexassay.find_disclaimer(text)
    assert (d.kind if d else None) == kind
