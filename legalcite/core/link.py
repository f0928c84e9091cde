"""Stage 3 — link: give short forms (id., ebd., supra, 同法, ``section 1542``) their antecedent and work,
and settle the jurisdiction of citations that do not state one, from context.

Each jurisdiction package may have a linker, ``link(citations, ctx) -> citations``, for its own short forms;
:func:`link` runs the ones it is given (the registry's, in registry order). Citations are frozen: linking
returns new objects.
"""
from __future__ import annotations

from typing import Callable, Iterable

from legalcite.core.budget import spend
from legalcite.core.scan import Context
from legalcite.models import Citation

Linker = Callable[[list[Citation], Context], list[Citation]]


def keyed(c: Citation) -> bool:
    """Whether ``c`` has a key: ``Citation.key`` is None exactly when the jurisdiction or the work is, so the test
    needs no key string built (the pipeline and the linkers ask it of every citation)."""
    return c.jurisdiction is not None and c.work is not None


def link(citations: list[Citation], ctx: Context, linkers: Iterable[Linker]) -> list[Citation]:
    out = list(citations)
    for fn in linkers:
        spend("linking short forms")
        out = fn(out, ctx)
    return out
