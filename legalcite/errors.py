"""The one base of the errors legalcite raises on purpose, and the ones every stage shares.

Callers catch :class:`LegalciteError` to tell "legalcite refused this input or could not finish, and says why"
from a bug. Each package adds its own subclasses (store, network, index formats); nothing decides control flow
from an error's message text. Standard library only.
"""
from __future__ import annotations


class LegalciteError(Exception):
    """Base of every deliberate legalcite error. ``str(e)`` is a sentence a user can act on."""


class InputError(LegalciteError):
    """An input file that cannot be read as a whole: missing, not a text encoding legalcite reads, or with no
    line that has the field the command needs."""


class FieldError(InputError, ValueError):
    """One record lacks a field the command needs, or has it with the wrong type."""


class OutputError(LegalciteError):
    """An output that could not be written (disk full, read-only target, closed pipe); names the path."""
