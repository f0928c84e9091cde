"""Stage 3 — link: give short forms (id., ebd., supra, 同法, ``section 1542``) their antecedent and work,
and settle the jurisdiction of citations that do not state one, from context.

Each jurisdiction module may define ``link(citations, ctx) -> citations`` for its own short forms; this
module runs them in registry order. Citations are frozen: linking returns new objects.
"""
from __future__ import annotations

from legalcite.models import Citation
from legalcite.scan import Context, jurisdiction_modules


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    out = list(citations)
    for mod in jurisdiction_modules():
        fn = getattr(mod, "link", None)
        if fn is not None:
            out = fn(out, ctx)
    return out
