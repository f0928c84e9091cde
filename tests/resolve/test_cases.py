"""Decisions checked against the store's case table (legalcite.resolve.cases): the verdicts a careful lawyer gives
the citations of Mata v. Avianca and their real neighbours, with a table built from CourtListener bulk data
(tests/fixtures/courtlistener_bulk) and a case list with one decision's pages; the BGE list of the shared corpora;
reporter editions; short cites through the table; ``confirmed``; a second opinion from CourtListener's API."""
from __future__ import annotations

from pathlib import Path

import pytest

from legalcite.checker import check
from legalcite.models import citation_from_key
from legalcite.resolve.cases import bind_short_cites, holder, name_checked, second_opinion
from legalcite.corpora.store import open_store
from legalcite.resolve.store import StoreResolver
from legalcite.status import CheckedCitation, Evidence, Status

# (text, key, status, confirmed, words the reason must contain)
LAWYER = [
    # the citation pairs a real reporter page with another decision: page 1339 lies inside J.D. v. Azar (1291–1349,
    # from the case list; CourtListener lists the decision at 1291): two sources, confirmed
    ("Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).", "us/case/925/f.3d/1339",
     "misattributed", True, ["J.D. v. Azar", "1291–1349", "not Varghese v. China Southern Airlines Co."]),
    # a real citation of another decision (CourtListener alone: unconfirmed)
    ("Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012).", "us/case/905/f.supp.2d/121", "misattributed", False,
     ["United States v. ISS Marine Services, Inc.", "not Petersen v. Iran Air"]),
    # nothing at that page, and the range of the decision before it is unknown: not findable, never invented
    ("Miller v. United Airlines, 174 F.3d 366 (2d Cir. 1999).", "us/case/174/f.3d/366", "not_findable", None,
     ["no decision is listed at 174 F.3d 366", "none lists every decision"]),
    # a real decision under a citation that is not its own: its real home is in the evidence
    ("Zicherman v. Korean Air Lines Co., 516 F.3d 1237 (11th Cir. 2008).", "us/case/516/f.3d/1237", "not_findable",
     None, ["a decision of that name is listed at Zicherman v. Korean Air Lines Co., 516 U.S. 217 (1996)"]),
    # the table does not cover the reporter: not checked, the name found elsewhere said
    ("Ehrlich v. American Airlines Inc., 360 N.J. Super. 360 (App. Div. 2003).", "us/case/360/n.j.super./360",
     "not_checked", None, ["no case table in the store covers", "360 F.3d 366 (2d Cir. 2004)"]),
    ("Martinez v. Delta Airlines, Inc., 2019 WL 4639462 (Tex. App. Sept. 25, 2019).", "us/case/2019/wl/4639462",
     "not_checked", None, ["no case table"]),
    # real citations, right names (T6 and designations do not matter)
    ("In re Air Crash Disaster Near New Orleans, La., 821 F.2d 1147 (5th Cir. 1987).", "us/case/821/f.2d/1147",
     "real", None, ["In re Air Crash Disaster Near New Orleans, Louisiana", "5th Cir."]),
    ("Ehrlich v. Am. Airlines, 360 F.3d 366 (2d Cir. 2004).", "us/case/360/f.3d/366", "real", None, ["2d Cir."]),
    ("Marbury v. Madison, 1 Cranch 137 (1803).", "us/case/1/cranch/137", "real", None, ["Marbury v. Madison"]),
    # the right decision, cited at a page inside it: real, with the first page said
    ("J.D. v. Azar, 925 F.3d 1300 (D.C. Cir. 2019).", "us/case/925/f.3d/1300", "real", None, ["begins at page 1291"]),
    # a year the volume cannot hold is doubt, not proof (a real case may be cited with a wrong year): not findable,
    # never invented — volume 925 F.3d reports decisions of 2019 (the table) ...
    ("Smith v. Jones, 925 F.3d 1400 (11th Cir. 1985).", "us/case/925/f.3d/1400", "not_findable", None,
     ["volume 925 reports decisions of 2019", "a decision of 1985 would not be in it"]),
    # ... F. Supp. 2d ended in 2014 (a finished series) ...
    ("Doe v. Roe, 100 F. Supp. 2d 5 (S.D.N.Y. 2016).", "us/case/100/f.supp.2d/5", "not_findable", None,
     ["F. Supp. 2d reports decisions of 1997–2014", "a decision of 2016 would not be in it"]),
    # ... and a page inside another decision decides before the year: misattributed, both tables behind it
    ("Smith v. Jones, 925 F.3d 1339 (11th Cir. 1985).", "us/case/925/f.3d/1339", "misattributed", True,
     ["J.D. v. Azar", "not Smith v. Jones"]),
    # a real case: F. Supp. ran to 1998 (reporters-db ends it in 1988; data/editions.json corrects it)
    ("Carr v. First Nationwide Bank, 816 F. Supp. 1476 (N.D. Cal. 1993).", "us/case/816/f.supp./1476", "not_checked",
     None, ["no case table in the store covers this reporter", "legalcite corpus cases", "--online"]),
    # a volume beyond the last one a finished series ever had: invented (one source, the editions table)
    ("Doe v. Roe, 1005 F.2d 17 (5th Cir. 1992).", "us/case/1005/f.2d/17", "invented", False,
     ["volume 1005 was never published", "F.2d ended with volume 999"]),
    ("Roe v. Doe, 870 F. App'x 12 (3d Cir. 2021).", "us/case/870/f.app'x/12", "invented", False,
     ["F. App'x ended with volume 861"]),
    # running reporters' first years in reporters-db are no proof: real opinions cite 3 U.S. (3 Dall.) 386 (1798),
    # the Washington Reports of the 1920s (reporters-db dates "Wash." 1790–1796 too), 100 F.R.D. 436 (1983)
    ("Calder v. Bull, 3 U.S. (3 Dall.) 386, 390 (1798).", "us/case/3/u.s./386", "not_findable", None, []),
    ("State ex rel. Lockhart v. Claypool, 132 Wash. 374, 375 (1925).", "us/case/132/wash./374", "not_checked", None,
     []),
    ("Byers v. Burleson, 100 F.R.D. 436, 440 (D.D.C. 1983).", "us/case/100/f.r.d./436", "not_checked", None, []),
]


