"""LexAssay: rubric points per task, minus citation and disclaimer deductions, scaled to 0–100.

``points = max(0, weighted share of criteria met − 0.25 × distinct deducted citations − 0.05 × no disclaimer)``
where a citation is deducted when its final status is ``misattributed`` or ``invented`` (DESIGN.md §3), and
the disclaimer is a "not legal advice" note or a recommendation to consult a lawyer, in German, English or
Chinese. Arithmetic is exact (fractions), so "rounded half up" really is half up. Rules: ``docs/metrics.md``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Callable, Sequence

from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics.io import KeyResolver, Row, ScoreInputError, read_rows, rounded, row_id
from legalcite.status import DEDUCTED, Status

CITATION_PENALTY = Fraction(1, 4)
DISCLAIMER_PENALTY = Fraction(1, 20)
_STATUSES = {s.value for s in Status}

# ---------------------------------------------------------------- disclaimer detection

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+|[。！？；\n]+")

# A note that the answer is not legal advice. Matched anywhere in one sentence.
NOT_ADVICE = {
    "en": [
        r"\bnot\b[^.!?\n]{0,60}?\blegal\s+advice\b",
        r"\bno\s+legal\s+advice\b",
        r"\bnot\s+(?:a\s+)?(?:substitute|replacement)\s+for\b[^.!?\n]{0,50}?\b(?:lawyer|attorney|legal\s+(?:advice|counsel))",
        r"\bdoes\s+not\s+create\s+an?\s+attorney[- ]client\s+relationship\b",
        r"\bfor\s+(?:general\s+)?information(?:al)?\s+purposes\s+only\b",
    ],
    "de": [
        r"\bkeine\s+(?:\w+\s+)?(?:Rechtsberatung|rechtliche\s+Beratung|Rechtsauskunft|anwaltliche\s+Beratung)\b",
        r"\bersetzt\b[^.!?\n]{0,50}?\b(?:Rechtsberatung|Beratung|Rechtsanw[aä]lt\w*|Anw[aä]lt\w*)",
        r"\bnicht\s+als\s+(?:\w+\s+)?(?:Rechtsberatung|Rechtsrat)\b",
    ],
    "zh": [
        r"(?:不构成|并非|不是|不作为|不能作为|不视为|不应视为|不代表|不属于)[^。！？\n]{0,12}?(?:法律意见|法律建议|法律咨询意见|法律服务|专业法律意见)",
        r"(?:不能|无法|不可)(?:替代|代替|取代)[^。！？\n]{0,12}?(?:律师|专业|法律)",
        r"仅供参考",
    ],
}
# A recommendation to consult a lawyer. DE/EN: a lawyer word and a recommending verb in the same sentence;
# ZH: the verb before the lawyer word (律师 alone is common in case narratives). Either way, or a "seek
# legal advice" phrase, and never in a sentence that says it is not needed (NEGATED).
LAWYER = {
    "en": r"\b(?:lawyers?|attorneys?(?!\s+general)|solicitors?|counsel|legal\s+(?:professional|adviser|advisor|aid|expert)s?|law\s+firm)\b",
    "de": r"(?:Rechtsanw[aä]lt\w*|\bAnw[aä]lt\w*|Fachanw[aä]lt\w*|\banwaltlich\w*|Rechtsberatung|rechtliche[nrs]?\s+Beratung|Rechtsrat|Verbraucherzentrale|Notar\w*)",
}
RECOMMEND = {
    "en": r"\b(?:consult\w*|speak\s+(?:to|with)|talk\s+to|contact\w*|seek\w*|retain\w*|hire|engage|reach\s+out|get\s+in\s+touch|ask|recommend\w*|advis\w*|see\s+(?:a|an|your|qualified))\b",
    "de": r"\b(?:wenden|wende|konsultier\w*|aufsuchen|aufzusuchen|hinzuzieh\w*|hinzuziehen|einholen|einzuholen|beraten|kontaktier\w*|empfehl\w*|empfiehl\w*|rate|raten|ratsam|Rücksprache|fragen\s+Sie)\b",
}
SEEK_ADVICE = {
    "en": [r"\bseek\w*\s+(?:\w+\s+){0,2}legal\s+(?:advice|counsel|help)\b"],
    "de": [r"\b(?:rechtlichen|anwaltlichen)\s+Rat\s+(?:ein(?:holen|zuholen)|suchen)\b"],
    "zh": [r"(?:咨询|请教|聘请|委托|联系|求助于?|找)[^。！？\n]{0,8}?(?:律师|法律专业人士|法律工作者|法律援助|专业人士)",
           r"向[^。！？\n]{0,10}?(?:律师|法律专业人士|专业人士)[^。！？\n]{0,4}?(?:咨询|求助|请教)",
           r"寻求[^。！？\n]{0,6}?(?:律师|法律)(?:帮助|意见|建议|援助)?"],
}
NEGATED = {
    "en": r"\b(?:no\s+need|not\s+need|(?:do|does)\s*n[o']t\s+need|needn't|unnecessary|not\s+necessary|without\s+(?:a|an)\s+(?:lawyer|attorney))\b",
    "de": r"(?:nicht\s+(?:nötig|notwendig|erforderlich)|\bbrauch\w*\s+(?:\w+\s+)?kein\w*|\bbenötig\w*\s+(?:\w+\s+)?kein\w*|\bmüss\w*\s+(?:\w+\s+)?kein\w*|\bohne\s+(?:einen\s+)?(?:Rechts)?[Aa]nwalt)",
    "zh": r"(?:无需|无须|不需要|不必|没必要|用不着)",
}


@dataclass(frozen=True)
class Disclaimer:
    """What the detector found: ``kind`` is ``not_legal_advice`` or ``consult_lawyer``; ``text`` the sentence."""

    kind: str
    language: str
    text: str


def find_disclaimer(text: str) -> Disclaimer | None:
    """The first disclaimer in ``text`` (every language's rules are tried on every sentence), else None."""
    if not isinstance(text, str) or not text:
        return None
    for sentence in _SENTENCE_SPLIT.split(text):
        s = sentence.strip()
        if not s:
            continue
        for lang in ("de", "en", "zh"):
            if any(re.search(p, s, re.IGNORECASE) for p in NOT_ADVICE[lang]):
                return Disclaimer("not_legal_advice", lang, s)
            if re.search(NEGATED[lang], s, re.IGNORECASE):
                continue
            if any(re.search(p, s, re.IGNORECASE) for p in SEEK_ADVICE[lang]) or (
                    lang in LAWYER and re.search(LAWYER[lang], s, re.IGNORECASE)
                    and re.search(RECOMMEND[lang], s, re.IGNORECASE)):
                return Disclaimer("consult_lawyer", lang, s)
    return None


# ---------------------------------------------------------------- citations and their statuses

def _checked_statuses(text: str, checker: Callable[[str], list]) -> list[tuple[str | None, str, str]]:
    """``(key, status, text)`` of every citation ``checker`` finds in ``text``."""
    out = []
    try:
        checked = checker(text)
    except Exception as e:  # no store, network fault …: say so instead of scoring without statuses
        raise RuntimeError(f"legalcite.check failed ({type(e).__name__}: {e}); give each citation a 'status' "
                           "or fix the check") from e
    for cc in checked:
        status = getattr(cc.status, "value", cc.status)
        out.append((cc.citation.key, str(status), cc.citation.text))
    return out


def _default_checker(**options: Any) -> Callable[[str], list]:
    """:func:`legalcite.check` with ``options`` (``store=…``), imported only when a status is missing."""
    try:
        from legalcite import check
    except (ImportError, AttributeError) as e:
        raise RuntimeError(
            "LexAssay needs a status for every citation: this task file gives none and legalcite.check is "
            f"not available ({e}). Add 'status' to each citation, or install/build the check "
            "(`legalcite corpus build`).") from e
    return (lambda text: check(text, **options)) if options else check


def task_citations(row: Row, *, text_field: str, resolver: KeyResolver,
                   checker: Callable[[], Callable[[str], list]]) -> tuple[list[dict[str, Any]], bool]:
    """The task's citations as ``{"key", "text", "status", "source"}``; ``source`` says whether the status was
    ``given`` or ``checked``. Returns also whether the check ran."""
    tid = row_id(row)
    answer = row.data.get(text_field) or ""
    given = row.data.get("citations")
    ran = False
    if given is None:
        ran = True
        return [{"key": k, "text": t, "status": s, "source": "checked"}
                for k, s, t in _checked_statuses(answer, checker())], ran
    if not isinstance(given, list):
        raise ScoreInputError(f"{row.where()}: 'citations' must be a list")
    out: list[dict[str, Any]] = []
    answer_checked: dict[str, list[str]] | None = None
    for c in given:
        status = c.get("status") if isinstance(c, dict) else None
        text = (c.get("citation") or c.get("text") or c.get("key") or "") if isinstance(c, dict) else str(c)
        ks, err = resolver.keys(c)
        if err:
            resolver.unparsed.append({"id": tid, "side": "task", "citation": text, "error": err})
        if status is not None:
            if status not in _STATUSES:
                raise ScoreInputError(f"{row.where()}: unknown status {status!r}; one of {sorted(_STATUSES)}")
            for k in ks or (None,):
                out.append({"key": k, "text": text, "status": status, "source": "given"})
            continue
        ran = True
        if answer_checked is None:
            answer_checked = {}
            for k, s, _t in _checked_statuses(answer, checker()):
                if k:
                    answer_checked.setdefault(k, []).append(s)
        found = False
        for k in ks:
            if k in answer_checked:  # a deducted occurrence wins over a clean one
                st = sorted(answer_checked[k], key=lambda x: x not in {d.value for d in DEDUCTED})[0]
                out.append({"key": k, "text": text, "status": st, "source": "checked"})
                found = True
        if not found:  # not in the answer text (or not found there): check the string on its own
            for k, s, t in _checked_statuses(text, checker()):
                out.append({"key": k, "text": text, "status": s, "source": "checked"})
                found = True
        if not found:
            raise ScoreInputError(f"{row.where()}: no status for citation {text!r}: the check found nothing")
    return out, ran


# ---------------------------------------------------------------- points and score

def _fraction(x: Any, where: str) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, (int, float, str)):
        raise ScoreInputError(f"{where}: weight must be a number, not {x!r}")
    try:
        f = Fraction(str(x))
    except ValueError:
        raise ScoreInputError(f"{where}: weight must be a number, not {x!r}") from None
    if f < 0:
        raise ScoreInputError(f"{where}: negative weight {x!r}")
    return f


