"""The claim a citation supports, read as a lawyer reads it (its language: the registry's
:func:`~legalcite.jurisdictions.guess_language`).

A claim is the sentence that carries the citation, with every citation text blanked out — found in the answer's
Markdown structure first, then by a sentence splitter that knows legal abbreviations:

* **blocks** (:func:`_block`): a heading, a table row, a list item (with its continuation lines; also the bullets
  of text pasted from a PDF, U+F0A7, U+F0B7, ``o``) and a footnote definition are blocks of their own; paragraph lines
  join (hard-wrapped prose is one paragraph) except after a line that ends in Chinese, where a line break ends the
  sentence. A heading is its own claim, never the claim of the text under it; a list item or a table row is its own
  claim; a footnote's claim is the sentence that carries its marker (``[^1]``, ``[1]``).
* **sentences** (:func:`_sentence_around`): ``.`` ends a sentence unless it ends an abbreviation (``data/claims.json``:
  German, English and French legal abbreviations, ``z. B.``, ``Mio.``, ``Inc.``, ``al.``), an initial, a word with
  inner periods (``U.S.``), a number of up to three digits (``1. Januar``), or is followed by a small letter or a
  digit; ``。！？`` (and the Chinese ``；`` between coordinate clauses) always end one; nothing inside quotation marks
  or brackets ends one.

:func:`claim_for` also tells whether the claim states anything beyond the citation (``bare``: a list of articles,
``法律依据：…``, ``See 42 U.S.C. § 1983.``) and which quotations of the provision it carries (after ``规定``,
``provides``, ``bestimmt``, ``lautet`` …, or right before the citation).

Standard library only.
"""
from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Iterable

_CJK = re.compile(r"[\u4e00-\u9fff]")

# ------------------------------------------------------------------ what the splitter knows (data/claims.json)

@dataclass(frozen=True)
class _Data:
    abbreviations: frozenset[str]     # lowercased, inner periods removed
    frame: frozenset[str]             # Latin-script words that state nothing beyond a citation
    frame_zh: re.Pattern              # the same for Chinese: longest first
    verbs: re.Pattern                 # a verb introducing the provision's words, at the start of a string
    ordinal_before: frozenset[str]    # words after which "3." is an ordinal ("am 1. Januar", "der 3. Senat")
    months: frozenset[str]


@cache
def _data() -> _Data:
    with resources.files(__package__).joinpath("data/claims.json").open("rb") as fh:
        raw = json.load(fh)
    abbr = frozenset(a.lower().replace(".", "") for lang in raw["abbreviations"].values() for a in lang)
    hollow = [raw["frame"], raw.get("conclusion", {})]   # labels and signals, and words that only state an outcome
    frame = frozenset(w.lower() for words in hollow for lang, ws in words.items() if lang != "zh" for w in ws)
    zh = sorted({w for words in hollow for w in words.get("zh", ())}, key=len, reverse=True)
    verbs = sorted((v for vs in raw["verbs"].values() for v in vs), key=len, reverse=True)
    return _Data(abbr, frame, re.compile("|".join(map(re.escape, zh))),
                 re.compile(r"(?:" + "|".join(re.escape(v).replace(r"\ ", r"\s+") for v in verbs) + r")(?![^\W\d_])",
                            re.IGNORECASE),
                 frozenset(raw["ordinal"]["before"]), frozenset(raw["ordinal"]["months"]))


# ------------------------------------------------------------------ Markdown blocks

# the marker of a list item: bullets (also those of text pasted from a PDF, and its "o"), numbers, letters (not
# "E. 2", an Erwägung wrapped to the start of a line), Chinese numbering
_ITEM = (r"(?:[-*+•·▪◦‣–][ \t]+|[\uf0a7\uf0b7\uf0d8\uf0fc][ \t]*|o[ \t]+|\d{1,3}[.)][ \t]+|[a-zA-Z][.)][ \t]+(?!\d)"
         r"|\(\w{1,4}\)[ \t]+|[（(](?:\d{1,3}|[一二三四五六七八九十]{1,3})[)）][ \t]*"
         r"|\d{1,3}、|[一二三四五六七八九十]{1,3}、)")

