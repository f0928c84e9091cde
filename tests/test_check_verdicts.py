"""The gold of ``benchmarks/check_verdicts.py``: the data files' schema, every gold key against the shared corpora
(as a store built from them resolves it), and the scorer's matching and acceptance rules."""
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
LANGUAGES = {"de", "en", "fr", "zh"}
JURISDICTIONS = {"de", "ch", "eu", "int", "us", "us-ca", "cn"}
KEY = re.compile(r"^(de|ch|eu|int|us|us-ca|cn)/[^/\s]+(/[^/\s]+)*$")


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _check_citations(text: str, cites: list[dict], where: str) -> None:
    last_end = -1
    for c in sorted(cites, key=lambda c: c["start"]):
        assert set(c) <= {"start", "end", "text", "key", "status", "bare", "accept", "note"}, (where, c)
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
        size = len(re.findall(r"[\u3400-\u9fff]", r["answer"])) // 2 if r["language"] == "zh" else \
            len(re.findall(r"\w+", r["answer"]))
        assert 150 <= size <= 500, f"{r['id']}: {size} words (Chinese: characters / 2)"
        _check_citations(r["answer"], r["citations"], r["id"])
    statuses = Counter(c["status"] for r in recs for c in r["citations"])
    wrong = statuses["misattributed"] + statuses["invented"] + statuses["repealed"]
    assert 0.15 <= wrong / sum(statuses.values()) <= 0.30, statuses
    assert all(statuses[s] for s in cv.STATUSES), statuses
    assert any(c.get("bare") for r in recs for c in r["citations"])
    assert {r["language"] for r in recs} == LANGUAGES and {r["style"] for r in recs} == STYLES


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

    keys = [c["key"] for path in (cv.MODEL_ANSWERS, cv.REAL_GOLD) for r in _records(path) for c in r["citations"]]
    works = {key_at(k, "work") for k in keys}

    def wanted(rec) -> bool:
        key = getattr(rec, "key", None)   # case tables have none: kept whole
        return key is None or key_at(key, "work") in works

    path = tmp_path_factory.mktemp("gold_store") / "store.sqlite"
    readers = snapshot_readers()
    write_store((r for r in iter_records(corpora, readers) if wanted(r)), path, meta={})
    with Store(path) as store:
        yield store


def _resolved(key: str, store) -> str:
    from legalcite.jurisdictions import print_key
    from legalcite.pipeline import parse
    from legalcite.resolve.store import resolve_one

    try:
        cites = parse(key)
    except ValueError:
        cites = parse(print_key(key))   # treaty keys read back through their printed form
    assert cites[0].key == key, (key, cites[0].key)
    return resolve_one(cites[0], store)[0].status.value


def test_every_gold_key_is_what_the_corpora_say(gold_store) -> None:
    """A gold real or misattributed unit exists; invented, repealed, not_findable and not_checked are what the
    corpora give (or one of the gold's ``accept`` list, or the other undecided status)."""
    wrong = []
    for path in (cv.MODEL_ANSWERS, cv.REAL_GOLD):
        for r in _records(path):
            for c in r["citations"]:
                got = _resolved(c["key"], gold_store)
                want = {"misattributed": "real"}.get(c["status"], c["status"])
                ok = got == want or got in c.get("accept", ()) or \
                    (want in cv.UNDECIDED and got in cv.UNDECIDED)
                if not ok:
                    wrong.append(f"{r.get('id') or r.get('ref')}: {c['text']!r} {c['key']} gold {c['status']}, "
                                 f"corpora {got}")
    assert not wrong, "\n".join(wrong)


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
    ("real", "misattributed", "ch/or/art105", "Der Verzugszins beträgt 5 % pro Jahr", "", False, "false misattribution"),
    ("real", "misattributed", "ch/or/art105", "- Minderung des Kaufpreises verlangen ( ), - Wandelung des Vertrags erklären", "", False, "claim merged"),
    ("real", "misattributed", "ch/or/art105", "## Rechte des Käufers - Minderung des Kaufpreises", "", False, "claim merged"),
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
