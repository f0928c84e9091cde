"""The registry: one line per jurisdiction, everything else read from the package's ``JURISDICTION``."""
from __future__ import annotations

import subprocess
import sys

import pytest

from legalcite import jurisdictions
from legalcite.core.scan import Context, scan
from legalcite.jurisdictions import Jurisdiction


def test_each_registered_package_exposes_one_jurisdiction() -> None:
    regs = jurisdictions.registered()
    assert [j.code for j in regs] == list(jurisdictions.PACKAGES)
    assert [j.code for j in regs][:4] == ["de", "cn", "us", "us-ca"]  # tie-break order: a new one goes after
    for j in regs:
        assert isinstance(j, Jurisdiction)
        assert j.package == "legalcite.jurisdictions." + {"us-ca": "us_ca", "int": "intl"}.get(j.code, j.code)
        assert j.name and j.languages and isinstance(j.parts.extractor.anchor, str)
        assert j.print_key("xx/other/s1") is None  # its printer answers for its own keys only
        assert j.parts.readers and all(r.jurisdiction == j.code for r in j.parts.readers)


def test_code_and_package_names() -> None:
    assert jurisdictions.package_of("us-ca") == "legalcite.jurisdictions.us_ca"
    assert jurisdictions.code_of("us_ca") == jurisdictions.code_of("legalcite.jurisdictions.us_ca") == "us-ca"
    assert jurisdictions.package_of("int") == "legalcite.jurisdictions.intl" and jurisdictions.code_of("intl") == "int"
    with pytest.raises(ValueError, match="unknown jurisdiction 'at'"):
        jurisdictions.package_of("at")
    with pytest.raises(ValueError):
        jurisdictions.code_of("us_common")  # shared code, not a jurisdiction


def test_accessors_follow_registry_order() -> None:
    assert jurisdictions.extractors() == tuple(j.parts.extractor for j in jurisdictions.registered())
    assert jurisdictions.linkers() == tuple(j.parts.linker for j in jurisdictions.registered() if j.parts.linker)
    assert jurisdictions.get("us-ca").parts.linker is None  # California's short forms are bound by the US linker


def test_snapshot_readers_come_from_the_packages() -> None:
    files = [(r.jurisdiction, r.file) for r in jurisdictions.snapshot_readers()]
    assert files[:9] == [("de", "de_toc.jsonl.gz"), ("de", "de_fulltext.jsonl.gz"), ("cn", "cn_laws.jsonl.gz"),
                     ("cn", "cn_fulltext.jsonl.gz"), ("us", "us_constitution.jsonl.gz"),
                     ("us", "us_usc_sections.jsonl.gz"), ("us", "us_usc_text.jsonl.gz"),
                     ("us-ca", "ca_codes_toc.jsonl.gz"), ("us-ca", "ca_fulltext.jsonl.gz")]
    assert [r.file for r in jurisdictions.snapshot_readers(["us_ca"])] == ["ca_codes_toc.jsonl.gz",
                                                                           "ca_fulltext.jsonl.gz"]


@pytest.mark.parametrize("key,printed", [
    ("de/bgb/s823/abs1", "§ 823 Abs. 1 BGB"),
    ("cn/中华人民共和国民法典/art577", "《中华人民共和国民法典》第五百七十七条"),
    ("us/usc/t42/s1983", "42 U.S.C. § 1983"),
    ("us-ca/civ/s1542", "Cal. Civ. Code § 1542"),
    ("ch/or/art41", "Art. 41 OR"),
    ("int/echr/art6/par1", "Art. 6 Ziff. 1 EMRK"),
    ("at/abgb/s1", "at/abgb/s1"),            # no registered jurisdiction: the key itself
    ("de/bgb/anlage1", "de/bgb/anlage1"),    # the printer has no form for it: the key itself
    ("not a key", "not a key"),
])
def test_print_key_dispatches_by_jurisdiction(key: str, printed: str) -> None:
    assert jurisdictions.print_key(key) == printed


def test_printers_are_per_jurisdiction() -> None:
    assert jurisdictions.get("de").print_key("us/usc/t42/s1983") is None


def test_scan_takes_the_extractors_it_is_given() -> None:
    text = "Nach § 823 BGB und 42 U.S.C. § 1983"
    hits = list(scan(text, jurisdictions.extractors()))
    assert [h.start for h in hits][:1] == [5]
    assert list(scan(text, ())) == []
    de_only = (jurisdictions.get("de").parts.extractor,)
    assert all(ex is de_only[0] for h in scan(text, de_only) for ex, _ in h.claims)
    assert Context(text=text).state == {}


def test_a_printer_loads_only_its_own_package() -> None:
    """Printing a US key reads every package's declaration (the key labels) but imports code (its ``plugin.py``'s
    parts) of the US packages only."""
    code = ("import sys; from legalcite import jurisdictions; jurisdictions.print_key('us/usc/t42/s1983'); "
            "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('legalcite.jurisdictions.') "
            "and m.count('.') > 2}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['us', 'us_common']"


def test_the_declarations_import_no_code_of_a_jurisdiction() -> None:
    """The key functions, the CLI's parser and the metrics read the declarations: no extractor, printer or reader
    comes with them."""
    code = ("import sys; import legalcite.keys as k; k.key_at('de/bgb/s823/abs1', 'unit'); "
            "from legalcite import jurisdictions as j; j.lookup('CA'); j.fetchable(); j.scope_of('us/usc/t42/s1'); "
            "print([m for m in sys.modules if m.startswith('legalcite.jurisdictions.') and m.count('.') > 2])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("code,segs,printed", [
    ("de", ["abs7"], "Abs. 7"),
    ("de", ["s823", "abs1", "satz2"], "§ 823 Abs. 1 Satz 2"),
    ("cn", ["para9"], "第九款"),
    ("cn", ["art39", "item2"], "第三十九条第（二）项"),
    ("us", ["z"], "(z)"),
    ("us", ["a", "9"], "(a)(9)"),
    ("us", ["s8", "cl30"], "§ 8, cl. 30"),
    ("us-ca", ["s2802", "a"], "§ 2802(a)"),
    ("us", ["amend14"], "amend. XIV"),
    ("de", ["anlage1"], "anlage1"),          # no form for it: the segments themselves
    ("ch", ["art41", "abs1"], "Art. 41 Abs. 1"),
    ("int", ["art6", "par1"], "Art. 6 Ziff. 1"),  # a treaty article as Swiss courts print it
    ("at", ["art41"], "art41"),              # no registered jurisdiction
])
def test_print_units_without_the_work(code: str, segs: list[str], printed: str) -> None:
    assert jurisdictions.print_units(code, segs) == printed


def test_level_names_come_from_the_printer() -> None:
    assert jurisdictions.level_name("de", "abs") == "Absätze"
    assert jurisdictions.level_name("cn", "item") == "项"
    assert jurisdictions.level_name("us-ca", "") == "subdivisions"
    assert jurisdictions.level_name("de", "nope") == "nope"
