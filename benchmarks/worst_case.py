"""Worst-case time of ``extract`` and ``check`` on every anchor: a text made of one anchor repeated, for each anchor
family of each jurisdiction and each prefix of its grammar (the anchor alone, with its number, a sub-unit label, its
value, ``of``, the act's name …), at two sizes, the small one's time beside the large one's (issues 18, 28, 35).

    python benchmarks/worst_case.py [--sizes 0.2,1] [--commands extract,check] [--only REGEX] [--before REF]

A row's text is its pattern repeated to the size (a list row: one anchor, then its list item repeated). Each row is
timed once per size and command, by CPU time (the machine may be shared), legalcite's caches of parsed text cleared
before each, after a warm-up that loaded the tables, parsers, the store and the claim embedder. ``check`` runs with
the store of ``corpus build`` (``--store`` or ``LEGALCITE_STORE``) and the misattribution test, as
``legalcite.check`` does. The bars (issue 35): ``extract`` at most ``--extract-limit`` seconds per MB (3), ``check``
at most ``--check-limit`` (10), and the largest size at most ``--growth`` times (6) the smallest's time (5× the
text: linear growth allows 5). Exit 1 when a row misses a bar. ``--before REF`` times legalcite at that git
revision too, in a fresh subprocess, in the same run (``--format json``: the results as one JSON line).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))


class Form(NamedTuple):
    """A citation form as its pieces: each prefix of them, repeated with ``sep`` between, is a row."""

    jurisdiction: str
    family: str
    pieces: tuple[str, ...]
    sep: str = " "


def form(jurisdiction: str, family: str, spec: str, sep: str = " ") -> Form:
    """``"Art.| 1| Abs.| 2| GG"``: the pieces of the form, split at ``|``."""
    return Form(jurisdiction, family, tuple(spec.split("|")), sep)


FORMS = [
    form("de", "§", "§| 1| Abs.| 2| S.| 1| BGB"),
    form("de", "§§ range", "§§| 1|–9999| BGB"),
    form("de", "§ Nr. lit.", "§ 1| Nr.| 1| Buchst.| a| BGB"),
    form("de", "Art.", "Art.| 1| Abs.| 2| GG"),
    form("de", "Artikel", "Artikel| 1| Absatz| 2| GG"),
    form("de", "Paragraph", "Paragraph| 1| BGB"),
    form("de", "law first", "BGB| §| 1"),
    form("de", "decision", "BGH,| Urteil| vom| 1.1.2020| –| I ZR| 1/20"),
    form("de", "docket", "BVerwG| 1 C| 1.20"),
    form("de", "reporter", "BGHZ| 100|, 1"),
    form("de", "journal", "NJW| 2005|, 123"),
    form("de", "short form", "ebd.|, Rn.| 5"),
    form("de", "short form", "a.a.O.|, S.| 5"),
    form("de", "footnote", "[^1]:| § 1 BGB", "\n"),     # a claim per footnote: its marker looked for once
    form("de", "lines", "§ 1 BGB", "\n"),               # a claim per line of a paragraph of thousands
    form("cn", "《title》", "《|民法典|》|第1条|第2款|第3项", ""),
    form("cn", "第…条", "第|1|条|第|2|款|第|3|项", ""),
    form("cn", "English", "Article| 1| of| the| PRC| Civil Code"),
    form("cn", "case number", "（2020）|京01民终|1号", ""),
    form("cn", "interpretation", "法释|〔2020〕|26号", ""),
    form("cn", "reference", "前条", ""),
    form("us", "U.S.C.", "42| U.S.C.| §| 1983|(a)|(1)"),
    form("us", "reporter", "1| U.S.| 1|, 5| (1803)"),
    form("us", "parallel", "123 F.3d 456,"),
    form("us", "Id.", "Id.| at| 5"),
    form("us", "id.", "id.| at| 5"),
    form("us", "supra", "supra| note 5|, at 3."),
    form("us", "supra", "Smith,| supra"),
    form("us", "constitution", "U.S. Const.| amend.| I"),
    form("us", "rules", "Fed. R. Civ. P.| 56|(a)"),
    form("us", "C.F.R.", "1| C.F.R.| §| 1.1"),
    form("us", "section", "section| 1983| of| title 42"),
    form("us-ca", "code", "Cal.| Civ.| Code| §| 1668"),
    form("us-ca", "code section", "Civil Code| section| 1542"),
    form("us-ca", "constitution", "Cal. Const.| art.| I|, § 1"),
    form("us-ca", "reporter", "51| Cal. 4th| 310"),
    form("eu", "Article of act", "Article| 1|(1)|(a)| of| Directive| 93/13"),
    form("eu", "treaty", "Article 1 of| the| Treaty| on| European Union"),
    form("eu", "Art. DSGVO", "Art. 6| Abs. 1| lit. f| DSGVO"),
    form("eu", "act number", "Regulation| (EU)| 2016/679"),
    form("eu", "recital", "recital| 1| of| Regulation (EU) 2016/679"),
    form("eu", "point", "point| (a)| of| Article 6(1) GDPR"),
    form("eu", "case", "Case| C-486/08"),
    form("eu", "ECLI", "ECLI:EU:C:2010:215"),
    form("ch", "Art. OR", "Art. 1| OR| Abs. 1"),
    form("ch", "Art. Abs. OR", "Art. 1 Abs. 1| OR"),
    form("ch", "art. CO", "art.| 1| al.| 1| CO"),
    form("ch", "aArt.", "aArt.| 1| OR"),
    form("ch", "BGE", "BGE| 140| III| 86| E. 2"),
    form("ch", "docket", "Urteil| 4A_123/2020"),
    form("ch", "cantonal §", "§| 5| PolG/ZH"),
    form("ch", "law first", "OR| 41"),
    form("ch", "parenthesis", "Art. 1| (Art. 2)| OR"),  # the articles inside read in it alone
    form("int", "treaty", "Art. 1| EMRK"),
    form("int", "application", "Saadi v. Italy [GC],| no.| 37201/06"),
]

# one anchor and its list, the item repeated to the size: a chain as long as the text; or a citation, then a run of
# short forms it may be the antecedent of (each one's antecedent far back)
LISTS = [
    ("de", "§§ list", "§§ ", "1, "),
    ("de", "bare after a law", "§ 1 BGB ", "Art. 1 "),
    ("ch", "bare after an act", "Art. 1 OR ", "Art. 9999 "),
    ("eu", "bare after an act", "Article 2 GDPR ", "Article 1 "),
    ("us", "supra after cases", "", "Smith v. Jones, 1 U.S. 1 (1803). Roe, supra, at 5. "),
    ("de", "Abs. list", "§ 1 Abs. ", "1, "),
    ("cn", "条 list", "第", "1、"),
    ("us", "U.S.C. sub-units", "42 U.S.C. § 1983", "(a)"),
    ("eu", "Articles list", "Articles ", "1, "),
    ("ch", "Art. list", "Art. ", "1, "),
]


class Row(NamedTuple):
    jurisdiction: str
    family: str
    pattern: str      # the unit repeated (a list row: the item)
    head: str = ""    # a list row's anchor, written once


def rows() -> list[Row]:
    """Every prefix of every form, each pattern once (the first form that makes it names it), then the lists."""
    out: dict[str, Row] = {}
    for f in FORMS:
        for n in range(1, len(f.pieces) + 1):
            unit = "".join(f.pieces[:n]) + f.sep
            out.setdefault(unit, Row(f.jurisdiction, f.family, unit))
    return [*out.values(), *(Row(j, fam, item, head) for j, fam, head, item in LISTS)]


def text_of(row: Row, size: float) -> str:
    """The row's text, ``size`` megabytes of UTF-8 (cut at a character)."""
    n = int(size * 1e6)
    text = row.head + row.pattern * ((n - len(row.head.encode())) // len(row.pattern.encode()) + 1)
    return text.encode()[:n].decode(errors="ignore")


def _label(row: Row) -> str:
    return (f"{row.head}{row.pattern}…" if row.head else row.pattern.strip() or repr(row.pattern)).replace("|", "\\|")


def timed(command: str, text: str) -> tuple[float, int]:
    """CPU seconds of one ``command`` over ``text`` and how many citations it gave."""
    import legalcite
    from _revision import clear_caches

    clear_caches()
    run = legalcite.extract if command == "extract" else legalcite.check
    t0 = time.process_time()
    n = len(run(text))
    return time.process_time() - t0, n


# one sentence with a claim for each work the rows cite, so that the warm-up loads what their check reads (each
# law's attribution data, the claim embedder: an English claim on German law) before anything is timed
WARM = ["Der Käufer muss den Kaufpreis zahlen ({}).".format(c) for c in (
    "§ 1 Abs. 2 S. 1 BGB", "Art. 1 Abs. 2 GG", "Art. 1 Abs. 1 OR", "Art. 1 EMRK", "Art. 6 Abs. 1 lit. f DSGVO",
    "Art. 1 Nr. 1 Buchst. a BGB", "§ 5 PolG/ZH", "BGE 140 III 86 E. 2", "BGHZ 100, 1", "BVerwG 1 C 1.20")] + [
    "The seller must deliver the goods ({}).".format(c) for c in (
        "§ 433 BGB", "42 U.S.C. § 1983(a)(1)", "1 C.F.R. § 1.1", "Fed. R. Civ. P. 56(a)", "U.S. Const. amend. I",
        "Cal. Civ. Code § 1668", "Cal. Const. art. I, § 1", "Article 1(1)(a) of Directive 93/13",
        "Article 1 of the Treaty on European Union", "recital 1 of Regulation (EU) 2016/679", "Case C-486/08",
        "Article 1 of the PRC Civil Code", "Smith v. Jones, 1 U.S. 1, 5 (1803)", "123 F.3d 456, 457 (2d Cir. 1999)",
        "51 Cal. 4th 310", "Saadi v. Italy [GC], no. 37201/06")] + [
    "当事人一方不履行合同义务的，应当承担违约责任（《民法典》第1条第2款第3项）。",
    "Le débiteur répond du dommage (art. 1 al. 1 CO)."]


def warm_up(commands: list[str]) -> None:
    import legalcite

    for sentence in WARM:
        legalcite.extract(sentence + " Ebd. Id. at 5. Smith, supra, at 3.")
        if "check" in commands:
            legalcite.check(sentence)


def measure(sizes: list[float], commands: list[str], only: str | None) -> list[dict]:
    warm_up(commands)
    out = []
    for row in rows():
        if only and not re.search(only, f"{row.jurisdiction} {row.family} {row.head}{row.pattern}"):
            continue
        rec = {"jurisdiction": row.jurisdiction, "family": row.family, "pattern": _label(row)}
        for command in commands:
            for size in sizes:
                seconds, n = timed(command, text_of(row, size))
                rec[f"{command}@{size:g}"] = seconds
                rec[f"n@{size:g}"] = n
        print(json.dumps(rec, ensure_ascii=False), file=sys.stderr, flush=True)  # progress for long runs
        out.append(rec)
    return out


def misses(rec: dict, sizes: list[float], commands: list[str], limits: dict[str, float], growth: float) -> list[str]:
    """The bars ``rec`` misses: seconds per MB at each size, and the growth from the smallest size to the largest."""
    out = []
    for command in commands:
        for size in sizes:
            if rec[f"{command}@{size:g}"] / size > limits[command]:
                out.append(f"{command} {rec[f'{command}@{size:g}'] / size:.1f} s/MB")
        lo, hi = rec[f"{command}@{min(sizes):g}"], rec[f"{command}@{max(sizes):g}"]
        if len(sizes) > 1 and hi > growth * max(lo, 0.01):
            out.append(f"{command} grows {hi / max(lo, 0.01):.1f}×")
    return out


def report(results: list[dict], sizes: list[float], commands: list[str], limits: dict[str, float],
           growth: float, label: str) -> int:
    """The table (Markdown, as the README shows it); the number of rows that miss a bar."""
    print(f"\n{label}\n")
    head = ["jurisdiction", "family", "pattern"]
    for command in commands:
        head += [f"{command} {s:g} MB" for s in sizes] + ([f"{command} ×"] if len(sizes) > 1 else [])
    head += [f"citations {max(sizes):g} MB", "bars"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    failed = 0
    for rec in results:
        cells = [rec["jurisdiction"], rec["family"], f"`{rec['pattern']}`"]
        for command in commands:
            times = [rec[f"{command}@{s:g}"] for s in sizes]
            cells += [f"{t:.2f}" for t in times]
            if len(sizes) > 1:
                cells.append(f"{times[-1] / max(times[0], 0.01):.1f}")
        bad = misses(rec, sizes, commands, limits, growth)
        failed += bool(bad)
        cells += [f"{rec[f'n@{max(sizes):g}']:,}", "; ".join(bad) or "met"]
        print("| " + " | ".join(cells) + " |")
    for command in commands:
        worst = max(results, key=lambda r: r[f"{command}@{max(sizes):g}"] / max(sizes))
        print(f"\nworst {command}: {worst[f'{command}@{max(sizes):g}'] / max(sizes):.2f} s/MB (`{worst['pattern']}`)")
    print(f"{len(results)} rows, {failed} miss a bar (≤ {limits['extract']:g} s/MB extract, ≤ {limits['check']:g} s/MB "
          f"check, largest size ≤ {growth:g}× the smallest's time)")
    return failed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="0.2,1", help="megabytes, comma-separated (default 0.2,1)")
    ap.add_argument("--commands", default="extract,check", help="extract, check or both (default both)")
    ap.add_argument("--only", metavar="REGEX", help="the rows whose 'jurisdiction family pattern' matches")
    ap.add_argument("--extract-limit", type=float, default=3.0, help="CPU seconds per MB extract may take")
    ap.add_argument("--check-limit", type=float, default=10.0, help="CPU seconds per MB check may take")
    ap.add_argument("--growth", type=float, default=6.0, help="how many times the smallest size's time the "
                                                              "largest may take")
    ap.add_argument("--before", metavar="REF", help="also time legalcite at this git revision (e.g. main)")
    ap.add_argument("--format", choices=("table", "json"), default="table")
    ap.add_argument("--at", type=Path, metavar="ROOT", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    sizes = sorted(float(s) for s in args.sizes.split(","))
    commands = [c for c in ("extract", "check") if c in args.commands.split(",")]
    limits = {"extract": args.extract_limit, "check": args.check_limit}
    forwarded = ["--sizes", args.sizes, "--commands", args.commands, *(["--only", args.only] if args.only else [])]
    if args.at:  # the subprocess of --before: legalcite from that worktree, the results as one JSON line
        from _revision import import_from

        import_from(args.at)
        print(json.dumps(measure(sizes, commands, args.only), ensure_ascii=False))
        return 0
    if args.before:
        from _revision import run_at

        report(run_at(Path(__file__).resolve(), args.before, forwarded), sizes, commands, limits, args.growth,
               f"legalcite@{args.before}")
        results = run_at(Path(__file__).resolve(), None, forwarded)
    else:
        results = measure(sizes, commands, args.only)
    if args.format == "json":
        print(json.dumps(results, ensure_ascii=False))
        return 0
    return 1 if report(results, sizes, commands, limits, args.growth, "this checkout") else 0


if __name__ == "__main__":
    raise SystemExit(main())
