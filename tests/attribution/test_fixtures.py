"""The restating-claim fixtures of the misattribution swap tests (``tests/fixtures/attribution/``): their schema,
and every key against a store built from the shared corpora.

Written on 2026-12-06 from the units' stored texts, independently of the attribution code (issue 31): each claim is
a sentence as a model would write it in an answer — a paraphrase in its own words, no citation in it — that a lawyer
would accept as what its key's unit says at that depth.

* ``quantity_claims.jsonl`` — claims that restate a legal quantity the unit states (deadlines, ages, amounts,
  percentages, counts), about 40 in the law's language per jurisdiction (de, ch with some French, eu, cn, us,
  us-ca), plus English ones about German, Swiss and Chinese law and German ones about the GDPR. ``quantities``
  lists each figure as written (``text``), its ``value`` and ``unit``; several keys sit beside a unit that states a
  different figure of the same kind (§§ 195–197 BGB, Art. 335b/335c OR, § 622 Abs. 2 Nr. 1–7 BGB, 刑法第八十七条).
* ``fact_claims.jsonl`` — claims that cite the right unit and mention figures that are facts of the case (a price,
  a damage amount, a party's age, how long someone worked), marked ``"fact": true``: they measure false alarms.
* ``restating_claims.jsonl`` — plain paraphrases without figures for ch (German, French), eu (English, German),
  cn, us and us-ca, as ``de_claims.jsonl`` is for German law.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from numbers import Real
from pathlib import Path

import pytest

from tests.conftest import SHARED

FIXTURES = Path(__file__).parents[1] / "fixtures" / "attribution"
FILES = {"quantity": "q", "fact": "f", "restating": "r"}
UNITS = {"day", "week", "month", "year", "hour", "percent", "EUR", "CHF", "USD", "CNY", "count", "age"}
LANGUAGES = {"de", "en", "fr", "zh"}
KEY = re.compile(r"^(de|ch|eu|us|us-ca|cn)/[^/\s]+(/[^/\s]+)+$")
# (jurisdiction, language): at least this many claims per file
WANTED = {
    "quantity": {("de", "de"): 40, ("ch", "de"): 30, ("ch", "fr"): 8, ("eu", "en"): 40, ("cn", "zh"): 40,
                 ("us", "en"): 40, ("us-ca", "en"): 40, ("de", "en"): 10, ("ch", "en"): 10, ("cn", "en"): 10,
                 ("eu", "de"): 8},
    "fact": {("de", "de"): 15, ("ch", "de"): 10, ("ch", "fr"): 3, ("eu", "en"): 12, ("cn", "zh"): 15,
             ("us", "en"): 15, ("us-ca", "en"): 15},
    "restating": {("ch", "de"): 20, ("ch", "fr"): 10, ("eu", "en"): 25, ("eu", "de"): 10, ("cn", "zh"): 30,
                  ("us", "en"): 30, ("us-ca", "en"): 30},
}


def _rows(name: str) -> list[dict]:
    path = FIXTURES / f"{name}_claims.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _size(claim: str, language: str) -> int:
    """Words; Chinese characters / 2."""
    return len(claim) // 2 if language == "zh" else len(claim.split())


@pytest.mark.parametrize("name", FILES)
def test_schema(name: str) -> None:
    rows = _rows(name)
    fields = {"id", "claim", "key", "language"} | ({"quantities"} if name != "restating" else set())
    for r in rows:
        assert set(r) == fields, r.get("id")
        assert r["id"].startswith(f"{FILES[name]}-{r['key'].split('/')[0].replace('us-ca', 'ca')}-"), r["id"]
        assert KEY.match(r["key"]), r["id"]
        assert r["language"] in LANGUAGES, r["id"]
        assert r["claim"] == r["claim"].strip() and 3 <= _size(r["claim"], r["language"]) <= 40, r["id"]
    assert len({r["id"] for r in rows}) == len(rows), Counter(r["id"] for r in rows).most_common(3)
    have = Counter((r["key"].split("/")[0], r["language"]) for r in rows)
    short = {k: (have[k], n) for k, n in WANTED[name].items() if have[k] < n}
    assert not short, short


@pytest.mark.parametrize("name", ["quantity", "fact"])
def test_quantities(name: str) -> None:
    for r in _rows(name):
        assert r["quantities"], r["id"]
        for q in r["quantities"]:
            assert set(q) == ({"text", "value", "unit", "fact"} if name == "fact" else {"text", "value", "unit"})
            assert q["text"] and q["text"] in r["claim"], (r["id"], q["text"])
            assert isinstance(q["value"], Real) and not isinstance(q["value"], bool) and q["value"] > 0, r["id"]
            assert q["unit"] in UNITS, (r["id"], q["unit"])
            assert q.get("fact", True) is True, r["id"]


def test_ids_are_unique_across_files() -> None:
    ids = Counter(r["id"] for name in FILES for r in _rows(name))
    assert max(ids.values()) == 1, ids.most_common(3)


@pytest.mark.parametrize("name", FILES)
def test_claims_cite_nothing(name: str) -> None:
    """The key is the claim's citation; the claim itself names no unit the extractor would read."""
    from legalcite.pipeline import extract

    found = {r["id"]: [c.text for c in cites] for r in _rows(name)
             if (cites := extract(r["claim"], unresolved=True))}
    assert not found, found


