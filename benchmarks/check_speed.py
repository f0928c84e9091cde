"""Throughput of ``legalcite check`` on a synthetic answers file (default 100,000 answers).

    python benchmarks/check_speed.py [--n 100000] [--workers N] [--store PATH] [--keep FILE]

Answers are generated here (seeded): German, Chinese, US and California prose with 1–4 citations each, a mix of
real units, invented ones (§ 9999 BGB, Abs. 7, 第1300条, § 2802(z)), repealed laws (《合同法》), cases and unknown
laws, so every branch of the check runs. The store must exist (``legalcite corpus build``). Prints answers/s,
citations/s, the status mix and the peak memory of the run.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

DE_REAL = ["§ 823 Abs. 1 BGB", "§ 433 Abs. 2 BGB", "§ 280 Abs. 1 BGB", "§ 622 BGB", "§ 242 BGB", "§ 626 BGB",
           "§ 1 Abs. 3 Satz 1 KSchG", "§ 3 BUrlG", "Art. 1 Abs. 1 GG", "§ 242 StGB", "§ 263 StGB", "§ 195 BGB"]
DE_BAD = ["§ 9999 BGB", "§ 823 Abs. 7 BGB", "§ 1 FantasieG", "§ 5 BGB"]
CN_REAL = ["《中华人民共和国民法典》第五百七十七条", "《民法典》第一千零七十九条第二款", "《劳动合同法》第三十九条第（二）项",
           "《刑法》第二百六十四条", "《消费者权益保护法》第五十五条"]
CN_BAD = ["《民法典》第一千三百条", "《合同法》第五十二条", "《民法典》第一千零七十九条第九款"]
US_REAL = ["42 U.S.C. § 1983", "28 U.S.C. § 1332", "U.S. Const. amend. XIV, § 1", "Cal. Lab. Code § 2802(a)",
           "Cal. Civ. Code § 1542", "Cal. Fam. Code § 2310", "Cal. Code Civ. Proc. § 335.1"]
US_BAD = ["Cal. Lab. Code § 2802(z)", "42 U.S.C. § 99999", "Marbury v. Madison, 5 U.S. 137 (1803)",
          "Cal. Civ. Code § 1671(b)"]
DE_PROSE = ["Der Anspruch ergibt sich aus {c}.", "Nach {c} haftet der Schuldner für den entstandenen Schaden.",
            "Die Kündigungsfrist beträgt vier Wochen ({c}).", "Gemäß {c} ist der Vertrag wirksam geschlossen.",
            "Der Arbeitnehmer kann sich auf {c} berufen, wenn die Voraussetzungen vorliegen."]
CN_PROSE = ["根据{c}，当事人应当承担违约责任。", "依照{c}的规定，用人单位可以解除劳动合同。", "{c}规定了相关义务。"]
EN_PROSE = ["Under {c}, the employer must reimburse necessary expenses.", "The claim arises under {c}.",
            "See {c} for the governing standard.", "Plaintiff may recover damages pursuant to {c}."]


def answer(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.45:
        real, bad, prose = DE_REAL, DE_BAD, DE_PROSE
    elif kind < 0.7:
        real, bad, prose = CN_REAL, CN_BAD, CN_PROSE
    else:
        real, bad, prose = US_REAL, US_BAD, EN_PROSE
    parts = []
    for _ in range(rng.randint(1, 4)):
        cite = rng.choice(bad if rng.random() < 0.25 else real)
        parts.append(rng.choice(prose).format(c=cite))
    return " ".join(parts)


def generate(path: Path, n: int, seed: int = 42) -> None:
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(json.dumps({"id": f"q{i}", "answer": answer(rng)}, ensure_ascii=False) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=100_000, help="answers to generate (default 100,000)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--store", help="corpus store (default: $LEGALCITE_STORE or the user data dir)")
    ap.add_argument("--keep", help="also keep the generated answers here")
    args = ap.parse_args()

    from legalcite.corpora.store import resolve_store_path

    store = resolve_store_path(args.store)
    if not store.exists():
        print(f"no store at {store}: run `legalcite corpus build` first", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(args.keep) if args.keep else Path(tmp) / "answers.jsonl"
        generate(src, args.n)
        out = Path(tmp) / "checked.jsonl"
        cmd = [sys.executable, "-m", "legalcite", "check", str(src), "-o", str(out), "--store", str(store),
               "--workers", str(args.workers), "--progress", "on"]
        t0 = time.perf_counter()
        rc = subprocess.run(cmd, check=False).returncode
        secs = time.perf_counter() - t0
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        statuses: Counter = Counter()
        n_out = 0
        with out.open(encoding="utf-8") as fh:
            for line in fh:
                rec = json.loads(line)
                n_out += 1
                statuses.update(c["status"] for c in rec.get("citations", ()))
    cites = sum(statuses.values())
    print(f"answers: {n_out:,} in {secs:.1f} s (exit {rc}) with {args.workers} worker(s): "
          f"{n_out / secs:,.0f} answers/s, {cites / secs:,.0f} citations/s")
    print("statuses: " + ", ".join(f"{k} {v:,}" for k, v in statuses.most_common()))
    print(f"peak RSS of the largest process: {peak_mb:,.0f} MB")
    return 0 if rc == 0 and n_out == args.n else 1


if __name__ == "__main__":
    raise SystemExit(main())
