"""A repealed law's verdict names what replaced it: the successor's repeal clause as the act that repealed it (not
as its successor), and the successor's article that now holds what the answer states, read by BM25 within the
successor (民法典) where one article clearly leads; a bare citation gets the successor law alone."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite.checker import check

CIVIL = "cn/中华人民共和国民法典"

ROWS = [
    ("根据《合同法》第一百零七条的规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、"
     "采取补救措施或者赔偿损失等违约责任。", "cn/中华人民共和国合同法/art107", f"{CIVIL}/art577"),
    ("依照《物权法》第二百四十五条，占有的不动产或者动产被侵占的，占有人有权请求返还原物。",
     "cn/中华人民共和国物权法/art245", f"{CIVIL}/art462"),
    ("**违约金过高怎么办？** 约定的违约金过分高于造成的损失的，当事人可以请求人民法院或者仲裁机构予以适当减少"
     "（《合同法》第114条第2款）。", "cn/中华人民共和国合同法/art114/para2", f"{CIVIL}/art585"),
    ("法律依据：《合同法》第五十二条。", "cn/中华人民共和国合同法/art52", None),
]


@pytest.mark.parametrize("text, key, successor", ROWS)
def test_the_successor_article_is_read_from_the_statement(small_store: Path, text: str, key: str,
                                                          successor: str | None) -> None:
    [cc] = check(text, store=small_store)
    assert (cc.citation.key, cc.status.value) == (key, "repealed")
    assert "by 《中华人民共和国民法典》第一千二百六十条; replaced by 《中华人民共和国民法典》" in cc.reason
    found = [e.key for e in cc.evidence if e.source == "successor"]
    assert found == ([successor] if successor else [])
    assert ("the statement is now in" in cc.reason) is (successor is not None)
