"""The registry of jurisdictions: one line per jurisdiction package, in tie-break order.

A package ``legalcite/jurisdictions/<pkg>/`` holds everything its jurisdiction knows — grammars (``*.lark``), data
tables (``data/``) and their generator (``build.py``), extraction, the linking of its short forms, its printer
(``printer.py``: ``print_key``, ``print_units`` for a unit path without the work, ``LEVEL_NAMES``) and its snapshot
readers (``snapshots.py``: ``READERS``) — and exposes it as one :class:`Jurisdiction` object named ``JURISDICTION``
in its ``__init__.py``. Adding a jurisdiction is a package, its data, its tests and one line in :data:`PACKAGES`.

Packages are imported on first use (asking for one printer loads one package), and a package's printer and readers
only when asked for: extraction never loads them. Shared code of several packages lives in a package that is not
registered (``us_common``: US and California sub-unit chains and reporters).
"""
from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import inspect
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

if TYPE_CHECKING:
    from legalcite.core.link import Linker
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


@dataclass(frozen=True)
class Jurisdiction:
    """What the pipeline, the printers and the store builder need of one jurisdiction."""

    code: str                               # de, cn, us, us-ca
    name: str                               # "Germany": headings of prompts and reports
    languages: tuple[str, ...]              # document languages in which it wins a tie: ("de",), ("zh",), ("en",)
    extractor: Extractor                    # its anchor and extract(text, anchor, ctx)
    link: Linker | None = None              # binds its short forms (ebd., 同法, Id., supra …)
    # whether a name printed after a unit chain ("DSGVO", "AEUV", "OR", "EMRK") is one of its works: another
    # jurisdiction's chain ends before such a name instead of reading it as an unknown law of its own
    # (claimed_elsewhere)
    knows_name: Callable[[str], bool] | None = None
    # how often a text reads like its prose (ß, BGH; BGE, gemäss, CHF): the prose's jurisdiction in
    # pipeline.reading_rank
    cue_count: Callable[[str], int] | None = None

    @property
    def package(self) -> str:
        return package_of(self.code)

    def print_key(self, key: str, language: str | None = None) -> str | None:
        """Its printer, ``<package>/printer.py``'s ``print_key``: canonical key → readable citation, None when it
        has no form for the key; in ``language`` where the printer has forms in several (a ``language`` keyword)."""
        fn = self._printer().print_key
        return fn(key, language=language) if language and _takes_language(fn) else fn(key)

    def print_units(self, segs: list[str]) -> str | None:
        """Unit segments as its printer writes them without the work's name (``["abs7"]`` → ``Abs. 7``): what a
        reason says about a part of a cited unit. None when it has no form for them."""
        printer = getattr(self._printer(), "print_units", None)   # optional: a printer may have none
        if printer is None:
            return None
        language = _LANGUAGE.get()
        return printer(segs, language=language) if language and _takes_language(printer) else printer(segs)

    def level_name(self, label: str) -> str | None:
        """The name of a unit level in a list of its members (``abs`` → ``Absätze``, ``""`` → ``subdivisions``)."""
        return getattr(self._printer(), "LEVEL_NAMES", {}).get(label)

    def _printer(self):
        return importlib.import_module(f"{self.package}.printer")

    def snapshot_readers(self) -> tuple[SnapshotReader, ...]:
        """Its snapshot readers, ``<package>/snapshots.py``'s ``READERS`` (TOC before full text); none without one."""
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


@functools.cache
def extractors() -> tuple[Extractor, ...]:
    """The extractors, in tie-break order (what :func:`legalcite.core.scan.scan` takes)."""
    return tuple(j.extractor for j in registered())


@functools.cache
def linkers() -> tuple[Linker, ...]:
    """The linkers, in registry order (what :func:`legalcite.core.link.link` takes)."""
    return tuple(j.link for j in registered() if j.link is not None)


def claimed_elsewhere(printed: str, *, besides: str) -> bool:
    """Whether a registered jurisdiction other than ``besides`` knows the work name ``printed`` (its
    ``knows_name``): a German chain that reaches ``DSGVO``, ``AEUV`` or ``EMRK`` ends there, so that an EU act or a
    treaty in German prose keeps ``eu`` or ``int`` (DESIGN.md §2)."""
    return any(j.code != besides and j.knows_name is not None and j.knows_name(printed) for j in registered())


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
    names), in registry order, each jurisdiction's TOC readers before its full-text readers."""
    wanted = None if jurisdictions is None else {code_of(j) if j in PACKAGES.values() else j for j in jurisdictions}
    return tuple(r for j in registered() if wanted is None or j.code in wanted for r in j.snapshot_readers())
