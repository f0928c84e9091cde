"""The one type that flows through every stage: :class:`Citation`.

Standard library only, so ``import legalcite`` stays light. Citations are frozen and hashable;
equality and hash follow *what* was cited (key, pin, form), not *where* (span, text), so repeats group.
Stages that add knowledge (link, resolve) return new objects via :func:`dataclasses.replace`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping

from legalcite import keys as _keys


class Kind(str, Enum):
    """What a citation points at."""

    STATUTE = "statute"      # a provision of a statute, code, regulation, constitution, rule
    CASE = "case"            # a court decision (by docket, or volume/reporter/page in the US)
    REPORTER = "reporter"    # a German reporter cite (BGHZ 100, 1; NJW 2014, 2353)
    INTERPRETATION = "interpretation"  # a PRC judicial interpretation by document number (法释〔2020〕26号)


class Form(str, Enum):
    """How the citation was written: full, or a form that needs an antecedent."""

    FULL = "full"
    SHORT = "short"    # "section 1542", "§ 1671(b)", "550 U.S. at 570", "前条"
    ID = "id"          # "Id.", "Ibid.", "ebd.", "同法", "该法"
    SUPRA = "supra"


@dataclass(frozen=True, slots=True)
class Unit:
    """One level of a provision: ``label`` (``s``, ``abs``, ``art``, ``para``, ``t``, or ``""`` for bare
    USLM-style sub-units) and its ``value`` as printed after numeral normalisation (``823a``, ``1``, ``C``)."""

    label: str
    value: str

    @property
    def segment(self) -> str:
        return f"{self.label}{self.value}"


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int

    def __iter__(self):  # allows ``start, end = citation.span``
        yield self.start
        yield self.end


@dataclass(frozen=True, slots=True)
class Citation:
    """A citation found in (or parsed from) text.

    ``key`` is the canonical key of DESIGN.md §2, derived from ``jurisdiction``, ``work`` and ``units``.
    A short form whose work is unknown until linking has ``work=None`` and ``key=None``.
    ``meta`` holds optional facts of the kind (court, date, docket, case name, year, ``aF``/``nF`` …) as a
    read-only mapping; it takes no part in equality.
    """

    jurisdiction: str | None
    kind: Kind
    work: str | None
    units: tuple[Unit, ...] = ()
    span: Span = Span(0, 0)
    text: str = ""
    pin: str | None = None
    form: Form = Form.FULL
    antecedent: int | None = None  # index, in the same extraction result, of the citation this one refers to
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str | None:
        if self.jurisdiction is None or self.work is None:
            return None
        return _keys.join(self.jurisdiction, self.work, [u.segment for u in self.units])

    def key_at(self, level: str = "full") -> str | None:
        """The key truncated to ``work``, ``unit`` or ``full`` (see :func:`legalcite.keys.key_at`)."""
        k = self.key
        return None if k is None else _keys.key_at(k, level)

    def replace(self, **changes: Any) -> "Citation":
        return dataclasses.replace(self, **changes)

    def _identity(self) -> tuple:
        return (self.key, self.kind, self.pin, self.form, self.work, self.units)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Citation):
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the fields ``legalcite extract --format jsonl`` prints."""
        d: dict[str, Any] = {
            "key": self.key,
            "jurisdiction": self.jurisdiction,
            "kind": self.kind.value,
            "work": self.work,
            "units": [u.segment for u in self.units],
            "span": [self.span.start, self.span.end],
            "text": self.text,
            "form": self.form.value,
        }
        if self.pin is not None:
            d["pin"] = self.pin
        if self.antecedent is not None:
            d["antecedent"] = self.antecedent
        if self.meta:
            d["meta"] = dict(self.meta)
        return d


def units_from_segments(segments: list[str] | tuple[str, ...]) -> tuple[Unit, ...]:
    """Split key segments (``s823``, ``abs1``, ``a``) back into :class:`Unit` objects."""
    return tuple(Unit(*_keys.split_segment(s)) for s in segments)


def citation_from_key(key: str, *, text: str = "", span: Span = Span(0, 0)) -> Citation:
    """Build a Citation from a canonical key (for gold sets given as keys)."""
    jur, work, segs = _keys.split(key)
    if work in ("case", "ecli"):  # eu/ecli/c-2010-215: a decision cited by its ECLI alone
        kind, units = Kind.CASE, tuple(Unit("", s) for s in segs)
    elif work == "rep":
        kind, units = Kind.REPORTER, tuple(Unit("", s) for s in segs)
    else:
        kind, units = Kind.STATUTE, units_from_segments(segs)
    return Citation(jur, kind, work, units, span, text or key)
