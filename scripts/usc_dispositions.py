"""Former U.S. Code sections and where they went, read from OLRC's own USLM: the table
``legalcite/jurisdictions/us/data/usc_dispositions.json`` that lets the check call ``42 U.S.C. § 1973`` *repealed*
(transferred to 52 U.S.C. § 10301) instead of *invented*.

The shared section list (``us_usc_sections``) holds live sections only. OLRC records every move in the Code itself:

- a **status stub** — a ``<section status="transferred|repealed|omitted|renumbered|reserved">`` left at the old
  place, whose codification note names the new one ("Section 15244 was editorially reclassified as section 50314 of
  Title 34") or whose heading gives the repealing law and its date;
- the **codification note** of the live section at the new place ("Section was formerly classified to section 1973
  of Title 42 … prior to editorial reclassification and renumbering as this section");
- a **references-in-text note** that names a former section ("Section 1973d of title 42, referred to in subsec. (a),
  was repealed by Pub. L. 109–246, § 3(c), July 27, 2006").

Inputs: USLM files, folders of them, or OLRC release zips (``xml_usc42@119-100.zip`` from
https://uscode.house.gov/download/download.shtml, or what ``legalcite corpus fetch us`` downloaded). A title read
from a whole-title file (``<uscDoc>`` with its ``<title>``) holds every stub of that title: it is listed in
``complete_titles``, and a section of it that is neither live nor former may then be called invented.

    python scripts/usc_dispositions.py ~/.cache/legalcite/official/us/*.zip --release 119-100 \\
        -o legalcite/jurisdictions/us/data/usc_dispositions.json

The shipped table was generated from the USLM in ``tests/fixtures/uslm_dispositions`` (the files the development
machine could read; no network there): run the command above on the full release to complete it.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import zipfile
from pathlib import Path
from typing import IO, Iterator
from xml.etree import ElementTree as ET

NS = "{http://xml.house.gov/schemas/uslm/1.0}"
# The Code's titles (OLRC, https://uscode.house.gov/browse.xhtml): 1–52 and 54; title 53 is reserved
CODE_TITLES = [*range(1, 53), 54]
_KEY = re.compile(r"^/us/usc/t(\w+)/s([^/]+)$")
_MOVED = re.compile(r"(reclassified|transferred|renumbered|redesignated)\b.*?\bas\b|transferred to", re.I)
_FORMERLY = re.compile(r"formerly classified to", re.I)
_REPEALED_REF = re.compile(r"was repealed by", re.I)


def usc_key(href: str | None) -> str | None:
    """``/us/usc/t42/s1973`` → ``us/usc/t42/s1973`` (sub-levels dropped: a section moves as a whole)."""
    if not href:
        return None
    parts = href.split("/")
    if len(parts) < 5 or parts[1:3] != ["us", "usc"]:
        return None
    m = _KEY.match("/".join(parts[:5]))
    return f"us/usc/t{m.group(1)}/s{m.group(2)}" if m else None


def _text(el: ET.Element) -> str:
    return re.sub(r"\s+", " ", "".join(el.itertext())).strip()


def _note_text(note: ET.Element) -> str:
    """A note's paragraphs without its heading."""
    return " ".join(_text(p) for p in note.iter(f"{NS}p")) or _text(note)


def _refs(el: ET.Element) -> list[str]:
    return [k for r in el.iter(f"{NS}ref") if (k := usc_key(r.get("href")))]


def _first_date(el: ET.Element) -> str | None:
    d = next(el.iter(f"{NS}date"), None)
    return d.get("date") if d is not None else None


