"""The Office of the Law Revision Counsel (uscode.house.gov): U.S. Code release XML for ``corpus fetch us``.
No online check here: law.cornell.edu (:mod:`legalcite.sources.cornell`) answers for the U.S. Code online.

**Downloads** (:func:`release_file`): ``/download/releasepoints/us/pl/<congress>/<law>/xml_usc<NN>@<release>.zip``
per title, or ``xml_uscAll@<release>.zip``; the release point (``119-100``) is the one of the shared snapshot
unless ``--release`` names another.

**Format** (USLM, streamed with ``iterparse``: title 42 is a few hundred MB of XML): every level carries an
``identifier`` that is already our key (``/us/usc/t18/s1030/a/2/C`` → ``us/usc/t18/s1030/a/2/C``), a
``<num value="…">`` and a ``<heading>``; text sits in ``<content>``, ``<chapeau>`` and ``<continuation>``;
``<notes>`` and ``<sourceCredit>`` are history, not text. A section with a ``status`` attribute (repealed,
transferred, omitted, renumbered, reserved) is kept as a repealed unit.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from legalcite.corpora import CorpusUnit
from legalcite.jurisdictions.us.snapshots import usc_key
from legalcite.net import Downloader

from .base import FetchOptions, Files, no_files, origin

BASE = "https://uscode.house.gov"
HOST = "uscode.house.gov"
USC_RELEASE = "119-100"   # the release point of ../shared/corpora/us_usc_sections.jsonl.gz; pass --release
NS = "{http://xml.house.gov/schemas/uslm/1.0}"
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


def iter_sections(fh: IO[bytes], *, source: str = HOST) -> Iterator[CorpusUnit]:
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
            key=usc_key(title, sec), jurisdiction="us", work="usc", work_title="United States Code",
            heading=heading, text="" if status else "\n".join(p for p in body_parts if p), language="en",
            subunits=tuple(_subunits(el)), path=tuple(levels), repealed=bool(status), source=source,
            snapshot=snapshot,
            extra={"num": " ".join((num.text or "").split()) if num is not None else None, "subunits_known": True,
                   "url": f"{BASE}/view.xhtml?req=granuleid:USC-prelim-title{title}-section{sec}",
                   **({"status": status} if status else {})},
        )
        el.clear()


def load_zip(path: str | Path) -> Iterator[CorpusUnit]:
    """Every ``*.xml`` title file in a release zip (``xml_usc18@119-100.zip`` holds ``usc18.xml``)."""
    p = Path(path)
    with zipfile.ZipFile(p) as zf:
        for name in sorted(n for n in zf.namelist() if n.lower().endswith(".xml")):
            with zf.open(name) as fh:
                yield from iter_sections(fh, source=f"{HOST}: {p.name}/{name}")


def release_file(title: str, release: str, base: str = BASE) -> tuple[str, str]:
    """(url, file name) of one title (``18``) or ``all`` of a release point (``119-100``)."""
    congress, law = release.split("-", 1)
    name = "xml_uscAll" if title == "all" else f"xml_usc{int(title):02d}" if title.isdecimal() else f"xml_usc{title}"
    fname = f"{name}@{release}.zip"
    return f"{base}/download/releasepoints/us/pl/{congress}/{law}/{fname}", fname


class Olrc:
    """uscode.house.gov as a :class:`~legalcite.sources.base.BulkSource`: the U.S. Code release XML per title (or all
    titles), no online check."""

    name = "olrc"
    host = HOST
    laws_help = "titles (18,42)"
    needs_laws = False

    def __init__(self, base: str = BASE) -> None:
        self.base = base.rstrip("/")
        self.origins = (origin(self.base),)

    def download(self, dl: Downloader, laws: list[str], options: FetchOptions,
                 say: Callable[[str], None]) -> Files:
        out = []
        for t in laws or ["all"]:
            url, name = release_file(t, options.release or USC_RELEASE, self.base)
            out.append((dl.fetch(url, name, refresh=options.refresh).path, t))
        return out

    def local_files(self, folder: Path, laws: list[str], options: FetchOptions) -> Files:
        release = options.release or USC_RELEASE
        names = [release_file(t, release)[1] for t in laws] if laws else \
            [p.name for p in sorted(folder.glob(f"xml_usc*@{release}.zip"))]
        return [(folder / n, n) for n in names if (folder / n).exists()] or no_files(folder)

    def records(self, path: Path, tag: str, laws: list[str]) -> Iterator[Any]:
        return load_zip(path)
