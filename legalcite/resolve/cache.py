"""The answers of official sources, kept in SQLite with their retrieval date, for the online resolver.

Why: an online check is slow and rate-limited, and a report must say *when* a source said what it said. The
table lives in the store file when one is given (so a store carries its own evidence), else in the user cache
directory. Only decisive answers are cached: a ``not_checked`` (a fault, or an answer that decided nothing) is
never stored, so the next run asks again, and neither is a verdict read from an HTTP error status (an
``invented`` from a 404), which an outage could have produced.
"""
from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

from legalcite._util import cache_dir
from legalcite.errors import LegalciteError
from legalcite.models import Citation
from legalcite.status import CheckedCitation, Evidence, Status

TABLE = "online_cache"
DEFAULT_MAX_AGE_DAYS = 30.0

_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {TABLE} (
    source       TEXT NOT NULL,   -- resolver name: gii, dejure, courtlistener, cornell, leginfo, flk
    key          TEXT NOT NULL,   -- canonical key of the citation asked about
    status       TEXT NOT NULL,
    reason       TEXT NOT NULL,
    checked_key  TEXT,
    evidence     TEXT NOT NULL,   -- JSON list of Evidence dicts
    url          TEXT,
    retrieved_at TEXT NOT NULL,   -- ISO 8601 UTC, when the source answered
    PRIMARY KEY (source, key)
)
"""


def rests_on_an_error_page(checked: CheckedCitation) -> bool:
    """Whether the answer was concluded from an HTTP error status (``invented`` from a 404: the sources confirm
    such a 404 with a second page, yet an outage can still look like one). Such answers are not cached, so a
    healthy site is asked again the next time instead of a stale verdict being served for 30 days."""
    return any(int(e.details.get("http_status") or 0) >= 400 for e in checked.evidence)


def default_path() -> Path:
    """``online.sqlite`` in the cache directory (``$LEGALCITE_CACHE`` or the user cache dir): where answers go when no
    store file is given."""
    return cache_dir() / "online.sqlite"


class CacheUnavailable(LegalciteError):
    """The cache file cannot be opened or written (a read-only store, a full disk); checks go on without it."""


class OnlineCache:
    """``get``/``put`` answers per (source, canonical key). ``max_age_days`` ≤ 0 disables reading."""

    def __init__(self, path: str | Path | None = None, *, max_age_days: float = DEFAULT_MAX_AGE_DAYS) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.max_age = timedelta(days=max_age_days)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=30)
            self._db.execute("PRAGMA busy_timeout = 30000")
            self._db.execute(_SCHEMA)
            self._db.commit()
        except (sqlite3.Error, OSError) as e:
            raise CacheUnavailable(f"online answers cannot be cached in {self.path}: {e}") from None

    def close(self) -> None:
        """Close the database; every :meth:`put` is already committed."""
        self._db.close()

    def __enter__(self) -> OnlineCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def get(self, source: str, citation: Citation) -> CheckedCitation | None:
        """The cached verdict of ``source`` for ``citation``'s key, its evidence marked ``cached``; None when there is
        none, it is older than ``max_age_days``, or the citation has no key."""
        if citation.key is None or self.max_age.total_seconds() <= 0:
            return None
        row = self._db.execute(
            f"SELECT status, reason, checked_key, evidence, retrieved_at FROM {TABLE} WHERE source=? AND key=?",
            (source, citation.key),
        ).fetchone()
        if row is None:
            return None
        status, reason, checked_key, evidence, retrieved_at = row
        try:
            when = datetime.fromisoformat(retrieved_at.replace("Z", "+00:00"))
        except ValueError:
            return None
        if datetime.now(timezone.utc) - when > self.max_age:
            return None
        ev = tuple(Evidence(**{**e, "details": {**e.get("details", {}), "cached": True}})
                   for e in json.loads(evidence))
        return CheckedCitation(citation, Status(status), reason, ev, checked_key)

    def put(self, source: str, checked: CheckedCitation, retrieved_at: str) -> None:
        """Store a decisive answer (anything but ``not_checked``) that does not rest on an HTTP error page."""
        key = checked.citation.key
        if key is None or checked.status is Status.NOT_CHECKED or rests_on_an_error_page(checked):
            return
        url = next((e.url for e in checked.evidence if e.url), None)
        self._db.execute(
            f"INSERT OR REPLACE INTO {TABLE} VALUES (?,?,?,?,?,?,?,?)",
            (source, key, checked.status.value, checked.reason, checked.checked_key,
             json.dumps([e.to_dict() for e in checked.evidence], ensure_ascii=False), url, retrieved_at),
        )
        self._db.commit()

    def count(self) -> int:
        """The number of cached answers, of every source and age."""
        return self._db.execute(f"SELECT COUNT(*) FROM {TABLE}").fetchone()[0]
