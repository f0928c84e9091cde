"""US case citations: the grammar (``us/case.lark`` + ``grammar.CaseTransformer``), the fast path that shares its
builders, formats from reporters-db, case names, and the partial key of a short cite without antecedent."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legalcite import extract
from legalcite.jurisdictions.us import extract as us
from legalcite.jurisdictions.us.cases import (ASK_GRAMMAR, citations, fast_case, fast_id, fast_supra, no_reporter,
                                              plausible)
from legalcite.jurisdictions.us.grammar import parse_case
from legalcite.models import Form, Kind

_VOLUME = re.compile(us._A_NUMBER)


def _agree(text: str) -> int:
    """Every anchor of ``text`` the fast path decides gets the grammar's result; returns how many it decided."""
    n = 0
    for m in _VOLUME.finditer(text):
        fast = fast_case(text, m.start())
        if fast is ASK_GRAMMAR:
            continue
        n += 1
        assert fast == parse_case(text, m.start()), text[m.start() : m.start() + 80]
    for m in re.finditer(us._A_ID, text):
        if (fast := fast_id(text, m.start())) is not ASK_GRAMMAR:
            assert fast == parse_case(text, m.start()), text[m.start() : m.start() + 40]
    for m in re.finditer(us._A_SUPRA, text):
        if (fast := fast_supra(text, m.start())) is not ASK_GRAMMAR:
            assert fast == parse_case(text, m.start()), text[m.start() : m.start() + 40]
    return n


def test_fast_path_agrees_with_the_grammar_on_real_opinions(testdata_dir: Path) -> None:
    """On every volume anchor of the shared US opinions and of eyecite's test texts the fast path decides, the
    grammar reads the same citation (references, editions, pins, parenthetical, spans)."""
    text = (testdata_dir / "us_opinions.txt").read_text(encoding="utf-8")
    decided = _agree(text)
    for line in (testdata_dir / "us_eyecite_tests.jsonl").read_text(encoding="utf-8").splitlines():
        decided += _agree(json.loads(line)["text"])
    assert decided > 2500


_PIECES = st.sampled_from([
    "5 U.S. 137", "550 U.S. 544", ", ", ", 570", ", 570-71", " (2007)", " (9th Cir. 2021)", " (citing x)", "; ",
    " at ", "at 5", "89 S.Ct. 733", "Cal.4th", "51 ", "310", " [", "]", "120 Cal.Rptr.3d 741", "n. 3", "*3", " ",
    "\n", "F. Supp. 2d", "12 ", "U. S.", ", at 2", "Id.", "Id. at 5", "supra", "supra, at 7", "supra note 4", "(",
    ")", "1 Cranch", "2019 WL 1234567", "the court", "Smith v. Jones, ", "§ 5", "lxiv", "2006-Ohio-2095", "-",
])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=12).map("".join))
def test_fast_path_agrees_with_the_grammar_property(text: str) -> None:
    _agree(text)


def _no_reporter_reads_nothing(text: str) -> int:
    """Wherever ``no_reporter`` says so, the fast path and the gated grammar read no citation; returns how often."""
    n = 0
    for m in _VOLUME.finditer(text):
        if no_reporter(text, m.start()):
            n += 1
            assert citations(text, m.start(), us._read(text, m.start(), fast_case, plausible)) == [], \
                text[m.start() : m.start() + 80]
    return n


def test_no_reporter_reads_nothing_on_real_text(testdata_dir: Path) -> None:
    """The cheap test before a volume anchor (``Absatz 1 Satz 2``) is told only where both paths read nothing: on the
    shared US opinions, eyecite's test texts and the German court texts."""
    texts = [(testdata_dir / "us_opinions.txt").read_text(encoding="utf-8")]
    for name in ("us_eyecite_tests.jsonl", "de_ler_test.jsonl", "de_refex_ler.jsonl"):
        texts += [json.loads(line)["text"] for line in (testdata_dir / name).read_text(encoding="utf-8").splitlines()
                  if line.strip()]
    assert sum(_no_reporter_reads_nothing(t) for t in texts) > 1000


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES | st.sampled_from(["1 Satz 2", "Abs. ", "3 Nr. 4", "5 Sa", "6 U", "7 F", "8 Cal", "9 S "]),
                max_size=12).map("".join))