# ------------------------------------------------------------------ every key against the shared corpora

@pytest.fixture(scope="module")
def fixture_store(tmp_path_factory: pytest.TempPathFactory):
    """A store of the works the fixtures cite, built from the shared corpora with the project's readers."""
    corpora = SHARED / "corpora"
    if not corpora.is_dir():
        pytest.skip(f"no shared corpora at {corpora}")
    from legalcite.corpora.snapshots import iter_records
    from legalcite.corpora.store import Store, write_store
    from legalcite.jurisdictions import snapshot_readers
    from legalcite.keys import key_at

    works = {key_at(r["key"], "work") for name in FILES for r in _rows(name)}

    def wanted(rec) -> bool:
        key = getattr(rec, "key", None)   # case tables: not needed here
        return key is not None and key_at(key, "work") in works

    path = tmp_path_factory.mktemp("fixture_store") / "store.sqlite"
    write_store((r for r in iter_records(corpora, snapshot_readers()) if wanted(r)), path, meta={})
    with Store(path) as store:
        yield store


def _node(nodes: list[dict], segment: str) -> dict | None:
    """The sub-unit ``segment`` names among ``nodes`` or their descendants (a citation may skip a level)."""
    from legalcite.keys import split_segment

    label, value = split_segment(segment)
    while nodes:
        for n in nodes:
            if n.get("label", "") == label and n["value"] == value:
                return n
        nodes = [c for n in nodes for c in n.get("children", ())]
    return None


def _text_at(unit, segments: list[str], language: str) -> str:
    """The text of the unit or of its sub-unit ``segments``, in ``language`` where the unit has a translation."""
    own = unit.extra.get("translations", {}).get(language) if language != unit.language else None
    text, nodes = (own.get("text", ""), own.get("subunits") or []) if own else (unit.text, list(unit.subunits))
    for seg in segments:
        node = _node(nodes, seg)
        if node is None:
            return ""
        text, nodes = node.get("text", ""), node.get("children", [])
    return text


@pytest.mark.parametrize("name", FILES)
def test_every_key_is_a_unit_with_text(name: str, fixture_store) -> None:
    """Each key resolves as ``real`` down to its last segment (the check verified every level), and the unit
    there has text."""
    from legalcite.pipeline import parse
    from legalcite.resolve.store import resolve_one

    wrong = []
    for r in _rows(name):
        cite = parse(r["key"])[0]
        checked, unit = resolve_one(cite, fixture_store)
        if checked.status.value != "real" or checked.checked_key != r["key"] or unit is None:
            wrong.append(f"{r['id']}: {r['key']} {checked.status.value} ({checked.reason})")
        elif not _text_at(unit, r["key"].split("/")[len(unit.key.split("/")):], unit.language).strip():
            wrong.append(f"{r['id']}: {r['key']} has no text")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("name", FILES)
def test_claims_are_paraphrases(name: str, fixture_store) -> None:
    """No claim copies 8 consecutive words (Chinese: 15 characters) of its unit's text in the claim's language."""
    from legalcite.keys import key_at

    copied = []
    for r in _rows(name):
        unit = fixture_store.unit(key_at(r["key"], "unit"))
        text = _text_at(unit, [], r["language"]) if unit is not None else ""
        claim = r["claim"]
        if r["language"] == "zh":
            grams = (claim[i:i + 15] for i in range(len(claim) - 14))
        else:
            words = claim.split()
            grams = (" ".join(words[i:i + 8]) for i in range(len(words) - 7))
        if hit := next((g for g in grams if g in text), None):
            copied.append(f"{r['id']}: {hit!r}")
    assert not copied, "\n".join(copied)
