"""Verdicts a grader can sign: ``legalcite check`` against citations a lawyer annotated, through the library and
the CLI.

    python benchmarks/check_verdicts.py [--store PATH] [--testdata DIR] [--json] [--no-cli] [--no-attribution]
                                        [--only model,lexam,stard,us_opinions,fresh] [--workers N]

The gold (``benchmarks/data/``, docs/check.md §6):

* ``model_answers.jsonl``: answers written the way current models answer legal questions (Markdown, tables,
  footnotes, abbreviations, hedges; German, Swiss, mixed DE/CH/EU, US, EU, Chinese and Swiss-French law), with
  every citation occurrence: its span as written, the key a careful lawyer assigns, and the status a lawyer
  assigns given the shared corpora (about a fifth deliberately wrong: misattributed, invented, repealed);
* ``real_text_gold.jsonl``: annotations of real text that stays in ``../shared/testdata`` — LEXam reference
  answers (by id), STARD questions led by their statute as ``check_speed.py`` builds them (by line), US opinion
  passages as ``check_speed.py`` cuts them (by passage index); each with the text's SHA-1, so a changed file is an
  error, not a silent misalignment;
* ``fresh_answers.jsonl`` (source ``fresh``, not run by default): a second set of model-style answers written and
  frozen on 2026-12-06, before the attribution rework of issue 31, so that the rework is measured on a set nobody
  tuned to. Every wrong citation names its ``kind`` of error (neighbour, quantity, cross-law, depth, repeal,
  relative, question, unit); its SHA-256 is ``FRESH_SHA256``: a changed file is an error, never a new "before".
  It is reported apart, never pooled into the other sources' total, with a table by kind.

Each text is checked by ``legalcite.check`` (library) and by ``python -m legalcite check`` (CLI, one run over all
texts). Found citations are matched to gold by span overlap (the same key first, then the larger overlap, each
used once). Per path, source and language it prints citations found / missed / extra, the key exact-match rate,
and the share of gold citations whose status a lawyer accepts: the key equal to the gold key or a less precise
form of it (``keys.compatible``), and the status equal to the gold status (or one of the gold's ``accept`` list;
``not_checked`` and ``not_findable`` only where the gold says so). Then every false misattribution, missed
citation, wrong key and wrong status, grouped by cause (missed extraction, wrong key, claim cut, attribution not
run, attribution missed, false misattribution, other status), and the citations where library and CLI disagree.
Each fresh record's ``question`` goes to the check as ``question=`` (``--question-field question`` for the CLI)
where the installed legalcite accepts one; the other sources run as they always did. Exit code 0 when it ran (the
figures are the result, not a pass/fail), 2 when the gold or a shared file is bad.
"""
from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
MODEL_ANSWERS = DATA / "model_answers.jsonl"
REAL_GOLD = DATA / "real_text_gold.jsonl"
FRESH_ANSWERS = DATA / "fresh_answers.jsonl"
# the fresh set as frozen on FRESH_FROZEN; a changed file is refused (GoldError): write a new set instead
FRESH_SHA256 = "fda955c05b27dd064f398de28cced80fe5cdcbf8cafe4a795344db0612bad145"
FRESH_FROZEN = "2026-12-06"
STATUSES = ("real", "misattributed", "invented", "repealed", "not_checked", "not_findable")
UNDECIDED = frozenset({"not_checked", "not_findable"})
WRONG = frozenset({"misattributed", "invented", "repealed"})
SOURCES = ("model", "lexam", "stard", "us_opinions")
FRESH = "fresh"          # a suite of its own: reported apart from SOURCES, never in their total
# the kinds of error the fresh set's wrong citations are written with (its gold's ``kind``; correct citations of the
# same form may carry one too, and ``fact``: a figure of the case, not a legal quantity, in the claim)
KINDS = ("neighbour", "quantity", "cross-law", "depth", "repeal", "relative", "question", "unit")
SHARED_FILES = {"lexam": "lexam_open_sample.jsonl", "stard": "stard_queries.jsonl", "us_opinions": "us_opinions.txt"}
SHORT_CLAIM_WORDS = 4     # a claim of fewer words (CJK: characters / 2) is a fragment, not what the sentence says
# a line break followed by a Markdown block (heading, list item, table row, blank line): inside a claim, the claim
# runs from one block into the next
BLOCK_BREAK = re.compile(r"\n[ \t]*(?:\n|#{1,6}\s|\||[-*•+]\s|\d+[.)]\s|>)")
# a heading line: Markdown heading, or a line that is only bold text (``**2. Erben erster Ordnung**``)
HEADING = re.compile(r"\s*(?:#{1,6}\s|(?:\d+[.)]\s*)?\*\*[^*\n]+\*\*:?\s*$)")
# abbreviations a sentence goes on after (German, English, French, Swiss): a claim that starts right after one was
# cut there. The instrument's own short list, so that it does not share a splitter's blind spots.
ABBREVIATION_END = re.compile(
    r"(?:\b(?:z\.\s?B|u\.\s?a|i\.\s?d\.\s?R|d\.\s?h|v\.\s?a|bzw|ca|Nr|Fn|vgl|ggf|grds|insb|inkl|evtl|Mio|Mrd"
    r"|Abs|Ziff|lit|Art|S|v|e\.\s?g|i\.\s?e|etc|Inc|Corp|Co|No|cf|al|art|p)\.)\s*$")
