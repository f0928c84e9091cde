"""One module per jurisdiction: its ``EXTRACTOR`` (anchor + parse of a short window) and optional ``link``.
Registered in :data:`legalcite.scan.JURISDICTIONS`."""

from __future__ import annotations


def claimed_elsewhere(printed: str, *, besides: str) -> bool:
    """Whether a registered jurisdiction other than ``besides`` knows the work name ``printed`` (its module's
    ``knows_name``): a chain that reaches a name its own tables do not know, but another jurisdiction's do, ends
    there (``§ 60 Abs. 5 AufenthG i. V. m. Art. 3 EMRK``: the EMRK is a treaty, not a German law)."""
    from legalcite.scan import JURISDICTIONS, jurisdiction_modules

    for code, mod in zip(JURISDICTIONS, jurisdiction_modules()):
        if getattr(mod.EXTRACTOR, "code", code) == besides:
            continue
        knows = getattr(mod, "knows_name", None)
        if knows is not None and knows(printed):
            return True
    return False
