"""``legalcite.check``, ``check_line`` and ``legalcite check``: statuses with evidence, bad input, streaming."""
from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.checker import CheckOptions, check, check_citations, check_line, summarize
from legalcite.models import citation_from_key
from legalcite.status import Status
from tests.test_store import small_corpora, small_store  # noqa: F401  (shared session fixtures)

# (key, status, words the reason must contain)
KEY_CASES = [
    ("de/bgb/s823", "real", ["BGB § 823 exists"]),
    ("de/bgb/s823/abs1", "real", ["Abs. 1"]),
    ("de/bgb/s823/abs7", "invented", ["Absätze 1–2", "Abs. 7 does not exist"]),
    ("de/bgb/s9999", "invented", ["no § 9999"]),
    ("de/bgb/s1/abs2", "invented", ["no numbered Absätze"]),
    ("de/bgb/s1/abs1", "real", []),                         # the one unnumbered Absatz
    ("de/kschg/s1/abs3/satz1", "real", ["Satz 1"]),
    ("de/kschg/s1/abs3/satz9", "invented", ["Satz 9 does not exist"]),
    ("de/kschg/s1/abs2/nr1", "real", ["Nr. 1"]),
    ("de/kschg/s1/abs2/nr7", "invented", ["Nummern 1–2"]),
    ("de/bgb/s5", "repealed", ["weggefallen"]),
    ("de/sgb-v/s1/abs2", "real", ["not checked"]),          # TOC only: the § exists, its Absatz is unknown
    ("de/sgb-v/s9999", "invented", []),
    ("de/egbgb/art229/s99", "not_checked", ["partial"]),    # no complete TOC for EGBGB
    ("de/fantasieg/s1", "not_findable", ["fantasieg"]),
    ("cn/中华人民共和国民法典/art1079/para9", "invented", ["款 1–5", "第9款 does not exist"]),
    ("cn/中华人民共和国民法典/art1300", "invented", ["第1300条"]),
    ("cn/中华人民共和国民法典/art509/para2", "real", []),
    ("cn/中华人民共和国劳动合同法/art39/item2", "real", []),
    ("cn/中华人民共和国劳动合同法/art39/item9", "invented", ["项 1–6"]),
    ("cn/中华人民共和国刑法/art120-1", "real", []),
    ("cn/中华人民共和国合同法/art52", "repealed", ["2021-01-01", "中华人民共和国民法典"]),
    ("cn/中华人民共和国公司法/art1", "real", []),            # exists by the article count, no text
    ("cn/不存在的法/art1", "not_findable", []),
    ("us-ca/lab/s2802/z", "invented", ["(z) does not exist"]),
    ("us-ca/lab/s2802/a", "real", []),
    ("us-ca/lab/s99999", "invented", []),
    ("us-ca/civ/s1671/b", "not_checked", ["partial"]),      # 7 Civil Code sections only
    ("us-ca/civ/s1542", "real", []),
    ("us-ca/gov/s12940", "not_checked", []),
    ("us-ca/const/art1/s1", "real", []),
    ("us/const/amend14", "real", []),
    ("us/const/amend14/s1", "real", []),
    ("us/const/art1/s8/cl3", "real", []),
    ("us/const/art1/s8/cl30", "invented", ["cl. 30"]),
    ("us/const/amend18", "repealed", ["amend21"]),
    ("us/usc/t42/s1983", "real", []),
    ("us/usc/t42/s1983/a", "real", ["not checked"]),
    ("us/usc/t42/s99999", "invented", ["live sections"]),
    ("us/cfr/t29/s1", "not_checked", ["offline"]),
    ("ch/or/art41/abs1", "real", []),
    ("at/abgb/s1", "not_checked", ["no corpus for jurisdiction 'at'"]),
    ("us/case/5/u.s./137", "not_checked", ["offline"]),
]


@pytest.mark.parametrize("key, status, words", KEY_CASES, ids=[c[0] for c in KEY_CASES])
def test_status_by_key(small_store: Path, key: str, status: str, words: list[str]) -> None:
    cc = check_citations([citation_from_key(key)], store=small_store, date="2026-11-30")[0]
    assert cc.status.value == status, cc.reason
    for w in words:
        assert w in cc.reason
    d = cc.to_dict()
    assert d["status"] == status and d["reason"] == cc.reason
    if status in ("real", "invented", "repealed"):
        assert cc.evidence and cc.evidence[0].source.startswith("store:") and cc.evidence[0].snapshot