WORD = re.compile(r"[^\W\d_]+|[\u3400-\u9fff]")

sys.path.insert(0, str(ROOT / "benchmarks"))
from check_speed import stard_answer, us_passages  # noqa: E402  the texts check_speed.py checks, built once


class GoldError(ValueError):
    """The gold data or a shared file it refers to is not as the annotation expects."""


@dataclass
class Gold:
    start: int
    end: int
    text: str
    key: str
    status: str
    bare: bool = False
    accept: tuple[str, ...] = ()
    note: str = ""
    kind: str = ""

    def accepts(self, status: str) -> bool:
        """Equal statuses, the gold's ``accept`` list, and either "the corpora cannot say" verdict where the gold
        says the corpora cannot say."""
        return (status == self.status or status in self.accept
                or (self.status in UNDECIDED and status in UNDECIDED))


@dataclass
class Item:
    source: str
    id: str
    language: str
    text: str
    gold: list[Gold]
    style: str = ""
    question: str = ""


@dataclass
class Found:
    start: int
    end: int
    text: str
    key: str | None
    status: str
    confirmed: bool | None
    reason: str
    claim: str | None            # the statement attribution judged, None when it did not run
    claim_note: str = ""         # why attribution gave no verdict ("too little text to judge" …)


@dataclass
class Outcome:
    """One gold citation's fate on one path."""

    item: Item
    gold: Gold
    found: Found | None
    key_exact: bool = False
    key_ok: bool = False
    accepted: bool = False
    cause: str = ""               # why not accepted (empty when accepted)


@dataclass
class PathResult:
    outcomes: list[Outcome] = field(default_factory=list)
    extra: list[tuple[Item, Found]] = field(default_factory=list)


# ------------------------------------------------------------------ gold

def _gold_of(rec: dict, text: str, where: str) -> list[Gold]:
    out = []
    for i, c in enumerate(rec.get("citations") or []):
        try:
            g = Gold(int(c["start"]), int(c["end"]), c["text"], c["key"], c["status"], bool(c.get("bare")),
                     tuple(c.get("accept") or ()), c.get("note") or "", c.get("kind") or "")
        except (KeyError, TypeError, ValueError) as e:
            raise GoldError(f"{where}: citation {i}: {e!r}") from None
        if g.status not in STATUSES or any(a not in STATUSES for a in g.accept):
            raise GoldError(f"{where}: citation {i}: unknown status {g.status!r}")
        if text[g.start:g.end] != g.text:
            raise GoldError(f"{where}: citation {i}: span {g.start}-{g.end} is {text[g.start:g.end]!r}, "
                            f"the gold says {g.text!r}")
        out.append(g)
    return out


def read_jsonl(path: Path) -> list[dict]:
    """A gold file's records; a bad line is a :class:`GoldError` naming it."""
    out = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError as e:
                    raise GoldError(f"{path}:{n}: {e}") from None
    return out


