"""gesetze-im-internet.de (GII): German federal statutes — one HTML page per § / Art. for the online check, one
XML file per law for ``corpus fetch de``.

**URLs** (:func:`unit_url`, written once in :mod:`legalcite.jurisdictions.de.urls`, which the snapshot readers use
too): ``/<slug>/__823.html`` for a §,
``/<slug>/art_20.html`` for an Art., ``/<slug>/art_229__1.html`` for a § inside an article (EGBGB), the law's
``/<slug>/index.html`` otherwise; ``/gii-toc.xml`` lists every law with its ``/<slug>/xml.zip``. The slug comes
from the law table (``legalcite.jurisdictions.de.laws.table()``, built from GII's own XML) and, for a work id the table
does not know, from the live table of contents.

**Online** (:class:`Gii`): the page shows the unit (its ``jnenbez`` heading names it) → ``real`` (``repealed``
when the page says ``(weggefallen)``); a cited Absatz the page does not number → ``invented``; HTTP 404 for a law
GII publishes and a unit its table of contents does not list → ``invented`` (GII publishes every unit of every
federal law), but only when the law's ``index.html`` loads and lists its norms without the cited one — a 404
from a site in maintenance is ``not_checked`` (a fault, asked again next time); the work is not on GII at all →
``not_findable``; anything else → ``not_checked`` with the reason.

**Bulk** (``corpus fetch de``): ``gii-toc.xml`` and ``<slug>/xml.zip`` per law, one ``BJNR….xml`` in the gii-norm
DTD: ``<dokumente builddate doknr>`` with one ``<norm>`` per piece, in document order. The first carries the law's
metadata (``jurabk``, ``amtabk``, ``ausfertigung-datum``, ``langue``, ``standangabe``); structure norms carry
``<gliederungseinheit>`` (``gliederungskennzahl`` 3 digits per level, ``gliederungsbez``, ``gliederungstitel``);
unit norms carry ``<enbez>`` (``§ 823``, ``Art 20``, ``§§ 3 bis 6``) and ``<titel>``, with the text in
``<textdaten><text><Content><P>…`` (one ``P`` per Absatz, lists as ``DL/DT/DD``). Keys follow docs/keys.md; where
§ numbers repeat inside articles (EGBGB Art. 229 § 1 …) the § is keyed under its article (``de/egbgb/art229/s1``).
"""
from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import Work
from legalcite.jurisdictions import structure_parser
from legalcite.jurisdictions.de.laws import table
from legalcite.jurisdictions.de.urls import BASE, segment_pairs, unit_page, unit_url  # the one URL layout
from legalcite.keys import join, numeral_value, work_id
from legalcite.models import Citation, Kind
from legalcite.net import Downloader, Fetched, FetchError, OfficialClient
from legalcite.status import CheckedCitation, Status, Undecided

from .base import (
    FetchOptions,
    Files,
    NoFiles,
    UnknownLaw,
    answer,
    decode_html,
    from_error,
    iso_date,
    not_checked,
    origin,
    strip_tags,
)

HOST = "gesetze-im-internet.de"


# ------------------------------------------------------------------ URL layout

@functools.cache
def law_table() -> dict[str, dict]:
    """work id → row of the GII law table."""
    return {row["id"]: row for row in table()["laws"]}


def parse_toc(xml: bytes) -> dict[str, str]:
    """``gii-toc.xml`` → {slug: title}. The file is ``<items><item><title/><link>…/<slug>/xml.zip</link>``."""
    out: dict[str, str] = {}
    for item in ET.fromstring(xml).iter("item"):
        link = (item.findtext("link") or "").strip()
        m = re.search(r"/([^/]+)/xml\.zip$", link)
        if m:
            out[m.group(1)] = (item.findtext("title") or "").strip()
    return out


def de_slugs(laws: list[str], toc: dict[str, str] | None) -> list[str]:
    """Map names (``BGB``, ``SGB V``, ``egbgb``, ``uwg_2004``) to GII slugs via the law table, else the TOC;
    :class:`UnknownLaw` for a name neither knows."""
    index: dict[str, str] = {}
    for row in table()["laws"]:
        for name in (row["id"], row["abbr"], row["cite_abbr"], *row["alt_abbrs"], row["slug"]):
            index.setdefault(name.lower().replace(" ", ""), row["slug"])
    out = []
    for name in laws:
        slug = index.get(name.lower().replace(" ", ""))
        if slug is None and toc is not None and name.lower() in toc:
            slug = name.lower()
        if slug is None:
            raise UnknownLaw(f"gesetze-im-internet.de has no law {name!r}")
        out.append(slug)
    return list(dict.fromkeys(out))


