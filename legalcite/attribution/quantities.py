"""Quantities a claim states and a provision states: durations, deadlines, ages, amounts, percentages, counts.

Models cite the right topic with the wrong figure ("innerhalb von drei Wochen (§ 1 KSchG)", where § 4 KSchG
states the three weeks), and a figure is the one part of a claim that no word-overlap model weighs: BM25 and the
dense model see "drei Wochen" and "vier Wochen" as near-identical. So figures are read apart, in digits and in
words, and normalised to a value and a unit (:class:`Quantity`), which the attribution compares exactly
(:func:`stated_in`).

The words of each language (number words, scales such as ``Mio.``/``万``, units of time and money, labels after
which a number is a reference, not a quantity) are data of the jurisdiction package that ships them
(``data/quantities.json``, declared by its :attr:`~legalcite.jurisdictions.Jurisdiction.quantity_languages`);
this module is the mechanism, and knows no language. Standard library only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Iterable, Sequence

from legalcite.jurisdictions import quantity_words
from legalcite.keys import CN_NUMERAL_CHARS, cn_to_int

# unit → (family, factor): values of one family compare after the factor (two weeks = 14 days, 24 months = two
# years); a fraction's unit is its denominator
_FAMILY = {"day": ("day", 1.0), "week": ("day", 7.0), "month": ("month", 1.0), "year": ("month", 12.0),
           "hour": ("hour", 1.0), "minute": ("hour", 1 / 60), "workday": ("workday", 1.0),
           "half": ("fraction", 0.5), "third": ("fraction", 1 / 3), "quarter": ("fraction", 0.25),
           "fifth": ("fraction", 0.2), "tenth": ("fraction", 0.1)}
TIME = frozenset({"day", "month", "hour", "workday"})   # the families of a period


@dataclass(frozen=True)
class Quantity:
    """A figure as stated: its value and unit (``day``, ``week``, ``month``, ``year``, ``hour``, ``workday``,
    ``percent``, a currency code ``EUR``/``CHF``/``USD``/``CNY``, ``times``, a fraction's denominator, or
    ``count``), and where it stands in the text."""

    value: float
    unit: str
    text: str
    start: int
    end: int

    @property
    def norm(self) -> tuple[str, float]:
        """``(family, value)``: what two statements of one figure share (``zwei Wochen`` = ``14 Tage``)."""
        family, factor = _FAMILY.get(self.unit, (self.unit, 1.0))
        return family, round(self.value * factor, 6)

    @property
    def period(self) -> bool:
        """Whether the figure is a length of time (days, weeks, months, years, hours, workdays)."""
        return self.norm[0] in TIME

    def __str__(self) -> str:
        v = int(self.value) if self.value == int(self.value) else self.value
        return f"{v} {self.unit}"


def stated_in(q: Quantity, found: Iterable[Quantity]) -> bool:
    """Whether a text whose quantities are ``found`` states ``q`` (the same value in the same family)."""
    return any(q.norm == f.norm for f in found)


# ------------------------------------------------------------------ the tables (jurisdiction data)

@dataclass(frozen=True)
class _Words:
    """One language's table, compiled."""

    language: str
    numbers: dict[str, float]
    compound: re.Pattern | None        # a word made of number parts only (einundzwanzig, dreihundert)
    parts: re.Pattern | None
    joiners: frozenset[str]
    fractions: dict[str, float]
    ordinals: dict[str, float]
    ordinal_endings: tuple[str, ...]
    ordinal_units: dict[str, str]
    scales: dict[str, float]
    units: dict[str, str | None]
    phrases: dict[tuple[str, ...], str]   # units of several words ("business days", "pour cent")
    currency_before: dict[str, str]
    adjectives: dict[str, str]
    adjective_end: re.Pattern | None   # a word ending in one of the adjectives' suffixes
    ranges: frozenset[str]
    decimal: str
    labels: frozenset[str]
    count_nouns: str
    starts: frozenset[str] = frozenset()   # the first three letters of every word a quantity can start with


