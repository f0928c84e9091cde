"""German law names → work ids, from the generated table ``data/laws.json.gz`` (all federal laws of
gesetze-im-internet.de; :func:`table`) and the hand-kept English names in ``data/english.json``.

Lookups the extractor needs after a unit chain: an abbreviation (``BGB``, ``SGB V``, ``BGBEG``), a title in
any grammatical case (``des Grundgesetzes``, ``der Zivilprozessordnung``), an English name
(``of the German Civil Code (BGB)``, ``of the BGB``), or an unknown but abbreviation-shaped name (``FantasieG``),
which keeps its printed form so that the check can call it ``not_findable``. Collective agreements (``TV BZ
Druck``) and words that are never laws (``GmbH``, a court's name) come from ``data/non_statutes.json``.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from legalcite.core.chains import Listing
from legalcite.core.data import derived, load
from legalcite.keys import numeral_value, work_id

_WORD = re.compile(r"[\wÄÖÜäöüß§&\-]+", re.UNICODE)
_GAP = re.compile(r"\s+")
# Abbreviation-shaped tokens: a capital, then letters with at least one more capital (BGB, KSchG, FantasieG),
# optionally a Roman or Arabic book number or year (SGB V, SGB 5, UWG 2004).
_ABBR_SHAPE = re.compile(r"^[A-ZÄÖÜ][A-Za-zÄÖÜäöüß\-]*[A-ZÄÖÜ][A-Za-zÄÖÜäöüß\-]*$")
_ROMAN_SHAPED = re.compile(r"[IVXLCDM]+")  # "§ 823 IIII BGB": a misprinted numeral is no law name
_HEAD_NOUN = re.compile(r"(?:gesetz|gesetzbuch|ordnung)$", re.I)


def stem(word: str) -> str:
    """Strip German case endings so genitive and nominative titles compare equal
    (``Bürgerlichen Gesetzbuchs`` ~ ``Bürgerliches Gesetzbuch``). Public: the German names of Swiss acts are
    compared the same way (:mod:`legalcite.jurisdictions.ch.acts`)."""
    w = word.lower().replace("ß", "ss")
    if len(w) > 4:  # the endings es, en, er, em, then s, e, n: the first that fits (set tests, not a loop)
        if w[-2:] in _TWO_LETTER_ENDINGS:
            return w[:-2]
        if w[-1] in "sen":
            return w[:-1]
    return w


_TWO_LETTER_ENDINGS = frozenset(("es", "en", "er", "em"))


def name_key(words: list[str]) -> str:
    """The words of a law's name, each stemmed (:func:`stem`) and joined by spaces: the form titles are looked up in,
    whatever their grammatical case."""
    return " ".join(stem(w) for w in words)


@dataclass(frozen=True, slots=True)
class LawMatch:
    """A law named after a § or article chain: its work id, whether the table knows it, where the name ends in the text,
    the name as printed, and the two exceptions in its fields (an English name that needs a German cue, a collective
    agreement)."""

    work: str            # work id (known or printed)
    known: bool          # in the table
    end: int             # end offset in the text
    printed: str
    ambiguous: bool = False  # an English name other systems use too ("Civil Code"): needs a German cue
    agreement: bool = False  # a collective agreement ("TV BZ Druck"): no statute, no key


@dataclass(frozen=True)
class _Names:
    """Name keys (stems joined by spaces) → work id, with every proper word prefix of a key, so a title is read
    word by word and the walk stops at the first prefix no name has."""

    names: dict[str, str]
    prefixes: frozenset[str]

    @classmethod
    def of(cls, names: dict[str, str]) -> "_Names":
        return cls(names, frozenset(" ".join(k.split()[:n]) for k in names for n in range(1, len(k.split()))))

    def begins_with(self, word: str) -> bool:
        """Whether some name starts with ``word`` (any grammatical case)."""
        key = stem(word)
        return key in self.names or key in self.prefixes

    def match(self, text: str, pos: int, max_words: int = 40) -> LawMatch | None:
        key, best, p = "", None, pos
        for n in range(max_words):
            m = _WORD.match(text, p)
            if m is None:
                break
            key = f"{key} {stem(m.group())}" if n else stem(m.group())
            if key in self.names:
                best = m.end()
                work = self.names[key]
            if key not in self.prefixes:
                break
            gap = _GAP.match(text, m.end())
            if gap is None:
                break
            p = gap.end()
        if best is None:
            return None
        return LawMatch(work, True, best, text[pos:best])


class LawIndex:
    """The name lookups, built from the law table once and then kept on disk (:func:`index`); the table itself
    is not part of it (``units`` reads it on first use)."""

    def __init__(self) -> None:
        data = table()
        abbr: dict[str, tuple[int, str, str]] = {}

        def offer(alias: str | None, rank: int, law: dict) -> None:
            if not alias:
                return
            # rank: 0 = the id's own printed form, 1 = cite_abbr, 2 = other abbreviations; ties: newest law
            cand = (rank, "~" if not law.get("ausfertigung") else _neg_date(law["ausfertigung"]), law["id"])
            if alias not in abbr or cand < abbr[alias]:
                abbr[alias] = cand

        names: dict[str, set[str]] = {}
        heads: dict[str, set[str]] = {}
        # (the table lists units, one of them an Art.) per law: asked for every known law cited, so kept here
        # rather than read from the full unit lists of the table
        self.unit_kinds = {law["id"]: (bool(law["units"]), any(u.startswith("art") for u in law["units"]))
                           for law in data["laws"]}
        for law in data["laws"]:
            for alias in {law["abbr"], law["cite_abbr"], *law["alt_abbrs"]}:
                offer(alias, 0 if work_id(alias) == law["id"] else (1 if alias == law["cite_abbr"] else 2), law)
            for title in (law["title"], law["short_title"]):
                if title:
                    t = re.sub(r"\s*\([^)]*\)", "", title)  # "Sozialgesetzbuch (SGB) Zweites Buch (II) - …"
                    t = re.split(r"\s+[-–]\s+", t)[0]
                    words = _WORD.findall(t)
                    if words:
                        names.setdefault(name_key(words), set()).add(law["id"])
                    # "Grundgesetz für die Bundesrepublik Deutschland" is cited as "des Grundgesetzes"
                    if len(words) > 1 and _HEAD_NOUN.search(words[0]):
                        heads.setdefault(name_key(words[:1]), set()).add(law["id"])
        self.by_abbr = {a: v[2] for a, v in abbr.items()}
        self.by_abbr_ci = {}
        for a, v in sorted(abbr.items(), key=lambda kv: kv[1]):
            self.by_abbr_ci.setdefault(a.lower(), v[2])
        # a title shared by several laws is ambiguous: not used
        by_name = {k: next(iter(v)) for k, v in names.items() if len(v) == 1}
        for k, v in heads.items():
            if len(v) == 1 and k not in names:
                by_name[k] = next(iter(v))
        self.titles = _Names.of(by_name)
        english = load(__package__, "english.json")
        self.english = _Names.of({name_key(_WORD.findall(n)): wid for n, a in english["names"].items()
                               if (wid := self.lookup_abbr(a))})
        self.ambiguous_english = {name_key(_WORD.findall(n)) for n in english.get("ambiguous", [])}
        other = load(__package__, "non_statutes.json")
        courts = load(__package__, "courts.json")
        self.agreements = frozenset(other["agreements"])
        self.agreement_prefixes = tuple(f"{a}-" for a in ("TV", "TVÜ", "BAT", "MTV"))
        # the first words of all abbreviations, as printed and lowercased: what a law's name can start with
        self.first_words = {a.split()[0] for a in self.by_abbr} | {a.split()[0] for a in self.by_abbr_ci}
        self.not_laws = frozenset(other["not_laws"]) | frozenset(courts["federal"].values()) | frozenset(
            courts["placed"].values())

    def lookup_abbr(self, printed: str) -> str | None:
        """The work id of an abbreviation as printed (exact case first, then any case), or None."""
        return self.by_abbr.get(printed) or self.by_abbr_ci.get(printed.lower())

    def units(self, work: str) -> list[str] | None:
        """The key segments the table lists for the work id ``work`` (``s823``, ``art6``), in TOC order; None for a work
        it does not know."""
        law = _laws_by_id().get(work)
        return law["units"] if law else None

    @functools.lru_cache(maxsize=256)
    def listed(self, work: str, label: str) -> Listing | None:
        """The values of the law's numbered units with ``label`` in TOC order (``§§ 987–993``, ``§ 7 f.``); None
        when the TOC lists none."""
        n = len(label)
        values = [u[n:] for u in self.units(work) or () if u.startswith(label) and u[n : n + 1].isdigit()]
        return Listing(values) if values else None

    def is_agreement(self, printed: str) -> bool:
        """Whether ``printed`` names a collective agreement (``TVöD``, ``TV-L``): no statute, so it gets no key."""
        return printed in self.agreements or printed.startswith(self.agreement_prefixes)

    def may_name(self, word: str) -> bool:
        """Whether a known law's name can start with ``word``: a cheap test before :func:`match_law`."""
        return word in self.first_words or word.lower() in self.first_words or self.titles.begins_with(word)