# ------------------------------------------------------------------ norm pages (online)

_NORM_LINK = re.compile(r'href="(?:\./)?((?:__|art_)[^"/?#]+\.html)"')
_ENBEZ_HTML = re.compile(r'<span class="jnenbez">(.*?)</span>', re.S)
_TITEL = re.compile(r'<span class="jnentitel">(.*?)</span>', re.S)
_ABSATZ = re.compile(r'<div class="jurAbsatz">(.*?)</div>', re.S)


def parse_norm_page(text: str) -> dict | None:
    """A GII norm page → {enbez, title, absaetze: ["1", "2", …], repealed}; None when it shows no norm."""
    m = _ENBEZ_HTML.search(text)
    if not m:
        return None
    title = _TITEL.search(text)
    paras = [strip_tags(p) for p in _ABSATZ.findall(text)]
    nums = [n.group(1) for p in paras if (n := re.match(r"\((\d+[a-z]?)\)", p))]
    heading = strip_tags(title.group(1)) if title else ""
    body = " ".join(paras)
    return {
        "enbez": strip_tags(m.group(1)),
        "title": heading,
        "absaetze": nums,
        "repealed": _repealed(heading, body),
    }


def _repealed(heading: str | None, text: str) -> bool:
    """Whether a norm is gone: its heading or its whole text is a German repeal mark (``(weggefallen)``, ``-``),
    as the German structure parser reads them (:attr:`Jurisdiction.structure`)."""
    marks = structure_parser("de").repeal
    return bool(marks.mark(heading or "") or marks.mark(text))


def _norm_unit(citation: Citation):
    """The unit a GII norm page shows: the first § / Art., or the § inside an article (EGBGB Art. 229 § 1)."""
    us = [u for u in citation.units if u.label in ("s", "art")]
    if len(us) >= 2 and us[0].label == "art" and us[1].label == "s":
        return us[1]
    return us[0] if us else None


def _same_unit(enbez: str, value: str) -> bool:
    norm = re.sub(r"^(§+|Art\.?|Artikel)\s*", "", enbez.strip(), flags=re.I).replace(" ", "").lower()
    return norm == value.lower()


def _pairs(citation: Citation) -> list[tuple[str, str]]:
    return [(u.label, u.value) for u in citation.units]


# ------------------------------------------------------------------ law XML (corpus fetch)

@functools.cache
def _ids_by_abbr() -> dict[str, dict]:
    return {row["abbr"]: row for row in table()["laws"]}


def read_zip(path: str | Path) -> bytes:
    """The XML inside a GII ``xml.zip`` (the one ``*.xml`` member)."""
    with zipfile.ZipFile(path) as zf:
        names = [n for n in zf.namelist() if n.lower().endswith(".xml")]
        if len(names) != 1:
            raise ValueError(f"{path}: expected one XML file in the zip, found {names}")
        return zf.read(names[0])


def _text(el: ET.Element | None) -> str:
    """Text of a Content element: one line per P / DT+DD pair; footnote markers and tables flattened."""
    if el is None:
        return ""
    lines: list[str] = []

    def walk(node: ET.Element, buf: list[str]) -> None:
        if node.tag in ("DT",):
            lines.append(" ".join("".join(buf).split()))
            buf.clear()
        if node.text:
            buf.append(node.text)
        for child in node:
            if child.tag in ("P", "DL", "table") and buf and "".join(buf).strip():
                lines.append(" ".join("".join(buf).split()))
                buf.clear()
            walk(child, buf)
            if child.tag == "DT":
                buf.append(" ")
            if child.tag in ("P", "DD", "row"):
                lines.append(" ".join("".join(buf).split()))
                buf.clear()
            if child.tail:
                buf.append(child.tail)

    buf: list[str] = []
    walk(el, buf)
    lines.append(" ".join("".join(buf).split()))
    # a DT ("1.") and its DD text were split: join them back into one list line
    out: list[str] = []
    for line in lines:
        if not line:
            continue
        if out and re.fullmatch(r"\d+[a-z]?\.|[a-z]{1,2}\)", out[-1]):
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return "\n".join(out)


def _absaetze(content: ET.Element | None) -> list[tuple[str | None, str]]:
    """(Absatz number or None, text) per top-level P of a norm's Content."""
    if content is None:
        return []
    out: list[tuple[str | None, str]] = []
    for p in content.findall("P"):
        t = _text(p)
        m = re.match(r"^\((\d+[a-z]?)\)\s*", t)
        out.append((m.group(1), t[m.end():]) if m else (None, t))
    return out


