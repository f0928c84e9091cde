"""The citations of Mata v. Avianca, Inc., No. 22-cv-1461 (S.D.N.Y. 2023), checked against a case table built
from CourtListener-format bulk files, with the verdict a careful lawyer gives each.

    python benchmarks/check_sanctions.py [--store PATH] [--bulk DIR] [--list FILE] [--online]

The list is the one the court's Order to Show Cause of May 4, 2023 (ECF 31) and its Opinion and Order on Sanctions
of June 22, 2023 (ECF 54, findings 26–36) examine: the six decisions it found do not exist (Varghese, Shaboon,
Petersen, Martinez, Durden, Miller), as the Affirmation in Opposition of March 1, 2023 (ECF 21) cited them, the
fabricated Eleventh Circuit "Zicherman" the Varghese text quoted, Ehrlich cited to the wrong court, the one real
authority the brief cited right, and the Voting Rights Act section by its old U.S. Code number.

The store given (default: $LEGALCITE_STORE) is copied, and the CourtListener-format files of ``--bulk`` (default:
tests/fixtures/courtlistener_bulk: CourtListener's bulk-data layout, 17 real decisions) and the case list
``--list`` (default: tests/fixtures/case_list_pages.jsonl: one decision's page range, as the Caselaw Access
Project publishes it) are loaded into the copy with ``legalcite corpus cases``, as a user would. Each row prints the
verdict, whether it is confirmed, the expected verdict and why a lawyer expects it; the exit code is 1 when a
verdict differs from the expected one.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (citation as filed, expected verdict, why a lawyer expects it given this table)
MATA = [
    ("Varghese v. China Southern Airlines Co. Ltd., 925 F.3d 1339 (11th Cir. 2019)", "misattributed",
     "925 F.3d 1339 is a page inside J.D. v. Azar (D.C. Cir. 2019): a real reporter page under an invented case"),
    ("Shaboon v. Egyptair, 2013 IL App (1st) 111279-U (Ill. App. Ct. 2013)", "not_checked",
     "the table lists no Illinois neutral citations: nothing to compare against offline"),
    ("Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012)", "misattributed",
     "905 F. Supp. 2d 121 is United States v. ISS Marine Services, Inc."),
    ("Martinez v. Delta Airlines, Inc., 2019 WL 4639462 (Tex. App. Sept. 25, 2019)", "not_checked",
     "Westlaw numbers are in no public table"),
    ("Estate of Durden v. KLM Royal Dutch Airlines, 2017 WL 2418825 (Ga. Ct. App. June 5, 2017)", "not_checked",
     "Westlaw numbers are in no public table"),
    ("Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999)", "not_findable",
     "no decision is listed at 174 F.3d 366; without Greenleaf v. Garlock's last page (174 F.3d 352) the table "
     "cannot say whether a decision could begin there"),
    ("Zicherman v. Korean Air Lines Co., Ltd., 516 F.3d 1237 (11th Cir. 2008)", "not_findable",
     "no decision at 516 F.3d 1237; the real Zicherman is 516 U.S. 217 (1996)"),
    ("Ehrlich v. American Airlines Inc. 360 N.J. Super. 360 (App. Div. 2003)", "not_checked",
     "N.J. Super. is not in the table; the real Ehrlich, 360 F.3d 366 (2d Cir. 2004), is named in the reason"),
    ("In re Air Crash Disaster Near New Orleans, La. 821 F.2d 1147 (5th Cir. 1987)", "real",
     "a real decision, cited right"),
    ("42 U.S.C. § 1973", "repealed", "Section 2 of the Voting Rights Act, transferred to 52 U.S.C. § 10301 in 2014"),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", help="corpus store to copy (default: $LEGALCITE_STORE or the user data dir)")
    ap.add_argument("--bulk", type=Path, default=ROOT / "tests" / "fixtures" / "courtlistener_bulk")
    ap.add_argument("--list", type=Path, default=ROOT / "tests" / "fixtures" / "case_list_pages.jsonl")
    ap.add_argument("--online", action="store_true", help="also ask CourtListener (needs $COURTLISTENER_TOKEN)")
    args = ap.parse_args()

    import legalcite
    from legalcite.corpora.store import resolve_store_path

    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store.sqlite"
        shutil.copy(resolve_store_path(args.store), store)
        bulk = {kind: next(args.bulk.glob(f"{name}-*.csv*"), None) for kind, name in
                (("citations", "citations"), ("clusters", "opinion-clusters"), ("dockets", "dockets"),
                 ("courts", "courts"))}
        load = [sys.executable, "-m", "legalcite", "corpus", "cases", "--store", str(store)]
        steps = [[*load, *(x for k, p in bulk.items() if p for x in (f"--{k}", str(p)))],
                 [*load, "--list", str(args.list), "--table", "cap"]]
        for cmd in steps:
            run = subprocess.run(cmd, capture_output=True, text=True, env=os.environ)
            if run.returncode:
                print(run.stderr, file=sys.stderr)
                return 2
        wrong = 0
        for cite, expected, why in MATA:
            found = legalcite.check(f"See {cite}.", store=store, online=args.online)
            cc = found[0] if found else None
            got = cc.status.value if cc else "(no citation found)"
            ok = got == expected
            wrong += not ok
            print(f"{'ok ' if ok else 'XX '} {cite}\n    verdict: {got}" + (f" (confirmed: {cc.confirmed})" if cc and
                  cc.confirmed is not None else "") + f"; expected: {expected} — {why}")
            if cc:
                print(f"    reason: {cc.reason}")
                for e in cc.evidence[:2]:
                    names = {k: e.details[k] for k in ("cited_name", "listed_name", "holder_pages", "replaced_by")
                             if k in e.details}
                    print(f"    evidence: {e.source.split(': ')[0]} {e.key or ''} {names or ''}".rstrip())
        print(f"\n{len(MATA) - wrong} of {len(MATA)} verdicts as a lawyer expects them")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
