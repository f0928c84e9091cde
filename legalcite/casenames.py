"""Case names compared the way a careful reader compares them: is the name a citation gives the name of the decision
a case table lists at that citation?

Both names are split into parties (``v.``, ``vs.``, ``versus``), each party reduced to a comparison form — lower
case, accents, periods and apostrophes dropped, every word of the Bluebook's Table T6 reduced to its abbreviation
(``Southern`` and ``S.`` alike become ``s``, ``Commission`` and ``Comm'n`` become ``commn``), corporate designations
(``Inc.``, ``Co., Ltd.``) and procedural phrases (``In re``, ``Estate of``, ``The``) dropped. Two names are the same
decision's when **either party** of the citation matches a party of the listed name (docs/statuses.md) — except a
party that names a government or office (``United States``, ``State``, a state's name, ``Commissioner``): that one
alone proves nothing (*United States v. Smith* is not *United States v. Jones*). The fuzzy part is rapidfuzz's
token-set ratio on the comparison forms (a subset of the words counts: ``Durden`` matches ``Estate of Durden``),
so OCR slips and added first names pass while different parties do not.

The tables (T6, entity suffixes, procedural phrases, generic parties) are data of the jurisdictions whose decisions
are cited by party names, each declaring its file (``Jurisdiction.case_names``: the US's
``legalcite/jurisdictions/us/data/case_names.json``); the tables of several are merged.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from legalcite.core.data import load
from legalcite.jurisdictions import registered

THRESHOLD = 90.0          # token-set ratio (0–100) at which two party forms are one party
MIN_PARTY_CHARS = 3       # a party form shorter than this ("a", "x") matches nothing by itself

_V = re.compile(r"\s+(?:v|vs|versus)\.?\s+", re.I)
_DROP = re.compile(r"[.'’`‘]")
_SPLIT = re.compile(r"[^\w&]+")


@functools.cache
def _tables() -> tuple[dict[str, str], tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...], frozenset[str]]:
    data = _merged()
    suffixes = tuple(sorted((tuple(s.split()) for s in data["entity_suffixes"]), key=len, reverse=True))
    procedural = tuple(sorted((tuple(_words(p)) for p in data["procedural"]), key=len, reverse=True))
    generic = frozenset(" ".join(_t6(_words(g), data["t6"])) for g in data["generic_parties"] + data["states"])
    return data["t6"], suffixes, procedural, generic


def _merged() -> dict[str, Any]:
    """The case-name tables every registered jurisdiction declares (``Jurisdiction.case_names``), merged: T6's
    words of all, the lists one after another."""
    data: dict[str, Any] = {"t6": {}, "entity_suffixes": [], "procedural": [], "generic_parties": [], "states": []}
    for j in registered():
        if j.case_names is not None:
            tables = load(j.package, j.case_names)
            data["t6"].update(tables["t6"])
            for name in ("entity_suffixes", "procedural", "generic_parties", "states"):
                data[name].extend(tables[name])
    return data


def _words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return [w for w in _SPLIT.split(_DROP.sub("", text.replace("&", " & "))) if w]


def _t6(words: list[str], t6: dict[str, str]) -> list[str]:
    return [t6.get(w, w) for w in words]


def split_parties(name: str) -> tuple[str, ...]:
    """``Marbury v. Madison`` → (``Marbury``, ``Madison``); a name without ``v.`` is one party."""
    parts = _V.split(name.strip(), maxsplit=1)
    return tuple(p.strip(" ,;") for p in parts if p.strip(" ,;"))


def party_form(party: str) -> str:
    """A party's comparison form: ``China Southern Airlines Co., Ltd.`` → ``china s airlines``;
    ``Estate of Durden`` → ``durden``; ``Comm'n on Civil Rights`` → ``commn on civil rights``."""
    t6, suffixes, procedural, _ = _tables()
    words = _t6(_words(party), t6)
    changed = True
    while changed and words:
        changed = False
        for suf in suffixes:                     # trailing designations, repeatedly: "Co., Ltd." → both go
            if len(words) > len(suf) and tuple(words[-len(suf):]) == suf:
                words, changed = words[: -len(suf)], True
                break
        for pre in procedural:                   # leading phrases: "In re", "Estate of", "The"
            if len(words) > len(pre) and tuple(words[: len(pre)]) == pre:
                words, changed = words[len(pre):], True
                break
    return " ".join(w for w in words if w != "&" or len(words) == 1)


def is_generic(form: str) -> bool:
    """A party naming a government or office, not a litigant of its own (``united states``, ``texas``,
    ``state of ohio``, ``commr``)."""
    generic = _tables()[3]
    return form in generic or any(form.startswith(g + " ") for g in ("state of", "people of", "commonwealth of"))


def party_keys(name: str | None) -> tuple[str, str] | None:
    """The comparison forms of a name's first two parties (``("varghese", "china s airlines")``) — what the case
    table stores to find a decision by a party's name; None without a name."""
    if not name:
        return None
    parts = [party_form(p) for p in split_parties(name)]
    parts = [p for p in parts if p]
    if not parts:
        return None
    return (parts[0], parts[1] if len(parts) > 1 else "")


@dataclass(frozen=True)
class NameComparison:
    """The verdict on two case names: the same decision's or not, the best party similarity (0–100), and the
    parties that matched."""

    same: bool
    score: float
    cited: str
    listed: str
    matched: tuple[str, str] | None = None   # (cited party form, listed party form)

    def to_dict(self) -> dict[str, object]:
        """The verdict's JSON fields (``cited_name``, ``listed_name``, ``name_score`` rounded to 0.1, ``matched_party``
        only when a party matched), as the case-name evidence carries them."""
        return {"cited_name": self.cited, "listed_name": self.listed, "name_score": round(self.score, 1),
                **({"matched_party": list(self.matched)} if self.matched else {})}


def compare(cited: str, listed: str) -> NameComparison:
    """Whether ``cited`` names the decision ``listed`` is the name of (see the module docstring)."""
    from rapidfuzz import fuzz  # rapidfuzz: heavy

    a = [f for f in (party_form(p) for p in split_parties(cited)) if f]
    b = [f for f in (party_form(p) for p in split_parties(listed)) if f]
    if not a or not b:
        return NameComparison(False, 0.0, cited, listed)
    a_own = [p for p in a if not is_generic(p)] or [" ".join(a)]
    b_own = [p for p in b if not is_generic(p)] or [" ".join(b)]
    best, pair = 0.0, None
    for x in a_own:
        for y in b_own:
            if min(len(x), len(y)) < MIN_PARTY_CHARS and x != y:
                continue
            score = float(fuzz.token_set_ratio(x, y))
            if score > best:
                best, pair = score, (x, y)
    return NameComparison(best >= THRESHOLD, best, cited, listed, pair if best >= THRESHOLD else None)