def test_no_reporter_reads_nothing_property(text: str) -> None:
    _no_reporter_reads_nothing(text)


# ---------------------------------------------------------------- formats from reporters-db (issue 17)

@pytest.mark.parametrize("text,key", [
    ("See State v. Doe, 2006-Ohio-2095, ¶ 12.", "us/case/2006/ohio/2095"),
    ("People v. Doe, 2017 IL App (1st) 143684-B, ¶ 5", "us/case/2017/ilapp(1st)/143684-B"),
    ("State v. Doe, 2007-NMCERT-008, 141 N.M. 763", "us/case/2007/nmcert/008"),
    ("Doe v. Commissioner, T.C. Memo. 2019-233, at *4", "us/case/2019/t.c.memo./233"),
    ("Doe v. Commissioner, T.C. Summary Opinion 2018-133", "us/case/2018/t.c.summaryopinion/133"),
    ("blah blah, 2009 12345 (La.App. 1 Cir. 05/10/10). blah blah", "us/case/2009/la.app.1cir./12345"),
    ("Failed to recognize 1993 Conn. Super. Ct. 5243-P", "us/case/1993/conn.super.ct./5243-P"),
    ("See 12 Neb. App. lxiv (2004).", "us/case/12/neb.ct.app./lxiv"),
])
def test_neutral_and_vendor_neutral_formats(text: str, key: str) -> None:
    assert [c.key for c in extract(text) if c.kind is Kind.CASE][:1] == [key]


@pytest.mark.parametrize("text", [
    "5 U.S. 137-B",           # U.S. pages are digits: a suffixed page is not one of its formats
    "2006-U.S.-2095",         # U.S. has no neutral format
    "5 U.S. 137a",            # nor a page with a letter
    "In 1983 Congress passed the act on 10 A.M. Tuesday.",
])
def test_a_format_the_edition_does_not_have_is_no_citation(text: str) -> None:
    assert [c for c in extract(text) if c.kind is Kind.CASE] == []


def test_louisiana_date_is_metadata() -> None:
    [c] = extract("blah blah, 2009 12345 (La.App. 1 Cir. 05/10/10). blah blah")
    assert (c.metadata.date, c.text) == ("05/10/10", "2009 12345 (La.App. 1 Cir. 05/10/10)")


# ---------------------------------------------------------------- case names and parties (for the case tables)

@pytest.mark.parametrize("text,name,parties", [
    ("Anderson v. Liberty Lobby, Inc., 477 U.S. 242, 248 (1986)", "Anderson v. Liberty Lobby, Inc.",
     ("Anderson", "Liberty Lobby, Inc.")),
    ("U.S. v. Boch Oldsmobile, Inc., 909 F.2d 657, 660 (1st Cir.1990)", "U.S. v. Boch Oldsmobile, Inc.",
     ("U.S.", "Boch Oldsmobile, Inc.")),
    ("(Newbold v Arvidson, 105 Idaho 663, 672 P2d 231 [1983])", "Newbold v. Arvidson", ("Newbold", "Arvidson")),
    ("See Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007)", "Bell Atlantic Corp. v. Twombly",
     ("Bell Atlantic Corp.", "Twombly")),
    ("In re Spellman, 4 A.D.2d 215 (N.Y.App.Div.1957)", "In re Spellman", None),
])
def test_case_names_are_clean(text: str, name: str, parties: tuple | None) -> None:
    c = extract(text)[0]
    assert (c.metadata.case_name, c.metadata.parties) == (name, parties)


def test_a_supra_finds_a_name_with_inc() -> None:
    text = "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986). The rule is settled. Anderson, supra, at 252."
    full, supra = extract(text)
    assert (supra.form, supra.key, supra.pin, supra.antecedent) == (Form.SUPRA, full.key, "252", 0)


def test_short_cite_binds_to_a_parallel_reporter_and_to_its_antecedent() -> None:
    text = ("Newbold v Arvidson, 105 Idaho 663, 672 P2d 231 [1983]; and something else (Newbold, 105 Idaho at 667, "
            "672 P2d at 235).")
    cites = extract(text)
    assert [(c.key, c.form.value, c.pin) for c in cites] == [
        ("us/case/105/idaho/663", "full", None), ("us/case/672/p.2d/231", "full", None),
        ("us/case/105/idaho/663", "short", "667"), ("us/case/672/p.2d/231", "short", "235")]
    assert [c.antecedent for c in cites] == [None, None, 0, 1]


