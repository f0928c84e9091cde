"""International treaties (``int``): ECHR, CISG, Lugano and the other treaties of the Swiss classified compilation;
ECtHR judgments by application number. See :mod:`legalcite.jurisdictions.intl.extract`."""
from __future__ import annotations

from legalcite.jurisdictions.intl.extract import EXTRACTOR

__all__ = ["EXTRACTOR"]