@cache
def _table(language: str) -> _Words | dict[str, Any] | None:
    """The compiled table of ``language`` (None where no registered package ships one)."""
    raw = quantity_words(language)
    if raw is None:
        return None
    if raw.get("numerals") == "cjk":
        return raw
    numbers = {k.lower(): float(v) for k, v in raw["numbers"].items()}
    joiners = frozenset(raw.get("joiners", ()))
    compound = parts = None
    if raw.get("compound"):
        alt = "|".join(sorted(map(re.escape, [*numbers, *joiners]), key=len, reverse=True))
        compound, parts = re.compile(rf"(?:{alt})+"), re.compile(alt)
    units: dict[str, str | None] = {}
    phrases: dict[tuple[str, ...], str] = {}
    for table in ("units", "workday_units"):
        for k, v in raw.get(table, {}).items():
            words = tuple(k.lower().split())
            if len(words) > 1:
                phrases[words] = v
            else:
                units[words[0]] = v
    return _Words(language, numbers, compound, parts, joiners, {k.lower(): v for k, v in raw["fractions"].items()},
                  {k.lower(): float(v) for k, v in raw.get("ordinals", {}).items()},
                  tuple(sorted(raw.get("ordinal_endings", ()), key=len, reverse=True)),
                  {k.lower(): v for k, v in raw.get("ordinal_units", {}).items()},
                  {k.lower(): float(v) for k, v in raw.get("scales", {}).items()}, units, phrases,
                  {k.lower(): v for k, v in raw.get("currency_before", {}).items()},
                  adjectives := {k.lower(): v for k, v in raw.get("adjectives", {}).items()},
                  re.compile("(?P<stem>" + "|".join(sorted(map(re.escape, adjectives), key=len, reverse=True))
                             + ")(?:" + "|".join(map(re.escape, raw.get("adjective_endings", ()))) + ")?$")
                  if adjectives else None,
                  frozenset(raw.get("ranges", ())), raw.get("decimal", "."),
                  frozenset(x.lower() for x in raw.get("labels", ())), raw.get("count_nouns", "none"),
                  frozenset(k.lower()[:3] for table in ("numbers", "fractions", "ordinals", "currency_before",
                                                        "joiners") for k in raw.get(table, ())))


# ------------------------------------------------------------------ Latin-script languages

_TOKEN = re.compile(r"(?P<num>\d{1,3}(?:(?:[.,'’]|[ \u00a0\u202f](?=\d{3}\b))\d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?)"
                    r"|(?P<word>[^\W\d_]+(?:[-‐][^\W\d_]+)*)|(?P<sym>[%€$§¥])|(?P<punct>[^\s\w])")
_YEARS = range(1800, 2101)
_LATIN_CHAR = re.compile(r"[A-Za-z\u00c0-\u024f]")


@dataclass(slots=True)
class _Tok:
    kind: str
    text: str
    start: int
    end: int
    low: str


def _digits(s: str, decimal: str) -> float | None:
    """``5.000`` / ``5,000`` / ``25'000`` / ``20 000`` / ``2,5`` / ``2.5`` / ``1.234,5`` as a number, read with the
    language's decimal mark. Groups of three digits after a mark are thousands in any language (``CHF 20,000`` in a
    German answer, ``5.000 EUR`` in an English one): a figure of law with three decimals is rarer than an answer
    that writes numbers the other language's way."""
    groups = re.split(r"[.,'’ \u00a0\u202f]", s)
    seps = re.findall(r"[.,'’ \u00a0\u202f]", s)
    if not seps:
        return float(s)
    if len(groups[-1]) != 3 or groups[0] == "0" or (seps[-1] == decimal and seps.count(decimal) == 1
                                                      and len(set(seps)) > 1):
        if seps[-1] not in ".,":
            return None
        head = groups[:-1]
        if len(head) > 1 and not all(len(g) == 3 for g in head[1:]):
            return None
        return float("".join(head) + "." + groups[-1])
    if all(len(g) == 3 for g in groups[1:]):
        return float("".join(groups))
    return None


def _sum(values: Sequence[float]) -> float:
    """Number words in order to a number: ``one hundred and eighty``, ``ein und zwanzig``, ``zwei hundert``."""
    total, cur = 0.0, 0.0
    for v in values:
        if v == 100:
            cur = (cur or 1) * 100
        elif v >= 1000:
            total += (cur or 1) * v
            cur = 0
        else:
            cur += v
    return total + cur