def load_model_answers(path: Path = MODEL_ANSWERS, source: str = "model", questions: bool = False) -> list[Item]:
    """Answer records as items; ``questions``: keep each record's question for the check (the fresh set's; the
    model answers run as they always did, so that their figure stays comparable)."""
    items = []
    for rec in read_jsonl(path):
        where = f"{path.name} {rec.get('id')}"
        text = rec["answer"]
        items.append(Item(source, rec["id"], rec["language"], text, _gold_of(rec, text, where), rec.get("style", ""),
                          (rec.get("question") or "") if questions else ""))
    return items


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_fresh_answers(path: Path = FRESH_ANSWERS, expected: str = FRESH_SHA256) -> list[Item]:
    """The frozen fresh set; a file whose SHA-256 is not the one recorded when it was frozen is a GoldError."""
    got = sha256_of(path)
    if got != expected:
        raise GoldError(f"{path.name} is frozen (SHA-256 {expected[:12]}, recorded on {FRESH_FROZEN} before the "
                        f"attribution rework) but the file has {got[:12]}: the set measures the rework only "
                        f"unchanged; write a new set instead of editing this one")
    return load_model_answers(path, FRESH, questions=True)


def shared_texts(testdata: Path) -> dict[str, Any]:
    """The shared texts the real-text gold refers to, read as ``check_speed.py`` reads them."""
    out: dict[str, Any] = {}
    for source, name in SHARED_FILES.items():
        path = testdata / name
        if not path.exists():
            raise GoldError(f"{path} is missing (set --testdata or LEGALCITE_SHARED)")
        if source == "lexam":
            out[source] = {r["id"]: r.get("reference_answer") or "" for r in read_jsonl(path)}
        elif source == "stard":
            out[source] = [stard_answer(r) for r in read_jsonl(path)]
        else:
            out[source] = us_passages(path.read_text(encoding="utf-8"))
    return out


def text_of(source: str, ref: dict, texts: dict[str, Any]) -> str:
    """The text a real-text annotation refers to: a LEXam answer by ``id``, a STARD question by its 1-based
    ``line``, a US opinion passage by its ``passage`` index."""
    try:
        if source == "lexam":
            return texts["lexam"][ref["id"]]
        if source == "stard":
            return texts["stard"][ref["line"] - 1]
        if source == "us_opinions":
            return texts["us_opinions"][ref["passage"]]
    except (KeyError, IndexError) as e:
        raise GoldError(f"{source} {ref}: not in the shared file ({e!r})") from None
    raise GoldError(f"unknown source {source!r}")


def sha1(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def load_real_gold(testdata: Path, path: Path = REAL_GOLD) -> list[Item]:
    texts = shared_texts(testdata)
    items = []
    for rec in read_jsonl(path):
        source, ref = rec["source"], rec["ref"]
        text = text_of(source, ref, texts)
        where = f"{path.name} {source} {ref}"
        if sha1(text) != rec["sha1"]:
            raise GoldError(f"{where}: the shared text changed (SHA-1 {sha1(text)[:12]}, the annotation was made "
                            f"on {rec['sha1'][:12]}); re-annotate it")
        items.append(Item(source, str(ref.get("id") or ref.get("line") or ref.get("passage")), rec["language"],
                          text, _gold_of(rec, text, where)))
    return items


# ------------------------------------------------------------------ running the check

def _found_of(d: dict) -> Found:
    claim, note = None, ""
    for e in d.get("evidence") or ():
        if e.get("source") == "attribution":
            det = e.get("details") or {}
            claim = det.get("statement")
            note = det.get("note") or ""
    s, e = d["span"]
    return Found(s, e, d.get("text") or "", d.get("key"), d["status"], d.get("confirmed"), d.get("reason") or "",
                 claim, note)


def takes_question(check: Any) -> bool:
    """Whether this legalcite's ``check`` accepts ``question=`` (the claim of a bare citation in Q&A data)."""
    return "question" in inspect.signature(check).parameters


def run_library(items: list[Item], store: str | None, attribution: bool) -> list[list[Found]]:
    import legalcite

    ask = takes_question(legalcite.check)
    return [[_found_of(cc.to_dict()) for cc in legalcite.check(
                it.text, store=store, attribution=attribution,
                **({"question": it.question} if ask and it.question else {}))]
            for it in items]


def cli_takes_question() -> bool:
    """Whether ``legalcite check --help`` lists ``--question-field``."""
    proc = subprocess.run([sys.executable, "-m", "legalcite", "check", "--help"], capture_output=True, text=True,
                          env=os.environ)
    return "--question-field" in proc.stdout


def run_cli(items: list[Item], store: str | None, attribution: bool, workers: int) -> list[list[Found]]:
    """One ``python -m legalcite check`` run over every text, as a user runs it."""
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "answers.jsonl", Path(tmp) / "checked.jsonl"
        with open(src, "w", encoding="utf-8") as fh:
            for i, it in enumerate(items):
                fh.write(json.dumps({"id": i, "answer": it.text, "question": it.question}, ensure_ascii=False) + "\n")
        cmd = [sys.executable, "-m", "legalcite", "check", str(src), "-o", str(out), "--progress", "off",
               "--workers", str(workers)]
        if cli_takes_question():
            cmd += ["--question-field", "question"]
        if store:
            cmd += ["--store", store]
        if not attribution:
            cmd.append("--no-attribution")
        proc = subprocess.run(cmd, capture_output=True, text=True, env=os.environ)
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"legalcite check exited {proc.returncode}: {proc.stderr[-2000:]}")
        found: list[list[Found]] = [[] for _ in items]
        for rec in read_jsonl(out):
            if "error" in rec:
                raise RuntimeError(f"legalcite check: answer {rec.get('id')}: {rec['error']}")
            found[rec["id"]] = [_found_of(c) for c in rec.get("citations", ())]
    return found


