"""The Swiss readers (ch_toc, ch_fulltext; the BGE list as a case table) in the store, and the statuses the check
gives Swiss and treaty citations: completeness decides between ``invented`` and ``not_checked``, repealed articles
are ``repealed``, an unknown act is ``not_findable``; one misattribution on Swiss text."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite.attribution.core import Attributor
from legalcite.checker import check
from legalcite.corpora.store import open_store
from legalcite.corpora.store import Store
from legalcite.jurisdictions.ch.acts import fedlex_anchor
from legalcite.jurisdictions import get
from legalcite.jurisdictions.ch.snapshots import unit_segments
from legalcite.status import Status


@pytest.mark.parametrize("key, check_unit", [
    ("ch/or/art41", lambda u: u.text.startswith("(1) Wer einem andern widerrechtlich Schaden zufügt")
     and [s["value"] for s in u.subunits] == ["1", "2"] and u.extra["url"].endswith("#art_41")),
    ("ch/zgb/art8", lambda u: u.heading and "Beweis" in u.heading),
    ("ch/stgb/art139", lambda u: [s["label"] for s in u.subunits][:2] == ["ziff", "ziff"]  # Ziff. 3 lit. a-d
     and [c["value"] for c in _below(u.subunits[2]) if c["label"] == "lit"] == ["a", "b", "c", "d"]),
    ("ch/stgb/art123", lambda u: [c["value"] for c in u.subunits[0]["children"]][:2] == ["1", "2"]),  # Ziff. 1 Abs. 2
    ("ch/zgb/art527", lambda u: [s["value"] for s in _below({"children": u.subunits}) if s["label"] == "ziff"]
     == ["1", "2", "3", "4"]),                                                 # the list, under the Satz it ends
    ("ch/zgb/schlt/art1", lambda u: u.path[0].startswith("Schlusstitel")),
    ("ch/or/art226a", lambda u: u.repealed),                                   # a repealed range, one unit each
    ("ch/or/disp16/art5", lambda u: "XXIV" in u.path[0]),
    ("ch/bv/art5a", lambda u: u.extra.get("toc_only")),                        # listed in ch_toc, no text here
    ("int/cisg/art1", lambda u: [s["label"] for s in u.subunits][:3] == ["par", "par", "par"]),
    ("int/lugano/art5", lambda u: [s["label"] for s in _below({"children": u.subunits})][:2] == ["satz", "par"]),
    ("int/echr/art6", lambda u: u.extra.get("toc_only")),                      # the hand-entered range
])
def test_units(store: Store, key: str, check_unit) -> None:
    unit = store.unit(key)
    assert unit is not None and check_unit(unit), unit


@pytest.mark.parametrize("key, complete", [
    ("ch/or", True), ("ch/zgb", True), ("int/cisg", True),
    ("int/echr", False),    # no article list in ch_toc: the range is for existence only
    ("ch/svkg", False),     # a heuristic article list
])
def test_completeness(store: Store, key: str, complete: bool) -> None:
    assert store.work(key).complete is complete


def test_bge_list_in_the_case_table(store: Store) -> None:
    """The BGE list is a case table (ch.snapshots.read_bge_cases); a decision of the snapshot is listed under its
    docket too, parallel to its BGE."""
    [table] = store.case_tables("ch/rep/bge/i")
    assert table.max_volume == 152 and table.closed and not table.complete
    [bge] = store.cases_at("ch/rep/bge/146/i/1")
    assert bge.docket == "8C_444/2019" and bge.extra["regeste"].startswith("Art. 12 und 115 BV")
    [docket] = store.cases_at("ch/case/bger/8c_444-2019")
    assert docket.parallel == ("ch/rep/bge/146/i/1",) and docket.case_id == bge.case_id


@pytest.mark.parametrize("text, status", [
    ("Gemäss Art. 41 Abs. 1 OR haftet, wer einem andern widerrechtlich Schaden zufügt.", Status.REAL),
    ("Art. 9999 OR", Status.INVENTED),
    ("Art. 41 Abs. 7 OR", Status.INVENTED),
    ("Art. 226a OR", Status.REPEALED),
    ("Art. 11 BEHG, wie das Bundesgericht festhielt", Status.NOT_FINDABLE),
    ("Art. 99 SVKG", Status.NOT_CHECKED),         # not in a heuristic list: unknown, never invented
    ("Art. 6 Ziff. 1 EMRK", Status.REAL),
    ("Art. 99 EMRK", Status.NOT_CHECKED),         # beyond the hand-entered range: never invented
    ("Art. 1 Abs. 1 lit. a CISG", Status.REAL),
    ("Art. 1 SchlT ZGB", Status.REAL),
    ("BGE 146 I 1 E. 8", Status.REAL),            # in the BGE list (a decision of the snapshot)
    ("BGE 2 I 16", Status.REAL),                  # in the BGE list (seen cited)
    ("BGE 160 II 1", Status.INVENTED),            # a volume newer than the newest listed (152)
    ("BGE 140 III 999", Status.NOT_FINDABLE),     # inside the listed volumes, not listed: the list is incomplete
    ("Urteil 8C_444/2019", Status.REAL),          # the docket of BGE 146 I 1
    ("Urteil 4A_999/2020", Status.NOT_CHECKED),   # the list names the dockets of its own decisions only
])
def test_statuses(small_store: Path, text: str, status: Status) -> None:
    (checked,) = check(text, store=open_store(small_store), attribution=False)
    assert checked.status is status, checked.reason


def test_swiss_misattribution(small_store: Path) -> None:
    """A notice period cited to Art. 41 OR (liability in tort) is wrong, and the OR itself says where it belongs
    (Art. 335c: one month in the first year of service)."""
    att = Attributor(open_store(small_store), dense="off")
    wrong, right = att.judge([
        ("Die Kündigungsfrist im Arbeitsverhältnis beträgt im ersten Dienstjahr einen Monat.", "ch/or/art41", None),
        ("Wer einem andern widerrechtlich Schaden zufügt, ist zum Ersatz verpflichtet.", "ch/or/art41", None)])
    # the month is stated in Art. 335c Abs. 1 with the claim's words, and BM25 agrees: two signals
    assert wrong.judged and wrong.misattributed and wrong.by == "figures" and wrong.confirmed, wrong
    assert wrong.better[0][0].startswith("ch/or/art335c/abs1")
    assert right.judged and not right.misattributed, right


def test_unit_segments_and_anchors() -> None:
    assert unit_segments({"unit": "disp_u1-6a", "type": "transitional", "path": ["Schlusstitel: …"]}, {}) == \
        ["schlt/art6a"]
    assert unit_segments({"unit": "28d-28f", "type": "article"}, {"28d-28f": ["28d", "28e", "28f"]}) == \
        ["art28d", "art28e", "art28f"]
    assert unit_segments({"unit": "annex_1_2", "type": "annex"}, {}) == ["annex1.2"]
    assert [fedlex_anchor(u) for u in ("41", "6a", "322ter")] == ["art_41", "art_6_a", "art_322_ter"]


def _below(node: dict) -> list[dict]:
    """Every node under ``node``, breadth first."""
    out, frontier = [], list(node.get("children", ()))
    while frontier:
        out.extend(frontier)
        frontier = [c for n in frontier for c in n.get("children", ())]
    return out


def test_treaty_subunits_use_treaty_labels() -> None:
    paras = [{"abs": "1", "text": "Text:\na. eins;\nb. zwei.", "items": ["a. eins;", "b. zwei."]}]
    parser = get("int").parts.structure
    assert parser is not None
    (node,) = parser.subunits("", paras)
    assert node["label"] == "par" and [c["label"] for c in _below(node) if c["label"] != "satz"] == ["pt", "pt"]
