"""EU acts: work ids from act numbers, CELEX numbers, and names → works from the tables.

Work ids follow docs/keys.md: ``<reg|dir|dec>-<year>-<number>`` for secondary law, ``teu``, ``tfeu``, ``charter``
for the treaties and the Charter. An act number decides its work by itself (``Richtlinie 2008/115/EG`` →
``dir-2008-115`` whether or not the tables list it), so a check can say ``not_findable`` instead of guessing.
Names and abbreviations (DSGVO, DS-GVO, GDPR, RGPD, AEUV, Rom I-VO …) come from the generated
``data/acts.json.gz`` (``eu_toc``) and the hand-kept ``data/aliases.json``.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

from legalcite.core.data import load
from legalcite.keys import int_to_roman

TYPE_LETTER = {"reg": "R", "dir": "L", "dec": "D"}
TREATY_CELEX = {"tfeu": "12016E", "teu": "12016M", "charter": "12016P"}
_WORK = re.compile(r"^(reg|dir|dec)-(\d{4})-(\d+)$")


def _year(s: str) -> int | None:
    """A printed year of an act number: four digits 1950–2099, or two digits (acts before 1999: 93 → 1993)."""
    if len(s) == 4 and 1950 <= int(s) <= 2099:
        return int(s)
    if len(s) == 2:
        return 1900 + int(s)
    return None


def act_work(kind: str, a: str, b: str, *, numbered: bool = False) -> str | None:
    """The work id of an act printed ``<kind> a/b``.

    Since 2015 every act is ``year/number`` (``Regulation (EU) 2016/679``); before, regulations were
    ``number/year`` and printed with ``No``/``Nr.`` (``VO (EG) Nr. 593/2008``, ``Regulation (EEC) No 1408/71``),
    directives and most decisions ``year/number`` (``93/13/EWG``, ``2008/115/EG``). So: a part that can only be
    a four-digit year is the year; otherwise ``No`` (``numbered``) or a regulation means number/year, else
    year/number."""
    a, b = a.lstrip("0") or "0", b.lstrip("0") or "0"
    ya = len(a) == 4 and _year(a) is not None
    yb = len(b) == 4 and _year(b) is not None
    if ya and not yb:
        year, num = a, b
    elif yb and not ya:
        year, num = b, a
    elif numbered or (kind == "reg" and not ya):
        year, num = b, a
    else:
        year, num = a, b
    y = _year(year)
    if y is None or not num.isdigit() or int(num) == 0:
        return None
    return f"{kind}-{y}-{int(num)}"


def celex(work: str) -> str | None:
    """``reg-2016-679`` → ``32016R0679``; ``tfeu`` → ``12016E`` (the consolidated treaty of 2016); else None."""
    if work in TREATY_CELEX:
        return TREATY_CELEX[work]
    m = _WORK.match(work)
    if not m:
        return None
    return f"3{m.group(2)}{TYPE_LETTER[m.group(1)]}{int(m.group(3)):04d}"


# ---------------------------------------------------------------- EUR-Lex addresses

EURLEX = "https://eur-lex.europa.eu"
# the treaties and the Charter: EUR-Lex shows their consolidated text under the CELEX with /TXT
_TREATY_DOC = {"12016E": "12016E/TXT", "12016M": "12016M/TXT", "12016P": "12016P/TXT"}


def document(work: str) -> str | None:
    """The CELEX document EUR-Lex shows for a work id: ``32016R0679``; ``12016E/TXT`` for the TFEU."""
    number = celex(work)
    return _TREATY_DOC.get(number, number) if number else None


def anchor(segments: list[tuple[str, str]]) -> str:
    """The fragment of the first subdivision EUR-Lex anchors: ``art_6`` or ``006.001`` (paragraph), ``rct_26``,
    ``anx_III``; "" when there is none."""
    if not segments:
        return ""
    label, value = segments[0]
    if label == "art":
        if len(segments) > 1 and segments[1][0] == "par" and value.isdecimal() and segments[1][1].isdecimal():
            return f"{int(value):03d}.{int(segments[1][1]):03d}"
        return f"art_{quote(value, safe='')}"
    if label == "recital" and value.isdecimal():
        return f"rct_{value}"
    if label == "annex" and value.isdecimal():
        return f"anx_{int_to_roman(int(value))}"
    return ""


def eurlex_url(work: str, segments: Sequence[tuple[str, str]] = (), language: str = "EN", base: str = EURLEX,
            *, html: bool = False) -> str | None:
    """The EUR-Lex page of an act or one of its subdivisions (``html``: the bare Official Journal text the online
    check reads). The store's evidence links and :mod:`legalcite.sources.eurlex` both use it."""
    doc = document(work)
    if doc is None:
        return None
    lang = language.upper()
    url = f"{base}/legal-content/{lang}/TXT/{'HTML/' if html else ''}?uri=CELEX:{quote(doc, safe='/')}"
    frag = "" if html else anchor(list(segments))
    return f"{url}#{frag}" if frag else url



