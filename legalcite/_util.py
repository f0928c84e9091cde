"""Small helpers shared by stages that have nothing else in common (standard library only)."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path


def sha256_file(path: str | Path) -> str:
    """Hex SHA-256 of a file, read in 1 MiB blocks (downloads, index manifests)."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def cache_dir() -> Path:
    """``$LEGALCITE_CACHE`` if set, else the platform's user cache dir (online answers, official downloads)."""
    base = os.environ.get("LEGALCITE_CACHE")
    if base is None:
        import platformdirs

        base = platformdirs.user_cache_dir("legalcite")
    return Path(base)
