"""What the misattribution test did with a verdict: ``details["result"]`` of its ``attribution`` evidence.

Kept apart from the package's entry points (:mod:`legalcite.attribution`) so that the model's opinion
(:mod:`.opinion`), which the entry points call, reads them without importing its caller."""
from __future__ import annotations

JUDGED, NO_CLAIM, NOT_RUN = "judged", "no claim", "not run"
RESULTS = (JUDGED, NO_CLAIM, NOT_RUN)    # details["result"] of the attribution evidence
