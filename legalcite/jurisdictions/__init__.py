"""The registry of jurisdictions: one line per jurisdiction package, in tie-break order.

A package ``legalcite/jurisdictions/<pkg>/`` holds everything its jurisdiction knows — grammars (``*.lark``), data
tables (``data/``) and their generator (``build.py``), extraction, the linking of its short forms, its printer
(``printer.py``: ``print_key``, ``print_units`` for a unit path without the work, ``LEVEL_NAMES``), its snapshot
readers (``snapshots.py``: ``READERS``) and its structure parser (``structure.py``: a :class:`StructureParser`, the
levels below a unit and the marks of repeal in its texts) — and declares it in one :class:`Jurisdiction` object named
``JURISDICTION`` in its ``__init__.py``: the facts the shared code asks of it (its key labels, its names in gold
files, how the store checks its sub-units …) and where its code is. Adding a jurisdiction is a package, its data,
its tests and one line in :data:`PACKAGES` (docs/architecture.md, "Add a jurisdiction").

A package's ``__init__.py`` imports no code of its own: the declaration is read by code that must stay light (the
key functions, the CLI's argument parser, the metrics), and its extractor, linker, printer and readers are
imported only when asked for (asking for one printer loads one package's printer; extraction never loads a
printer). Shared code of several packages lives in a package that is not registered (``us_common``: US and
California sub-unit chains and reporters).
"""
from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import inspect
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Protocol, Sequence, runtime_checkable

from legalcite.keys import KeyScheme  # (a package declares its keys with it, imported from here)

if TYPE_CHECKING:
    from legalcite.core.link import Linker, Namer
    from legalcite.core.scan import Extractor
    from legalcite.corpora.snapshots import SnapshotReader
    from legalcite.corpora.structure import RepealMarks

# jurisdiction code (the key's first segment) → package name, in tie-break order: at one anchor, of two equally
# good readings the earlier jurisdiction's wins.
PACKAGES: dict[str, str] = {
    "de": "de",
    "cn": "cn",
    "us": "us",
    "us-ca": "us_ca",
    "eu": "eu",
    "ch": "ch",
    "int": "intl",   # not "int": a subpackage named int would shadow the builtin in this module
}


class SubunitCheck(str, Enum):
    """How the store resolver (:mod:`legalcite.resolve.store`) checks a sub-unit level that the unit's structure in
    the snapshot does not show: each jurisdiction says it per label (:attr:`StoreRules.subunits`); a label it does
    not list is reported as not checked."""

    UNMODELLED = "unmodelled"    # the snapshots do not model the level (Halbsatz, Alternative, Unterabsatz)
    NUMBERED = "numbered"        # numbered paragraphs: "Abs. 1" of a unit with one unnumbered paragraph exists,
    #                              unless the unit's text is points; any other missing value does not
    POINTS = "points"            # points (a), (b) / (1), (2): missing where the unit lists points, else unchecked
    SENTENCES = "sentences"      # sentences: missing only beyond a generous count of the text's sentences
    LISTED = "listed"            # the structure lists every member: missing, also where the unit has none (款)
    LISTED_WHERE_FOUND = "listed_where_found"  # missing where the unit lists members, unchecked where it lists none
    ITEMS = "items"              # items (项), listed under the unit's paragraphs as well
    SUBDIVISIONS = "subdivisions"  # bare subdivisions (a)(1)(A): missing unless the text shows the printed form


