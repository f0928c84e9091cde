"""The U.S. Code table ``data/usc.json.gz`` from ``us_usc_sections.jsonl.gz``: each title's live sections in code
order, for ranges such as ``42 U.S.C. §§ 2000e–2000e-17``. ``python -m legalcite.jurisdictions.us.build
[--corpora DIR]`` rewrites it."""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path


def natural_key(section: str) -> tuple:
    """Code order for section numbers: ``2000e`` < ``2000e-2`` < ``2000e-10`` < ``2000f``; ``300e-8`` < ``300ee``."""
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in re.findall(r"\d+|[^\d]+", section))


def build(corpora: Path) -> dict[str, object]:
    """U.S. Code sections per title, in code order (for ranges such as ``§§ 2000e–2000e-17``)."""
    titles: dict[str, list[str]] = {}
    with gzip.open(corpora / "us_usc_sections.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            if "#" not in r["key"]:
                titles.setdefault(str(r["title"]), []).append(r["section"])
    return {"usc": {"source": "us_usc_sections.jsonl.gz (OLRC release point 119-100, live sections only)",
                    "titles": {t: sorted(set(secs), key=natural_key) for t, secs in titles.items()}}}


if __name__ == "__main__":
    from legalcite.core.data import main

    raise SystemExit(main({"us": __package__}, description=__doc__))