_ENBEZ = re.compile(r"^(?:(§§?)|(Artikel|Art\.?))\s*(\S+?)(?:\s+(?:bis|-|–)\s+(\S+))?$")


def unit_segments(enbez: str) -> list[str]:
    """``§ 823`` → [``s823``]; ``Art 20`` → [``art20``]; ``§§ 3 bis 6`` → [``s3`` … ``s6``]; other → []."""
    m = _ENBEZ.match(enbez.strip())
    if not m:
        return []
    label = "s" if m.group(1) else "art"
    first, last = numeral_value(m.group(3)), m.group(4)
    if last is None:
        return [label + first]
    last = numeral_value(last)
    if first.isdecimal() and last.isdecimal() and int(first) <= int(last) <= int(first) + 500:
        return [f"{label}{i}" for i in range(int(first), int(last) + 1)]
    return [label + first, label + last]


def parse_law(xml: bytes, *, source: str = HOST, slug: str | None = None, base: str = BASE) -> Iterator[object]:
    """One law file → a :class:`~legalcite.corpora.snapshots.Work` (``complete=True``: GII lists every unit)
    followed by one :class:`CorpusUnit` per § / Art."""
    parser = structure_parser("de")

    root = ET.fromstring(xml)
    snapshot = iso_date(root.get("builddate", "")[:8])
    norms = root.findall("norm")
    if not norms:
        return
    meta0 = norms[0].find("metadaten")
    jurabk = (meta0.findtext("jurabk") or "").strip() if meta0 is not None else ""
    amtabk = (meta0.findtext("amtabk") or "").strip() if meta0 is not None else ""
    title = (meta0.findtext("langue") or meta0.findtext("kurzue") or "").strip() if meta0 is not None else ""
    row = _ids_by_abbr().get(jurabk)
    wid = row["id"] if row else work_id(amtabk or jurabk)
    stand = " ".join((meta0.findtext("standangabe/standkommentar") or "").split()) if meta0 is not None else ""

    levels: dict[str, str] = {}        # gliederungskennzahl → "bez titel"
    pending: list[dict] = []
    for norm in norms[1:]:
        meta = norm.find("metadaten")
        if meta is None:
            continue
        g = meta.find("gliederungseinheit")
        enbez = (meta.findtext("enbez") or "").strip()
        if g is not None and not enbez:
            kz = (g.findtext("gliederungskennzahl") or "").strip()
            label = " ".join(f"{g.findtext('gliederungsbez') or ''} {g.findtext('gliederungstitel') or ''}".split())
            levels = {k: v for k, v in levels.items() if len(k) < len(kz)}
            levels[kz] = label
            continue
        segs = unit_segments(enbez)
        if not segs:
            continue  # Eingangsformel, Präambel, Anlagen, Inhaltsübersicht
        heading = " ".join((meta.findtext("titel") or "").split()) or None
        content = norm.find("textdaten/text/Content")
        text = _text(content)
        pending.append({
            "segs": segs, "enbez": enbez, "heading": heading, "text": text, "absaetze": _absaetze(content),
            "path": tuple(v for _, v in sorted(levels.items())), "doknr": norm.get("doknr"),
            "repealed": _repealed(heading, text),
        })

    singles = [p["segs"][0] for p in pending if len(p["segs"]) == 1]
    nested = len(singles) != len(set(singles))
    yield Work(join("de", wid), "de", wid, title or None, tuple(dict.fromkeys(a for a in (jurabk, amtabk) if a)),
               complete=not nested, n_units=sum(len(p["segs"]) for p in pending), source=source,
               snapshot=snapshot, extra={"slug": slug, "stand": stand, "abbr": jurabk, "format": "gii-xml",
                                         **({"nested": True} if nested else {})})
    seen: set[str] = set()
    for p in pending:
        art = None
        if nested:
            art = next((m.group(1) for v in reversed(p["path"])
                        if (m := re.match(r"^(?:Artikel|Art\.?)\s+(\S+)", v))), None)
        for seg_ in p["segs"]:
            segs = ["art" + numeral_value(art), seg_] if art and seg_.startswith("s") else [seg_]
            key = join("de", wid, segs)
            if key in seen:
                continue
            seen.add(key)
            subunits = parser.subunits(p["text"], [{"abs": num, "text": t} for num, t in p["absaetze"]]) \
                if len(p["segs"]) == 1 and p["absaetze"] else []
            url = unit_url(slug, segment_pairs(segs), base) if slug and len(segs) == 1 else None
            yield CorpusUnit(
                key=key, jurisdiction="de", work=wid, work_title=title or None, heading=p["heading"],
                text="" if p["repealed"] else p["text"], language="de", subunits=tuple(subunits), path=p["path"],
                repealed=p["repealed"], source=source, snapshot=snapshot,
                extra={"enbez": p["enbez"], "doknr": p["doknr"], "subunits_known": len(p["segs"]) == 1,
                       **({"url": url} if url else {})},
            )


