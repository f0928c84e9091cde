"""The one type that flows through every stage: :class:`Citation`.

Standard library only, so ``import legalcite`` stays light. Citations are frozen and hashable;
equality and hash follow *what* was cited (key, pin, form), not *where* (span, text), so repeats group.
Stages that add knowledge (link, resolve) return new objects via :func:`dataclasses.replace`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from legalcite import keys as _keys


class Kind(str, Enum):
    """What a citation points at."""

    STATUTE = "statute"      # a provision of a statute, code, regulation, constitution, rule
    CASE = "case"            # a court decision (by docket, or volume/reporter/page in the US)
    REPORTER = "reporter"    # a reporter or journal cite keyed by the reporter (BGHZ 100, 1; BGE 140 III 86)
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
        """The unit as one key segment (``abs1``, ``s823a``): its label and value joined."""
        return f"{self.label}{self.value}"


@dataclass(frozen=True, slots=True)
class Span:
    """Where a citation stands in the text it was found in: character offsets, ``end`` exclusive
    (``text[start:end]``)."""

    start: int
    end: int

    def __iter__(self) -> Iterator[int]:  # allows ``start, end = citation.span``
        yield self.start
        yield self.end


# ---------------------------------------------------------------- typed metadata, one class per kind

def _public(value: Any) -> bool:
    return value is not None and value is not False and value != () and value != ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Metadata:
    """Facts a citation states besides its key, typed per :class:`Kind` (eyecite-style). Every field is
    optional; :meth:`to_dict` gives the ones that are set. Metadata takes no part in a citation's equality."""

    id_form: str | None = None        # "ebd., Rn. 5" / "a.a.O." as printed, when this repeats the citation before it

    def to_dict(self) -> dict[str, Any]:
        """The fields that are set, as JSON values (None, False, ``()`` and ``""`` left out; tuples as lists): a
        citation's ``metadata`` object."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if _public(v):
                out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class StatuteMetadata(Metadata):
    """A provision of a statute, code, regulation, constitution or rule."""

    version: str | None = None        # "a.F." / "n.F." as printed: the old or new wording of a German provision
    following: str | None = None      # "ff." / "et seq.": the unit stands for itself and those after it
    unknown_work: str | None = None   # a law name no table knows, as printed ("FantasieG"): its key keeps that name
    implausible: str | None = None    # why this jurisdiction's reading is unlikely ("Art." of a German law cited by §)
    work_name: str | None = None      # the code's name as printed where the key abbreviates it ("Civil Code")
    work_only: bool = False           # a law named without a unit ("des Einkommensteuergesetzes")
    # the citation's language where it differs from the law's ("en": PRC law in English)
    language: str | None = None
    jurisdiction_candidates: tuple[str, ...] = ()  # where the context did not decide ("Civil Code section 1542")
    unkeyed_level: str | None = None  # a printed level the key has no label for ("Teil B"): the key stops above it
    read_as: str | None = None        # an irregular form and how it was read ("第三百零十条 read as 第三百一十条")


@dataclass(frozen=True, slots=True, kw_only=True)
class CaseMetadata(Metadata):
    """A court decision, by docket (Germany, China) or by volume, reporter and page (US, California)."""

    court: str | None = None          # "BAG", "OLG München"; US: the court in the year's parenthetical
    date: str | None = None           # the decision date as printed
    decision_type: str | None = None  # "Urteil", "Beschluss" …
    docket: str | None = None         # "2 AZR 363/21" as printed
    ecli: str | None = None
    case_name: str | None = None      # "Marbury v. Madison" (the parties: :attr:`parties`)
    year: str | None = None
    volume: str | None = None         # US: volume and reporter (reporters-db's canonical abbreviation) …
    reporter: str | None = None
    reporter_printed: str | None = None  # … and the reporter as the text prints it ("Cal.4th")
    nominative: str | None = None     # a nominative reporter in parentheses: "(1 Cranch)"
    parallel: tuple[str, ...] = ()    # the same decision in other reporters: "89 S. Ct. 733"
    antecedent_guess: str | None = None  # a supra's name before "supra" ("Twombly")

    @property
    def parties(self) -> tuple[str, str] | None:
        """``Marbury v. Madison`` → (``Marbury``, ``Madison``); None without an ``X v. Y`` case name."""
        first, sep, second = (self.case_name or "").partition(" v. ")
        return (first, second) if sep and first and second else None


@dataclass(frozen=True, slots=True, kw_only=True)
class ReporterMetadata(Metadata):
    """A reporter or journal cite keyed by the reporter (``BGHZ 164, 11``, ``NJW 2014, 2353``, ``BGE 140 III 86``),
    and the decision it reports where the citation names it (``BGH GRUR 2006, 930``)."""

    reporter: str | None = None       # the reporter as printed, with its series ("BStBl II")
    court: str | None = None          # "BGH"
    date: str | None = None           # the decision date as printed
    decision_type: str | None = None  # "Urteil", "Beschluss" …


METADATA_OF: dict[Kind, type[Metadata]] = {
    Kind.STATUTE: StatuteMetadata,
    Kind.CASE: CaseMetadata,
    Kind.REPORTER: ReporterMetadata,
    Kind.INTERPRETATION: Metadata,  # a document number (法释〔2020〕26号) states nothing else
}
_EMPTY = {kind: cls() for kind, cls in METADATA_OF.items()}  # frozen: one shared empty instance per kind
_NO_FLAGS: Mapping[str, Any] = MappingProxyType({})  # read-only: one shared empty mapping


@dataclass(frozen=True, slots=True, kw_only=True)
class Citation:
    """A citation found in (or parsed from) text. Built by keyword only.

    ``key`` is the canonical key of docs/keys.md, derived from ``jurisdiction``, ``work`` and ``units``.
    A short form whose work is unknown until linking has ``work=None`` and ``key=None``.
    ``metadata`` holds the typed facts of its kind (:data:`METADATA_OF`: court, date, docket, case name, year,
    ``a.F.``/``n.F.`` …; the kind's empty metadata when not given). ``_link`` holds flags that only the linkers
    read (``section_short``, ``ref`` …): private, neither in :meth:`to_dict` nor in equality, as metadata is not.
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
    # the two defaults below are None in __init__ only (mypy reads a field's type as its parameter's): __init__
    # stores the kind's empty metadata and an empty mapping instead, so the fields are never None
    metadata: Metadata = None  # type: ignore[assignment]  # None → the kind's empty metadata
    _link: Mapping[str, Any] = field(default=None, repr=False)  # type: ignore[arg-type]  # None → no flags

    # __init__: :func:`_fast_init` (below) replaces the dataclass's, which sets each field through the frozen
    # class's ``object.__setattr__`` — a third of the pipeline's cost of building a citation

    def _checked_metadata(self, metadata: Metadata | None) -> Metadata:
        """``metadata``, or the kind's empty one for None; a TypeError for another kind's metadata."""
        if metadata is None:
            return _EMPTY[self.kind]
        if type(metadata) is not METADATA_OF[self.kind]:
            raise TypeError(f"a {self.kind.value} citation takes {METADATA_OF[self.kind].__name__}, "
                            f"not {type(metadata).__name__}")
        return metadata

    @property
    def key(self) -> str | None:
        """The canonical key (``de/bgb/s823/abs1``, docs/keys.md), or None while the work is unknown."""
        if self.jurisdiction is None or self.work is None:
            return None
        return _keys.join(self.jurisdiction, self.work, [u.segment for u in self.units])

    def key_at(self, level: str = "full") -> str | None:
        """The key truncated to ``work``, ``unit`` or ``full`` (see :func:`legalcite.keys.key_at`)."""
        k = self.key
        return None if k is None else _keys.key_at(k, level)

    if TYPE_CHECKING:  # generated by :func:`_fast_replace` (below): a copy through ``__init__``, checked alike
        def replace(self, **changes: Any) -> "Citation": ...

    def _identity(self) -> tuple[str | None, Kind, str | None, Form, str | None, tuple[Unit, ...]]:
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
        metadata = self.metadata.to_dict()
        if metadata:
            d["metadata"] = metadata
        return d


def _fast_init(cls: type, stores: Mapping[str, str] = MappingProxyType({})) -> None:
    """Give the frozen, slotted dataclass ``cls`` an ``__init__`` that stores each field through its slot's own
    setter (a frozen dataclass's stores each through ``object.__setattr__``, several times the cost; the pipeline
    builds a citation per provision found, and its units and span). Generated from the dataclass's fields, as
    :mod:`dataclasses` does: the same signature (keyword-only fields too) and defaults. ``stores``: per field, the
    expression stored instead of the argument (Citation's checked metadata)."""
    fields = dataclasses.fields(cls)
    ns: dict[str, Any] = {"_NO_FLAGS": _NO_FLAGS}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields:
        if not f.init or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: _fast_init writes plain defaults of init fields only")
        ns[f"_set_{f.name}"] = next(k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__).__set__
        if f.default is dataclasses.MISSING:
            param = f.name
        else:
            ns[f"_default_{f.name}"] = f.default
            param = f"{f.name}=_default_{f.name}"
        (keyword if f.kw_only else positional).append(param)
        body.append(f"    _set_{f.name}(self, {stores.get(f.name, f.name)})")
    params = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    exec(f"def __init__({params}) -> None:\n" + "\n".join(body), ns)  # noqa: S102
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # a generated method: set on the class, as dataclasses does


_fast_init(Unit)
_fast_init(Span)
for _cls in METADATA_OF.values():
    _fast_init(_cls)
# metadata None → the kind's empty metadata (checked: another kind's is refused), _link None → no flags; the kind
# is stored before the metadata is checked (fields in order)
_fast_init(Citation, {"metadata": "self._checked_metadata(metadata)", "_link": "_NO_FLAGS if _link is None else _link"})


def _fast_replace(cls: type) -> None:
    """Give ``cls`` a ``replace`` with one keyword parameter per field (default: keep), generated as
    :func:`_fast_init` is: a copy through ``__init__`` with no dict of all fields built and merged (the linkers
    replace a citation per short form they bind)."""
    names = [f.name for f in dataclasses.fields(cls)]
    ns: dict[str, Any] = {"_KEEP": object(), "_cls": cls}
    params = ", ".join(f"{n}=_KEEP" for n in names)
    args = ", ".join(f"{n}=self.{n} if {n} is _KEEP else {n}" for n in names)
    exec(f"def replace(self, *, {params}):\n    return _cls({args})", ns)  # noqa: S102
    replace = ns["replace"]
    replace.__qualname__ = f"{cls.__qualname__}.replace"
    replace.__doc__ = ("A copy with the given fields changed (as dataclasses.replace: through __init__, so checked "
                       "alike; an unknown field is a TypeError).")
    setattr(cls, "replace", replace)


_fast_replace(Citation)


def units_from_segments(segments: list[str] | tuple[str, ...]) -> tuple[Unit, ...]:
    """Split key segments (``s823``, ``abs1``, ``a``) back into :class:`Unit` objects."""
    return tuple(Unit(*_keys.split_segment(s)) for s in segments)


def citation_from_key(key: str, *, text: str = "", span: Span = Span(0, 0)) -> Citation:
    """Build a Citation from a canonical key (for gold sets given as keys)."""
    jur, work, segs = _keys.split(key)
    kind = _kind_of(jur, work)
    units = units_from_segments(segs) if kind is Kind.STATUTE else tuple(Unit("", s) for s in segs)
    return Citation(jurisdiction=jur, kind=kind, work=work, units=units, span=span, text=text or key)


def _kind_of(jurisdiction: str, work: str) -> Kind:
    """What a key of ``work`` names, as its jurisdiction's key scheme declares it (:func:`legalcite.keys.work_kind`):
    a reporter cite (``de/rep/…``), a decision (``us/case/…``, ``eu/ecli/…``), else a provision."""
    kind = _keys.work_kind(jurisdiction, work)
    return Kind.REPORTER if kind == "reporter" else Kind.CASE if kind == "document" else Kind.STATUTE