@pytest.mark.parametrize("text,key,status,confirmed,words", LAWYER, ids=[t[:40] for t, *_ in LAWYER])
def test_verdicts_a_lawyer_expects(case_store: Path, text: str, key: str, status: str, confirmed: bool | None,
                                   words: list[str]) -> None:
    [cc] = [c for c in check(text, store=case_store, date="2026-11-30") if c.citation.key == key]
    assert cc.status.value == status, cc.reason
    assert cc.confirmed is confirmed, cc.reason
    for w in words:
        assert w in cc.reason
    assert cc.evidence, "every verdict carries evidence"
    if status == "not_checked":      # offline: what would decide it
        assert "`legalcite corpus cases`" in cc.reason and "`--online`" in cc.reason
    if status == "misattributed":    # both names in the evidence
        names = {(e.details.get("cited_name"), e.details.get("listed_name")) for e in cc.evidence}
        assert any(a and b for a, b in names)


def test_short_cite_without_antecedent_is_bound_to_the_decision_holding_the_pin(case_store: Path) -> None:
    [cc] = check("The forum non conveniens standard is settled. 454 U.S. at 241.", store=case_store)
    assert cc.citation.key == "us/case/454/u.s./235" and cc.status is Status.REAL
    assert "Piper Aircraft Co. v. Reyno" in cc.reason and "page 241 lies within it" in cc.reason
    # a pin on another decision's first page binds to that one; past the last listed decision: unbound, it keeps
    # the partial key of what it states (docs/keys.md)
    assert [c.citation.key for c in check("454 U.S. at 263.", store=case_store)] == ["us/case/454/u.s./263"]
    assert [c.citation.key for c in check("454 U.S. at 900.", store=case_store)] == ["us/case/454/u.s."]


def test_holder_uses_known_last_pages_and_else_the_next_decision(case_store: Path) -> None:
    from legalcite.corpora.cases import case_parts

    store = open_store(case_store)
    rec, end, inferred = holder(store, case_parts("us/case/454/u.s./241"), 241)
    assert rec.name == "Piper Aircraft Co. v. Reyno" and (end, inferred) == (263, True)
    rec, end, inferred = holder(store, case_parts("us/case/925/f.3d/1339"), 1339)
    assert rec.name == "J.D. v. Azar" and (end, inferred) == (1349, False)
    assert rec.extra["tables"] == ["cap", "courtlistener"]
    assert holder(store, case_parts("us/case/925/f.3d/1400"), 1400) is None   # past its last page


def test_bind_leaves_full_and_unknown_cites_alone(case_store: Path) -> None:
    from legalcite.pipeline import extract

    cites = extract("Piper Aircraft Co. v. Reyno, 454 U.S. 235 (1981). 999 U.S. at 5.", unresolved=True)
    bound = bind_short_cites(cites, open_store(case_store))
    assert bound[0] is cites[0] and bound[1] is cites[1] and bound[1].key == "us/case/999/u.s."


BGE = [
    ("ch/rep/bge/146/iii/1", "real", None, ["BGE 146 III 1", "bge table"]),
    ("ch/rep/bge/140/iii/86", "real", None, ["BGE 140 III 86"]),            # listed as cited by a later BGE
    # no complete BGE index: an unlisted BGE in a listed volume is unknown, never invented
    ("ch/rep/bge/146/iii/999", "not_findable", None, ["none lists every decision"]),
    # one volume a year, the list is current: volume 160 does not exist yet (list and calendar agree)
    ("ch/rep/bge/160/iii/1", "invented", True, ["never published", "newest volume", "152", "2034"]),
]


