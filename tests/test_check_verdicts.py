"""The gold of ``benchmarks/check_verdicts.py``: the data files' schema, the fresh set's freeze, every gold key
against the shared corpora (as a store built from them resolves it, or as its text shows where the resolver does
not read it yet), and the scorer's matching, acceptance and reporting rules."""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import check_verdicts as cv  # noqa: E402

STYLES = {"gpt-4o", "claude", "qwen", "deepseek"}
FRESH_STYLES = STYLES | {"gpt-4.1", "gemini", "llama"}
LANGUAGES = {"de", "en", "fr", "zh"}
JURISDICTIONS = {"de", "ch", "eu", "int", "us", "us-ca", "cn"}
KEY = re.compile(r"^(de|ch|eu|int|us|us-ca|cn)/[^/\s]+(/[^/\s]+)*$")
NOTE_KEY = re.compile(r"(?<![\w/])(?:de|ch|eu|int|us|us-ca|cn)/[^\s(),;]+")   # a key named in a gold note


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _words(rec: dict) -> int:
    """An answer's length in words (Chinese: characters / 2)."""
    if rec["language"] == "zh":
        return len(re.findall(r"[\u3400-\u9fff]", rec["answer"])) // 2
    return len(re.findall(r"\w+", rec["answer"]))


def _check_citations(text: str, cites: list[dict], where: str, fields: frozenset = frozenset()) -> None:
    last_end = -1
    for c in sorted(cites, key=lambda c: c["start"]):
        assert set(c) <= {"start", "end", "text", "key", "status", "bare", "accept", "note"} | fields, (where, c)
        assert text[c["start"]:c["end"]] == c["text"], (where, c)
        assert c["start"] >= last_end, f"{where}: overlapping gold spans at {c['text']!r}"
        last_end = c["end"]
        assert KEY.match(c["key"]), (where, c["key"])
        assert c["status"] in cv.STATUSES and all(a in cv.STATUSES for a in c.get("accept", ())), (where, c)
        assert not c.get("bare") or c["status"] == "real", f"{where}: a bare citation is real with no claim"
        if c["status"] in ("misattributed", "invented"):
            assert c.get("note"), f"{where}: say why {c['text']!r} is {c['status']}"


def test_model_answers_schema() -> None:
    recs = _records(cv.MODEL_ANSWERS)
    assert len(recs) >= 55
    assert len({r["id"] for r in recs}) == len(recs)
    for r in recs:
        assert set(r) == {"id", "language", "law", "style", "question", "answer", "citations"}, r["id"]
        assert r["language"] in LANGUAGES and r["style"] in STYLES, r["id"]
        assert set(r["law"]) <= JURISDICTIONS and r["citations"], r["id"]
        size = _words(r)
        assert 150 <= size <= 500, f"{r['id']}: {size} words (Chinese: characters / 2)"
        _check_citations(r["answer"], r["citations"], r["id"])
    statuses = Counter(c["status"] for r in recs for c in r["citations"])
    wrong = statuses["misattributed"] + statuses["invented"] + statuses["repealed"]
    assert 0.15 <= wrong / sum(statuses.values()) <= 0.30, statuses
    assert all(statuses[s] for s in cv.STATUSES), statuses
    assert any(c.get("bare") for r in recs for c in r["citations"])
    assert {r["language"] for r in recs} == LANGUAGES and {r["style"] for r in recs} == STYLES


def test_fresh_answers_schema() -> None:
    """The fresh set: answers as models write them (Q&A records ``-qa-``: a question and a bare citation), a third of
    the citations wrong, every wrong one with the kind of error and a note naming the unit that says it."""
    recs = _records(cv.FRESH_ANSWERS)
    assert 50 <= len(recs) <= 60 and len({r["id"] for r in recs}) == len(recs)
    for r in recs:
        assert set(r) == {"id", "language", "law", "style", "question", "answer", "citations"}, r["id"]
        assert r["language"] in LANGUAGES and r["style"] in FRESH_STYLES and r["question"], r["id"]
        assert set(r["law"]) <= JURISDICTIONS and r["citations"], r["id"]
        if "-qa-" in r["id"]:
            assert len(r["citations"]) == 1 and _words(r) < 40, f"{r['id']}: a Q&A answer is one bare citation"
        else:
            assert 150 <= _words(r) <= 450, f"{r['id']}: {_words(r)} words (Chinese: characters / 2)"
        _check_citations(r["answer"], r["citations"], r["id"], frozenset({"kind"}))
        for c in r["citations"]:
            if c["status"] in cv.WRONG:
                assert c.get("kind") in cv.KINDS and c.get("note"), f"{r['id']}: {c['text']!r} needs a kind and a note"
            if c["status"] == "misattributed":
                assert NOTE_KEY.search(c["note"]), f"{r['id']}: name the key of the unit that says it: {c['note']}"
    cites = [c for r in recs for c in r["citations"]]
    assert 350 <= len(cites) <= 470, len(cites)
    statuses = Counter(c["status"] for c in cites)
    assert all(statuses[s] for s in cv.STATUSES), statuses
    assert 0.28 <= sum(statuses[s] for s in cv.WRONG) / len(cites) <= 0.40, statuses
    assert {c["kind"] for c in cites if c["status"] in cv.WRONG} == set(cv.KINDS)
    assert any(c.get("bare") for c in cites) and 8 <= sum("-qa-" in r["id"] for r in recs) <= 10
    assert {r["language"] for r in recs} == LANGUAGES and {r["style"] for r in recs} == FRESH_STYLES


