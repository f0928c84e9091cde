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
    assert main(["url", "de/gg/art20", "--first", "--bare"]) == 0
    assert capsys.readouterr().out.strip() == "https://www.gesetze-im-internet.de/gg/art_20.html"
    assert main(["url", "de/rep/bghz/100/1"]) == 1
    assert "no official URL for de/rep/bghz/100/1" in capsys.readouterr().err


def test_each_url_is_printed_beside_its_citation(capsys):
    """Issue 32: four citations gave five bare lines, without saying which URL was whose. Now a row per URL names
    the citation and the key; a list gives a row per provision, a citation without a URL a row that says so."""
    assert main(["url", "§§ 280 Abs. 1, 281 BGB", "§ 1 FantasieG", "us-ca/civ/s1542", "--first"]) == 1
    out = capsys.readouterr()
    rows = [line.split("\t") for line in out.out.splitlines()]
    assert rows == [
        ["citation", "key", "url"],
        ["§§ 280 Abs. 1, 281 BGB", "de/bgb/s280/abs1", "https://www.gesetze-im-internet.de/bgb/__280.html"],
        ["§§ 280 Abs. 1, 281 BGB", "de/bgb/s281", "https://www.gesetze-im-internet.de/bgb/__281.html"],
        ["§ 1 FantasieG", "de/fantasieg/s1", "-"],
        ["us-ca/civ/s1542", "us-ca/civ/s1542",
         "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1542"]]
    assert "no official URL for de/fantasieg/s1" in out.err
    assert main(["url", "§ 823 BGB"]) == 0
    many = [line.split("\t") for line in capsys.readouterr().out.splitlines()[1:]]
    assert len(many) == 2 and {tuple(r[:2]) for r in many} == {("§ 823 BGB", "de/bgb/s823")}
    assert [r[2].split("/")[2] for r in many] == ["www.gesetze-im-internet.de", "dejure.org"]
    assert main(["url", "§ 823\tBGB"]) == 0          # a tab in the argument does not shift the columns
    assert all(len(line.split("\t")) == 3 for line in capsys.readouterr().out.splitlines())


def test_url_refuses_a_law_that_does_not_exist(capsys):
    """Issue 18 item 13: ``url "§ 1 FantasieG"`` printed https://www.gesetze-im-internet.de/fantasieg/__1.html."""
    assert main(["url", "§ 1 FantasieG", "§ 1 BGB", "--bare"]) == 1
    out = capsys.readouterr()
    assert "fantasieg" not in out.out and out.out.splitlines()[0].endswith("/bgb/__1.html")
    assert "no official URL for de/fantasieg/s1" in out.err


def test_url_and_parse_suggest_the_jurisdiction_that_reads_a_citation(capsys):
    for command in ("url", "parse"):
        assert main([command, "Civil Code section 1542"]) == 1
        assert "with --jurisdiction us-ca it reads as us-ca/civ/s1542" in capsys.readouterr().err
    assert main(["parse", "Civil Code section 1542", "--jurisdiction", "us-ca"]) == 0
    assert capsys.readouterr().out.strip() == "us-ca/civ/s1542"


def test_import_legalcite_sources_and_resolvers_stay_light():
    code = ("import sys, legalcite, legalcite.net, legalcite.sources, legalcite.resolve, legalcite.resolve.online, "
            "legalcite.resolve.store, legalcite.checker, legalcite.cli.url, legalcite.cli.corpus; "
            "from legalcite.sources import REGISTRY, source, urls_for; [source(n) for n in REGISTRY]; "
            "from legalcite.models import citation_from_key; urls_for(citation_from_key('us-ca/civ/s1542')); "
            "print(sorted(m for m in ('httpx', 'lark', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