# (kind, pattern at the start of a line), tried in order; "para" when none matches
_LINE_KINDS = tuple((k, re.compile(p)) for k, p in (
    ("blank", r"\s*$"),
    ("fence", r"\s{0,3}(?:```|~~~)"),
    ("heading", r"\s{0,3}#{1,6}(?:\s|$)"),
    ("rule", r"\s{0,3}(?:[-*_=]\s*){3,}$"),
    ("separator", r"\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+\|?\s*$"),
    ("row", r"\s*\|"),
    ("footnote", r"\s{0,3}\[\^[^\]\s]{1,20}\]:"),
    ("refnote", r"\s{0,3}\[\d{1,3}\](?::|\s)"),
    ("boldhead", r"\s*(?:(?:\d{1,3}[.)]|[-*+•])\s+)?(?:\*\*|__)[^*_\n]{1,120}(?:\*\*|__)\s*[:：]?\s*$"),
    ("item", r"\s*" + _ITEM),
    ("quote", r"\s*>"),
))
_SINGLE = {"heading", "row", "boldhead", "separator", "rule", "fence", "blank"}   # a block of one line
_STARTS = {"item", "footnote", "refnote"}                                         # a block with continuation lines
_LOOK = 4000   # how far around a citation lines are read for its block


class _Lines:
    """A text's lines, found once, each line's kind and its block's first and last line read once (a claim per
    citation would otherwise read its whole line, or the thousands of lines around it, again: quadratic on a long
    answer of one line or of many short ones)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(m.end() for m in re.finditer("\n", text))]
        self._kinds: list[str] = []
        self._back: list[int] = []          # per line: where the walk back to its paragraph's first line stops
        self._forward: dict[int, int] = {}  # per line: the last line of the paragraph lines after it
        self._markers: dict[str, list[int]] = {}

    def at(self, pos: int) -> int:
        """The line holding ``text[pos]`` (the newline that ends it included)."""
        return bisect.bisect_right(self.starts, pos) - 1

    def span(self, i: int) -> tuple[int, int]:
        return self.starts[i], self.starts[i + 1] - 1 if i + 1 < len(self.starts) else len(self.text)

    def kind(self, i: int) -> str:
        while len(self._kinds) <= i:
            s, e = self.span(len(self._kinds))
            self._kinds.append(next((k for k, pat in _LINE_KINDS if pat.match(self.text, s, e)), "para"))
        return self._kinds[i]

    def back(self, i: int) -> int:
        """Where the walk back from paragraph line ``i`` stops: the first line of its paragraph, or the item (footnote)
        whose lazy continuation it is."""
        while len(self._back) <= i:
            j = len(self._back)
            before = self.kind(j - 1) if j else None
            self._back.append(j if before not in ("para", "quote", *_STARTS) else
                              j - 1 if before in _STARTS else self._back[j - 1])
        return self._back[i]

    def forward(self, i: int) -> int:
        """The last of the paragraph lines that follow line ``i`` (``i`` itself when none does)."""
        path, j = [], i
        while j not in self._forward and j + 1 < len(self.starts) and self.kind(j + 1) in ("para", "quote"):
            path.append(j)
            j += 1
        last = self._forward.get(j, j)
        for k in (*path, j):
            self._forward[k] = last
        return last

    def markers(self, mark: str) -> list[int]:
        """Where a footnote marker (``[^1]``) refers to its note: not where it defines it (``[^1]:``), nor at the
        start of a line."""
        found = self._markers.get(mark)
        if found is None:
            found = self._markers[mark] = [
                hit.start() for hit in re.finditer(re.escape(mark) + r"(?!:)", self.text)
                if self.text[self.starts[self.at(hit.start())]:hit.start()].strip()]
        return found


_LAST_LINES: list[_Lines] = []


def _lines_of(text: str) -> _Lines:
    """The line index of ``text``, kept for the text whose claims are read now (its citations ask one after the
    other)."""
    if not _LAST_LINES or _LAST_LINES[0].text is not text:
        _LAST_LINES[:] = [_Lines(text)]
    return _LAST_LINES[0]


def _block(text: str, start: int) -> tuple[str, int, int]:
    """``(kind, start, end)`` of the Markdown block holding ``text[start]``, read within :data:`_LOOK` characters
    around it."""
    lines = _lines_of(text)
    i = lines.at(start)
    kind = lines.kind(i)
    if kind in _SINGLE:
        return (kind, *lines.span(i))
    first = i
    if kind in ("para", "quote"):   # up to the paragraph's first line, or the item whose lazy continuation it is
        first = max(lines.back(i), lines.at(max(0, start - _LOOK)))
        kind = lines.kind(first) if lines.kind(first) in _STARTS else "para"
    last = min(lines.forward(i), lines.at(min(len(text), start + _LOOK)))
    return kind, lines.span(first)[0], lines.span(last)[1]


# offset-preserving: markup becomes spaces (table pipes ";"), so citation spans keep their places
_LINE_MARK = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|>[ \t]?|\[\^[^\]\s]{1,20}\]:|\[\d{1,3}\]:?|" + _ITEM + ")",
                        re.MULTILINE)
# ``**``, ``__``, ``~~``, backticks, ``*``, a footnote marker, a tag, a link's target and its opening bracket: written
# as one set of first characters, each alternative behind the test of its own (the engine then skips to those
# characters in its fast loop, where an alternation would be tried at every position: 20 times slower)
_INLINE = re.compile(r"[*_~`\[<\]](?:(?<=\*)\*|(?<=_)_|(?<=~)~|(?<=`)`*|(?<=\*)|(?<=\[)\^[^\]\s]{1,20}\]"
                     r"|(?<=<)[A-Za-z/][^<>\n]{0,30}>|(?<=\])\([^()\s]{0,300}\)|(?<=\[)(?=[^\[\]\n]{1,300}\]\())")


def _unmarked(text: str, lo: int, hi: int, kind: str, blanked: str, more: list[tuple[int, int]]) -> str:
    """``text[lo:hi]`` with its Markdown markup replaced by spaces of the same length (line marks, then inline marks;
    the pipes of a table row by ``;``) and the citations by :data:`_BLANK`: ``blanked`` is ``text[lo:hi]`` with the
    other citations blanked already (:meth:`Spans.blank`), ``more`` the spans still to blank. The markup (rarely
    more than a few marks) is laid over it where it is no citation's, so that the cost does not grow with the
    citations around the claim."""
    chunk = text[lo:hi]
    s = _blanked(blanked, lo, more)
    marks: list[tuple[int, int]] = []
    if kind != "row" and chunk.count("\n", 0, 400) > 8:  # the line marks (many lines: the engine's loop)
        marks = [m.span() for m in _LINE_MARK.finditer(chunk)]
    elif kind != "row":  # where a line starts, as ^ finds them
        at = 0
        while at >= 0:
            if (m := _LINE_MARK.match(chunk, at)) is not None:
                marks.append(m.span())
            at = chunk.find("\n", at) + 1 or -1
    lined = _spaced(chunk, marks) if marks else chunk
    marks += [m.span() for m in _INLINE.finditer(lined)]
    if marks:
        s = _spaced(s, marks)
    return s.replace("|", ";") if kind == "row" else s


def _spaced(s: str, marks: list[tuple[int, int]]) -> str:
    """``s`` with the characters of ``marks`` that are no blanked citation's replaced by spaces."""
    out = list(s)
    for a, b in marks:
        for i in range(a, b):
            if out[i] != _BLANK:
                out[i] = " "
    return "".join(out)


