"""Readers of the German snapshot files (``de_toc.jsonl.gz``, ``de_fulltext.jsonl.gz``) → :class:`Work` and
:class:`~legalcite.corpora.CorpusUnit` records under canonical keys (``de/bgb/s823``)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import SnapshotReader, Work, in_force, provenance, rows
from legalcite.jurisdictions.de.extract import MONTHS
from legalcite.jurisdictions.de.laws import table, unit_segment
from legalcite.jurisdictions.de.structure import PARSER
from legalcite.jurisdictions.de.urls import segment_pairs, unit_url
from legalcite.keys import numeral_value


def _de_ids() -> dict[str, dict]:
    return {law["abbr"]: law for law in table()["laws"]}


def _de_url(slug: str, seg: str, article: str | None = None) -> str:
    """The gesetze-im-internet.de page of a unit (``article``: the Art. a § sits in, EGBGB Art. 229 § 1)."""
    segs = [f"art{article}", seg] if article else [seg]
    return unit_url(slug, segment_pairs(segs))


# "Dieses Gesetz tritt am 1. Januar 1963 in Kraft" (or "mit Wirkung vom"), the one date of an Inkrafttreten §
_IN_FORCE = re.compile(r"(?:Dieses|Diese)\s+(?:Gesetz|Verordnung|Gesetzbuch)\s+tritt\s+(?:am|mit\s+Wirkung\s+vom)\s+"
                       r"(\d{1,2})\.\s*(%s)\s+(\d{4})\s+in\s+Kraft" % "|".join(MONTHS))
# a clause with a qualification ("soweit nichts anderes bestimmt ist", "Im übrigen …", a predecessor "tritt außer
# Kraft") gives no date before which nothing of the law was in force
_IN_FORCE_QUALIFIED = re.compile(r"soweit|übrigen|Ausnahme|außer\s+Kraft|vorbehaltlich|abweichend")
# a jurabk with a year ("UWG 2004", "SGB 9 2018", "PAngV 2022"): a new law under the name of an older one
_NEW_VERSION = re.compile(r"\s(?:18|19|20)\d\d$")


def _first_of_name(abbr: str) -> bool:
    """Whether nothing was in force under the law's name before it (its jurabk names no year of a new version)."""
    return not _NEW_VERSION.search(abbr)


def in_force_clause(text: str) -> str | None:
    """The ISO date of an Inkrafttreten § that puts the whole law in force on one date, else None."""
    found = list(_IN_FORCE.finditer(text))
    if len(found) != 1 or text.count("in Kraft") != 1 or _IN_FORCE_QUALIFIED.search(text):
        return None
    d, month, y = found[0].groups()
    return f"{int(y):04d}-{MONTHS.index(month) + 1:02d}-{int(d):02d}"


def _made_on(r: dict) -> dict:
    """A law is not in force before it is made (its Ausfertigung), unless a stated Inkrafttreten puts it in force
    earlier ("mit Wirkung vom"): an inferred date, which a stated one replaces."""
    if not r.get("ausfertigung"):
        return {}
    return {"in_force": in_force(r["ausfertigung"], by="Ausfertigung", wording="made on", stated=False,
                                 first=_first_of_name(r["abbr"]))}


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
                          "full_text": r.get("full_text", False), "abbr": r["abbr"],
                          **_made_on(r)})
        repealed = set(r["repealed"])
        for u in r["units"]:
            seg = unit_segment(u)
            if seg is None:
                continue
            yield CorpusUnit(
                key=f"de/{wid}/{seg}", jurisdiction="de", work=wid, work_title=r["title"],
                heading="(weggefallen)" if u in repealed else None, text="", language="de",
                repealed=u in repealed, source=source, snapshot=snapshot,
                extra={"toc_only": True, "url": _de_url(r["slug"], seg),
                       **({"repeal_mark": "weggefallen"} if u in repealed else {})},
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
        if "Inkrafttreten" in (r.get("heading") or "") and (since := in_force_clause(r.get("text") or "")) \
                and (seg := unit_segment(r["unit"])) is not None:
            yield Work(f"de/{wid}", "de", wid, title, (abbr,), complete=False, source=source, snapshot=snapshot,
                       extra={"in_force": in_force(since, by=f"de/{wid}/{seg}", first=_first_of_name(abbr))})
    for r in rows:
        seg = unit_segment(r["unit"])
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
        text = r.get("text") or ""
        # repealed: the snapshot's flag (a "(weggefallen)" heading), or a text that is a repeal mark
        mark = PARSER.repeal.mark(text) or (PARSER.repeal.mark(r.get("heading") or "") if r.get("repealed") else None)
        yield CorpusUnit(
            key=key, jurisdiction="de", work=wid, work_title=title, heading=r.get("heading"),
            text=text, language="de", subunits=tuple(PARSER.subunits(text, r.get("paragraphs") or ())),
            path=tuple(r.get("path") or ()), repealed=bool(r.get("repealed")) or mark is not None, source=source,
            snapshot=snapshot,
            extra={**({"repeal_mark": mark} if mark else {}),
                   "url": _de_url(r["slug"], seg, segs[0][3:] if len(segs) == 2 else None), "enbez": r.get("enbez"),
                   "type": r.get("type"),
                   "subunits_known": True, **({"nested": True} if nested else {})},
        )


READERS = (
    SnapshotReader("de", "de_toc.jsonl.gz", read_de_toc),
    SnapshotReader("de", "de_fulltext.jsonl.gz", read_de_fulltext),
)