def work_of_celex(number: str) -> str | None:
    """The inverse of :func:`celex` for sector-3 numbers (``32016R0679`` → ``reg-2016-679``)."""
    m = re.fullmatch(r"3(\d{4})([RLD])0*(\d+)", number.strip())
    if m:
        kind = {v: k for k, v in TYPE_LETTER.items()}[m.group(2)]
        return f"{kind}-{m.group(1)}-{m.group(3)}"
    return next((w for w, c in TREATY_CELEX.items() if number.strip().startswith(c)), None)


# ---------------------------------------------------------------- the tables

_TOKEN = re.compile(r"[\w]+(?:['’\-][\w]+)*|[^\w\s]", re.UNICODE)
_PUNCTUATION = ".,;:!?()[]{}«»„“”\"'’*_`~"   # Markdown marks too: "**Art. 83 DSGVO**"
_SPACED = re.compile(r"\S+")


def tokens(text: str) -> list[str]:
    """The words of ``text`` (apostrophes and hyphens inside a word kept) and each punctuation mark on its own: the
    units act names are matched in."""
    return _TOKEN.findall(text)


@dataclass(frozen=True)
class NameMatch:
    """An act name read at a position (:meth:`ActIndex.match_name`): the act's work id, the offset just after the name,
    and the name as printed."""

    work: str
    end: int          # offset in the text just after the name
    printed: str


