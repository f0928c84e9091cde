"""Loaders for the snapshot files of ``../shared/corpora`` (one reader per file format), mapped to canonical keys.

The snapshot ``key`` fields are row ids (``de/bgb/823``, ``cn/民法典/577``, ``ca/fam/2310``), not canonical keys;
every reader here builds the canonical key of DESIGN.md §2 from the row's own fields instead
(``de/bgb/s823``, ``cn/中华人民共和国民法典/art577``, ``us-ca/fam/s2310``, ``us/usc/t42/s1983``).

Two kinds of record come out:

- :class:`~legalcite.corpora.CorpusUnit`: one per provision, with text and sub-units where a full text exists,
  and *TOC-only* units (``text == ""``, ``extra["toc_only"]``) where only a table of contents lists it
  (the DE TOC lists all 99,956 §§, the CN list gives article counts, the USC list all live sections, the CA TOC
  16 complete codes), so existence can be checked where no text exists.
- :class:`Work`: one per law/code, with ``complete`` — whether the snapshot lists *every* unit of the work.
  A unit missing from an incomplete work is ``not_checked``, never ``invented`` (DESIGN.md §3).

A user's newer snapshot in the same format plugs in by pointing ``corpora_dir`` elsewhere; a new format needs one
new ``read_<format>`` function and a line in :data:`READERS`.
"""
from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from legalcite.corpora import CorpusUnit
from legalcite.corpora.structure import ca_subdivisions, cn_paragraphs, de_absatz, sub
from legalcite.keys import cn_ascii_brackets, cn_to_int, is_roman, numeral_value, roman_to_int


@dataclass(frozen=True)
class Work:
    """A law, code or constitution as the snapshots know it."""

    key: str                          # jurisdiction/work: de/bgb, cn/中华人民共和国民法典, us/usc, us-ca/lab
    jurisdiction: str
    work: str
    title: str | None
    aliases: tuple[str, ...] = ()     # abbreviations, short titles, code names
    complete: bool = False            # the snapshot lists every unit: a unit not listed does not exist
    n_units: int = 0
    repealed: bool = False
    repealed_on: str | None = None
    replaced_by: str | None = None
    source: str = ""
    snapshot: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@cache
def sources() -> dict[str, Any]:
    """Provenance of the shared snapshot files (``sources.json`` beside this module)."""
    with resources.files(__package__).joinpath("sources.json").open("rb") as fh:
        return json.load(fh)


