"""The California codes: work ids (docs/keys.md) and the generated table ``data/codes.json.gz`` (names they are
cited by, section lists of the complete codes; :mod:`.build`)."""
from __future__ import annotations

import functools

from legalcite.core.data import load


def work_of(law_code: str) -> str:
    """A leginfo lawCode → work id: lowercased (``CIV`` → ``civ``); the Constitution (``CONS``) is ``const``."""
    return "const" if law_code.upper() == "CONS" else law_code.lower()


def table() -> dict:
    """``{"codes": [{"code", "law_code", "name", "cited_as", "complete", "sections"}, …]}``."""
    return load(__package__, "codes.json.gz")


@functools.cache
def by_work() -> dict[str, dict]:
    """Work id → its row of :func:`table`."""
    return {c["code"]: c for c in table()["codes"]}