def criteria_share(row: Row) -> tuple[Fraction, bool]:
    """The weighted share of criteria met (exact) and whether every criterion is met."""
    crit = row.need("criteria")
    if not isinstance(crit, list) or not crit:
        raise ScoreInputError(f"{row.where()}: 'criteria' must be a non-empty list")
    total = met = Fraction(0)
    all_met = True
    for c in crit:
        if not isinstance(c, dict) or "met" not in c:
            raise ScoreInputError(f"{row.where()}: each criterion needs 'met' (and optionally 'weight')")
        w = _fraction(c.get("weight", 1), row.where())
        ok = bool(c["met"])
        total += w
        met += w if ok else 0
        all_met = all_met and ok
    if total == 0:
        raise ScoreInputError(f"{row.where()}: criteria weights sum to 0")
    return met / total, all_met


def task_points(share: Fraction, deducted: int, disclaimer: bool) -> Fraction:
    """max(0, share − 0.25 × deducted − 0.05 × (no disclaimer)), exactly."""
    return max(Fraction(0), share - CITATION_PENALTY * deducted - (0 if disclaimer else DISCLAIMER_PENALTY))


def round_half_up(x: Fraction, ndigits: int) -> float:
    q = Decimal(1).scaleb(-ndigits)
    return float((Decimal(x.numerator) / Decimal(x.denominator)).quantize(q, rounding=ROUND_HALF_UP))