def _rows(path: Path) -> Iterator[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _prov(name: str) -> tuple[str, str | None]:
    s = sources().get(name, {})
    return f"{name}: {s.get('source', 'unknown source')}", s.get("snapshot")


# ================================================================== Germany

def _de_ids() -> dict[str, dict]:
    from legalcite.tables import load

    return {law["abbr"]: law for law in load("de_laws")["laws"]}


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
    source, snapshot = _prov(path.name)
    for r in _rows(path):
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
    source, snapshot = _prov(path.name)
    group: list[dict] = []
    for r in _rows(path):
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


# ================================================================== China

_CN_ART = re.compile(r"^第([一二三四五六七八九十百千零〇两\d]+)条(?:之([一二三四五六七八九十]+))?$")
_CN_DATE = re.compile(r"自(\d{4})年(\d{1,2})月(\d{1,2})日起施行")
_CN_TITLE = re.compile(r"《([^《》]{2,80})》")


def cn_work(title: str) -> str:
    """The work id of a CN document: its full title with ASCII brackets (DESIGN.md §2)."""
    return cn_ascii_brackets(re.sub(r"\s+", "", title))


def cn_article_segment(article: int, sub_no: int | None = None) -> str:
    return f"art{article}" + (f"-{sub_no}" if sub_no else "")


def read_cn_laws(path: Path) -> Iterator[Work | CorpusUnit]:
    """``cn_laws.jsonl.gz``: one Work per title (its latest version decides), and TOC-only articles
    ``art1 … art<max>`` plus the listed 之一 articles where the article count confirms that list is complete."""
    source, snapshot = _prov(path.name)
    by_title: dict[str, list[dict]] = {}
    for r in _rows(path):
        by_title.setdefault(r["title"], []).append(r)
    for title, versions in by_title.items():
        latest = max(versions, key=lambda r: (bool(r.get("is_latest")), r.get("version_date") or ""))
        subs = []
        for s in latest.get("sub_articles") or ():
            m = _CN_ART.match(s)
            if m and m.group(2):
                subs.append(cn_article_segment(cn_to_int(m.group(1)), cn_to_int(m.group(2))))
        max_art = latest.get("max_article") or 0
        complete = bool(max_art) and latest.get("article_count") == max_art + len(subs)
        wid = cn_work(title)
        aliases = tuple(dict.fromkeys(a for a in (latest.get("short_title"), title) if a and a != wid))
        expired = bool(latest.get("expired"))
        yield Work(f"cn/{wid}", "cn", wid, title, aliases, complete=complete,
                   n_units=latest.get("article_count") or 0, repealed=expired, source=source, snapshot=snapshot,
                   extra={"category": latest.get("category"), "level": latest.get("level"),
                          "version_date": latest.get("version_date"), "valid_from": latest.get("valid_from"),
                          "n_versions": len(versions), "full_text": latest.get("full_text", False)})
        if not complete:
            continue
        for seg in [f"art{i}" for i in range(1, max_art + 1)] + subs:
            yield CorpusUnit(key=f"cn/{wid}/{seg}", jurisdiction="cn", work=wid, work_title=title, heading=None,
                             text="", language="zh", repealed=expired, valid_from=latest.get("valid_from"),
                             source=source, snapshot=snapshot, extra={"toc_only": True})


def read_cn_fulltext(path: Path) -> Iterator[Work | CorpusUnit]:
    """``cn_fulltext.jsonl.gz``: one unit per 条 with 款 and 项. Where one title comes from two source documents,
    the later version wins. Repeal clauses (``……《中华人民共和国合同法》……同时废止``, with the date of
    ``本法自…起施行``) yield Works marked repealed, with the date and the repealing law (民法典 Art. 1260)."""
    source, snapshot = _prov(path.name)
    best: dict[str, tuple[str, str]] = {}
    repeals: list[Work] = []
    for r in _rows(path):
        doc = (r.get("category") or "", r.get("version_date") or "")
        cur = best.get(r["law_title"])
        if cur is None or doc[1] > cur[1]:
            best[r["law_title"]] = doc
        if "废止" in r.get("text", ""):
            repeals.extend(_cn_repeals(r, source, snapshot))
    seen: set[str] = set()
    for r in _rows(path):
        if (r.get("category") or "", r.get("version_date") or "") != best[r["law_title"]]:
            continue
        wid = cn_work(r["law_title"])
        key = f"cn/{wid}/{cn_article_segment(r['article'], r.get('article_sub'))}"
        if key in seen:
            continue
        seen.add(key)
        yield CorpusUnit(
            key=key, jurisdiction="cn", work=wid, work_title=r["law_title"], heading=r.get("article_cn"),
            text=r.get("text") or "", language="zh", subunits=tuple(cn_paragraphs(r.get("paragraphs") or [])),
            path=tuple(p for p in r.get("path") or () if p), source=source, snapshot=snapshot,
            extra={"subunits_known": True, "article_cn": r.get("article_cn"), "category": r.get("category"),
                   "version_date": r.get("version_date")},
        )
    yield from repeals


def _cn_repeals(r: dict, source: str, snapshot: str | None) -> Iterator[Work]:
    text = r.get("text", "")
    date_m = _CN_DATE.search(text)
    date = f"{int(date_m[1]):04d}-{int(date_m[2]):02d}-{int(date_m[3]):02d}" if date_m else None
    by = f"cn/{cn_work(r['law_title'])}/{cn_article_segment(r['article'], r.get('article_sub'))}"
    for sentence in re.split(r"[。；]", text):
        if "同时废止" not in sentence and not re.search(r"》[^《》]{0,12}废止", sentence):
            continue
        for m in _CN_TITLE.finditer(sentence.split("废止")[0]):
            title = m.group(1)
            wid = cn_work(title)
            if wid == cn_work(r["law_title"]):
                continue
            yield Work(f"cn/{wid}", "cn", wid, title, (), complete=False, repealed=True, repealed_on=date,
                       replaced_by=r["law_title"], source=f"{source} ({by})", snapshot=snapshot,
                       extra={"repeal_clause": by, "repeal_text": sentence.strip()[:300]})


# ================================================================== California

_CA_MONTH = "%B %d, %Y"


def _ca_date(s: str | None) -> str | None:
    try:
        return datetime.strptime(s, _CA_MONTH).date().isoformat() if s else None
    except ValueError:
        return None


def _roman_article(s: str) -> str:
    """California constitution article ids: ``XIIIB`` → ``13b``, ``XXXV`` → ``35``, ``I`` → ``1``."""
    if is_roman(s):
        return str(roman_to_int(s))
    if len(s) > 1 and is_roman(s[:-1]) and s[-1].isalpha():
        return f"{roman_to_int(s[:-1])}{s[-1].lower()}"
    return numeral_value(s).lower()


def ca_segments(code: str, section: str) -> tuple[str, list[str]]:
    """(leginfo code, section id) → (work id, unit segments): ``LAB, 2802`` → ``lab, [s2802]``;
    ``CONS, XIIIB-1`` → ``const, [art13b, s1]``."""
    if code.upper() == "CONS":
        art, _, sec = section.partition("-")
        return "const", ["art" + _roman_article(art)] + (["s" + sec] if sec else [])
    return code.lower(), ["s" + section]


def _ca_url(code: str, section: str) -> str:
    if code.upper() == "CONS":
        art, _, sec = section.partition("-")
        return ("https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CONS"
                f"&sectionNum=SEC.%20{sec}.&article={art}")
    return sources()["urls"]["us-ca_section"].format(code=code.upper(), section=section)


def read_ca_codes_toc(path: Path) -> Iterator[Work | CorpusUnit]:
    """``ca_codes_toc.jsonl.gz``: one Work per code (complete where ``coverage == complete``) and a TOC-only
    unit per listed section."""
    source, snapshot = _prov(path.name)
    for r in _rows(path):
        wid, _ = ca_segments(r["code"], "1")
        complete = r.get("coverage") == "complete"
        updated = _ca_date(r.get("source_updated"))
        yield Work(f"us-ca/{wid}", "us-ca", wid, r["name"], (r["code"], r["name"]), complete=complete,
                   n_units=r.get("n_sections") or 0, source=source, snapshot=updated or snapshot,
                   extra={"coverage": r.get("coverage"), "full_text": r.get("full_text", False), "code": r["code"]})
        for s in r.get("sections") or ():
            w, segs = ca_segments(r["code"], s)
            yield CorpusUnit(key="/".join(["us-ca", w, *segs]), jurisdiction="us-ca", work=w, work_title=r["name"],
                             heading=None, text="", language="en", source=source, snapshot=updated or snapshot,
                             extra={"toc_only": True, "url": _ca_url(r["code"], s)})


def read_ca_fulltext(path: Path) -> Iterator[Work | CorpusUnit]:
    """``ca_fulltext.jsonl.gz``: one unit per section with its subdivisions. Sections printed in two versions
    (operative-date pairs) become one unit with both texts; rows without subdivision data (the partial
    MarkyMark1986 subset) say so (``subunits_known`` false). Codes that appear only here are incomplete Works."""
    _, snapshot = _prov(path.name)
    partial_snapshot = sources().get(path.name, {}).get("partial_snapshot")
    units: dict[str, dict] = {}
    for r in _rows(path):
        w, segs = ca_segments(r["code"], r["section"])
        key = "/".join(["us-ca", w, *segs])
        if key in units:
            prev = units[key]
            prev["versions"].append(r["text"])
            prev["subdivisions"] = sorted(set(prev["subdivisions"]) | set(r.get("subdivisions") or ()))
            continue
        units[key] = {**r, "work": w, "versions": [r["text"]], "subdivisions": list(r.get("subdivisions") or ())}
    codes: dict[str, dict] = {}
    for key, r in units.items():
        codes.setdefault(r["code"], r)
        known = r.get("source", "").startswith("johnakelly")
        subunits: list = []
        if known:
            for text in r["versions"]:
                for node in ca_subdivisions(text, r["subdivisions"]):
                    if all(n["value"] != node["value"] for n in subunits):
                        subunits.append(node)
        yield CorpusUnit(
            key=key, jurisdiction="us-ca", work=r["work"], work_title=r.get("code_name"), heading=None,
            text="\n\n".join(r["versions"]), language="en", subunits=tuple(subunits),
            path=tuple(r.get("path") or ()), source=f"{path.name}: {r.get('source')}",
            snapshot=snapshot if known else partial_snapshot,
            extra={"subunits_known": known, "history": r.get("history"), "versions": len(r["versions"]),
                   "url": _ca_url(r["code"], r["section"]), "complete_code": r.get("complete_code")},
        )
    for code, r in codes.items():
        if not r.get("complete_code"):
            w, _ = ca_segments(code, "1")
            yield Work(f"us-ca/{w}", "us-ca", w, r.get("code_name"), (code, r.get("code_name") or code),
                       complete=False, source=f"{path.name}: {r.get('source')}", snapshot=partial_snapshot,
                       extra={"coverage": "partial", "code": code})


# ================================================================== United States

_ORDINALS = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(), 1)}


