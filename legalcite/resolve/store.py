"""The corpus store as a resolver: existence, repeal and sub-units of a citation, offline.

Decision order per citation (the reason string says which step decided):

1. cases and reporter cites → the case table (:mod:`.cases`: listed → ``real`` or, under another name,
   ``misattributed``; a volume the reporter never published → ``invented``; a page inside another decision →
   ``misattributed``; else ``not_findable``), ``not_checked`` where no table covers the reporter; interpretations
   by number → ``not_checked`` (no offline source covers them);
2. unknown work → ``not_findable``; works no snapshot covers (``StoreRules.uncovered_works``: CFR, federal
   rules) → ``not_checked``;
3. repealed work (CN ``expired``, a repeal clause such as 民法典 Art. 1260 or GDPR Art. 94) at ``date`` →
   ``repealed``, naming the clause and the successor; ``date`` before the work's version in the snapshot was in
   force (``Work.extra["in_force"]``: 本法自…起施行, an Inkrafttreten §, an EU act's date of application) →
   ``invented`` where nothing under the work's name was in force before, else ``not_checked``;
4. unit not in the store → ``invented`` if the work's snapshot lists every unit, else ``not_checked``;
   a unit whose text is a repeal mark (each jurisdiction's words, read by its structure parser at build time:
   ``(weggefallen)``, ``Aufgehoben``, ``（删去）``) or that a later act deleted → ``repealed``; where the
   jurisdiction knows more, its own verdict
   (``StoreRules.missing_unit_at``: a U.S. Code section not in force is, by
   :mod:`legalcite.jurisdictions.us.dispositions`, ``repealed`` with its successor where it is a former section,
   ``invented`` only where the Code's former sections are known completely);
5. sub-units (Abs., Satz, Nr., lit., Ziff., 款, 项, points, ``(a)(1)``, ``cl.``) walked in the unit's structure →
   ``invented`` where the level is complete and the value is missing, as the jurisdiction's ``StoreRules.subunits``
   says per label (a list is looked for in the cited Absatz or Satz and below it); a sub-unit whose text is a
   repeal mark → ``repealed``; levels the snapshot does not model are reported as unchecked;
6. otherwise ``real``, with the unit that was checked (the misattribution test runs on it later), its
   ``cited_text`` the text at the cited depth (the item, the Satz, the Absatz).

The resolver takes an open :class:`~legalcite.corpora.store.Store` (opened and checked once per process by
:func:`~legalcite.corpora.store.open_store`: a damaged or foreign file fails there, with its path and the remedy,
not as an error per citation).
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .cases import resolve_case
from legalcite.core.budget import spend
from legalcite.corpora.cases import case_parts
from legalcite.jurisdictions import (PACKAGES, StoreRules, SubunitCheck as C, get, level_name, missing_unit, print_key,
                                     print_units)
from legalcite.keys import split_segment
from legalcite.models import Citation, Kind
from legalcite.status import CheckedCitation, Evidence, Status, Undecided

from .base import Resolution

if TYPE_CHECKING:
    from legalcite.corpora.store import Store


class StoreResolver:
    """The store, asked first: decides what the snapshots can decide, leaves the rest ``not_checked`` with a
    typed reason (``NOT_COVERED``, ``PARTIAL``) for the next resolver."""

    name = "store"

    def __init__(self, store: Store, *, date: str | _dt.date | None = None) -> None:
        self.store = store
        self.date = today(date)

    def resolve(self, citations: Sequence[Citation], language: str | None = None) -> list[Resolution]:
        """Each citation's resolution; a provision cited again in the text (``Art. 41 OR … Art. 41 OR``, a list's
        members) is looked up once, its verdict given to each citation of it. ``language``: the answer's, which
        the reasons name provisions in."""
        out: list[Resolution] = []
        seen: dict[tuple, tuple[CheckedCitation, Any]] = {}
        for c in citations:
            spend("looking citations up in the store")
            same = (c.key, c.jurisdiction, c.work, c.units) if c.kind is Kind.STATUTE else None
            found = seen.get(same) if same is not None else None
            if found is None:
                found = resolve_one(c, self.store, date=self.date, language=language)
                if same is not None:
                    seen[same] = found
            elif found[0].citation is not c:
                found = (dataclasses.replace(found[0], citation=c), found[1])
            out.append(Resolution(*found))
        return out


# ------------------------------------------------------------------ display helpers for reasons

def _units(jur: str, segs: Sequence[str], language: str | None) -> str:
    """Sub-units as the jurisdiction's printer writes them without the work (``Abs. 7``, ``第九款``, ``(z)``), in
    ``language`` where it has forms in it."""
    return print_units(jur, list(segs), language)


def _level(jur: str, label: str) -> str:
    return level_name(jur, label)


def _printed(key: str, language: str | None) -> str:
    return print_key(key, language)


def _values(nodes: list[dict]) -> str:
    vals = list(dict.fromkeys(n["value"] for n in nodes))
    if (vals and all(v.isdigit() for v in vals)
            and [int(v) for v in vals] == list(range(int(vals[0]), int(vals[0]) + len(vals)))):
        return f"{vals[0]}–{vals[-1]}" if len(vals) > 1 else vals[0]
    return ", ".join(vals)


# ------------------------------------------------------------------ resolution

def _rules(jur: str):
    """The jurisdiction's :class:`~legalcite.jurisdictions.StoreRules` (none for a code no package registers)."""
    return get(jur).store if jur in PACKAGES else StoreRules()


