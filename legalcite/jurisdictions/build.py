"""Rebuild every registered jurisdiction's generated tables from the corpus snapshots:
``python -m legalcite.jurisdictions.build [--corpora DIR] [--only de cn us us-ca]``.

Each package's ``build.py`` exposes ``build(corpora: Path) -> {table name: JSON-ready object}`` and runs alone as
``python -m legalcite.jurisdictions.<pkg>.build``; :mod:`legalcite.core.data` writes the tables deterministically.
"""
from __future__ import annotations

import importlib.util

from legalcite.core.data import main
from legalcite.jurisdictions import PACKAGES, package_of


def builders() -> dict[str, str]:
    """Jurisdiction code → package, for the registered packages that have a ``build`` module."""
    return {code: package_of(code) for code in PACKAGES if importlib.util.find_spec(f"{package_of(code)}.build")}


if __name__ == "__main__":
    raise SystemExit(main(builders(), description=__doc__))