def dispositions_of(section: ET.Element, where: str) -> Iterator[tuple[str, dict]]:
    """(former section key, entry) for what one USLM section element says about former sections."""
    key = usc_key(section.get("identifier"))
    if key is None:
        return
    status = section.get("status")
    notes = [n for n in section.iter(f"{NS}note")]
    if status:
        to: list[str] = []
        said = ""
        for n in notes:
            if n.get("topic") == "codification" and _MOVED.search(_note_text(n)):
                to += [k for k in _refs(n) if k != key]
                said = said or _note_text(n)
        heading = section.find(f"{NS}heading")
        entry = {"status": status, "to": sorted(set(to)), "from": where, "stub": True,
                 "note": said or (_text(heading) if heading is not None else status)}
        if status == "repealed" and heading is not None and _first_date(heading):
            entry["date"] = _first_date(heading)
        yield key, entry
        return
    for n in notes:
        text = _note_text(n)
        if n.get("topic") == "codification" and _FORMERLY.search(text):
            for old in _refs(n):
                if old != key:
                    yield old, {"status": "transferred", "to": [key], "from": where, "note": text, "noted_at": key}
        elif n.get("topic") == "referencesInText" and _REPEALED_REF.search(text):
            for p in n.iter(f"{NS}p"):
                sentence = _text(p)
                refs = _refs(p)
                if refs and _REPEALED_REF.search(sentence):
                    entry = {"status": "repealed", "to": [], "from": where, "note": sentence}
                    if _first_date(p):
                        entry["date"] = _first_date(p)
                    yield refs[0], entry


def _sources(paths: list[Path]) -> Iterator[tuple[str, IO[bytes]]]:
    for p in paths:
        if p.is_dir():
            yield from _sources(sorted(x for x in p.rglob("*") if x.suffix in (".xml", ".zip")))
        elif p.suffix == ".zip":
            with zipfile.ZipFile(p) as z:
                for name in sorted(z.namelist()):
                    if name.endswith(".xml"):
                        with z.open(name) as fh:
                            yield f"{p.name}:{name}", fh
        else:
            with p.open("rb") as fh:
                yield p.name, fh


def collect(paths: list[Path]) -> tuple[dict[str, dict], list[int]]:
    """Every former section the inputs speak of, and the titles read whole. A stub's own word wins over a note
    elsewhere; of two notes, the first read is kept."""
    table: dict[str, dict] = {}
    whole: set[int] = set()
    for where, fh in _sources(paths):
        depth = quoted = 0
        for event, el in ET.iterparse(fh, events=("start", "end")):
            tag = el.tag.removeprefix(NS)
            if event == "start":
                if tag == "title" and depth == 0 and el.get("identifier", "").startswith("/us/usc/t"):
                    whole.add(int(re.sub(r"\D", "", el.get("identifier")[len("/us/usc/t"):]) or 0))
                quoted += tag == "quotedContent"
                depth += tag == "section"
                continue
            if tag == "quotedContent":
                quoted -= 1
            elif tag == "section":
                depth -= 1
                if depth == 0 and not quoted:
                    for old, entry in dispositions_of(el, where):
                        if old not in table or entry.get("stub") and not table[old].get("stub"):
                            table[old] = entry
                    el.clear()
    return table, sorted(t for t in whole if t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", type=Path, help="USLM files, folders or OLRC release zips")
    ap.add_argument("--release", required=True, help="the OLRC release point the inputs are from (119-100)")
    ap.add_argument("-o", "--out", type=Path, help="output JSON (default: stdout)")
    args = ap.parse_args(argv)
    missing = [str(p) for p in args.inputs if not p.exists()]
    if missing:
        print(f"usc_dispositions: no such input: {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        table, whole = collect(args.inputs)
    except (ET.ParseError, zipfile.BadZipFile, OSError) as e:
        print(f"usc_dispositions: unreadable input: {e}", file=sys.stderr)
        return 2
    out = {
        "_comment": "Former U.S. Code sections: status (transferred, repealed, omitted, renumbered, reserved), the "
                    "sections they went to, OLRC's note saying so, and the file it was read from. Generated by "
                    "scripts/usc_dispositions.py from OLRC USLM; complete_titles: titles read whole, whose every "
                    "former section is listed; titles: the Code's titles (53 is reserved).",
        "source": "Office of the Law Revision Counsel, United States Code (USLM), status stubs and notes",
        "release": args.release,
        "complete_titles": whole,
        "titles": CODE_TITLES,
        "sections": {k: table[k] for k in sorted(table)},
    }
    text = json.dumps(out, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}: {len(table)} former sections, complete titles: {whole or 'none'}",
              file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