# ------------------------------------------------------------------ sentences

_OPEN = {"'": "'", "(": ")", "[": "]", "（": "）", "【": "】", "「": "」", "『": "』", "«": "»", "»": "«", "‹": "›",
         "“": "”", "‘": "’", "„": "“”\""}
_MAX_PROTECTED = 800   # a bracket or quotation longer than this is no span (an unbalanced mark)


def _protected(s: str) -> list[tuple[int, int]]:
    """``(open, close)`` of every balanced bracket or quotation in ``s`` (ASCII ``"`` pairs in order; a closer that
    does not match the innermost open mark closes the nearest one it matches)."""
    stack: list[tuple[str, int]] = []
    out: list[tuple[int, int]] = []

    def close(k: int, i: int) -> None:
        p = stack[k][1]
        del stack[k:]
        if i - p <= _MAX_PROTECTED:
            out.append((p, i))

    for m in _MARK.finditer(s):
        i, ch = m.start(), m.group()
        if ch == "'":   # a quotation mark, not an apostrophe (l'art., Ass'n): no Latin letter on its outer side
            if stack and stack[-1][0] == "'" and not _latin(s, i + 1):
                close(len(stack) - 1, i)
            elif not _latin(s, i - 1):
                stack.append((ch, i))
        elif stack and ch in _OPEN.get(stack[-1][0], '"'):
            close(len(stack) - 1, i)
        elif ch in _OPEN or ch == '"':
            stack.append((ch, i))
        elif ch in ")]）】」』":
            k = next((k for k in range(len(stack) - 1, -1, -1) if ch in _OPEN.get(stack[k][0], "")), None)
            if k is not None:
                close(k, i)
    return sorted(out)


