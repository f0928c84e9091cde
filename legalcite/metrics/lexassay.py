"""LexAssay: rubric points per task, minus citation and disclaimer deductions, scaled to 0–100.

``points = max(0, weighted share of criteria met − 0.25 × distinct deducted citations − 0.05 × no disclaimer)``
where a citation is deducted when its final status is ``misattributed`` or ``invented`` (docs/statuses.md), and
the disclaimer is a "not legal advice" note or a recommendation to consult a lawyer, in German, English or
Chinese. Arithmetic is exact (fractions), so "rounded half up" really is half up. Rules: ``docs/metrics.md``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Callable, Sequence

from legalcite.keys import less_precise
from legalcite.metrics import SCHEMA_VERSION
from legalcite.metrics.io import (ANSWER_FIELDS, KeyResolver, Row, ScoreInputError, expected_fields, find_text,
                                  need_bool, rounded, row_id, rows_of)
from legalcite.status import DEDUCT_POLICIES, DEDUCTED, Status

CITATION_PENALTY = Fraction(1, 4)
DISCLAIMER_PENALTY = Fraction(1, 20)
_STATUSES = {s.value for s in Status}
_DEDUCTED = {d.value for d in DEDUCTED}
# "An answer that stops at the token limit scores 0": OpenAI-style ``finish_reason``, Anthropic-style ``stop_reason``.
TRUNCATED = {"finish_reason": "length", "stop_reason": "max_tokens"}

# ---------------------------------------------------------------- disclaimer detection

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+|[。！？；\n]+")

# A note that the answer is not legal advice. Matched anywhere in one sentence.
NOT_ADVICE = {
    "en": [
        # the text itself is said not to be legal advice ("is not / does not constitute / should not be taken
        # as legal advice"); "did not err in finding that Zhang provided legal advice" is not such a note
        r"\b(?:is|are|does|do|should|shall|must|may|can|will|was|were)\s*(?:n't|not)\s+(?:\w+\s+){0,4}?legal\s+advice\b",
        r"(?:^|[(\[—–-]\s*)not\s+(?:a\s+|intended\s+as\s+|meant\s+as\s+)?legal\s+advice\b",
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
# A recommendation to consult a lawyer: "an explicit recommendation to consult a lawyer". A lawyer named in a
# sentence is not enough ("The plaintiff's attorney contacted the insurer", "Der Kläger beauftragte einen
# Rechtsanwalt", "原告委托律师提起诉讼" are narrative): the sentence must address the reader with a recommendation.
# EN: a recommending frame ("you should", "we recommend", "it is advisable", "please", "consider") before a consult
#     phrase (a consult verb with a lawyer as its object, or "seek/obtain legal advice"); or the consult phrase as
#     an imperative opening a clause ("Consult a lawyer", "If in doubt, see a lawyer"); or the consult phrase
#     followed by "is recommended/advisable".
# DE: a recommending frame (a formal imperative "wenden Sie sich", "lassen Sie sich"; "Sie sollten"; "ich/wir
#     empfehlen"; "es empfiehlt sich"; "ist ratsam/empfehlenswert"; "bitte") and a lawyer word in the sentence
#     (German puts the verb last, so the order is free).
# ZH: a recommending frame (建议, 请, 最好, 务必, 不妨, 推荐, 您/你…可以/应当) before a consult pattern (咨询/聘请/委托…律师,
#     向…律师咨询, 寻求法律帮助); a party as the subject (当事人可以委托律师) is a statement of rights, not advice.
# A sentence that says a lawyer is not needed never counts (NEGATED).
LAWYER = {
    "en": r"\b(?:lawyers?|attorneys?(?!\s+general)|solicitors?|counsel|legal\s+(?:professional|adviser|advisor|aid|expert)s?|law\s+firms?)\b",
    "de": r"(?:Rechtsanw[aä]lt\w*|\bAnw[aä]lt\w*|Fachanw[aä]lt\w*|\banwaltlich\w*|Rechtsberatung|rechtliche[nrs]?\s+(?:Beratung|Rat)|\brechtlich\s+beraten|Rechtsrat|Verbraucherzentrale|\bNotar\w*)",
}
_EN_VERB = (r"(?:consult(?:ing)?|speak(?:ing)?\s+(?:to|with)|talk(?:ing)?\s+(?:to|with)|contact(?:ing)?|retain(?:ing)?|"
            r"hir(?:e|ing)|engag(?:e|ing)|reach(?:ing)?\s+out\s+to|get(?:ting)?\s+in\s+touch\s+with|see(?:ing)?\s+(?:a|an|your)|"
            r"seek(?:ing)?|ask(?:ing)?|obtain(?:ing)?|get(?:ting)?|involv(?:e|ing))")
_EN_CONSULT = (rf"\b{_EN_VERB}\b[^.!?;\n]{{0,40}}?{LAWYER['en']}"
               r"|\b(?:seek|obtain|get)\w*\s+(?:\w+\s+){0,2}legal\s+(?:advice|counsel|help|assistance|representation)\b")
_EN_FRAME = (r"\b(?:you\s+(?:should|may\s+(?:want|wish)\s+to|might\s+(?:want|wish)\s+to|could|can|must|need\s+to|"
             r"ought\s+to|will\s+want\s+to|would\s+(?:be\s+well\s+)?advised\s+to)|(?:I|we)\s+(?:would\s+|strongly\s+)*"
             r"(?:recommend|suggest|advise|urge|encourage)|it\s+(?:is|would\s+be)\s+(?:\w+\s+)?(?:advisable|recommended|"
             r"wise|prudent|best|sensible|a\s+good\s+idea|important)|it's\s+(?:\w+\s+)?(?:advisable|wise|best|a\s+good\s+idea)|"
             r"(?:is|are)\s+(?:strongly\s+)?(?:advised|encouraged|recommended)\s+to|please|consider|be\s+sure\s+to|"
             r"make\s+sure\s+(?:to|you)|do\s+not\s+hesitate\s+to|don't\s+hesitate\s+to|best\s+to)\b")
CONSULT_LAWYER = {
    "en": [
        rf"{_EN_FRAME}[^.!?;\n]{{0,80}}?(?:{_EN_CONSULT})",
        rf"(?:^|[,:;—–-]\s*|\b(?:then|and|or|so)\s+)(?:please\s+)?(?:(?:consult|speak\s+(?:to|with)|talk\s+to|contact|"
        rf"retain|hire|engage|reach\s+out\s+to|get\s+in\s+touch\s+with|seek|ask|obtain|get)\b[^.!?;\n]{{0,40}}?"
        rf"|see\s+(?:a|an|your)\s+(?:\w+\s+){{0,2}})(?:{LAWYER['en']}|legal\s+(?:advice|counsel|help|assistance))",
        rf"(?:{_EN_CONSULT})[^.!?;\n]{{0,40}}?\b(?:is|are|would\s+be)\s+(?:\w+\s+)?(?:recommended|advisable|advised|"
        rf"wise|a\s+good\s+idea)\b",
    ],
    "de": [
        r"(?:\b(?:wenden|wende|lassen|fragen|ziehen|holen|suchen|nehmen|kontaktieren|konsultieren|vereinbaren)\s+(?:Sie|dich)\b"
        r"|\bSie\s+sollten\b|\bsollten\s+Sie\b|\b(?:ich|wir)\s+(?:\w+\s+)?(?:empfehle|empfehlen|rate|raten)\b"
        r"|\bempfiehlt\s+(?:es\s+)?sich\b|\b(?:ist|wäre|scheint)\s+(?:es\s+)?(?:\w+\s+)?(?:ratsam|empfehlenswert|sinnvoll|"
        r"angeraten|angezeigt)\b|\b(?:wird|werden)\s+(?:\w+\s+)?empfohlen\b|\b(?:Ihnen|dir)\s+(?:\w+\s+)?(?:empfehlen|"
        r"raten|nahelegen)\b|\bbitte\b|\blohnt\s+(?:es\s+)?sich\b)",
    ],
    "zh": [
        r"(?:建议|请|最好|务必|不妨|推荐|(?:您|你)[^。！？；\n]{0,4}?(?:可以|可|应当|应该|应|需要|最好))"
        r"[^。！？；\n]{0,12}?"
        r"(?:(?:咨询|请教|聘请|委托|联系|求助于?|找)[^。！？；\n]{0,8}?(?:律师|法律专业人士|法律工作者|法律援助|专业人士)"
        r"|向[^。！？；\n]{0,10}?(?:律师|法律专业人士|专业人士)[^。！？；\n]{0,4}?(?:咨询|求助|请教)"
        r"|寻求[^。！？；\n]{0,6}?(?:律师|法律)(?:帮助|意见|建议|援助)?)",
        # the subject left out, as Chinese does: 可以向律师咨询 (not 当事人/原告/被告…可以委托律师, a statement of rights)
        r"(?<!当事人)(?<!原告)(?<!被告)(?<!申请人)(?<!上诉人)(?<![他她其])(?:可以|可)"
        r"(?:向[^。！？；\n]{0,10}?(?:律师|法律专业人士|专业人士)[^。！？；\n]{0,4}?(?:咨询|求助|请教)"
        r"|(?:咨询|请教)[^。！？；\n]{0,8}?(?:律师|法律专业人士|专业人士))",
    ],
}
NEGATED = {
    "en": r"\b(?:no\s+need|not\s+need|(?:do|does)\s*n[o']t\s+need|needn't|unnecessary|not\s+necessary|without\s+(?:a|an)\s+(?:lawyer|attorney))\b",
    "de": r"(?:nicht\s+(?:nötig|notwendig|erforderlich)|\bbrauch\w*\s+(?:\w+\s+)?kein\w*|\bbenötig\w*\s+(?:\w+\s+)?kein\w*|\bmüss\w*\s+(?:\w+\s+)?kein\w*|\bohne\s+(?:einen\s+)?(?:Rechts)?[Aa]nwalt)",
    "zh": r"(?:无需|无须|不需要|不必|没必要|用不着)",
}
_NOT_ADVICE_RE = {lang: [re.compile(p, re.IGNORECASE) for p in ps] for lang, ps in NOT_ADVICE.items()}
_CONSULT_RE = {lang: [re.compile(p, re.IGNORECASE) for p in ps] for lang, ps in CONSULT_LAWYER.items()}
_LAWYER_RE = {lang: re.compile(p, re.IGNORECASE) for lang, p in LAWYER.items()}
_NEGATED_RE = {lang: re.compile(p, re.IGNORECASE) for lang, p in NEGATED.items()}


@dataclass(frozen=True)
class Disclaimer:
    """What the detector found: ``kind`` is ``not_legal_advice`` or ``consult_lawyer``; ``text`` the sentence."""

    kind: str
    language: str
    text: str


# Cheap gates: a recommendation needs a lawyer word (or "legal advice"); most sentences of a long answer have none.
_GATE = {"en": re.compile(r"lawyer|attorney|solicitor|counsel|legal|law\s+firm", re.IGNORECASE),
         "de": _LAWYER_RE["de"], "zh": re.compile(r"律师|法律|专业人士")}


def _recommends_lawyer(lang: str, sentence: str) -> bool:
    if not _GATE[lang].search(sentence) or _NEGATED_RE[lang].search(sentence):
        return False
    if lang == "de":  # a frame and a lawyer word anywhere in the sentence
        return bool(_CONSULT_RE["de"][0].search(sentence) and _LAWYER_RE["de"].search(sentence))
    return any(p.search(sentence) for p in _CONSULT_RE[lang])


def find_disclaimer(text: str) -> Disclaimer | None:
    """The first disclaimer in ``text`` (every language's rules are tried on every sentence), else None."""
    if not isinstance(text, str) or not text:
        return None
    for sentence in _SENTENCE_SPLIT.split(text):
        s = sentence.strip()
        if not s:
            continue
        for lang in ("de", "en", "zh"):
            if any(p.search(s) for p in _NOT_ADVICE_RE[lang]):
                return Disclaimer("not_legal_advice", lang, s)
            if _recommends_lawyer(lang, s):
                return Disclaimer("consult_lawyer", lang, s)
    return None


# ---------------------------------------------------------------- citations and their statuses

def _checked_statuses(text: str, checker: Callable[[str], list]) -> list[tuple[str | None, str, str, bool | None]]:
    """``(key, status, text, confirmed)`` of every citation ``checker`` finds in ``text``."""
    out = []
    try:
        checked = checker(text)
    except Exception as e:  # no store, network fault …: say so instead of scoring without statuses
        raise RuntimeError(f"legalcite.check failed ({type(e).__name__}: {e}); give each citation a 'status' "
                           "or fix the check") from e
    for cc in checked:
        status = getattr(cc.status, "value", cc.status)
        out.append((cc.citation.key, str(status), cc.citation.text, getattr(cc, "confirmed", None)))
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


def task_citations(row: Row, answer: str, *, resolver: KeyResolver,
                   checker: Callable[[], Callable[[str], list]]) -> tuple[list[dict[str, Any]], bool]:
    """The task's citations as ``{"key", "text", "status", "confirmed", "source"}``; ``source`` says whether the
    status was ``given`` or ``checked``. A given status is a person's grade and counts as confirmed unless the
    citation says ``"confirmed": false``; a checked one carries the check's ``confirmed``. Returns also whether
    the check ran."""
    tid = row_id(row)
    given = row.data.get("citations")
    ran = False
    if given is None:
        ran = True
        return [{"key": k, "text": t, "status": s, "confirmed": cf, "source": "checked"}
                for k, s, t, cf in _checked_statuses(answer, checker())], ran
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
            confirmed = c.get("confirmed", True) if isinstance(c, dict) else True
            if not isinstance(confirmed, bool):
                raise ScoreInputError(f"{row.where()}: 'confirmed' must be true or false, not {confirmed!r}")
            for k in ks or (None,):
                out.append({"key": k, "text": text, "status": status,
                            "confirmed": confirmed if status in _DEDUCTED else None, "source": "given"})
            continue
        ran = True
        if answer_checked is None:
            answer_checked = {}
            for k, s, _t, cf in _checked_statuses(answer, checker()):
                if k:
                    answer_checked.setdefault(k, []).append((s, cf))
        found = False
        for k in ks:
            if k in answer_checked:  # a deducted occurrence wins over a clean one, a confirmed one over the rest
                st, cf = sorted(answer_checked[k], key=lambda x: (x[0] not in _DEDUCTED, x[1] is not True))[0]
                out.append({"key": k, "text": text, "status": st, "confirmed": cf, "source": "checked"})
                found = True
        if not found:  # not in the answer text (or not found there): check the string on its own
            for k, s, t, cf in _checked_statuses(text, checker()):
                out.append({"key": k, "text": text, "status": s, "confirmed": cf, "source": "checked"})
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
        ok = need_bool(c["met"], row.where(), "met")
        total += w
        met += w if ok else 0
        all_met = all_met and ok
    if total == 0:
        raise ScoreInputError(f"{row.where()}: criteria weights sum to 0")
    return met / total, all_met


def task_points(share: Fraction, deducted: int, disclaimer: bool, truncated: bool = False) -> Fraction:
    """max(0, share − 0.25 × deducted − 0.05 × (no disclaimer)), exactly; 0 for an answer cut at the token limit."""
    if truncated:
        return Fraction(0)
    return max(Fraction(0), share - CITATION_PENALTY * deducted - (0 if disclaimer else DISCLAIMER_PENALTY))


def counts_against(c: dict[str, Any], deduct: str = "confirmed") -> bool:
    """Whether a citation costs points: its status is deducted and, under ``deduct="confirmed"`` (the default,
    LexAssay: "a deduction needs evidence"), two independent signals confirmed it."""
    return c["status"] in _DEDUCTED and (deduct == "unconfirmed" or c.get("confirmed", True) is True)


def distinct_deducted(cites: Sequence[dict[str, Any]], deduct: str = "confirmed") -> list[dict[str, Any]]:
    """The deducted citations (:func:`counts_against` under ``deduct``), "the same citation counts once": one
    entry per key that no other deducted key
    refines. A key that is a segment prefix of another deducted key (``§ 823 BGB`` beside ``§ 823 Abs. 1 BGB``)
    is the same citation, less precise, and joins that one's group; ``§ 823 I BGB`` and ``§ 823 Abs. 1 BGB``
    share a key. Two keys neither of which is a prefix of the other (``§ 823 Abs. 1`` and ``§ 823 Abs. 2``) are
    two citations. A citation without a key counts once per distinct text. Returns ``{"key", "also"}``, sorted."""
    keys = sorted({c["key"] for c in cites if counts_against(c, deduct) and c["key"]})
    texts = sorted({f"?{c['text']}" for c in cites if counts_against(c, deduct) and not c["key"]})
    groups = {k: [] for k in keys if not any(less_precise(k, other) for other in keys)}
    for k in keys:
        if k not in groups:  # joins every more precise key it prefixes; listed under the first of them
            groups[next(g for g in groups if less_precise(k, g))].append(k)
    return [{"key": k, "also": also} for k, also in sorted(groups.items())] + [{"key": t, "also": []} for t in texts]


def truncated_at_limit(row: Row) -> bool:
    """Whether the runner says the answer stopped at the token limit (``finish_reason: "length"``)."""
    out = False
    for name, value in TRUNCATED.items():
        v = row.data.get(name)
        if v is not None and not isinstance(v, str):
            raise ScoreInputError(f"{row.where()}: {name!r} must be a string, not {v!r}")
        out = out or v == value
    return out


def round_half_up(x: Fraction, ndigits: int) -> float:
    q = Decimal(1).scaleb(-ndigits)
    return float((Decimal(x.numerator) / Decimal(x.denominator)).quantize(q, rounding=ROUND_HALF_UP))


def score(tasks: str | Sequence[Row], *, text_field: str | None = None, ndigits: int = 1,
          checker: Callable[[str], list] | None = None, parse: Callable[..., list] | None = None,
          check_options: dict[str, Any] | None = None, deduct: str = "confirmed") -> dict[str, Any]:
    """The LexAssay report for a task file (path or rows); ``checker`` defaults to :func:`legalcite.check`
    called with ``check_options`` (e.g. ``{"store": path}``). The answer text is ``text_field`` when given,
    else the first of :data:`ANSWER_FIELDS` a line has; a line with none of them is an error. ``deduct``:
    ``confirmed`` (default) deducts only confirmed misattributed/invented verdicts, ``unconfirmed`` every one;
    the others are listed per task under ``unconfirmed_citations``."""
    if deduct not in DEDUCT_POLICIES:
        raise ScoreInputError(f"deduct must be one of {', '.join(DEDUCT_POLICIES)}, not {deduct!r}")
    fields = (text_field,) if text_field else ANSWER_FIELDS
    rows = rows_of(tasks)
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
    n_checked = n_no_disclaimer = n_cite_deducted = n_unconfirmed = 0
    truncated_ids: list[str] = []
    for row in rows:
        field, answer = find_text(row, fields)
        if field is None:
            raise expected_fields(row, fields, "answer text")
        share, all_met = criteria_share(row)
        truncated = truncated_at_limit(row)
        cites, ran = task_citations(row, answer or "", resolver=resolver, checker=get_checker)
        n_checked += ran
        for c in cites:
            status_counts[c["status"]] = status_counts.get(c["status"], 0) + 1
        groups = distinct_deducted(cites, deduct)
        deducted = [g["key"] for g in groups]
        spared = sorted({c["key"] or f"?{c['text']}" for c in cites
                         if c["status"] in _DEDUCTED and not counts_against(c, deduct)})
        n_unconfirmed += bool(spared)
        disc = find_disclaimer(answer or "")
        pts = task_points(share, len(deducted), disc is not None, truncated)
        total += pts
        clean = all_met and not deducted and not truncated
        all_met_count += clean
        n_no_disclaimer += disc is None
        n_cite_deducted += bool(deducted)
        if truncated:
            truncated_ids.append(row_id(row))
        per_task.append({
            "id": row_id(row), "criteria_share": rounded(float(share)), "all_criteria_met": clean,
            "deducted_citations": deducted, "deducted_groups": groups, "unconfirmed_citations": spared,
            "citation_deduction": rounded(float(CITATION_PENALTY * len(deducted))),
            "disclaimer": None if disc is None else {"kind": disc.kind, "language": disc.language,
                                                     "text": disc.text[:200]},
            "disclaimer_deduction": 0.0 if disc else float(DISCLAIMER_PENALTY),
            "truncated": truncated, "answer_field": field,
            "points": rounded(float(pts)), "citations": cites,
        })
    n = len(rows)
    exact = total / n * 100 if n else Fraction(0)
    return {
        "metric": "lexassay", "schema": SCHEMA_VERSION, "n_tasks": n,
        "score": round_half_up(exact, ndigits) if n else None, "score_exact": rounded(float(exact)) if n else None,
        "ndigits": ndigits, "all_criteria_met": all_met_count, "deduct": deduct,
        "deductions": {"tasks_with_citation_deduction": n_cite_deducted,
                       "tasks_with_unconfirmed_not_deducted": n_unconfirmed,
                       "tasks_without_disclaimer": n_no_disclaimer, "tasks_truncated": len(truncated_ids)},
        "truncated": truncated_ids,
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
