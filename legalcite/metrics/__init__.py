"""The benchmarks' metrics on canonical keys (DESIGN.md §1, "score"): keys in, numbers out.

One module per benchmark, each usable alone from Python and behind ``legalcite score``:

- :mod:`legalcite.metrics.crosslex`  — answer accuracy, Citation-F1 at a key level, grounded joint (GJ);
- :mod:`legalcite.metrics.lexassay`  — rubric points with citation and disclaimer deductions;
- :mod:`legalcite.metrics.lexam`     — LEXam MCQ accuracy (``###X###``) and open-question judge pooling;
- :mod:`legalcite.metrics.lexgenius` — ability → task → dimension roll-up and the option-shuffle protocol.

Nothing here imports the parsers at module level: citation strings become keys through
:func:`legalcite.parse`, imported inside the function that needs it. Formulas and the JSON schemas are in
``docs/metrics.md``.
"""
from __future__ import annotations

SCHEMA_VERSION = 1
