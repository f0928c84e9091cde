"""Sub-unit structure of a provision's text: German Sätze and Nummern, Chinese 项, California subdivisions.

The snapshots give the first level (Absätze, 款, top-level subdivision letters); the levels below are read from
the text here, so that ``§ 1 Abs. 3 Satz 1 KSchG`` or ``Cal. Lab. Code § 2802(a)(1)`` can be checked. Standard
library only. Each sub-unit is a dict ``{"label", "value", "text", "children"}`` (the ``CorpusUnit.subunits``
shape); ``label`` is a key label (``abs``, ``satz``, ``nr``, ``lit``, ``para``, ``item``) or ``""`` for the bare
USLM-style values of US and California keys.
"""
from __future__ import annotations

import re
from typing import Any

from legalcite.keys import cn_to_int

Sub = dict[str, Any]


def sub(label: str, value: str, text: str = "", children: list[Sub] | None = None) -> Sub:
    d: Sub = {"label": label, "value": value, "text": text}
    if children:
        d["children"] = children
    return d


# ------------------------------------------------------------------ German Sätze

# Abbreviations after which a period does not end a sentence (statute style).
_DE_ABBR = (
    "Abs|Art|Nr|Nrn|S|Satz|Buchst|Halbs|Hs|Alt|Var|bzw|vgl|ggf|gem|einschl|usw|sog|etc|Anm|Anl|Ziff|lit|"
    "BGBl|GVBl|RGBl|ABl|Bl|Bd|Prot|Tz|Rn|Rdnr|Kap|Tit|Abschn|Unterabs|UAbs|Dr|Prof|St|v|vom|z|B|d|h|u|a|m|i|V|"
    "s|o|f|ff|Co|Ltd|Inc|Str|e|max|min|ca|Mio|Mrd|Tsd|zzgl|abzgl|inkl|Nrs|Anh|Bek|Verf|Ges|Gen|Jan|Feb|Aug|"
    "Sept|Okt|Nov|Dez"
)
_DE_SENT_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ„»(§])")
_ABBR_TAIL = re.compile(r"(?:^|[\s(/])(?:%s)\.$" % _DE_ABBR, re.I)
_ORDINAL_TAIL = re.compile(r"(?:^|\s)\d{1,2}\.$")
_LIST_LINE = re.compile(r"^\s*(\d+[a-z]?)\.\s+(.*)$")
_LIT_LINE = re.compile(r"^\s*([a-z]{1,2})\)\s+(.*)$")


def de_sentences(text: str) -> list[str]:
    """Split an Absatz into Sätze. A list (``1. …`` lines) belongs to the sentence that introduces it;
    a period after a statute abbreviation (``Abs.``, ``BGBl.``) or a day number (``1. Januar``) ends nothing."""
    # join list lines into their sentence first: a line break before "1." or "a)" is not a sentence end
    flat = re.sub(r"\s*\n\s*", " ", text.strip())
    if not flat:
        return []
    out: list[str] = []
    start = 0
    for m in _DE_SENT_END.finditer(flat):
        head = flat[start:m.start()]
        if _ABBR_TAIL.search(head) or _ORDINAL_TAIL.search(head) or _in_list_item(flat, m.end()):
            continue
        out.append(head)
        start = m.end()
    out.append(flat[start:])
    return [s for s in out if s]


def _in_list_item(flat: str, pos: int) -> bool:
    """True where the capitalised word after a period starts a list item (``… 2. Die Frist``)."""
    return bool(re.match(r"\d+[a-z]?\.\s", flat[pos:pos + 6])) or bool(re.match(r"[a-z]{1,2}\)\s", flat[pos:pos + 4]))


def de_numbers(text: str) -> list[Sub]:
    """Nummern (``1. …``) and, under each, Buchstaben (``a) …``) listed line by line in an Absatz."""
    nrs: list[Sub] = []
    for line in text.split("\n"):
        if m := _LIST_LINE.match(line):
            nrs.append(sub("nr", m.group(1), m.group(2)))
        elif (m := _LIT_LINE.match(line)) and nrs:
            nrs[-1].setdefault("children", []).append(sub("lit", m.group(1), m.group(2)))
    return nrs


def de_absatz(abs_value: Any, text: str) -> Sub | list[Sub]:
    """One Absatz with its Sätze and Nummern; an unnumbered § (``abs`` null) gives its Sätze directly."""
    children = [sub("satz", str(i), s) for i, s in enumerate(de_sentences(text), 1)]
    children += de_numbers(text)
    if abs_value is None:
        return children
    return sub("abs", str(abs_value), text, children)


# ------------------------------------------------------------------ Chinese 款/项

_CN_ITEM = re.compile(r"^[（(]([一二三四五六七八九十百零〇]+)[）)]")


def cn_paragraphs(paragraphs: list[dict]) -> list[Sub]:
    """``[{kuan, text, items?}]`` → 款 (``para``) with their 项 (``item``) children."""
    out = []
    for p in paragraphs:
        items = []
        for i, it in enumerate(p.get("items") or (), 1):
            m = _CN_ITEM.match(it.strip())
            try:
                value = cn_to_int(m.group(1)) if m else i
            except ValueError:
                value = i
            items.append(sub("item", str(value), it))
        out.append(sub("para", str(p.get("kuan")), p.get("text", ""), items))
    return out


# ------------------------------------------------------------------ California subdivisions

_CA_LABEL = re.compile(r"^\(([A-Za-z]{1,4}|\d{1,3}(?:\.\d+)?)\)\s*")
_ROMAN_LC = re.compile(r"^(?=[ivxl]+$)x{0,3}(ix|iv|v?i{0,3})$")


def _ca_level(label: str, open_labels: list[str]) -> int:
    """USLM nesting: (a) → 0, (1) → 1, (A) → 2, (i) → 3. A lower-case Roman-looking label is a numeral
    only below an (A) level, or below a (1) level when it cannot continue the letters (``(i)`` after ``(h)``)."""
    if label[0].isdigit():
        return 1
    if label.isupper():
        return 2
    if _ROMAN_LC.match(label):
        depth = len(open_labels)
        prev_letter = open_labels[0] if open_labels else None
        continues = prev_letter is not None and len(prev_letter) == 1 and len(label) == 1 \
            and ord(label) == ord(prev_letter) + 1
        if depth >= 3 or (depth >= 2 and not continues):
            return 3
    return 0


def ca_subdivisions(text: str, top_letters: list[str] | tuple[str, ...] = ()) -> list[Sub]:
    """Subdivisions ``(a)(1)(A)(i)`` read from the lines of a section's text (``(a)(1) …`` opens two levels).
    ``top_letters``, the snapshot's own list of top-level letters, is added where the text misses one."""
    root: list[Sub] = []
    path: list[Sub] = []          # the open node per level
    labels: list[str] = []
    for line in text.split("\n"):
        rest = line.strip()
        while m := _CA_LABEL.match(rest):
            label = m.group(1)
            level = min(_ca_level(label, labels), len(path))  # never skip a level
            rest = rest[m.end():]
            node = sub("", label, rest)
            (root if level == 0 else path[level - 1].setdefault("children", [])).append(node)
            del path[level:], labels[level:]
            path.append(node)
            labels.append(label)
    have = {n["value"] for n in root}
    root += [sub("", x) for x in top_letters if x not in have]
    return root
