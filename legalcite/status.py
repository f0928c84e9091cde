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

    def to_dict(self) -> dict[str, Any]:
        d = self.citation.to_dict()
        d.update(
            status=self.status.value,
            reason=self.reason,
            checked_key=self.checked_key,
            evidence=[e.to_dict() for e in self.evidence],
        )
        return d
