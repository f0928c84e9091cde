"""leginfo.legislature.ca.gov: section URLs, the section page and the pubinfo bulk tables of
``corpus fetch us-ca``, on fixture files in those formats. The online answers are in ``test_online.py``."""
from __future__ import annotations

from legalcite.sources.leginfo import (
    current_session_year,
    iter_pubinfo,
    section_url,
    unit_from_section_page,
)
from tests.conftest import OFFICIAL as FIX
from tests.conftest import make_pubinfo


def test_section_url_is_the_one_the_loader_and_the_resolver_use():
    url = "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1542"
    assert section_url("civ", "1542") == url
    page = (FIX / "leginfo_civ_1542.html").read_text(encoding="utf-8")
    assert unit_from_section_page(page, "CIV").extra["url"] == url


def test_leginfo_section_page():
    u = unit_from_section_page((FIX / "leginfo_civ_1542.html").read_text(encoding="utf-8"), "CIV")
    assert u.key == "us-ca/civ/s1542" and u.text.startswith("Fixture sentence one")
    assert [s["value"] for s in u.subunits] == ["a", "b"]
    assert u.extra["history"].startswith("Amended by Stats. 2018")
    assert unit_from_section_page((FIX / "leginfo_empty.html").read_text(encoding="utf-8"), "CIV") is None


def test_pubinfo_tables(tmp_path):
    z = make_pubinfo(tmp_path / "pubinfo_2025.zip")
    u = {x.key: x for x in iter_pubinfo(z)}
    assert list(u) == ["us-ca/civ/s1542", "us-ca/lab/s2802"]  # inactive and CONS rows skipped
    civ = u["us-ca/civ/s1542"]
    assert civ.text == "(a) First fixture subdivision.\n(b) Second fixture subdivision."
    assert [s["value"] for s in civ.subunits] == ["a", "b"]
    assert civ.path == ("Division 3.", "Chapter 5.") and civ.snapshot == "2026-05-02"
    assert list(x.key for x in iter_pubinfo(z, ["lab"])) == ["us-ca/lab/s2802"]


def test_session_year():
    import datetime

    assert current_session_year(datetime.date(2026, 11, 30)) == 2025
    assert current_session_year(datetime.date(2027, 1, 2)) == 2027
