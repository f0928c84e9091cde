"""The typed interface of a jurisdiction's code: what the shared pipeline asks of a package.

A package declares its facts in ``__init__.py`` (a :class:`~legalcite.jurisdictions.Jurisdiction`: plain data) and
its code in ``plugin.py``, one :class:`Parts` object named ``PARTS``. Every member is an object of a type declared
here or in the module that calls it, so mypy checks a package against the pipeline. The registry imports
``plugin.py`` on first use of :attr:`Jurisdiction.parts`; nothing else names a module of a package.

The types of the callers (``Extractor``, ``Linker``, ``Namer``, ``SnapshotReader``, ``RepealMarks``) stay in the
modules that call them; this module imports them for type checking only, so importing it loads no pipeline code.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:   # types only: the callers' modules import the registry, which imports this module
    from legalcite.core.link import Linker, Namer
    from legalcite.core.scan import Extractor
    from legalcite.corpora.snapshots import SnapshotReader
    from legalcite.corpora.structure import RepealMarks
    from legalcite.models import Citation
    from legalcite.sources.base import Source
    from legalcite.status import CheckedCitation


@runtime_checkable
class StructureParser(Protocol):
    """How a jurisdiction reads the text of one provision: its snapshot readers and official sources build a
    unit's sub-units with it, and its repeal marks say whether a text is one. The node shape and the shared
    mechanisms are :mod:`legalcite.corpora.structure`; the shapes, words and labels are the jurisdiction's."""

    # the words its texts say a provision is gone with (``(weggefallen)``, ``Aufgehoben``, ``（删去）``)
    repeal: RepealMarks

    def subunits(self, text: str, paragraphs: Sequence[Mapping[str, Any]] = (), language: str | None = None
                 ) -> list[dict[str, Any]]:
        """The sub-unit tree of a provision (``CorpusUnit.subunits`` nodes, repealed ones marked) from the
        snapshot's ``paragraphs`` where it gives them, else from ``text``; ``language``: the language of the text
        where the jurisdiction prints in several."""
        ...


class KeyPrinter(Protocol):
    """Canonical key → the citation as the jurisdiction writes it; None when it has no form for the key.
    ``language`` is one of the printer's :attr:`Printer.languages`, or None for its default."""

    def __call__(self, key: str, language: str | None = None) -> str | None: ...


class UnitsPrinter(Protocol):
    """Unit segments without the work (``["abs7"]`` → ``Abs. 7``); None when it has no form for them."""

    def __call__(self, segs: Sequence[str], language: str | None = None) -> str | None: ...


@dataclass(frozen=True)
class Printer:
    """A jurisdiction's printer. ``languages`` lists the languages it has forms in besides its default; the
    registry passes a language only when it is one of them, so a printer never fails for want of a form."""

    print_key: KeyPrinter
    print_units: UnitsPrinter | None = None
    # a unit level's name in a list of its members (``abs`` → ``Absätze``): the store resolver's reasons use it
    level_names: Mapping[str, str] = field(default_factory=dict)
    languages: tuple[str, ...] = ()


class MissingUnit(Protocol):
    """The store resolver's verdict on a unit the jurisdiction's snapshot lacks, where the jurisdiction knows more
    than "invented if the work is complete" (a former U.S. Code section is repealed). ``first``: the first missing
    level's key; ``work``: the stored work; ``day``: the date judged at. None for a work it has nothing to say
    about."""

    def __call__(self, c: Citation, first: str, store: Any, work: Any, day: str) -> CheckedCitation | None: ...


class ReporterEdition(Protocol):
    """One edition of a printed reporter (``F.3d``, ``Cal. 4th``): what the case resolver asks of it."""

    @property
    def abbr(self) -> str:
        """Its canonical abbreviation as printed (``Cal. 4th``): what reasons name it by."""
    @property
    def jurisdiction(self) -> str:
        """The code of the jurisdiction its case keys begin with (``us``, ``us-ca``)."""
    @property
    def start(self) -> int | None:
        """The first year it reports (None: unknown)."""
    @property
    def end(self) -> int | None:
        """The last year it reports (None: unknown or still running)."""
    @property
    def last_volume(self) -> int | None:
        """A finished series' last volume; None: unknown or running."""
    @property
    def source(self) -> str | None:
        """Where a corrected year or the last volume comes from (None: nothing was corrected or added)."""
    @property
    def segment(self) -> str:
        """Its segment in case keys (``f.3d``)."""


@dataclass(frozen=True)
class Parts:
    """A jurisdiction's code, built once in ``<package>/plugin.py`` as ``PARTS``."""

    extractor: Extractor                     # anchor(s) and extract(text, anchor, ctx)
    printer: Printer
    linker: Linker | None = None             # binds its short forms (ebd., 同法, Id., supra …)
    # which of its acts a stretch of prose names without citing a unit ("die DSGVO"): core.link.named_before
    namer: Namer | None = None
    # whether a name printed after a unit chain ("DSGVO", "OR") is one of its works, so that another
    # jurisdiction's chain ends before it (jurisdictions.claimed_elsewhere)
    knows_name: Callable[[str], bool] | None = None
    # how often a text reads like its prose (ß, BGH; BGE, gemäss): the prose's jurisdiction in pipeline.reading_rank
    cue_count: Callable[[str], int] | None = None
    structure: StructureParser | None = None
    # its snapshot readers: TOC before full text; case tables are read after every statute snapshot
    readers: tuple[SnapshotReader, ...] = ()
    missing_unit: MissingUnit | None = None
    # reporter key segment (``f.3d``) → every edition printed that way, for the case resolver (several reporters
    # may share an abbreviation: ``Wash.`` of 1790–1796 and since 1889); () for a segment it does not know
    reporter_editions: Callable[[str], tuple[ReporterEdition, ...]] | None = None
    # official sources the package brings itself (name → the source's class, called with the options of
    # legalcite.sources.source): the online check asks them after the shared registry's
    sources: Mapping[str, Callable[..., Source]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.structure is not None and not isinstance(self.structure, StructureParser):
            raise TypeError(f"{self.structure!r} is no StructureParser (repeal, subunits)")