# ------------------------------------------------------------------ matching and judging

def _overlap(g: Gold, f: Found) -> int:
    return min(g.end, f.end) - max(g.start, f.start)


def match(gold: list[Gold], found: list[Found]) -> tuple[dict[int, int], list[int]]:
    """Gold index → found index by span overlap: pairs with the gold key first, then a compatible key, then the
    larger overlap; each citation used once. Returns the pairs and the unmatched found indices."""
    from legalcite.keys import compatible

    pairs = []
    for gi, g in enumerate(gold):
        for fi, f in enumerate(found):
            ov = _overlap(g, f)
            if ov > 0:
                exact = f.key == g.key
                pairs.append(((exact, bool(f.key) and compatible(f.key, g.key), ov), gi, fi))
    pairs.sort(key=lambda p: p[0], reverse=True)
    out: dict[int, int] = {}
    used: set[int] = set()
    for _, gi, fi in pairs:
        if gi not in out and fi not in used:
            out[gi] = fi
            used.add(fi)
    return out, [fi for fi in range(len(found)) if fi not in used]


def _claim_words(claim: str) -> int:
    cjk = len(re.findall(r"[\u3400-\u9fff]", claim))
    return len(re.findall(r"[^\W\d_]+", re.sub(r"[\u3400-\u9fff]", " ", claim))) + cjk // 2


def claim_extent(claim: str, text: str) -> tuple[int, int] | None:
    """Where the statement attribution judged lies in the text: from its first three words to its last three
    (citations are blanked in the statement, so it is found by its words), or None."""
    words = WORD.findall(claim)
    if len(words) < 2:
        return None
    gap = r"[\W\d_]*?"
    head = re.compile(gap.join(map(re.escape, words[:3])))
    m = head.search(text)
    if m is None:
        return None
    tail = re.compile(gap.join(map(re.escape, words[-3:])))
    n = None
    for n in tail.finditer(text, m.start()):
        break
    return (m.start(), n.end()) if n else None


def claim_fault(f: Found, text: str) -> str:
    """"claim cut" when the statement attribution judged is a fragment (a few words, or too little text to judge),
    "claim merged" when it runs from one Markdown block into the next (a heading into its paragraph, list items,
    table rows), else ""."""
    if f.claim is None:
        return ""
    if "too little text" in f.claim_note or _claim_words(f.claim) < SHORT_CLAIM_WORDS:
        return "claim cut"
    ext = claim_extent(f.claim, text)
    if ext is None:
        return ""
    if ABBREVIATION_END.search(text, text.rfind("\n", 0, ext[0]) + 1, ext[0]):
        return "claim cut"
    if BLOCK_BREAK.search(text, *ext):
        return "claim merged"
    first = text[text.rfind("\n", 0, ext[0]) + 1:].split("\n", 1)[0]
    if "\n" in text[ext[0]:ext[1]] and HEADING.match(first):
        return "claim merged"
    return ""


def cause_of(g: Gold, f: Found | None, key_ok: bool, text: str) -> str:
    """Why a lawyer would not accept this verdict: missed extraction, wrong key, claim cut / claim merged (the
    attribution judged the wrong text), attribution not run, attribution missed, false misattribution, other status."""
    if f is None:
        return "missed extraction"
    if not key_ok:
        return "wrong key"
    if f.status == "misattributed" or (g.status == "misattributed" and f.status == "real"):
        fault = claim_fault(f, text)
        if fault:
            return fault
        if f.status == "misattributed":
            return "false misattribution"
        return "attribution not run" if f.claim is None or f.claim_note else "attribution missed"
    return "other status"


