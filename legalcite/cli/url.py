"""``legalcite url CITATION…``: the official URL(s) of each citation (gesetze-im-internet.de, dejure.org,
law.cornell.edu, leginfo.legislature.ca.gov, CourtListener, flk.npc.gov.cn, eur-lex.europa.eu). Builds URLs only;
sends nothing.

Each URL is printed beside the citation it belongs to and its key, tab-separated under a header (``citation``,
``key``, ``url``): a citation with several URLs gets a line each, one that names several provisions (``§§ 280, 281
BGB``) a line per provision, and one with no official URL a line whose url is ``-`` (and a sentence on stderr)."""
from __future__ import annotations

import argparse
import sys

from legalcite.cli.common import no_citation
from legalcite.jurisdictions import PACKAGES  # the registry's codes; imports no jurisdiction package


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("url", help="print the official URL(s) of a citation", description=__doc__)
    p.add_argument("citation", nargs="+", help="a citation (\"§ 823 Abs. 1 BGB\") or a canonical key "
                   "(de/bgb/s823/abs1)")
    p.add_argument("--jurisdiction", choices=tuple(PACKAGES), help="when the citation does not say")
    p.add_argument("--first", action="store_true", help="only the most authoritative URL per citation")
    p.add_argument("--json", action="store_true", help="one JSON object per citation: text, key, urls")
    p.add_argument("--bare", action="store_true", help="only the URLs, one per line, without the citation they belong "
                   "to (for scripts: legalcite url CITATION --first --bare)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``legalcite url``: each citation's official URLs on stdout (tab-separated, ``--json`` or ``--bare``); exit 1 when
    an argument holds no citation or a citation has no URL (the others are still printed)."""
    from legalcite.io import dumps  # start-up: kept off `legalcite --help`
    from legalcite.pipeline import parse  # start-up: kept off `legalcite --help`
    from legalcite.sources import urls_for  # heavy: imports httpx

    status = 0
    if not (args.json or args.bare):
        print("citation\tkey\turl")
    for text in args.citation:
        try:
            cites = parse(text, jurisdiction=args.jurisdiction)
        except ValueError:
            print(f"legalcite: {no_citation(text, args.jurisdiction)}", file=sys.stderr)
            status = 1
            continue
        for c in cites:
            urls = urls_for(c)
            if args.first:
                urls = urls[:1]
            if not urls:
                # a source builds URLs only for laws its tables know: no URL is printed for a law that does not
                # exist (§ 1 FantasieG), rather than one that looks official and leads nowhere
                print(f"legalcite: no official URL for {c.key}: no source covers it, or the law is not one they "
                      "publish", file=sys.stderr)
                status = 1
            if args.json:
                print(dumps({"text": text, "key": c.key, "urls": urls}))
            elif args.bare:
                for u in urls:
                    print(u)
            else:
                cell = " ".join(text.split())  # a tab or line break inside the argument would shift the columns
                for u in urls or ["-"]:
                    print(f"{cell}\t{c.key}\t{u}")
    return status
