"""Extraction before and after a change, over every text of the shared test data.

    python scripts/compare_extract.py dump OUT.jsonl            # this checkout's extract() over the texts
    python scripts/compare_extract.py compare --ref main~3      # dump at REV (a temporary git worktree) and here, diff

Each record is one text (``source``, ``n``) with the citations ``extract`` returns, reduced to what a user sees:
key, jurisdiction, kind, form, span, text, pin, antecedent. ``compare`` prints, per source, how many texts
changed and the first differences, and exits 1 when anything changed (so the restructuring issue's "behaviour
unchanged" can be checked by one command). The texts: the examples of docs/keys.md, German LER sentences and refex
windows, STARD questions and statute names, eyecite's test texts, citeurl's statute cites, US opinions (blocks),
LEXam questions and reference answers, LexGenius questions.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

FIELDS = ("key", "jurisdiction", "kind", "form", "span", "text", "pin", "antecedent")


def shared_dir() -> Path:
    env = os.environ.get("LEGALCITE_SHARED")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "shared"


def _jsonl(path: Path) -> Iterator[dict]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def texts(shared: Path) -> Iterator[tuple[str, int, str]]:
    """(source, n, text) for every text of the shared data, in a fixed order."""
    keys_md = (Path(__file__).resolve().parents[1] / "docs" / "keys.md").read_text(encoding="utf-8")
    table = keys_md.split("**Examples**", 1)[1].split("| text | key |", 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\| `([^`]+)`(?: \(([^)]*)\))? \| `([^`]+)` \|$", table, re.M)
    for i, (text, context, _) in enumerate(rows):
        yield "design", i, f"{context}: {text}" if context else text
    td = shared / "testdata"
    for i, r in enumerate(_jsonl(td / "de_ler_test.jsonl")):
        yield "de_ler", i, r["text"]
    for i, r in enumerate(_jsonl(td / "de_refex_ler.jsonl")):
        yield "de_refex", i, r["text"]
    for i, r in enumerate(_jsonl(td / "stard_queries.jsonl")):
        yield "stard_query", i, r["query"]
        for j, rel in enumerate(r["relevant"]):
            yield "stard_name", i * 100 + j, rel["name"]
    for i, r in enumerate(_jsonl(td / "us_eyecite_tests.jsonl")):
        yield "eyecite", i, r["text"]
    for i, r in enumerate(_jsonl(td / "us_citeurl_statutes.jsonl")):
        yield "citeurl", 2 * i, r["cite"]
        if r.get("shortform"):
            yield "citeurl", 2 * i + 1, r["shortform"]
    blocks = re.split(r"\n\s*\n", (td / "us_opinions.txt").read_text(encoding="utf-8"))
    for i, b in enumerate(blocks):
        if b.strip():
            yield "us_opinions", i, b
    for name, fields in (("lexam_open_sample.jsonl", ("question", "reference_answer")),
                         ("lexam_mcq_sample.jsonl", ("question",)), ("lexgenius_sample.jsonl", ("question",))):
        for i, r in enumerate(_jsonl(td / name)):
            for f in fields:
                if isinstance(r.get(f), str):
                    yield f"{name.split('_sample')[0]}_{f}", i, r[f]


def reduce(c) -> dict:
    d = c.to_dict()
    return {f: d.get(f) for f in FIELDS}


def _import_from(root: Path | None):
    """legalcite from ``root`` (a worktree), not from an editable install's import hook."""
    if root is not None:
        sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith("__editable__")]
        sys.path.insert(0, str(root))
    import legalcite

    if root is not None and not Path(legalcite.__file__).resolve().is_relative_to(root.resolve()):
        raise SystemExit(f"legalcite was imported from {legalcite.__file__}, not from {root}")
    return legalcite


def dump(out: Path, shared: Path, root: Path | None = None) -> int:
    legalcite = _import_from(root)

    n = 0
    with out.open("w", encoding="utf-8") as fh:
        for source, i, text in texts(shared):
            try:
                cites = [reduce(c) for c in legalcite.extract(text)]
            except Exception as e:  # a crash is a difference too
                cites = [{"error": repr(e)}]
            fh.write(json.dumps({"source": source, "n": i, "citations": cites}, ensure_ascii=False) + "\n")
            n += 1
    return n


def _load(path: Path) -> dict[tuple[str, int], list]:
    return {(r["source"], r["n"]): r["citations"] for r in _jsonl(path)}


def _show(c: dict) -> str:
    return f"{c.get('key')} {c.get('span')} {c.get('text')!r}" if "error" not in c else c["error"]


def compare(before: Path, after: Path, *, show: int = 5) -> int:
    a, b = _load(before), _load(after)
    changed: dict[str, list] = {}
    totals: dict[str, int] = {}
    for k in sorted(set(a) | set(b)):
        totals[k[0]] = totals.get(k[0], 0) + 1
        if a.get(k) != b.get(k):
            changed.setdefault(k[0], []).append(k)
    for source in totals:
        keys = changed.get(source, [])
        print(f"{source:28s} {totals[source]:6,d} texts, {len(keys):5,d} changed")
        for k in keys[:show]:
            old, new = a.get(k, []), b.get(k, [])
            gone = [c for c in old if c not in new]
            came = [c for c in new if c not in old]
            print(f"    #{k[1]}: -{len(gone)} +{len(came)}")
            for c in gone[:3]:
                print(f"      - {_show(c)}")
            for c in came[:3]:
                print(f"      + {_show(c)}")
    n = sum(len(v) for v in changed.values())
    print(f"{n:,} of {len(set(a) | set(b)):,} texts changed")
    return 1 if n else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump", help="write this checkout's extraction of every shared text")
    d.add_argument("out", type=Path)
    d.add_argument("--root", type=Path, help="import legalcite from this checkout")
    c = sub.add_parser("compare", help="extract at a git revision and here, and diff")
    c.add_argument("--ref", default="HEAD", help="the revision to compare with (default HEAD: uncommitted changes)")
    c.add_argument("--before", type=Path, help="a dump to compare with instead of --ref")
    c.add_argument("--keep", type=Path, help="directory to keep both dumps in")
    c.add_argument("--show", type=int, default=5, help="differences shown per source")
    ap.add_argument("--shared", type=Path, default=None, help="the shared folder (default: ../shared)")
    args = ap.parse_args(argv)
    shared = args.shared or shared_dir()
    if args.cmd == "dump":
        n = dump(args.out, shared, args.root)
        print(f"{n:,} texts written to {args.out}", file=sys.stderr)
        return 0
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory(prefix="lc-compare-") as tmp:
        out_dir = args.keep or Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        before = args.before
        if before is None:
            wt = Path(tmp) / "before"
            subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", "-q", str(wt), args.ref], check=True)
            try:
                before = out_dir / "before.jsonl"
                subprocess.run([sys.executable, str(Path(__file__).resolve()), "--shared", str(shared), "dump",
                                str(before), "--root", str(wt)], cwd=tmp, check=True)
            finally:
                subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(wt)], check=False)
        after = out_dir / "after.jsonl"
        subprocess.run([sys.executable, str(Path(__file__).resolve()), "--shared", str(shared), "dump", str(after),
                        "--root", str(root)], cwd=tmp, check=True)
        return compare(before, after, show=args.show)


if __name__ == "__main__":
    sys.exit(main())
