"""Generated data tables the parsers load at run time (law names → work ids, unit lists).

The ``*.json.gz`` files beside this module are built from ``../shared/corpora`` by
``python -m legalcite.tables.build``; a test checks that the shipped files equal a fresh build.
Each table is loaded once, on first use.
"""
from __future__ import annotations

import functools
import gzip
import json
from importlib import resources
from typing import Any


@functools.cache
def load(name: str) -> Any:
    """Load ``<name>.json.gz`` from this package (cached)."""
    with resources.files(__package__).joinpath(f"{name}.json.gz").open("rb") as fh:
        return json.loads(gzip.decompress(fh.read()))


@functools.cache
def load_plain(name: str) -> Any:
    """Load a hand-kept ``<name>.json`` data file (small tables with no corpus source)."""
    with resources.files(__package__).joinpath(f"{name}.json").open("rb") as fh:
        return json.load(fh)
