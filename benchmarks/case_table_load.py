"""How large and how slow a CourtListener case table is, per row, on synthetic bulk files shaped like the real ones
(no network: the real export is several GB).

    python benchmarks/case_table_load.py [--clusters 200000] [--dir DIR]

Writes a citations and an opinion-clusters file in CourtListener's bulk format (bzip2 CSV, every value quoted: one
or two citations per cluster across common reporters, case names of one to three words a party, a long name for
some, the text columns empty), loads them into an empty store as ``legalcite corpus cases`` does
(:func:`legalcite.sources.courtlistener.read_bulk` → :func:`legalcite.corpora.store.merge_cases_into_store`), and
prints the compressed size of the citations file per row, the peak size of the temporary join and the store's
growth (each also as a multiple of the compressed citations file: the factors of
``legalcite.sources.courtlistener.join_allowance``, the download's disk check), and the rows loaded per second.
The real clusters file also carries long text columns (syllabus, headnotes, opinions' headmatter) that this one
leaves empty: reading it takes longer per row than here (bzip2 and CSV read about 10 MB of CSV a second on the
busy 2-core development machine), storing it does not.
"""
from __future__ import annotations

import argparse
import bz2
import csv
import io
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WORDS = ("Smith Jones Acme Manufacturing Holdings United States Brown Board Education Johnson County Insurance Co. "
         "Inc. Bank Trust State Department Corp. Miller Davis Garcia Rodriguez Wilson Martinez Anderson Taylor Thomas "
         "Hernandez Moore Martin Jackson Thompson White Lopez Lee Gonzalez Harris Clark Lewis Robinson Walker").split()
REPORTERS = [("U.S.", 600), ("S. Ct.", 140), ("L. Ed. 2d", 200), ("F.3d", 999), ("F.2d", 999), ("F. Supp. 2d", 999),
             ("A.2d", 999), ("N.E.2d", 999), ("P.3d", 500), ("So. 2d", 999), ("Cal. App. 4th", 250)]


def write_files(folder: Path, clusters: int, seed: int = 1) -> tuple[Path, Path, int]:
    rnd = random.Random(seed)

    def name() -> str:
        return " v. ".join(" ".join(rnd.choices(WORDS, k=rnd.randint(1, 3))) for _ in range(2))

    cit, clu = io.StringIO(), io.StringIO()
    wc, wl = csv.writer(cit, quoting=csv.QUOTE_ALL), csv.writer(clu, quoting=csv.QUOTE_ALL)
    wc.writerow(["id", "volume", "reporter", "page", "type", "cluster_id"])
    wl.writerow(["id", "date_created", "date_modified", "judges", "date_filed", "date_filed_is_approximate", "slug",
                 "case_name_short", "case_name", "case_name_full", "docket_id"])
    n = 0
    for cid in range(1, clusters + 1):
        nm = name()
        wl.writerow([cid, "2024-01-01 00:00:00+00", "2024-01-01 00:00:00+00", "",
                     f"{rnd.randint(1950, 2020)}-0{rnd.randint(1, 9)}-1{rnd.randint(0, 9)}", "f",
                     nm.lower().replace(" ", "-")[:50], nm.split(" v. ")[0], nm,
                     nm + " and others" if rnd.random() < .3 else "", cid])
        for _ in range(1 if rnd.random() < .6 else 2):
            rep, top = rnd.choice(REPORTERS)
            n += 1
            wc.writerow([n, rnd.randint(1, top), rep, rnd.randint(1, 1500), 1, cid])
    cites, clus = folder / "citations-2024-05-06.csv.bz2", folder / "opinion-clusters-2024-05-06.csv.bz2"
    cites.write_bytes(bz2.compress(cit.getvalue().encode()))
    clus.write_bytes(bz2.compress(clu.getvalue().encode()))
    return cites, clus, n


def main() -> int:
    from legalcite.corpora.snapshots import Work
    from legalcite.corpora.store import merge_cases_into_store, write_store
    from legalcite.sources.courtlistener import read_bulk

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clusters", type=int, default=200_000)
    ap.add_argument("--dir", help="work folder (default: a temporary one)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.dir or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        cites, clus, n = write_files(folder, args.clusters)
        store = folder / "store.sqlite"
        store.unlink(missing_ok=True)
        write_store([Work("de/bgb", "de", "bgb", "BGB", complete=True)], store)
        before = store.stat().st_size
        peak = 0

        def watched(records):
            nonlocal peak
            for i, rec in enumerate(records):
                if i % 20_000 == 0:
                    peak = max(peak, sum(f.stat().st_size for f in folder.glob("tmp*/*")))
                yield rec

        t0 = time.perf_counter()
        merge_cases_into_store(watched(read_bulk(cites, clus, workdir=folder)), store, table="courtlistener",
                               note="benchmark")
        took = time.perf_counter() - t0
        size, grew = cites.stat().st_size, store.stat().st_size - before
        print(f"{args.clusters:,} clusters, {n:,} citations; citations file {size / 1e6:.2f} MB bz2 "
              f"({size / n:.1f} bytes a row), clusters file {clus.stat().st_size / 1e6:.2f} MB (no text columns)")
        print(f"temporary join at its peak {peak / 1e6:.1f} MB ({peak / size:.1f}x the citations file, "
              f"{peak / n:.0f} bytes a citation); store grew {grew / 1e6:.1f} MB ({grew / size:.1f}x, "
              f"{grew / n:.0f} bytes a citation)")
        print(f"read, joined and loaded in {took:.1f} s: {n / took:,.0f} citations/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