def us_const_segments(row_key: str) -> list[str]:
    """``us/const/artI/s8`` → ``[art1, s8]``; ``us/const/amend14/s1`` → ``[amend14, s1]``; ``preamble`` kept."""
    out = []
    for seg in row_key.split("/")[2:]:
        m = re.fullmatch(r"(art|amend|s)([IVXLC\d]+)", seg)
        if m:
            out.append(m.group(1) + (str(roman_to_int(m.group(2))) if not m.group(2).isdigit() else m.group(2)))
        else:
            out.append(seg.lower())
    return out


def read_us_constitution(path: Path) -> Iterator[Work | CorpusUnit]:
    """``us_constitution.jsonl.gz``: articles/sections and amendments, clauses as ``cl`` sub-units. An
    amendment that repeals another (XXI of XVIII) marks the repealed one."""
    source, snapshot = _prov(path.name)
    rows = list(_rows(path))
    repealed_by: dict[str, str] = {}
    for r in rows:
        m = re.search(r"The (\w+) article of amendment to the Constitution of the United States is hereby repealed",
                      r.get("text") or "")
        if m and m.group(1).lower() in _ORDINALS:
            repealed_by[f"amend{_ORDINALS[m.group(1).lower()]}"] = "us/const/" + "/".join(us_const_segments(r["key"]))
    yield Work("us/const", "us", "const", "Constitution of the United States", ("U.S. Const.",), complete=True,
               n_units=len(rows), source=source, snapshot=snapshot)
    for r in rows:
        segs = us_const_segments(r["key"])
        clauses = r.get("clauses") or []
        by = repealed_by.get(segs[0])
        anchor = segs[0].replace("art", "article-").replace("amend", "amendment-")
        yield CorpusUnit(
            key="/".join(["us", "const", *segs]), jurisdiction="us", work="const",
            work_title="Constitution of the United States", heading=r.get("heading"), text=r.get("text") or "",
            language="en", subunits=tuple(sub("cl", str(i), c) for i, c in enumerate(clauses, 1)) if len(clauses) > 1
            else (), repealed=by is not None, replaced_by=by, source=source, snapshot=snapshot,
            extra={"subunits_known": True,
                   "url": sources()["urls"]["us_const"].format(path=anchor) if segs[0] != "preamble" else
                   "https://constitution.congress.gov/constitution/preamble/"},
        )


