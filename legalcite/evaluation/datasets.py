"""The benchmark datasets the evaluations read, in one table: their files and what their texts are (language, the
jurisdiction of the prose, the jurisdictions whose citations they annotate). The evaluations take a
:class:`Dataset` as a parameter; these are the defaults."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dataset:
    """One benchmark: ``files`` (under ``$LEGALCITE_SHARED/testdata`` unless a path says otherwise), the
    ``language`` and ``jurisdiction`` of its texts, and the jurisdictions whose citations its gold marks (a
    citation of another jurisdiction found in its texts is neither right nor wrong)."""

    name: str
    files: tuple[str, ...]
    language: str
    jurisdiction: str
    annotated: tuple[str, ...]


# German court decisions (LER) and the refex benchmark's windows: German court text cites German law, EU law and
# the treaties (tag EUN: AEUV, EMRK, directives) and keeps their own jurisdictions (docs/keys.md), so they count
DE_LER = Dataset("de-ler", ("de_ler_test.jsonl", "de_refex_ler.jsonl"), "de", "de", ("de", "eu", "int"))
# STARD: Chinese questions and the statutes that answer them
STARD = Dataset("stard", ("stard_queries.jsonl",), "zh", "cn", ("cn",))
# the EU measurement set (tests/fixtures/eu/measure.jsonl): texts of several languages, EU keys scored
EU_MEASURE = Dataset("eu-measure", ("measure.jsonl",), "en", "eu", ("eu",))

DATASETS = {d.name: d for d in (DE_LER, STARD, EU_MEASURE)}