def _uncovered(c: Citation, reason: str) -> CheckedCitation:
    return CheckedCitation(c, Status.NOT_CHECKED, reason, (), None, Undecided.NOT_COVERED)


def today(date: str | _dt.date | None = None) -> str:
    """The ISO date repeal is judged at: ``date`` (checked: :func:`iso_date`), or today."""
    if date is None:
        return _dt.date.today().isoformat()
    return date.isoformat() if isinstance(date, _dt.date) else iso_date(date)


def iso_date(text: str) -> str:
    """``text`` when it is a real calendar date written ``YYYY-MM-DD`` (the form repeal dates are stored and compared
    in, as strings); a ValueError saying what is wrong otherwise (``2024-02-30``, ``2019/01/01``, ``notadate``)."""
    if not (isinstance(text, str) and len(text) == 10 and text[4] == text[7] == "-"
            and (text[:4] + text[5:7] + text[8:]).isascii() and (text[:4] + text[5:7] + text[8:]).isdigit()):
        raise ValueError(f"{text!r} is no date written YYYY-MM-DD (e.g. 2024-02-29)")
    try:
        _dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is no calendar date (no such day)") from None
    return text


def _evidence(unit=None, work=None, key: str | None = None, **details: Any) -> Evidence:
    src = unit.source if unit is not None else (work.source if work is not None else "store")
    snap = unit.snapshot if unit is not None else (work.snapshot if work is not None else None)
    url = unit.extra.get("url") if unit is not None else None
    if unit is not None:
        if unit.heading:
            details.setdefault("heading", unit.heading)
        if unit.text:
            details.setdefault("excerpt", unit.text[:160])
    return Evidence(source=f"store:{src}", key=key, url=url, snapshot=snap,
                    details={k: v for k, v in details.items() if v is not None})


def _same(node: dict, label: str, value: str) -> bool:
    if node.get("label", "") != label:
        return False
    return node["value"].lower() == value.lower() if label != "" else node["value"] == value


def _find_child(nodes: list[dict], label: str, value: str) -> tuple[dict | None, list[dict]]:
    """The node ``label``/``value`` among ``nodes`` or, when the citation skipped a level (``§ 4 S. 1`` for a
    § with Absätze, 第三十九条第（二）项 without 款), among their descendants (breadth first). Returns the match
    and the level that was searched first (for the reason)."""
    same = [n for n in nodes if n.get("label", "") == label]
    for n in same:
        if _same(n, label, value):
            return n, same
    frontier = [c for n in nodes for c in n.get("children", ())]
    while frontier:
        for n in frontier:
            if _same(n, label, value):
                return n, same
        frontier = [c for n in frontier for c in n.get("children", ())]
    return None, same


_SENT_UPPER = re.compile(r"[.!?;:]\s+(?=[A-ZÄÖÜ§(„])")


