"""The registry of jurisdictions: one line per jurisdiction package, in tie-break order.

A package ``legalcite/jurisdictions/<pkg>/`` holds everything its jurisdiction knows — grammars (``*.lark``), data
tables (``data/``) and their generator (``build.py``), extraction, linking, its printer, its snapshot readers and
its structure parser. It declares itself twice, in two typed objects:

- ``__init__.py``: one :class:`Jurisdiction` named ``JURISDICTION``, plain data (its key labels, its names in gold
  files, how the store checks its sub-units …). It imports no code of its package, so the key functions, the CLI's
  argument parser and the metrics read every declaration without loading an extractor.
- ``plugin.py``: one :class:`~legalcite.jurisdictions.interface.Parts` named ``PARTS``, its code (extractor,
  printer, linker, readers …), imported on first use of :attr:`Jurisdiction.parts`.

Adding a jurisdiction is a package, its data, its tests and one line in :data:`PACKAGES` (docs/architecture.md,
"Add a jurisdiction"). Shared code of several packages lives in a package that is not registered (``us_common``).
"""
from __future__ import annotations

import functools
import importlib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, overload

from legalcite import keys
from legalcite.core.data import load
from legalcite.jurisdictions.interface import MissingUnit, Parts, Printer, ReporterEdition, StructureParser
from legalcite.jurisdictions.language import Evidence, Guesser
from legalcite.keys import KeyScheme  # (a package declares its keys with it, imported from here)

if TYPE_CHECKING:
    from legalcite.core.link import Linker, Namer
    from legalcite.core.scan import Extractor
    from legalcite.corpora.snapshots import SnapshotReader

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
    # reporters of one court only, which a case's description does not name (the reporter says it): reporter key
    # segment → that court's id in case tables (u.s. → scotus)
    implied_courts: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)   # one per package: compared by identity
class Jurisdiction:
    """One jurisdiction as the pipeline, the printers, the store and the metrics see it: plain data, and its code
    (:attr:`parts`) imported on first use."""

    code: str                               # de, cn, us, us-ca, eu, ch, int
    name: str                               # "Germany": headings of prompts and reports
    languages: tuple[str, ...]              # document languages in which it wins a tie: ("de",), ("zh",), ("en",)
    keys: KeyScheme                         # the labels of its keys (legalcite.keys reads every jurisdiction's)
    aliases: tuple[str, ...] = ()           # other names of it in gold files and benchmark labels ("ca")
    fetch: str | None = None                # the legalcite.sources source whose files `corpus fetch <code>` loads
    store: StoreRules = field(default_factory=StoreRules)
    # the languages whose quantity words (number words, scales, units of time and money, reference labels) its
    # package ships in data/quantities.json: the first registered package that ships a language owns it
    # (legalcite.attribution.quantities reads them through quantity_words)
    quantity_languages: tuple[str, ...] = ()
    # the shapes of its reporter-cite case keys after its code: literals and {volume}, {page} and the reporter's
    # own segments ({reporter}, {part}), which make up the reporter id in order (legalcite.corpora.cases.case_parts)
    case_keys: tuple[str, ...] = ()
    # the file in its data/ of the rules its case names are compared by (legalcite.casenames: Table T6, entity
    # suffixes, procedural phrases, parties that prove nothing alone), where its decisions are cited by party names
    case_names: str | None = None

    @property
    def package(self) -> str:
        """The dotted name of its package (``legalcite.jurisdictions.us_ca`` for ``us-ca``)."""
        return package_of(self.code)

    # cached on the instance (the pipeline reads it per anchor); cached_property writes the instance's __dict__,
    # which a frozen dataclass allows
    @functools.cached_property
    def parts(self) -> Parts:
        """Its code: ``<package>/plugin.py``'s ``PARTS``. Imported here, on first use, so that reading the
        declarations (the key functions, the CLI's parser) loads no extractor."""
        parts = importlib.import_module(f"{self.package}.plugin").PARTS
        if not isinstance(parts, Parts):
            raise TypeError(f"{self.package}.plugin.PARTS is no jurisdictions.interface.Parts")
        return parts

    @property
    def printer(self) -> Printer:
        """Its citation printer (from :attr:`parts`: the first use imports the package's code)."""
        return self.parts.printer

    def print_key(self, key: str, language: str | None = None) -> str | None:
        """Its printer's citation of ``key`` (None when it has no form for it), in ``language`` where the printer
        has forms in it, else in its default."""
        return self.printer.print_key(key, self._printable(language))

    def print_units(self, segs: list[str], language: str | None = None) -> str | None:
        """Unit segments as its printer writes them without the work's name (``["abs7"]`` → ``Abs. 7``): what a
        reason says about a part of a cited unit. None when it has no form for them."""
        units = self.printer.print_units
        return None if units is None else units(segs, self._printable(language))

    def _printable(self, language: str | None) -> str | None:
        """``language`` where its printer has forms in it, else None (the printer's own default). A reason may be
        asked for in any language a text is guessed to be in (``zh`` for an EU regulation cited in Chinese
        prose), and no printer must fail for want of a form."""
        return language if language in self.printer.languages else None

    def level_name(self, label: str) -> str | None:
        """The name of a unit level in a list of its members (``abs`` → ``Absätze``, ``""`` → ``subdivisions``)."""
        return self.printer.level_names.get(label)


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
    declared = importlib.import_module(package_of(code)).JURISDICTION
    if not isinstance(declared, Jurisdiction):
        raise TypeError(f"{package_of(code)}.JURISDICTION is no jurisdictions.Jurisdiction")
    return declared


