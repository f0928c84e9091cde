"""A French-language jurisdiction added by its package and one registry line: Syldavia (``sy``,
``tests/fixtures/toy_jurisdiction/sy``) brings its grammar, printer, structure parser, snapshot reader and official
source (legis.sy, answered here by ``httpx.MockTransport`` from fixtures in its documented format). In a copy of
the package tree with that package and one line in ``PACKAGES``, its citations in French prose are extracted,
checked against its snapshot — existence to the alinéa, repeal marks, and attribution on, so that a French claim
under the wrong article is ``misattributed`` — and asked of its source; and no file outside its package names it."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.test_new_jurisdiction import TOY, add_toy

SCRIPT = r"""
import json, sys
from pathlib import Path
import httpx
import legalcite
from legalcite import jurisdictions, sources
from legalcite.corpora.store import build_store
from legalcite.net import HostPolicy
from legalcite.resolve.online import resolve_online

corpora, store, answers = sys.argv[1], sys.argv[2], Path(sys.argv[3])
build_store(corpora, store, readers=jurisdictions.snapshot_readers(["sy"]))
TEXTS = [
    "Selon l'art. S. 12, al. 1, CSO, celui qui cause à autrui un dommage est tenu de le réparer.",
    "Selon l'art. S. 13 CSO, le bail d'habitation peut être résilié par chaque partie moyennant un préavis "
    "de trois mois.",
    "L'art. S. 12, al. 2, CSO prévoit que la réparation est due dans un délai de soixante jours.",
    "Selon l'art. S. 21 CSO, le bail d'habitation peut être résilié par chaque partie moyennant un préavis "
    "de trois mois.",
    "Voir aussi l'art. S. 14 CSO, l'art. S. 99 CSO et l'art. S. 12 al. 7 CSO.",
]
checked = [[[c.citation.key, c.status.value, c.reason, [e.details.get("note") for e in c.evidence]]
            for c in legalcite.check(t, store=store, attribution=True)] for t in TEXTS]

def legis_sy(request):   # the official site's answers: a fixture per article it has, 404 for any other
    f = answers / f"{request.url.path.split('/')[3]}_{request.url.path.rsplit('/', 1)[-1]}.json"
    if f.exists():
        return httpx.Response(200, json=json.loads(f.read_text(encoding="utf-8")))
    return httpx.Response(404, json={"error": "article inconnu"})

online = resolve_online(legalcite.extract("art. S. 12, al. 2, CSO; art. S. 12, al. 5, CSO; art. S. 14 CSO; "
                                          "art. S. 99 CSO"),
                        sources=[sources.source("legis.sy")], transport=httpx.MockTransport(legis_sy),
                        use_cache=False, retries=0, backoff=0.0, policies={},
                        default_policy=HostPolicy(min_interval=0.0, concurrency=4))
print(json.dumps({
    "checked": checked,
    "online": [[c.citation.key, c.status.value, c.reason] for c in online],
    "urls": sources.urls_for(legalcite.extract("art. S. 12, al. 2, CSO")[0]),
    "printed": jurisdictions.print_key("sy/cso/art12/al2"),
    "guessed": legalcite.extract(TEXTS[0])[0].jurisdiction,
}, ensure_ascii=False))
"""


@pytest.fixture(scope="module")
def added(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return add_toy(tmp_path_factory.mktemp("french_jurisdiction"), "sy")


@pytest.fixture(scope="module")
def ran(added: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> dict:
    tree, _ = added
    tmp = tmp_path_factory.mktemp("french_run")
    corpora = tmp / "corpora"
    corpora.mkdir()
    (corpora / "sy_code.jsonl").write_bytes((TOY / "sy_code.jsonl").read_bytes())
    env = {**os.environ, "PYTHONPATH": str(tree.parent), "LEGALCITE_CACHE": str(tmp / "cache")}
    env.pop("LEGALCITE_STORE", None)
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(corpora), str(tmp / "store.sqlite"),
                          str(TOY / "legis_sy")], capture_output=True, text=True, env=env, cwd=tmp, timeout=900)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_no_file_outside_its_package_names_it(added: tuple[Path, Path]) -> None:
    tree, _ = added
    names = re.compile(r"syldav|legis\.sy|\bCSO\b|[\"']sy[\"/]", re.IGNORECASE)
    outside = [str(p.relative_to(tree)) for p in tree.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and Path("jurisdictions", "sy") not in p.parents
               and p.suffix in (".py", ".lark", ".json", ".md", ".txt")
               and (p.relative_to(tree).parts[:2] != ("jurisdictions", "sy"))
               and names.search(p.read_text(encoding="utf-8", errors="replace"))]
    assert outside == [os.path.join("jurisdictions", "__init__.py")]
    registry = (tree / "jurisdictions" / "__init__.py").read_text(encoding="utf-8")
    assert [line for line in registry.splitlines() if names.search(line)] == ['    "sy": "sy",']


def test_its_citations_are_checked_to_the_alinea_with_attribution_on(ran: dict) -> None:
    supported, elsewhere, figure, neighbour, existence = ran["checked"]
    assert [(k, s) for k, s, *_ in supported] == [("sy/cso/art12/al1", "real")]
    assert [(k, s) for k, s, *_ in elsewhere] == [("sy/cso/art13", "misattributed")]
    assert "fitting better: art. S. 20, al. 1, CSO" in elsewhere[0][2]   # the alinéa the claim fits
    assert [(k, s) for k, s, *_ in neighbour] == [("sy/cso/art21", "misattributed")]   # the next article's claim
    # a figure no unit states: the quantity rule sees it, but the models, calibrated for de, zh and en claims
    # only, do not judge a French claim alone, and the verdict's evidence says so
    [(key, status, _, notes)] = figure
    assert (key, status) == ("sy/cso/art12/al2", "real")
    assert "the models have no thresholds calibrated for claims in 'fr' (attribution/calibration.json)" in notes
    assert {k: s for k, s, *_ in existence} == {"sy/cso/art14": "repealed", "sy/cso/art99": "invented",
                                                "sy/cso/art12/al7": "invented"}
    assert ran["printed"] == "art. S. 12, al. 2, CSO" and ran["guessed"] == "sy"


def test_its_official_source_is_asked_through_the_transport(ran: dict) -> None:
    assert [(k, s) for k, s, _ in ran["online"]] == [
        ("sy/cso/art12/al2", "real"), ("sy/cso/art12/al5", "invented"), ("sy/cso/art14", "repealed"),
        ("sy/cso/art99", "invented")]
    assert ran["urls"] == ["https://legis.sy/api/v1/cso/articles/12"]
