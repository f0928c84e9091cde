"""gesetze-im-internet.de addresses of German statute units: the one URL layout, used by the snapshot readers'
evidence links (:mod:`.snapshots`) and by the online source (:mod:`legalcite.sources.gii`).

``/<slug>/__823.html`` for a §, ``/<slug>/art_20.html`` for an Art., ``/<slug>/art_229__1.html`` for a § inside an
article (EGBGB), the law's ``/<slug>/index.html`` otherwise. The slug is the law table's (``laws.table()``).
"""
from __future__ import annotations

from collections.abc import Sequence

from legalcite._util import url_segment as _seg
from legalcite.keys import split_segment

BASE = "https://www.gesetze-im-internet.de"


def unit_page(units: Sequence[tuple[str, str]]) -> str | None:
    """The page of a unit given as ``(label, value)`` pairs: ``__823.html``, ``art_20.html``, ``art_229__1.html``
    (a § inside an article); None when there is no § or Art."""
    us = [(label, value) for label, value in units if label in ("s", "art")]
    if not us:
        return None
    if len(us) >= 2 and us[0][0] == "art" and us[1][0] == "s":
        return f"art_{_seg(us[0][1])}__{_seg(us[1][1])}.html"
    label, value = us[0]
    return f"__{_seg(value)}.html" if label == "s" else f"art_{_seg(value)}.html"


def unit_url(slug: str, units: Sequence[tuple[str, str]] = (), base: str = BASE) -> str:
    """The GII URL of a unit of the law ``slug`` (the law's index page when no § or Art. is given)."""
    return f"{base}/{_seg(slug)}/{unit_page(units) or 'index.html'}"


def segment_pairs(segments: Sequence[str]) -> list[tuple[str, str]]:
    """Key segments (``art229``, ``s1``) as the ``(label, value)`` pairs :func:`unit_url` takes."""
    return [split_segment(s) for s in segments]
