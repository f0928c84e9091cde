"""The German law table ``data/laws.json.gz`` from ``de_toc.jsonl.gz``: work ids per docs/keys.md, names, unit
lists. ``python -m legalcite.jurisdictions.de.build [--corpora DIR]`` rewrites it."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from legalcite.jurisdictions.de.laws import cited_as, unit_segment
from legalcite.keys import work_id


def assign_ids(rows: list[dict]) -> dict[str, str]:
    """abbr → work id. docs/keys.md: ``alt_abbrs[0]`` when ``cite_abbr == abbr`` and alt_abbrs is non-empty,
    else ``cite_abbr``; on a clash the latest ``ausfertigung`` keeps the id, the others use their ``abbr``."""
    wanted: dict[str, list[dict]] = {}
    for r in rows:
        wanted.setdefault(wanted_id(r), []).append(r)
    ids: dict[str, str] = {}
    losers: list[dict] = []
    for wid, group in wanted.items():
        group.sort(key=lambda r: (r.get("ausfertigung") or "", r["abbr"]), reverse=True)
        ids[group[0]["abbr"]] = wid
        losers.extend(group[1:])
    used = set(ids.values())
    for r in sorted(losers, key=lambda r: r["abbr"]):
        # the abbr itself; if that clashes too (AEG vs AEG 1994, case-only variants), add the year, then a count
        year = (r.get("ausfertigung") or "")[:4]
        cands = [work_id(r["abbr"]), work_id(f"{r['abbr']} {year}")]
        cands += [f"{cands[-1]}-{i}" for i in range(2, 99)]
        ids[r["abbr"]] = next(c for c in cands if c not in used)
        used.add(ids[r["abbr"]])
    return ids


def _segments(units: list[str]) -> list[str]:
    return [seg for seg in map(unit_segment, units) if seg is not None]


def wanted_id(r: dict) -> str:
    """The work id a TOC row asks for: its :func:`~.laws.cited_as` name as a :func:`work_id`; on a clash
    :func:`assign_ids` decides who keeps it."""
    return work_id(cited_as(r))


def build(corpora: Path) -> dict[str, object]:
    """The ``laws`` table (:mod:`legalcite.core.data`'s build convention) from ``de_toc.jsonl.gz`` in ``corpora``: each
    law's id, names and unit and repealed-unit key segments, sorted by id."""
    with gzip.open(corpora / "de_toc.jsonl.gz", "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    ids = assign_ids(rows)
    laws = []
    for r in sorted(rows, key=lambda r: ids[r["abbr"]]):
        laws.append({
            "id": ids[r["abbr"]],
            "abbr": r["abbr"],
            "cite_abbr": r["cite_abbr"],
            "alt_abbrs": r["alt_abbrs"],
            "title": r["title"],
            "short_title": r["short_title"],
            "slug": r["slug"],
            "ausfertigung": r["ausfertigung"],
            "units": _segments(r["units"]),
            "repealed": _segments(r["repealed"]),
            "full_text": r["full_text"],
        })
    return {"laws": {"source": "de_toc.jsonl.gz (gesetze-im-internet.de XML, 2026-04-13)", "laws": laws}}


if __name__ == "__main__":
    from legalcite.core.data import main

    raise SystemExit(main({"de": __package__}, description=__doc__))