def _word_value(w: _Words, word: str) -> float | None:
    """A word that is a number (``drei``, ``einundzwanzig``, ``twenty-one``, ``quatre-vingt-dix``), or None."""
    low = word.lower()
    if low in w.numbers:
        return w.numbers[low]
    if w.compound is not None and w.parts is not None and w.compound.fullmatch(low):   # _table sets both or neither
        vals = [w.numbers[p] for p in w.parts.findall(low) if p in w.numbers]
        return _sum(vals) if vals else None
    if "-" in low or "‐" in low:
        bits = re.split(r"[-‐]", low)
        if low in w.numbers:
            return w.numbers[low]
        vals = []
        i = 0
        while i < len(bits):   # the longest known piece first (quatre-vingt-dix: quatre-vingt, dix)
            for j in range(len(bits), i, -1):
                piece = "-".join(bits[i:j])
                if piece in w.numbers:
                    vals.append(w.numbers[piece])
                    i = j
                    break
            else:
                if bits[i] in w.joiners:
                    i += 1
                    continue
                return None
        return _sum(vals) if vals else None
    return None


def _ordinal_value(w: _Words, word: str) -> float | None:
    low = word.lower()
    for end in w.ordinal_endings:
        if low.endswith(end) and len(low) > len(end):
            stem = low[:-len(end)]
            if stem in w.ordinals:
                return w.ordinals[stem]
            v = _word_value(w, stem)
            if v is not None and v >= 2:
                return v
    return w.ordinals.get(low)


def _split_hyphen_unit(w: _Words, word: str) -> tuple[float, str] | None:
    """``two-year``, ``thirty-day``, ``vierwöchig``, ``zweijährigen``: a number and a unit in one word."""
    low = word.lower()
    if "-" in low or "‐" in low:
        bits = re.split(r"[-‐]", low)
        if unit := w.units.get(bits[-1]):
            v = _word_value(w, "-".join(bits[:-1]))
            if v is not None:
                return v, unit
    m = w.adjective_end.search(low) if w.adjective_end is not None else None
    if m and m.start() > 0:
        v = _word_value(w, low[:m.start()].rstrip("-‐"))
        if v is not None:
            return v, w.adjectives[m.group("stem")]
    return None