@functools.cache
def _laws_by_id() -> dict[str, dict]:
    return {law["id"]: law for law in table()["laws"]}


def _neg_date(d: str) -> str:
    """Sort key making later dates come first."""
    return "".join(chr(ord("9") - ord(c) + ord("0")) if c.isdigit() else c for c in d)


def unit_segment(unit: str) -> str | None:
    """A unit id of the TOC or the full text → its key segment: ``823`` → ``s823``, ``Art 6`` → ``art6``, ``Art IIIa``
    → ``art3a``, ``Anlage 1`` → ``anlage1``, ``Eingangsformel`` → ``eingangsformel``; a range of repealed units
    (``3-6``) → None (the TOC lists each one). The one rule for the law table and the snapshot readers."""
    u = unit.strip()
    if _RANGE_UNIT.fullmatch(u) and not _PLAIN_UNIT.fullmatch(u):
        return None
    if u.startswith("Art "):
        return "art" + numeral_value(u[4:])
    if u[:1].isdigit():
        return "s" + numeral_value(u)
    return _NOT_IN_SEGMENT.sub("", u).lower() or None


_RANGE_UNIT = re.compile(r"(?:Art )?\S+-\S+")
_PLAIN_UNIT = re.compile(r"(?:Art )?\d+[a-z]?")
_NOT_IN_SEGMENT = re.compile(r"[\s/_]+")


