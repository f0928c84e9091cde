"""The benchmarks' metrics on canonical keys (docs/architecture.md, "score"): keys in, numbers out.

One module per benchmark, each usable alone from Python and behind ``legalcite score``:

- :mod:`legalcite.metrics.crosslex`  — answer accuracy, Citation-F1 (exact keys by default, per jurisdiction for
  T2/T3 items; the benchmark's own identifiers through a key map, or as normalised strings), grounded joint;
- :mod:`legalcite.metrics.consensus` — CrossLex's model-verification stage (validators agree, citations within the
  allowed evidence);
- :mod:`legalcite.metrics.split`     — CrossLex's leakage-free split by fact group, and its check;
- :mod:`legalcite.metrics.lexassay`  — rubric points with citation, disclaimer and token-limit deductions; repeated,
  re-run and void tasks; the "not comparable" mark; the v1 scoring (1 / ½ / 0);
- :mod:`legalcite.metrics.disclaimers` — the author's not-legal-advice note or lawyer recommendation (DE/EN/ZH/FR);
- :mod:`legalcite.metrics.lexam`     — LEXam MCQ accuracy (``###X###``, up to 32 options, breakdowns) and
  open-question judge pooling, with the one range check of judge scores;
- :mod:`legalcite.metrics.agreement` — judge vs human agreement (Pearson r, quadratic weighted kappa, MAE), the
  experts' pairwise agreement, and the Alt-Test (ε = 0 by default, constant-score baselines);
- :mod:`legalcite.metrics.lexgenius` — ability → task → dimension roll-up over the shipped taxonomy, and the
  option-shuffle protocol;
- :mod:`legalcite.metrics.prompts`   — each benchmark's task text with the answer format its scorer reads (LexGenius:
  naive and chain-of-thought);
- ``judge_prompt_lexam.json`` — the versioned default prompt of :mod:`legalcite.judge` (LEXam's judging criteria);
- ``answer_prompt_lexam.json`` — the versioned prompt LEXam's open questions are asked with (``--benchmark
  lexam-open``).

Nothing here imports the parsers at module level: citation strings become keys through
:func:`legalcite.parse`, imported inside the function that needs it. Formulas and the JSON schemas are in
``docs/metrics.md``.
"""
from __future__ import annotations

SCHEMA_VERSION = 1
