"""``legalcite.check`` and the per-answer functions: the resolver chain (store → online), the misattribution
test on what it returns, summaries; per-answer records and their errors (with the answer's id)."""
from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.checker import Answer, CheckOptions, check, check_answer, check_citations, check_line, summarize
from legalcite.corpora.store import open_store
from legalcite.models import citation_from_key
from legalcite.resolve.online import OnlineResolver
from legalcite.status import CheckedCitation, Status, Undecided


def test_check_german_text(small_store: Path) -> None:
    text = ("Die Kündigungsfrist für Arbeitnehmer beträgt vier Wochen zum Fünfzehnten oder zum Ende eines "
            "Kalendermonats (§ 823 BGB). Wer vorsätzlich oder fahrlässig das Eigentum eines anderen "
            "widerrechtlich verletzt, ist zum Ersatz des Schadens verpflichtet (§ 823 Abs. 1 BGB). "
            "Nach § 823 Abs. 7 BGB gilt das auch für Tiere.")
    got = {cc.citation.key: cc for cc in check(text, store=small_store)}
    assert got["de/bgb/s823"].status == Status.MISATTRIBUTED
    assert got["de/bgb/s823/abs1"].status == Status.REAL
    assert got["de/bgb/s823/abs7"].status == Status.INVENTED
    assert got["de/bgb/s823/abs7"].reason == "§ 823 BGB has Absätze 1–2; Abs. 7 does not exist"
    s = summarize(got.values())
    assert s["counts"] == {"misattributed": 1, "real": 1, "invented": 1}
    # offline, the store alone says invented (one source: listed, not deducted by default); the misattribution
    # rests on two signals even without unit vectors: the four weeks stated in § 622 BGB, and BM25
    # § 823 BGB and § 823 Abs. 7 BGB are one citation, as score lexassay counts it: deducted once, nothing more
    # would be deducted with the unconfirmed one
    assert s["lexassay_deduction"] == 0.25 and s["unconfirmed"] == []
    assert summarize(got.values(), deduct="unconfirmed")["lexassay_deduction"] == 0.25


def test_the_summary_deducts_as_score_lexassay_does(small_store: Path) -> None:
    """One rule for "the same citation counts once" (deduction.distinct_deducted): a less precise key beside
    a more precise one is one citation, two sibling keys are two."""
    from legalcite.deduction import distinct_deducted

    cites = [citation_from_key(k) for k in ("de/bgb/s823/abs9", "de/bgb/s823/abs9/satz4", "de/bgb/s9999",
                                            "de/bgb/s823/abs8")]
    verdicts = check_citations(cites, options=_opts(small_store))
    assert all(cc.status is Status.INVENTED for cc in verdicts)
    s = summarize(verdicts, deduct="unconfirmed")
    rows = [{"key": cc.citation.key, "text": cc.citation.text, "status": cc.status.value,
             "confirmed": cc.confirmed} for cc in verdicts]
    assert s["deducted"] == [g["key"] for g in distinct_deducted(rows, "unconfirmed")]
    assert s["deducted"] == ["de/bgb/s823/abs8", "de/bgb/s823/abs9/satz4", "de/bgb/s9999"]
    assert s["lexassay_deduction"] == 0.75
    assert summarize(verdicts)["unconfirmed"] == s["deducted"]   # offline: one source, none confirmed


def test_lexassay_deduction_counts_distinct_keys(small_store: Path) -> None:
    cites = [citation_from_key("de/bgb/s9999"), citation_from_key("de/bgb/s9999"), citation_from_key("de/bgb/s823")]
    s = summarize(check_citations(cites, options=_opts(small_store)), deduct="unconfirmed")
    assert s["counts"] == {"invented": 2, "real": 1} and s["lexassay_deduction"] == 0.25


