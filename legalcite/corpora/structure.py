"""Shared mechanisms for a provision's sub-unit structure; the shapes, words and levels are each jurisdiction's.

Every jurisdiction reads the levels below its snapshot's first one (Sätze and Nummern of an Absatz, Buchstaben of
a Swiss Absatz, 项 of a 款, points of an EU paragraph, subdivisions ``(a)(1)(A)``) with its own parser
(``legalcite/jurisdictions/<pkg>/structure.py``, reached through :attr:`Jurisdiction.structure
<legalcite.jurisdictions.Jurisdiction.structure>`). What they share is here: the node shape the store keeps
(:data:`Sub`), a list-item splitter that takes the item shapes as data (:class:`ItemShape`, :func:`split_items`),
a sentence splitter that takes the abbreviations as data (:func:`sentences`), and the reading of repeal marks
(:class:`RepealMarks`). Standard library only.

Each sub-unit is a dict ``{"label", "value", "text", "children"?, "repealed"?}`` (the ``CorpusUnit.subunits``
shape): ``label`` a key label (``abs``, ``satz``, ``nr``, ``lit``, ``para``, ``item``, ``pt``) or ``""`` for the bare
USLM-style values of US and California keys; ``text`` the node's whole text (an item with its sub-items), so that
the text at a cited depth can be handed on as it is; ``repealed`` the repeal mark where the node's text is one.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Sequence

Sub = dict[str, Any]


def sub(label: str, value: str, text: str = "", children: list[Sub] | None = None,
        repealed: str | None = None) -> Sub:
    """A sub-unit node in the :data:`Sub` shape; ``children`` and ``repealed`` are left out when empty, as the store
    keeps them."""
    d: Sub = {"label": label, "value": value, "text": text}
    if children:
        d["children"] = children
    if repealed:
        d["repealed"] = repealed
    return d


# ------------------------------------------------------------------ repeal marks

@dataclass(frozen=True)
class RepealMarks:
    """How a jurisdiction's texts say that a provision is gone: the whole text is one of ``words`` (brackets,
    spaces and a final period aside: ``(weggefallen)``, ``Aufgehoben``, ``…``, ``（删去）``), or it begins with one
    of ``leads`` and goes on to say what repealed it (``Repealed. Pub. L. 104–193 …``, ``Aufgehoben durch …``)."""

    words: tuple[str, ...] = ()
    leads: tuple[str, ...] = ()
    # what a mark that is no word is reported as ("…" in a Swiss text: "aufgehoben")
    names: tuple[tuple[str, str], ...] = ()

    @functools.cached_property
    def _patterns(self) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
        """(the whole text one of the words, the text opening with a lead): anchored, so that a provision's text
        fails at its first characters."""
        around = r"[\s()（）\[\]【】.。]*"
        words = re.compile(rf"{around}(?:{'|'.join(map(re.escape, self.words))}){around}$", re.I) \
            if self.words else None
        leads = re.compile(rf"{around}(?:{'|'.join(map(re.escape, self.leads))})", re.I) if self.leads else None
        return words, leads

    def mark(self, text: str) -> str | None:
        """The mark ``text`` consists of (``weggefallen``; a lead with what follows it, up to 120 characters), or
        None for the text of a provision in force."""
        if len(text) > 400:
            return None
        words, leads = self._patterns
        if words is not None and words.match(text):
            bare = text.strip("()（）[]【】 .。\n").strip() or text.strip()
            word = next((w for w in self.words if w.casefold() == bare.casefold()), bare)
            return dict(self.names).get(word, word)
        if leads is not None and leads.match(text):
            return text.strip().split("\n", 1)[0][:120]
        return None


def mark_repealed(nodes: list[Sub], marks: RepealMarks) -> list[Sub]:
    """``nodes`` with every node whose text is a repeal mark marked (``"repealed": mark``), in place and returned."""
    for n in nodes:
        if (m := marks.mark(n.get("text") or "")) is not None:
            n["repealed"] = m
        if n.get("children"):
            mark_repealed(n["children"], marks)
    return nodes


# ------------------------------------------------------------------ list items

@dataclass(frozen=True)
class ItemShape:
    """One way a list item opens a line: the key ``label`` of its level, the ``marker`` (a regex matched at the
    line's start after its indentation; group 1 is the value), and its ``rank`` — without indentation, an item
    of a higher rank nests under the open item of a lower one (``a)`` under ``1.``, ``aa)`` under ``a)``)."""

    label: str
    marker: re.Pattern[str]
    rank: int = 0


def split_items(lines: Sequence[str], shapes: Sequence[ItemShape], *, by_indent: bool = False
                ) -> list[tuple[int, Sub]]:
    """The list items of ``lines`` as trees: ``[(index of the item's first line, node)]`` for each top-level item.

    A line that opens with a shape's marker is an item; it nests under the open item whose rank is lower (or, with
    ``by_indent``, whose indentation is smaller: Swiss texts indent ``1.`` under ``e.``). A line without a marker
    continues the open item when it is indented deeper than that item (``by_indent``); otherwise it closes the
    list (the rest of a German sentence after its list belongs to the sentence, not to the last item). A node's
    text is its own line without the marker, then the lines of its sub-items as printed."""
    roots: list[tuple[int, Sub]] = []
    # the open items: (nesting key, node, its lines: its own text, continuations, its sub-items as printed, its
    # marker line as printed)
    stack: list[tuple[tuple[int, int], Sub, list[str], str]] = []

    def close(depth: int) -> None:
        while len(stack) > depth:
            _, node, own, first = stack.pop()
            node["text"] = "\n".join(own)
            if stack:
                stack[-1][2].extend([first, *own[1:]])

    for i, line in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        shape, m = _match(stripped, shapes)
        if shape is None or m is None:
            if stack and by_indent and stripped and indent > stack[-1][0][0]:
                stack[-1][2].append(stripped)
            elif stripped:
                close(0)
            continue
        key = (indent, 0) if by_indent else (0, shape.rank)
        depth = len(stack)
        while depth and stack[depth - 1][0] >= key:
            depth -= 1
        close(depth)
        node = sub(shape.label, m.group(1))
        if stack:
            stack[-1][1].setdefault("children", []).append(node)
        else:
            roots.append((i, node))
        stack.append((key, node, [stripped[m.end():].strip()], stripped))
    close(0)
    return roots


def _match(line: str, shapes: Sequence[ItemShape]) -> tuple[ItemShape, re.Match[str]] | tuple[None, None]:
    for shape in shapes:
        if m := shape.marker.match(line):
            return shape, m
    return None, None


# ------------------------------------------------------------------ sentences

@dataclass(frozen=True)
class SentenceRules:
    """How a language's statute text ends a sentence: ``abbreviations`` after whose period no sentence ends
    (``Abs.``, ``BGBl.``), and the ``items`` whose markers open the lines of a list (:class:`ItemShape`): a
    period that ends such a marker (``5a. Die Frist``) or that one follows (``… vorbehält.`` / ``2. Die``) ends an
    item, not the sentence that introduces the list."""

    abbreviations: tuple[str, ...]
    items: tuple[ItemShape, ...]
    # the characters a sentence opens with (a regex character class's content: capitals, opening quotes)
    openers: str = "A-Z("
    # whether a period after a day number ("1. Januar") ends nothing: dates written with an ordinal day
    day_ordinals: bool = False

    @functools.cached_property
    def patterns(self) -> tuple[re.Pattern[str], re.Pattern[str]]:
        """(an abbreviation at the end of a head, a list marker at a line's start)."""
        abbr = re.compile(r"(?:^|[\s(/])(?:%s)\.$" % "|".join(map(re.escape, self.abbreviations)), re.I)
        return abbr, re.compile("|".join(f"(?:{shape.marker.pattern})" for shape in self.items))

    @functools.cached_property
    def sentence_end(self) -> re.Pattern[str]:
        """Where a sentence may end: after ``.``, ``!`` or ``?`` and space, before one of the :attr:`openers`."""
        return re.compile(rf"(?<=[.!?])\s+(?=[{self.openers}])")

    @functools.cached_property
    def reach(self) -> int:
        """How far back from a period an abbreviation can start (the longest, and the space before it)."""
        return max(map(len, self.abbreviations), default=0) + 2

    def abbreviation_ends(self, head: str) -> bool:
        """Whether ``head`` ends in one of the abbreviations (only its last characters are read)."""
        tail = head if len(head) <= self.reach else "\x00" + head[-self.reach:]   # "\x00": no start of text there
        return bool(self.patterns[0].search(tail))


_ORDINAL_TAIL = re.compile(r"(?:^|\s)\d{1,2}\.$")


def sentences(text: str, rules: SentenceRules) -> list[str]:
    """Split a paragraph into its sentences. A list (``1. …`` lines, and the lines indented under them) belongs to the
    sentence that introduces it, with every period inside its items (``2. Sie hat … zu berücksichtigen. Sie soll …``:
    a sentence of the item, not of the paragraph); a period after one of the ``rules``' abbreviations or after a day
    number (``1. Januar``, where the rules say dates are written so) ends nothing."""
    marker = rules.patterns[1]
    starts: set[int] = set()                # where a list item's marker starts in the flattened text …
    ends: set[int] = set()                  # … and where it ends
    lists: list[tuple[int, int]] = []       # the spans of the lists' lines, in which no sentence ends
    parts, pos = [], 0
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            continue
        if m := marker.match(line):
            starts.add(pos)
            ends.add(pos + m.end())
            lists.append((pos, pos + len(line)))
        elif lists and raw[:1].isspace() and lists[-1][1] == pos - 1:   # an indented line goes on with the item
            lists[-1] = (lists[-1][0], pos + len(line))
        parts.append(line)
        pos += len(line) + 1
    flat = " ".join(parts)
    if not flat:
        return []
    out: list[str] = []
    start = 0
    for m in rules.sentence_end.finditer(flat):
        head = flat[start:m.start()]
        if m.start() in ends or m.end() in starts or any(a < m.start() < b for a, b in lists) \
                or rules.abbreviation_ends(head) or (rules.day_ordinals and _ORDINAL_TAIL.search(head[-4:])):
            continue
        out.append(head)
        start = m.end()
    out.append(flat[start:])
    return [s for s in out if s]


def sentence_of_lines(text: str, found: Sequence[str]) -> list[int]:
    """For each line of ``text``, the index of the sentence among ``found`` (:func:`sentences` of ``text``) in which
    the line starts; -1 for a blank line."""
    lines = text.strip().split("\n")
    starts, pos = [], 0
    flat = " ".join(line.strip() for line in lines if line.strip())
    for s in found:
        at = flat.find(s, pos)
        starts.append(at if at >= 0 else pos)
        pos = (at if at >= 0 else pos) + len(s)
    out, offset = [], 0
    for line in lines:
        if not line.strip():
            out.append(-1)
            continue
        k = max((j for j, st in enumerate(starts) if st <= offset), default=0)
        out.append(k)
        offset += len(line.strip()) + 1
    return out