@runtime_checkable
class StructureParser(Protocol):
    """How a jurisdiction reads the text of one provision (``<package>/structure.py``'s ``PARSER``, declared by
    :attr:`Jurisdiction.structure_at`): its snapshot readers and official sources build a unit's sub-units with
    it, and its repeal marks say whether a text is one. The node shape and the shared mechanisms (a list-item
    splitter that takes item shapes as data, a sentence splitter that takes abbreviations as data, repeal marks as
    data) are :mod:`legalcite.corpora.structure`; the shapes, words and labels are the jurisdiction's."""

    # the words its texts say a provision is gone with (``(weggefallen)``, ``Aufgehoben``, ``（删去）``,
    # ``Repealed. Pub. L. …``): ``repeal.mark(text)``
    repeal: RepealMarks

    def subunits(self, text: str, paragraphs: Sequence[Mapping[str, Any]] = (), language: str | None = None
                 ) -> list[dict[str, Any]]:
        """The sub-unit tree of a provision (``CorpusUnit.subunits`` nodes, repealed ones marked) from the
        snapshot's ``paragraphs`` where it gives them (their fields are the jurisdiction's snapshot format), else
        from ``text``; ``language``: the language of the text where the jurisdiction prints in several."""
        ...


@dataclass(frozen=True)
class StoreRules:
    """What the store and its resolver need to know of a jurisdiction's snapshots beyond the rows themselves."""

    # label → how a sub-unit level the unit's structure lacks is judged ("" for bare US subdivisions)
    subunits: Mapping[str, SubunitCheck] = field(default_factory=dict)
    # works no shared snapshot covers (the CFR, the federal rules): not_checked, never not_findable
    uncovered_works: tuple[str, ...] = ()
    # works stored, fetched and embedded per title, the key's first segment (the U.S. Code: us/usc/t42)
    titled_works: tuple[str, ...] = ()
    # case tables whose reporter publishes one volume a year: table name → the year of volume 1 (BGE: 1875), so
    # that a volume beyond this year's cannot exist
    yearly_volumes: Mapping[str, int] = field(default_factory=dict)
    # "<module>:<function>" of the package: the verdict on a unit its snapshot lacks, where the jurisdiction knows
    # more than "invented if the work is complete" (a former U.S. Code section is repealed); it returns None for a
    # work it has nothing to say about
    missing_unit_at: str | None = None
    # reporters of one court only, which a case's description does not name (the reporter says it): reporter key
    # segment → that court's id in case tables (u.s. → scotus)
    implied_courts: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)   # one per package: compared by identity
