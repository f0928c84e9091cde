"""The extras a benchmark needs, tested before it starts (``legalcite.extras``): a missing one is one line naming
what to install and exit 2, not a traceback after the legalcite side has run."""
from __future__ import annotations

import sys
from pathlib import Path


def need(*extras: str) -> None:
    from legalcite.extras import MissingExtra, require

    try:
        for extra in extras:
            require(extra, f"benchmarks/{Path(sys.argv[0]).name}")
    except MissingExtra as e:
        print(f"legalcite: {e}", file=sys.stderr)
        raise SystemExit(2) from None
