"""The Swiss act table ``data/acts.json.gz`` from ``ch_toc.jsonl.gz`` (Fedlex SR: 9,011 entries), with the hand-kept
names of ``data/names.json`` and the treaty ids of ``jurisdictions/intl/data/treaties.json``:

    python -m legalcite.jurisdictions.ch.build [--corpora DIR]

Work ids (docs/keys.md): the act's official German abbreviation lowercased, whitespace and ``/`` → ``-`` (``or``,
``zgb``, ``bvv-2``); an SR 0.* treaty is ``int``, under the English id ``treaties.json`` gives it (``echr``,
``cisg``, ``lugano``) or else its abbreviation; an entry without an abbreviation is ``sr-<number>`` (reachable by
its title only). Two entries with one abbreviation: the one with a complete article list (then full text, in force,
more articles, lower SR number) keeps the id, the other is ``<id>-<sr>``.

Lookups written here, read by :mod:`legalcite.jurisdictions.ch.acts`: ``aliases`` (abbreviations in German,
French, Italian, hand-kept forms; case-sensitive) and ``aliases_ci`` (lowercased), ``titles`` (titles, the short
names in brackets of the full title, hand-kept German names), ``english`` (the English names of ``english.json``, with
the treaties' English names; their abbreviations — ``CrimPC``, ``DEBA`` — are aliases of the lowest rank), all keyed
by :func:`title_key`. An alias two acts share at the same rank goes to the better entry by the order above.
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any, Iterable

from legalcite.core.data import load
from legalcite.jurisdictions.de.laws import name_key
from legalcite.keys import numeral_value, work_id

SOURCE = "ch_toc.jsonl.gz (Fedlex SR: LexMetrik 227 full-text acts, kerberus SPARQL dump, swiss-law article lists)"
_DATE = re.compile(r"\s+vom\s+\d{1,2}\.\s*[A-Za-zäöüÄÖÜ]+\.?\s*\d{4}")
_BRACKETS = re.compile(r"\s*\(([^()]*)\)")
_WORD = re.compile(r"[\wÄÖÜäöüß\-]+")


def title_key(title: str) -> str:
    """A title as a lookup key: dates (``vom 20. Dezember 1946``) and brackets dropped, words lowercased and
    stripped of German case endings (``des Zivilgesetzbuches`` ~ ``Zivilgesetzbuch``)."""
    t = _BRACKETS.sub("", _DATE.sub("", title))
    return name_key(_WORD.findall(t))


def unit_value(unit: str) -> str:
    """A TOC article id as the key prints its value: ``6a`` → ``6a``, ``322ter`` → ``322ter``."""
    return numeral_value(unit)


def toc_units(r: dict) -> list[str]:
    """A ch_toc row's article ids, a range id of a heuristic list (``82d-82g``) replaced by its articles where the
    row gives them and dropped where it does not."""
    ranges = r.get("ranges") or {}
    out: list[str] = []
    for u in r.get("units") or ():
        if "-" in u:
            out.extend(ranges.get(u, ()))
        else:
            out.append(u)
    return out


def _rank(r: dict) -> tuple:
    """Which of two entries keeps a shared id or alias: complete list, full text, in force, more articles."""
    return (not r.get("units_complete"), not r.get("full_text"), r.get("in_force") is not True,
            -(r.get("n_units") or 0), r["sr"])


def assign_ids(rows: list[dict], treaties: dict[str, dict]) -> dict[str, tuple[str, str]]:
    """SR number → (jurisdiction, work id)."""
    english = {t["sr"]: tid for tid, t in treaties.items()}
    wanted: dict[tuple[str, str], list[dict]] = {}
    for r in rows:
        jur = "int" if r["sr"].startswith("0.") else "ch"
        wid = english.get(r["sr"]) or (work_id(r["abbr"]) if r.get("abbr") else f"sr-{r['sr']}")
        wanted.setdefault((jur, wid), []).append(r)
    out: dict[str, tuple[str, str]] = {}
    for (jur, wid), group in wanted.items():
        group.sort(key=_rank)
        out[group[0]["sr"]] = (jur, wid)
        for r in group[1:]:
            out[r["sr"]] = (jur, f"{wid}-{r['sr']}")
    return out


def _schlusstitel(r: dict) -> list[str]:
    return [unit_value(u) for s in r.get("transitional") or () if s["section"].startswith("Schlusstitel")
            for u in s["units"]]


def _names(r: dict) -> Iterable[str]:
    """The titles an entry is cited by: its title, its full title, the short names in the full title's brackets
    (``(Datenschutzgesetz, DSG)`` → ``Datenschutzgesetz``)."""
    for t in (r.get("title"), r.get("title_full_de")):
        if not t:
            continue
        yield t
        for inner in _BRACKETS.findall(t):
            for part in (p.strip() for p in inner.split(",")):
                if len(part) > 6 and part != r.get("abbr") and not re.match(r"(?:mit|avec|con|with)\b", part):
                    yield part


_ENGLISH_ABBR = re.compile(r"[A-Z][A-Za-z]*[A-Z][A-Za-z]*\.?|[A-Z][a-z]+\.")  # CO, CrimPC, FINMASA, Cst.


def english_forms(acts: dict[str, dict]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """``english.json``'s acts → (titles, abbreviations) per work id. A Fedlex heading gives its title and, in its last
    brackets, the short title and the abbreviation (``Swiss Civil Procedure Code (Civil Procedure Code, CPC)``); the
    writers' names are titles or abbreviations by their shape (``Swiss Code of Obligations``, ``SCO``)."""
    titles: dict[str, list[str]] = {}
    abbrs: dict[str, list[str]] = {}
    for wid, a in acts.items():
        names: list[str] = []
        m = re.fullmatch(r"(?P<title>.*?)\s*\((?P<short>[^()]*)\)", a["fedlex"])
        if m:
            names += [m["title"], *(p.strip() for p in m["short"].split(","))]
        else:
            names.append(a["fedlex"])
        for n in names + a.get("writers", []):
            (abbrs if _ENGLISH_ABBR.fullmatch(n) else titles).setdefault(wid, []).append(n)
    return titles, abbrs