def cited_as(law: dict) -> str:
    """The name a law is cited by (docs/keys.md): ``alt_abbrs[0]`` when ``cite_abbr == abbr`` and there are
    alternatives (BGBEG → EGBGB, SGB 5 → SGB V), else ``cite_abbr``. Its work id is this name's :func:`work_id`."""
    return law["alt_abbrs"][0] if law["cite_abbr"] == law["abbr"] and law["alt_abbrs"] else law["cite_abbr"]


def table() -> dict:
    """The generated law table:
    ``{"laws": [{"id", "abbr", "cite_abbr", "alt_abbrs", "title", "slug", "units", …}]}``."""
    return load(__package__, "laws.json.gz")


@functools.cache
def index() -> LawIndex:
    """The law index, once per process: from its on-disk cache (:func:`~legalcite.core.data.derived`) while the tables
    and the code are unchanged, else built from them."""
    return derived(__package__, "law-index", LawIndex,
                   inputs=("laws.json.gz", "english.json", "non_statutes.json", "courts.json"),
                   depends=("legalcite.keys",))


# what every reading of match_law starts with: a capital (an abbreviation, a title), an article (des Gesetzes), English
# "of"/"under", a bracket
_MAY_NAME_LAW = re.compile(r"[ \t]*(?:[A-ZÄÖÜ(]|(?:des|der|dem|vom|of|under)[ \t])")
_ABBR_RUN = re.compile(r"[ \t]*([A-ZÄÖÜ][\wÄÖÜäöüß&\-/]*)(?:[ \t]+([IVX]+|\d{1,4})\b)?")
# Multi-word abbreviations: "SGB V", "UWG 2004", "DBAbkG ARM", "Münz1PfBek BW" (tried longest first, known only)
_ABBR_WORDS = re.compile(r"[ \t]*([A-ZÄÖÜ][\wÄÖÜäöüß&\-/.]*)((?:[ \t]+[A-ZÄÖÜ0-9][\wÄÖÜäöüß&\-/.]*){1,3})")
_GENITIVE = re.compile(r"[ \t]*(?:des|der|dem|vom)[ \t]+")
_ENGLISH = re.compile(r"[ \t]*(?:of|under)[ \t]+(?:the[ \t]+)?")
_GERMAN_ADJ = re.compile(r"(?:German|Germany's)[ \t]+")
_PAREN_NAME = re.compile(r"[^()\n]{0,60}?\(([A-ZÄÖÜ][\wÄÖÜäöüß\-]*)\)")
_PAREN_ABBR = re.compile(r"[ \t]*\(([A-ZÄÖÜ][\wÄÖÜäöüß\-]*(?:[ \t][IVX]+)?)\)")
# an agreement's name after its first word: "TV BZ Druck", "TV-L", "TVöD-AT"
_AGREEMENT_REST = re.compile(r"(?:[ \t]+(?:[A-ZÄÖÜ][\wÄÖÜäöüß\-]*|\d+))*")


