"""The checklist of docs/architecture.md ("Add a jurisdiction"), checked: a toy jurisdiction, Ruritania (``rt``,
``tests/fixtures/toy_jurisdiction``), is added to a copy of the package tree — its package and one line in
``PACKAGES``, no other file — and its citations are extracted, keyed, printed back, counted by the metrics'
labels, and resolved by the check against a store built from its toy snapshot, with every other jurisdiction
still at work beside it."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "fixtures" / "toy_jurisdiction"

# what the copy runs: everything a user of the new jurisdiction would touch, printed as one JSON object
SCRIPT = r"""
import json, sys
import legalcite
from legalcite import jurisdictions, keys
from legalcite.corpora.store import build_store
from legalcite.metrics.io import KeyResolver

corpora, store = sys.argv[1], sys.argv[2]
text = "Nach ⁋ 12.3 RZB und § 823 Abs. 1 BGB haftet, wer ⁋ 99 RZB oder ⁋ 12.7 RZB bricht; vgl. ⁋ 1 QQB."
cites = legalcite.extract(text)
build_store(corpora, store, readers=jurisdictions.snapshot_readers(["rt"]))
checked = legalcite.check(text, store=store, attribution=False)
printed = [jurisdictions.print_key(c.key) for c in cites if c.jurisdiction == "rt"]
print(json.dumps({
    "module": legalcite.__file__,
    "keys": [c.key for c in cites],
    "spans": [text[c.span.start:c.span.end] for c in cites],
    "printed": printed,
    "reparsed": [[c.key for c in legalcite.extract(p)] for p in printed],
    "unit": keys.key_at("rt/rzb/kap12/pkt3", "unit"),
    "segment": keys.split_segment("pkt3"),
    "gold_label": jurisdictions.lookup("Ruritania"),
    "gold_keys": KeyResolver().keys("⁋ 12 RZB", jurisdiction="RT")[0],
    "statuses": {c.citation.key: [c.status.value, c.reason] for c in checked},
    "readers": [r.file for r in jurisdictions.snapshot_readers() if not r.cases][-2:],
}, ensure_ascii=False))
"""


def _files(tree: Path) -> dict[str, bytes]:
    return {str(p.relative_to(tree)): p.read_bytes() for p in sorted(tree.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def add_toy(base: Path, package: str) -> tuple[Path, Path]:
    """A copy of ``legalcite/`` under ``base`` with the toy ``package`` and its registry line; returns (copy,
    original)."""
    tree = base / "legalcite"
    shutil.copytree(ROOT / "legalcite", tree, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(TOY / package, tree / "jurisdictions" / package)
    registry = tree / "jurisdictions" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    head, tail = text.split("\n}\n", 1)   # the end of PACKAGES, the first dict literal of the module
    registry.write_text(f'{head}\n    "{package}": "{package}",\n}}\n{tail}', encoding="utf-8")
    return tree, ROOT / "legalcite"


@pytest.fixture(scope="module")
def added(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return add_toy(tmp_path_factory.mktemp("new_jurisdiction"), "rt")


def test_the_new_jurisdiction_touches_its_package_and_one_registry_line(added: tuple[Path, Path]) -> None:
    tree, original = added
    new, old = _files(tree), _files(original)
    changed = sorted(f for f in new if f in old and new[f] != old[f])
    assert changed == [os.path.join("jurisdictions", "__init__.py")]
    assert sorted(set(new) - set(old)) == sorted(os.path.join("jurisdictions", "rt", f) for f in _files(TOY / "rt"))
    assert set(old) <= set(new)
    before = old[changed[0]].decode().splitlines()
    after = new[changed[0]].decode().splitlines()
    assert [line for line in after if line not in before] == ['    "rt": "rt",'] and len(after) == len(before) + 1


def test_the_new_jurisdiction_is_extracted_keyed_printed_and_resolved(added: tuple[Path, Path],
                                                                      tmp_path: Path) -> None:
    tree, _ = added
    corpora = tmp_path / "corpora"
    corpora.mkdir()
    shutil.copy(TOY / "rt_code.jsonl", corpora)
    env = {**os.environ, "PYTHONPATH": str(tree.parent), "LEGALCITE_CACHE": str(tmp_path / "cache")}
    env.pop("LEGALCITE_STORE", None)
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(corpora), str(tmp_path / "store.sqlite")],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["module"] == str(tree / "__init__.py")
    assert out["keys"] == ["rt/rzb/kap12/pkt3", "de/bgb/s823/abs1", "rt/rzb/kap99", "rt/rzb/kap12/pkt7", "rt/qqb/kap1"]
    assert out["spans"] == ["⁋ 12.3 RZB", "§ 823 Abs. 1 BGB", "⁋ 99 RZB", "⁋ 12.7 RZB", "⁋ 1 QQB"]
    # printed back and parsed again to the same key; an unknown code has no printed form (the key itself)
    assert out["printed"] == ["⁋ 12.3 RZB", "⁋ 99 RZB", "⁋ 12.7 RZB", "rt/qqb/kap1"]
    assert out["reparsed"] == [["rt/rzb/kap12/pkt3"], ["rt/rzb/kap99"], ["rt/rzb/kap12/pkt7"], []]
    assert out["unit"] == "rt/rzb/kap12" and out["segment"] == ["pkt", "3"]
    assert out["gold_label"] == "rt" and out["gold_keys"] == ["rt/rzb/kap12"]
    statuses = {k: v[0] for k, v in out["statuses"].items()}
    assert statuses == {"rt/rzb/kap12/pkt3": "real", "rt/rzb/kap99": "invented", "rt/rzb/kap12/pkt7": "invented",
                        "rt/qqb/kap1": "not_findable", "de/bgb/s823/abs1": "not_checked"}
    assert "Punkte 1–3" in out["statuses"]["rt/rzb/kap12/pkt7"][1]   # the level's name from its printer
    assert out["readers"] == ["ch_fulltext.jsonl.gz", "rt_code.jsonl"]   # its reader after the others' statutes