def build(corpora: Path) -> dict[str, Any]:
    """The ``acts`` table (:mod:`legalcite.core.data`'s build convention) from ``ch_toc.jsonl.gz`` in ``corpora``: every
    act with its id and article list, and the name lookups of the module docstring."""
    with gzip.open(corpora / "ch_toc.jsonl.gz", "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    treaties = load("legalcite.jurisdictions.intl", "treaties.json")["treaties"]
    names = load(__package__, "names.json")
    english_names = load(__package__, "english.json")
    english_titles, english_abbrs = english_forms(english_names["acts"])
    ids = assign_ids(rows, treaties)
    by_id = {ids[r["sr"]][1]: r for r in rows}

    acts: dict[str, dict] = {}
    for r in sorted(rows, key=lambda r: ids[r["sr"]][1]):
        jur, wid = ids[r["sr"]]
        act: dict[str, Any] = {"sr": r["sr"], "jurisdiction": jur, "abbr": r.get("abbr"), "title": r.get("title"),
                               "eli": r.get("eli"), "in_force": r.get("in_force"),
                               "complete": bool(r.get("units_complete"))}
        if r.get("units"):
            act["units"] = [unit_value(u) for u in toc_units(r)]
            if r.get("repealed"):
                act["repealed"] = [unit_value(u) for u in r["repealed"]]
            if r.get("ranges"):  # a repealed range printed as one row of the full text ("28d-28f")
                act["ranges"] = r["ranges"]
        known_range = next((t.get("articles") for t in treaties.values() if t["sr"] == r["sr"]), None)
        if known_range and not act.get("units"):  # the ECHR: listed without text; existence only, never complete
            act["units"] = [str(i) for i in range(known_range["from"], known_range["to"] + 1)]
            act["units_source"] = "known_range_manual"
        schlt = _schlusstitel(r)
        if schlt:
            act["schlt"] = schlt
        acts[wid] = act

    # aliases: (rank, entry order) → the best entry per printed form
    offers: dict[str, tuple[tuple, str]] = {}

    def offer(alias: str | None, rank: int, wid: str) -> None:
        if not alias or not alias.strip():
            return
        cand = ((rank, *_rank(by_id[wid])), wid)
        if alias not in offers or cand < offers[alias]:
            offers[alias] = cand

    for r in rows:
        wid = ids[r["sr"]][1]
        offer(r.get("abbr"), 0, wid)
        for a in r.get("alt_abbrs") or ():
            offer(a, 2, wid)
        offer(r.get("abbr_fr"), 3, wid)
        offer(r.get("abbr_it"), 3, wid)
    for wid, extra in names["aliases"].items():
        for a in extra:
            offer(a, 1, wid)
    for tid, t in treaties.items():
        for a in t["aliases"]:
            offer(a, 1, tid)
    for wid, abbrs in english_abbrs.items():
        for a in abbrs:
            offer(a, 4, wid)  # after every German, French and Italian form: "CC", "CO", "CPC" are theirs already
    aliases = {a: v[1] for a, v in sorted(offers.items())}
    aliases_ci: dict[str, str] = {}
    for a, v in sorted(offers.items(), key=lambda kv: kv[1]):
        aliases_ci.setdefault(a.lower(), v[1])

    # titles: a title two entries share is ambiguous and left out
    titles: dict[str, set[str]] = {}
    for r in rows:
        for t in _names(r):
            titles.setdefault(title_key(t), set()).add(ids[r["sr"]][1])
    hand: dict[str, str] = {}
    for wid, ns in names["german"].items():
        hand.update({title_key(n): wid for n in ns})
    for tid, t in treaties.items():
        hand.update({title_key(n): tid for n in t["names"]})
    title_map = {k: next(iter(v)) for k, v in titles.items() if len(v) == 1 and k}
    title_map.update(hand)
    english = {title_key(n): wid for wid, ns in english_titles.items() for n in ns}
    english.update({title_key(n): tid for tid, t in treaties.items() for n in t["names"] + [t["english"]]})
    return {"acts": {"source": SOURCE, "acts": acts, "aliases": aliases, "aliases_ci": aliases_ci,
                     "titles": dict(sorted(title_map.items())), "english": dict(sorted(english.items())),
                     "english_needs_cue": sorted(title_key(n) for n in english_names["needs_cue"])}}


if __name__ == "__main__":
    from legalcite.core.data import main

    raise SystemExit(main({"ch": __package__}, description=__doc__))
