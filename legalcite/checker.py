"""The check: an evidence-backed status (DESIGN.md §3) for every citation in a text.

``check(text)`` = extract → resolve each citation against the local corpus store → (optionally) ask the official
sources for what the store cannot decide. :func:`check_line` is the same for one line of an answers file; it is a
pure, picklable function of ``(line, lineno, options)`` so the CLI's process pool and the distributed runner
(:mod:`legalcite.distributed`) share it.

Decision order per citation (the reason string says which step decided):

1. cases, reporters, interpretations by number → ``not_checked`` (no offline source covers them);
2. unknown work → ``not_findable``; works no snapshot covers (CFR, federal rules) → ``not_checked``;
3. repealed work (CN ``expired``, a repeal clause such as 民法典 Art. 1260) at ``date`` → ``repealed``;
4. unit not in the store → ``invented`` if the work's snapshot lists every unit, else ``not_checked``;
   a ``(weggefallen)`` unit → ``repealed``;
5. sub-units (Abs., Satz, Nr., 款, 项, ``(a)(1)``, ``cl.``) walked in the unit's structure → ``invented`` where the
   level is complete and the value is missing; levels the snapshot does not model are reported as unchecked;
6. the unit exists → ``misattributed`` or ``real`` (:mod:`legalcite.attribution`).
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence

from legalcite.keys import split_segment
from legalcite.models import Citation, Kind
from legalcite.status import DEDUCTED, CheckedCitation, Evidence, Status

LEXASSAY_PENALTY = 0.25   # per distinct deducted citation (legalcite.metrics.lexassay)
DEFAULT_MAX_CHARS = 1_000_000

# Works of a jurisdiction that no shared snapshot covers: ``not_checked``, never ``not_findable``.
UNCOVERED_WORKS = {"us": {"cfr", "frcp", "frcrp", "fre", "frap"}}


@dataclass(frozen=True)
class CheckOptions:
    """Everything :func:`check_line` needs; plain data, so it pickles to worker processes."""

    store: str | None = None            # store path; None → LEGALCITE_STORE or the default location
    text_field: str = "answer"
    id_field: str = "id"
    input_format: str = "jsonl"         # jsonl | text (the line *is* the answer)
    online: bool = False
    date: str | None = None             # ISO date for repeal decisions; None → today
    jurisdiction: str | None = None     # hint for citations that do not state one
    attribution: bool = True            # run the misattribution test
    max_chars: int = DEFAULT_MAX_CHARS  # longer answers are reported as errors, not checked


# ------------------------------------------------------------------ store access (one per process)

@lru_cache(maxsize=4)
def _open_store(path: str | None):
    from legalcite.corpora.store import Store

    return Store(path)


def get_store(store: Any = None):
    """A :class:`~legalcite.corpora.store.Store`: the object itself, or opened (once per process) from a path,
    ``LEGALCITE_STORE`` or the default location."""
    from legalcite.corpora.store import Store, resolve_store_path

    if isinstance(store, Store):
        return store
    return _open_store(str(resolve_store_path(store)))


# ------------------------------------------------------------------ display helpers for reasons

_DE_LABEL = {"s": "§ ", "art": "Art. ", "abs": "Abs. ", "uabs": "UAbs. ", "satz": "Satz ", "hs": "Hs. ",
             "nr": "Nr. ", "lit": "lit. ", "alt": "Alt. "}
_CN_LABEL = {"art": ("第", "条"), "para": ("第", "款"), "item": ("第", "项")}
_PLURAL = {"abs": "Absätze", "satz": "Sätze", "nr": "Nummern", "lit": "Buchstaben", "para": "款", "item": "项",
           "cl": "clauses", "": "subdivisions", "s": "sections"}


def show_segment(jurisdiction: str, seg: str) -> str:
    label, value = split_segment(seg)
    if jurisdiction == "de":
        return _DE_LABEL.get(label, label + " ") + value
    if jurisdiction == "cn":
        if label == "art" and "-" in value:
            n, sub = value.split("-", 1)
            return f"第{n}条之{sub}"
        pre, post = _CN_LABEL.get(label, ("", ""))
        return f"{pre}{value}{post}" if pre else seg
    if label == "":
        return f"({value})"
    return {"s": "§ ", "t": "title ", "art": "art. ", "amend": "amend. ", "cl": "cl. ", "r": "Rule "}.get(
        label, label + " ") + value


def show_work(work) -> str:
    if work is None:
        return "?"
    if work.jurisdiction == "cn":
        return f"《{work.title or work.work}》"
    if work.jurisdiction == "de":
        from legalcite.keys import work_id

        return next((a for a in work.aliases if a and work_id(a) == work.work), None) or work.work.upper()
    return work.title or work.work


def show_key(jurisdiction: str, segs: Sequence[str]) -> str:
    return ("" if jurisdiction == "cn" else " ").join(show_segment(jurisdiction, s) for s in segs)


def _values(nodes: list[dict]) -> str:
    vals = [n["value"] for n in nodes]
    if vals and all(v.isdigit() for v in vals) and [int(v) for v in vals] == list(range(int(vals[0]), int(vals[0]) + len(vals))):
        return f"{vals[0]}–{vals[-1]}" if len(vals) > 1 else vals[0]
    return ", ".join(vals)


# ------------------------------------------------------------------ resolution

def _today(date: str | _dt.date | None) -> str:
    if date is None:
        return _dt.date.today().isoformat()
    return date.isoformat() if isinstance(date, _dt.date) else str(date)


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


def _find_child(nodes: list[dict], label: str, value: str) -> tuple[dict | None, list[dict]]:
    """The node ``label``/``value`` among ``nodes`` or, when the citation skipped a level (``§ 4 S. 1`` for a
    § with Absätze, 第三十九条第（二）项 without 款), among their descendants (breadth first). Returns the match
    and the level that was searched first (for the reason)."""
    same = [n for n in nodes if n.get("label", "") == label]
    for n in same:
        if n["value"].lower() == value.lower() if label != "" else n["value"] == value:
            return n, same
    frontier = [c for n in nodes for c in n.get("children", ())]
    while frontier:
        for n in frontier:
            if n.get("label", "") == label and n["value"] == value:
                return n, same
        frontier = [c for n in frontier for c in n.get("children", ())]
    return None, same


_SENT_UPPER = re.compile(r"[.!?;:]\s+(?=[A-ZÄÖÜ§(„])")


def _satz_upper_bound(text: str) -> int:
    """A generous count of sentences (every ``. X`` with X upper case): a Satz beyond it surely does not exist."""
    return len(_SENT_UPPER.findall(re.sub(r"\s*\n\s*", " ", text.strip()))) + 1


def _walk_subunits(unit, segs: list[str], jur: str) -> tuple[Status | None, list[str], str]:
    """Walk the citation's sub-unit segments in the unit's structure. Returns (``INVENTED`` or None, the segments
    verified, a note on the first segment that does not exist or could not be verified)."""
    nodes = list(unit.subunits)
    verified: list[str] = []
    context_text = unit.text
    for seg in segs:
        label, value = split_segment(seg)
        shown = show_segment(jur, seg)
        if label in ("hs", "alt", "uabs"):
            return None, verified, f"{shown} is not modelled in the snapshot and was not checked"
        node, level = _find_child(nodes, label, value)
        if node is not None:
            verified.append(seg)
            nodes = node.get("children", [])
            context_text = node.get("text") or context_text
            continue
        if label == "abs":
            if not level and value == "1":
                verified.append(seg)  # "Abs. 1" of a § whose only Absatz is unnumbered
                continue
            have = f"has Absätze {_values(level)}" if level else "has no numbered Absätze"
            return Status.INVENTED, verified, f"{have}; {shown} does not exist"
        if label == "satz":
            bound = _satz_upper_bound(context_text)
            if value.isdigit() and int(value) > bound:
                return Status.INVENTED, verified, f"has at most {bound} Sätze; {shown} does not exist"
            return None, verified, f"{shown} could not be matched reliably and was not checked"
        if label in ("para", "nr", "cl"):
            if level or label == "para":
                have = f"has {_PLURAL[label]} {_values(level)}" if level else f"has no {_PLURAL[label]}"
                return Status.INVENTED, verified, f"{have}; {shown} does not exist"
            return None, verified, f"{shown}: no such list found in the text; not checked"
        if label == "item":
            items = level or [c for n in nodes for c in n.get("children", ()) if c.get("label") == "item"]
            have = f"has 项 {_values(items)}" if items else "has no 项"
            return Status.INVENTED, verified, f"{have}; {shown} does not exist"
        if label == "":  # US / California subdivisions (a)(1)(A)
            if level:
                return Status.INVENTED, verified, f"has subdivisions {_values(level)}; {shown} does not exist"
            if shown in context_text:
                return None, verified, f"{shown} was not checked"
            return Status.INVENTED, verified, f"has no subdivisions; {shown} does not exist"
        return None, verified, f"{shown} was not checked"
    return None, verified, ""


def resolve(citation: Citation, store, *, date: str | None = None) -> tuple[CheckedCitation, Any]:
    """Existence, repeal and sub-unit check of one citation against the store. Returns the CheckedCitation
    (``real`` where it exists) and the unit that was checked (for the misattribution test), or None."""
    c = citation
    if c.kind in (Kind.CASE, Kind.REPORTER):
        return CheckedCitation(c, Status.NOT_CHECKED, "court decisions are not in the offline store (offline)"), None
    if c.kind == Kind.INTERPRETATION:
        return CheckedCitation(c, Status.NOT_CHECKED,
                               "interpretations cited by document number are not in the offline store (offline)"), None
    if c.key is None or c.jurisdiction is None or c.work is None:
        return CheckedCitation(c, Status.NOT_FINDABLE, "the citation names no law that could be identified"), None
    jur, work_id = c.jurisdiction, c.work
    segs = [u.segment for u in c.units]
    wkey = f"{jur}/{work_id}"
    work = store.work(wkey)
    if work is None:
        if work_id in UNCOVERED_WORKS.get(jur, ()):
            return CheckedCitation(c, Status.NOT_CHECKED, f"no offline source covers {work_id.upper()} (offline)"), None
        if not store.covers(jur):
            return CheckedCitation(c, Status.NOT_CHECKED, f"the store has no corpus for jurisdiction '{jur}' "
                                   "(offline)"), None
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
    name = show_work(work)
    day = _today(date)
    if work.repealed and (work.repealed_on is None or work.repealed_on <= day):
        since = f" on {work.repealed_on}" if work.repealed_on else ""
        by = f"; replaced by {work.replaced_by}" if work.replaced_by else ""
        clause = work.extra.get("repeal_clause")
        return CheckedCitation(
            c, Status.REPEALED, f"{name} was repealed{since}{by}" + (f" ({clause})" if clause else ""),
            (_evidence(work=work, key=wkey, repealed_on=work.repealed_on, replaced_by=work.replaced_by,
                       repeal_clause=clause),), wkey), None
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
            parts_below = [store.unit(k) for k in below]
            if all(u is not None and u.repealed and (u.repealed_on or "") <= day for u in parts_below):
                by = parts_below[0].replaced_by
                return CheckedCitation(c, Status.REPEALED, f"{name} {show_key(jur, segs)} is repealed"
                                       + (f"; replaced by {by}" if by else ""),
                                       (_evidence(parts_below[0], key=segs_key),), segs_key), None
            return CheckedCitation(c, Status.REAL, f"{name} {show_key(jur, segs)} exists",
                                   (_evidence(work=work, key=segs_key, first_unit=below[0]),), segs_key), None
        # the first level that does not exist (amend. XIV exists, its § 9 does not)
        first = next(k for n in range(3, len(parts) + 1)
                     if not store.descendants(k := "/".join(parts[:n]), limit=1) and store.unit(k) is None)
        shown = show_key(jur, first.split("/")[2:])
        if work.complete:
            n = f" (the snapshot lists {work.n_units:,} units)" if work.n_units else ""
            scope = work.extra.get("scope")
            return CheckedCitation(c, Status.INVENTED, f"{name} has no {shown}{n}" + (f"; {scope}" if scope else ""),
                                   (_evidence(work=work, key=first, complete=True),), first), None
        return CheckedCitation(c, Status.NOT_CHECKED,
                               f"{name} {show_key(jur, segs)} is not in the snapshot, which is partial for this law",
                               (_evidence(work=work, key=first, complete=False),), first), None
    ukey = unit.key
    ushown = f"{name}{'' if jur == 'cn' else ' '}{show_key(jur, ukey.split('/')[2:])}"
    if unit.repealed and (unit.repealed_on is None or unit.repealed_on <= day):
        since = f" on {unit.repealed_on}" if unit.repealed_on else ""
        by = f"; replaced by {unit.replaced_by}" if unit.replaced_by else ""
        return CheckedCitation(c, Status.REPEALED, f"{ushown} is repealed{since} ({unit.heading or 'weggefallen'}){by}",
                               (_evidence(unit, key=ukey),), ukey), None
    rest = parts[len(ukey.split("/")):]
    if not rest:
        return CheckedCitation(c, Status.REAL, f"{ushown} exists", (_evidence(unit, key=ukey),), ukey), unit
    if not unit.extra.get("subunits_known") or not unit.text:
        return CheckedCitation(c, Status.REAL, f"{ushown} exists; {show_key(jur, rest)} not checked "
                               "(the snapshot has no sub-unit structure for it)",
                               (_evidence(unit, key=ukey, subunits_checked=False),), ukey), unit
    status, verified, note = _walk_subunits(unit, rest, jur)
    checked = "/".join([ukey, *verified])
    if status == Status.INVENTED:
        return CheckedCitation(c, Status.INVENTED, f"{ushown}{' ' + show_key(jur, verified) if verified else ''} {note}",
                               (_evidence(unit, key=checked),), checked), None
    reason = f"{name}{'' if jur == 'cn' else ' '}{show_key(jur, checked.split('/')[2:])} exists" + (f"; {note}" if note else "")
    return CheckedCitation(c, Status.REAL, reason, (_evidence(unit, key=checked),), checked), unit


def _attribute(checked: CheckedCitation, unit, text: str, spans: list[tuple[int, int]], store) -> CheckedCitation:
    from legalcite import attribution as at

    c = checked.citation
    if not text or not unit.text or c.span.end <= c.span.start:
        return checked
    me = (c.span.start, c.span.end)
    statement = at.statement_for(text, c.span.start, c.span.end, [s for s in spans if s != me])
    index = at.work_index(store, unit.jurisdiction, unit.work, unit.language)
    a = at.assess(statement, unit.key, index)
    ev = Evidence(source="attribution", key=unit.key, details={**a.details(), "statement": statement[:200]})
    if a.misattributed:
        best = f"; {a.best_key} fits it better ({a.s_best:.2f})" if a.best_key else ""
        return dataclasses.replace(
            checked, status=Status.MISATTRIBUTED,
            reason=f"{checked.reason.split(';')[0]}, but does not support the statement "
                   f"(similarity {a.s_cited:.2f}{best})",
            evidence=checked.evidence + (ev,))
    return dataclasses.replace(checked, evidence=checked.evidence + (ev,))


def _attribute_all(out: list[CheckedCitation], units: list[Any], text: str, spans: list[tuple[int, int]],
                   store) -> list[CheckedCitation]:
    """Misattribution per citation. Citations printed together (a list or range such as ``§§ 1 bis 5 PatG``,
    overlapping spans) support one statement as a group: they are flagged only if every member would be."""
    done = list(out)
    for i, (cc, unit) in enumerate(zip(out, units)):
        if unit is None or cc.status != Status.REAL:
            continue
        try:
            done[i] = _attribute(cc, unit, text, spans, store)
        except Exception as exc:
            done[i] = dataclasses.replace(cc, reason=f"{cc.reason}; attribution not run ({exc!r})")
    for i, cc in enumerate(done):
        if cc.status != Status.MISATTRIBUTED:
            continue
        s, e = spans[i]
        group = [j for j, (s2, e2) in enumerate(spans) if j != i and s2 < e and s < e2 and units[j] is not None]
        if group and any(done[j].status != Status.MISATTRIBUTED for j in group):
            done[i] = dataclasses.replace(cc, status=Status.REAL, reason=out[i].reason + "; not flagged: another "
                                          "provision cited in the same list fits the statement")
    return done


def check_citations(citations: Sequence[Citation], text: str = "", *, store: Any = None, online: bool = False,
                    date: str | _dt.date | None = None, attribution: bool = True) -> list[CheckedCitation]:
    """Statuses for already extracted citations; ``text`` is the document they come from (for misattribution)."""
    st = get_store(store)
    day = _today(date)
    spans = [(c.span.start, c.span.end) for c in citations]
    out: list[CheckedCitation] = []
    units: list[Any] = []
    for c in citations:
        try:
            checked, unit = resolve(c, st, date=day)
        except Exception as exc:  # one odd citation must not lose the answer
            checked, unit = CheckedCitation(c, Status.NOT_CHECKED, f"internal error while checking: {exc!r}"), None
        out.append(checked)
        units.append(unit)
    if attribution and text:
        out = _attribute_all(out, units, text, spans, st)
    undecided = [i for i, cc in enumerate(out) if cc.status == Status.NOT_CHECKED]
    if undecided:
        out = _online(out, undecided, online, st)
    return out


def _online(out: list[CheckedCitation], idx: list[int], online: bool, store) -> list[CheckedCitation]:
    if not online:
        return [dataclasses.replace(cc, reason=cc.reason if "offline" in cc.reason else f"{cc.reason} (offline)")
                if i in idx else cc for i, cc in enumerate(out)]
    try:
        from legalcite.resolvers import resolve_online
    except ImportError:
        return [dataclasses.replace(cc, reason=f"{cc.reason} (offline: no online resolvers installed)")
                if i in idx else cc for i, cc in enumerate(out)]
    answers = resolve_online([out[i].citation for i in idx], store_path=str(store.path))
    out = list(out)
    for i, ans in zip(idx, answers):
        if ans.status != Status.NOT_CHECKED:
            out[i] = ans
        else:
            out[i] = dataclasses.replace(out[i], reason=f"{out[i].reason}; online: {ans.reason}",
                                         evidence=out[i].evidence + ans.evidence)
    return out


def check(text: str, *, store: Any = None, online: bool = False, date: str | _dt.date | None = None,
          jurisdiction: str | None = None, attribution: bool = True) -> list[CheckedCitation]:
    """Every citation in ``text`` with its status, evidence and a readable reason.

    ``store``: a path or :class:`~legalcite.corpora.store.Store` (default: ``LEGALCITE_STORE`` or the platform
    data dir; build it with ``legalcite corpus build``). ``online``: ask the official sources about what the store
    cannot decide. ``date``: the day repeal is judged at (default today)."""
    from legalcite.pipeline import extract

    if not isinstance(text, str):
        raise TypeError(f"check() needs a str, not {type(text).__name__}")
    cites = extract(text, jurisdiction=jurisdiction)
    return check_citations(cites, text, store=store, online=online, date=date, attribution=attribution)


# ------------------------------------------------------------------ summaries and per-line records

def summarize(checked: Iterable[CheckedCitation]) -> dict[str, Any]:
    """Counts by status and by jurisdiction, and the LexAssay deduction (0.25 per distinct key that is
    misattributed or invented)."""
    counts: dict[str, int] = {}
    by_jur: dict[str, dict[str, int]] = {}
    deducted: set[str] = set()
    for cc in checked:
        s = cc.status.value
        counts[s] = counts.get(s, 0) + 1
        j = cc.citation.jurisdiction or "?"
        by_jur.setdefault(j, {})
        by_jur[j][s] = by_jur[j].get(s, 0) + 1
        if cc.status in DEDUCTED:
            deducted.add(cc.citation.key or f"?{cc.citation.text}")
    return {"counts": counts, "by_jurisdiction": by_jur, "deducted": sorted(deducted),
            "lexassay_deduction": LEXASSAY_PENALTY * len(deducted)}


class LineError(ValueError):
    pass


def _answer_of(line: str, options: CheckOptions) -> tuple[Any, str]:
    if options.input_format == "text":
        return None, line
    if "\x00" in line or "\ufffd" in line[:200] and not line.lstrip().startswith("{"):
        raise LineError("binary data, not a JSON object")
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        raise LineError(f"malformed JSON: {e.msg} at column {e.colno}") from None
    if not isinstance(obj, dict):
        raise LineError(f"expected a JSON object, got {type(obj).__name__}")
    if options.text_field not in obj:
        raise LineError(f"missing field {options.text_field!r}")
    text = obj[options.text_field]
    if not isinstance(text, str):
        raise LineError(f"field {options.text_field!r} is {type(text).__name__}, not a string")
    return obj.get(options.id_field), text


def check_line(line: str, lineno: int, options: CheckOptions = CheckOptions()) -> dict | None:
    """Check one input line. Returns ``{"id", "line", "citations": [...], "summary": {...}}``, an error record
    ``{"line", "error"}`` for a bad line (never raises), or None for a blank line."""
    if not line.strip():
        return None
    try:
        ident, text = _answer_of(line.rstrip("\n"), options)
        if len(text) > options.max_chars:
            raise LineError(f"answer too long ({len(text):,} characters; limit {options.max_chars:,}, "
                            "see --max-chars)")
        checked = check(text, store=options.store, online=options.online, date=options.date,
                        jurisdiction=options.jurisdiction, attribution=options.attribution)
    except LineError as e:
        return {"line": lineno, "error": str(e)}
    except Exception as e:  # a store or extractor failure is this line's error, not the run's
        return {"line": lineno, "error": f"{type(e).__name__}: {e}"}
    summary = summarize(checked)
    return {"id": ident if ident is not None else lineno, "line": lineno,
            "citations": [cc.to_dict() for cc in checked],
            "summary": {"counts": summary["counts"], "by_jurisdiction": summary["by_jurisdiction"],
                        "lexassay_deduction": summary["lexassay_deduction"]}}


def store_path_of(options: CheckOptions) -> Path:
    from legalcite.corpora.store import resolve_store_path

    return resolve_store_path(options.store)
