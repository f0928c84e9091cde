"""The store resolver: existence, repeal and sub-units of a citation against the corpus store, offline; why a
citation stays undecided (typed); the store opened once and checked once."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite.corpora.store import open_store
from legalcite.models import citation_from_key
from legalcite.resolve.store import StoreResolver
from legalcite.status import Status, Undecided


def resolve_one(key: str, store: Path, date: str | None = None):
    [res] = StoreResolver(open_store(store), date=date).resolve([citation_from_key(key)])
    return res.checked


# (key, status, words the reason must contain)
KEY_CASES = [
    ("de/bgb/s823", "real", ["§ 823 BGB exists"]),
    ("de/bgb/s823/abs1", "real", ["Abs. 1"]),
    ("de/bgb/s823/abs7", "invented", ["Absätze 1–2", "Abs. 7 does not exist"]),
    ("de/bgb/s9999", "invented", ["§ 9999 BGB does not exist"]),
    ("de/bgb/s1/abs2", "invented", ["no numbered Absätze"]),
    ("de/bgb/s1/abs1", "real", []),                         # the one unnumbered Absatz
    ("de/kschg/s1/abs3/satz1", "real", ["Satz 1"]),
    ("de/kschg/s1/abs3/satz9", "invented", ["Satz 9 does not exist"]),
    ("de/kschg/s1/abs2/nr1", "real", ["Nr. 1"]),
    ("de/kschg/s1/abs2/nr7", "invented", ["Nummern 1–2"]),
    ("de/bgb/s5", "repealed", ["§ 5 BGB is repealed (weggefallen)"]),
    ("de/sgb-v/s1/abs2", "real", ["not checked"]),          # TOC only: the § exists, its Absatz is unknown
    ("de/sgb-v/s9999", "invented", []),
    ("de/egbgb/art229/s99", "not_checked", ["partial"]),    # no complete TOC for EGBGB
    ("de/fantasieg/s1", "not_findable", ["fantasieg"]),
    ("cn/中华人民共和国民法典/art1079/para9", "invented",
     ["《中华人民共和国民法典》第一千零七十九条 has 款 1–5", "第九款 does not exist"]),
    ("cn/中华人民共和国民法典/art1300", "invented", ["第一千三百条 does not exist"]),
    ("cn/中华人民共和国民法典/art509/para2", "real", []),
    ("cn/中华人民共和国劳动合同法/art39/item2", "real", []),
    ("cn/中华人民共和国劳动合同法/art39/item9", "invented", ["项 1–6"]),
    ("cn/中华人民共和国刑法/art120-1", "real", []),
    ("cn/中华人民共和国合同法/art52", "repealed", ["2021-01-01", "中华人民共和国民法典"]),
    ("cn/中华人民共和国公司法/art1", "real", []),            # exists by the article count, no text
    ("cn/不存在的法/art1", "not_findable", []),
    ("us-ca/lab/s2802/z", "invented", ["Cal. Lab. Code § 2802 has subdivisions a, b, c, d; (z) does not exist"]),
    ("us-ca/lab/s2802/a", "real", []),
    ("us-ca/lab/s99999", "invented", []),
    ("us-ca/civ/s1671/b", "not_checked", ["partial"]),      # 7 Civil Code sections only
    ("us-ca/civ/s1542", "real", []),
    ("us-ca/gov/s12940", "not_checked", []),
    ("us-ca/const/art1/s1", "real", []),
    ("us/const/amend14", "real", []),
    ("us/const/amend14/s1", "real", []),
    ("us/const/art1/s8/cl3", "real", []),
    ("us/const/art1/s8/cl30", "invented", ["U.S. Const. art. I, § 8 has clauses 1–18; cl. 30 does not exist"]),
    ("us/const/amend18", "repealed", ["amend21"]),
    ("us/usc/t42/s1983", "real", []),
    ("us/usc/t42/s2000e-2/a", "real", ["not checked"]),   # heading only in this store: sub-units not checked
    ("us/usc/t42/s1983/a", "invented", ["no subdivisions"]),  # the text (us_usc_text) has one paragraph
    ("us/usc/t17/s107/4", "real", []),                     # fair use factor (4)
    ("us/usc/t17/s107/9", "invented", ["(9) does not exist"]),
    ("us/usc/t42/s99999", "not_checked", ["not in force", "former section or was never in the Code"]),
    ("us/usc/t42/s1973", "repealed", ["transferred to 52 U.S.C. § 10301"]),   # the Voting Rights Act, § 2
    ("us/usc/t42/s1973/b", "repealed", ["transferred to 52 U.S.C. § 10301"]),
    ("us/usc/t99/s1", "invented", ["no title 99"]),
    ("us/cfr/t29/s1", "not_checked", ["no offline source covers CFR"]),
    ("ch/or/art41/abs1", "real", []),
    ("at/abgb/s1", "not_checked", ["no corpus for jurisdiction 'at'"]),
    ("us/case/5/u.s./137", "not_checked", ["no case table in the store covers this reporter"]),
    ("ch/rep/bge/146/iii/1", "real", ["BGE 146 III 1", "bge"]),       # the BGE list of the shared corpora
]


@pytest.mark.parametrize("key, status, words", KEY_CASES, ids=[c[0] for c in KEY_CASES])
def test_status_by_key(small_store: Path, key: str, status: str, words: list[str]) -> None:
    cc = resolve_one(key, small_store, date="2026-11-30")
    assert cc.status.value == status, cc.reason
    for w in words:
        assert w in cc.reason
    d = cc.to_dict()
    assert d["status"] == status and d["reason"] == cc.reason
    if status in ("real", "invented", "repealed"):
        assert cc.evidence and cc.evidence[0].source.startswith(("store:", "olrc:", "case table:"))
        assert cc.evidence[0].snapshot or cc.evidence[0].source.startswith("olrc:")


def test_evidence_has_url_and_snapshot(small_store: Path) -> None:
    cc = resolve_one("de/bgb/s823", small_store)
    ev = cc.evidence[0]
    assert ev.url == "https://www.gesetze-im-internet.de/bgb/__823.html"
    assert ev.snapshot == "2026-04-13" and "gesetze-corpus-data" in ev.source and ev.key == "de/bgb/s823"


def test_repeal_depends_on_date(small_store: Path) -> None:
    before = resolve_one("cn/中华人民共和国合同法/art52", small_store, date="2020-06-01")
    after = resolve_one("cn/中华人民共和国合同法/art52", small_store, date="2021-01-01")
    assert before.status != Status.REPEALED and after.status == Status.REPEALED


@pytest.mark.parametrize("key, why", [
    ("us/case/5/u.s./137", Undecided.NOT_COVERED),         # no offline source for cases
    ("us/cfr/t29/s1", Undecided.NOT_COVERED),              # no snapshot of the CFR
    ("at/abgb/s1", Undecided.NOT_COVERED),                 # no corpus for the jurisdiction
    ("us-ca/civ/s1671/b", Undecided.PARTIAL),              # the Civil Code snapshot is partial
    ("de/egbgb/art229/s99", Undecided.PARTIAL),
])
def test_undecided_is_typed(small_store: Path, key: str, why: Undecided) -> None:
    cc = resolve_one(key, small_store)
    assert cc.status is Status.NOT_CHECKED and cc.undecided is why
    assert "offline)" not in cc.reason  # the "(offline)" note is the checker's, only when nobody else was asked


def test_decided_statuses_carry_no_undecided_reason(small_store: Path) -> None:
    for key in ("de/bgb/s823", "de/bgb/s9999", "de/fantasieg/s1", "de/bgb/s5"):
        assert resolve_one(key, small_store).undecided is None


def test_real_resolutions_carry_the_unit_for_attribution(small_store: Path) -> None:
    [real, invented] = StoreResolver(open_store(small_store)).resolve([citation_from_key("de/bgb/s823/abs1"),
                                                          citation_from_key("de/bgb/s9999")])
    assert real.unit is not None and real.unit.key == "de/bgb/s823" and invented.unit is None


def test_store_is_opened_once_per_process(small_store: Path) -> None:

    assert open_store(small_store) is open_store(str(small_store)) is StoreResolver(open_store(small_store)).store
