"""Misattribution: does the cited provision support the sentence that cites it?

Method (documented in docs/check.md, tested in tests/test_check_attribution.py):

1. The *statement* is the sentence carrying the citation, with every citation text removed.
2. Statement and provisions become TF-IDF vectors of character n-grams taken inside words (German/English:
   4-grams of each word of 3+ letters, which matches across inflection and compounds — ``Kündigungsfrist`` shares
   grams with ``Kündigungsfristen`` and ``Frist``; Chinese: character bigrams). IDF comes from the units of the
   cited *work*, so terms common in that law weigh little. Grams in more than 25 % of the work's units are dropped.
3. ``s_cited`` = cosine(statement, cited unit's heading + text); ``s_best`` = the highest cosine among the *other*
   units of the same work; ``rank`` = how many units score above the cited one.
4. Flag ``misattributed`` only when the statement has at least :data:`MIN_TERMS` content words in the unit's
   language, the cited unit is outside the top :data:`TOP_K` of its work, and either
   (a) ``s_cited < low`` and ``s_best − s_cited ≥ margin`` (another provision fits clearly better), or
   (b) German only: ``s_cited == 0`` (not one informative gram shared), ``s_best ≥ zero_best`` and 4+ content
   words. The thresholds per language are in :data:`RULES`; the scores go into the evidence either way.

Measured with ``python benchmarks/check_attribution.py``. German: on the 300 LER court sentences (courts cite the
norm they apply, so every flag there counts as false) 6 of 180 judged citations flagged (3.3 %), while the same
sentences with the citation swapped to a random other unit of the same law were flagged 39 times (21.7 %).
Chinese: STARD layperson questions against the first article marked relevant, 35 of 1,051 flagged (3.3 %), swapped
401 (38.2 %). English has no calibration set here and uses the stricter Chinese setting. Court
prose often names a norm without restating it, so this is a pessimistic estimate for answers that paraphrase the
provision. An embedding veto (multilingual-e5-small) removed none of those false alarms and 4 of the hits, so
it is not used. Citations printed together (``§§ 1 bis 5 PatG``) are flagged only if every member of the list is
(:func:`attribute_all`, which :func:`legalcite.checker.check` runs after the resolver chain).

So a statement is flagged only when another provision of the same law fits it clearly better *and* the cited
one barely shares vocabulary with it: the rule prefers a missed misattribution over a false one (a false flag
costs an answer 0.25 LexAssay points). Statements in a language other than the unit's are not judged.
Standard library only (numpy, when installed, only speeds up the same sums); one index per work per process.
"""
from __future__ import annotations

import dataclasses
import math
import os
import re
from collections import Counter, OrderedDict
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from legalcite.status import CheckedCitation, Evidence, Status

@dataclass(frozen=True)
class Rule:
    low: float                 # the cited unit shares (almost) nothing with the statement
    margin: float              # another unit of the same work fits clearly better
    zero_best: float | None    # no shared gram at all, and some other unit fits at least this well (None: off)


RULES = {"de": Rule(0.03, 0.25, 0.14), "zh": Rule(0.03, 0.30, None), "en": Rule(0.03, 0.30, None)}
TOP_K = 3           # a cited unit among the work's 3 best matches is never flagged
MIN_TERMS = 3       # content words the statement needs before it is judged at all
MAX_DF = 0.25       # grams in more than this share of a work's units carry no signal

_WORD = re.compile(r"[^\W\d_]{3,}", re.UNICODE)
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_CJK = re.compile(r"[\u4e00-\u9fff]")

_STOP = {
    "de": set("""der die das den dem des ein eine einer eines einem einen und oder aber auch nicht nur noch
        ist sind war waren wird werden wurde wurden kann können muss müssen darf soll sollen hat haben hatte
        nach gemäß gem für mit von vom zum zur bei aus auf über unter durch gegen ohne bis als wie wenn dass
        daß sich sie ihr ihre ihren ihm ihn wer was dies diese dieser dieses jede jeder jedes alle allem
        zwar sowie bzw abs satz art nummer absatz paragraph artikel gesetz gesetzes hier dabei daher damit
        insoweit soweit also etwa sofern jedoch sondern denn weil dann dort""".split()),
    "en": set("""the and for that this with from under are was were been being has have had not but any all
        such shall may must can will would should which who whom whose what when where there their they them
        its his her into upon than then also other each only more most some same section sections code
        title act law laws article amendment clause subdivision paragraph pursuant provided except""".split()),
    "zh": set(),
}
_ZH_STOP_CHARS = set("的了和与或及在是为对于由其之并以等者所中")