class FakeOnline(OnlineResolver):
    """Stands in for the online sources (its second opinions are the real resolver's): records what it is asked,
    answers from ``answers`` (key → status)."""

    def __init__(self, answers: dict[str, Status], **kw) -> None:
        self.answers, self.kw, self.asked = answers, kw, []

    def checked(self, citations):
        self.asked.extend(c.key for c in citations)
        return [CheckedCitation(c, self.answers[c.key], "found online") if self.answers[c.key] is not
                Status.NOT_CHECKED else CheckedCitation(c, Status.NOT_CHECKED, "down", (), None, Undecided.FAULT)
                for c in citations]


def test_online_is_asked_only_for_undecided(small_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import legalcite.resolve.online as online

    made: list[FakeOnline] = []

    def fake(**kw):
        made.append(FakeOnline({"us/case/5/u.s./137": Status.REAL, "us-ca/civ/s1671": Status.NOT_CHECKED}, **kw))
        return made[-1]

    monkeypatch.setattr(online, "OnlineResolver", fake)
    cites = [citation_from_key("de/bgb/s823"), citation_from_key("us/case/5/u.s./137"),
             citation_from_key("us-ca/civ/s1671")]
    out = check_citations(cites, options=_opts(small_store, online=True))
    assert made[0].asked == ["us/case/5/u.s./137", "us-ca/civ/s1671"]  # decided offline: not asked
    assert made[0].kw["store_path"] == str(small_store)                # the cache lives in the store file
    assert [cc.status for cc in out] == [Status.REAL, Status.REAL, Status.NOT_CHECKED]
    assert out[1].reason == "found online"
    # undecided by both: both reasons, both evidences, the online reason's type; no "(offline)": it was asked
    assert out[2].reason.endswith("partial for this law; online: down") and out[2].undecided is Undecided.FAULT
    offline = check_citations(cites, options=_opts(small_store))
    assert [cc.reason.endswith(" (offline)") for cc in offline] == [False, True, True]
    assert offline[1].reason == ("no case table in the store covers this reporter; load a case table with "
                                 "`legalcite corpus cases`, or check with `--online` (offline)")
    assert "corpus cases" not in offline[2].reason   # the hint is said for decisions only


def _opts(store: Path, **kw) -> CheckOptions:
    return CheckOptions(store=str(store), **kw)


@pytest.mark.parametrize("line, error, ident", [
    ('{"id": 1, "answer": "x"', "malformed JSON", None),
    ('{"id": 1, "text": "x"}', "missing field 'answer'", 1),
    ('{"id": 1, "answer": 42}', "expected a string", 1),
    ("[1, 2]", "expected a JSON object", None),
    ("\x00\x01\x02\ufffd\ufffd", "malformed JSON", None),
    ('{"id": "n", "answer": "x", "score": NaN}', "NaN is not valid JSON", None),
    (json.dumps({"id": 1, "answer": "§ 823 BGB " * 20000}), "answer too long", 1),
])
def test_check_line_errors_keep_the_id(small_store: Path, line: str, error: str, ident) -> None:
    rec = check_line(line, 7, _opts(small_store, max_chars=100_000))
    assert rec["line"] == 7 and error in rec["error"] and "citations" not in rec
    assert rec.get("id") == ident


def test_check_line_record(small_store: Path) -> None:
    line = json.dumps({"qid": "q1", "response": "Siehe § 823 Abs. 7 BGB."})
    rec = check_line(line, 3, _opts(small_store, text_field="response", id_field="qid"))
    assert rec["id"] == "q1" and rec["line"] == 3
    assert [c["status"] for c in rec["citations"]] == ["invented"]
    assert rec["summary"]["counts"] == {"invented": 1} and rec["summary"]["lexassay_deduction"] == 0
    assert rec["summary"]["unconfirmed"] == ["de/bgb/s823/abs7"] and rec["citations"][0]["confirmed"] is False
    assert check_line("   \n", 4, _opts(small_store)) is None
    assert pickle.loads(pickle.dumps((check_answer, Answer(1, "q", "x"), _opts(small_store))))  # what workers get


@pytest.mark.parametrize("kw, error, says", [
    ({"max_seconds": 0}, ValueError, "positive number of seconds"),
    ({"max_seconds": float("nan")}, ValueError, "positive number of seconds"),
    ({"max_seconds": "soon"}, ValueError, "positive number of seconds"),
    ({"date": "2024-02-30"}, ValueError, "no calendar date"),
    ({"date": "01.02.2024"}, ValueError, "YYYY-MM-DD"),
    ({"input_format": "csv"}, ValueError, "input_format"),
    ({"store": 3}, TypeError, "CheckOptions.store"),
    ({"max_chars": "many"}, TypeError, "max_chars"),
    ({"attribution_judge": 3}, TypeError, "attribution_judge"),
])
def test_check_options_refuse_bad_values_when_made(kw: dict, error: type, says: str) -> None:
    with pytest.raises(error, match=says):
        CheckOptions(**kw)


def test_check_options_keep_one_form_of_each_value(small_store: Path) -> None:
    """A PathLike store is kept as str and a date as ISO, so that options compare equal and travel alike; an open
    Store pickles as its path and comes back as the receiving process's store of that path."""
    import datetime as dt

    assert CheckOptions(store=small_store, date=dt.date(2024, 2, 29)) == CheckOptions(store=str(small_store),
                                                                                       date="2024-02-29")
    store = open_store(small_store)
    options = CheckOptions(store=store)
    assert options.store_path == str(store.path) == _opts(small_store).store_path
    assert pickle.loads(pickle.dumps(options)).store is store   # (this process: the same open store)
    assert check("§ 823 Abs. 7 BGB", store=store) == check("§ 823 Abs. 7 BGB", store=small_store)


def test_a_lone_surrogate_is_checked_not_fatal(small_store: Path) -> None:
    rec = check_line('{"id": "s", "answer": "§ 823 Abs. 1 BGB \\ud800 und § 9999 BGB"}', 1, _opts(small_store))
    assert [c["status"] for c in rec["citations"]] == ["real", "invented"]


def test_an_unexpected_exception_is_said_in_the_verdict_not_a_silent_not_checked(
        small_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug while resolving a citation costs that citation its verdict, said as a bug (issue 35: it cost the
    answer every citation); more in tests/test_check_isolation.py."""
    import legalcite.resolve.store as store_mod

    def broken(*a, **kw):
        raise KeyError("boom")

    monkeypatch.setattr(store_mod, "resolve_one", broken)
    rec = check_answer(Answer(4, "q4", "Nach § 823 BGB."), _opts(small_store))
    [c] = rec["citations"]
    assert (rec["id"], c["status"]) == ("q4", "not_checked")
    assert c["reason"] == ("not checked: internal error (a bug in legalcite; please report it): KeyError: 'boom' "
                           "(while resolving the citation) (offline)")
    assert check_answer(Answer(5, None, "no citation here"), _opts(small_store))["citations"] == []


def test_a_typed_error_while_resolving_is_said_in_the_verdict(small_store: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import legalcite.resolve.store as store_mod
    from legalcite.errors import InputError

    def refused(*a, **kw):
        raise InputError("this citation cannot be read")

    monkeypatch.setattr(store_mod, "resolve_one", refused)
    rec = check_answer(Answer(2, None, "§ 823 BGB"), _opts(small_store))
    assert rec["id"] == 2 and [(c["status"], c["reason"]) for c in rec["citations"]] == [
        ("not_checked", "not checked: this citation cannot be read (while resolving the citation) (offline)")]


def test_a_store_damaged_mid_run_ends_the_run(small_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: a store damaged after it was opened gave one error record per answer (4,980 of them); it fails
    every answer alike, so it is raised (``check`` exits 2 with the store's path and remedy)."""
    import legalcite.resolve.store as store_mod
    from legalcite.checker import check_answers
    from legalcite.corpora.store import StoreCorrupt

    def damaged(*a, **kw):
        raise StoreCorrupt("the corpus store x is damaged (malformed); rebuild it")

    monkeypatch.setattr(store_mod, "resolve_one", damaged)
    with pytest.raises(StoreCorrupt, match="store x is damaged"):
        check_answers([Answer(1, None, "no citation"), Answer(2, None, "§ 823 BGB")], _opts(small_store))


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



def test_confirmed_is_set_on_every_deducted_verdict(small_store: Path) -> None:
    """Offline, a store-only ``invented`` is one signal: reported, ``confirmed: false``; other statuses: None."""
    real, invented = check_citations([citation_from_key("de/bgb/s823"), citation_from_key("de/bgb/s9999")],
                                     options=_opts(small_store))
    assert (real.status, real.confirmed) == (Status.REAL, None)
    assert (invented.status, invented.confirmed) == (Status.INVENTED, False)
    assert invented.to_dict()["confirmed"] is False and real.to_dict()["confirmed"] is None
    assert invented.deducted("unconfirmed") and not invented.deducted("confirmed") and not invented.deducted()
    import dataclasses

    assert dataclasses.replace(invented, confirmed=True).deducted()
    with pytest.raises(ValueError):
        invented.deducted("all")


def test_store_invented_is_confirmed_by_the_official_source(small_store: Path, monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Two sources agree → confirmed; the official site lists the unit → its answer wins (the snapshot is older);
    the site cannot be reached → the store's verdict stands, unconfirmed (deducted only with --deduct unconfirmed)."""
    import legalcite.resolve.online as online

    answers = {"de/bgb/s9999": Status.INVENTED, "de/bgb/s823/abs7": Status.REAL,
               "cn/中华人民共和国民法典/art1300": Status.NOT_CHECKED}
    made: list[FakeOnline] = []
    monkeypatch.setattr(online, "OnlineResolver", lambda **kw: made.append(FakeOnline(answers, **kw)) or made[-1])
    out = check_citations([citation_from_key(k) for k in answers], options=_opts(small_store, online=True))
    assert [(cc.status, cc.confirmed) for cc in out] == [
        (Status.INVENTED, True), (Status.REAL, None), (Status.INVENTED, False)]
    assert "the official source agrees" in out[0].reason and "snapshot lacks it" in out[1].reason
    assert sorted(made[0].asked) == sorted(answers)
    assert summarize(out)["deducted"] == ["de/bgb/s9999"]
    assert summarize(out)["unconfirmed"] == ["cn/中华人民共和国民法典/art1300"]


def test_check_says_once_what_attribution_cannot_do(small_store: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    """The small store has BM25 matrices but no unit vectors: BM25 only, said once on stderr (not per answer);
    without the retrieval extra nothing is judged, and the warning says how to install it."""
    from legalcite.checker import attribution_gaps
    from legalcite.cli import main

    [gap] = attribution_gaps(open_store(small_store))
    assert gap.startswith("attribution by BM25 only") and "corpus embed" in gap
    answers = tmp_path / "a.jsonl"
    answers.write_text('{"answer": "Schadensersatz (§ 823 BGB)."}\n{"answer": "§ 242 BGB."}\n', encoding="utf-8")
    assert main(["check", str(answers), "--store", str(small_store), "-o", str(tmp_path / "o.jsonl")]) == 0
    err = capsys.readouterr().err
    assert err.count("attribution by BM25 only") == 1
    assert "attribution not run on 1 real citation, no claim in 1" in err   # too short; "§ 242 BGB." states nothing
    assert main(["check", str(answers), "--store", str(small_store), "-o", str(tmp_path / "o.jsonl"),
                 "--no-attribution"]) == 0
    err = capsys.readouterr().err
    assert "BM25" not in err and "attribution not run on 2 real citations" in err   # switched off: said per verdict
    records = [json.loads(line) for line in (tmp_path / "o.jsonl").read_text(encoding="utf-8").splitlines()]
    [ev] = [e for e in records[0]["citations"][0]["evidence"] if e["source"] == "attribution"]
    assert ev["details"]["result"] == "not run" and "--no-attribution" in ev["details"]["reason"]

    import legalcite.attribution.lexical as lexical

    monkeypatch.setattr(lexical, "available", lambda: False)
    [gap] = attribution_gaps(open_store(small_store))
    assert gap.startswith("attribution not run") and "pip install 'legalcite[retrieval]'" in gap
