"""Key precision and recall on the EU measurement set (``tests/fixtures/eu/measure.jsonl``), by construct:
``python -m legalcite.evaluation.eu [--shared DIR] [--show]``.

The set is hand-annotated: for each text (a slice of a shared file — EU legislation in English and German,
German statutes and court decisions citing EU law, LEXam Swiss exam texts — or a sentence written the way German,
Swiss, English and French practitioners write) the spans a careful EU lawyer marks and the key each should get.
Texts are referenced into ``../shared`` (file, row or key, character range), not copied.

Matching: an expected citation is found when ``extract`` returns a citation with exactly its key whose span
overlaps the expected span; each prediction matches at most one expected citation. Rows marked ``heldout`` were
annotated before the extractor had seen them (the rest guided its development); both are reported. Precision counts
every ``eu`` citation returned for the text (a key nobody expects, or an ``eu`` key for a German citation, is a false
positive); recall counts the expected ``eu`` citations. Expected German keys (construct ``de_control``) are
reported apart: they show that German citations next to EU ones keep their keys. ``compatible`` counts a key as
right when one of the two is a segment prefix of the other (docs/keys.md, granularity).
"""
from __future__ import annotations

import argparse
import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from legalcite._util import shared_dir
from legalcite.evaluation.datasets import EU_MEASURE, Dataset
from legalcite.keys import compatible
from legalcite.pipeline import extract

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "eu" / EU_MEASURE.files[0]


@dataclass
class Expected:
    """One annotated citation: its character span in the row's text, the key it should get and its construct label."""

    start: int
    end: int
    key: str
    construct: str


@dataclass
class Row:
    """One measured text with its annotated citations."""

    id: str
    text: str
    expected: list[Expected]
    split: str = "dev"   # "heldout": annotated before the extractor had seen the text


class _Sources:
    """The shared files a fixture row points into, each read once."""

    def __init__(self, shared: Path):
        self.shared = shared
        self._files: dict[str, list[dict[str, Any]]] = {}  # file → its JSON rows
        self._keyed: dict[str, dict[str, dict[str, Any]]] = {}  # file → its rows by their "key"

    def _rows(self, name: str) -> list[dict[str, Any]]:
        if name not in self._files:
            path = self.shared / name
            opener = gzip.open if name.endswith(".gz") else open
            with opener(path, "rt", encoding="utf-8") as fh:
                self._files[name] = [json.loads(line) for line in fh if line.strip()]
        return self._files[name]

    def text(self, src: dict) -> str:
        name = src["file"]
        if "key" in src:
            if name not in self._keyed:
                self._keyed[name] = {r["key"]: r for r in self._rows(name)}
            text = self._keyed[name][src["key"]]["text"]
        else:
            text = self._rows(name)[src["row"]][src.get("field", "text")]
        if "start" in src:
            text = text[src["start"]:src["end"]]
        return text


def load(fixture: Path = FIXTURE, shared: Path | None = None) -> list[Row]:
    """The measurement rows with their texts resolved and each expected span located (``nth`` occurrence)."""
    sources = _Sources(shared or shared_dir())
    rows = []
    with fixture.open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            r = json.loads(line)
            text = r["text"] if "text" in r else sources.text(r["source"])
            exp = []
            for e in r["expected"]:
                at = -1
                for _ in range(e.get("nth", 0) + 1):
                    at = text.find(e["text"], at + 1)
                if at < 0:
                    raise ValueError(f"{r['id']}: {e['text']!r} (occurrence {e.get('nth', 0)}) is not in the text")
                exp.append(Expected(at, at + len(e["text"]), e["key"], e["construct"]))
            rows.append(Row(r["id"], text, exp, r.get("split", "dev")))
    return rows


@dataclass
class Tally:
    """Counts for one line of the report: expected citations and how many were found, predictions and how many were
    right, each also with compatible keys (one key a segment prefix of the other)."""

    expected: int = 0
    found: int = 0
    predicted: int = 0
    correct: int = 0
    found_compatible: int = 0
    correct_compatible: int = 0

    @property
    def recall(self) -> float:
        """Found over expected (1.0 when nothing is expected)."""
        return self.found / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        """Right over predicted (1.0 when nothing was predicted)."""
        return self.correct / self.predicted if self.predicted else 1.0


@dataclass
class Report:
    """The tallies by construct, by split and in total, the German controls, and a line per miss and false positive."""

    by_construct: dict[str, Tally] = field(default_factory=dict)
    by_split: dict[str, Tally] = field(default_factory=dict)
    total: Tally = field(default_factory=Tally)
    controls: Tally = field(default_factory=Tally)
    misses: list[str] = field(default_factory=list)
    false_positives: list[str] = field(default_factory=list)