class Jurisdiction:
    """One jurisdiction as the pipeline, the printers, the store and the metrics see it. Its code is named
    ``"<module>:<attribute>"`` (a module of its package) and imported on first use of :attr:`extractor`,
    :attr:`link`, :attr:`knows_name`, :attr:`cue_count`, :attr:`structure`; everything else is plain data."""

    code: str                               # de, cn, us, us-ca, eu, ch, int
    name: str                               # "Germany": headings of prompts and reports
    languages: tuple[str, ...]              # document languages in which it wins a tie: ("de",), ("zh",), ("en",)
    keys: KeyScheme                         # the labels of its keys (legalcite.keys reads every jurisdiction's)
    extractor_at: str = "extract:EXTRACTOR"  # its Extractor: anchor(s) and extract(text, anchor, ctx)
    link_at: str | None = None              # its Linker, binding its short forms (ebd., 同法, Id., supra …)
    # whether a name printed after a unit chain ("DSGVO", "AEUV", "OR", "EMRK") is one of its works: another
    # jurisdiction's chain ends before such a name instead of reading it as an unknown law of its own
    # (claimed_elsewhere)
    knows_name_at: str | None = None
    # how often a text reads like its prose (ß, BGH; BGE, gemäss, CHF): the prose's jurisdiction in
    # pipeline.reading_rank
    cue_count_at: str | None = None
    # which of its acts a stretch of prose names without citing a unit ("the PRC Civil Code", "die DSGVO"): a bare
    # article after it is that act's (core.link.named_before)
    names_at: str | None = None
    aliases: tuple[str, ...] = ()           # other names of it in gold files and benchmark labels ("ca")
    fetch: str | None = None                # the legalcite.sources source whose files `corpus fetch <code>` loads
    store: StoreRules = field(default_factory=StoreRules)
    structure_at: str | None = None         # its StructureParser ("structure:PARSER")
    # the languages whose quantity words (number words, scales, units of time and money, reference labels) its
    # package ships in data/quantities.json: the first registered package that ships a language owns it
    # (legalcite.attribution.quantities reads them through quantity_words)
    quantity_languages: tuple[str, ...] = ()
    # the shapes of its reporter-cite case keys after its code: literals and {volume}, {page} and the reporter's
    # own segments ({reporter}, {part}), which make up the reporter id in order (legalcite.corpora.cases.case_parts)
    case_keys: tuple[str, ...] = ()
    # the works of its keys (KeyScheme.documents) that are reporter or journal cites (Kind.REPORTER): rep
    reporter_works: tuple[str, ...] = ()
    # the file in its data/ of the rules its case names are compared by (legalcite.casenames: Table T6, entity
    # suffixes, procedural phrases, parties that prove nothing alone), where its decisions are cited by party names
    case_names: str | None = None

    @property
    def package(self) -> str:
        return package_of(self.code)

    def _code(self, at: str | None) -> Any:
        """The object named ``"<module>:<attribute>"`` in this package (imported on first use); None for None."""
        if at is None:
            return None
        module, _, attribute = at.partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), attribute)

    # (cached on the instance: the pipeline reads them per anchor; cached_property writes the instance's __dict__,
    # which a frozen dataclass allows)
    @functools.cached_property
    def extractor(self) -> Extractor:
        return self._code(self.extractor_at)

    @functools.cached_property
    def link(self) -> Linker | None:
        return self._code(self.link_at)

    @functools.cached_property
    def knows_name(self) -> Callable[[str], bool] | None:
        return self._code(self.knows_name_at)

    @functools.cached_property
    def cue_count(self) -> Callable[[str], int] | None:
        return self._code(self.cue_count_at)

    @functools.cached_property
    def structure(self) -> StructureParser | None:
        """Its :class:`StructureParser` (:attr:`structure_at`), checked against the protocol on first use."""
        parser = self._code(self.structure_at)
        if parser is not None and not isinstance(parser, StructureParser):
            raise TypeError(f"{self.package}.{self.structure_at} is no StructureParser (repeal, subunits)")
        return parser

    @functools.cached_property
    def names(self) -> Namer | None:
        return self._code(self.names_at)

    @functools.cached_property
    def missing_unit(self) -> Callable[..., Any] | None:
        """The store resolver's verdict on a unit its snapshot lacks (:attr:`StoreRules.missing_unit_at`)."""
        return self._code(self.store.missing_unit_at)

    def print_key(self, key: str, language: str | None = None) -> str | None:
        """Its printer, ``<package>/printer.py``'s ``print_key``: canonical key → readable citation, None when it
        has no form for the key; in ``language`` where the printer has forms in several (a ``language`` keyword and
        the ``LANGUAGES`` it knows; any other language prints in its default)."""
        fn = self._printer().print_key
        language = self._printable(language)
        return fn(key, language=language) if language and _takes_language(fn) else fn(key)

    def print_units(self, segs: list[str]) -> str | None:
        """Unit segments as its printer writes them without the work's name (``["abs7"]`` → ``Abs. 7``): what a
        reason says about a part of a cited unit. None when it has no form for them."""
        printer = getattr(self._printer(), "print_units", None)   # optional: a printer may have none
        if printer is None:
            return None
        language = self._printable(_LANGUAGE.get())
        return printer(segs, language=language) if language and _takes_language(printer) else printer(segs)

    def _printable(self, language: str | None) -> str | None:
        """``language`` where its printer has forms in it (its ``LANGUAGES``), else None: the printer's own default.
        A reason may be asked for in any language a text is guessed to be in (``zh`` for an EU regulation cited in
        Chinese prose), and no printer must fail for want of a form."""
        return language if language in getattr(self._printer(), "LANGUAGES", ()) else None

    def level_name(self, label: str) -> str | None:
        """The name of a unit level in a list of its members (``abs`` → ``Absätze``, ``""`` → ``subdivisions``)."""
        return getattr(self._printer(), "LEVEL_NAMES", {}).get(label)

    def _printer(self):
        return importlib.import_module(f"{self.package}.printer")

    def snapshot_readers(self) -> tuple[SnapshotReader, ...]:
        """Its snapshot readers, ``<package>/snapshots.py``'s ``READERS`` (TOC before full text, case tables
        last); none without one."""
        module = f"{self.package}.snapshots"
        return tuple(importlib.import_module(module).READERS) if importlib.util.find_spec(module) else ()