def language_of(text: str) -> str:
    """``zh`` when the text is mostly CJK, else ``de`` when it looks German, else ``en``."""
    cjk = len(_CJK.findall(text))
    if cjk and cjk * 3 >= len(text.replace(" ", "")):
        return "zh"
    words = [w.lower() for w in _WORD.findall(text)]
    de = sum(w in _STOP["de"] or any(ch in w for ch in "äöüß") for w in words)
    en = sum(w in _STOP["en"] for w in words)
    return "de" if de > en else "en"


def content_words(text: str, language: str) -> list[str]:
    if language == "zh":
        return [run for run in _CJK_RUN.findall(text)]
    stop = _STOP.get(language, set())
    return [w for w in (x.lower() for x in _WORD.findall(text)) if w not in stop]


_WORD_GRAMS: dict[str, tuple[str, ...]] = {}


def _word_grams(w: str) -> tuple[str, ...]:
    g = _WORD_GRAMS.get(w)
    if g is None:
        b = f"#{w}#"
        g = tuple(b[i:i + 4] for i in range(len(b) - 3))
        if len(_WORD_GRAMS) < 500_000:
            _WORD_GRAMS[w] = g
    return g


def grams(text: str, language: str) -> Counter:
    """Character n-gram counts of a text (see module doc)."""
    if language == "zh":
        out: list[str] = []
        for run in _CJK_RUN.findall(text):
            chars = [c for c in run if c not in _ZH_STOP_CHARS]
            out += [a + b for a, b in zip(chars, chars[1:])]
        return Counter(out)
    stop = _STOP.get(language, set())
    out = []
    for w in _WORD.findall(text.lower()):
        if w not in stop:
            out += _word_grams(w)
    return Counter(out)


@dataclass(frozen=True)
class Attribution:
    """The scores behind a misattribution decision (they go into the evidence)."""

    misattributed: bool
    s_cited: float
    s_best: float
    best_key: str | None
    rank: int                 # units of the work that score above the cited one
    n_units: int
    terms: int                # content words of the statement
    judged: bool              # False: too little text, other language, or no unit text to compare with
    note: str = ""
    language: str = "de"      # the law's language: which rule of RULES applied

    def details(self) -> dict:
        r = RULES.get(self.language, RULES["en"])
        zero = f" or s_cited=0 and s_best>={r.zero_best}" if r.zero_best is not None else ""
        d = {"method": f"char n-gram tf-idf cosine within the work; flag if rank>={TOP_K} and terms>={MIN_TERMS} "
                       f"and (s_cited<{r.low} and s_best-s_cited>={r.margin}{zero})",
             "s_cited": round(self.s_cited, 3), "s_best": round(self.s_best, 3), "best_key": self.best_key,
             "rank": self.rank, "n_units": self.n_units}
        if self.note:
            d["note"] = self.note
        return d


class WorkIndex:
    """TF-IDF vectors of every unit with text in one work, with postings for fast scoring."""

    def __init__(self, units: Iterable[tuple[str, str | None, str]], language: str):
        self.language = language
        self.other_languages: dict = {}   # language → loader of the same work's index in that language
        self.keys: list[str] = []
        counts: list[Counter] = []
        for key, heading, text in units:
            self.keys.append(key)
            counts.append(grams(f"{heading or ''} {heading or ''} {text}", language))
        n = len(counts)
        df: Counter = Counter()
        for c in counts:
            df.update(c.keys())
        cut = max(2, int(MAX_DF * n)) if n >= 8 else n + 1
        self.idf = {g: math.log((n + 1) / (d + 1)) + 1.0 for g, d in df.items() if d <= cut}
        self.postings: dict[str, list[tuple[int, float]]] = {}
        self.by_key: dict[str, int] = {}
        for i, c in enumerate(counts):
            vec = {g: (1 + math.log(tf)) * self.idf[g] for g, tf in c.items() if g in self.idf}
            norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
            for g, v in vec.items():
                self.postings.setdefault(g, []).append((i, v / norm))
            self.by_key[self.keys[i]] = i
        self._np = _numpy()
        if self._np is not None:  # same sums in the same order, vectorised per gram
            np = self._np
            self._arrays = {g: (np.fromiter((i for i, _ in p), np.int32, len(p)),
                                np.fromiter((w for _, w in p), np.float64, len(p)))
                            for g, p in self.postings.items()}

    def query(self, text: str) -> dict[int, float]:
        """Cosine of ``text`` with every unit that shares a gram with it (others score 0)."""
        q = {g: (1 + math.log(tf)) * self.idf[g] for g, tf in grams(text, self.language).items() if g in self.idf}
        norm = math.sqrt(sum(v * v for v in q.values()))
        if not norm:
            return {}
        if self._np is not None:
            np = self._np
            acc = np.zeros(len(self.keys))
            touched = np.zeros(len(self.keys), dtype=bool)
            for g, w in q.items():
                idx, wd = self._arrays[g]
                acc[idx] += (w / norm) * wd
                touched[idx] = True
            hit = np.flatnonzero(touched)
            return dict(zip(hit.tolist(), acc[hit].tolist()))
        scores: dict[int, float] = {}
        for g, w in q.items():
            wq = w / norm
            for i, wd in self.postings[g]:
                scores[i] = scores.get(i, 0.0) + wq * wd
        return scores


