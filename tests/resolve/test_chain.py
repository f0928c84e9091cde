"""The chain of resolvers: each later one is asked only about what the earlier ones left undecided — decided by
the typed ``Undecided``, never by a reason's wording; a decisive later answer replaces the earlier one, an
undecided one is joined to it."""
from __future__ import annotations

import pytest

from legalcite.models import citation_from_key
from legalcite.resolve import Chain, Resolution
from legalcite.status import CheckedCitation, Evidence, Status, Undecided


class Table:
    """A resolver answering from a table: key → (status, reason, why)."""

    def __init__(self, name: str, answers: dict[str, tuple[Status, str, Undecided | None]]) -> None:
        self.name, self.answers, self.asked = name, answers, []

    def resolve(self, citations, language=None):
        self.asked.append([c.key for c in citations])
        out = []
        for c in citations:
            status, reason, why = self.answers[c.key]
            out.append(Resolution(CheckedCitation(c, status, reason, (Evidence(self.name, c.key),), None, why),
                                  unit=f"{self.name}-unit" if status is Status.REAL else None))
        return out


KEYS = ["de/bgb/s823", "us/case/5/u.s./137", "us-ca/civ/s1671", "de/bgb/s9999"]
FIRST = Table("store", {
    "de/bgb/s823": (Status.REAL, "exists", None),
    # the wording says "offline" and "checked" — the chain must not care
    "us/case/5/u.s./137": (Status.NOT_CHECKED, "not checked offline", Undecided.NOT_COVERED),
    "us-ca/civ/s1671": (Status.NOT_CHECKED, "partial snapshot", Undecided.PARTIAL),
    "de/bgb/s9999": (Status.INVENTED, "no § 9999 (offline)", None),
})


def test_later_resolvers_see_only_the_undecided() -> None:
    second = Table("online", {"us/case/5/u.s./137": (Status.REAL, "found", None),
                              "us-ca/civ/s1671": (Status.NOT_CHECKED, "down", Undecided.FAULT)})
    out = Chain([FIRST, second]).resolve([citation_from_key(k) for k in KEYS])
    assert second.asked == [["us/case/5/u.s./137", "us-ca/civ/s1671"]]
    assert [r.checked.status for r in out] == [Status.REAL, Status.REAL, Status.NOT_CHECKED, Status.INVENTED]
    assert out[0].unit == "store-unit" and out[1].unit == "online-unit"  # the unit of whoever decided
    joined = out[2].checked
    assert joined.reason == "partial snapshot; online: down" and joined.undecided is Undecided.FAULT
    assert [e.source for e in joined.evidence] == ["store", "online"]


def test_nothing_to_look_up_is_not_passed_on() -> None:
    first = Table("store", {"de/bgb/s1": (Status.NOT_CHECKED, "no key", Undecided.NO_KEY)})
    second = Table("online", {})
    [res] = Chain([first, second]).resolve([citation_from_key("de/bgb/s1")])
    assert second.asked == [] and res.checked.reason == "no key"


def test_a_chain_stops_when_all_is_decided() -> None:
    decided = Table("store", {"de/bgb/s823": (Status.REAL, "exists", None)})
    never = Table("online", {})
    Chain([decided, never]).resolve([citation_from_key("de/bgb/s823")])
    assert never.asked == []
    with pytest.raises(ValueError):
        Chain([])