def read_us_usc_sections(path: Path) -> Iterator[Work | CorpusUnit]:
    """``us_usc_sections.jsonl.gz``: every live section of all 53 titles, heading only (TOC-only units).
    The list is complete for sections in force; a repeated section number (``#2``) is one key."""
    source, snapshot = _prov(path.name)
    yield Work("us/usc", "us", "usc", "United States Code", ("U.S.C.", "USC"), complete=True, source=source,
               snapshot=snapshot, extra={"scope": "live sections only (OLRC release point 119-100)"})
    seen: set[str] = set()
    url = sources()["urls"]["us_usc"]
    for r in _rows(path):
        key = f"us/usc/t{r['title']}/s{r['section']}"
        if key in seen:
            continue
        seen.add(key)
        yield CorpusUnit(key=key, jurisdiction="us", work="usc", work_title="United States Code",
                         heading=r.get("heading"), text="", language="en", source=source, snapshot=snapshot,
                         extra={"toc_only": True, "url": url.format(title=r["title"], section=r["section"])})


# ================================================================== registry and merge

def _lazy(module: str, name: str) -> Callable[[Path], Iterator[Work | CorpusUnit]]:
    """A reader kept in its jurisdiction package, imported when a store is built."""
    def read(path: Path) -> Iterator[Work | CorpusUnit]:
        import importlib

        return getattr(importlib.import_module(module), name)(path)

    read.__name__ = name
    return read


# (jurisdiction, file name, reader). Order matters within a jurisdiction: TOC first, full text merges over it.
READERS: tuple[tuple[str, str, Callable[[Path], Iterator[Work | CorpusUnit]]], ...] = (
    ("de", "de_toc.jsonl.gz", read_de_toc),
    ("de", "de_fulltext.jsonl.gz", read_de_fulltext),
    ("cn", "cn_laws.jsonl.gz", read_cn_laws),
    ("cn", "cn_fulltext.jsonl.gz", read_cn_fulltext),
    ("us-ca", "ca_codes_toc.jsonl.gz", read_ca_codes_toc),
    ("us-ca", "ca_fulltext.jsonl.gz", read_ca_fulltext),
    ("us", "us_constitution.jsonl.gz", read_us_constitution),
    ("us", "us_usc_sections.jsonl.gz", read_us_usc_sections),
    ("ch", "ch_toc.jsonl.gz", _lazy("legalcite.jurisdictions.ch.snapshots", "read_ch_toc")),
    ("ch", "ch_fulltext.jsonl.gz", _lazy("legalcite.jurisdictions.ch.snapshots", "read_ch_fulltext")),
    ("ch", "ch_bge_cases.jsonl.gz", _lazy("legalcite.jurisdictions.ch.snapshots", "read_ch_bge_cases")),
    ("int", "ch_toc.jsonl.gz", _lazy("legalcite.jurisdictions.intl.snapshots", "read_int_toc")),
    ("int", "ch_fulltext.jsonl.gz", _lazy("legalcite.jurisdictions.intl.snapshots", "read_int_fulltext")),
)


