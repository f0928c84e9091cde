"""Switzerland (``ch``): federal acts and the treaties of the Swiss classified compilation, cantonal acts, BGE,
Federal Supreme Court dockets. See :mod:`legalcite.jurisdictions.ch.extract`."""
from __future__ import annotations

from legalcite.jurisdictions.ch.acts import knows_name
from legalcite.jurisdictions.ch.extract import EXTRACTOR, cue_count

__all__ = ["EXTRACTOR", "knows_name", "cue_count"]