def test_fresh_answers_are_frozen() -> None:
    assert cv.sha256_of(cv.FRESH_ANSWERS) == cv.FRESH_SHA256, (
        f"{cv.FRESH_ANSWERS.name} is frozen since {cv.FRESH_FROZEN}: it is the set the attribution rework is measured "
        "on, written before the rework; changing it makes the before/after comparison meaningless. Write a new set "
        "(and a new hash) instead of editing this one")
    items = cv.load_fresh_answers()
    assert {it.source for it in items} == {cv.FRESH} and all(it.question for it in items)
    assert not any(it.question for it in cv.load_model_answers())   # the model answers run as they always did


def test_a_changed_fresh_set_is_refused(tmp_path: Path) -> None:
    changed = tmp_path / "fresh_answers.jsonl"
    changed.write_bytes(cv.FRESH_ANSWERS.read_bytes().replace(b'"status": "misattributed"', b'"status": "real"', 1))
    with pytest.raises(cv.GoldError, match="frozen"):
        cv.load_fresh_answers(changed)


def test_real_text_gold_schema_and_alignment(testdata_dir: Path) -> None:
    """Each annotation finds its text in the shared file (same SHA-1) and its spans in the text."""
    items = cv.load_real_gold(testdata_dir)
    by = Counter(it.source for it in items)
    assert by == {"lexam": 20, "stard": 30, "us_opinions": 20}
    for rec, it in zip(_records(cv.REAL_GOLD), items):
        _check_citations(it.text, rec["citations"], f"{it.source} {it.id}")
    stard = [it for it in items if it.source == "stard"]
    assert all(it.gold and it.gold[0].start == 2 for it in stard)   # the leading 《law》第N条


def test_real_text_gold_refuses_a_changed_text(testdata_dir: Path, tmp_path: Path) -> None:
    rec = _records(cv.REAL_GOLD)[0]
    rec["sha1"] = "0" * 40
    bad = tmp_path / "gold.jsonl"
    bad.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    with pytest.raises(cv.GoldError, match="changed"):
        cv.load_real_gold(testdata_dir, bad)


# ------------------------------------------------------------------ every gold key against the shared corpora

@pytest.fixture(scope="module")
def gold_store(tmp_path_factory: pytest.TempPathFactory):
    """A store of the works the gold cites, built from the shared corpora with the project's readers (and the
    case lists among them: the BGE list)."""
    corpora = SHARED / "corpora"
    if not corpora.is_dir():
        pytest.skip(f"no shared corpora at {corpora}")
    from legalcite.corpora.snapshots import iter_records
    from legalcite.corpora.store import Store, write_store
    from legalcite.jurisdictions import snapshot_readers
    from legalcite.keys import key_at

    cites = [c for path in (cv.MODEL_ANSWERS, cv.REAL_GOLD, cv.FRESH_ANSWERS) for r in _records(path)
             for c in r["citations"]]
    keys = [c["key"] for c in cites] + [k for c in cites for k in NOTE_KEY.findall(c.get("note") or "")]
    works = {key_at(k, "work") for k in keys}

    def wanted(rec) -> bool:
        key = getattr(rec, "key", None)   # case tables have none: kept whole
        return key is None or key_at(key, "work") in works

    path = tmp_path_factory.mktemp("gold_store") / "store.sqlite"
    readers = snapshot_readers()
    write_store((r for r in iter_records(corpora, readers) if wanted(r)), path, meta={})
    with Store(path) as store:
        yield store


