"""``legalcite url`` and the import contract: the sources, the network module and the resolvers load httpx only
when a request is made."""
from __future__ import annotations

import json
import subprocess
import sys

from legalcite.cli import main


def test_url_for_citations_and_keys(capsys):
    assert main(["url", "us-ca/civ/s1542", "de/bgb/s823/abs1", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows[0]["urls"] == ["https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml"
                               "?lawCode=CIV&sectionNum=1542"]
    assert rows[1]["key"] == "de/bgb/s823/abs1" and rows[1]["urls"][0].endswith("/bgb/__823.html")


def test_url_first_only_and_uncovered(capsys):
    assert main(["url", "de/gg/art20", "--first"]) == 0
    assert capsys.readouterr().out.strip() == "https://www.gesetze-im-internet.de/gg/art_20.html"
    assert main(["url", "de/rep/bghz/100/1"]) == 1
    assert "no official source" in capsys.readouterr().err


def test_import_legalcite_sources_and_resolvers_stay_light():
    code = ("import sys, legalcite, legalcite.net, legalcite.sources, legalcite.resolve, legalcite.resolve.online, "
            "legalcite.resolve.store, legalcite.checker, legalcite.cli.url, legalcite.cli.corpus; "
            "from legalcite.sources import REGISTRY, source, urls_for; [source(n) for n in REGISTRY]; "
            "from legalcite.models import citation_from_key; urls_for(citation_from_key('us-ca/civ/s1542')); "
            "print(sorted(m for m in ('httpx', 'lark', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
