"""``legalcite check`` before and after a change, on the example answers and on varied answers built from the
shared test data.

    python scripts/compare_check.py build OUT.jsonl            # 300 varied answers (+ a few bad lines)
    python scripts/compare_check.py dump INPUT OUT.jsonl       # this checkout's check output (in-process CLI)
    python scripts/compare_check.py compare --ref main         # check at REV (a temporary git worktree) and here

The varied answers: German LER court sentences, STARD questions followed by the names of the statutes that
answer them (``中华人民共和国民法典第五十四条``), and US opinion blocks that cite cases or statutes, 100 of each,
drawn with a fixed seed; then a handful of bad lines (malformed JSON, a missing or non-string field, ``NaN``,
a lone surrogate escape) so the error records are compared too. ``compare`` runs ``legalcite check`` (JSONL, one
worker and ``--workers 2``) on ``examples/answers.jsonl`` and on those answers, with the same store, and prints
per input how many records differ and how, and the exit codes; it exits 1 when anything differs.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare_extract import _import_from, _jsonl, shared_dir  # noqa: E402  (the sibling script's helpers)

ROOT = Path(__file__).resolve().parents[1]
_CITES_US = re.compile(r"\d+ (U\. ?S\.|F\. ?(2d|3d|4th|Supp)|S\. ?Ct\.|Cal\.|L\. ?Ed)|U\. ?S\. ?C\.|§")


def varied_answers(shared: Path, n: int = 100, seed: int = 13) -> Iterator[dict]:
    """``n`` answers of each kind, drawn with ``seed``: LER sentences, STARD questions with their statute names,
    US opinion blocks that cite something."""
    rng = random.Random(seed)
    td = shared / "testdata"
    ler = list(_jsonl(td / "de_ler_test.jsonl"))
    for i, r in enumerate(rng.sample(ler, min(n, len(ler)))):
        yield {"id": f"ler-{i}", "model": "ler", "answer": r["text"]}
    stard = list(_jsonl(td / "stard_queries.jsonl"))
    for i, r in enumerate(rng.sample(stard, n)):
        names = "、".join(rel["name"] for rel in r["relevant"])
        yield {"id": f"stard-{i}", "model": "stard", "answer": f"{r['query']} 根据{names}的规定。"}
    blocks = [b for b in re.split(r"\n\s*\n", (td / "us_opinions.txt").read_text(encoding="utf-8"))
              if _CITES_US.search(b)]
    for i, b in enumerate(rng.sample(blocks, n)):
        yield {"id": f"us-{i}", "model": "opinions", "answer": b.strip()}


BAD_LINES = [
    '{"id": "bad-json", "answer": "§ 823 BGB"',                      # malformed JSON
    '{"id": "no-answer", "text": "§ 823 BGB"}',                      # missing field
    '{"id": "not-a-string", "answer": 823}',                         # wrong type
    '{"id": "nan", "answer": "§ 823 BGB", "score": NaN}',            # not JSON
    '{"id": "surrogate", "answer": "§ 823 Abs. 1 BGB \\ud800 und § 9999 BGB"}',
    "",
    '["a list"]',
]


def build(out: Path, shared: Path) -> int:
    n = 0
    with out.open("w", encoding="utf-8") as fh:
        for rec in varied_answers(shared):
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
            n += 1
        for line in BAD_LINES:
            fh.write(line + "\n")
    return n


def dump(src: Path, out: Path, root: Path | None, store: str, workers: int) -> int:
    """Run ``legalcite check`` in this process (code from ``root``); returns its exit code, stderr beside out."""
    _import_from(root)
    from legalcite.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            rc = main(["check", str(src), "-o", str(out), "--store", store, "--workers", str(workers),
                       "--progress", "off"])
        except Exception:  # a crash is a difference too: recorded as exit code -1 with its traceback
            import traceback

            traceback.print_exc()
            rc = -1
    out.with_suffix(".stderr").write_text(err.getvalue(), encoding="utf-8")
    return rc


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _diff(a: object, b: object, where: str = "") -> Iterator[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a:
                yield f"{where}.{k}: added {json.dumps(b[k], ensure_ascii=False)[:120]}"
            elif k not in b:
                yield f"{where}.{k}: removed {json.dumps(a[k], ensure_ascii=False)[:120]}"
            else:
                yield from _diff(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from _diff(x, y, f"{where}[{i}]")
    elif a != b:
        yield (f"{where}: {json.dumps(a, ensure_ascii=False)[:150]} -> "
               f"{json.dumps(b, ensure_ascii=False)[:150]}")


def compare_outputs(name: str, before: Path, after: Path, rc: tuple[int, int], *, show: int) -> int:
    a, b = _records(before), _records(after)
    by_line_a = {r.get("line"): r for r in a}
    by_line_b = {r.get("line"): r for r in b}
    changed = [ln for ln in sorted(set(by_line_a) | set(by_line_b), key=lambda x: (x is None, x))
               if by_line_a.get(ln) != by_line_b.get(ln)]
    n_cites = sum(len(r.get("citations", ())) for r in b)
    print(f"{name}: {len(a)} records before, {len(b)} after ({n_cites} citations); {len(changed)} differ; "
          f"exit code {rc[0]} -> {rc[1]}")
    for ln in changed[:show]:
        for d in list(_diff(by_line_a.get(ln), by_line_b.get(ln), f"line {ln}"))[:4]:
            print(f"    {d}")
    return len(changed) + (rc[0] != rc[1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=None, help="the shared folder (default: ../shared)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="write the varied answers")
    b.add_argument("out", type=Path)
    d = sub.add_parser("dump", help="this checkout's check output for INPUT")
    d.add_argument("input", type=Path)
    d.add_argument("out", type=Path)
    d.add_argument("--root", type=Path, help="import legalcite from this checkout")
    d.add_argument("--store", default=os.environ.get("LEGALCITE_STORE"))
    d.add_argument("--workers", type=int, default=1)
    c = sub.add_parser("compare", help="check at a git revision and here, and diff")
    c.add_argument("--ref", default="main", help="the revision to compare with (default main)")
    c.add_argument("--store", default=os.environ.get("LEGALCITE_STORE"), help="the store both runs use")
    c.add_argument("--keep", type=Path, help="directory to keep the outputs in")
    c.add_argument("--show", type=int, default=8, help="differing records shown per input")
    args = ap.parse_args(argv)
    shared = args.shared or shared_dir()
    if args.cmd == "build":
        print(f"{build(args.out, shared):,} answers written to {args.out}", file=sys.stderr)
        return 0
    if args.cmd == "dump":
        if not args.store:
            raise SystemExit("pass --store or set LEGALCITE_STORE")
        rc = dump(args.input, args.out, args.root, args.store, args.workers)
        (args.out.with_suffix(".rc")).write_text(str(rc))
        return 0
    if not args.store:
        raise SystemExit("pass --store or set LEGALCITE_STORE")
    with tempfile.TemporaryDirectory(prefix="lc-compare-check-") as tmp:
        out_dir = args.keep or Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        varied = out_dir / "varied.jsonl"
        build(varied, shared)
        inputs = {"examples": ROOT / "examples" / "answers.jsonl", "varied": varied}
        wt = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(wt), args.ref], check=True)
        me = str(Path(__file__).resolve())
        try:
            for side, root in (("before", wt), ("after", ROOT)):
                for name, src in inputs.items():
                    for workers in (1, 2):
                        out = out_dir / f"{name}-w{workers}-{side}.jsonl"
                        subprocess.run([sys.executable, me, "--shared", str(shared), "dump", str(src), str(out),
                                        "--root", str(root), "--store", args.store, "--workers", str(workers)],
                                       cwd=tmp, check=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)], check=False)
        n = 0
        for name in inputs:
            for workers in (1, 2):
                stem = f"{name}-w{workers}"
                rc = tuple(int((out_dir / f"{stem}-{s}.rc").read_text()) for s in ("before", "after"))
                n += compare_outputs(f"{stem:12s}", out_dir / f"{stem}-before.jsonl", out_dir / f"{stem}-after.jsonl",
                                     rc, show=args.show)
        print(f"{n} differences in all")
        return 1 if n else 0


if __name__ == "__main__":
    sys.exit(main())