def registered() -> tuple[Jurisdiction, ...]:
    """Every registered jurisdiction, in tie-break order."""
    return tuple(get(code) for code in PACKAGES)


@functools.cache
def key_schemes() -> dict[str, KeyScheme]:
    """Every registered jurisdiction's :class:`~legalcite.keys.KeyScheme` by code (what :mod:`legalcite.keys` splits
    segments by); reading them imports no jurisdiction's code."""
    return {j.code: j.keys for j in registered()}


keys.use_schemes(key_schemes)


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


def parse_codes(text: str) -> list[str]:
    """``de,us_ca`` → ``["de", "us-ca"]``: a comma-separated list of registered codes (``_`` read as ``-``), as
    ``--jurisdiction(s)`` and the MCP server's tools take it; a ValueError naming the unknown ones, or none given."""
    codes = [c.strip().replace("_", "-") for c in text.split(",") if c.strip()]
    unknown = [c for c in codes if c not in PACKAGES]
    if unknown or not codes:
        raise ValueError(f"unknown jurisdiction {', '.join(map(repr, unknown)) or '(none given)'}; "
                         f"the codes are {', '.join(PACKAGES)}")
    return codes


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
    for j in registered():
        if language in j.quantity_languages:
            words: dict[str, Any] = load(j.package, "quantities.json")[language]
            return words
    return None


def languages() -> tuple[str, ...]:
    """Every language a registered jurisdiction declares (:attr:`Jurisdiction.languages`), in registry order."""
    return tuple(dict.fromkeys(lang for j in registered() for lang in j.languages))


@functools.cache
def _language_guesser() -> Guesser:
    """The guesser over :func:`languages`: each one's evidence is the ``data/language.json`` entry of the first
    registered package that declares it."""
    evidence: dict[str, Evidence] = {}
    for lang in languages():
        owner = next(j for j in registered() if lang in j.languages)
        try:
            raw = load(owner.package, "language.json")[lang]
        except (FileNotFoundError, KeyError):
            raise LookupError(f"jurisdiction {owner.code!r} declares {lang!r} first, but its package ships no "
                              f"evidence for it (data/language.json)") from None
        evidence[lang] = Evidence.from_json(raw)
    return Guesser(evidence)


@overload
def guess_language(text: str, *, among: Collection[str] | None = None, tie: str | None = None, default: str,
                   short: str | None = None) -> str: ...
@overload
def guess_language(text: str, *, among: Collection[str] | None = None, tie: str | None = None,
                   default: str | None = None, short: str | None = None) -> str | None: ...
def guess_language(text: str, *, among: Collection[str] | None = None, tie: str | None = None,
                   default: str | None = None, short: str | None = None) -> str | None:
    """The language of ``text``, one of :func:`languages` (or of ``among``) or None: the one guess of the pipeline
    (extraction ranks readings by it), the checker (a reason's printing language), the retrieval tokenizer and the
    attribution (a claim's language). ``tie``: the winner of a tie it is part of; ``default`` and ``short``: the
    answer where there is no evidence, in any text and in a short one (:meth:`.language.Guesser.guess`)."""
    return _language_guesser().guess(text, among=among, tie=tie, default=default, short=short)