def test_evidence_has_url_and_snapshot(small_store: Path) -> None:
    cc = check_citations([citation_from_key("de/bgb/s823")], store=small_store)[0]
    ev = cc.evidence[0]
    assert ev.url == "https://www.gesetze-im-internet.de/bgb/__823.html"
    assert ev.snapshot == "2026-04-13" and "gesetze-corpus-data" in ev.source and ev.key == "de/bgb/s823"


def test_repeal_depends_on_date(small_store: Path) -> None:
    c = citation_from_key("cn/中华人民共和国合同法/art52")
    before = check_citations([c], store=small_store, date="2020-06-01")[0]
    after = check_citations([c], store=small_store, date="2021-01-01")[0]
    assert before.status != Status.REPEALED and after.status == Status.REPEALED


def test_check_german_text(small_store: Path) -> None:
    text = ("Die Kündigungsfrist für Arbeitnehmer beträgt vier Wochen zum Fünfzehnten oder zum Ende eines "
            "Kalendermonats (§ 242 StGB). Wer vorsätzlich oder fahrlässig das Eigentum eines anderen "
            "widerrechtlich verletzt, ist zum Ersatz des Schadens verpflichtet (§ 823 Abs. 1 BGB). "
            "Nach § 823 Abs. 7 BGB gilt das auch für Tiere.")
    got = {cc.citation.key: cc for cc in check(text, store=small_store)}
    assert got["de/stgb/s242"].status == Status.MISATTRIBUTED
    assert got["de/bgb/s823/abs1"].status == Status.REAL
    assert got["de/bgb/s823/abs7"].status == Status.INVENTED
    assert got["de/bgb/s823/abs7"].reason == "BGB § 823 has Absätze 1–2; Abs. 7 does not exist"
    s = summarize(got.values())
    assert s["counts"] == {"misattributed": 1, "real": 1, "invented": 1}
    assert s["lexassay_deduction"] == 0.5


def test_lexassay_deduction_counts_distinct_keys(small_store: Path) -> None:
    cites = [citation_from_key("de/bgb/s9999"), citation_from_key("de/bgb/s9999"), citation_from_key("de/bgb/s823")]
    s = summarize(check_citations(cites, store=small_store))
    assert s["counts"] == {"invented": 2, "real": 1} and s["lexassay_deduction"] == 0.25