def match_law(text: str, pos: int, *, allow_unknown: bool = True) -> LawMatch | None:
    """The law named at ``text[pos:]`` (after optional spaces), if any."""
    if not _MAY_NAME_LAW.match(text, pos):
        return None  # what each reading below starts with is not there: most chains without a law ("nach § 5 ist")
    idx = index()
    hit = _abbreviation(text, pos, idx, allow_unknown)
    if hit is not None:
        return hit
    g = _GENITIVE.match(text, pos)
    if g:
        hit = idx.titles.match(text, g.end()) or defined_law(text, g.end())
        if hit:
            return hit
        t = _UNKNOWN_TITLE.match(text, g.end())
        if t:
            p = _PAREN_ABBR.match(text, t.end())
            if p and idx.lookup_abbr(p.group(1)):  # "… des Gesetzes über die Rechtsverhältnisse … (StBerG)"
                return LawMatch(idx.lookup_abbr(p.group(1)), True, p.end(), p.group(1))
            if allow_unknown:  # "§ 4 Nr. 2 der Rahmenvereinbarung über Teilzeitarbeit": a title no table knows
                return LawMatch(work_id(t.group()), False, t.end(), t.group())
    e = _ENGLISH.match(text, pos)
    if e:
        hit = idx.english.match(text, e.end(), 8)
        if hit:
            p = _PAREN_ABBR.match(text, hit.end)
            ambiguous = name_key(_WORD.findall(hit.printed)) in idx.ambiguous_english and not (
                p and idx.lookup_abbr(p.group(1)))
            return LawMatch(hit.work, True, p.end() if p else hit.end, hit.printed, ambiguous)
        p = _GERMAN_ADJ.match(text, e.end())
        if p:  # "of the German XYZ Act (XYZG)": trust the abbreviation in brackets
            q = _PAREN_NAME.match(text, p.end())
            if q and idx.lookup_abbr(q.group(1)):
                return LawMatch(idx.lookup_abbr(q.group(1)), True, q.end(), q.group(1))
        # "of the BGB", "of the Kündigungsschutzgesetz": a German name in English prose, known laws only
        hit = _abbreviation(text, e.end(), idx, False) or idx.titles.match(text, e.end())
        if hit:
            return hit
    p = _PAREN_ABBR.match(text, pos)
    if p and idx.lookup_abbr(p.group(1)):
        return LawMatch(idx.lookup_abbr(p.group(1)), True, p.end(), p.group(1))
    return None