def package_of(code: str) -> str:
    """``us-ca`` → ``legalcite.jurisdictions.us_ca``."""
    try:
        return f"{__name__}.{PACKAGES[code]}"
    except KeyError:
        raise ValueError(f"unknown jurisdiction {code!r} (known: {', '.join(PACKAGES)})") from None


def code_of(package: str) -> str:
    """``us_ca`` or ``legalcite.jurisdictions.us_ca`` → ``us-ca``."""
    name = package.rsplit(".", 1)[-1]
    for code, pkg in PACKAGES.items():
        if pkg == name:
            return code
    raise ValueError(f"no registered jurisdiction in package {package!r}")


@functools.cache
def get(code: str) -> Jurisdiction:
    """The registered jurisdiction ``code`` (``de``, ``us-ca``), its package imported on first use."""
    return importlib.import_module(package_of(code)).JURISDICTION


def registered() -> tuple[Jurisdiction, ...]:
    """Every registered jurisdiction, in tie-break order."""
    return tuple(get(code) for code in PACKAGES)


def key_schemes() -> tuple[KeyScheme, ...]:
    """Every registered jurisdiction's :class:`~legalcite.keys.KeyScheme` (what :mod:`legalcite.keys` splits
    segments by); reading them imports no jurisdiction's code."""
    return tuple(j.keys for j in registered())


@functools.cache
def _names() -> dict[str, str]:
    names: dict[str, str] = {}
    for j in registered():
        for name in (j.code, PACKAGES[j.code], *j.aliases):
            names.setdefault(name.lower(), j.code)
    return names


def lookup(name: str | None) -> str | None:
    """The code of the jurisdiction a gold file or a benchmark names ``name``: its code, its package's name or one
    of its ``aliases``, in any case (``CA``, ``us_ca`` → ``us-ca``); None for anything else."""
    return _names().get((name or "").strip().lower())


def names_of(code: str) -> tuple[str, ...]:
    """Every name :func:`lookup` takes for jurisdiction ``code`` (lowercased): its code, its package's name, its
    aliases (``us-ca``, ``us_ca``, ``ca``)."""
    return tuple(name for name, c in _names().items() if c == code)


def scope_of(key: str) -> str:
    """The part of the store a unit belongs to as a whole — fetched, embedded and compared with together: its work
    (``de/bgb``), or the title of a work stored per title (``us/usc/t42``, :attr:`StoreRules.titled_works`)."""
    p = key.split("/")
    return "/".join(p[:3] if len(p) > 2 and per_title(p[0], p[1]) else p[:2])


def per_title(code: str, work: str) -> bool:
    """Whether ``code/work`` is stored per title (:attr:`StoreRules.titled_works`: the U.S. Code)."""
    return code in PACKAGES and work in get(code).store.titled_works


def quantity_words(language: str) -> dict[str, Any] | None:
    """The quantity words of ``language`` (``data/quantities.json`` of the first registered package that declares
    it in :attr:`Jurisdiction.quantity_languages`), or None where none does."""
    from legalcite.core.data import load

    for j in registered():
        if language in j.quantity_languages:
            return load(j.package, "quantities.json")[language]
    return None


def fetchable() -> tuple[str, ...]:
    """The codes ``legalcite corpus fetch`` takes: the jurisdictions that name a source of official files."""
    return tuple(j.code for j in registered() if j.fetch is not None)


@functools.cache
def extractors() -> tuple[Extractor, ...]:
    """The extractors, in tie-break order (what :func:`legalcite.core.scan.scan` takes)."""
    return tuple(j.extractor for j in registered())


@functools.cache
def linkers() -> tuple[Linker, ...]:
    """The linkers, in registry order (what :func:`legalcite.core.link.link` takes)."""
    return tuple(j.link for j in registered() if j.link is not None)


