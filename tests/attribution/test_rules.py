"""Does the cited provision say what the answer claims (issue 31): the figures a claim states, the units of other
acts, the claim without its citation material, a question as the claim — pinned on the answers a careful lawyer
grades, against the small store (real statute text; no unit vectors, so BM25 and the rules decide)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from legalcite.attribution import attribution_result
from legalcite.checker import check
from legalcite.status import Status

ROOT = Path(__file__).resolve().parents[2]


def _statute(text: str, store: Path, **kw):
    return [cc for cc in check(text, store=store, **kw) if cc.citation.kind.value == "statute"]


def _one(text: str, store: Path, **kw):
    [cc] = _statute(text, store, **kw)
    return cc


def test_the_readme_first_example_is_judged_as_docs_statuses_says(small_store: Path) -> None:
    """docs/statuses.md gives "§ 242 StGB for a notice period" as its example of ``misattributed``; the README's
    first command checks examples/answers.jsonl, whose answer de-2 is that very case."""
    answers = {json.loads(line)["id"]: json.loads(line)["answer"]
               for line in (ROOT / "examples" / "answers.jsonl").read_text(encoding="utf-8").splitlines()}
    statuses = (ROOT / "docs" / "statuses.md").read_text(encoding="utf-8")
    assert "`§ 242 StGB` for a notice period" in statuses
    got = {cc.citation.key: cc for cc in check(answers["de-2"], store=small_store)}
    stgb = got["de/stgb/s242"]
    assert stgb.status is Status.MISATTRIBUTED and "fitting better: § 622 Abs. 1" in stgb.reason
    assert got["de/bgb/s823/abs7"].status is Status.INVENTED
    # "Under 42 U.S.C. § 1983 and Marbury v. Madison, …, the claim proceeds." claims nothing: no verdict on content
    usc = next(cc for cc in check(answers["us-1"], store=small_store) if cc.citation.key == "us/usc/t42/s1983")
    assert usc.status is Status.REAL and attribution_result(usc) == "no claim"


# (answer, status of its statute citation, the unit named as fitting better, in the reason): the figures a claim
# states against those the cited unit states; the control beside each wrong citation must stay real
FIGURES = [
    ("Die Kündigungsschutzklage muss innerhalb von drei Wochen nach Zugang der Kündigung erhoben werden "
     "(§ 1 KSchG).", Status.MISATTRIBUTED, "KSchG"),
    ("Die Kündigungsschutzklage muss innerhalb von drei Wochen nach Zugang der Kündigung erhoben werden "
     "(§ 4 KSchG).", Status.REAL, None),
    ("Die Probezeit darf auf höchstens drei Monate verlängert werden (Art. 335c OR).", Status.MISATTRIBUTED,
     "Art. 335b Abs. 2"),
    ("Die Probezeit darf auf höchstens drei Monate verlängert werden (Art. 335b OR).", Status.REAL, None),
    ("劳动合同期限三个月以上不满一年的，试用期不得超过一个月（《劳动合同法》第二十条）。", Status.MISATTRIBUTED,
     "第十九条"),
    ("劳动合同期限三个月以上不满一年的，试用期不得超过一个月（《劳动合同法》第十九条）。", Status.REAL, None),
    # the words that introduce a list apply to each item: a figure stated there is the item's, not its sibling's
    ("Schadensersatzansprüche aus der vorsätzlichen Verletzung des Lebens oder des Körpers verjähren in 30 Jahren "
     "(§ 197 Abs. 1 Nr. 1 BGB).", Status.REAL, None),
    ("Mängelansprüche bei einem Bauwerk verjähren in fünf Jahren (§ 438 Abs. 1 Nr. 2 lit. a BGB).", Status.REAL,
     None),
    ("Mängelansprüche bei einem Bauwerk verjähren in fünf Jahren (§ 438 Abs. 1 Nr. 3 BGB).", Status.MISATTRIBUTED,
     "§ 438 Abs. 1"),
    # a figure of the facts is no figure of the law: the right unit stays real
    ("Der Käufer zahlte 5.000 EUR; wegen des Mangels kann er den Kaufpreis mindern (§ 441 Abs. 1 BGB).",
     Status.REAL, None),
]


@pytest.mark.parametrize("text, status, better", FIGURES)
def test_a_figure_the_cited_unit_does_not_state(small_store: Path, text: str, status: Status,
                                                better: str | None) -> None:
    cc = _one(text, small_store)
    assert cc.status is status, cc.reason
    if better:
        assert ("it does not state" in cc.reason or "only of something else" in cc.reason)
        assert better in cc.reason.split("fitting better:")[1]


# a heading-like claim of two words: too short for the models, compared across acts only where the cited unit holds
# none of its words and another act's unit holds them all
SHORT = [
    ("Aufgaben der Schlichtungsbehörde (Art. 28 ZGB).", Status.MISATTRIBUTED, "Art. 201 ZPO"),
    ("Aufgaben der Schlichtungsbehörde (Art. 201 ZPO).", Status.REAL, None),
    ("Widerruf der Schenkung (§ 530 BGB).", Status.REAL, None),
    ("Widerruf der Schenkung (Art. 249 OR).", Status.REAL, None),   # the act holds the words: a parallel law
]


@pytest.mark.parametrize("text, status, better", SHORT)
def test_a_two_word_claim_is_compared_across_acts(small_store: Path, text: str, status: Status,
                                                  better: str | None) -> None:
    cc = _one(text, small_store)
    assert cc.status is status, cc.reason
    if better:
        assert better in cc.reason.split("fitting better:")[1]
        assert cc.evidence and any((e.details or {}).get("across", {}).get("short") for e in cc.evidence)


def test_figures_belong_to_the_citation_whose_clause_holds_them(small_store: Path) -> None:
    """Two citations in one sentence: the three years are § 195's, not § 199's (which says when the period
    begins); and a unit that fits better and is cited in the same sentence is no misattribution."""
    got = {cc.citation.key: cc for cc in _statute(
        "Die regelmäßige Verjährungsfrist beträgt drei Jahre (§ 195 BGB) und beginnt mit dem Schluss des Jahres, in "
        "dem der Anspruch entstanden ist (§ 199 Abs. 1 BGB).", small_store)}
    assert got["de/bgb/s195"].status is Status.REAL and got["de/bgb/s199/abs1"].status is Status.REAL
    wrong = {cc.citation.key: cc for cc in _statute(
        "Die regelmäßige Verjährungsfrist beträgt drei Jahre (§ 197 BGB) und beginnt mit dem Schluss des Jahres, in "
        "dem der Anspruch entstanden ist (§ 199 Abs. 1 BGB).", small_store)}
    assert wrong["de/bgb/s197"].status is Status.MISATTRIBUTED and "§ 195" in wrong["de/bgb/s197"].reason
    assert wrong["de/bgb/s199/abs1"].status is Status.REAL
    both = {cc.citation.key: cc for cc in _statute(
        "Das Gericht kann das Arbeitsverhältnis auf Antrag auflösen (§ 9 KSchG) und eine Abfindung von bis zu zwölf "
        "Monatsverdiensten festsetzen (§ 10 KSchG).", small_store)}
    assert all(cc.status is Status.REAL for cc in both.values())


def test_a_figure_at_the_cited_depth(small_store: Path) -> None:
    """The cited Absatz is what the claim is compared with; its other Absätze are searched first."""
    cc = _one("Die Kündigungsfrist verlängert sich auf zwei Monate, wenn das Arbeitsverhältnis fünf Jahre bestanden "
              "hat (§ 622 Abs. 1 BGB).", small_store)
    assert cc.status is Status.MISATTRIBUTED and "§ 622 Abs. 2" in cc.reason
    assert _one("Die Kündigungsfrist verlängert sich auf zwei Monate, wenn das Arbeitsverhältnis fünf Jahre "
                "bestanden hat (§ 622 Abs. 2 BGB).", small_store).status is Status.REAL


def test_the_claim_is_the_sentence_without_its_citation_material(small_store: Path) -> None:
    cc = _one("Under 42 U.S.C. § 1983 and Marbury v. Madison, 5 U.S. 137, 177 (1803), the claim proceeds.",
              small_store)
    ev = next(e for e in cc.evidence if e.source == "attribution")
    assert ev.details["result"] == "no claim" and "Madison" not in ev.details["statement"]
    for text in ("Die Klage ist begründet (§ 823 Abs. 1 BGB).", "See also 42 U.S.C. § 1983.",
                 "本案适用《中华人民共和国民法典》第五百七十七条。"):
        assert attribution_result(_one(text, small_store)) == "no claim", text


def test_a_bare_citation_is_judged_against_its_question(small_store: Path) -> None:
    question = "劳动合同期限三个月以上不满一年的，试用期最长可以约定多久？"
    right = "答：依据《中华人民共和国劳动合同法》第十九条的规定。"
    wrong = "答：依据《中华人民共和国劳动合同法》第三十九条的规定。"
    assert attribution_result(_one(wrong, small_store)) == "no claim"    # without it: nothing to judge
    judged = _one(wrong, small_store, question=question)
    assert judged.status is Status.MISATTRIBUTED
    ev = next(e for e in judged.evidence if e.source == "attribution")
    assert ev.details["claim"] == "question" and ev.details["statement"] == question
    assert _one(right, small_store, question=question).status is Status.REAL
    with pytest.raises(TypeError):
        check(right, store=small_store, question=3)


def test_the_question_field_reaches_the_cli(small_store: Path, tmp_path: Path) -> None:
    import subprocess
    import sys

    src = tmp_path / "qa.jsonl"
    src.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in (
        {"id": "q1", "question": "劳动合同期限三个月以上不满一年的，试用期最长可以约定多久？",
         "answer": "答：依据《中华人民共和国劳动合同法》第三十九条的规定。"},
        {"id": "q2", "answer": "答：依据《中华人民共和国劳动合同法》第三十九条的规定。"},   # no question: none asked
        {"id": "q3", "question": 7, "answer": "答：依据《中华人民共和国劳动合同法》第十九条的规定。"},
    )) + "\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "legalcite", "check", str(src), "--store", str(small_store),
                          "--question-field", "question"], capture_output=True, text=True)
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert run.returncode == 1 and "q3" in run.stderr and "question" in out[2]["error"]   # a bad field: its line
    assert out[0]["citations"][0]["status"] == "misattributed"
    assert out[1]["citations"][0]["status"] == "real" and out[1]["summary"]["attribution_no_claim"] == 1
