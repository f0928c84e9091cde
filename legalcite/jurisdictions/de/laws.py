"""German law names → work ids, from the generated table ``data/laws.json.gz`` (all federal laws of
gesetze-im-internet.de; :func:`table`) and the hand-kept English names in ``data/english.json``.

Lookups the extractor needs after a unit chain: an abbreviation (``BGB``, ``SGB V``, ``BGBEG``), a title in
any grammatical case (``des Grundgesetzes``, ``der Zivilprozessordnung``), an English name
(``of the German Civil Code (BGB)``), or an unknown but abbreviation-shaped name (``FantasieG``), which keeps
its printed form so that the check can call it ``not_findable``.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from legalcite.core.data import derived, load
from legalcite.keys import work_id

_WORD = re.compile(r"[\wÄÖÜäöüß§&\-]+", re.UNICODE)
# Abbreviation-shaped tokens: a capital, then letters with at least one more capital (BGB, KSchG, FantasieG),
# optionally a Roman or Arabic book number or year (SGB V, SGB 5, UWG 2004).
_ABBR_SHAPE = re.compile(r"^[A-ZÄÖÜ][A-Za-zÄÖÜäöüß\-]*[A-ZÄÖÜ][A-Za-zÄÖÜäöüß\-]*$")
# Words that look like abbreviations but are never a law here.
_NOT_LAWS = frozenset("""EU EG EWG EUR DM USD GmbH AG KG OHG UG SE eG BRD DDR BVerfG BGH BAG BFH BSG BVerwG
EuGH EGMR OLG LG AG VG OVG LAG FG SG Rn RdNr Rz Nr ZR StR AZR BvR BvL OK II III IV VI VII VIII IX XI XII XIII
USA UK PDF IT KI MwSt ggf bzw evtl""".split())


_HEAD_NOUN = re.compile(r"(?:gesetz|gesetzbuch|ordnung)$", re.I)


def _stem(word: str) -> str:
    """Strip German case endings so genitive and nominative titles compare equal
    (``Bürgerlichen Gesetzbuchs`` ~ ``Bürgerliches Gesetzbuch``)."""
    w = word.lower().replace("ß", "ss")
    for suffix in ("es", "en", "er", "em", "s", "e", "n"):
        if len(w) > 4 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


def name_key(words: list[str]) -> str:
    return " ".join(_stem(w) for w in words)


@dataclass(frozen=True)
class LawMatch:
    work: str            # work id (known or printed)
    known: bool          # in the table
    end: int             # end offset in the text
    printed: str
    ambiguous: bool = False  # an English name other systems use too ("Civil Code"): needs a German cue


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
        self.by_name = {k: next(iter(v)) for k, v in names.items() if len(v) == 1}
        for k, v in heads.items():
            if len(v) == 1 and k not in names:
                self.by_name[k] = next(iter(v))
        self.max_name_words = max(len(k.split()) for k in self.by_name)
        english = load(__package__, "english.json")
        self.by_english = {name_key(_WORD.findall(n)): self.lookup_abbr(a) for n, a in english["names"].items()}
        self.ambiguous_english = {name_key(_WORD.findall(n)) for n in english.get("ambiguous", [])}

    def lookup_abbr(self, printed: str) -> str | None:
        return self.by_abbr.get(printed) or self.by_abbr_ci.get(printed.lower())

    def units(self, work: str) -> list[str] | None:
        law = _laws_by_id().get(work)
        return law["units"] if law else None


@functools.cache
def _laws_by_id() -> dict[str, dict]:
    return {law["id"]: law for law in table()["laws"]}


def _neg_date(d: str) -> str:
    """Sort key making later dates come first."""
    return "".join(chr(ord("9") - ord(c) + ord("0")) if c.isdigit() else c for c in d)


def cited_as(law: dict) -> str:
    """The name a law is cited by (DESIGN.md §2): ``alt_abbrs[0]`` when ``cite_abbr == abbr`` and there are
    alternatives (BGBEG → EGBGB, SGB 5 → SGB V), else ``cite_abbr``. Its work id is this name's :func:`work_id`."""
    return law["alt_abbrs"][0] if law["cite_abbr"] == law["abbr"] and law["alt_abbrs"] else law["cite_abbr"]