def _resolve(key: str, store) -> tuple:
    from legalcite.jurisdictions import print_key
    from legalcite.pipeline import parse
    from legalcite.resolve.store import resolve_one

    try:
        cites = parse(key)
    except ValueError:
        cites = parse(print_key(key))   # treaty keys read back through their printed form
    assert cites[0].key == key, (key, cites[0].key)
    return resolve_one(cites[0], store)


def _resolved(key: str, store) -> str:
    return _resolve(key, store)[0].status.value


# a unit, or a numbered item of one, that the snapshot shows as repealed: "(weggefallen)", "(aufgehoben)", Fedlex's "…"
REPEAL_MARK = re.compile(r"^\s*(?:\((?:weggefallen|aufgehoben)\)|…)\s*$")


def _paragraph(text: str, value: str) -> str:
    """The text of Absatz/paragraph ``value`` of a unit's text, "" when it has none: German and Swiss Absätze are
    ``(2) …`` lines (their lists ``1. …``), EU paragraphs ``2. …`` lines (their points ``(a) …``)."""
    v = re.escape(value)
    m = re.search(rf"^\({v}\)\s(.*?)(?=^\(\d|\Z)", text, re.M | re.S) or \
        re.search(rf"^{v}\.\s(.*?)(?=^\d+\.\s|\Z)", text, re.M | re.S)
    return m.group(1) if m else ""


def corpus_evidence(c: dict, store) -> str:
    """For a fresh gold ``repealed`` or ``invented`` that the resolver of this code does not give yet (issue 31):
    "" when the snapshot's text shows it, else why not. Repealed: the unit's text or heading is a repeal mark, or the
    cited numbered item reads "N. …", or the EU act is repealed or its articles deleted by the unit the note names.
    Invented at depth: the level above exists and its text (the cited Absatz's, where one is cited) lists no such
    item."""
    from legalcite.keys import key_at

    key, status = c["key"], c["status"]
    if status == "repealed":
        unit = store.unit(key_at(key, "unit"))
        if unit is not None:
            if REPEAL_MARK.match(unit.text or "") or REPEAL_MARK.match(unit.heading or ""):
                return ""
            item = re.fullmatch(r"[a-z]+(\w+)", key.rsplit("/", 1)[1])
            if item and re.search(rf"^\s*{re.escape(item.group(1))}\.\s*…\s*$", unit.text or "", re.M):
                return ""
        act = re.fullmatch(r"eu/(?:dir|reg)-(\d{4})-(\d+)(?:/.*)?", key)
        if act:
            year, n = act.groups()
            number = f"{year}/{n}" if int(year) >= 2000 else f"{year[2:]}/{n}"
            for k in NOTE_KEY.findall(c.get("note") or ""):
                u = store.unit(k)
                if u is not None and number in u.text and re.search(r"\b(?:repealed|deleted)\b", u.text):
                    return ""
        return f"the snapshot shows no repeal of {key}"
    if status == "invented":
        parent = key.rsplit("/", 1)[0]
        checked, unit = _resolve(parent, store)
        if checked.status.value != "real" or unit is None:
            return f"{parent} is {checked.status.value}"
        text = unit.text or ""
        for seg in key[len(key_at(key, "unit")) + 1:].split("/")[:-1]:
            level = re.fullmatch(r"(abs|par)(\w+)", seg)
            if level:
                text = _paragraph(text, level.group(2))
        value = re.sub(r"^[a-z]+(?=\w)", "", key.rsplit("/", 1)[1])
        if re.search(rf"^\s*(?:{re.escape(value)}[.)]|\({re.escape(value)}\))", text, re.M):
            return f"{parent} lists {value}"
        return ""
    return f"no corpus evidence is read for {status}"