def _satz_upper_bound(text: str) -> int:
    """A generous count of sentences (every ``. X`` with X upper case): a Satz beyond it surely does not exist."""
    return len(_SENT_UPPER.findall(re.sub(r"\s*\n\s*", " ", text.strip()))) + 1


def _descendants(nodes: list[dict]) -> list[dict]:
    out, frontier = [], list(nodes)
    while frontier:
        out.extend(frontier)
        frontier = [c for n in frontier for c in n.get("children", ())]
    return out


def _nearest(nodes: list[dict], label: str) -> list[dict]:
    """The first generation below ``nodes`` (breadth first) that holds members of ``label``: the list an Absatz's
    Satz introduces, when the citation names the Absatz and the item (``Abs. 1 Nr. 9`` for a list in Satz 2)."""
    frontier = list(nodes)
    while frontier:
        found = [n for n in frontier if n.get("label", "") == label]
        if found:
            return found
        frontier = [c for n in frontier for c in n.get("children", ())]
    return []


def _full_text(node: dict) -> str:
    """A node's text with the text of its children where the node's own text does not already hold it (a 款 and
    its 项, an EU subparagraph and its points, a U.S. Code subsection and its paragraphs)."""
    text = node.get("text") or ""
    flat = " ".join(text.split())
    parts = [text]
    for c in node.get("children", ()):
        child = _full_text(c)
        if child and " ".join(child.split()) not in flat:
            parts.append(child)
    return "\n".join(p for p in parts if p)


@dataclasses.dataclass
class _Walk:
    """Where a walk through a unit's structure ended: a verdict (``invented``, ``repealed``) or None, the segments
    verified, a note on the first one that does not exist or could not be verified, the deepest node reached."""

    status: Status | None
    verified: list[str]
    note: str
    node: dict | None = None
    leads: list[str] = dataclasses.field(default_factory=list)   # the lead-in of each level above the node


def _walk_subunits(unit, segs: list[str], jur: str, language: str | None) -> _Walk:
    """Walk the citation's sub-unit segments in the unit's structure. A level the structure lacks is judged as the
    jurisdiction says for its label (:class:`~legalcite.jurisdictions.SubunitCheck`); a node the jurisdiction's
    parser marked repealed (its text is a repeal mark) ends the walk as ``repealed``."""
    nodes = list(unit.subunits)
    verified: list[str] = []
    leads: list[str] = []
    context_text = unit.text
    reached: dict | None = None
    for seg in segs:
        label, value = split_segment(seg)
        node, level = _find_child(nodes, label, value)
        if node is None or _rules(jur).subunits.get(label) is C.UNMODELLED:
            status, note = _missing(seg, nodes, level, jur, context_text, language)
            if status is _KEEP:   # "Abs. 1" of a unit whose only paragraph is unnumbered
                verified.append(seg)
                continue
            return _Walk(status, verified, note, reached)
        verified.append(seg)
        # the lead-ins above the node: the node reached before, and any level the citation skipped (Satz 1 of
        # "§ 197 Abs. 1 Nr. 1")
        leads.extend(_lead(n) for n in ([reached] if reached is not None else []) + _ancestors(nodes, node))
        reached = node
        if node.get("repealed"):
            return _Walk(Status.REPEALED, verified, node["repealed"], node)
        nodes = node.get("children", [])
        context_text = node.get("text") or context_text
    return _Walk(None, verified, "", reached, [lead for lead in leads if lead.strip()])


def _ancestors(nodes: list[dict], target: dict) -> list[dict]:
    """The nodes between ``nodes`` (a level) and ``target`` below it, outermost first; [] where it is one of them."""
    for n in nodes:
        if n is target:
            return []
        below = n.get("children") or []
        path = _ancestors(below, target)
        if path or any(c is target for c in below):
            return [n, *path]
    return []


def _lead(node: dict) -> str:
    """The words of ``node`` before its first child: the lead-in of its list (a U.S. Code subsection's text is that
    alone; a German Satz holds its items, so the lead-in ends where the first item's text starts)."""
    text = node.get("text") or ""
    kids = node.get("children") or []
    first = " ".join((kids[0].get("text") or "").split())[:40] if kids else ""
    if not first:
        return ""
    flat = " ".join(text.split())
    at = flat.find(first)
    return flat if at < 0 else flat[:at]