def table() -> dict:
    """The generated law table: ``{"laws": [{"id", "abbr", "cite_abbr", "alt_abbrs", "title", "slug", "units", …}]}``."""
    return load(__package__, "laws.json.gz")


@functools.cache
def index() -> LawIndex:
    return derived(__package__, "law-index", LawIndex, inputs=("laws.json.gz", "english.json"),
                   depends=("legalcite.keys",))


_ABBR_RUN = re.compile(r"[ \t]*([A-ZÄÖÜ][\wÄÖÜäöüß&\-/]*)(?:[ \t]+([IVX]+|\d{1,4})\b)?")
# Multi-word abbreviations: "SGB V", "UWG 2004", "DBAbkG ARM", "Münz1PfBek BW" (tried longest first, known only)
_ABBR_WORDS = re.compile(r"[ \t]*([A-ZÄÖÜ][\wÄÖÜäöüß&\-/.]*)((?:[ \t]+[A-ZÄÖÜ0-9][\wÄÖÜäöüß&\-/.]*){1,3})")
_GENITIVE = re.compile(r"[ \t]*(?:des|der|dem|vom)[ \t]+")
_ENGLISH = re.compile(r"[ \t]*(?:of|under)[ \t]+(?:the[ \t]+)?")
_PAREN_ABBR = re.compile(r"[ \t]*\(([A-ZÄÖÜ][\wÄÖÜäöüß\-]*(?:[ \t][IVX]+)?)\)")


def match_law(text: str, pos: int, *, allow_unknown: bool = True) -> LawMatch | None:
    """The law named at ``text[pos:]`` (after optional spaces), if any."""
    idx = index()
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
                return LawMatch(wid, True, starts[0] + len(text[starts[0]:starts[n - 1]]) + len(words[n - 1].rstrip(".,;:)")), printed)
    m = _ABBR_RUN.match(text, pos)
    if m:
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
        if (allow_unknown and _ABBR_SHAPE.match(first) and first not in _NOT_LAWS and 2 <= len(first) <= 16):
            return LawMatch(work_id(first), False, end1, first)
        # a title without article: "§ 823 Bürgerliches Gesetzbuch"
        hit = _match_title(text, m.start(1), idx.by_name, idx.max_name_words)
        if hit:
            return hit
    g = _GENITIVE.match(text, pos)
    if g:
        hit = _match_title(text, g.end(), idx.by_name, idx.max_name_words)
        if hit:
            return hit
    e = _ENGLISH.match(text, pos)
    if e:
        hit = _match_title(text, e.end(), idx.by_english, 8)
        if hit:
            p = _PAREN_ABBR.match(text, hit.end)
            ambiguous = name_key(_WORD.findall(hit.printed)) in idx.ambiguous_english and not (
                p and idx.lookup_abbr(p.group(1)))
            return LawMatch(hit.work, True, p.end() if p else hit.end, hit.printed, ambiguous)
        p = re.compile(r"(?:German|Germany's)[ \t]+").match(text, e.end())
        if p:  # "of the German XYZ Act (XYZG)": trust the abbreviation in brackets
            q = re.compile(r"[^()\n]{0,60}?\(([A-ZÄÖÜ][\wÄÖÜäöüß\-]*)\)").match(text, p.end())
            if q and idx.lookup_abbr(q.group(1)):
                return LawMatch(idx.lookup_abbr(q.group(1)), True, q.end(), q.group(1))
    p = _PAREN_ABBR.match(text, pos)
    if p and idx.lookup_abbr(p.group(1)):
        return LawMatch(idx.lookup_abbr(p.group(1)), True, p.end(), p.group(1))
    return None


def _match_title(text: str, pos: int, names: dict[str, str | None], max_words: int) -> LawMatch | None:
    words = list(_WORD.finditer(text, pos, min(len(text), pos + 200)))[:max_words]
    # the words must be contiguous (only spaces between them)
    run = []
    for w in words:
        if run and text[run[-1].end():w.start()].strip():
            break
        if not run and w.start() != pos:
            break
        run.append(w)
    for n in range(len(run), 0, -1):
        wid = names.get(name_key([w.group() for w in run[:n]]))
        if wid:
            return LawMatch(wid, True, run[n - 1].end(), text[pos:run[n - 1].end()])
    return None