@pytest.mark.parametrize("key,status,confirmed,words", BGE, ids=[b[0] for b in BGE])
def test_bge_list(small_store: Path, key: str, status: str, confirmed: bool | None, words: list[str]) -> None:
    [res] = StoreResolver(open_store(small_store), date="2026-11-30").resolve([citation_from_key(key)])
    cc = res.checked
    assert cc.status.value == status, cc.reason
    assert cc.confirmed is confirmed
    for w in words:
        assert w in cc.reason


# ------------------------------------------------------------------ online: the name test and a second opinion

def _api(c, status: Status, **details) -> CheckedCitation:
    return CheckedCitation(c, status, "CourtListener: answer", (Evidence("courtlistener.com", c.key,
                                                                         details=details),), c.key)


def test_name_test_on_courtlistener_answers() -> None:
    from legalcite.models import CaseMetadata, Citation, Kind, Unit

    def cite(name: str | None):
        units = (Unit("", "925"), Unit("", "f.3d"), Unit("", "1291"))
        return Citation(jurisdiction="us", kind=Kind.CASE, work="case", units=units,
                        metadata=CaseMetadata(case_name=name, volume="925", reporter="F.3d"))

    found = dict(case_name="J.D. v. Azar", item_status=200)
    wrong = name_checked(_api(cite("Varghese v. China Southern Airlines Co."), Status.REAL, **found))
    assert wrong.status is Status.MISATTRIBUTED and wrong.confirmed is False
    assert wrong.evidence[0].details["listed_name"] == "J.D. v. Azar"
    assert name_checked(_api(cite("J.D. v. Azar"), Status.REAL, **found)).status is Status.REAL
    assert name_checked(_api(cite(None), Status.REAL, **found)).status is Status.REAL   # no name: nothing to test
    shared = [{"case_name": "J.D. v. Azar", "date_filed": "2019-06-14"}, {"case_name": "Garza v. Hargan"}]
    assert name_checked(_api(cite("Garza v. Hargan"), Status.NOT_FINDABLE, candidates=shared)).status is Status.REAL
    assert name_checked(_api(cite("Smith v. Jones"), Status.NOT_FINDABLE,
                             candidates=shared)).status is Status.MISATTRIBUTED


class Api:
    """Stands in for the online resolver: answers each key from ``answers`` with CourtListener-shaped evidence."""

    def __init__(self, answers: dict[str, tuple[Status, dict]]) -> None:
        self.answers, self.asked = answers, []

    def resolve(self, citations, language=None):
        from legalcite.resolve import Resolution

        self.asked += [c.key for c in citations]
        return [Resolution(name_checked(_api(c, self.answers[c.key][0], **self.answers[c.key][1])))
                for c in citations]


def test_second_opinion_confirms_or_overrules_the_table(case_store: Path) -> None:
    text = ("Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012). Smith v. Jones, 925 F.3d 1339 (11th Cir. 1985)."
            " Marbury v. Madison, 5 U.S. 137 (1803).")
    table = check(text, store=case_store)
    api = Api({"us/case/905/f.supp.2d/121": (Status.REAL, {"case_name": "United States v. ISS Marine Services",
                                                           "item_status": 200}),
               "us/case/925/f.3d/1339": (Status.NOT_FINDABLE, {"item_status": 404}),
               "us/case/5/u.s./137": (Status.REAL, {"case_name": "Marbury v. Madison", "item_status": 200})})
    petersen, smith, marbury = second_opinion(table, api)
    assert api.asked == ["us/case/905/f.supp.2d/121", "us/case/925/f.3d/1339", "us/case/5/u.s./137"]
    assert petersen.status is Status.MISATTRIBUTED and petersen.confirmed is True   # table and API agree
    assert smith.status is Status.MISATTRIBUTED and smith.confirmed is True         # two tables and a 404
    assert marbury.status is Status.REAL and marbury.confirmed is None
    assert "CourtListener agrees" in petersen.reason and len(petersen.evidence) == 2
    # the API finds the cited decision under the cited name: it overrules the (older) table
    api = Api({"us/case/905/f.supp.2d/121": (Status.REAL, {"case_name": "Petersen v. Iran Air", "item_status": 200}),
               "us/case/925/f.3d/1339": (Status.NOT_CHECKED, {}),
               "us/case/5/u.s./137": (Status.REAL, {"case_name": "Marbury v. Madison", "item_status": 200})})
    petersen = second_opinion(table, api)[0]
    assert petersen.status is Status.REAL and "the case table said" in petersen.reason and petersen.confirmed is None


def test_a_partial_list_says_nothing_about_the_pages_between_its_decisions(small_store: Path) -> None:
    """The BGE list is no complete index: BGE 120 II 331 is not 'within BGE 120 II 293 up to the next listed
    decision' — many decisions may lie between two listed ones. Only a table that lists every decision
    (CourtListener's bulk data, the U.S. Reports list) runs a decision's pages to the next."""
    [cc] = check("BGE 120 II 331 E. 5a", store=small_store)
    assert cc.status.value == "not_findable" and "lies within" not in cc.reason
    assert "none lists every decision" in cc.reason