def test_a_partial_key_is_checked_as_not_checked(small_store) -> None:
    """A short cite without its full citation has nothing to look up: ``not_checked``, no URL."""
    from legalcite.checker import check
    from legalcite.sources import urls_for

    [cc] = check("Piper Aircraft, 454 U.S. at 241.", store=small_store)
    assert (cc.citation.key, cc.status.value) == ("us/case/454/u.s.", "not_checked")
    assert urls_for(cc.citation) == []


# ------------------------------------------------------------------ a chain of parallel references (issue 35)

_CHAIN_PIECES = st.sampled_from(["123 F.3d 456", "5 U.S. 137", "89 S.Ct. 733", "2 L. Ed. 60", "51 Cal.4th 310",
                                 ", 570", ", 610-14", ", "])


@settings(max_examples=300, deadline=None)
@given(st.lists(_CHAIN_PIECES, min_size=1, max_size=16).map("".join), st.sampled_from(["", " (2007)", " (9th Cir.)"]))
def test_a_chain_within_the_window_is_read_as_before(chain: str, paren: str) -> None:
    """The fast path reads the grammar's window (issue 35: it read a chain of parallel references to its end, and
    gave each of its n citations the n−1 others: quadratic). Within the window it reads what it read before
    (``_fast_case`` on the whole text: the implementation before, kept as the oracle)."""
    from legalcite.jurisdictions.us.cases import WINDOW, _fast_case

    text = "See " + chain + paren + ". The court agreed."
    before = _fast_case(text, 4)
    if before is ASK_GRAMMAR or before is None or before.end <= WINDOW:
        assert fast_case(text, 4) == before


def test_an_endless_chain_is_read_a_window_at_a_time() -> None:
    from legalcite.jurisdictions.us.cases import WINDOW

    cites = extract("123 F.3d 456, " * 2000)
    assert len(cites) == 2000 and all(c.key == "us/case/123/f.3d/456" for c in cites)
    assert max(len(c.metadata.parallel) for c in cites) < WINDOW // len("123 F.3d 456, ")


_PARTIES = st.sampled_from(["Smith v. Jones", "Roe v. Wade", "Smith v. Wade", "Doe v. Roe", "Jones v. Smith"])
_SUPRAS = st.sampled_from(["Smith", "Jones", "Wade", "Roe", "Doe", "Miller"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.just("case"), _PARTIES, st.integers(1, 3), st.integers(1, 9)),
                          st.tuples(st.just("supra"), _SUPRAS, st.integers(1, 3), st.integers(1, 9))), max_size=14))
def test_a_supra_takes_the_last_case_of_its_name(items: list) -> None:
    """Issue 35: a short form looked for its case by a pass over every named case before it (quadratic in a text of
    cases and supras); now by one lookup. The rule it keeps (the pass, kept here as the oracle): the last full case
    whose short name, or a word of whose case name, is the short form's name (in its volume, for ``Roe, 410 at 5``)."""
    parts = []
    for kind, name, vol, page in items:
        parts.append(f"{name}, {vol}00 U.S. {page}0 ({1900 + page})." if kind == "case" else
                     f"{name}, supra, at {page}." if vol != 3 else f"{name}, {vol}00 at {page}.")
    cites = extract(" ".join(parts), unresolved=True)
    for i, c in enumerate(cites):
        if c.form not in (Form.SUPRA, Form.SHORT) or c.metadata is None or not c.metadata.antecedent_guess:
            continue
        want = c.metadata.antecedent_guess.lower()
        def names(j: int) -> bool:
            a = cites[j]
            return a.form is Form.FULL and bool(a._link.get("short_name")) and (
                c.form is Form.SUPRA or a.metadata.volume == c.metadata.volume) and (
                want == a._link["short_name"].lower() or want in (a.metadata.case_name or "").lower().split())

        expected = next((j for j in range(i - 1, -1, -1) if names(j)), None)
        if c.form is Form.SUPRA and (c.metadata.volume, c.metadata.reporter) != (None, None):
            continue  # (a supra that names its volume and reporter takes that case: another rule)
        assert c.antecedent == expected, (" ".join(parts), i)