class ActIndex:
    """Every act the tables name, with its names in German, English and French."""

    def __init__(self) -> None:
        table = load(__package__, "acts.json.gz")["acts"]
        extra = load(__package__, "aliases.json")
        self.acts: dict[str, dict] = {a["work"]: a for a in table}
        names: dict[str, set[str]] = {}
        for a in table:
            for n in (a["short_en"], a["short_de"], *a["names_en"], *a["names_de"]):
                names.setdefault(a["work"], set()).add(n)
        for work, by_lang in extra["works"].items():
            for lang_names in by_lang.values():
                names.setdefault(work, set()).update(lang_names)
        self.names = {w: sorted(ns) for w, ns in names.items()}
        self.courts: dict[str, str] = {n: court for court, ns in extra["courts"].items() for n in ns}
        vocab = {t.casefold() for ns in names.values() for n in ns for t in tokens(n)}
        self._vocab = vocab
        # one-word names exactly as the tables write them (``Charter``, not ``charter`` in prose; ``DSGVO``);
        # longer names case-folded, with German genitive endings (``des Vertrags über die Arbeitsweise …``)
        self.exact: dict[tuple[str, ...], str] = {}
        self.folded: dict[tuple[str, ...], str] = {}
        for work, ns in sorted(self.names.items()):
            for n in ns:
                toks = tuple(tokens(n))
                if len(toks) == 1:
                    self.exact.setdefault(toks, work)
                else:
                    self.folded.setdefault(tuple(self.fold(t) for t in toks), work)
        self.max_words = max(len(k) for k in (*self.exact, *self.folded))
        # what a name can start with: a one-word name as printed; a longer name's first word, and its first two or
        # (when it has more) three words, folded (a cheap test before a name is read word by word)
        self._starts = frozenset(k[0] for k in self.exact)
        self._folded_starts = frozenset(k[0] for k in self.folded)
        self._folded_heads = frozenset(k[:3] for k in self.folded)
        # every case-folded word fold() may turn into such a first word (the word itself or with a genitive ending)
        self._start_forms = self._folded_starts | {f + e for f in self._folded_starts for e in ("s", "es")}

    def fold(self, tok: str) -> str:
        """Case-folded, with a German genitive ``-s``/``-es`` removed where the bare word is a name word
        (``Vertrags``/``Vertrages`` → ``vertrag``)."""
        t = tok.casefold()
        for suffix in ("es", "s"):
            if len(t) > 4 and t.endswith(suffix) and t[: -len(suffix)] in self._vocab:
                return t[: -len(suffix)]
        return t

    def may_name_in(self, text: str, start: int, end: int) -> bool:
        """Whether ``text[start:end]`` may hold an act name: a one-word name, or the first two or three words of a
        longer one (a cheap test before a unit chain is parsed; ``des Gesetzes`` or ``Gesetz über die`` starts no
        name, ``Gesetz über digitale`` may)."""
        toks = [w.strip(_PUNCTUATION) for w in text[start:end].split()]  # (str.split: ten times a regex's speed)
        starts, forms, heads = self._starts, self._start_forms, self._folded_heads
        if not starts.isdisjoint(toks):
            return True
        folded = list(map(str.casefold, toks))
        if forms.isdisjoint(folded):
            return False  # no word a longer name starts with: most chains in German prose (set tests, no loop)
        for i, t in enumerate(folded):
            if t in forms and i + 1 < len(toks):
                head = tuple(self.fold(w) for w in toks[i:i + 3])
                if head[:2] in heads or head in heads:
                    return True
        return False

    def name_marks(self, text: str, a: int, b: int) -> list[int]:
        """Where an act name may start among the words of ``text`` that start in ``[a, b)`` (their offsets, for
        :class:`legalcite.core.scan.Marks`): a one-word name, or the first two or three words of a longer one (a
        cheap test before a unit chain is parsed; ``des Gesetzes`` or ``Gesetz über die`` starts no name, ``Gesetz
        über digitale`` may). Set tests on the words first (``str.split``: ten times a regex's speed), then word by
        word with the two words after each."""
        toks = [w.strip(_PUNCTUATION) for w in text[a:b].split()]
        starts, forms, heads = self._starts, self._start_forms, self._folded_heads
        if starts.isdisjoint(toks) and forms.isdisjoint(map(str.casefold, toks)):
            return []  # no word a name starts with: most chains in German prose (set tests, no loop)
        located = [(m.start(), m.group().strip(_PUNCTUATION)) for m in _SPACED.finditer(text, a, b)]
        words = [w for _, w in located] + [w.strip(_PUNCTUATION) for w in text[b:b + 160].split()[:2]]
        marks = []
        for i, (at, t) in enumerate(located):
            if t in starts:
                marks.append(at)
            elif t.casefold() in forms and i + 1 < len(words):
                head = tuple(self.fold(w) for w in words[i:i + 3])
                if head[:2] in heads or head in heads:
                    marks.append(at)
        return marks

    def match_name(self, text: str, pos: int) -> NameMatch | None:
        """The longest act name starting exactly at ``pos``."""
        first = _TOKEN.match(text, pos)
        if first is None or (first.group() not in self._starts and self.fold(first.group()) not in self._folded_starts):
            return None  # no name starts with this word: most words after a chain
        found = []
        for m in _TOKEN.finditer(text, pos, min(len(text), pos + 160)):
            if found and text[found[-1].end():m.start()].strip():
                break
            if not found and m.start() != pos:
                return None
            found.append(m)
            if len(found) >= self.max_words:
                break
        for n in range(len(found), 0, -1):
            toks = [f.group() for f in found[:n]]
            work = self.exact.get(tuple(toks)) if n == 1 else self.folded.get(tuple(self.fold(t) for t in toks))
            if work:
                return NameMatch(work, found[n - 1].end(), text[pos:found[n - 1].end()])
        return None

    def names_in(self, text: str, start: int, end: int) -> list[tuple[int, NameMatch]]:
        """Every act name in ``text[start:end]`` with where it starts, the longest at each word (``die DSGVO``,
        ``under the General Data Protection Regulation``); a cheap test of the words first."""
        if not self.may_name_in(text, start, end):
            return []
        out: list[tuple[int, NameMatch]] = []
        pos = start
        for m in _TOKEN.finditer(text, start, end):
            if m.start() < pos:
                continue
            hit = self.match_name(text, m.start())
            if hit is not None and hit.end <= end:
                out.append((m.start(), hit))
                pos = hit.end
        return out

    def units(self, work: str) -> list[str] | None:
        """The article values the table lists for ``work`` (``1``, ``2``, …), or None for an act it does not know."""
        a = self.acts.get(work)
        return a["units"] if a else None

    def point_article(self, work: str, article: str) -> bool:
        """Whether the act's article lists numbered points at its first level (GDPR Art. 4)."""
        a = self.acts.get(work)
        return bool(a) and article in a["point_articles"]

    def title(self, work: str, language: str = "en") -> str | None:
        """The act's first German (``language="de"``) or else English name in the table; None for an unknown act or one
        without such a name."""
        a = self.acts.get(work)
        if a is None:
            return None
        names = a["names_de"] if language == "de" else a["names_en"]
        return names[0] if names else None

    def short(self, work: str, language: str = "en") -> str | None:
        """The short name a practitioner prints after an article (``DSGVO``, ``GDPR``, ``AEUV``, ``TFEU``)."""
        a = self.acts.get(work)
        if a is None:
            return None
        return a["short_de"] if language == "de" else a["short_en"]


@functools.cache
def index() -> ActIndex:
    """The act index, built once per process from ``acts.json.gz`` and ``aliases.json``."""
    return ActIndex()


def knows_name(name: str) -> bool:
    """Whether ``name`` (as printed after an article: ``DSGVO``, ``AEUV``, ``EUV``) names an EU act in the tables;
    the German extractor asks (through ``jurisdictions.claimed_elsewhere``), so that an EU act in German prose stays
    ``eu``."""
    m = index().match_name(name, 0)
    return m is not None and m.end == len(name)