def _numpy():
    """numpy when installed (the ``retrieval`` extra), else None: the pure-Python path gives the same scores."""
    if os.environ.get("LEGALCITE_NO_NUMPY"):
        return None
    try:
        import numpy
    except ImportError:
        return None
    return numpy


_INDEXES: "OrderedDict[tuple, WorkIndex]" = OrderedDict()
_MAX_INDEXES = 24


def work_index(store, jurisdiction: str, work: str, language: str) -> WorkIndex:
    """The cached index of one work of ``store`` in ``language`` (built on first use, LRU of 24 per process).

    A work whose texts exist in more than one language (an EU act: English, and German for the GDPR) gets one
    index per language; :func:`assess` reads a statement against the text in the statement's own language."""
    key = (str(store.path), jurisdiction, work, language)
    idx = _INDEXES.get(key)
    if idx is None:
        langs = store.work_languages(jurisdiction, work) if hasattr(store, "work_languages") else set()
        units = store.units_of_work(jurisdiction, work, language=language) if len(langs) > 1 \
            else store.units_of_work(jurisdiction, work)
        # recitals state reasons, not law: a statement is compared with the provisions
        idx = WorkIndex(((k, h, t) for k, h, t in units if not k.rsplit("/", 1)[-1].startswith("recital")), language)
        idx.other_languages = {
            lang: (lambda lang=lang: work_index(store, jurisdiction, work, lang)) for lang in langs if lang != language}
        _INDEXES[key] = idx
        while len(_INDEXES) > _MAX_INDEXES:
            _INDEXES.popitem(last=False)
    else:
        _INDEXES.move_to_end(key)
    return idx


def assess(statement: str, unit_key: str, index: WorkIndex) -> Attribution:
    """Score ``statement`` against the cited unit and the rest of its work; decide per the module rule. Where the
    work has a text in the statement's language other than the index's (a German answer citing the GDPR), that
    text is used."""
    stated = language_of(statement)
    if stated != index.language and stated in index.other_languages:
        index = index.other_languages[stated]()
    lang = index.language
    n = len(index.keys)
    terms = len(content_words(statement, lang)) if lang != "zh" else len(grams(statement, lang))
    if unit_key not in index.by_key:
        return Attribution(False, 0.0, 0.0, None, 0, n, terms, False, "the cited unit has no text to compare", lang)
    if language_of(statement) != lang:
        return Attribution(False, 0.0, 0.0, None, 0, n, terms, False, f"statement is not in the law's language ({lang})", lang)
    if terms < MIN_TERMS or n < 2:
        return Attribution(False, 0.0, 0.0, None, 0, n, terms, False, "too little text to judge", lang)
    scores = index.query(statement)
    ci = index.by_key[unit_key]
    s_c = scores.get(ci, 0.0)
    best_i, s_best = None, 0.0
    for i, s in scores.items():
        if i != ci and s > s_best:
            best_i, s_best = i, s
    rank = sum(1 for i, s in scores.items() if i != ci and s > s_c)
    r = RULES.get(lang, RULES["en"])
    flag = rank >= TOP_K and ((s_c < r.low and s_best - s_c >= r.margin)
                              or (r.zero_best is not None and s_c == 0.0 and s_best >= r.zero_best and terms >= 4))
    best_key = index.keys[best_i] if best_i is not None else None
    return Attribution(flag, s_c, s_best, best_key, rank, n, terms, True, "", lang)