def test_every_gold_key_is_what_the_corpora_say(gold_store) -> None:
    """A gold real or misattributed unit exists; invented, repealed, not_findable and not_checked are what the
    corpora give (or one of the gold's ``accept`` list, or the other undecided status). In the fresh set, written
    for the rework of attribution, a repeal or a missing item the resolver does not read yet must show in the
    snapshot's text (``corpus_evidence``), and the unit a misattributed citation's note names must exist."""
    wrong = []
    for path in (cv.MODEL_ANSWERS, cv.REAL_GOLD, cv.FRESH_ANSWERS):
        for r in _records(path):
            for c in r["citations"]:
                got = _resolved(c["key"], gold_store)
                want = {"misattributed": "real"}.get(c["status"], c["status"])
                ok = got == want or got in c.get("accept", ()) or \
                    (want in cv.UNDECIDED and got in cv.UNDECIDED) or \
                    (path == cv.FRESH_ANSWERS and not corpus_evidence(c, gold_store))
                if path == cv.FRESH_ANSWERS and c["status"] == "misattributed":
                    wrong += [f"{r['id']}: {c['text']!r}: the note's {k} is {_resolved(k, gold_store)}"
                              for k in NOTE_KEY.findall(c["note"]) if _resolved(k, gold_store) != "real"]
                if not ok:
                    wrong.append(f"{r.get('id') or r.get('ref')}: {c['text']!r} {c['key']} gold {c['status']}, "
                                 f"corpora {got}")
    assert not wrong, "\n".join(wrong)


EVIDENCE = [
    # (a gold citation the corpora contradict, what the evidence check must say)
    ({"key": "de/tzbfg/s14/abs1/satz2/nr8", "status": "invented"}, "lists 8"),
    ({"key": "ch/or/art336/abs1/lite", "status": "invented"}, "lists e"),
    ({"key": "ch/or/art24/abs1/ziff4", "status": "invented"}, "lists 4"),
    ({"key": "de/gg/art94/abs1/nr4a", "status": "invented"}, "lists 4a"),
    ({"key": "ch/stgb/art139/ziff1", "status": "repealed"}, "no repeal"),
    ({"key": "de/bgb/s823", "status": "repealed"}, "no repeal"),
    ({"key": "eu/dir-1995-46", "status": "repealed", "note": "see eu/reg-2016-679/art6"}, "no repeal"),
]


@pytest.mark.parametrize("cite,why", EVIDENCE, ids=[e[0]["key"] for e in EVIDENCE])
def test_corpus_evidence_refuses_a_wrong_label(gold_store, cite: dict, why: str) -> None:
    assert why in corpus_evidence(cite, gold_store)


# ------------------------------------------------------------------ the scorer

def _found(start: int, end: int, key: str | None, status: str, claim: str | None = None, note: str = "") -> cv.Found:
    return cv.Found(start, end, "", key, status, None, "", claim, note)


MATCH = [
    # (gold spans + keys, found spans + keys, expected gold → found)
    ("one span, same key", [(0, 10, "ch/or/art41")], [(0, 10, "ch/or/art41")], {0: 0}),
    ("a list read as one span: each gold takes the found with its key",
     [(0, 8, "ch/or/art184"), (13, 19, "ch/or/art197")],
     [(0, 19, "ch/or/art197"), (0, 19, "ch/or/art184")], {0: 1, 1: 0}),
    ("no overlap, no match", [(0, 5, "de/bgb/s1")], [(6, 9, "de/bgb/s1")], {}),
    ("a compatible key beats a larger overlap with another key",
     [(0, 20, "us/case/438/u.s./265")], [(0, 20, "us/case/1/u.s./1"), (5, 12, "us/case/438/u.s.")], {0: 1}),
]


@pytest.mark.parametrize("name,gold,found,want", MATCH, ids=[m[0] for m in MATCH])
def test_match(name: str, gold: list, found: list, want: dict) -> None:
    g = [cv.Gold(s, e, "", k, "real") for s, e, k in gold]
    f = [_found(s, e, k, "real") for s, e, k in found]
    pairs, extra = cv.match(g, f)
    assert pairs == want
    assert sorted(extra) == sorted(set(range(len(found))) - set(want.values()))


TEXT = ("## Rechte des Käufers\n- Minderung des Kaufpreises verlangen (Art. 205 OR),\n"
        "- Wandelung des Vertrags erklären (Art. 206 OR)\n\n"
        "Der Verzugszins beträgt 5 % pro Jahr (Art. 105 OR). Er haftet für Schäden, z. B. für Wasserschäden am "
        "Mobiliar des Mieters (Art. 259e OR).")