_MARK = re.compile("[" + re.escape("".join(_OPEN) + "".join(_OPEN.values()) + '"') + "]")


def _latin(s: str, i: int) -> bool:
    return 0 <= i < len(s) and s[i].isalnum() and not _CJK.match(s[i])


_BLANK = "\x00"   # a blanked citation: no word, no mark, but what starts a sentence ("… OR. Art. 101 AEUV verbietet")
# what may end a sentence (``...``, ``…``, ``.!?`` runs, Chinese marks, a line break), written as one set of first
# characters (the engine skips to them in its fast loop: an alternation tried at every position costs 20 times more)
_END = re.compile(r"[.…!?。！？；\n](?:(?<=\.)\.\.|(?<=…)…*|(?<=[.!?])[.!?]*|(?<=[。！？；])[。！？；]*|)")
_LATIN_END = re.compile(r"[.…!?](?:(?<=\.)\.\.|(?<=…)…*|(?<=[.!?])[.!?]*|)")  # the same in text without Chinese
_CLOSERS = "\"'”’»«“)]）】」』"
_TOKEN_CHARS = ".'’-_"
_CJK_CHAR = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def _token_start(s: str, p: int) -> int:
    """Where the word (letters, digits, inner periods, apostrophes) that ends at ``p`` starts."""
    i = p
    while i > 0 and (s[i - 1].isalnum() or s[i - 1] in _TOKEN_CHARS):
        i -= 1
    return i


def _cjk_before(s: str, p: int) -> bool:
    """Whether the last character before ``p`` that is not a space is Chinese (or CJK punctuation)."""
    i = p
    while i > 0 and s[i - 1] in " \t\r":
        i -= 1
    return i > 0 and _CJK_CHAR.match(s[i - 1]) is not None


def _is_abbreviation(token: str, before: str, after: str) -> bool:
    """Whether ``token`` + ``.`` ends no sentence; ``before``/``after``: the words around it."""
    word = token.strip(".'’-")
    if not word:
        return False
    if word.isdigit():   # "am 1. Januar", "der 3. Senat", "1. Die Kündigung" — but "… Ziff. 2. Dann"
        d = _data()
        return len(word) <= 3 and (not before or before[0].islower() and not before.endswith(".")
                                   or before.lower() in d.ordinal_before or after.lower().rstrip(".") in d.months)
    if "." in word or len(word) == 1:
        return True
    return word.lower().replace("’", "'") in _data().abbreviations


def _word_before(s: str, i: int) -> str:
    m = re.search(r"(\S+)\s+$", s[max(0, i - 40):i])
    return m.group(1) if m else ""


