"""Write the LexGenius taxonomy that legalcite ships, from the paper's tables in the shared test data.

    python scripts/build_lexgenius_taxonomy.py [--from ../shared/testdata/lexgenius_taxonomy.json] [--check]

The taxonomy (7 dimensions, 11 tasks, 20 abilities) is a small table of facts from the LexGenius paper:
dimension → task exact from its Tables 2–3, five task → ability links exact, the rest inferred and marked
``inferred`` (see ``about`` in the file). ``legalcite score hierarchy`` uses it when no ``--taxonomy`` is given.
``--check`` exits 1 when the shipped file differs from a fresh build (the test suite does the same).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "legalcite" / "metrics" / "lexgenius_taxonomy.json"


def render(source: Path) -> str:
    from legalcite.metrics.lexgenius import taxonomy_from_paper

    data = taxonomy_from_paper(json.loads(source.read_text(encoding="utf-8")))
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    shared = Path(os.environ.get("LEGALCITE_SHARED", ROOT.parent / "shared"))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="source", type=Path, default=shared / "testdata" / "lexgenius_taxonomy.json")
    ap.add_argument("--check", action="store_true", help="compare with the shipped file instead of writing it")
    a = ap.parse_args(argv)
    text = render(a.source)
    if a.check:
        same = OUT.is_file() and OUT.read_text(encoding="utf-8") == text
        print(f"{OUT.relative_to(ROOT)}: {'up to date' if same else 'differs from a fresh build'}")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
