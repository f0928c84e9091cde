"""The German snapshot readers and the law table's work ids (docs/keys.md)."""
from __future__ import annotations

from pathlib import Path

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import Work
from legalcite.jurisdictions.de.laws import table
from legalcite.jurisdictions.de.snapshots import read_de_toc


def test_de_toc_lists_every_unit(corpora_dir: Path) -> None:
    """All 99,956 § / Art. ids of the DE TOC become units with distinct canonical keys."""
    rows = list(read_de_toc(corpora_dir / "de_toc.jsonl.gz"))
    units = [r for r in rows if isinstance(r, CorpusUnit)]
    works = [r for r in rows if isinstance(r, Work)]
    assert len(works) == 6877
    assert len(units) == sum(w.n_units for w in works) == 99956
    assert len({u.key for u in units}) == len(units)


def test_de_work_ids_follow_design() -> None:
    ids = {law["abbr"]: law["id"] for law in table()["laws"]}
    assert ids["BGB"] == "bgb" and ids["StGB"] == "stgb" and ids["BGBEG"] == "egbgb"
    assert ids["SGB 5"] == "sgb-v" and ids["UWG 2004"] == "uwg" and ids["WiStrG 1954"] == "wistrg"
    assert len(set(ids.values())) == len(ids)
