"""How often the misattribution test flags correct and swapped citations, on real German court sentences.

    python benchmarks/check_attribution.py [--store PATH] [--testdata ../shared/testdata]

Courts cite the norm they apply, so every flag on an original LER sentence counts as a false alarm; swapping the
citation to a random other unit of the same law (seeded) gives sentences whose citation is wrong, so flags there
are hits. Only statute citations whose unit has text in the store, and statements the test judges (enough words,
same language), are counted. Court prose often names a norm without restating it, so the false-alarm rate here
is a pessimistic estimate for answers that paraphrase the provision they cite.

Chinese: the STARD layperson questions against the first article marked relevant (as cited) and against a random
other article of the same law (swapped). STARD relevance is loose (an article that helps answer, not one the
question restates), so again flags on the relevant article are counted as false alarms.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", help="corpus store (default: $LEGALCITE_STORE or the user data dir)")
    ap.add_argument("--testdata", default=str(Path(__file__).resolve().parents[2] / "shared" / "testdata"))
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    import legalcite
    from legalcite.attribution import assess, statement_for, work_index
    from legalcite.resolve.store import get_store
    from legalcite.keys import key_at

    store = get_store(args.store)
    rng = random.Random(args.seed)
    judged = flagged_orig = flagged_swap = 0
    examples = []
    with open(Path(args.testdata) / "de_ler_test.jsonl", encoding="utf-8") as fh:
        texts = [json.loads(line)["text"] for line in fh]
    for text in texts:
        cites = legalcite.extract(text)
        spans = [(c.span.start, c.span.end) for c in cites]
        for c in cites:
            if not c.key or c.kind.value != "statute" or c.jurisdiction != "de":
                continue
            uk = key_at(c.key, "unit")
            unit = store.unit(uk)
            if unit is None or not unit.text:
                continue
            idx = work_index(store, "de", c.work, "de")
            me = (c.span.start, c.span.end)
            st = statement_for(text, c.span.start, c.span.end, [s for s in spans if s != me])
            a = assess(st, uk, idx)
            if not a.judged:
                continue
            b = assess(st, rng.choice([k for k in idx.keys if k != uk]), idx)
            judged += 1
            flagged_orig += a.misattributed
            flagged_swap += b.misattributed
            if a.misattributed and len(examples) < 5:
                examples.append(f"  {uk}: {st[:110]}")
    if not judged:
        print("no judged citations (is the store built?)", file=sys.stderr)
        return 1
    print(f"judged citations: {judged}")
    print(f"flagged as cited (false alarms): {flagged_orig} ({100 * flagged_orig / judged:.1f} %)")
    print(f"flagged after swapping to another unit of the same law (hits): {flagged_swap} "
          f"({100 * flagged_swap / judged:.1f} %)")
    if examples:
        print("false alarms, e.g.:\n" + "\n".join(examples))
    stard(store, Path(args.testdata) / "stard_queries.jsonl", random.Random(args.seed))
    return 0


def stard(store, path: Path, rng: random.Random) -> None:
    from legalcite.attribution import assess, work_index
    from legalcite.jurisdictions.cn.laws import work_of_title as cn_work
    from legalcite.jurisdictions.cn.snapshots import cn_article_segment

    judged = orig = swap = 0
    with open(path, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    for r in rows:
        rel = r["relevant"][0]
        wid = cn_work(rel["law"])
        key = f"cn/{wid}/{cn_article_segment(rel['article'], rel['article_sub'])}"
        unit = store.unit(key)
        if unit is None or not unit.text:
            continue
        idx = work_index(store, "cn", wid, "zh")
        a = assess(r["query"], key, idx)
        if not a.judged:
            continue
        b = assess(r["query"], rng.choice([k for k in idx.keys if k != key]), idx)
        judged += 1
        orig += a.misattributed
        swap += b.misattributed
    print(f"STARD (zh) judged questions: {judged}; flagged against the relevant article: {orig} "
          f"({100 * orig / max(judged, 1):.1f} %); against a random other article: {swap} "
          f"({100 * swap / max(judged, 1):.1f} %)")


if __name__ == "__main__":
    raise SystemExit(main())
