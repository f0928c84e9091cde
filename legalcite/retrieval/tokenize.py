"""Per-language analysis for BM25, chosen from measurements (docs/retrieval.md), not habit.

- Chinese: character unigrams + bigrams over each run of CJK characters. On STARD this beat jieba
  word segmentation in recall and in speed (docs/retrieval.md), and it needs no dictionary.
- German: lowercase words, stopwords dropped, Snowball stemming (PyStemmer); an opt-in compound splitter
  (``compound-split``, GPL-licensed, so only in the ``de-compound`` extra) adds the parts of long nouns
  (``Schadensersatzanspruch`` → ``schadensersatz``, ``anspruch``) next to the whole word.
- English: lowercase words, stopwords dropped, Snowball (Porter2) stemming.

CJK runs are split into characters whatever the language, so a mixed query ("Art. 577 民法典") works.
Tokens are plain strings; the BM25 core sees only their ids.
"""
from __future__ import annotations

import functools
from importlib import resources
import json
import re
import unicodedata
from dataclasses import dataclass

from legalcite import jurisdictions

LANGUAGES = ("de", "zh", "en")

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# A CJK run, or a word of letters/digits (keeps 823a, 1026.18 → "1026", "18" is fine for BM25).
_TOKEN_RE = re.compile(rf"([{_CJK}]+)|([^\W_{_CJK}]+)", re.UNICODE)


@dataclass(frozen=True)
class Analyzer:
    """How one language's text becomes BM25 tokens. Frozen, so it can be stored in an index manifest."""

    language: str
    stem: bool = True
    stopwords: bool = True
    compounds: bool = False      # German only; needs the ``de-compound`` extra
    cjk_unigrams: bool = True
    cjk_bigrams: bool = True

    def to_dict(self) -> dict:
        """The settings as a dict, as an index manifest stores them (``Analyzer(**d)`` reads it back)."""
        return dict(self.__dict__)

    def __call__(self, text: str) -> list[str]:
        return analyze(text, self)


def default_analyzer(language: str, *, compounds: bool = False) -> Analyzer:
    """The standard analyzer of ``language`` (one of :data:`LANGUAGES`; ValueError otherwise); ``compounds`` applies to
    German only."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {LANGUAGES}")
    return Analyzer(language=language, compounds=compounds and language == "de")


def jurisdiction_language(code: str) -> str:
    """The analyzer of a unit whose own language has none: the first of its jurisdiction's languages that has one
    (``cn`` → zh, ``us-ca`` → en, ``ch`` → de), else en."""
    found = jurisdictions.lookup(code)
    languages = jurisdictions.get(found).languages if found else ()
    return next((lang for lang in languages if lang in LANGUAGES), "en")


@functools.cache
def _stemmer(language: str):
    import Stemmer  # PyStemmer (retrieval extra)

    return Stemmer.Stemmer({"de": "german", "en": "english"}[language])


@functools.cache
def _stopwords(language: str) -> frozenset[str]:
    """bm25s's German and English lists, kept in ``stopwords.json`` beside this module: the check's claims are
    analysed without the retrieval extra (and without importing bm25s, numba and scipy: a second at start-up)."""
    with resources.files(__package__).joinpath("stopwords.json").open("rb") as fh:
        table = json.load(fh)
    return frozenset(table.get(language, ()))


@functools.cache
def _compound_splitter():
    try:
        from compound_split import char_split  # GPL: opt-in extra only
    except ImportError as e:  # pragma: no cover - depends on the extra
        raise ImportError(
            "German compound splitting needs the optional GPL package: pip install 'legalcite[de-compound]'"
        ) from e
    return char_split


@functools.lru_cache(maxsize=200_000)
def _split_compound(word: str) -> tuple[str, ...]:
    """Parts of a German compound (recursively, two levels), or () when it does not split confidently."""
    if len(word) < 10:
        return ()
    best = _compound_splitter().split_compound(word)
    if not best or best[0][0] <= 0.0:
        return ()
    _, head, tail = best[0]
    parts = []
    for p in (head, tail):
        p = p.lower()
        if len(p) < 4:
            return ()
        parts.append(p)
    return tuple(parts)


def cjk_ngrams(run: str, unigrams: bool = True, bigrams: bool = True) -> list[str]:
    """The tokens of a run of CJK characters: each character and each pair of neighbours, as asked."""
    out: list[str] = []
    if unigrams:
        out.extend(run)
    if bigrams:
        out.extend(run[i : i + 2] for i in range(len(run) - 1))
    return out


def analyze(text: str, analyzer: Analyzer) -> list[str]:
    """Text → tokens for ``analyzer``. NFKC first, so full-width digits and letters match ASCII ones."""
    text = unicodedata.normalize("NFKC", text)
    lang = analyzer.language
    stop = _stopwords(lang) if analyzer.stopwords else frozenset()
    stem = _stemmer(lang).stemWord if analyzer.stem and lang in ("de", "en") else None
    out: list[str] = []
    for m in _TOKEN_RE.finditer(text):
        run, word = m.group(1), m.group(2)
        if run:
            out.extend(cjk_ngrams(run, analyzer.cjk_unigrams, analyzer.cjk_bigrams))
            continue
        w = word.lower()
        if w in stop:
            continue
        parts = _split_compound(w) if analyzer.compounds and lang == "de" and w.isalpha() else ()
        if stem is not None:
            out.append(stem(w))
            out.extend(stem(p) for p in parts)
        else:
            out.append(w)
            out.extend(parts)
    return out
