"""Stage 3 — link: give short forms (id., ebd., supra, 同法, ``section 1542``) their antecedent and work,
and settle the jurisdiction of citations that do not state one, from context.

Each jurisdiction module may define ``link(citations, ctx) -> citations`` for its own short forms; this
module runs them in registry order. Citations are frozen: linking returns new objects.
"""
from __future__ import annotations

import importlib

from legalcite.models import Citation
from legalcite.scan import JURISDICTIONS, Context


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    out = list(citations)
    for code in JURISDICTIONS:
        try:
            mod = importlib.import_module(f"legalcite.jurisdictions.{code}")
        except ModuleNotFoundError as e:
            if e.name != f"legalcite.jurisdictions.{code}":
                raise
            continue
        fn = getattr(mod, "link", None)
        if fn is not None:
            out = fn(out, ctx)
    return out