# ------------------------------------------------------------------ the statement around a citation

_SENT_END = re.compile(r"(?<=[.!?。！？；;])\s*|\n\s*\n")


def statement_for(text: str, start: int, end: int, others: Iterable[tuple[int, int]] = (), *,
                  window: int = 600) -> str:
    """The sentence around ``text[start:end]`` (bounded to ``window`` characters each side), with the citation and
    ``others`` (spans of other citations) blanked out. Abbreviation periods (``Abs.``, ``S.``, ``Nr.``) inside a
    citation do not end the sentence, because citation spans are blanked before splitting."""
    lo, hi = max(0, start - window), min(len(text), end + window)
    chunk = list(text[lo:hi])
    for s, e in [(start, end), *others]:
        for i in range(max(s, lo), min(e, hi)):
            chunk[i - lo] = " "
    chunk_s = "".join(chunk)
    rel_s, rel_e = start - lo, end - lo
    # sentence start: last terminator before the citation that is followed by whitespace or is CJK
    begin = 0
    for m in re.finditer(r"[.!?。！？；]\s|[。！？；]|\n\s*\n", chunk_s[:rel_s]):
        if not re.search(r"\b(?:Abs|Nr|S|Art|vgl|bzw|z\.B|u\.a|lit|Buchst|ff?|No|Sec|Cal|Civ|Proc|Lab|\d{1,2})\.\s$",
                         chunk_s[max(0, m.start() - 8):m.end()]):
            begin = m.end()
    finish = len(chunk_s)
    for m in re.finditer(r"[.!?。！？；](?:\s|$)|[。！？；]|\n\s*\n", chunk_s[rel_e:]):
        seg = chunk_s[max(rel_e, rel_e + m.start() - 8):rel_e + m.end()]
        if re.search(r"\b(?:Abs|Nr|S|Art|vgl|bzw|lit|Buchst|ff?|No|Sec|\d{1,2})\.\s?$", seg):
            continue
        finish = rel_e + m.end()
        break
    sentence = chunk_s[begin:finish]
    return re.sub(r"\s+", " ", sentence).strip(" ()[]（）,;:.。")


# ------------------------------------------------------------------ on checked citations

def _attribute(checked: CheckedCitation, unit, text: str, spans: list[tuple[int, int]], store) -> CheckedCitation:
    c = checked.citation
    if not text or not unit.text or c.span.end <= c.span.start:
        return checked
    me = (c.span.start, c.span.end)
    statement = statement_for(text, c.span.start, c.span.end, [s for s in spans if s != me])
    index = work_index(store, unit.jurisdiction, unit.work, unit.language)
    a = assess(statement, unit.key, index)
    ev = Evidence(source="attribution", key=unit.key, details={**a.details(), "statement": statement[:200]})
    if a.misattributed:
        best = f"; {a.best_key} fits it better ({a.s_best:.2f})" if a.best_key else ""
        return dataclasses.replace(
            checked, status=Status.MISATTRIBUTED,
            reason=f"{checked.reason.split(';')[0]}, but does not support the statement "
                   f"(similarity {a.s_cited:.2f}{best})",
            evidence=checked.evidence + (ev,))
    return dataclasses.replace(checked, evidence=checked.evidence + (ev,))


def attribute_all(out: Sequence[CheckedCitation], units: Sequence[Any], text: str, store) -> list[CheckedCitation]:
    """The misattribution test on every ``real`` citation whose unit the store checked (``units``, in the order of
    ``out``), against the statement around it in ``text``. Citations printed together (a list or range such as
    ``§§ 1 bis 5 PatG``, overlapping spans) support one statement as a group: they are flagged only if every
    member would be."""
    spans = [(cc.citation.span.start, cc.citation.span.end) for cc in out]
    done = list(out)
    for i, (cc, unit) in enumerate(zip(out, units)):
        if unit is None or cc.status != Status.REAL:
            continue
        done[i] = _attribute(cc, unit, text, spans, store)
    for i, cc in enumerate(done):
        if cc.status != Status.MISATTRIBUTED:
            continue
        s, e = spans[i]
        group = [j for j, (s2, e2) in enumerate(spans) if j != i and s2 < e and s < e2 and units[j] is not None]
        if group and any(done[j].status != Status.MISATTRIBUTED for j in group):
            done[i] = dataclasses.replace(cc, status=Status.REAL, reason=out[i].reason + "; not flagged: another "
                                          "provision cited in the same list fits the statement")
    return done