JUDGE = [
    # (gold status, found status, found key, claim, claim note, accepted, cause)
    ("real", "real", "ch/or/art105", "Der Verzugszins beträgt 5 % pro Jahr", "", True, ""),
    ("not_checked", "not_findable", "ch/or/art105", None, "", True, ""),
    ("not_findable", "real", "ch/or/art105", None, "", False, "other status"),
    ("real", "real", "ch/zgb/art105", None, "", False, "wrong key"),
    ("misattributed", "real", "ch/or/art105", None, "", False, "attribution not run"),
    ("misattributed", "real", "ch/or/art105", "Der Verzugszins", "", False, "claim cut"),
    ("misattributed", "real", "ch/or/art105", "Der Verzugszins beträgt 5 % pro Jahr", "too little text to judge", False,
     "claim cut"),
    ("misattributed", "real", "ch/or/art105", "Der Verzugszins beträgt 5 % pro Jahr", "", False, "attribution missed"),
    ("real", "misattributed", "ch/or/art105", "Der Verzugszins beträgt 5 % pro Jahr", "", False,
     "false misattribution"),
    ("real", "misattributed", "ch/or/art105",
     "- Minderung des Kaufpreises verlangen ( ), - Wandelung des Vertrags erklären", "", False, "claim merged"),
    ("real", "misattributed", "ch/or/art105", "## Rechte des Käufers - Minderung des Kaufpreises", "", False,
     "claim merged"),
    ("real", "misattributed", "ch/or/art105", "für Wasserschäden am Mobiliar des Mieters", "", False, "claim cut"),
]


@pytest.mark.parametrize("gold,status,key,claim,note,accepted,cause", JUDGE)
def test_judge(gold: str, status: str, key: str, claim: str | None, note: str, accepted: bool, cause: str) -> None:
    start = TEXT.index("Art. 105 OR")
    g = cv.Gold(start, start + 11, "Art. 105 OR", "ch/or/art105", gold)
    item = cv.Item("model", "t", "de", TEXT, [g])
    res = cv.judge([item], [[_found(start, start + 11, key, status, claim, note)]])
    (o,) = res.outcomes
    assert (o.accepted, o.cause) == (accepted, cause)


def test_missed_and_extra_are_counted() -> None:
    g = cv.Gold(0, 5, "§ 1 X", "de/x/s1", "real")
    item = cv.Item("model", "t", "de", "§ 1 X und BGB", [g])
    res = cv.judge([item], [[_found(10, 13, "de/bgb", "real"), _found(6, 9, "de/y/s2", "real")]])
    (row, total) = cv.table(res)
    assert (row["gold"], row["found"], row["missed"], row["extra"], row["laws_named"]) == (1, 0, 1, 1, 1)
    assert res.outcomes[0].cause == "missed extraction" and total["accepted"] == 0.0


def test_kinds_table() -> None:
    """Per kind: wrong citations caught, correct ones of the same form kept, and those called misattributed."""
    gold = [cv.Gold(0, 5, "", "de/x/s1", "misattributed", kind="quantity"),
            cv.Gold(6, 9, "", "de/x/s2", "real", kind="quantity"),
            cv.Gold(10, 14, "", "de/x/s3", "invented", kind="depth"),
            cv.Gold(15, 19, "", "de/x/s4", "real")]
    item = cv.Item(cv.FRESH, "t", "de", "x" * 20, gold)
    res = cv.judge([item], [[_found(0, 5, "de/x/s1", "misattributed"), _found(6, 9, "de/x/s2", "misattributed"),
                             _found(10, 14, "de/x/s3", "real"), _found(15, 19, "de/x/s4", "real")]])
    assert cv.kinds_table(res) == [
        {"kind": "quantity", "wrong": 1, "caught": 1, "right": 1, "kept": 0, "false_misattributed": 1},
        {"kind": "depth", "wrong": 1, "caught": 0, "right": 0, "kept": 0, "false_misattributed": 0}]
    assert [r["source"] for r in cv.table(res)] == [cv.FRESH, "all"]


def test_the_question_goes_to_a_check_that_takes_one(monkeypatch: pytest.MonkeyPatch) -> None:
    import legalcite

    seen = []

    def check_with_question(text, *, store=None, attribution=True, question=None):
        seen.append(question)
        return []

    def check_without(text, *, store=None, attribution=True):
        seen.append("no question")
        return []

    items = [cv.Item(cv.FRESH, "t", "zh", "答：依据《民法典》第二十条的规定。", [], question="八周岁以上？")]
    for fn, want in ((check_with_question, "八周岁以上？"), (check_without, "no question")):
        monkeypatch.setattr(legalcite, "check", fn)
        assert cv.run_library(items, None, True) == [[]] and seen[-1] == want


def test_an_unknown_source_is_refused(capsys: pytest.CaptureFixture) -> None:
    assert cv.main(["--only", "fresh,nonsense", "--no-cli"]) == 2
    assert "unknown source nonsense" in capsys.readouterr().err