def load_zip(path: str | Path, *, slug: str | None = None, source: str | None = None) -> Iterator[object]:
    """``xml.zip`` → Work and CorpusUnits (see :func:`parse_law`)."""
    p = Path(path)
    return parse_law(read_zip(p), source=source or f"{HOST}: {slug or p.parent.name}/xml.zip",
                     slug=slug or p.parent.name)


# ------------------------------------------------------------------ the source

class Gii:
    """gesetze-im-internet.de as an :class:`~legalcite.sources.base.OnlineSource` (one page per § / Art.) and a
    :class:`~legalcite.sources.base.BulkSource` (one XML zip per law)."""

    name = "gii"
    host = HOST
    laws_help = "abbreviations or GII slugs (BGB,StGB)"
    needs_laws = False

    def __init__(self, base: str = BASE) -> None:
        self.base = base.rstrip("/")
        self.origins = (origin(self.base),)
        self._toc: dict[str, str] | None = None
        self._toc_fetched: Fetched | None = None

    # -- online

    def handles(self, citation: Citation) -> bool:
        return citation.jurisdiction == "de" and citation.kind is Kind.STATUTE and citation.work is not None

    def slug(self, citation: Citation) -> str | None:
        """GII's slug of the citation's law from the shipped law table (``bgb``); None for a law the table does not
        know: a slug is never guessed."""
        row = law_table().get(citation.work or "")
        return row["slug"] if row else None

    def urls(self, citation: Citation) -> list[str]:
        """The unit's page, for a law of the law table only: for a name the table does not know (``§ 1
        FantasieG``) a guessed slug would print an official-looking URL for a law that may not exist (the online
        check asks GII's live table of contents instead)."""
        slug = self.slug(citation)
        if not slug:
            return []
        return [unit_url(slug, _pairs(citation), self.base)]

    async def _toc_slugs(self, client: OfficialClient) -> dict[str, str]:
        if self._toc is None:
            f = await client.request("GET", f"{self.base}/gii-toc.xml", accept=("text/xml", "application/xml"))
            try:
                self._toc, self._toc_fetched = parse_toc(f.content), f
            except ET.ParseError as e:
                raise FetchError(f"unreadable gii-toc.xml ({e})", url=f.url) from None
        return self._toc

    async def _index_pages(self, slug: str, client: OfficialClient) -> set[str] | None:
        """The norm pages (``__823.html``, ``art_20.html``) the law's ``index.html`` links to; None when the index
        page does not load (a fault: nothing can be concluded from the unit's 404 then)."""
        try:
            f = await client.request("GET", unit_url(slug, (), self.base), accept=("text/html",))
        except FetchError:
            return None
        return set(_NORM_LINK.findall(decode_html(f)))

    async def resolve(self, citation: Citation, client: OfficialClient) -> CheckedCitation:
        row = law_table().get(citation.work or "")
        slug = row["slug"] if row else None
        if slug is None:
            # a law the shipped table does not know may be newer than it: ask GII's live table of contents
            guess = (citation.work or "").replace("-", "_")
            try:
                toc = await self._toc_slugs(client)
            except FetchError as e:
                return from_error(citation, e, HOST)
            if guess not in toc:
                return answer(citation, Status.NOT_FINDABLE,
                              f"gesetze-im-internet.de lists no law with the abbreviation {citation.work!r}",
                              HOST, self._toc_fetched, citation.key_at("work"))
            slug = guess
        if unit_page(_pairs(citation)) is None:
            return not_checked(citation, "no § or Art. to look up on gesetze-im-internet.de", HOST,
                               why=Undecided.NOT_COVERED)
        url = unit_url(slug, _pairs(citation), self.base)
        try:
            f = await client.request("GET", url, accept=("text/html",), ok_statuses=(200, 404))
        except FetchError as e:
            return from_error(citation, e, HOST)
        first = _norm_unit(citation)
        assert first is not None
        upto = citation.units.index(first) + 1
        segs = [u.segment for u in citation.units[:upto]]
        unit_key = join(citation.jurisdiction or "de", citation.work or "", segs)
        if f.status_code == 404:
            units = row.get("units", []) if row else []
            if first.segment in units or first is not citation.units[0]:
                return not_checked(citation, f"gesetze-im-internet.de has no page at {url}, although its table of "
                                   "contents lists the unit (or the page scheme differs for this law)", HOST, url)
            if not any(u.startswith(first.label) and u[len(first.label):][:1].isdecimal() for u in units):
                # the table knows no unit of this kind in the law (§ in the GG, Art. in EGBGB's flat table)
                return not_checked(citation, f"gesetze-im-internet.de has no page at {url}; the law's table of "
                                   f"contents has no {'§' if first.label == 's' else 'Art.'} units to compare",
                                   HOST, url)
            # A 404 alone is no proof: a maintenance page answers 404 too. The law's index page decides: it must
            # load and list the law's norms, and not the cited one.
            listed = await self._index_pages(slug, client)
            page = unit_page(_pairs(citation))
            if listed is None or not listed:
                return not_checked(citation, f"gesetze-im-internet.de answered HTTP 404 for {url}, and the index "
                                   f"page of {slug} did not list its norms either (maintenance?); asked again "
                                   "next time", HOST, url, why=Undecided.FAULT)
            if page in listed:
                return not_checked(citation, f"gesetze-im-internet.de answered HTTP 404 for {url}, although the "
                                   f"index page of {slug} links to it", HOST, url)
            return answer(citation, Status.INVENTED,
                          f"gesetze-im-internet.de has no {first.segment} in {slug} (HTTP 404; the law's index "
                          f"page lists {len(listed):,} norms, not this one)", HOST, f, unit_key, http_status=404)
        norm = parse_norm_page(decode_html(f))
        if norm is None or not _same_unit(norm["enbez"], first.value):
            return not_checked(citation, "the gesetze-im-internet.de page did not show "
                               f"{first.segment} (found {norm['enbez'] if norm else 'no norm'})", HOST, f.url)
        if norm["repealed"]:
            return answer(citation, Status.REPEALED, f"{norm['enbez']} {slug} is repealed (weggefallen)",
                          HOST, f, unit_key, heading=norm["title"])
        nxt = citation.units[upto] if len(citation.units) > upto else None
        abs_ = nxt.value if nxt is not None and nxt.label == "abs" else None
        if nxt is not None and abs_ is not None:  # (abs_ is nxt's value)
            if norm["absaetze"] and abs_ not in norm["absaetze"]:
                return answer(citation, Status.INVENTED,
                              f"{norm['enbez']} has Absätze {', '.join(norm['absaetze'])}, not Abs. {abs_}",
                              HOST, f, citation.key, heading=norm["title"])
            if norm["absaetze"]:
                unit_key = join(citation.jurisdiction or "de", citation.work or "", [*segs, nxt.segment])
        return answer(citation, Status.REAL, f"{norm['enbez']} exists on gesetze-im-internet.de",
                      HOST, f, unit_key, heading=norm["title"])

    # -- bulk

    def download(self, dl: Downloader, laws: list[str], options: FetchOptions,
                 say: Callable[[str], None]) -> Files:
        if not laws:
            d = dl.fetch(f"{self.base}/gii-toc.xml", "gii-toc.xml", refresh=True)
            slugs = sorted(parse_toc(d.path.read_bytes()))
            say(f"  {len(slugs):,} laws in gii-toc.xml")
        else:
            try:
                slugs = de_slugs(laws, None)
            except UnknownLaw:  # a law newer than the shipped table: look in the live table of contents
                d = dl.fetch(f"{self.base}/gii-toc.xml", "gii-toc.xml", refresh=True)
                slugs = de_slugs(laws, parse_toc(d.path.read_bytes()))
        return [(dl.fetch(f"{self.base}/{slug}/xml.zip", f"{slug}.zip", refresh=options.refresh).path, slug)
                for slug in slugs]

    def local_files(self, folder: Path, laws: list[str], options: FetchOptions) -> Files:
        toc_path = folder / "gii-toc.xml"
        toc = parse_toc(toc_path.read_bytes()) if toc_path.exists() else None
        slugs = de_slugs(laws, toc) if laws else sorted(p.stem for p in folder.glob("*.zip"))
        missing = [s for s in slugs if not (folder / f"{s}.zip").exists()]
        if missing:
            raise NoFiles(f"not in {folder}: {', '.join(s + '.zip' for s in missing)}")
        return [(folder / f"{s}.zip", s) for s in slugs]

    def records(self, path: Path, tag: str, laws: list[str]) -> Iterator[Any]:
        return load_zip(path, slug=tag)
