"""gesetze-im-internet.de: the one URL builder of a unit, and the XML loader (law files, table of contents) of
``corpus fetch de``, on fixture files in the gii-norm format. The online answers are in ``test_online.py``."""
from __future__ import annotations

import zipfile

import pytest

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import Work
from legalcite.sources.base import UnknownLaw
from legalcite.sources.gii import de_slugs, load_zip, parse_law, parse_toc, unit_page, unit_url, unit_segments
from tests.conftest import OFFICIAL as FIX


def units(recs) -> dict[str, CorpusUnit]:
    return {r.key: r for r in recs if isinstance(r, CorpusUnit)}


# (key segments, URL): the page of every kind of unit, in one function for the resolver, the loader and the store
UNIT_URLS = [
    (["s823"], "https://www.gesetze-im-internet.de/bgb/__823.html"),
    (["s823", "abs1", "satz2"], "https://www.gesetze-im-internet.de/bgb/__823.html"),
    (["art20"], "https://www.gesetze-im-internet.de/bgb/art_20.html"),
    (["art229", "s1"], "https://www.gesetze-im-internet.de/bgb/art_229__1.html"),
    (["s1a"], "https://www.gesetze-im-internet.de/bgb/__1a.html"),
    ([], "https://www.gesetze-im-internet.de/bgb/index.html"),
    (["anlage1"], "https://www.gesetze-im-internet.de/bgb/index.html"),
]


@pytest.mark.parametrize("segs,url", UNIT_URLS, ids=["/".join(s) or "law" for s, _ in UNIT_URLS])
def test_unit_url(segs, url):
    from legalcite.keys import split_segment

    assert unit_url("bgb", [split_segment(s) for s in segs]) == url


def test_unit_page_quotes_values():
    assert unit_page([("s", "1?x=@evil#")]) == "__1%3Fx%3D%40evil%23.html"
    assert unit_page([("abs", "1")]) is None


def test_gii_law_xml_to_units():
    recs = list(parse_law((FIX / "gii_fixg.xml").read_bytes(), slug="fixg"))
    work = recs[0]
    assert isinstance(work, Work) and work.key == "de/fixg" and work.complete and work.snapshot == "2026-04-13"
    u = units(recs)
    assert list(u) == ["de/fixg/s1", "de/fixg/s1a", "de/fixg/s2", "de/fixg/s3", "de/fixg/s4", "de/fixg/s5"]
    s1 = u["de/fixg/s1"]
    assert s1.heading == "Zweck" and s1.path == ("Abschnitt 1 Allgemeines",)
    abs2 = s1.subunits[1]
    assert (abs2["label"], abs2["value"]) == ("abs", "2")
    # the Nummern under the Satz that introduces them
    nrs = [(c["label"], c["value"]) for s in abs2["children"] for c in s.get("children", ())]
    assert nrs == [("nr", "1"), ("nr", "2")]
    assert [c["value"] for c in u["de/fixg/s1a"].subunits] == ["1", "2"]  # Sätze of an unnumbered §
    assert all(u[f"de/fixg/s{i}"].repealed for i in (2, 3, 4)) and not u["de/fixg/s5"].repealed
    assert u["de/fixg/s5"].path == ("Abschnitt 2 Besonderes", "Unterabschnitt 1 Einzelnes")
    assert u["de/fixg/s5"].extra["url"] == "https://www.gesetze-im-internet.de/fixg/__5.html"


def test_gii_work_id_comes_from_the_law_table():
    xml = (FIX / "gii_fixg.xml").read_bytes().replace(b"<jurabk>FixG</jurabk>", b"<jurabk>BGBEG</jurabk>")
    recs = list(parse_law(xml, slug="bgbeg"))
    assert recs[0].key == "de/egbgb" and "de/egbgb/s1" in units(recs)


def test_gii_repeated_paragraphs_nest_under_their_article():
    xml = (FIX / "gii_fixg.xml").read_text(encoding="utf-8")
    extra = """<norm doknr="X1"><metadaten><jurabk>FixG</jurabk><gliederungseinheit><gliederungskennzahl>030
</gliederungskennzahl><gliederungsbez>Artikel 9</gliederungsbez><gliederungstitel>Übergang</gliederungstitel>
</gliederungseinheit></metadaten></norm>
<norm doknr="X2"><metadaten><jurabk>FixG</jurabk><enbez>§ 1</enbez></metadaten><textdaten><text><Content>
<P>Übergangstext.</P></Content></text></textdaten></norm></dokumente>"""
    recs = list(parse_law(xml.replace("</dokumente>", extra).encode(), slug="fixg"))
    assert recs[0].complete is False
    assert "de/fixg/art9/s1" in units(recs) and "de/fixg/s1" in units(recs)


@pytest.mark.parametrize("enbez,segs", [("§ 823", ["s823"]), ("Art 20", ["art20"]), ("Artikel 1a", ["art1a"]),
                                        ("§§ 3 bis 6", ["s3", "s4", "s5", "s6"]), ("Anlage 2", []),
                                        ("Eingangsformel", [])])
def test_gii_unit_segments(enbez, segs):
    assert unit_segments(enbez) == segs


def test_gii_toc():
    toc = parse_toc((FIX / "gii-toc.xml").read_bytes())
    assert toc == {"fixg": "Fixture-Gesetz über Beispiele", "bgb": "Bürgerliches Gesetzbuch",
                   "fix2g_2020": "Zweites Fixture-Gesetz"}


def test_gii_zip(tmp_path):
    z = tmp_path / "fixg.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.write(FIX / "gii_fixg.xml", "BJNR000000001.xml")
    assert len(units(load_zip(z, slug="fixg"))) == 6


def test_de_slugs_from_names():
    assert de_slugs(["BGB", "SGB V", "egbgb", "uwg"], None) == ["bgb", "sgb_5", "bgbeg", "uwg_2004"]
    assert de_slugs(["fixg"], {"fixg": "x"}) == ["fixg"]
    with pytest.raises(UnknownLaw, match="NoSuchG"):
        de_slugs(["NoSuchG"], {})