def fetchable() -> tuple[str, ...]:
    """The codes ``legalcite corpus fetch`` takes: the jurisdictions that name a source of official files."""
    return tuple(j.code for j in registered() if j.fetch is not None)


@functools.cache
def extractors() -> tuple[Extractor, ...]:
    """The extractors, in tie-break order (what :func:`legalcite.core.scan.scan` takes)."""
    return tuple(j.parts.extractor for j in registered())


@functools.cache
def linkers() -> tuple[Linker, ...]:
    """The linkers, in registry order (what :func:`legalcite.core.link.link` takes)."""
    return tuple(j.parts.linker for j in registered() if j.parts.linker is not None)


def namers() -> tuple[Namer, ...]:
    """The namers, in registry order (what :func:`legalcite.core.link.named_before` asks, through the context)."""
    return tuple(j.parts.namer for j in registered() if j.parts.namer is not None)


def cue_counts(head: str) -> list[tuple[int, str]]:
    """How often ``head`` reads like each jurisdiction's prose that counts cues: (count, code), registry order."""
    return [(j.parts.cue_count(head), j.code) for j in registered() if j.parts.cue_count is not None]


def claimed_elsewhere(printed: str, *, besides: str) -> bool:
    """Whether a registered jurisdiction other than ``besides`` knows the work name ``printed`` (its
    ``knows_name``): a German chain that reaches ``DSGVO``, ``AEUV`` or ``EMRK`` ends there, so that an EU act or a
    treaty in German prose keeps ``eu`` or ``int`` (docs/keys.md, "Germany or Switzerland")."""
    return any(j.code != besides and (known := j.parts.knows_name) is not None and known(printed)
               for j in registered())


def structure_parser(code: str) -> StructureParser:
    """The :class:`~legalcite.jurisdictions.interface.StructureParser` of jurisdiction ``code`` (what the official
    sources build units with); a LookupError for a jurisdiction that declares none."""
    parser = get(code).parts.structure
    if parser is None:
        raise LookupError(f"jurisdiction {code!r} declares no structure parser (Parts.structure)")
    return parser


def missing_unit(code: str) -> MissingUnit | None:
    """The store resolver's verdict on a unit the snapshot of ``code`` lacks (:attr:`Parts.missing_unit`); None
    for an unregistered code or a jurisdiction with no rule of its own."""
    return get(code).parts.missing_unit if code in PACKAGES else None


def reporter_editions(segment: str, code: str | None = None) -> tuple[ReporterEdition, ...]:
    """The editions of the reporter whose key segment is ``segment`` (``f.3d``), as jurisdiction ``code`` knows
    them (:attr:`Parts.reporter_editions`), or as the first registered jurisdiction that knows any; ()."""
    for j in registered() if code is None else ((get(code),) if code in PACKAGES else ()):
        editions = j.parts.reporter_editions
        if editions is not None and (found := editions(segment)):
            return found
    return ()


def print_key(key: str, language: str | None = None) -> str:
    """A canonical key as a readable citation in its jurisdiction's usual form and language
    (``de/bgb/s823/abs1`` → ``§ 823 Abs. 1 BGB``), or in ``language`` where its printer has forms in several (a
    treaty: ``int/echr/art6`` → ``Art. 6 EMRK``, in English ``Article 6 ECHR``); the key itself when no printer has
    a form for it."""
    code = key.split("/", 1)[0]
    if code not in PACKAGES:
        return key
    try:
        return get(code).print_key(key, language) or key
    except ValueError:  # not a well-formed key of that jurisdiction
        return key


def print_units(code: str, segs: list[str], language: str | None = None) -> str:
    """Unit segments of jurisdiction ``code`` without the work's name (``de``, ``["abs7"]`` → ``Abs. 7``); the
    segments themselves when its printer has no form for them."""
    try:
        printed = get(code).print_units(list(segs), language) if code in PACKAGES else None
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
    readers = [r for j in registered() if wanted is None or j.code in wanted for r in j.parts.readers]
    return tuple(sorted(readers, key=lambda r: r.cases))   # case tables after every statute snapshot
