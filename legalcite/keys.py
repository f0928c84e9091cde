"""Canonical keys (docs/keys.md): build, split, truncate, compare (``compatible``); numerals. Standard library only.

A key is ``jurisdiction/work/unit/unit/...``. These functions work on plain strings, so metrics and
gold files can use them without parsing anything. The labels a segment may start with are each registered
jurisdiction's (its :class:`KeyScheme`): the registry hands them in when it is imported (:func:`use_schemes`), so
that this module imports nothing of legalcite and the registry depends on it, not the other way round.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, NamedTuple

LEVELS = ("work", "unit", "full")


@dataclass(frozen=True)
class KeyScheme:
    """What one jurisdiction's keys hold (docs/keys.md), declared in its ``JURISDICTION``: the labels its unit
    segments start with (``s823``, ``abs1``, ``art577``; a bare value such as ``a`` has none), which of them name
    *the unit* of ``key_at("unit")``, which take a letter as their value, and the works whose keys name one document."""

    labels: tuple[str, ...]                 # s, art, abs, uabs, satz, hs, nr, lit, alt (Germany)
    unit: tuple[str, ...] = ()              # §, Art., 条, section, rule, amendment: s, art, r, amend
    lettered: tuple[str, ...] = ()          # labels whose value may be a letter: lit (lita), pt (ptf)
    documents: tuple[str, ...] = ("case",)  # works whose units are not provisions: the whole key names the document
    reporters: tuple[str, ...] = ()         # those of them whose keys are reporter cites, not decisions (de/rep)


class _Labels(NamedTuple):
    segment: Callable[[str], re.Match[str] | None]  # label + value of a segment
    unit: frozenset[str]
    documents: frozenset[str]


# where the registered jurisdictions' schemes come from: set by the registry (legalcite.jurisdictions) on import
_schemes: Callable[[], Mapping[str, KeyScheme]] | None = None


def use_schemes(schemes: Callable[[], Mapping[str, KeyScheme]]) -> None:
    """Read the labels of keys from ``schemes`` (the registry's :func:`~legalcite.jurisdictions.key_schemes`)."""
    global _schemes
    _schemes = schemes
    _labels.cache_clear()


@functools.cache
def _labels() -> _Labels:
    """Every registered jurisdiction's labels as one segment pattern (longest first, so ``abs`` wins over
    ``a…``-values and ``satz`` over ``s``), the unit labels and the document works; built on first use."""
    if _schemes is None:   # (importing legalcite imports the registry, which sets them)
        raise RuntimeError("no key schemes: legalcite.jurisdictions was not imported")
    schemes = tuple(_schemes().values())
    labels = sorted({label for s in schemes for label in s.labels}, key=lambda label: (-len(label), label))
    lettered = sorted({label for s in schemes for label in s.lettered})
    letter = f"|(?:{'|'.join(f'(?<={label})' for label in lettered)})[a-z].*" if lettered else ""
    return _Labels(re.compile(rf"^({'|'.join(labels)})(\d.*{letter})$").match,
                   frozenset(label for s in schemes for label in s.unit),
                   frozenset(work for s in schemes for work in s.documents))


class InvalidKey(ValueError):
    """A string that is not a canonical key."""


_SEGMENT_BREAKS = re.compile(r"[\s/]+")


def clean_segment(value: str) -> str:
    """Make a printed value usable as (part of) a segment: no ``/`` and no whitespace."""
    return _SEGMENT_BREAKS.sub("-", value.strip())


def join(jurisdiction: str, work: str, segments: Iterable[str] = ()) -> str:
    """A key from its parts (``"de", "bgb", ["s823"]`` → ``"de/bgb/s823"``); the parts are not checked, so each must
    already be a clean segment (:func:`clean_segment`)."""
    return "/".join([jurisdiction, work, *segments])


def split(key: str) -> tuple[str, str, list[str]]:
    """``"de/bgb/s823/abs1"`` → ``("de", "bgb", ["s823", "abs1"])``."""
    parts = key.strip().split("/")
    if len(parts) < 2 or not all(parts[:2]):
        raise InvalidKey(f"not a canonical key (need jurisdiction/work[/unit...]): {key!r}")
    return parts[0], parts[1], parts[2:]


def split_segment(segment: str) -> tuple[str, str]:
    """``"s823a"`` → ``("s", "823a")``; ``"lita"`` → ``("lit", "a")``, ``"ptf"`` → ``("pt", "f")``; a bare
    ``"C"`` → ``("", "C")``."""
    m = _labels().segment(segment)
    return (m.group(1), m.group(2)) if m else ("", segment)


def print_segments(segs: Iterable[str], labels: Mapping[str, str]) -> str | None:
    """Unit segments as a printer writes them, each label by ``labels`` (``{"abs": "Abs."}``: ``["abs7"]`` →
    ``Abs. 7``); None when a segment's label has no printed form there."""
    parts = []
    for seg in segs:
        label, value = split_segment(seg)
        if label not in labels:
            return None
        parts.append(f"{labels[label]} {value}")
    return " ".join(parts)


def work_kind(jurisdiction: str, work: str) -> str:
    """What a key of ``work`` names, as its jurisdiction's :class:`KeyScheme` declares it: ``reporter`` (a reporter
    cite: ``de/rep/…``), ``document`` (a decision: ``us/case/…``, ``eu/ecli/…``) or ``provision``. A jurisdiction no
    package registers has documents under ``case`` only."""
    if _schemes is None:
        raise RuntimeError("no key schemes: legalcite.jurisdictions was not imported")
    scheme = _schemes().get(jurisdiction)
    if scheme is None:
        return "document" if work == "case" else "provision"
    return "reporter" if work in scheme.reporters else "document" if work in scheme.documents else "provision"


def key_at(key: str, level: str = "full") -> str:
    """``key`` cut to ``work`` (jurisdiction/work), ``unit`` (through the first §/Art./条/section/rule/
    amendment segment; US Code ``t42/s1983`` keeps its title) or ``full``. Idempotent; always a prefix."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}, not {level!r}")
    jur, work, segs = split(key)
    if level == "full":
        return key
    if level == "work" or not segs:
        return join(jur, work)
    labels = _labels()
    if work in labels.documents:
        return key
    for i, seg in enumerate(segs):
        if split_segment(seg)[0] in labels.unit:
            return join(jur, work, segs[: i + 1])
    return join(jur, work, segs[:1])


def compatible(a: str, b: str) -> bool:
    """Whether two keys name the same provision at different precision: one is a segment prefix of the other
    (docs/keys.md, the LexAssay precision rule). ``de/bgb/s823`` and ``de/bgb/s823/abs1`` are compatible ("less
    precise but not wrong counts"); ``de/bgb/s823/abs1`` and ``de/bgb/s823/abs2`` are not ("a wrong reference
    does not"), nor is ``de/bgb/s82`` a prefix of ``de/bgb/s823`` (whole segments only). A string that is not a
    key (no ``jurisdiction/work``) is compatible with nothing."""
    sa, sb = a.split("/"), b.split("/")
    n = min(len(sa), len(sb))
    return n >= 2 and all(sa[:2]) and sa[:n] == sb[:n]


def less_precise(a: str, b: str) -> bool:
    """``a`` is a proper segment prefix of ``b``: compatible, and ``b`` names more levels."""
    return a != b and len(a.split("/")) < len(b.split("/")) and compatible(a, b)


# ---------------------------------------------------------------- numerals

_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
# The one definition of a Roman numeral (canonical subtractive form): :func:`roman_to_int` accepts exactly what
# ROMAN_NUMERAL matches (1-4999), and grammars that lex Roman numerals get ROMAN_SMALL_NUMERAL (1-39, the letters I, V,
# X: Absätze, senates, series) as their ``ROMAN_NUMERAL`` terminal (legalcite.core.parse), a subset of it, so that no
# citation is lexed as a numeral that the key cannot hold (``§ 823 IIII BGB``) and no law name as one (``MDV``, ``CD``).
_ONES, _TENS, _HUNDREDS = r"(?:IX|IV|V?I{0,3})", r"(?:XC|XL|L?X{0,3})", r"(?:CM|CD|D?C{0,3})"
# spelled level by level from the highest one it writes, so that the pattern itself cannot match the empty string
ROMAN_NUMERAL = (rf"(?:M{{1,4}}{_HUNDREDS}{_TENS}{_ONES}|(?:CM|CD|D?C{{1,3}}|D){_TENS}{_ONES}"
                 rf"|(?:XC|XL|L?X{{1,3}}|L){_ONES}|(?:IX|IV|V?I{{1,3}}|V))")
ROMAN_SMALL_NUMERAL = r"(?:X{1,3}(?:IX|IV|V?I{0,3})|(?:IX|IV|V?I{1,3}|V))"  # 1-39
_ROMAN_RE = re.compile(ROMAN_NUMERAL)


def is_roman(s: str) -> bool:
    """Whether ``s`` is one well-formed Roman numeral, either case (``"xiv"`` yes, ``"IIII"`` and ``""`` no)."""
    return bool(s) and _ROMAN_RE.fullmatch(s.upper()) is not None


def roman_to_int(s: str) -> int:
    """``"XIV"`` → 14. Raises ValueError on a non-numeral."""
    u = s.upper()
    if not is_roman(u):
        raise ValueError(f"not a Roman numeral: {s!r}")
    total = 0
    for a, b in zip(u, u[1:] + " "):
        v = _ROMAN[a]
        total += -v if b != " " and _ROMAN[b] > v else v
    return total


def int_to_roman(n: int) -> str:
    """``14`` → ``"XIV"`` (upper case, subtractive forms), for ``n`` ≥ 1: 0 gives ``""``, a negative ``n`` a
    meaningless string (nothing checks it)."""
    out = []
    for v, sym in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                   (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        q, n = divmod(n, v)
        out.append(sym * q)
    return "".join(out)


_ORDINAL_UNITS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
                  "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth").split()
_ORDINAL_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def ordinal_to_int(word: str) -> int | None:
    """An English ordinal word, any case: ``Fourteenth`` → 14, ``twentieth`` → 20, ``Twenty-First`` → 21
    (1–99); None for anything else. (``the Fourteenth Amendment``; "The eighteenth article of amendment …")"""
    w = word.lower()
    if w in _ORDINAL_UNITS:
        return _ORDINAL_UNITS.index(w) + 1
    for i, tens in enumerate(_ORDINAL_TENS):
        if w == tens[:-1] + "ieth":
            return 20 + 10 * i
        head, _, unit = w.partition("-")
        if head == tens and unit in _ORDINAL_UNITS[:9]:
            return 20 + 10 * i + _ORDINAL_UNITS.index(unit) + 1
    return None


_CN_DIGITS = {"零": 0, "〇": 0, "○": 0, "一": 1, "壹": 1, "二": 2, "两": 2, "贰": 2, "三": 3, "叁": 3,
              "四": 4, "肆": 4, "五": 5, "伍": 5, "六": 6, "陆": 6, "七": 7, "柒": 7, "八": 8, "捌": 8,
              "九": 9, "玖": 9}
_CN_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000, "万": 10000}
CN_NUMERAL_CHARS = "".join(_CN_DIGITS) + "".join(_CN_UNITS)
_FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def cn_to_int(s: str) -> int:
    """Chinese (or Arabic/full-width) numeral to int: ``一千零七十九`` → 1079, ``十`` → 10,
    ``二〇二一`` → 2021 (digit-by-digit form), ``三百零十`` → 310 (an irregular 零 before a unit holds a place, as a
    reader takes it: :func:`cn_numeral_irregular`)."""
    s = s.strip().translate(_FULLWIDTH)
    if not s:
        raise ValueError("empty numeral")
    if s.isdigit():
        return int(s)
    if any(ch not in _CN_DIGITS and ch not in _CN_UNITS for ch in s):
        raise ValueError(f"not a Chinese numeral: {s!r}")
    if not any(ch in _CN_UNITS for ch in s):  # 二〇二一
        return int("".join(str(_CN_DIGITS[ch]) for ch in s))
    total, section, digit = 0, 0, None
    for ch in s:
        if ch in _CN_DIGITS:
            digit = _CN_DIGITS[ch]
        else:
            unit = _CN_UNITS[ch]
            if unit == 10000:
                total += (section + (digit or 0)) * unit
                section, digit = 0, None
            else:
                section += (digit or 1) * unit   # 零十: a 零 before a unit holds a place, read as 一十 (三百零十 → 310)
                digit = None
    return total + section + (digit or 0)


_ZERO_BETWEEN_UNITS = re.compile("([十拾百佰千仟万])[零〇○]([十拾百佰千仟])")


def cn_numeral_irregular(s: str) -> bool:
    """Whether a Chinese numeral has a 零 that skips no place: between two adjacent units (``三百零十`` for 三百一十,
    ``一千零百``). No statute prints it; a reader takes ``三百零十`` for 310 (:func:`cn_to_int` does), and the citation
    says how it was read. ``一千零十`` (1010: the hundreds are zero) is regular."""
    return any(_CN_UNITS[m.group(1)] == 10 * _CN_UNITS[m.group(2)] for m in _ZERO_BETWEEN_UNITS.finditer(s))


def int_to_cn(n: int) -> str:
    """1079 → ``一千零七十九``; 10 → ``十``; 110 → ``一百一十`` (the form statutes print)."""
    if n < 0 or n >= 100000:
        raise ValueError("out of range")
    digits = "零一二三四五六七八九"
    if n < 10:
        return digits[n]
    if n < 20:
        return "十" + (digits[n - 10] if n > 10 else "")
    out: list[str] = []
    zero = False
    for value, name in ((10000, "万"), (1000, "千"), (100, "百"), (10, "十"), (1, "")):
        q, n = divmod(n, value)
        if q:
            if zero and out:
                out.append("零")
            out.append(digits[q] + name)
            zero = False
        elif out:
            zero = True
    return "".join(out)


def numeral_value(s: str) -> str:
    """Normalise a printed unit value: Roman and Chinese numerals → Arabic, other forms kept as printed
    (``823a``, ``1026.18``, ``437c``); ``XIII A`` → ``13a`` (California constitution style)."""
    s = s.strip().translate(_FULLWIDTH)
    if not s:
        return s
    if s[0].isdigit():
        return clean_segment(s)
    m = re.match(r"^([IVXLCDM]+)(?:\s*([A-Za-z]))?$", s)
    if m and is_roman(m.group(1)):
        return f"{roman_to_int(m.group(1))}{(m.group(2) or '').lower()}"
    if all(ch in CN_NUMERAL_CHARS for ch in s):
        return str(cn_to_int(s))
    return clean_segment(s)


def work_id(printed: str) -> str:
    """A work id from a printed abbreviation or name: lowercased, whitespace and ``/`` → ``-``."""
    return clean_segment(printed).lower()


CN_BRACKETS = str.maketrans({"（": "(", "）": ")", "〔": "[", "〕": "]", "［": "[", "］": "]"})


def cn_ascii_brackets(s: str) -> str:
    """docs/keys.md: Chinese works and case numbers use ASCII brackets (（）→(), 〔〕→[])."""
    return s.translate(CN_BRACKETS)
