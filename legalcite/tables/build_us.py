"""California code table from ``ca_codes_toc.jsonl.gz``: leginfo lawCode → work id (DESIGN.md §2: the lowercased
lawCode; ``const`` for the Constitution), the code's official name, the names it is cited by (Bluebook, T1
California, and the California Style Manual §2.6 abbreviations below), and its section list where the
snapshot is complete (used to expand ranges such as ``§§ 510–512``); and the U.S. Code's section list per title
from ``us_usc_sections.jsonl.gz`` (``us_usc``), for ranges such as ``42 U.S.C. §§ 2000e–2000e-17``.

The abbreviation lists are the two style guides' tables, kept here as data; everything else comes from the
corpus. US reporters are not tabled here: ``legalcite.jurisdictions.us`` reads reporters-db on first use.
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

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


def work_of(law_code: str) -> str:
    """DESIGN.md §2: the lowercased leginfo lawCode; the Constitution is ``const``."""
    return "const" if law_code == "CONS" else law_code.lower()


def natural_key(section: str) -> tuple:
    """Code order for section numbers: ``2000e`` < ``2000e-2`` < ``2000e-10`` < ``2000f``; ``300e-8`` < ``300ee``."""
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in re.findall(r"\d+|[^\d]+", section))


def build_usc(corpora: Path) -> dict[str, object]:
    """U.S. Code sections per title, in code order (for ranges such as ``§§ 2000e–2000e-17``)."""
    titles: dict[str, list[str]] = {}
    with gzip.open(corpora / "us_usc_sections.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            if "#" not in r["key"]:
                titles.setdefault(str(r["title"]), []).append(r["section"])
    return {"source": "us_usc_sections.jsonl.gz (OLRC release point 119-100, live sections only)",
            "titles": {t: sorted(set(secs), key=natural_key) for t, secs in titles.items()}}


def build(corpora: Path) -> dict[str, object]:
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
    return {"us_ca_codes": {"source": "ca_codes_toc.jsonl.gz (leginfo bulk download, 2025-11 … 2026-04)",
                            "codes": codes},
            "us_usc": build_usc(corpora)}