def _norm_jurisdictions(jurisdictions: Iterable[str] | None) -> set[str] | None:
    if jurisdictions is None:
        return None
    return {j.replace("_", "-").lower() for j in jurisdictions}


def merge_unit(toc: CorpusUnit, full: CorpusUnit) -> CorpusUnit:
    """A full-text unit over its TOC-only twin: text from the full text, repeal from either."""
    from dataclasses import replace

    extra = {**toc.extra, **full.extra}
    extra.pop("toc_only", None)
    return replace(full, repealed=full.repealed or toc.repealed, heading=full.heading or toc.heading,
                   valid_from=full.valid_from or toc.valid_from, extra=extra)


def merge_work(a: Work, b: Work) -> Work:
    """Two records of one work (TOC and full text, list and repeal clause): the incomplete or repealed
    facts win, titles and aliases are joined."""
    from dataclasses import replace

    nested = bool(a.extra.get("nested") or b.extra.get("nested"))
    for clause, listed in ((a, b), (b, a)):
        # a repeal clause names an older law of the same title than the listed version: the listed one stands
        if clause.extra.get("repeal_clause") and not listed.extra.get("repeal_clause") and clause.repealed_on \
                and (listed.extra.get("version_date") or "") > clause.repealed_on:
            return listed
    return replace(
        a, title=a.title or b.title, aliases=tuple(dict.fromkeys(a.aliases + b.aliases)),
        complete=(a.complete or b.complete) and not nested, n_units=max(a.n_units, b.n_units),
        repealed=a.repealed or b.repealed, repealed_on=a.repealed_on or b.repealed_on,
        replaced_by=a.replaced_by or b.replaced_by,
        source=a.source if b.source == a.source else f"{a.source}; {b.source}",
        extra={**b.extra, **a.extra, **({"nested": True} if nested else {})},
    )


def iter_records(corpora_dir: Path | str, jurisdictions: Iterable[str] | None = None,
                 ) -> Iterator[Work | CorpusUnit]:
    """Every Work and CorpusUnit of the snapshots, merged per canonical key (full text over TOC-only units).
    Missing files are skipped. Works come last per jurisdiction, after all their units."""
    corpora_dir = Path(corpora_dir)
    wanted = _norm_jurisdictions(jurisdictions)
    order: list[str] = []
    for jur, _, _ in READERS:
        if jur not in order:
            order.append(jur)
    for jur in order:
        if wanted is not None and jur not in wanted:
            continue
        toc: dict[str, CorpusUnit] = {}
        works: dict[str, Work] = {}
        nested_works: set[str] = set()
        for _, name, reader in (x for x in READERS if x[0] == jur):
            path = corpora_dir / name
            if not path.exists():
                continue
            for rec in reader(path):
                if isinstance(rec, Work):
                    works[rec.key] = merge_work(works[rec.key], rec) if rec.key in works else rec
                    if rec.extra.get("nested"):
                        nested_works.add(rec.key)
                elif rec.extra.get("toc_only"):
                    toc[rec.key] = rec
                else:
                    twin = toc.pop(rec.key, None)
                    yield merge_unit(twin, rec) if twin else rec
        for u in toc.values():
            if f"{u.jurisdiction}/{u.work}" in nested_works:
                continue  # a flat TOC of a nested law lists §§ that are not units of their own
            yield u
        for w in works.values():
            yield w


def iter_units(corpora_dir: Path | str, jurisdictions: Iterable[str] | None = None) -> Iterator[CorpusUnit]:
    """Every corpus unit of the snapshots under its canonical key (full-text and TOC-only units)."""
    for rec in iter_records(corpora_dir, jurisdictions):
        if isinstance(rec, CorpusUnit):
            yield rec


def iter_works(corpora_dir: Path | str, jurisdictions: Iterable[str] | None = None) -> Iterator[Work]:
    """Every work with its completeness, repeal state and aliases."""
    for rec in iter_records(corpora_dir, jurisdictions):
        if isinstance(rec, Work):
            yield rec
