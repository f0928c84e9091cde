"""Readers of the German snapshot files (``de_toc.jsonl.gz``, ``de_fulltext.jsonl.gz``) → :class:`Work` and
:class:`~legalcite.corpora.CorpusUnit` records under canonical keys (``de/bgb/s823``)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import SnapshotReader, Work, provenance, rows, sources
from legalcite.corpora.structure import de_absatz
from legalcite.jurisdictions.de.laws import table
from legalcite.keys import numeral_value

def _de_ids() -> dict[str, dict]:
    return {law["abbr"]: law for law in table()["laws"]}


def _de_segment(unit: str) -> str | None:
    """TOC/full-text unit id → key segment: ``823`` → ``s823``, ``Art 6`` → ``art6``, ``Anlage 1`` → ``anlage1``;
    ranges of repealed units (``3-6``) → None (the TOC lists each one)."""
    u = unit.strip()
    if re.fullmatch(r"(?:Art )?\S+-\S+", u) and not re.fullmatch(r"(?:Art )?\d+[a-z]?", u):
        return None
    if u.startswith("Art "):
        return "art" + numeral_value(u[4:])
    if u[:1].isdigit():
        return "s" + numeral_value(u)
    return re.sub(r"[\s/_]+", "", u).lower() or None


def _de_url(slug: str, seg: str, article: str | None = None) -> str | None:
    urls = sources()["urls"]
    if article:  # a § inside an article (EGBGB Art. 229 § 1): art_229__1.html
        return f"https://www.gesetze-im-internet.de/{slug}/art_{article}__{seg[1:]}.html"
    if seg.startswith("s") and seg[1:2].isdigit():
        return urls["de_paragraph"].format(slug=slug, unit=seg[1:])
    if seg.startswith("art") and seg[3:4].isdigit():
        return urls["de_article"].format(slug=slug, unit=seg[3:])
    return urls["de_law"].format(slug=slug)


def read_de_toc(path: Path) -> Iterator[Work | CorpusUnit]:
    """``de_toc.jsonl.gz``: one Work per law, one TOC-only unit per § / Art. (``(weggefallen)`` ones repealed)."""
    ids = _de_ids()
    source, snapshot = provenance(path.name)
    for r in rows(path):
        law = ids.get(r["abbr"])
        wid = law["id"] if law else re.sub(r"[\s/]+", "-", r["abbr"]).lower()
        aliases = tuple(dict.fromkeys(a for a in (r["abbr"], r["cite_abbr"], *r["alt_abbrs"], r.get("short_title"))
                                      if a))
        yield Work(f"de/{wid}", "de", wid, r["title"], aliases, complete=True, n_units=len(r["units"]),
                   source=source, snapshot=snapshot,
                   extra={"slug": r["slug"], "ausfertigung": r.get("ausfertigung"), "stand": r.get("stand"),
                          "full_text": r.get("full_text", False), "abbr": r["abbr"]})
        repealed = set(r["repealed"])
        for u in r["units"]:
            seg = _de_segment(u)
            if seg is None:
                continue
            yield CorpusUnit(
                key=f"de/{wid}/{seg}", jurisdiction="de", work=wid, work_title=r["title"],
                heading="(weggefallen)" if u in repealed else None, text="", language="de",
                repealed=u in repealed, source=source, snapshot=snapshot,
                extra={"toc_only": True, "url": _de_url(r["slug"], seg)},
            )


def read_de_fulltext(path: Path) -> Iterator[Work | CorpusUnit]:
    """``de_fulltext.jsonl.gz``: one unit per § / Art. with Absätze, Sätze and Nummern.

    Laws whose § numbers repeat (EGBGB: §§ inside Art. 229, 246a …) are keyed with their article
    (``de/egbgb/art229/s1``) and yield a Work marked incomplete, which overrides the flat TOC."""
    ids = _de_ids()
    source, snapshot = provenance(path.name)
    group: list[dict] = []
    for r in rows(path):
        if group and r["jurabk"] != group[0]["jurabk"]:
            yield from _de_law_units(group, ids, source, snapshot)
            group = []
        group.append(r)
    if group:
        yield from _de_law_units(group, ids, source, snapshot)


def _de_law_units(rows: list[dict], ids: dict[str, dict], source: str, snapshot: str | None
                  ) -> Iterator[Work | CorpusUnit]:
    abbr = rows[0]["jurabk"]
    law = ids.get(abbr)
    wid = law["id"] if law else re.sub(r"[\s/]+", "-", abbr).lower()
    title = law["title"] if law else None
    units = [r["unit"] for r in rows if r["type"] in ("paragraph", "article")]
    nested = len(units) != len(set(units))
    if nested:
        yield Work(f"de/{wid}", "de", wid, title, (abbr,), complete=False, source=source, snapshot=snapshot,
                   extra={"nested": True, "note": "§§ repeat inside articles; the snapshot lacks the article "
                          "level, so no unit can be judged invented", "slug": rows[0]["slug"]})
    seen: set[str] = set()
    for r in rows:
        seg = _de_segment(r["unit"])
        if seg is None:
            continue
        segs = [seg]
        art = None
        if nested:
            art = next((p.split()[1] for p in reversed(r.get("path") or []) if re.match(r"Art \S", p)), None)
            if art and not seg.startswith("art"):
                segs = ["art" + numeral_value(art), seg]
        key = "/".join(["de", wid, *segs])
        if key in seen:
            continue
        seen.add(key)
        subunits: list = []
        for p in r.get("paragraphs") or ():
            made = de_absatz(p.get("abs"), p.get("text", ""))
            subunits.extend(made if isinstance(made, list) else [made])
        yield CorpusUnit(
            key=key, jurisdiction="de", work=wid, work_title=title, heading=r.get("heading"),
            text=r.get("text") or "", language="de", subunits=tuple(subunits), path=tuple(r.get("path") or ()),
            repealed=bool(r.get("repealed")), source=source, snapshot=snapshot,
            extra={"url": _de_url(r["slug"], seg, segs[0][3:] if len(segs) == 2 else None), "enbez": r.get("enbez"), "type": r.get("type"),
                   "subunits_known": True, **({"nested": True} if nested else {})},
        )


READERS = (
    SnapshotReader("de", "de_toc.jsonl.gz", read_de_toc),
    SnapshotReader("de", "de_fulltext.jsonl.gz", read_de_fulltext),
)
