"""One interface for every way of deciding a citation's status, and the chain that asks them in turn.

A :class:`Resolver` takes citations and returns one :class:`Resolution` each: the
:class:`~legalcite.status.CheckedCitation` (status, reason, evidence) and, from the store, the unit that was
checked (the misattribution test reads its text). The :class:`Chain` asks its first resolver about every
citation and each later one about what the earlier ones left ``not_checked`` — the store first, then the
official sources online. What is passed on is decided from the typed :class:`~legalcite.status.Undecided`, never
from the wording of a reason.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from legalcite.models import Citation
from legalcite.status import CheckedCitation, Status, Undecided


@dataclass(frozen=True)
class Resolution:
    """One citation's verdict from a resolver, with the store's unit that was checked where there is one."""

    checked: CheckedCitation
    unit: Any = None          # the store's CorpusUnit that was checked (for the misattribution test), else None

    @property
    def undecided(self) -> bool:
        """Whether the verdict is ``not_checked`` (a later resolver of the chain may decide it)."""
        return self.checked.status is Status.NOT_CHECKED

    @property
    def worth_asking_on(self) -> bool:
        """Undecided, and something a later resolver could look up (an unlinked short form has no key)."""
        return self.undecided and self.checked.undecided is not Undecided.NO_KEY


class Resolver(Protocol):
    """One way of deciding citations' statuses (the store, the official sources online), as a :class:`Chain` asks it."""

    name: str   # named in a reason when an earlier resolver's "not checked" is joined with this one's

    def resolve(self, citations: Sequence[Citation], language: str | None = None) -> list[Resolution]:
        """A resolution per citation, in order; ``language``: the answer's (None: unknown), which reasons name
        provisions in where a printer has forms in it."""
        ...


@runtime_checkable
class Reviewer(Protocol):
    """A resolver that also reviews verdicts an earlier resolver decided: it returns them, each kept, confirmed
    (two sources agree) or replaced (its source is more current), in the same order."""

    def review(self, checked: Sequence[CheckedCitation]) -> list[CheckedCitation]:
        """The verdicts ``checked`` in the same order: each kept, confirmed or replaced."""


class Chain:
    """Resolvers in order; each later one is asked only about what the earlier ones left undecided. An answer
    that decides replaces the earlier one; one that does not is joined to it (reasons and evidence of both).
    A later resolver that is a :class:`Reviewer` then reviews the verdicts the earlier ones decided."""

    def __init__(self, resolvers: Sequence[Resolver]) -> None:
        if not resolvers:
            raise ValueError("a chain needs at least one resolver")
        self.resolvers = list(resolvers)

    def resolve(self, citations: Sequence[Citation], language: str | None = None) -> list[Resolution]:
        """A resolution per citation, in order: the first resolver's, each undecided one with a key asked of the later
        resolvers in turn, and every decided one reviewed by a later :class:`Reviewer`."""
        out = self.resolvers[0].resolve(citations, language)
        for r in self.resolvers[1:]:
            todo = [i for i, res in enumerate(out) if res.worth_asking_on]
            asked = set(todo)
            if todo:
                for i, ans in zip(todo, r.resolve([out[i].checked.citation for i in todo], language)):
                    out[i] = ans if not ans.undecided else _joined(out[i], ans, r.name)
            if isinstance(r, Reviewer):   # its second opinion on what the earlier resolvers decided
                decided = [i for i, res in enumerate(out) if i not in asked and not res.undecided]
                if decided:
                    for i, cc in zip(decided, r.review([out[i].checked for i in decided])):
                        out[i] = Resolution(cc, out[i].unit)
        return out


def _joined(before: Resolution, after: Resolution, name: str) -> Resolution:
    a, b = before.checked, after.checked
    return Resolution(dataclasses.replace(a, reason=f"{a.reason}; {name}: {b.reason}", evidence=a.evidence + b.evidence,
                                          undecided=b.undecided or a.undecided), before.unit)
