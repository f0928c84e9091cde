"""gesetze-im-internet.de XML → corpus units: the table of contents ``gii-toc.xml`` and the per-law
``<slug>/xml.zip`` (one ``BJNR….xml`` in the gii-norm DTD). Standard library only.

A law file is ``<dokumente builddate doknr>`` with one ``<norm>`` per piece, in document order:
the first carries the law's metadata (``jurabk``, ``amtabk``, ``ausfertigung-datum``, ``langue``,
``standangabe``); structure norms carry ``<gliederungseinheit>`` (``gliederungskennzahl`` 3 digits per level,
``gliederungsbez``, ``gliederungstitel``); unit norms carry ``<enbez>`` (``§ 823``, ``Art 20``,
``§§ 3 bis 6``) and ``<titel>``, with the text in ``<textdaten><text><Content><P>…`` (one ``P`` per Absatz,
lists as ``DL/DT/DD``). Keys follow DESIGN.md §2 (work ids from ``legalcite.jurisdictions.de.laws.table()``); where § numbers
repeat inside articles (EGBGB Art. 229 § 1 …) the § is keyed under its article (``de/egbgb/art229/s1``).
"""
from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path

from legalcite.corpora import CorpusUnit
from legalcite.keys import numeral_value, work_id

from ._text import iso_date

SOURCE = "gesetze-im-internet.de"
BASE = "https://www.gesetze-im-internet.de"


@functools.cache
def _ids_by_abbr() -> dict[str, dict]:
    from legalcite.jurisdictions.de.laws import table

    return {row["abbr"]: row for row in table()["laws"]}


def parse_toc(xml: bytes) -> dict[str, str]:
    """``gii-toc.xml`` → {slug: title}. The file is ``<items><item><title/><link>…/<slug>/xml.zip</link>``."""
    out: dict[str, str] = {}
    for item in ET.fromstring(xml).iter("item"):
        link = (item.findtext("link") or "").strip()
        m = re.search(r"/([^/]+)/xml\.zip$", link)
        if m:
            out[m.group(1)] = (item.findtext("title") or "").strip()
    return out


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


def parse_law(xml: bytes, *, source: str = SOURCE, slug: str | None = None) -> Iterator[object]:
    """One law file → a :class:`~legalcite.corpora.snapshots.Work` (``complete=True``: GII lists every unit)
    followed by one :class:`CorpusUnit` per § / Art."""
    from legalcite.corpora.snapshots import Work
    from legalcite.corpora.structure import de_absatz

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
            "repealed": "(weggefallen)" in (heading or "") or text.strip() in ("-", "(weggefallen)"),
        })

    singles = [p["segs"][0] for p in pending if len(p["segs"]) == 1]
    nested = len(singles) != len(set(singles))
    yield Work(f"de/{wid}", "de", wid, title or None, tuple(dict.fromkeys(a for a in (jurabk, amtabk) if a)),
               complete=not nested, n_units=sum(len(p["segs"]) for p in pending), source=source,
               snapshot=snapshot, extra={"slug": slug, "stand": stand, "abbr": jurabk, "format": "gii-xml",
                                         **({"nested": True} if nested else {})})
    seen: set[str] = set()
    for p in pending:
        art = None
        if nested:
            art = next((m.group(1) for v in reversed(p["path"])
                        if (m := re.match(r"^(?:Artikel|Art\.?)\s+(\S+)", v))), None)
        for seg in p["segs"]:
            segs = ["art" + numeral_value(art), seg] if art and seg.startswith("s") else [seg]
            key = "/".join(["de", wid, *segs])
            if key in seen:
                continue
            seen.add(key)
            subunits: list = []
            if len(p["segs"]) == 1:
                for num, t in p["absaetze"]:
                    made = de_absatz(num, t)
                    subunits.extend(made if isinstance(made, list) else [made])
            url = None
            if slug and len(segs) == 1:
                url = f"{BASE}/{slug}/" + (f"__{seg[1:]}.html" if seg.startswith("s") else f"art_{seg[3:]}.html")
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
    return parse_law(read_zip(p), source=source or f"{SOURCE}: {slug or p.parent.name}/xml.zip",
                     slug=slug or p.parent.name)
