"""Readers of the EU snapshots (``eu_toc.jsonl.gz``, ``eu_fulltext.jsonl.gz``) → Works and CorpusUnits keyed by
the canonical key (``eu/32016R0679/6`` → ``eu/reg-2016-679/art6``, ``…/recital-26`` → ``…/recital26``,
``…/annex-III`` → ``…/annex3``).

Completeness (docs/statuses.md): a Work is ``complete`` only where ``eu_toc`` says ``units_complete`` — the acts whose
text the snapshot holds (GDPR, AI Act, DSA …). The treaties, the Charter and seven acts have only an article range
entered by hand (``units_source: known_range_manual``): their articles are listed (so ``Art. 101 AEUV`` is found),
but the Work stays incomplete, so an article outside the range is ``not_checked``, never ``invented``.

One unit per provision: the English text is the unit's text; the German text, where the snapshot has it (the
GDPR), rides along in ``extra["translations"]["de"]`` with its heading and structure, so that the misattribution
test reads a German answer against the German text and an English one against the English text
(`legalcite.attribution.store`: one BM25 matrix per language, `eu/<act>@de`). Sub-units (``par``/``sub``/``pt``)
are read from the paragraphs (:mod:`legalcite.jurisdictions.eu.structure`); only texts printed line by line
(Formex, EUR-Lex HTML) show their points, so only those say ``subunits_known``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import SnapshotReader, Work, provenance, rows
from legalcite.jurisdictions.eu import acts as _acts
from legalcite.jurisdictions.eu.build import toc_work
from legalcite.jurisdictions.eu.repeal import Clauses
from legalcite.jurisdictions.eu.structure import PARSER
from legalcite.keys import is_roman, roman_to_int, split_segment


def segment(unit: str) -> str | None:
    """A snapshot unit id → key segment: ``6`` → ``art6``, ``54c`` → ``art54c``, ``recital-26`` → ``recital26``,
    ``annex-III`` → ``annex3``; ``recital-None`` (an unnumbered recital in the source) → None."""
    if unit[:1].isdigit():
        return "art" + unit
    m = re.fullmatch(r"recital-(\d+)", unit)
    if m:
        return "recital" + m.group(1)
    m = re.fullmatch(r"annex-([IVXLC]+|\d+)([a-z]?)", unit, re.I)
    if m:
        n = m.group(1).upper()
        return "annex" + (str(roman_to_int(n)) if is_roman(n) else n) + m.group(2).lower()
    return None


def url(work: str, segments: tuple[str, ...] = ()) -> str | None:
    """The EUR-Lex page of a unit (:func:`legalcite.jurisdictions.eu.acts.eurlex_url`)."""
    return _acts.eurlex_url(work, [split_segment(s) for s in segments])


def read_eu_toc(path: Path) -> Iterator[Work | CorpusUnit]:
    """``eu_toc.jsonl.gz``: one Work per act (complete only where ``units_complete``) and a TOC-only unit per
    listed article, recital and annex."""
    names = _acts.index().names
    source, _ = provenance(path.name)
    for r in rows(path):
        work = toc_work(r)
        title = (r["names_en"] or [r["short_en"]])[0]
        aliases = tuple(dict.fromkeys(a for a in (r["short_en"], r["short_de"], *r["names_en"], *r["names_de"],
                                                  *names.get(work, ())) if a))
        yield Work(f"eu/{work}", "eu", work, title, aliases, complete=bool(r["units_complete"]),
                   n_units=len(r["units"]), source=source, snapshot=r.get("version"),
                   extra={"celex": r["celex"], "number": r["number"], "type": r["type"],
                          "units_source": r["units_source"], "languages": r.get("full_text_langs") or [],
                          "url": url(work)})
        listed = [*r["units"], *(r.get("recitals") or ()), *(r.get("annexes") or ())]
        for u in listed:
            seg = segment(u)
            if seg is None:
                continue
            yield CorpusUnit(key=f"eu/{work}/{seg}", jurisdiction="eu", work=work, work_title=title, heading=None,
                             text="", language="en", source=source, snapshot=r.get("version"),
                             extra={"toc_only": True, "units_source": r["units_source"], "url": url(work, (seg,))})


def read_eu_fulltext(path: Path) -> Iterator[Work | CorpusUnit]:
    """``eu_fulltext.jsonl.gz``: one unit per article, recital and annex, English text with the German beside it;
    and what the acts' own repeal clauses and dates of application say (:mod:`legalcite.jurisdictions.eu.repeal`):
    the acts they repeal (Directive 95/46/EC), the articles of other acts they delete (with their successors), the
    date from which each act applies."""
    by_celex = {a["celex"]: a for a in _acts.index().acts.values()}
    source, _ = provenance(path.name)
    groups: dict[tuple[str, str], dict[str, dict]] = {}
    for r in rows(path):
        groups.setdefault((r["celex"], r["unit"]), {})[r["lang"]] = r
    clauses = Clauses.read(groups, by_celex)
    for (celex, unit), langs in groups.items():
        seg = segment(unit)
        act = by_celex.get(celex)
        if seg is None or act is None:
            continue
        main = langs.get("en") or next(iter(langs.values()))
        lined = "\n" in main["text"]
        translations = {}
        for lang, r in langs.items():
            if r is main:
                continue
            translations[lang] = {"heading": r.get("heading"), "text": r["text"], "label": r.get("label"),
                                  "path": r.get("path") or [], "subunits": _structure(r, lang)}
        key = f"eu/{act['work']}/{seg}"
        gone = clauses.units.pop(key, None)
        yield CorpusUnit(
            key=key, jurisdiction="eu", work=act["work"], work_title=act["names_en"][0],
            heading=main.get("heading"), text=main["text"], language=main["lang"],
            subunits=tuple(_structure(main, main["lang"])), path=tuple(main.get("path") or ()),
            source=source, snapshot="OJ original text (not consolidated)",
            **(gone.fields() if gone else {}),
            extra={"celex": celex, "label": main.get("label"), "type": main.get("type"),
                   "url": url(act["work"], (seg,)),
                   "subunits_known": lined and main.get("type") == "article",
                   **({"translations": translations} if translations else {}), **(gone.extra() if gone else {})},
        )
    yield from clauses.records(source)


def _structure(row: dict, lang: str) -> list[dict]:
    return PARSER.subunits(row.get("text") or "", row.get("paragraphs") or (), language=lang)


READERS = (
    SnapshotReader("eu", "eu_toc.jsonl.gz", read_eu_toc),
    SnapshotReader("eu", "eu_fulltext.jsonl.gz", read_eu_fulltext),
)