def score(tasks: str | Sequence[Row], *, text_field: str = "answer", ndigits: int = 1,
          checker: Callable[[str], list] | None = None, parse: Callable[..., list] | None = None,
          check_options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The LexAssay report for a task file (path or rows); ``checker`` defaults to :func:`legalcite.check`
    called with ``check_options`` (e.g. ``{"store": path}``)."""
    rows = read_rows(tasks) if isinstance(tasks, str) else list(tasks)
    resolver = KeyResolver(parse=parse)
    cached: list[Callable[[str], list]] = []

    def get_checker() -> Callable[[str], list]:
        if not cached:
            cached.append(checker or _default_checker(**(check_options or {})))
        return cached[0]

    _, dups = _index_ids(rows)
    per_task: list[dict[str, Any]] = []
    total = Fraction(0)
    all_met_count = 0
    status_counts: dict[str, int] = {}
    n_checked = n_no_disclaimer = n_cite_deducted = 0
    for row in rows:
        share, all_met = criteria_share(row)
        cites, ran = task_citations(row, text_field=text_field, resolver=resolver, checker=get_checker)
        n_checked += ran
        for c in cites:
            status_counts[c["status"]] = status_counts.get(c["status"], 0) + 1
        deducted = sorted({c["key"] or f"?{c['text']}" for c in cites
                           if c["status"] in {d.value for d in DEDUCTED}})
        disc = find_disclaimer(row.data.get(text_field) or "")
        pts = task_points(share, len(deducted), disc is not None)
        total += pts
        clean = all_met and not deducted
        all_met_count += clean
        n_no_disclaimer += disc is None
        n_cite_deducted += bool(deducted)
        per_task.append({
            "id": row_id(row), "criteria_share": rounded(float(share)), "all_criteria_met": clean,
            "deducted_citations": deducted, "citation_deduction": rounded(float(CITATION_PENALTY * len(deducted))),
            "disclaimer": None if disc is None else {"kind": disc.kind, "language": disc.language,
                                                     "text": disc.text[:200]},
            "disclaimer_deduction": 0.0 if disc else float(DISCLAIMER_PENALTY),
            "points": rounded(float(pts)), "citations": cites,
        })
    n = len(rows)
    exact = total / n * 100 if n else Fraction(0)
    return {
        "metric": "lexassay", "schema": SCHEMA_VERSION, "n_tasks": n,
        "score": round_half_up(exact, ndigits) if n else None, "score_exact": rounded(float(exact)) if n else None,
        "ndigits": ndigits, "all_criteria_met": all_met_count,
        "deductions": {"tasks_with_citation_deduction": n_cite_deducted,
                       "tasks_without_disclaimer": n_no_disclaimer},
        "statuses": dict(sorted(status_counts.items())), "tasks_checked": n_checked,
        "duplicate_ids": dups, "unparsed": resolver.unparsed, "tasks": per_task,
    }


def _index_ids(rows: Sequence[Row]) -> tuple[set[str], list[str]]:
    seen: set[str] = set()
    dups: list[str] = []
    for r in rows:
        i = row_id(r)
        if i in seen:
            dups.append(i)
        seen.add(i)
    return seen, dups