def _inside(spans: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """The union of the spans' insides as sorted, disjoint ``(starts, ends)``: position ``p`` is inside a span when
    ``starts[k] < p < ends[k]`` for ``k = bisect(starts, p - 1) - 1``."""
    starts: list[int] = []
    ends: list[int] = []
    for o, c in sorted(spans):
        if starts and o < ends[-1]:
            ends[-1] = max(ends[-1], c)
        else:
            starts.append(o)
            ends.append(c)
    return starts, ends


def _word_after(s: str, i: int) -> str:
    m = re.match(r"\s*(\S+)", s[i:i + 40])
    return m.group(1) if m else ""


def _boundary(s: str, m: re.Match, starts: list[int], ends: list[int]) -> int | None:
    """Where the candidate terminator ``m`` ends a sentence (after its closing marks), or None where it does not."""
    p, q = m.start(), m.end()
    k = bisect.bisect_right(starts, p - 1) - 1
    if k >= 0 and starts[k] < p < ends[k]:
        return None     # inside a quotation or brackets
    t = m.group()
    if t == "\n":
        return q if _cjk_before(s, p) else None
    if t[0] in "。！？；":   # a Chinese semicolon parts coordinate clauses: the one carrying the citation is its claim
        while q < len(s) and s[q] in _CLOSERS:
            q += 1
        return q
    if t[0] in ".…" and len(t) > 1 or t[0] == "…":
        return None     # an ellipsis: a quotation left out, not an end
    while q < len(s) and s[q] in _CLOSERS:
        q += 1
    if q < len(s) and not (s[q].isspace() or s[q] == _BLANK):
        return None     # 3.2, z.B., U.S.C., a.m.; but "… möglich.[^1]" ends
    if t == ".":
        ts = _token_start(s, p)
        tok = s[ts:p]
        if tok and (_is_abbreviation(tok, _word_before(s, ts), _word_after(s, q)) if tok.isdigit()
                    else _is_abbreviation(tok, "", "")):
            return None
        j = q
        while j < len(s) and s[j].isspace():
            j += 1
        if j < len(s) and s[j].islower():
            return None     # a sentence never starts with a small letter
    return q


def _quote_ends(s: str, spans: list[tuple[int, int]]) -> list[int]:
    """A quotation that ends with its own terminator ends the sentence (…verpflichtet.“ Dann …; …。”因此), unless a
    small letter, a comma or a bracket (a citation: „…“ (Art. 41 OR)) follows."""
    out = []
    for o, c in spans:
        if s[o] in "“„«»\"「『" and c > 0 and s[c - 1] in ".!?。！？" and c + 1 < len(s):
            nxt = re.match(r"\s*(.)", s[c + 1:c + 40])
            if nxt and not nxt.group(1).islower() and nxt.group(1) not in ",，;；:：)）(（[":
                out.append(c + 1)
    return out


def _sentence_around(s: str, spans: list[tuple[int, int]], rs: int, re_: int) -> tuple[int, int]:
    """The sentence of ``s`` holding ``s[rs:re_]``: only the terminators nearest to it are looked at."""
    starts, ends = _inside(spans)
    quote_ends = _quote_ends(s, spans)
    begin = max([b for b in quote_ends if b <= rs], default=0)
    # without Chinese no line break ends a sentence (_boundary) and no Chinese mark is there: the others only
    ends_at = _END if _CJK_CHAR.search(s) else _LATIN_END
    for m in reversed(list(ends_at.finditer(s, 0, rs))):
        if m.end() <= begin:
            break
        b = _boundary(s, m, starts, ends)
        if b is not None and b <= rs:
            begin = max(begin, b)
            break
    low = max(re_, rs + 1)
    finish = min([b for b in quote_ends if b >= low], default=len(s))
    for m in ends_at.finditer(s, re_):
        if m.start() >= finish:
            break
        b = _boundary(s, m, starts, ends)
        if b is not None and b >= low:
            finish = min(finish, b)
            break
    return begin, finish


# ------------------------------------------------------------------ the claim

@dataclass(frozen=True)
class Quote:
    """What an answer gives as the provision's words: in quotation marks (``marked``) or, in Chinese, the rest of the
    sentence after ``规定：``."""

    text: str
    marked: bool


@dataclass(frozen=True)
class Claim:
    """The claim a citation supports (:func:`claim_for`)."""

    text: str                      # citations blanked, markup removed
    bare: bool                     # states nothing beyond the citation
    quotes: tuple[Quote, ...] = ()
    where: str = "sentence"        # sentence | item | row | heading | footnote | question
    span: tuple[int, int] | None = None   # where the sentence stands in the text (None: not in it, a question)


_TRIM = " \t\n()[]（）【】,;:.。，；：、-–—*#>|"
_HOLLOW = re.compile(r"[(\[（【]\s*[)\]）】]")


def _clean(s: str) -> str:
    return re.sub(r"\s+", " ", _HOLLOW.sub(" ", s.replace(_BLANK, " "))).strip(_TRIM)


def is_bare(claim: str) -> bool:
    """Whether ``claim`` (a citation's sentence with the citations blanked) states nothing: only labels, signals and
    framing words (``Rechtsgrundlage``, ``See``, ``法律依据``, ``gemäß``), numbers and punctuation remain."""
    return not _CJK.search(_data().frame_zh.sub("", claim)) and stated_words(claim) == 0


def stated_words(claim: str) -> int:
    """How many words of ``claim`` are no label, signal or framing word (:func:`is_bare`'s ``frame`` words): a short
    claim's substance (``Rechtsgrundlagen: , Vermögensgesetzes`` states one word, an act's name)."""
    d = _data()
    return sum(1 for w in re.findall(r"[^\W\d_]+", d.frame_zh.sub("", claim))
               if len(w) > 1 and w.lower() not in d.frame)


_QUOTE_OPEN = "“„«»「『\"'‘"
_QUOTE_REACH = 60   # characters from the citation's end to the quotation's opening mark


@cache
def _quote_lead() -> re.Pattern:
    """What may stand between a citation and the quotation of its words: closing brackets, an article, a verb
    (``规定``, ``lautet``, ``provides``) or a colon, ``that``/``dass``/``wie folgt``."""
    verbs = _data().verbs.pattern
    return re.compile(r"[\s)）\]】]*(?:(?:der|die|das|the|il|le|la|中|之|的|明确|明文)\s*)?(?P<verb>" + verbs + r")?"
                      r"[\s,，]*(?P<colon>[:：])?[\s,，]*(?:(?:wie\s+folgt|folgendes|as\s+follows|that|dass|daß|que)"
                      r"[\s,，:：]*)?$", re.IGNORECASE)


def _quotes(text: str, s: str, base: int, rs: int, re_: int, spans: list[tuple[int, int]], sent: tuple[int, int]
            ) -> tuple[Quote, ...]:
    """Quotations of the cited provision in the sentence ``sent`` of the masked block ``s`` (``base``: its offset in
    ``text``; ``rs``, ``re_``: the citation in ``s``): after the citation and a verb or a colon
    (``第四十五条规定：“…”``, ``§ 823 BGB lautet: „…“``, ``Art. 41 OR: «…»``), in Chinese also the rest of the
    sentence after ``规定：``, a colon or a space (``法律依据：《民法典》第五百七十七条 当事人一方…``: the article's
    text as legal Q&A sites print it), or right before the citation (``„…“ (Art. 41 Abs. 1 OR)``)."""
    out: list[Quote] = []
    lead = _quote_lead()
    after = [(o, c) for o, c in spans if s[o] in _QUOTE_OPEN and re_ <= o <= re_ + _QUOTE_REACH and c <= sent[1]]
    if after:
        o, c = after[0]
        m = lead.match(s[re_:o])
        if m and (m.group("verb") or m.group("colon")):
            out.append(Quote(text[base + o + 1:base + c], True))
    else:
        m = re.match(r"[)）\]】]*(?:[\s)）\]】]*(?:中|之|的|明确|明文)?(?:规定|明确规定)\s*[:：]"
                     r"|[ \t\u3000]+|[:：])\s*",
                     s[re_:sent[1]])
        if m and _CJK.match(s, re_ + m.end()):
            out.append(Quote(_clean(text[base + re_ + m.end():base + sent[1]]), False))
    j = rs    # before: a quotation closed right before the citation
    while j > sent[0] and s[j - 1] in " (（[":
        j -= 1
    out.extend(Quote(text[base + o + 1:base + c], True) for o, c in spans
               if c == j - 1 and s[o] in _QUOTE_OPEN and o >= sent[0])
    return tuple(Quote(q.text.strip(), q.marked) for q in out if q.text.strip())


# a parenthetical after a case citation that says where its words come from, not what it holds
_PROCEDURAL = re.compile(r"\s{0,2}\((?:citing|quoting|internal|emphasis|alteration|alterations|cleaned|"
                         r"footnote|citations? omitted|brackets)\b[^()]{0,300}(?:\([^()]{0,80}\)[^()]{0,300})*\)",
                         re.IGNORECASE)
_NAME_REACH = 12   # characters between a case name and its citation (", " and a signal's punctuation)


def citation_material(text: str, citations: Iterable) -> list[tuple[int, int]]:
    """Spans of ``text`` that belong to citations without lying in their spans: a case's name before its reporter
    cite (``Marbury v. Madison, 5 U.S. 137``: the citation's span is the cite) and a parenthetical that only says
    where quoted words come from (``(quoting …)``, ``(internal quotation marks omitted)``). A claim is the
    sentence without these, as without the citations themselves."""
    out = []
    for c in citations:
        md = getattr(c, "metadata", None)
        name = getattr(md, "case_name", None)
        if name:
            lo = max(0, c.span.start - len(name) - _NAME_REACH)
            at = text.rfind(name, lo, c.span.start)
            if at >= 0:
                out.append((at, c.span.start))
        if getattr(c, "kind", None) is not None and c.kind.value in ("case", "reporter"):
            m = _PROCEDURAL.match(text, c.span.end)
            if m:
                out.append((c.span.end, m.end()))
    return out


class Spans:
    """Citation spans sorted by where they start, so that a claim blanks only those near it (a bisect), not each of an
    answer's citations in turn (quadratic in a long answer)."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        self.spans = sorted(set(spans))
        self.starts = [s for s, _ in self.spans]
        self.reach: list[int] = []  # the furthest end of the spans up to each one
        for _, e in self.spans:
            self.reach.append(max(e, self.reach[-1]) if self.reach else e)

        self._text: str | None = None
        self._blanked = ""

    def near(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """The spans that overlap ``[lo, hi)``."""
        first = bisect.bisect_right(self.reach, lo)
        return [(s, e) for s, e in self.spans[first:bisect.bisect_left(self.starts, hi)] if e > lo]

    def blank(self, text: str, lo: int, hi: int) -> str:
        """``text[lo:hi]`` with the spans blanked (:data:`_BLANK`): the whole text blanked once, then cut, so that
        a claim costs the same among a hundred citations as among none (a long run of them)."""
        if self._text is not text:
            self._text, self._blanked = text, _blanked(text, 0, self.spans)
        return self._blanked[lo:hi]


def claim_for(text: str, start: int, end: int, others: Iterable[tuple[int, int]] | Spans = (), *,
              window: int = 600, _marker: tuple[int, int] | None = None) -> Claim:
    """The claim that ``text[start:end]`` supports: its sentence in its Markdown block (bounded to ``window``
    characters each side), with the citation and ``others`` (spans of other citations; a :class:`Spans` of all of
    them where many claims are read) blanked out. (``_marker``: the span of the citation in a footnote whose marker
    ``text[start:end]`` is; it is not blanked there.)"""
    kind, b0, b1 = _block(text, start)
    others = others if isinstance(others, Spans) else Spans(others)
    if kind in ("footnote", "refnote") and not _marker:
        marker = _footnote_marker(text, b0, b1)
        if marker is not None:
            got = claim_for(text, marker[0], marker[1], others, window=window, _marker=(start, end))
            return Claim(got.text, got.bare, got.quotes, "footnote", got.span)
    lo, hi = max(b0, start - window), min(b1, end + window)
    if _marker is None:
        s = _unmarked(text, lo, hi, kind, others.blank(text, lo, hi), [(start, end)])
    else:  # (rare: a footnote's citations are blanked one by one, the footnote's own one left)
        near = [o for o in others.near(lo, hi) if o != _marker]
        s = _unmarked(text, lo, hi, kind, text[lo:hi], [(start, end), *near])
    rs, re_ = max(0, start - lo), max(0, min(end, hi) - lo)
    spans = _protected(s)
    sent = _sentence_around(s, spans, rs, re_)
    if _marker and sent[0] and not s[sent[0]:rs].strip():   # "… möglich.[^1]": the marker ends the sentence before
        sent = (_sentence_around(s, spans, sent[0] - 1, sent[0] - 1)[0], sent[0])
    claim = _clean(s[sent[0]:sent[1]])
    where = {"item": "item", "row": "row", "heading": "heading", "boldhead": "heading"}.get(kind, "sentence")
    quotes = _quotes(text, s, lo, rs, re_, spans, sent) if kind not in ("heading", "boldhead") else ()
    return Claim(claim, is_bare(claim), quotes, where, (lo + sent[0], lo + sent[1]))


def _blanked(chunk: str, lo: int, spans: list[tuple[int, int]]) -> str:
    """``chunk`` (the text from ``lo``) with the parts the ``spans`` cover replaced by :data:`_BLANK`."""
    parts, at = [], 0
    for s, e in sorted((max(s, lo) - lo, min(e, lo + len(chunk)) - lo) for s, e in spans):
        if e > max(s, at):
            parts += [chunk[at:s] if s > at else "", _BLANK * (e - max(s, at))]
            at = e
    return "".join([*parts, chunk[at:]])


def _footnote_marker(text: str, b0: int, b1: int) -> tuple[int, int] | None:
    """Where the footnote defined at ``text[b0:b1]`` is referred to (``[^1]`` in the text, not its definition)."""
    m = re.match(r"\s*\[(\^?[^\]\s]{1,20})\]", text[b0:b1])
    if not m:
        return None
    mark = f"[{m.group(1)}]"
    return next(((s, s + len(mark)) for s in _lines_of(text).markers(mark) if not b0 <= s < b1), None)


def statement_for(text: str, start: int, end: int, others: Iterable[tuple[int, int]] | Spans = (), *,
                  window: int = 600) -> str:
    """The text of :func:`claim_for`: the sentence around ``text[start:end]`` with every citation blanked out."""
    return claim_for(text, start, end, others, window=window).text