def _latin(text: str, w: _Words) -> list[Quantity]:
    toks = [_Tok(m.lastgroup or "", m.group(), m.start(), m.end(), m.group().lower()) for m in _TOKEN.finditer(text)]
    out: list[Quantity] = []
    n = len(toks)

    def number(i: int) -> tuple[float, int] | None:
        """The number starting at token ``i`` and the index after it."""
        if i >= n:
            return None
        t = toks[i]
        if t.kind == "num":
            v = _digits(t.text, w.decimal)
            return (v, i + 1) if v is not None else None
        if t.kind != "word":
            return None
        v = _word_value(w, t.text)
        if v is None:
            frac = w.fractions.get(t.low)
            return (frac, i + 1) if frac is not None else None
        vals, j = [v], i + 1
        while j < n and toks[j].kind == "word":   # one hundred and eighty, vingt et un
            if toks[j].low in w.joiners and j + 1 < n and (after := _word_value(w, toks[j + 1].text)) is not None \
                    and after < (vals[-1] if vals[-1] >= 100 else 10):
                j += 1
                continue
            nv = _word_value(w, toks[j].text)
            if nv is None or nv == 1 and toks[j - 1].low not in w.joiners:   # "two a year", "drei eine"
                break
            vals.append(nv)
            j += 1
        fr = w.fractions.get(toks[j].low) if j < n and toks[j].kind == "word" else None
        total = _sum(vals)
        if fr is not None and fr < 1:   # "ein halbes Jahr", "one and a half"
            return (total * fr if total == 1 else total + fr), j + 1
        return total, j

    def unit_at(j: int) -> tuple[str | None, int]:
        """The unit starting at token ``j`` (skipping one modifier such as ``calendar``) and the index after it."""
        for _ in range(2):
            if j >= n:
                return None, j
            for words, u in w.phrases.items():
                if j + len(words) <= n and tuple(t.low for t in toks[j:j + len(words)]) == words:
                    return u, j + len(words)
            t = toks[j]
            if t.kind == "punct" and t.text in "-‐" and j + 1 < n:
                j += 1
                continue
            low = t.low.rstrip(".")
            adj = w.adjective_end.fullmatch(low) if w.adjective_end is not None else None
            if adj:   # 30-tägige
                return w.adjectives[adj.group("stem")], j + 1
            if low in w.units:
                unit = w.units[low]
                if unit is None:   # a modifier (``calendar``): the unit is the next word
                    j += 1
                    continue
                return unit, j + 1
            return None, j
        return None, j

    def labelled(i: int) -> bool:
        """Whether token ``i`` follows a label (``§``, ``Abs.``, ``Art.``, ``section``): a reference, no quantity."""
        k = i - 1
        if k >= 0 and toks[k].kind == "punct" and toks[k].text == ".":
            k -= 1
        return k >= 0 and (toks[k].text in "§" or toks[k].low in w.labels)

    i = 0
    while i < n:
        t = toks[i]
        if t.kind == "word" and t.low[:3] not in w.starts:
            i += 1   # (most words: none of the number, fraction, ordinal or currency words starts so)
            continue
        cur_before = w.currency_before.get(t.low.rstrip(".")) if t.kind in ("word", "sym") else None
        if cur_before and i + 1 < n and toks[i + 1].kind == "num":   # EUR 50, CHF 5'000, $2,500
            got = number(i + 1)
            if got:
                v, j = got
                if j < n and toks[j].low.rstrip(".") in w.scales:
                    v *= w.scales[toks[j].low.rstrip(".")]
                    j += 1
                out.append(Quantity(v, cur_before, text[t.start:toks[j - 1].end], t.start, toks[j - 1].end))
                i = j
                continue
        if t.kind == "word":
            hy = _split_hyphen_unit(w, t.text)
            if hy is not None:
                out.append(Quantity(hy[0], hy[1], t.text, t.start, t.end))
                i += 1
                continue
            ov = _ordinal_value(w, t.text) if i + 1 < n and toks[i + 1].low in w.ordinal_units else None
            if ov is not None:   # des achtzehnten Lebensjahres
                out.append(Quantity(ov, w.ordinal_units[toks[i + 1].low], text[t.start:toks[i + 1].end], t.start,
                                    toks[i + 1].end))
                i += 2
                continue
        got = number(i)
        if got is None or labelled(i):
            i = i + 1 if got is None else got[1]
            continue
        v, j = got
        if t.kind == "num" and j < n and toks[j].text == "." and toks[j].start == t.end:
            # "18." is an ordinal: a quantity only before a unit of age (Vollendung des 18. Lebensjahres)
            if j + 1 < n and toks[j + 1].low in w.ordinal_units:
                out.append(Quantity(v, w.ordinal_units[toks[j + 1].low], text[t.start:toks[j + 1].end], t.start,
                                    toks[j + 1].end))
                i = j + 2
            else:
                i = j + 1
            continue
        values = [v]
        while j + 1 < n and toks[j].low in w.ranges or (j + 1 < n and toks[j].text in "-–"):   # drei bis sechs
            nxt = number(j + 1)
            if nxt is None:
                break
            values.append(nxt[0])
            j = nxt[1]
        if j < n and toks[j].low.rstrip(".") in w.scales:
            scale = w.scales[toks[j].low.rstrip(".")]
            values = [x * scale for x in values]
            j += 1
            if j < n and toks[j].text == ".":
                j += 1
        unit, k = unit_at(j)
        if unit is not None:
            end = toks[k - 1].end
            out.extend(Quantity(x, unit, text[t.start:end], t.start, end) for x in values)
            i = k
            continue
        if w.count_nouns != "none" and j < n and toks[j].kind == "word" and len(values) == 1 and v >= 2 \
                and v == int(v) and not (t.kind == "num" and int(v) in _YEARS) and _count_noun(w, toks[j]):
            out.append(Quantity(v, "count", text[t.start:toks[j].end], t.start, toks[j].end))
        i = j
    return out