def _overlap(s: int, e: int, x: Expected) -> bool:
    return s < x.end and x.start < e


def evaluate(rows: list[Row], dataset: Dataset = EU_MEASURE) -> Report:
    """The scores of the citations of ``dataset``'s jurisdiction (``eu``) in ``rows``; the other expected keys
    are reported apart."""
    jur = dataset.jurisdiction
    rep = Report()
    for row in rows:
        cites = extract(row.text)
        eu = [c for c in cites if c.jurisdiction == jur and c.key]
        exp_eu = [x for x in row.expected if x.key.startswith(f"{jur}/")]
        exp_other = [x for x in row.expected if not x.key.startswith(f"{jur}/")]
        # exact matches first, one prediction per expected citation
        taken: set[int] = set()
        matched: dict[int, int] = {}
        for xi, x in enumerate(exp_eu):
            for ci, c in enumerate(eu):
                if ci not in taken and c.key == x.key and _overlap(c.span.start, c.span.end, x):
                    taken.add(ci)
                    matched[xi] = ci
                    break
        compat_taken = set(taken)
        compat: set[int] = set(matched)
        for xi, x in enumerate(exp_eu):
            if xi in matched:
                continue
            for ci, c in enumerate(eu):
                if (ci not in compat_taken and c.key is not None  # (always: eu holds keyed citations only)
                        and compatible(c.key, x.key) and _overlap(c.span.start, c.span.end, x)):
                    compat_taken.add(ci)
                    compat.add(xi)
                    break
        split = rep.by_split.setdefault(row.split, Tally())
        for xi, x in enumerate(exp_eu):
            for t in (rep.by_construct.setdefault(x.construct, Tally()), rep.total, split):
                t.expected += 1
                t.found += xi in matched
                t.found_compatible += xi in compat
            if xi not in matched:
                rep.misses.append(f"{row.id}: {row.text[x.start:x.end]!r} → {x.key}; got "
                                  f"{[c.key for c in eu if _overlap(c.span.start, c.span.end, x)] or 'nothing'}")
        for ci, c in enumerate(eu):
            where = next((x.construct for x in exp_eu if _overlap(c.span.start, c.span.end, x)), "unexpected")
            for t in (rep.by_construct.setdefault(where, Tally()), rep.total, split):
                t.predicted += 1
                t.correct += ci in taken
                t.correct_compatible += ci in compat_taken
            if ci not in taken:
                rep.false_positives.append(f"{row.id}: {c.text!r} → {c.key}")
        for x in exp_other:
            rep.controls.expected += 1
            rep.controls.found += any(c.key == x.key and _overlap(c.span.start, c.span.end, x) for c in cites)
    return rep


def format_report(rep: Report, show: bool = False) -> Iterator[str]:
    """The report as table lines; with ``show``, a line per miss and per false positive after it."""
    yield f"{'construct':22s} {'expected':>8s} {'recall':>7s} {'predicted':>9s} {'precision':>9s}"
    for name, t in sorted(rep.by_construct.items()):
        yield f"{name:22s} {t.expected:8d} {t.recall:7.3f} {t.predicted:9d} {t.precision:9.3f}"
    t = rep.total
    yield f"{'all eu keys':22s} {t.expected:8d} {t.recall:7.3f} {t.predicted:9d} {t.precision:9.3f}"
    rc = t.found_compatible / t.expected if t.expected else 1.0
    pc = t.correct_compatible / t.predicted if t.predicted else 1.0
    yield f"{'  compatible keys':22s} {'':8s} {rc:7.3f} {'':9s} {pc:9.3f}"
    for name, t in sorted(rep.by_split.items()):
        yield f"{'  ' + name + ' texts':22s} {t.expected:8d} {t.recall:7.3f} {t.predicted:9d} {t.precision:9.3f}"
    c = rep.controls
    yield f"German controls: {c.found}/{c.expected} keep their key"
    if show:
        for m in rep.misses:
            yield f"MISS {m}"
        for f in rep.false_positives:
            yield f"FP   {f}"


def main(argv: list[str] | None = None) -> int:
    """``python -m legalcite.evaluation.eu``: the report table on stdout; exit 0."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fixture", type=Path, default=FIXTURE)
    ap.add_argument("--shared", type=Path, default=None,
                    help="the shared folder (default: $LEGALCITE_SHARED or ../shared)")
    ap.add_argument("--show", action="store_true", help="list every miss and false positive")
    args = ap.parse_args(argv)
    rows = load(args.fixture, args.shared)
    for line in format_report(evaluate(rows), args.show):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
