"""U.S. Code release XML (USLM, ``xml_usc<NN>@<release>.zip`` from uscode.house.gov) → corpus units.
Standard library only; titles are streamed with ``iterparse`` (title 42 is a few hundred MB of XML).

USLM marks every level with an ``identifier`` that is already our key (``/us/usc/t18/s1030/a/2/C`` →
``us/usc/t18/s1030/a/2/C``), a ``<num value="…">`` and a ``<heading>``; text sits in ``<content>``,
``<chapeau>`` and ``<continuation>``; ``<notes>`` and ``<sourceCredit>`` are history, not text. A section with a
``status`` attribute (repealed, transferred, omitted, renumbered, reserved) is kept as a repealed unit.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from legalcite.corpora import CorpusUnit

NS = "{http://xml.house.gov/schemas/uslm/1.0}"
SOURCE = "uscode.house.gov"
SUB_LEVELS = ("subsection", "paragraph", "subparagraph", "clause", "subclause", "item", "subitem", "subsubitem")
_SECTION_ID = re.compile(r"^/us/usc/t([^/]+)/s([^/]+)$")
_SKIP = {NS + "notes", NS + "sourceCredit", NS + "note", NS + "toc"}
_PATH_LEVELS = ("title", "subtitle", "part", "subpart", "chapter", "subchapter", "division", "subdivision")


def _local(tag: str) -> str:
    return tag[len(NS):] if tag.startswith(NS) else tag


def _text(el: ET.Element) -> str:
    """All text of an element except notes and source credits, whitespace collapsed."""
    parts: list[str] = []

    def walk(n: ET.Element) -> None:
        if n.tag in _SKIP:
            return
        if n.text:
            parts.append(n.text)
        for c in n:
            walk(c)
            parts.append(" ")
            if c.tail:
                parts.append(c.tail)

    walk(el)
    return " ".join("".join(parts).split())


def _own_text(el: ET.Element) -> str:
    """The text an element carries itself (chapeau, content, continuation), not its sub-levels'."""
    return " ".join(_text(c) for c in el if _local(c.tag) in ("chapeau", "content", "continuation", "text"))


def _lines(el: ET.Element) -> list[str]:
    """One line per sub-level, ``(a) In general …``, in document order."""
    out = []
    for c in el:
        if _local(c.tag) in SUB_LEVELS:
            num = c.find(NS + "num")
            head = c.findtext(NS + "heading")
            line = " ".join(x for x in ((num.text or "") if num is not None else "", head or "", _own_text(c)) if x)
            out.append(" ".join(line.split()))
            out.extend(_lines(c))
    return out


def _subunits(el: ET.Element) -> list[dict]:
    out = []
    for c in el:
        if _local(c.tag) not in SUB_LEVELS:
            continue
        num = c.find(NS + "num")
        value = (num.get("value") if num is not None else None) or (c.get("identifier") or "").rsplit("/", 1)[-1]
        d: dict = {"label": "", "value": value, "text": _own_text(c)}
        head = c.findtext(NS + "heading")
        if head:
            d["heading"] = " ".join(head.split())
        kids = _subunits(c)
        if kids:
            d["children"] = kids
        out.append(d)
    return out


def iter_sections(fh: IO[bytes], *, source: str = SOURCE) -> Iterator[CorpusUnit]:
    """Stream the sections of one USLM title file."""
    snapshot = None
    stack: list[tuple[ET.Element, str]] = []   # open elements and their local tag names
    quoted = 0                                 # open quotedContent / notes elements
    labels: dict[int, str] = {}                # id(path-level element) → "CHAPTER 1— GENERAL PROVISIONS"
    for event, el in ET.iterparse(fh, events=("start", "end")):
        tag = _local(el.tag)
        if event == "start":
            stack.append((el, tag))
            quoted += tag in ("quotedContent", "notes")
            continue
        stack.pop()
        quoted -= tag in ("quotedContent", "notes")
        if tag in ("docPublicationName", "created") and snapshot is None and el.text:
            snapshot = el.text.strip()
        if tag in _PATH_LEVELS:
            labels.pop(id(el), None)
            el.clear()
            continue
        if tag != "section":
            continue
        m = _SECTION_ID.match(el.get("identifier") or "")
        if not m or quoted:
            continue  # a section quoted inside a note (amendment text), not a section of the Code
        title, sec = m.group(1), m.group(2).replace("\u2013", "-")  # 2000e–2 → 2000e-2, as the snapshots
        num = el.find(NS + "num")
        heading = " ".join((el.findtext(NS + "heading") or "").split()) or None
        status = el.get("status")
        levels = []
        for a, atag in stack:
            if atag in _PATH_LEVELS:
                if id(a) not in labels:  # its num and heading precede its sections: read them once
                    n = a.find(NS + "num")
                    h = a.findtext(NS + "heading") or ""
                    labels[id(a)] = " ".join(f"{n.text if n is not None and n.text else ''} {h}".split())
                levels.append(labels[id(a)])
        body_parts = [_own_text(el)] + _lines(el)
        yield CorpusUnit(
            key=f"us/usc/t{title}/s{sec}", jurisdiction="us", work="usc", work_title="United States Code",
            heading=heading, text="" if status else "\n".join(p for p in body_parts if p), language="en",
            subunits=tuple(_subunits(el)), path=tuple(levels), repealed=bool(status), source=source,
            snapshot=snapshot,
            extra={"num": " ".join((num.text or "").split()) if num is not None else None, "subunits_known": True,
                   "url": f"https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title{title}-section{sec}",
                   **({"status": status} if status else {})},
        )
        el.clear()


def load_zip(path: str | Path) -> Iterator[CorpusUnit]:
    """Every ``*.xml`` title file in a release zip (``xml_usc18@119-100.zip`` holds ``usc18.xml``)."""
    p = Path(path)
    with zipfile.ZipFile(p) as zf:
        for name in sorted(n for n in zf.namelist() if n.lower().endswith(".xml")):
            with zf.open(name) as fh:
                yield from iter_sections(fh, source=f"{SOURCE}: {p.name}/{name}")