def test_online_is_asked_only_for_undecided(small_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import legalcite.resolvers as res
    from legalcite.status import CheckedCitation

    asked: list = []

    def fake(citations, **kw):
        asked.extend(c.key for c in citations)
        assert kw["store_path"] == str(small_store)
        return [CheckedCitation(c, Status.REAL, "found online") for c in citations]

    monkeypatch.setattr(res, "resolve_online", fake)
    cites = [citation_from_key("de/bgb/s823"), citation_from_key("us/case/5/u.s./137")]
    out = check_citations(cites, store=small_store, online=True)
    assert asked == ["us/case/5/u.s./137"]
    assert [cc.status for cc in out] == [Status.REAL, Status.REAL] and out[1].reason == "found online"
    offline = check_citations(cites, store=small_store)
    assert offline[1].status == Status.NOT_CHECKED and "offline" in offline[1].reason


# ------------------------------------------------------------------ check_line

def _opts(store: Path, **kw) -> CheckOptions:
    return CheckOptions(store=str(store), **kw)


@pytest.mark.parametrize("line, error", [
    ('{"id": 1, "answer": "x"', "malformed JSON"),
    ('{"id": 1, "text": "x"}', "missing field 'answer'"),
    ('{"id": 1, "answer": 42}', "not a string"),
    ("[1, 2]", "expected a JSON object"),
    ("\x00\x01\x02\ufffd\ufffd", "binary data"),
    (json.dumps({"id": 1, "answer": "§ 823 BGB " * 20000}), "answer too long"),
])
def test_check_line_errors(small_store: Path, line: str, error: str) -> None:
    rec = check_line(line, 7, _opts(small_store, max_chars=100_000))
    assert rec["line"] == 7 and error in rec["error"] and "citations" not in rec


def test_check_line_record(small_store: Path) -> None:
    line = json.dumps({"qid": "q1", "response": "Siehe § 823 Abs. 7 BGB."})
    rec = check_line(line, 3, _opts(small_store, text_field="response", id_field="qid"))
    assert rec["id"] == "q1" and rec["line"] == 3
    assert [c["status"] for c in rec["citations"]] == ["invented"]
    assert rec["summary"]["counts"] == {"invented": 1} and rec["summary"]["lexassay_deduction"] == 0.25
    assert check_line("   \n", 4, _opts(small_store)) is None
    assert pickle.loads(pickle.dumps((check_line, _opts(small_store))))  # workers receive both


# ------------------------------------------------------------------ the command

def _answers(tmp_path: Path) -> Path:
    rows = [{"id": "a", "answer": "Nach § 823 Abs. 1 BGB haftet er."},
            {"id": "b", "answer": "根据《民法典》第一千零七十九条第九款，可以离婚。"},
            {"id": "c", "text": "no answer field"},
            {"id": "d", "answer": "Under Cal. Lab. Code § 2802(z), employers pay."}]
    lines = [json.dumps(r, ensure_ascii=False) for r in rows] + ["{broken", "", json.dumps({"id": "e", "answer": "ok"})]
    p = tmp_path / "answers.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_cli_check_jsonl(small_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    src, out = _answers(tmp_path), tmp_path / "out.jsonl"
    rc = main(["check", str(src), "--store", str(small_store), "-o", str(out)])
    err = capsys.readouterr().err
    assert rc == 1  # two bad lines
    assert "line 3: missing field 'answer'" in err and "line 5: malformed JSON" in err
    recs = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [r.get("id") for r in recs] == ["a", "b", None, "d", None, "e"]
    assert [r["line"] for r in recs] == [1, 2, 3, 4, 5, 7]
    assert recs[1]["citations"][0]["status"] == "invented"
    assert recs[3]["citations"][0]["key"] == "us-ca/lab/s2802/z"
    assert recs[5]["citations"] == [] and recs[5]["summary"]["lexassay_deduction"] == 0

    out2 = tmp_path / "out2.jsonl"
    assert main(["check", str(src), "--store", str(small_store), "-o", str(out2), "--workers", "2"]) == 1
    assert out2.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


def test_cli_check_plain_text_and_table(small_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    src = tmp_path / "answers.txt"
    src.write_text("Nach § 823 Abs. 7 BGB haftet er.\n\nZweite Antwort:\nArt. 1 GG.\n", encoding="utf-8")
    assert main(["check", str(src), "--store", str(small_store), "--format", "table"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ["id", "line", "status"]
    assert out[1].split()[:4] == ["1", "1", "invented", "de/bgb/s823/abs7"]
    assert out[2].split()[:4] == ["3", "3", "real", "de/gg/art1"]


def test_cli_check_without_store(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from legalcite.cli import main

    assert main(["check", str(_answers(tmp_path)), "--store", str(tmp_path / "none.sqlite")]) == 2
    assert "legalcite corpus build" in capsys.readouterr().err


def test_cli_check_html(small_store: Path, tmp_path: Path) -> None:
    pytest.importorskip("legalcite.report.html")
    from legalcite.cli import main

    out = tmp_path / "r.html"
    assert main(["check", str(_answers(tmp_path)), "--store", str(small_store), "--format", "html",
                 "-o", str(out)]) == 1
    assert "invented" in out.read_text(encoding="utf-8")


def test_check_modules_stay_light() -> None:
    """The check, the store and their CLI modules load neither numpy nor lark nor httpx at import."""
    import subprocess
    import sys

    code = ("import sys, legalcite, legalcite.checker, legalcite.corpora.store, legalcite.corpora.snapshots, "
            "legalcite.cli.check, legalcite.cli.corpus; "
            "assert legalcite.check is legalcite.checker.check; "
            "print([m for m in ('numpy', 'lark', 'httpx', 'scipy') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


CITES = ["§ 823 Abs. 7 BGB", "§ 242 StGB", "Art. 1 GG", "《民法典》第一千零七十九条第九款", "42 U.S.C. § 1983",
         "Cal. Lab. Code § 2802(z)", "§ 1 FantasieG", " ", "\n\n", "。", "Abs.", "(", "§"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(CITES), st.text(max_size=30)), max_size=8))
def test_check_never_raises(small_store: Path, parts: list[str]) -> None:
    text = " ".join(parts)
    out = check(text, store=small_store)
    assert all(isinstance(cc.status, Status) and cc.reason for cc in out)
    rec = check_line(json.dumps({"answer": text}), 1, _opts(small_store))
    assert len(rec["citations"]) == len(out)