_KEEP = object()   # a segment that counts as verified although no node stands for it


def _missing(seg: str, nodes: list[dict], level: list[dict], jur: str, context_text: str, language: str | None
             ) -> tuple[Any, str]:
    """The verdict on a segment the structure does not show among ``nodes`` (``level``: the nodes of its label
    among them): (``Status.INVENTED``, ``_KEEP`` or None for not checked; the note)."""
    label, value = split_segment(seg)
    shown = _units(jur, [seg], language)
    check = _rules(jur).subunits.get(label)
    if check is C.UNMODELLED:
        return None, f"{shown} is not modelled in the snapshot and was not checked"
    if check is C.NUMBERED:  # Absätze; EU and treaty paragraphs (numbered "1." in the act, or a treaty's Ziffern)
        level = level or _nearest(nodes, label)
        if not level and value == "1" and not any(_rules(jur).subunits.get(n.get("label", "")) is C.POINTS
                                                  for n in nodes):
            return _KEEP, ""  # "Abs. 1" of a unit whose only paragraph is unnumbered (its text not points)
        have = f"has {_level(jur, label)} {_values(level)}" if level else f"has no numbered {_level(jur, label)}"
        return Status.INVENTED, f"{have}; {shown} does not exist"
    if check is C.POINTS:  # points (a), (b) … / (1), (2) …: invented only where the level lists points
        points = level or [n for n in _descendants(nodes) if n.get("label") == label]
        if points:
            return Status.INVENTED, f"has {_level(jur, label)} {_values(points)}; {shown} does not exist"
        return None, f"{shown}: no points found in the text; not checked"
    if check is C.SENTENCES:
        bound = _satz_upper_bound(context_text)
        if value.isdigit() and int(value) > bound:
            return Status.INVENTED, f"has at most {bound} {_level(jur, label)}; {shown} does not exist"
        return None, f"{shown} could not be matched reliably and was not checked"
    if check in (C.LISTED, C.LISTED_WHERE_FOUND):
        members = level or (_nearest(nodes, label) if check is C.LISTED_WHERE_FOUND else [])
        if members or check is C.LISTED:   # the list is there (in the cited unit or the Satz below it), complete
            have = f"has {_level(jur, label)} {_values(members)}" if members else f"has no {_level(jur, label)}"
            return Status.INVENTED, f"{have}; {shown} does not exist"
        return None, f"{shown}: no such list found in the text; not checked"
    if check is C.ITEMS:
        items = level or [c for n in nodes for c in n.get("children", ()) if c.get("label") == label]
        have = f"has {_level(jur, label)} {_values(items)}" if items else f"has no {_level(jur, label)}"
        return Status.INVENTED, f"{have}; {shown} does not exist"
    if check is C.SUBDIVISIONS:  # US / California subdivisions (a)(1)(A)
        if level:
            return Status.INVENTED, f"has {_level(jur, label)} {_values(level)}; {shown} does not exist"
        if shown in context_text:
            return None, f"{shown} was not checked"
        return Status.INVENTED, f"has no {_level(jur, label)}; {shown} does not exist"
    return None, f"{shown} was not checked"


