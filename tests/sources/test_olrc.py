"""uscode.house.gov (OLRC): the release-point download layout and the USLM loader of ``corpus fetch us``."""
from __future__ import annotations

import zipfile

from legalcite.sources.olrc import iter_sections, load_zip, release_file
from tests.conftest import OFFICIAL as FIX


def test_uslm_title_to_units():
    with open(FIX / "uslm_usc99.xml", "rb") as fh:
        u = {x.key: x for x in iter_sections(fh)}
    assert list(u) == ["us/usc/t99/s1", "us/usc/t99/s2", "us/usc/t99/s2000e-2"]  # quoted § 77 is not a section
    s1 = u["us/usc/t99/s1"]
    assert s1.heading == "Definitions" and s1.snapshot == "Online@119-100"
    assert s1.path == ("Title 99— FIXTURES FOR LEGALCITE", "CHAPTER 1— GENERAL PROVISIONS")
    b = s1.subunits[1]
    assert b["value"] == "b" and [c["value"] for c in b["children"]] == ["1", "2"]
    assert [c["value"] for c in b["children"][1]["children"]] == ["A", "B"]  # USLM keeps (A) apart from (a)
    assert "(A) the first part; and" in s1.text.split("\n") and "Fixture. 1, 2026" not in s1.text
    assert u["us/usc/t99/s2"].repealed and u["us/usc/t99/s2"].extra["status"] == "repealed"


def test_uslm_zip_and_release_urls(tmp_path):
    url, name = release_file("18", "119-100")
    assert url == "https://uscode.house.gov/download/releasepoints/us/pl/119/100/xml_usc18@119-100.zip"
    assert release_file("5", "119-100")[1] == "xml_usc05@119-100.zip"
    assert release_file("all", "119-100")[1] == "xml_uscAll@119-100.zip"
    z = tmp_path / name
    with zipfile.ZipFile(z, "w") as zf:
        zf.write(FIX / "uslm_usc99.xml", "usc99.xml")
    assert len(list(load_zip(z))) == 3
