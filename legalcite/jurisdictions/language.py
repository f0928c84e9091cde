"""The language guess: which declared language a text is in, from evidence each language's package ships.

This module is the mechanism and knows no language. The registry (:func:`legalcite.jurisdictions.guess_language`)
builds one :class:`Guesser` from the languages the registered jurisdictions declare and the evidence in the
``data/language.json`` of the package that declares each first. The evidence of a language is:

* ``script``: a regex character class of its script (Chinese: the CJK ideographs). A text whose head holds more
  than :data:`SCRIPT_MIN` such characters, or in which they are more than a quarter of the characters, is in it.
* ``words``: its function words (lowercase). Each occurrence in the head, in lowercase or capitalised (``Der``, at
  a sentence's start), counts for every language that lists the word (``des`` is German and French). A word is what
  stands between white space and the punctuation of :data:`SEPARATORS` (``l'art``: ``l``, ``art``; ``Del.`` is no
  word).
* ``letters``: letters only it writes (German ``äöüß``). Each occurrence, in either case, counts.

The language with the most counts wins; of two with as many, the one given first (the registry's order). Which
language wins a tie it is part of and the answer for a text with no evidence are the caller's (``tie``, ``default``,
``short``).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Collection, Mapping

HEAD = 4000        # characters read: the language of a long document shows early
SCRIPT_MIN = 20    # more script characters than this make the text that script's language, whatever else it holds
SHORT = 3          # a text of at most this many words of three letters or more is short
# the characters besides white space that end a word: the head is split at them by str.replace and str.split, which
# cost a fraction of a regex pass (extraction guesses the language of every text it reads). Not the period: a word
# before it is most often an abbreviation (La., Del., al.), seldom a function word.
SEPARATORS = ",;:!?()[]{}\"'«»„“”‚‘’/"

_WORDS = re.compile(r"[^\W\d_]{3,}")


@dataclass(frozen=True)
class Evidence:
    """What tells one language (a package's ``data/language.json`` entry)."""

    words: frozenset[str] = frozenset()   # function words, lowercase
    letters: str = ""                     # letters no other declared language writes
    script: str | None = None             # a regex character class of its script

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Evidence:
        """The evidence of one ``data/language.json`` entry (``words``, ``letters``, ``script``); a ValueError names an
        unknown field or a wrongly typed one (words must be lower case)."""
        unknown = set(raw) - {"words", "letters", "script"}
        if unknown:
            raise ValueError(f"unknown language evidence {sorted(unknown)} (known: words, letters, script)")
        words = raw.get("words", [])
        letters = raw.get("letters", "")
        script = raw.get("script")
        if not isinstance(words, list) or not all(isinstance(w, str) and w == w.lower() for w in words):
            raise ValueError("language evidence: words must be a list of lowercase strings")
        if not isinstance(letters, str) or not (script is None or isinstance(script, str)):
            raise ValueError("language evidence: letters and script must be strings")
        return cls(frozenset(words), letters, script)


def _latin1(text: str) -> bool:
    """Whether ``text`` holds Latin-1 characters only (as most German and English texts): then no script outside
    Latin-1 is looked for. (Encoding a Latin-1 string copies its bytes: no pass of its own.)"""
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


class Guesser:
    """One language guess over the given languages' evidence (see the module's docstring)."""

    def __init__(self, evidence: Mapping[str, Evidence]) -> None:
        self.languages = tuple(evidence)
        owners: dict[str, list[str]] = {}
        for lang, ev in evidence.items():
            for word in ev.words:
                owners.setdefault(word, []).append(lang)
        # (the head is not lowercased, a pass of its own: the capitalised form is looked up as well)
        self._owners = {form: tuple(langs) for word, langs in owners.items() for form in (word, word.capitalize())}
        latin1 = "".join(map(chr, range(0x100)))
        # (language, its script's pattern, whether a Latin-1 character is one of them)
        self._scripts = [(lang, p, bool(p.search(latin1)))
                         for lang, ev in evidence.items() if ev.script for p in [re.compile(ev.script)]]
        self._letters = [(lang, ev.letters + "".join(u for ch in ev.letters if len(u := ch.upper()) == 1 and u != ch))
                         for lang, ev in evidence.items() if ev.letters]

    def counts(self, text: str, among: Collection[str] | None = None) -> dict[str, int]:
        """The evidence for each language (of ``among``, default all) in the head of ``text``: a script's
        language, where the head is in that script, has its character count and is alone; else the count of
        function words and letters of each language."""
        head = text[:HEAD]
        langs = self.languages if among is None else tuple(lang for lang in self.languages if lang in among)
        if self._scripts:
            latin1 = _latin1(head)
            for lang, pattern, in_latin1 in self._scripts:
                if lang in langs and (in_latin1 or not latin1):
                    n = len(pattern.findall(head))
                    if n > SCRIPT_MIN or n * 4 > len(head):
                        return {lang: n}
        words = head
        for sep in SEPARATORS:
            words = words.replace(sep, " ")
        counts = dict.fromkeys(langs, 0)
        # (counted by the tuple of languages a word is evidence of: a few tuples, not a count per word)
        for owners, n in Counter(filter(None, map(self._owners.get, words.split()))).items():
            for lang in owners:
                if lang in counts:
                    counts[lang] += n
        for lang, letters in self._letters:
            if lang in counts:
                counts[lang] += sum(map(head.count, letters))
        return counts

    def guess(self, text: str, *, among: Collection[str] | None = None, tie: str | None = None,
              default: str | None = None, short: str | None = None) -> str | None:
        """The language of ``text``: the one of ``among`` (default: every language) with the most evidence; of two
        with as much, ``tie`` where it is one of them, else the one given first (``des`` alone is German and
        French: German). ``default``: the answer where none has any evidence; ``short``: where none has any and the
        text is short (at most :data:`SHORT` words), if given (a heading's one German noun is in the law's
        language, a long text without evidence is not)."""
        counts = self.counts(text, among)
        best = max(counts.values(), default=0)
        if best == 0:
            return short if short is not None and len(_WORDS.findall(text[:HEAD])) <= SHORT else default
        leaders = [lang for lang, n in counts.items() if n == best]
        return tie if tie in leaders else leaders[0]
