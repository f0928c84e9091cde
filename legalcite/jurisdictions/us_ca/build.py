"""The California code table ``data/codes.json.gz`` from ``ca_codes_toc.jsonl.gz``: leginfo lawCode → work id
(docs/keys.md: the lowercased lawCode; ``const`` for the Constitution), the code's official name, the names it is
cited by (Bluebook first — the printers use it —, T1 California, and the California Style Manual §2.6 abbreviations
below), and its section list where the snapshot is complete (used to expand ranges such as ``§§ 510–512``).
``python -m legalcite.jurisdictions.us_ca.build [--corpora DIR]`` rewrites it.

The abbreviation lists are the two style guides' tables, kept here as data; everything else comes from the
corpus. Reporters are not tabled here: ``legalcite.jurisdictions.us_common.reporters`` reads reporters-db.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from legalcite.jurisdictions.us_ca.codes import work_of

# lawCode → the words printed before "Code" (or, for CCP, the whole name): Bluebook first, then Style Manual.
CITED_AS: dict[str, list[str]] = {
    "BPC": ["Bus. & Prof.", "Business and Professions", "Business & Professions"],
    "CIV": ["Civ.", "Civil"],
    "CCP": ["Civ. Proc.", "Code Civ. Proc.", "Code Civ. Pro.", "Code of Civil Procedure", "Code of Civ. Proc."],
    "COM": ["Com.", "Comm.", "Commercial"],
    "CORP": ["Corp.", "Corps.", "Corporations"],
    "EDC": ["Educ.", "Ed.", "Education"],
    "ELEC": ["Elec.", "Elections"],
    "EVID": ["Evid.", "Evidence"],
    "FAM": ["Fam.", "Family"],
    "FIN": ["Fin.", "Financial"],
    "FGC": ["Fish & Game", "Fish & G.", "Fish and Game"],
    "FAC": ["Food & Agric.", "Food & Agr.", "Food and Agricultural", "Food & Agricultural"],
    "GOV": ["Gov't", "Gov’t", "Gov.", "Govt.", "Government"],
    "HNC": ["Harb. & Nav.", "Harbors and Navigation", "Harbors & Navigation"],
    "HSC": ["Health & Safety", "Health & Saf.", "Health and Safety"],
    "INS": ["Ins.", "Insurance"],
    "LAB": ["Lab.", "Labor"],
    "MVC": ["Mil. & Vet.", "Military and Veterans", "Military & Veterans"],
    "PEN": ["Penal", "Pen."],
    "PROB": ["Prob.", "Probate"],
    "PCC": ["Pub. Cont.", "Pub. Contract", "Public Contract"],
    "PRC": ["Pub. Res.", "Pub. Resources", "Public Resources"],
    "PUC": ["Pub. Util.", "Pub. Utilities", "Public Utilities"],
    "RTC": ["Rev. & Tax.", "Revenue and Taxation", "Revenue & Taxation"],
    "SHC": ["Sts. & High.", "Sts. & Hy.", "Streets and Highways", "Streets & Highways"],
    "UIC": ["Unemp. Ins.", "Unemployment Insurance"],
    "VEH": ["Veh.", "Vehicle"],
    "WAT": ["Water", "Wat."],
    "WIC": ["Welf. & Inst.", "Welfare and Institutions", "Welfare & Institutions"],
}


def build(corpora: Path) -> dict[str, object]:
    """The ``codes`` table (:mod:`legalcite.core.data`'s build convention) from ``ca_codes_toc.jsonl.gz`` in
    ``corpora``: each code's work id, names and, where complete, section list. A ValueError when a code of
    :data:`CITED_AS` has no row."""
    with gzip.open(corpora / "ca_codes_toc.jsonl.gz", "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    codes = []
    for r in sorted(rows, key=lambda r: r["code"]):
        if r["code"] == "CONS":
            continue  # the Constitution is cited as "Cal. Const., art. I, § 1", not as a code
        names = list(CITED_AS[r["code"]])
        official = r["name"]
        prefix = official[: -len(" Code")] if official.endswith(" Code") else official
        if prefix not in names and official != "Code of Civil Procedure":
            names.append(prefix)
        codes.append({
            "code": work_of(r["code"]),
            "law_code": r["code"],
            "name": official,
            "cited_as": names,
            "complete": r["coverage"] == "complete",
            "sections": r["sections"] if r["coverage"] == "complete" else [],
        })
    missing = set(CITED_AS) - {c["law_code"] for c in codes}
    if missing:
        raise ValueError(f"codes without a TOC row: {sorted(missing)}")
    return {"codes": {"source": "ca_codes_toc.jsonl.gz (leginfo bulk download, 2025-11 … 2026-04)", "codes": codes}}


if __name__ == "__main__":
    from legalcite.core.data import main

    raise SystemExit(main({"us-ca": __package__}, description=__doc__))
