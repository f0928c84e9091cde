"""Citations are built by keyword and carry typed metadata per kind; linking flags stay private."""
from __future__ import annotations

import dataclasses

import pytest

from legalcite.models import (METADATA_OF, CaseMetadata, Citation, Kind, Metadata, ReporterMetadata, Span,
                              StatuteMetadata, Unit, citation_from_key)


def test_keyword_construction_only() -> None:
    with pytest.raises(TypeError):
        Citation("de", Kind.STATUTE, "bgb")  # type: ignore[misc]
    c = Citation(jurisdiction="de", kind=Kind.STATUTE, work="bgb", units=(Unit("s", "823"),), span=Span(3, 12))
    assert c.key == "de/bgb/s823"


@pytest.mark.parametrize("kind,cls", [(Kind.STATUTE, StatuteMetadata), (Kind.CASE, CaseMetadata),
                                      (Kind.REPORTER, ReporterMetadata), (Kind.INTERPRETATION, Metadata)])
def test_each_kind_gets_its_metadata_type(kind: Kind, cls: type) -> None:
    c = Citation(jurisdiction="de", kind=kind, work="x")
    assert type(c.metadata) is cls is METADATA_OF[kind]
    assert "metadata" not in c.to_dict()  # nothing set, nothing printed


def test_metadata_of_another_kind_is_refused() -> None:
    with pytest.raises(TypeError, match="statute citation takes StatuteMetadata"):
        Citation(jurisdiction="de", kind=Kind.STATUTE, work="bgb", metadata=CaseMetadata(court="BGH"))


def test_to_dict_prints_the_set_fields_only() -> None:
    c = Citation(jurisdiction="us", kind=Kind.CASE, work="case",
                 units=(Unit("", "5"), Unit("", "u.s."), Unit("", "137")),
                 metadata=CaseMetadata(case_name="Marbury v. Madison", year="1803", parallel=("1 Cranch 137",)))
    assert c.to_dict()["metadata"] == {"case_name": "Marbury v. Madison", "year": "1803", "parallel": ["1 Cranch 137"]}


def test_metadata_and_link_flags_take_no_part_in_equality() -> None:
    base = dict(jurisdiction="de", kind=Kind.STATUTE, work="bgb", units=(Unit("s", "823"),))
    a = Citation(**base, metadata=StatuteMetadata(version="a.F."), _link={"section_short": True})
    b = Citation(**base)
    assert a == b and hash(a) == hash(b)
    assert "_link" not in a.to_dict() and "section_short" not in str(a.to_dict())


def test_metadata_is_frozen_and_keyword_only() -> None:
    m = StatuteMetadata(version="n.F.")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.version = "a.F."  # type: ignore[misc]
    with pytest.raises(TypeError):
        StatuteMetadata("n.F.")  # type: ignore[misc]


def test_citation_from_key_gets_the_kind_from_the_key() -> None:
    assert type(citation_from_key("us/case/5/u.s./137").metadata) is CaseMetadata
    assert type(citation_from_key("de/rep/bghz/100/1").metadata) is ReporterMetadata
    assert type(citation_from_key("de/bgb/s823").metadata) is StatuteMetadata


def test_init_keeps_the_dataclass_signature_defaults_and_frozenness() -> None:
    """Citation's __init__ is generated (models._fast_init): the fields' defaults, keyword-only, frozen."""
    c = Citation(jurisdiction="de", kind=Kind.STATUTE, work="bgb")
    for f in dataclasses.fields(Citation):
        if f.name not in ("jurisdiction", "kind", "work", "metadata", "_link"):
            assert getattr(c, f.name) == f.default, f.name
    assert c.metadata == StatuteMetadata() and c._link == {}
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'work'"):
        Citation(jurisdiction="de", kind=Kind.STATUTE)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Citation(jurisdiction="de", kind=Kind.STATUTE, work="bgb", colour="red")  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.pin = "3"  # type: ignore[misc]


def test_replace_checks_as_construction_does() -> None:
    c = Citation(jurisdiction="de", kind=Kind.STATUTE, work="bgb", units=(Unit("s", "823"),), span=Span(3, 12),
                 metadata=StatuteMetadata(version="a.F."), _link={"ref": 1})
    r = c.replace(pin="Rn. 3")
    assert (r.pin, r.span, r.metadata, r._link, r.key) == ("Rn. 3", c.span, c.metadata, c._link, c.key)
    assert dataclasses.replace(c, pin="Rn. 3") == r
    assert c.replace(metadata=None).metadata == StatuteMetadata()
    with pytest.raises(TypeError, match="case citation takes CaseMetadata"):
        c.replace(kind=Kind.CASE)


@pytest.mark.parametrize("cls,args", [(Unit, ("s", "823")), (Span, (3, 12))])
def test_units_and_spans_keep_positional_and_keyword_construction(cls: type, args: tuple) -> None:
    names = [f.name for f in dataclasses.fields(cls)]
    assert cls(*args) == cls(**dict(zip(names, args))) == cls(args[0], **{names[1]: args[1]})
    assert tuple(getattr(cls(*args), n) for n in names) == args
    with pytest.raises(TypeError):
        cls(args[0])
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(cls(*args), names[0], args[1])


@pytest.mark.parametrize("cls", list(METADATA_OF.values()))
def test_metadata_keeps_keyword_only_defaults_and_frozenness(cls: type) -> None:
    """The metadata classes' __init__ is generated too (models._fast_init), inherited fields (id_form) included."""
    m = cls(id_form="ebd.")
    assert m.id_form == "ebd." and all(getattr(m, f.name) == f.default for f in dataclasses.fields(cls)
                                       if f.name != "id_form")
    assert m.to_dict() == {"id_form": "ebd."}
    with pytest.raises(TypeError):
        cls("ebd.")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.id_form = "a.a.O."  # type: ignore[misc]