def judge(items: list[Item], found: list[list[Found]]) -> PathResult:
    from legalcite.keys import compatible

    res = PathResult()
    for it, fs in zip(items, found):
        pairs, extra = match(it.gold, fs)
        for gi, g in enumerate(it.gold):
            f = fs[pairs[gi]] if gi in pairs else None
            o = Outcome(it, g, f)
            if f is not None and f.key:
                o.key_exact = f.key == g.key
                o.key_ok = o.key_exact or compatible(f.key, g.key)
            o.accepted = f is not None and o.key_ok and g.accepts(f.status)
            o.cause = "" if o.accepted else cause_of(g, f, o.key_ok, it.text)
            res.outcomes.append(o)
        res.extra += [(it, fs[fi]) for fi in extra]
    return res


# ------------------------------------------------------------------ reporting

CAUSES = ("missed extraction", "wrong key", "claim cut", "claim merged", "attribution not run", "attribution missed",
          "false misattribution", "other status")


def work_only(f: Found) -> bool:
    """A law named alone (``das KSchG``, ``《民法典》``): a work-level citation, not a provision the gold lists."""
    from legalcite.keys import key_at

    return bool(f.key) and "/case/" not in f.key and "/rep/" not in f.key and key_at(f.key, "work") == f.key


def false_misattributions(res: PathResult) -> list[Outcome]:
    """Every citation called misattributed whose gold status is another (the first thing a grader distrusts)."""
    return [o for o in res.outcomes if o.found is not None and o.found.status == "misattributed"
            and o.gold.status != "misattributed"]


def table(res: PathResult) -> list[dict[str, Any]]:
    """One row per (source, language) and a total: counts and rates over gold citations; ``extra`` leaves out a
    law named alone (counted in ``laws_named``)."""
    groups: dict[tuple[str, str], list[Outcome]] = defaultdict(list)
    extras: Counter = Counter()
    named: Counter = Counter()
    for o in res.outcomes:
        groups[(o.item.source, o.item.language)].append(o)
        groups[("all", "all")].append(o)
    for it, f in res.extra:
        for k in ((it.source, it.language), ("all", "all")):
            (named if work_only(f) else extras)[k] += 1
    rows = []
    order = [(s, lang) for s in (*SOURCES, FRESH, "all") for lang in sorted({k[1] for k in groups if k[0] == s})]
    for k in order:
        os_ = groups[k]
        n = len(os_)
        found = sum(o.found is not None for o in os_)
        rows.append({"source": k[0], "language": k[1], "gold": n, "found": found, "missed": n - found,
                     "extra": extras[k], "laws_named": named[k],
                     "key_exact": sum(o.key_exact for o in os_) / n if n else 0.0,
                     "accepted": sum(o.accepted for o in os_) / n if n else 0.0,
                     "accepted_n": sum(o.accepted for o in os_),
                     "gold_wrong": sum(o.gold.status in WRONG for o in os_),
                     "wrong_caught": sum(o.accepted and o.gold.status in WRONG for o in os_),
                     "false_misattributed": sum(o.found is not None and o.found.status == "misattributed"
                                                and o.gold.status != "misattributed" for o in os_)})
    return rows


def kinds_table(res: PathResult) -> list[dict[str, Any]]:
    """One row per kind of the gold's ``kind`` (KINDS, then the others in order of appearance): the wrong citations
    of that kind and how many got the verdict a lawyer gives (caught), the correct ones of the same form and how
    many kept theirs, and how many of those were called misattributed."""
    by: dict[str, list[Outcome]] = defaultdict(list)
    for o in res.outcomes:
        if o.gold.kind:
            by[o.gold.kind].append(o)
    rows = []
    for kind in [*KINDS, *(k for k in by if k not in KINDS)]:
        os_ = by.get(kind, [])
        if not os_:
            continue
        wrong = [o for o in os_ if o.gold.status in WRONG]
        right = [o for o in os_ if o.gold.status not in WRONG]
        rows.append({"kind": kind, "wrong": len(wrong), "caught": sum(o.accepted for o in wrong),
                     "right": len(right), "kept": sum(o.accepted for o in right),
                     "false_misattributed": sum(o.found is not None and o.found.status == "misattributed"
                                                for o in right)})
    return rows


