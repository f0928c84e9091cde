"""Synthetic check records in the check JSONL shape, for the report's tests and for trying the report at
scale without running a check (``python -m legalcite.report.sample 10000 > sample.jsonl``). The statuses are
drawn at random: these records say nothing about any real citation."""
from __future__ import annotations

import json
import random
import sys
from typing import Any, Iterator

from legalcite.status import DEDUCTED, Status

_D = frozenset(s.value for s in DEDUCTED)
# (jurisdiction, kind, citation text, key, official URL); all are docs/keys.md examples.
CITES = [
    ("de", "statute", "§ 433 Abs. 2 BGB", "de/bgb/s433/abs2", "https://www.gesetze-im-internet.de/bgb/__433.html"),
    ("de", "statute", "Art. 1 Abs. 1 GG", "de/gg/art1/abs1", "https://www.gesetze-im-internet.de/gg/art_1.html"),
    ("de", "case", "BGHZ 100, 1", "de/rep/bghz/100/1", None),
    ("cn", "statute", "《中华人民共和国民法典》第五百零九条第二款", "cn/中华人民共和国民法典/art509/para2",
     "https://flk.npc.gov.cn/"),
    ("cn", "statute", "《刑法》第二百三十四条", "cn/中华人民共和国刑法/art234", None),
    ("us", "statute", "18 U.S.C. § 1030(a)(2)(C)", "us/usc/t18/s1030/a/2/C",
     "https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title18-section1030"),
    ("us", "case", "Marbury v. Madison, 5 U.S. 137, 177 (1803)", "us/case/5/u.s./137", None),
    ("us-ca", "statute", "Cal. Civ. Code § 1668", "us-ca/civ/s1668",
     "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1668"),
]
FILLER = ["The claim rests on ", "See also ", "Under ", "As held in ", "This follows from ", "Compare "]
MODELS = ["model-a", "model-b", "model-c"]


def record(i: int, rng: random.Random) -> dict[str, Any]:
    """A random check record numbered ``i`` (id ``a<i>``, line ``i``): up to four citations of the :data:`CITES`
    examples, statuses drawn at random, the summary counted from them."""
    parts: list[str] = []
    cites: list[dict[str, Any]] = []
    pos = 0
    for _ in range(rng.randint(0, 4)):
        jur, kind, text, key, url = rng.choice(CITES)
        lead = rng.choice(FILLER)
        parts.append(lead)
        pos += len(lead)
        status = rng.choice(list(Status)).value
        ev = [{"source": f"store:{jur}", "key": key, "snapshot": "2026-11-01"}]
        if url:
            ev[0]["url"] = url
        cites.append({"key": key, "text": text, "span": [pos, pos + len(text)], "jurisdiction": jur, "kind": kind,
                      "status": status, "reason": f"sample status {status}", "checked_key": key, "evidence": ev})
        parts.append(text)
        pos += len(text)
        parts.append(". ")
        pos += 2
    parts.append(f"Answer {i} ends here.")
    counts: dict[str, int] = {}
    for c in cites:
        counts[c["status"]] = counts.get(c["status"], 0) + 1
    ded = 0.25 * len({c["key"] for c in cites if c["status"] in _D})
    return {"id": f"a{i}", "line": i, "model": rng.choice(MODELS), "text": "".join(parts), "citations": cites,
            "summary": {"counts": counts, "lexassay_deduction": ded}}


# A record built to break escaping: markup in every field, a hostile status and a ``javascript:`` URL.
HOSTILE_TEXT = 'Hi <script>alert("x")</script> see § 433 BGB </script><img src=x onerror=alert(1)> & "q"'
HOSTILE = {
    "id": "<b>id</b>",
    "line": 1,
    "model": "</script><script>alert(2)</script>",
    "text": HOSTILE_TEXT,
    "citations": [{
        "key": "de/bgb/s433<x>", "text": "§ 433 BGB", "span": [HOSTILE_TEXT.index("§"), HOSTILE_TEXT.index("§") + 9],
        "jurisdiction": "de\"><script>alert(3)</script>", "kind": "statute", "status": "real\" onmouseover=\"alert(4)",
        "reason": "<i>reason</i>", "checked_key": None,
        "evidence": [{"source": "<s>", "key": "k", "url": "javascript:alert(5)", "snapshot": None, "details": {}},
                     {"source": "ok", "url": "https://www.gesetze-im-internet.de/bgb/__433.html"}],
    }],
    "summary": {"counts": {}, "lexassay_deduction": 0},
}


def sample_records(n: int, seed: int = 0) -> Iterator[dict[str, Any]]:
    """``n`` records (lines 1 to ``n``), the same for the same ``seed``."""
    rng = random.Random(seed)
    for i in range(1, n + 1):
        yield record(i, rng)


if __name__ == "__main__":  # pragma: no cover
    for r in sample_records(int(sys.argv[1]) if len(sys.argv) > 1 else 100):
        print(json.dumps(r, ensure_ascii=False))
