"""What `check` says of the Chinese forms released models write (issue 27), with the statuses a lawyer assigns:
a law database's class before the title, an irregular numeral read as a reader reads it, the usual citations."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite.checker import check

# (answer, status, words the reason must hold)
ANSWERS = [
    # 《社会法-…》: the class is LawRefBook's folder, the law is the 刑法/民法典 the rest names
    ("依据《民商法-民法典》第五百七十七条，违约方应当承担违约责任。", "real", ["第五百七十七条 exists"]),
    ("《刑法-刑法》第九百条", "invented", ["第九百条 does not exist"]),
    # 第三百零十条: read as 第三百一十条 (窝藏、包庇罪), and the reason says so
    ("依据《刑法》第三百零十条，窝藏、包庇罪成立。", "real",
     ["第三百一十条 exists", "第三百零十条 read as 第三百一十条"]),
    ("《刑法》第二百六十四条", "real", []),
    ("[法条]刑法第264条", "real", []),
    ("《民法典》第1165条第1款", "real", ["第一千一百六十五条第一款"]),
    ("《中华人民共和国劳动合同法》第三十九条第（二）项", "real", ["第（二）项"]),
    ("《合同法》第107条", "repealed", ["2021-01-01", "民法典"]),
    ("《社会法-幻想法》第一条", "not_findable", ["unknown law"]),
]


@pytest.mark.parametrize("answer,status,words", ANSWERS, ids=[a for a, *_ in ANSWERS])
def test_statuses_a_lawyer_assigns(small_store: Path, answer: str, status: str, words: list[str]) -> None:
    [cc] = check(answer, store=small_store, date="2026-12-01", attribution=False)
    assert cc.status.value == status, cc.reason
    for w in words:
        assert w in cc.reason, cc.reason
