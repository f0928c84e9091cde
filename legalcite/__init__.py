"""legalcite — machine-checkable legal citations (German, Chinese, US federal, California, EU and Swiss law, and
treaties such as the ECHR).

The public API (``help(legalcite)``, ``dir(legalcite)``) is small and loads lazily, so ``import legalcite`` pulls
in neither Lark, numpy nor httpx:

Finding citations
    :func:`extract` (text → the citations in it), :func:`parse` (one citation string → its citations),
    :class:`Citation` (with :class:`Unit`, :class:`Kind`, :class:`Form`), :func:`key_at` (a key cut to its work or
    unit), :func:`print_key` (a canonical key → a readable citation, in a language where asked).

Checking them
    :func:`check` (text → :class:`CheckedCitation` each: a :class:`Status`, :class:`Evidence` and a reason),
    :func:`annotate` (the text back with every citation linked; HTML or Markdown, HTML input kept).

Errors
    :class:`LegalciteError`, the base of every error legalcite raises on purpose (``str(e)`` says what to do).

The command line (``legalcite --help``) covers the rest: the corpus store, retrieval, benchmark scores, reports.
"""
import importlib
import typing as _typing

import legalcite.jurisdictions  # noqa: F401  the registry: hands the key functions every jurisdiction's labels

from legalcite._version import __version__

# name → (module, attribute): imported on first use (__getattr__), listed by dir() and help() (__dir__, __all__)
_LAZY = {
    "Citation": ("legalcite.models", "Citation"),
    "Unit": ("legalcite.models", "Unit"),
    "Kind": ("legalcite.models", "Kind"),
    "Form": ("legalcite.models", "Form"),
    "extract": ("legalcite.pipeline", "extract"),
    "parse": ("legalcite.pipeline", "parse"),
    "key_at": ("legalcite.keys", "key_at"),
    "print_key": ("legalcite.jurisdictions", "print_key"),
    "check": ("legalcite.checker", "check"),
    "CheckedCitation": ("legalcite.status", "CheckedCitation"),
    "Status": ("legalcite.status", "Status"),
    "Evidence": ("legalcite.status", "Evidence"),
    "annotate": ("legalcite.annotation", "annotate"),  # module named apart, so importing it never shadows this
    "LegalciteError": ("legalcite.errors", "LegalciteError"),
}
__all__ = [*_LAZY, "__version__"]

if _typing.TYPE_CHECKING:  # pragma: no cover
    from legalcite.annotation import annotate
    from legalcite.checker import check
    from legalcite.errors import LegalciteError
    from legalcite.jurisdictions import print_key
    from legalcite.keys import key_at
    from legalcite.models import Citation, Form, Kind, Unit
    from legalcite.pipeline import extract, parse
    from legalcite.status import CheckedCitation, Evidence, Status


def __getattr__(name: str) -> object:
    """A public name, imported from its module on first use (so that ``import legalcite`` stays light)."""
    try:
        mod, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'legalcite' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(mod), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public API and the module's own dunders: what ``dir()``, ``help()`` and completion should offer, not the
    helpers this module imports."""
    return sorted({*__all__, "__doc__", "__file__", "__name__", "__path__", "__spec__"})
