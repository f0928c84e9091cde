"""What the linkers share (core/link.py): passages, continued units, the act the prose names last, the dropping of
continuations nothing bound. The jurisdictions' rules on top of them: tests/<pkg>/test_extract.py, CONTINUATIONS."""
from __future__ import annotations

import pytest

from legalcite.core.link import AMBIGUOUS, CONTINUES, Named, continued, kept, link, named_before, same_passage
from legalcite.core.scan import Context
from legalcite.keys import split_segment
from legalcite.models import Citation, Kind, Span, Unit


def _units(*segments: str) -> tuple[Unit, ...]:
    return tuple(Unit(*split_segment(s)) for s in segments)


RANK = {"s": 0, "art": 0, "abs": 1, "satz": 3, "nr": 5, "lit": 6}
CH_RANK = {"art": 0, "abs": 1, "satz": 2, "ziff": 3, "lit": 4}


@pytest.mark.parametrize("units,levels,rank,expected", [
    (("s626", "abs2", "satz1"), ("satz2",), RANK, ("s626", "abs2", "satz2")),       # ebd. S. 2
    (("art41",), ("abs2",), CH_RANK, ("art41", "abs2")),                             # Abs. 2 after Art. 41 OR
    (("s308",), ("nr3",), RANK, ("s308", "nr3")),                                    # dort Nr. 3
    (("s573", "abs2", "nr2"), ("nr3",), RANK, ("s573", "abs2", "nr3")),             # Nr. 3 after … Nr. 2
    (("s626", "abs1", "satz2"), ("abs2",), RANK, ("s626", "abs2")),                  # the Absatz and all below it
    (("art123", "ziff1", "abs1"), ("ziff2",), CH_RANK, ("art123", "ziff2")),        # the same label first
    (("art83", "litf"), ("abs2",), CH_RANK, ("art83", "abs2")),                      # a deeper level goes
    (("s1",), ("hs2",), RANK, None),                                                 # a label with no depth there
    ((), ("abs2",), RANK, None),                                                     # nothing to continue
])
def test_continued(units, levels, rank, expected) -> None:
    got = continued(_units(*units), _units(*levels), rank)
    assert got == (None if expected is None else _units(*expected))


@pytest.mark.parametrize("text,expected", [
    ("(§ 5 BGB); Abs. 2", True),
    ("§ 5 BGB.\n\nAbs. 2", False),                                                   # another paragraph
    ("《劳动合同法》，有下列情形之一的：\n\n1. 连续工作满十年的（第十四条）", True),   # the list it introduces
    ("Es gilt § 5 BGB:\n\n- erstens\n\n- zweitens (Abs. 2)", True),
    ("Es gilt § 5 BGB:\n\n- erstens\n\nDanach gilt Abs. 2", False),                  # the list has ended
    ("Es gilt § 5 BGB.\n\n- erstens (Abs. 2)", False),                               # no lead-in: a new list
    ("- Haftung: § 5 BGB\n\n- Frist: Abs. 2", True),                                 # items of one list
    ("- Haftung: § 5 BGB\n\n\n- Frist:\n\n\n- Abs. 2", True),                          # wider blank lines
    ("Es gilt § 5 BGB:\n\n\n- erstens\n\n\nDanach gilt Abs. 2", False),
])
def test_same_passage(text: str, expected: bool) -> None:
    end = text.index("BGB") + 3 if "BGB" in text else text.index("》") + 1
    start = max(text.rfind("Abs"), text.rfind("第十四条"))
    assert same_passage(Context(text), end, start) is expected


def _cite(text: str, printed: str, work: str | None, jurisdiction: str = "eu", **kw) -> Citation:
    start = text.index(printed)
    return Citation(jurisdiction=jurisdiction, kind=Kind.STATUTE, work=work, units=(Unit("art", "9"),),
                    span=Span(start, start + len(printed)), text=printed, **kw)


def _names(*table: tuple[str, str, str]):
    """A namer that knows the names of ``table`` (name, jurisdiction, work)."""
    def namer(text: str, start: int, end: int, ctx: Context) -> list[Named]:
        out = []
        for name, jurisdiction, work in table:
            at = text.find(name, start, end)
            while at >= 0:
                out.append(Named(jurisdiction, work, at, at + len(name)))
                at = text.find(name, at + 1, end)
        return out
    return namer


NAMER = _names(("GDPR", "eu", "reg-2016-679"), ("PRC Civil Code", "cn", "civil-code"), ("ZGB", "ch", "zgb"))


@pytest.mark.parametrize("text,expected", [
    ("Under the GDPR, health data need an exception (Art. 9).", ("eu", "reg-2016-679")),
    ("Under the GDPR, X. Under the PRC Civil Code, Y (Art. 9).", ("cn", "civil-code")),        # the last act named
    ("Under the GDPR and the PRC Civil Code, consent matters (Art. 9).", AMBIGUOUS),           # two in one clause
    ("Health data need an exception (Art. 9).", None),                                          # none
    ("The GDPR applies.\n\nHealth data need an exception (Art. 9).", None),                     # another paragraph
    ("Under the GDPR, (Art. 6 ZGB) health data need an exception (Art. 9).", None),             # cited since
])
def test_named_before(text: str, expected) -> None:
    before = [_cite(text, "Art. 6 ZGB", "zgb", "ch")] if "Art. 6 ZGB" in text else []
    c = _cite(text, "Art. 9)", None)
    ctx = Context(text=text, namers=(NAMER,))
    got = named_before(ctx, before, c)
    if expected is None or expected is AMBIGUOUS:
        assert got is expected
    else:
        assert (got.jurisdiction, got.work) == expected


def test_link_drops_the_continuations_nothing_bound_and_renumbers() -> None:
    text = "§ 5 BGB; Abs. 2; ebd."
    full = _cite(text, "§ 5 BGB", "bgb", "de")
    loose = _cite(text, "Abs. 2", None, "de", _link={CONTINUES: "unit"})
    again = _cite(text, "ebd.", "bgb", "de", antecedent=0)
    out = link([full, loose, again], Context(text=text), [])
    assert out == [full, again.replace(antecedent=0)] and out[1].antecedent == 0
    assert kept([full, again], lambda c: c is again)[0].antecedent is None
