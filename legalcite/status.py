"""Statuses of docs/statuses.md and the evidence each one carries. Standard library only.

Resolvers (store or official source) return a :class:`CheckedCitation` per citation; they never mutate the
frozen :class:`~legalcite.models.Citation`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from typing import Any

from legalcite.models import Citation


class Status(str, Enum):
    """A citation's verdict (docs/statuses.md); the value is what output files carry in ``status``."""

    REAL = "real"                    # exists, and the statement it supports fits it
    MISATTRIBUTED = "misattributed"  # exists, does not support the statement
    INVENTED = "invented"            # the work is known (complete TOC) and the unit/sub-unit does not exist
    NOT_FINDABLE = "not_findable"    # no unambiguous hit: unknown law name, ambiguous short title
    NOT_CHECKED = "not_checked"      # no source covers it (US case offline, partial snapshot, network fault)
    REPEALED = "repealed"            # existed, not in force at the date asked


class Undecided(str, Enum):
    """Why a citation is ``not_checked``: typed, so that what to ask next (the online sources after the store) and
    what may be cached is decided from data, never from the wording of a reason."""

    NOT_COVERED = "not_covered"     # no source this resolver holds covers the work, kind or jurisdiction
    PARTIAL = "partial"             # the source covers the work, but lists only part of its units
    INCONCLUSIVE = "inconclusive"   # the source answered, and the answer decides nothing (page did not show it)
    FAULT = "fault"                 # the source could not be reached or answered unreadably: ask again later
    NO_KEY = "no_key"               # nothing to look up (an unlinked short form has no key)


# The statuses LexAssay deducts for (0.25 each distinct citation).
DEDUCTED = frozenset({Status.MISATTRIBUTED, Status.INVENTED})

# ``score lexassay --deduct``: which deducted verdicts cost points (docs/statuses.md: "scoring deducts only
# confirmed statuses unless asked otherwise").
DEDUCT_POLICIES = ("confirmed", "unconfirmed")


@dataclass(frozen=True)
class Evidence:
    """Where a status comes from: ``source`` (``store:de_toc.jsonl.gz``, ``gesetze-im-internet.de`` …),
    the canonical ``key`` that was looked up, the ``url`` where one exists, the snapshot or retrieval date,
    and optional details (unit text excerpt, similarity scores, replacement of a repealed law)."""

    source: str
    key: str | None = None
    url: str | None = None
    snapshot: str | None = None      # snapshot date or "retrieved 2026-11-30T10:00:00Z"
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields that are set (an empty one left out)."""
        return {k: v for k, v in asdict(self).items() if v not in (None, {}, [])}


@dataclass(frozen=True)
class CheckedCitation:
    """One citation's verdict.

    ``confirmed`` (LexAssay: "a deduction needs evidence: an error that only the automatic match reports is
    confirmed against a second source") says, for a deducted verdict (``misattributed``, ``invented``), whether
    two *independent* signals agree on it:

    * ``True``: two sources of a different origin both say so — the store snapshot and the official source
      online (``invented``), a case table and a second source (a case-name or volume mismatch), or two
      attribution models that differ in kind, lexical (BM25 / character n-grams) and dense (a multilingual
      embedder), both finding that another unit of the work fits the statement better (``misattributed``), or
      the rules and a model's opinion (``check --attribution-judge``) both finding that the cited text does not
      support it; a verdict a person gave (a task file's ``status``) counts as confirmed.
    * ``False``: one signal only — a store-only ``invented`` offline, an online-only one, a misattribution that
      only one model sees (or checked without unit vectors) or only a model's opinion. Reported, shown, but not
      deducted by default.
    * ``None``: every other status (nothing is deducted for it, so there is nothing to confirm).

    The checker fills it for every deducted verdict (:func:`settle_confirmed`); resolvers that have a second
    signal set it themselves."""

    citation: Citation
    status: Status
    reason: str                      # a sentence a person can read
    evidence: tuple[Evidence, ...] = ()
    checked_key: str | None = None   # the unit that was checked (may be coarser than the citation's key)
    undecided: Undecided | None = None  # why, when the status is not_checked (None for a decided status)
    confirmed: bool | None = None    # deducted verdicts only: two independent signals agree (see above)
    # ``real`` only: whether the claim was compared with the unit's content (False: the unit exists, and nothing
    # more was checked — an act known only from a table of contents, a claim too short; the attribution
    # evidence says why). None for the other statuses and where attribution was not asked.
    content_checked: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the citation's fields and the verdict's, as ``legalcite check`` writes them."""
        d = self.citation.to_dict()
        d.update(
            status=self.status.value,
            confirmed=self.confirmed,
            reason=self.reason,
            checked_key=self.checked_key,
            evidence=[e.to_dict() for e in self.evidence],
        )
        if self.content_checked is not None:
            d["content_checked"] = self.content_checked
        return d

    def deducted(self, deduct: str = "confirmed") -> bool:
        """Whether LexAssay deducts for this verdict under ``deduct`` (``confirmed``: only confirmed ones;
        ``unconfirmed``: every misattributed or invented one)."""
        if deduct not in DEDUCT_POLICIES:
            raise ValueError(f"deduct must be one of {DEDUCT_POLICIES}, not {deduct!r}")
        return self.status in DEDUCTED and (deduct == "unconfirmed" or self.confirmed is True)


def settle_confirmed(checked: CheckedCitation) -> CheckedCitation:
    """``confirmed`` made explicit: ``False`` for a deducted verdict no second signal confirmed, ``None`` for any
    other status (a verdict that moved from deducted to ``real`` loses its flag)."""
    if checked.status in DEDUCTED:
        return checked if checked.confirmed is not None else replace(checked, confirmed=False)
    return checked if checked.confirmed is None else replace(checked, confirmed=None)