def resolve_one(citation: Citation, store: Store, *, date: str | None = None, language: str | None = None
                ) -> tuple[CheckedCitation, Any]:
    """Existence, repeal and sub-unit check of one citation against the store. Returns the CheckedCitation
    (``real`` where it exists) and the unit that was checked (for the misattribution test), or None. Its reason
    names provisions in ``language`` (the answer's) where their printer has forms in it."""
    c = citation
    if c.kind in (Kind.CASE, Kind.REPORTER):
        decided = resolve_case(c, store)
        if decided is not None:
            return decided, None
        if not store.has_cases():
            return _uncovered(c, "court decisions are not in the offline store (no case table loaded)"), None
        return _uncovered(c, "no case table in the store covers this reporter" if case_parts(c.key or "")
                          else "no case table in the store lists this decision"), None
    if c.kind == Kind.INTERPRETATION:
        return _uncovered(c, "interpretations cited by document number are not in the offline store"), None
    if c.key is None or c.jurisdiction is None or c.work is None:
        return CheckedCitation(c, Status.NOT_FINDABLE, "the citation names no law that could be identified"), None
    jur, work_id = c.jurisdiction, c.work
    segs = [u.segment for u in c.units]
    wkey = f"{jur}/{work_id}"
    work = store.work(wkey)
    if work is None:
        if work_id in _rules(jur).uncovered_works:  # (the CFR, the federal rules: no shared snapshot covers them)
            return _uncovered(c, f"no offline source covers {work_id.upper()}"), None
        if not store.covers(jur):
            return _uncovered(c, f"the store has no corpus for jurisdiction '{jur}'"), None
        alt = [w for w in store.find_works(work_id, jur)]
        if len(alt) == 1:
            work, wkey = alt[0], alt[0].key
            segs_key = "/".join([wkey, *segs])
        else:
            why = "an ambiguous name" if alt else "not in the corpus"
            return CheckedCitation(c, Status.NOT_FINDABLE, f"unknown law '{work_id}' ({why})",
                                   (Evidence("store", key=wkey, details={"candidates": [w.key for w in alt]}
                                             if alt else {}),)), None
    else:
        segs_key = c.key
    name = _printed(wkey, language)
    day = today(date)
    if work.repealed and (work.repealed_on is None or work.repealed_on <= day):
        since = f" on {work.repealed_on}" if work.repealed_on else ""
        clause = work.extra.get("repeal_clause")
        # the successor's repeal clause, not its successor article
        by = f" by {_printed(clause, language)}" if clause else ""
        table = work.extra.get("correlation_table")
        then = _successor(jur, work.replaced_by, language) + (
            f" ({table} of the successor maps its articles)" if table else "")
        return CheckedCitation(
            c, Status.REPEALED, f"{name} was repealed{since}{by}{then}",
            (_evidence(work=work, key=wkey, repealed_on=work.repealed_on, replaced_by=work.replaced_by,
                       repeal_clause=clause, correlation_table=table),), wkey), None
    if (force := work.extra.get("in_force")) and day < force["from"]:
        return _not_yet(c, force, name, day, work, wkey, language), None
    if not segs:
        return CheckedCitation(c, Status.REAL, f"{name} exists", (_evidence(work=work, key=wkey),), wkey), None
    # the longest prefix of the key that is a unit row
    parts = segs_key.split("/")
    unit = None
    for n in range(len(parts), 2, -1):
        unit = store.unit("/".join(parts[:n]))
        if unit is not None:
            break
    if unit is None:
        below = store.descendants(segs_key, limit=50)
        if below:  # a container (amend. XIV, art. I of the California Constitution)
            parts_below = [u for k in below if (u := store.unit(k)) is not None]
            if len(parts_below) == len(below) and all(u.repealed and (u.repealed_on or "") <= day for u in parts_below):
                return CheckedCitation(c, Status.REPEALED, f"{_printed(segs_key, language)} is repealed"
                                       + _successor(jur, parts_below[0].replaced_by, language),
                                       (_evidence(parts_below[0], key=segs_key),), segs_key), None
            return CheckedCitation(c, Status.REAL, f"{_printed(segs_key, language)} exists",
                                   (_evidence(work=work, key=segs_key, first_unit=below[0]),), segs_key), None
        # the first level that does not exist (amend. XIV exists, its § 9 does not)
        first = next(k for n in range(3, len(parts) + 1)
                     if not store.descendants(k := "/".join(parts[:n]), limit=1) and store.unit(k) is None)
        # the jurisdiction's own verdict, where it knows more (a former U.S. Code section is repealed, not invented)
        missing = missing_unit(jur)
        decided = missing(c, first, store, work, day) if missing is not None else None
        if decided is not None:
            return decided, None
        if work.complete:
            listed = f" (the {name} snapshot lists {work.n_units:,} units)" if work.n_units else ""
            scope = work.extra.get("scope")
            return CheckedCitation(c, Status.INVENTED, f"{_printed(first, language)} does not exist{listed}"
                                   + (f"; {scope}" if scope else ""),
                                   (_evidence(work=work, key=first, complete=True),), first), None
        return CheckedCitation(c, Status.NOT_CHECKED,
                               f"{_printed(segs_key, language)} is not in the snapshot, which is partial for this"
                               " law",
                               (_evidence(work=work, key=first, complete=False),), first, Undecided.PARTIAL), None
    ukey = unit.key
    ushown = _printed(ukey, language)
    if unit.repealed and (unit.repealed_on is None or unit.repealed_on <= day):
        since = f"was repealed on {unit.repealed_on}" if unit.repealed_on else "is repealed"
        return CheckedCitation(c, Status.REPEALED, f"{ushown} {since}{_how(unit.extra, language)}"
                               + _successor(jur, unit.replaced_by, language),
                               (_evidence(unit, key=ukey, successor=unit.replaced_by,
                                          repeal_clause=unit.extra.get("repeal_clause")),), ukey), None
    rest = parts[len(ukey.split("/")):]
    if not rest:
        return CheckedCitation(c, Status.REAL, f"{ushown} exists", (_evidence(unit, key=ukey),), ukey), unit
    if not unit.extra.get("subunits_known") or not unit.text:
        return CheckedCitation(c, Status.REAL, f"{ushown} exists; {_units(jur, rest, language)} not checked "
                               "(the snapshot has no sub-unit structure for it)",
                               (_evidence(unit, key=ukey, subunits_checked=False),), ukey), unit
    walk = _walk_subunits(unit, rest, jur, language)
    checked = "/".join([ukey, *walk.verified])
    if walk.status is Status.INVENTED:
        return CheckedCitation(c, Status.INVENTED, f"{_printed(checked, language)} {walk.note}",
                               (_evidence(unit, key=checked),), checked), None
    if walk.status is Status.REPEALED:   # a repealed Absatz, Buchstabe, subdivision: its text is a repeal mark
        return CheckedCitation(c, Status.REPEALED, f"{_printed(checked, language)} is repealed ({walk.note})",
                               (_evidence(unit, key=checked, repeal_mark=walk.note),), checked), None
    reason = f"{_printed(checked, language)} exists" + (f"; {walk.note}" if walk.note else "")
    cited = _full_text(walk.node) if walk.node is not None else None
    evidence = _evidence(unit, key=checked, **({"cited_excerpt": cited[:160]} if cited else {}))
    return CheckedCitation(c, Status.REAL, reason, (evidence,), checked), \
        dataclasses.replace(unit, cited_text=cited, cited_lead=" ".join(walk.leads) or None) if cited else unit


