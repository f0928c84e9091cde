"""Misattribution (legalcite.attribution): hand-written statements, right and wrong, against real statute text.

The rule and its measured error rates are in the module docstring and docs/check.md; these cases pin the
behaviour the issue asks for: the obvious ``Kündigungsfrist … (§ 242 StGB)`` is caught, correct citations are not.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.attribution import assess, language_of, statement_for, work_index
from legalcite.checker import check
from legalcite.resolve.store import get_store
from legalcite.status import Status

WRONG = [
    ("Die Kündigungsfrist für Arbeitnehmer beträgt vier Wochen zum Fünfzehnten oder zum Ende eines "
     "Kalendermonats.", "de/stgb/s242"),
    ("Die Kündigungsfrist beträgt vier Wochen.", "de/stgb/s242"),
    ("Die regelmäßige Verjährungsfrist beträgt drei Jahre.", "de/bgb/s823"),
    ("Der Mieter muss die Miete monatlich im Voraus zahlen.", "de/bgb/s823"),
]
RIGHT = [
    ("Wer eine fremde bewegliche Sache wegnimmt, um sie sich rechtswidrig zuzueignen, macht sich wegen "
     "Diebstahls strafbar.", "de/stgb/s242"),
    ("Die Kündigungsfrist für Arbeitnehmer beträgt vier Wochen zum Fünfzehnten oder zum Ende eines "
     "Kalendermonats.", "de/bgb/s622"),
    ("Wer vorsätzlich oder fahrlässig das Eigentum eines anderen verletzt, ist zum Schadensersatz verpflichtet.",
     "de/bgb/s823"),
    ("Der Verkäufer hat dem Käufer die Sache frei von Sach- und Rechtsmängeln zu verschaffen.", "de/bgb/s433"),
    ("Ein Vertrag kommt durch Angebot und Annahme zustande.", "de/bgb/s145"),   # paraphrase: Antrag, Annahme
    ("Die regelmäßige Verjährungsfrist beträgt drei Jahre.", "de/bgb/s195"),
    ("Die Würde des Menschen ist unantastbar.", "de/gg/art1"),
    ("Der Arbeitnehmer hat Anspruch auf einen bezahlten Erholungsurlaub von mindestens 24 Werktagen.",
     "de/burlg/s3"),
]


WRONG += [
    ("当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。",
     "cn/中华人民共和国民法典/art1079"),
    ("用人单位应当按照劳动合同约定和国家规定，向劳动者及时足额支付劳动报酬。", "cn/中华人民共和国劳动合同法/art39"),
]
RIGHT += [
    ("一方不履行合同义务的，应当承担继续履行或者赔偿损失等违约责任。", "cn/中华人民共和国民法典/art577"),
    ("劳动者严重违反用人单位的规章制度的，用人单位可以解除劳动合同。", "cn/中华人民共和国劳动合同法/art39"),
    ("夫妻感情确已破裂，调解无效的，应当准予离婚。", "cn/中华人民共和国民法典/art1079"),
]


def _index(store_path: Path, key: str):
    store = get_store(store_path)
    jur, work = key.split("/")[:2]
    return work_index(store, jur, work, "zh" if jur == "cn" else "de")


@pytest.mark.parametrize("statement, key", WRONG)
def test_misattribution_is_flagged(small_store: Path, statement: str, key: str) -> None:
    a = assess(statement, key, _index(small_store, key))
    assert a.judged and a.misattributed, a


@pytest.mark.parametrize("statement, key", RIGHT)
def test_correct_citation_is_not_flagged(small_store: Path, statement: str, key: str) -> None:
    a = assess(statement, key, _index(small_store, key))
    assert a.judged and not a.misattributed, a


def test_not_judged_without_enough_text_or_in_another_language(small_store: Path) -> None:
    idx = _index(small_store, "de/bgb/s823")
    short = assess("Er haftet.", "de/bgb/s823", idx)
    english = assess("The landlord must return the deposit within two weeks of the tenancy ending.", "de/bgb/s823", idx)
    assert not short.judged and not short.misattributed
    assert not english.judged and not english.misattributed and "language" in english.note


def test_check_reports_scores_in_evidence(small_store: Path) -> None:
    text = "Die Kündigungsfrist beträgt vier Wochen (§ 242 StGB). Diebstahl wird bestraft, wer eine fremde " \
           "bewegliche Sache wegnimmt (§ 242 StGB)."
    first, second = check(text, store=small_store)
    assert first.status == Status.MISATTRIBUTED and "does not support" in first.reason
    assert second.status == Status.REAL
    ev = {e.source: e for e in first.evidence}["attribution"]
    assert ev.details["s_cited"] < ev.details["s_best"] and "Kündigungsfrist" in ev.details["statement"]
    assert check(text, store=small_store, attribution=False)[0].status == Status.REAL


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


def test_language_of() -> None:
    assert language_of("当事人一方不履行合同义务") == "zh"
    assert language_of("Der Schuldner ist verpflichtet, die Leistung zu bewirken.") == "de"
    assert language_of("The employer shall indemnify the employee.") == "en"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300), st.data())
def test_statement_for_never_raises(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    out = statement_for(text, start, end)
    assert isinstance(out, str) and len(out) <= len(text)


def test_numpy_and_pure_python_scores_agree(small_store: Path) -> None:
    pytest.importorskip("numpy")
    idx = _index(small_store, "de/bgb/s823")
    statement = "Die regelmäßige Verjährungsfrist beträgt drei Jahre und beginnt mit dem Schluss des Jahres."
    fast = idx.query(statement)
    np_mod, idx._np = idx._np, None
    try:
        slow = idx.query(statement)
    finally:
        idx._np = np_mod
    assert fast == slow and len(fast) > 10