# a law's title that no table knows, after a unit chain and an article: a norm's noun and what it is about
# ("Rahmenvereinbarung über Teilzeitarbeit", "Verordnung über das Erbbaurecht"). EU directives and treaties
# (Richtlinie, Abkommen, Übereinkommen, Vertrag) are other jurisdictions' and not read here.
_UNKNOWN_TITLE = re.compile(
    r"(?:[A-ZÄÖÜ][a-zäöüß]*(?:gesetz|verordnung|vereinbarung|ordnung|satzung)|Gesetz|Verordnung|Vereinbarung|Satzung)"
    r"(?:es|s|en)?[ \t]+(?:über|zur|zum|für|betreffend)[ \t]+(?:(?:den|die|das|dem|der|des)[ \t]+)?"
    r"[A-ZÄÖÜ][\wäöüß\-]*(?:[ \t]+(?:und|oder)[ \t]+[A-ZÄÖÜ][\wäöüß\-]*)?"
    # "… über Gebühren für die Fortführung des Liegenschaftskatasters": what it is about, in further phrases
    r"(?:[ \t]+(?:für|zur|zum|über|von|der|des|und)[ \t]+(?:(?:den|die|das|dem|der|des)[ \t]+)?"
    r"[A-ZÄÖÜ][\wäöüß\-]*){0,4}")
# a law's name that ends in its head noun ("Bundessozialhilfegesetzes") and then its abbreviation in brackets
_DEFINED = re.compile(r"([A-ZÄÖÜ][a-zäöüß]*(?:gesetz|gesetzbuch|verordnung|ordnung)(?:es|s|e|en)?)[ \t]*"
                      r"\(([A-ZÄÖÜ][A-Za-zÄÖÜäöüß\-]*[A-ZÄÖÜ][A-Za-zÄÖÜäöüß\-]*)\)")


def defined_law(text: str, pos: int) -> LawMatch | None:
    """``Bundessozialhilfegesetzes (BSHG)``: a law named with the abbreviation the text then uses for it; the
    abbreviation decides the work (its printed form when no table knows it, as for ``FantasieG``)."""
    m = _DEFINED.match(text, pos)
    if m is None:
        return None
    idx = index()
    abbr = m.group(2)
    if abbr in idx.not_laws:
        return None
    wid = idx.lookup_abbr(abbr)
    return LawMatch(wid or work_id(abbr), wid is not None, m.end(), abbr)


def _abbreviation(text: str, pos: int, idx: LawIndex, allow_unknown: bool) -> LawMatch | None:
    """An abbreviation (one to four words, ``SGB V``), a collective agreement, an unknown abbreviation-shaped
    name (``allow_unknown``), or a title without article (``§ 823 Bürgerliches Gesetzbuch``)."""
    w = _ABBR_WORDS.match(text, pos)
    if w:
        words = [w.group(1)] + w.group(2).split()
        starts = [w.start(1)]
        for word in words[1:]:
            starts.append(text.index(word, starts[-1] + len(words[len(starts) - 1])))
        for n in range(len(words), 1, -1):
            printed = " ".join(words[:n]).rstrip(".,;:)")
            wid = idx.lookup_abbr(printed)
            if wid:
                return LawMatch(wid, True, starts[n - 1] + len(words[n - 1].rstrip(".,;:)")), printed)
    m = _ABBR_RUN.match(text, pos)
    if not m:
        return None
    first = m.group(1).rstrip("-/")
    end1 = m.start(1) + len(first)
    if m.group(2):
        both = f"{first} {m.group(2)}"
        wid = idx.lookup_abbr(both)
        if wid:
            return LawMatch(wid, True, m.end(), both)
    wid = idx.lookup_abbr(first)
    if wid:
        return LawMatch(wid, True, end1, first)
    if idx.is_agreement(first):
        end = _AGREEMENT_REST.match(text, end1).end()
        return LawMatch(work_id(text[m.start(1):end]), False, end, text[m.start(1):end], agreement=True)
    if (allow_unknown and _ABBR_SHAPE.match(first) and first not in idx.not_laws and 2 <= len(first) <= 16
            and not _ROMAN_SHAPED.fullmatch(first)):
        return LawMatch(work_id(first), False, end1, first)
    return idx.titles.match(text, m.start(1)) or defined_law(text, m.start(1))