def _how(extra: dict[str, Any], language: str | None) -> str:
    """`` (weggefallen)``, `` (deleted by Article 89 DSA)``: how the unit's repeal reads, where the store knows."""
    mark, clause = extra.get("repeal_mark"), extra.get("repeal_clause")
    if not mark and not clause:
        return ""
    return f" ({mark or 'repealed'}{f' by {_printed(clause, language)}' if clause else ''})"


def _successor(jur: str, by: str | None, language: str | None) -> str:
    """``; replaced by …``: the successor a store row names (a work id of the jurisdiction, or a unit's key)."""
    if not by:
        return ""
    key = by if by.startswith(f"{jur}/") else f"{jur}/{by}"
    shown = _printed(key, language)
    return f"; replaced by {shown}" + (f" ({key})" if shown != key and key.count("/") > 1 else "")


def _not_yet(c: Citation, force: dict[str, Any], name: str, day: str, work, wkey: str, language: str | None
            ) -> CheckedCitation:
    """A citation judged at a date before the work's version in the snapshot was in force: ``invented`` where
    nothing under the work's name was in force before (a new code, an EU act, a German law's first version),
    else ``not_checked`` (an earlier version, which the snapshot does not hold, may have been)."""
    by = force.get("by")
    basis = f": {_printed(by, language)}" if by and "/" in by else (f", its {by}" if by else "")
    reason = f"{name} was not in force on {day} ({force['wording']} {force['from']}{basis})"
    ev = (_evidence(work=work, key=wkey, in_force_from=force["from"], in_force_by=by, first=force.get("first")),)
    if force.get("first"):
        return CheckedCitation(c, Status.INVENTED, reason, ev, wkey)
    return CheckedCitation(c, Status.NOT_CHECKED, f"{reason}; an earlier version under the same name, which the "
                           "snapshot does not hold, may have been", ev, wkey, Undecided.PARTIAL)