def failure(o: Outcome) -> dict[str, Any]:
    f = o.found
    return {"source": o.item.source, "id": o.item.id, "language": o.item.language, "cause": o.cause,
            "text": o.gold.text, "gold_key": o.gold.key, "gold_status": o.gold.status,
            "kind": o.gold.kind or None,
            "found_text": f.text if f else None, "found_key": f.key if f else None,
            "found_status": f.status if f else None, "claim": f.claim if f else None,
            "claim_note": (f.claim_note or None) if f else None,
            "reason": f.reason if f else None, "note": o.gold.note or None}


def disagreements(items: list[Item], lib: list[list[Found]], cli: list[list[Found]]) -> list[dict[str, Any]]:
    """Citations whose (span, key, status) differ between the library and the CLI."""
    out = []
    for it, a, b in zip(items, lib, cli):
        sa = {(f.start, f.end, f.key): f.status for f in a}
        sb = {(f.start, f.end, f.key): f.status for f in b}
        for k in sorted(set(sa) | set(sb), key=lambda x: (x[0], x[1], x[2] or "")):
            if sa.get(k) != sb.get(k):
                out.append({"source": it.source, "id": it.id, "text": it.text[k[0]:k[1]], "key": k[2],
                            "library": sa.get(k), "cli": sb.get(k)})
    return out


def _line(o: Outcome) -> str:
    f = o.found
    line = f"  [{o.item.source} {o.item.id}] {o.gold.text!r} gold {o.gold.key} {o.gold.status}"
    if f is not None:
        line += f" → {f.key} {f.status}"
        if f.claim is not None and o.cause in ("claim cut", "claim merged", "attribution missed",
                                               "false misattribution"):
            line += f"; claim {f.claim[:100]!r}"
        if f.claim_note:
            line += f" ({f.claim_note})"
        if o.cause == "other status":
            line += f"; {f.reason[:110]}"
    return line


def print_report(paths: dict[str, PathResult], diff: list[dict] | None) -> None:
    for name, res in paths.items():
        print(f"\n== {name}: gold citations matched by span overlap; rates over gold citations")
        print(f"{'source':12} {'lang':4} {'gold':>5} {'found':>6} {'missed':>6} {'extra':>6} {'laws':>5} "
              f"{'key exact':>9} {'accepted':>9} {'false mis.':>10} {'wrong caught':>13}")
        for r in table(res):
            print(f"{r['source']:12} {r['language']:4} {r['gold']:5} {r['found']:6} {r['missed']:6} {r['extra']:6} "
                  f"{r['laws_named']:5} {r['key_exact']:9.1%} {r['accepted']:9.1%} {r['false_misattributed']:10} "
                  f"{r['wrong_caught']:>6}/{r['gold_wrong']:<6}")
        causes = Counter(o.cause for o in res.outcomes if not o.accepted)
        print("not accepted, by cause: " + ", ".join(f"{c} {causes[c]}" for c in CAUSES if causes[c]))
    name, res = next(iter(paths.items()))
    print(f"\n== failures ({name})")
    fm = false_misattributions(res)
    print(f"\n-- every false misattribution ({len(fm)}; its cause in brackets)")
    for o in fm:
        print(f"{_line(o)} [{o.cause}]")
    for cause in CAUSES:
        os_ = [o for o in res.outcomes if not o.accepted and o.cause == cause]
        if os_:
            print(f"\n-- {cause} ({len(os_)})")
            for o in os_:
                print(_line(o))
    extra = [(it, f) for it, f in res.extra if not work_only(f)]
    if extra:
        print(f"\n-- extra citations, in no gold ({len(extra)}; laws named alone left out)")
        for it, f in extra:
            print(f"  [{it.source} {it.id}] {f.text!r} → {f.key} {f.status}")
    if diff is not None:
        print(f"\n== library vs CLI: {len(diff)} citations differ (span, key → status)")
        for d in diff:
            print(f"  [{d['source']} {d['id']}] {d['text']!r} {d['key']}: library {d['library']}, CLI {d['cli']}")


def print_kinds(paths: dict[str, PathResult]) -> None:
    for name, res in paths.items():
        print(f"\n== {name}: by kind (wrong: verdicts a lawyer accepts / gold; correct citations of the same form: "
              "kept / gold, and how many were called misattributed)")
        print(f"{'kind':10} {'wrong caught':>13} {'correct kept':>13} {'false mis.':>10}")
        for r in kinds_table(res):
            print(f"{r['kind']:10} {r['caught']:>6}/{r['wrong']:<6} {r['kept']:>6}/{r['right']:<6} "
                  f"{r['false_misattributed']:10}")


