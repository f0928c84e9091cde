"""Treaty keys printed in the answer's language: Swiss-German by default (``Art. 6 Ziff. 1 EMRK``), English
where the check reads an English answer (``Article 6(1) ECHR``); both parse back to the key."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite.jurisdictions import print_key
from legalcite.pipeline import parse

ROWS = [
    ("int/echr/art6", "Art. 6 EMRK", "Article 6 ECHR"),
    ("int/echr/art6/par1", "Art. 6 Ziff. 1 EMRK", "Article 6(1) ECHR"),
    ("int/cisg/art1/par1/pta", "Art. 1 Ziff. 1 lit. a CISG", "Article 1(1)(a) CISG"),
    ("int/iccpr/art14/par3/ptd", "Art. 14 Ziff. 3 lit. d UNO-Pakt II", "Article 14(3)(d) ICCPR"),
    ("int/lugano/art5", "Art. 5 LugÜ", "Article 5 of the Lugano Convention"),
    ("int/case/echr/13444-04", "EGMR, Nr. 13444/04", "EGMR, Nr. 13444/04"),   # no English form: the default
]


@pytest.mark.parametrize("key, german, english", ROWS)
def test_printed_in_the_answers_language(key: str, german: str, english: str) -> None:
    assert print_key(key) == german
    assert print_key(key, language="en") == english
    assert [c.key for c in parse(english)] == [key]      # what it prints parses back


def test_a_check_names_the_treaty_as_the_answer_does(small_store: Path) -> None:
    from legalcite.checker import check

    [en] = check("The right to a fair trial is guaranteed by Article 6 ECHR.", store=small_store)
    [de] = check("Das Recht auf ein faires Verfahren ist in Art. 6 EMRK garantiert.", store=small_store)
    assert en.reason.startswith("Article 6 ECHR") and de.reason.startswith("Art. 6 EMRK")
