"""Build the shipped tables from the corpus snapshots: ``python -m legalcite.tables.build [--corpora DIR]``.

Each ``build_<jurisdiction>.py`` module beside this one exposes ``build(corpora: Path) -> dict[str, obj]``
mapping table names to JSON-ready objects; this script writes each as ``<name>.json.gz``
deterministically (sorted keys, fixed gzip mtime) so a rebuild is byte-identical.
"""
from __future__ import annotations

import argparse
import gzip
import importlib
import json
import pkgutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_CORPORA = HERE.parents[2] / "shared" / "corpora"


def dumps(obj) -> bytes:
    raw = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    return gzip.compress(raw, compresslevel=9, mtime=0)


def build_all(corpora: Path, only: list[str] | None = None) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for mod in sorted(m.name for m in pkgutil.iter_modules([str(HERE)]) if m.name.startswith("build_")):
        if only and mod.removeprefix("build_") not in only:
            continue
        tables = importlib.import_module(f"legalcite.tables.{mod}").build(corpora)
        out.update({name: dumps(obj) for name, obj in tables.items()})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA)
    ap.add_argument("--only", nargs="*", help="jurisdictions to rebuild (default: all)")
    args = ap.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"corpora folder not found: {args.corpora}", file=sys.stderr)
        return 2
    for name, data in build_all(args.corpora, args.only).items():
        (HERE / f"{name}.json.gz").write_bytes(data)
        print(f"wrote {name}.json.gz ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