def report_json(items: list[Item], lib: list[list[Found]], cli: list[list[Found]] | None,
                kinds: bool = False) -> dict[str, Any]:
    """The report of one suite as one JSON object: per path the table, failures and extra citations (and the table
    by kind), and the library/CLI disagreements."""
    out: dict[str, Any] = {}
    for name, found in (("library (legalcite.check)", lib), ("CLI (legalcite check)", cli)):
        if found is None:
            continue
        res = judge(items, found)
        out[name] = {"table": table(res), "failures": [failure(o) for o in res.outcomes if not o.accepted],
                     "extra": [{"source": it.source, "id": it.id, "text": f.text, "key": f.key, "status": f.status}
                               for it, f in res.extra]}
        if kinds:
            out[name]["kinds"] = kinds_table(res)
    out["library_vs_cli"] = disagreements(items, lib, cli) if cli is not None else None
    return out


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", help="corpus store (default: $LEGALCITE_STORE or the user data dir)")
    ap.add_argument("--testdata", type=Path,
                    default=Path(os.environ.get("LEGALCITE_SHARED", ROOT.parent / "shared")) / "testdata")
    ap.add_argument("--only", default=",".join(SOURCES),
                    help=f"sources to check (default: {','.join(SOURCES)}; {FRESH}: the frozen fresh set, reported "
                         "apart)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    ap.add_argument("--no-cli", action="store_true", help="the library path only")
    ap.add_argument("--no-attribution", action="store_true")
    ap.add_argument("--workers", type=int, default=1, help="CLI worker processes (default 1)")
    args = ap.parse_args(argv)

    from legalcite.corpora.store import resolve_store_path

    only = set(args.only.split(","))   # (the arguments first: a bad one is said before the store is looked for)
    if only - {*SOURCES, FRESH}:
        print(f"check_verdicts: unknown source {', '.join(sorted(only - {*SOURCES, FRESH}))} "
              f"(known: {', '.join((*SOURCES, FRESH))})", file=sys.stderr)
        return 2
    store = str(resolve_store_path(args.store))
    if not Path(store).exists():
        print(f"no store at {store}: run `legalcite corpus build` first", file=sys.stderr)
        return 2
    try:
        items = [it for it in load_model_answers() if "model" in only]
        if only & set(SOURCES) - {"model"}:
            items += [it for it in load_real_gold(args.testdata) if it.source in only]
        fresh = load_fresh_answers() if FRESH in only else []
    except (GoldError, OSError, KeyError) as e:
        print(f"check_verdicts: {e}", file=sys.stderr)
        return 2
    attribution = not args.no_attribution
    lib = run_library(items + fresh, store, attribution)     # one run of each path over both suites
    cli = None if args.no_cli else run_cli(items + fresh, store, attribution, args.workers)
    n = len(items)
    # (name, items, library, CLI): the sources' suite and the fresh set, judged and reported apart
    suites = [(name, its, found[0], found[1]) for name, its, found in (
        ("", items, (lib[:n], cli[:n] if cli is not None else None)),
        (FRESH, fresh, (lib[n:], cli[n:] if cli is not None else None))) if its]
    if args.json:
        out: dict[str, Any] = {}
        for name, its, flib, fcli in suites:
            rep = report_json(its, flib, fcli, kinds=name == FRESH)
            if name:
                out[name] = rep
            else:
                out |= rep
        json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    for name, its, flib, fcli in suites:
        counts = Counter(g.status for it in its for g in it.gold)
        print(f"{'fresh set: ' if name else ''}{len(its)} texts, {sum(counts.values())} gold citations "
              f"({', '.join(f'{k} {v}' for k, v in counts.items())})"
              + (f"; frozen on {FRESH_FROZEN} (SHA-256 {FRESH_SHA256[:12]}), reported apart from the sources"
                 if name else ""))
        paths = {"library (legalcite.check)": judge(its, flib)}
        if fcli is not None:
            paths["CLI (legalcite check)"] = judge(its, fcli)
        print_report(paths, disagreements(its, flib, fcli) if fcli is not None else None)
        if name == FRESH:
            print_kinds(paths)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
