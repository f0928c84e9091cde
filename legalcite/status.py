"""Statuses of DESIGN.md §3 and the evidence each one carries. Standard library only.

Resolvers (store or official source) return a :class:`CheckedCitation` per citation; they never mutate the
frozen :class:`~legalcite.models.Citation`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

from legalcite.models import Citation


class Status(str, Enum):
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
        return {k: v for k, v in asdict(self).items() if v not in (None, {}, [])}


@dataclass(frozen=True)
class CheckedCitation:
    citation: Citation
    status: Status
    reason: str                      # a sentence a person can read
    evidence: tuple[Evidence, ...] = ()
    checked_key: str | None = None   # the unit that was checked (may be coarser than the citation's key)
    undecided: Undecided | None = None  # why, when the status is not_checked (None for a decided status)

    def to_dict(self) -> dict[str, Any]:
        d = self.citation.to_dict()
        d.update(
            status=self.status.value,
            reason=self.reason,
            checked_key=self.checked_key,
            evidence=[e.to_dict() for e in self.evidence],
        )
        return d