def namers() -> tuple[Namer, ...]:
    """The namers, in registry order (what :func:`legalcite.core.link.named_before` asks, through the context)."""
    return tuple(j.names for j in registered() if j.names is not None)


def claimed_elsewhere(printed: str, *, besides: str) -> bool:
    """Whether a registered jurisdiction other than ``besides`` knows the work name ``printed`` (its
    ``knows_name``): a German chain that reaches ``DSGVO``, ``AEUV`` or ``EMRK`` ends there, so that an EU act or a
    treaty in German prose keeps ``eu`` or ``int`` (docs/keys.md, "Germany or Switzerland")."""
    return any(j.code != besides and j.knows_name is not None and j.knows_name(printed) for j in registered())


def structure_parser(code: str) -> StructureParser:
    """The :class:`StructureParser` of jurisdiction ``code`` (what the official sources build units with); a
    LookupError for a jurisdiction that declares none."""
    parser = get(code).structure
    if parser is None:
        raise LookupError(f"jurisdiction {code!r} declares no structure parser (structure_at)")
    return parser


def printer(code: str) -> Callable[[str], str | None]:
    """The printer of jurisdiction ``code``: key → readable citation, or None when it has no form for the key."""
    return get(code).print_key


# the language of the document being checked, so that a reason names a treaty as the answer does ("Article 6 ECHR"
# in an English answer, "Art. 6 EMRK" in a German one); set by the checker around each text (printing_in)
_LANGUAGE: ContextVar[str | None] = ContextVar("legalcite_print_language", default=None)


@contextlib.contextmanager
def printing_in(language: str | None) -> Iterator[None]:
    """Within the block, :func:`print_key` prints in ``language`` (``en``, ``de``, ``zh``; None: each
    jurisdiction's own) where a printer has forms in several."""
    token = _LANGUAGE.set(language)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


@functools.cache
def _takes_language(fn: Callable) -> bool:
    return "language" in inspect.signature(fn).parameters


def print_key(key: str, language: str | None = None) -> str:
    """A canonical key as a readable citation in its jurisdiction's usual form and language
    (``de/bgb/s823/abs1`` → ``§ 823 Abs. 1 BGB``), or in ``language`` (default: that of :func:`printing_in`) where
    its printer has forms in several (a treaty: ``int/echr/art6`` → ``Art. 6 EMRK``, in English ``Article 6
    ECHR``); the key itself when no printer has a form for it."""
    code = key.split("/", 1)[0]
    if code not in PACKAGES:
        return key
    try:
        return get(code).print_key(key, language or _LANGUAGE.get()) or key
    except ValueError:  # not a well-formed key of that jurisdiction
        return key


def print_units(code: str, segs: list[str]) -> str:
    """Unit segments of jurisdiction ``code`` without the work's name (``de``, ``["abs7"]`` → ``Abs. 7``); the
    segments themselves when its printer has no form for them."""
    try:
        printed = get(code).print_units(list(segs)) if code in PACKAGES else None
    except ValueError:
        printed = None
    return printed if printed is not None else "/".join(segs)


def level_name(code: str, label: str) -> str:
    """A unit level's name in a list of its members (``de``, ``abs`` → ``Absätze``); the label itself when the
    printer has none."""
    return (get(code).level_name(label) if code in PACKAGES else None) or label


def snapshot_readers(jurisdictions: Iterable[str] | None = None) -> tuple[SnapshotReader, ...]:
    """The snapshot readers of the registered jurisdictions (or of ``jurisdictions``: codes or package
    names), in registry order, each jurisdiction's TOC readers before its full-text readers, the readers of
    case tables (the BGE list) after all of them."""
    wanted = None if jurisdictions is None else {code_of(j) if j in PACKAGES.values() else j for j in jurisdictions}
    readers = [r for j in registered() if wanted is None or j.code in wanted for r in j.snapshot_readers()]
    return tuple(sorted(readers, key=lambda r: r.cases))   # case tables after every statute snapshot