def _count_noun(w: _Words, t: _Tok) -> bool:
    """Whether the word after a number is a thing counted (``drei Mitglieder``, ``15 employees``)."""
    low = t.low
    if len(low) < 4 or t.text.isupper() or low in w.labels or low in w.units or low in w.numbers:
        return False
    if w.count_nouns == "capitalised":
        return t.text[0].isupper()
    if w.count_nouns == "plural":
        return low.endswith(("s", "x"))
    return False


# ------------------------------------------------------------------ CJK

@cache
def _cjk_pattern(units: tuple[str, ...], scales: str, percent: str, not_after: str) -> re.Pattern:
    num = rf"[0-9０-９]+(?:\.[0-9]+)?|[{CN_NUMERAL_CHARS}]+"
    alt = "|".join(map(re.escape, sorted(units, key=len, reverse=True)))
    return re.compile(rf"(?<![{not_after}{CN_NUMERAL_CHARS}0-9０-９.])"
                      rf"(?:(?P<pct>{re.escape(percent)})(?P<pnum>{num})|(?P<num>{num})"
                      rf"(?P<scale>[{scales}])?(?P<unit>{alt}))")


def _cjk(text: str, raw: dict[str, Any]) -> list[Quantity]:
    units: dict[str, str | None] = raw["units"]
    scales: dict[str, float] = raw.get("scales", {})
    date_next: dict[str, str] = raw.get("date_units", {})
    pat = _cjk_pattern(tuple(units), "".join(scales), raw.get("percent_before", "百分之"), raw.get("not_after", "第"))
    out: list[Quantity] = []

    def value(s: str) -> float | None:
        s = s.translate(str.maketrans("０１２３４５６７８９", "0123456789"))
        try:
            return float(s) if re.fullmatch(r"[0-9.]+", s) else float(cn_to_int(s))
        except ValueError:
            return None

    for m in pat.finditer(text):
        if m.group("pct"):
            v = value(m.group("pnum"))
            if v is not None:
                out.append(Quantity(v, "percent", m.group(), m.start(), m.end()))
            continue
        unit = units.get(m.group("unit"))
        v = value(m.group("num"))
        if unit is None or v is None:
            continue
        before = text[m.start() - 1] if m.start() else ""
        nxt = date_next.get(m.group("unit"))
        if before in date_next or (nxt and re.match(rf"[0-9０-９{_cjk_digits()}]+{nxt}", text[m.end():m.end() + 4])) \
                or (m.group("unit") == "年" and v >= 1000):
            continue   # a date: 2021年1月1日, 12月31日
        if m.group("scale"):
            v *= scales[m.group("scale")]
        out.append(Quantity(v, unit, m.group(), m.start(), m.end()))
    return out


@cache
def _cjk_digits() -> str:
    return CN_NUMERAL_CHARS


# ------------------------------------------------------------------ entry point

def quantities(text: str, languages: Iterable[str]) -> list[Quantity]:
    """Every quantity ``text`` states, read with the tables of ``languages`` (each a language code; languages no
    registered package ships words for are skipped), in text order; a figure two tables read alike once."""
    out: dict[tuple[int, str, float], Quantity] = {}
    latin = None
    for lang in dict.fromkeys(languages):
        table = _table(lang)
        if table is None:
            continue
        if not isinstance(table, dict):   # a Latin-script table reads nothing in a text without a Latin letter
            latin = _LATIN_CHAR.search(text) is not None if latin is None else latin
            if not latin:
                continue
        found = _cjk(text, table) if isinstance(table, dict) else _latin(text, table)
        for q in found:
            out.setdefault((q.start, *q.norm), q)
    return sorted(out.values(), key=lambda q: (q.start, q.end))


@lru_cache(maxsize=8192)
def unit_quantities(text: str, language: str) -> tuple[Quantity, ...]:
    """:func:`quantities` of a provision's text in its language, cached: the same units are looked at again and
    again as candidates."""
    return tuple(quantities(text, (language,)))
