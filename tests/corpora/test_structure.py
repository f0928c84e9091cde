"""Each jurisdiction's structure parser, reached through the registry (``Jurisdiction.structure``), on texts shaped
as its snapshot prints them: the lists below an Absatz or a Satz, items with sub-items, ``bis`` items, indented
Swiss items, 项, points, subdivisions; and the repeal marks each snapshot really uses. No store, no shared files."""
from __future__ import annotations

from typing import Any

import pytest

from legalcite.corpora.structure import RepealMarks
from legalcite.jurisdictions import PACKAGES, StructureParser, get


def _paths(nodes: list[dict], prefix: str = "") -> dict[str, dict]:
    """Every node by its path of ``label+value`` segments (``abs1/satz2/nr1``)."""
    out: dict[str, dict] = {}
    for n in nodes:
        path = f"{prefix}{n['label']}{n['value']}"
        out[path] = n
        out.update(_paths(n.get("children", []), path + "/"))
    return out


def parse(code: str, text: str = "", paragraphs: list[dict[str, Any]] | None = None, language: str | None = None
          ) -> dict[str, dict]:
    parser = get(code).parts.structure
    assert parser is not None
    return _paths(parser.subunits(text, paragraphs or (), language))


# § 14 TzBfG Abs. 1, § 308 BGB Nr. 9, § 612 BGB, § 312 Abs. 2 BGB as de_fulltext prints them (abridged)
TZBFG_14_1 = ("Die Befristung eines Arbeitsvertrages ist zulässig, wenn sie durch einen sachlichen Grund "
              "gerechtfertigt ist. Ein sachlicher Grund liegt insbesondere vor, wenn\n"
              "1. der betriebliche Bedarf an der Arbeitsleistung nur vorübergehend besteht,\n"
              "2. die Befristung im Anschluss an eine Ausbildung erfolgt,\n"
              "8. die Befristung auf einem gerichtlichen Vergleich beruht.")
BGB_308 = ("In Allgemeinen Geschäftsbedingungen ist insbesondere unwirksam\n1. (Annahmefrist)eine Bestimmung;\n"
           "1a. (Zahlungsfrist)eine Bestimmung, durch die sich der Verwender eine unangemessen lange Zeit vorbehält;\n"
           "9. (Abtretungsausschluss)eine Bestimmung, durch die die Abtretbarkeit ausgeschlossen wird\n"
           "a) für einen auf Geld gerichteten Anspruch des Vertragspartners gegen den Verwender oder\n"
           "b) für ein anderes Recht, wenn\naa) beim Verwender ein schützenswertes Interesse nicht besteht oder\n"
           "bb) berechtigte Belange des Vertragspartners überwiegen;\nAbweichende Vereinbarungen bleiben möglich.")
BGB_312_2 = ("Von den Vorschriften ist nur § 312a auf folgende Verträge anzuwenden:\n"
             "1. notariell beurkundete Verträge\n"
             "2. Verträge über Grundstücke,\n4. (weggefallen)\n5. (weggefallen)\n6. Verträge über Teilzeit-Wohnrechte.")

# (jurisdiction, text, paragraphs, the paths that must exist (path → words of its text), paths that must not)
CASES = [
    ("de", "", [{"abs": "1", "text": TZBFG_14_1}],
     {"abs1/satz2/nr1": "vorübergehend", "abs1/satz2/nr8": "Vergleich", "abs1/satz2": "sachlicher Grund"},
     ["abs1/satz1/nr1", "abs1/nr1", "abs1/satz3"]),
    ("de", BGB_308, [{"abs": None, "text": BGB_308}],
     {"satz1/nr1a": "Zahlungsfrist", "satz1/nr9/lita": "auf Geld", "satz1/nr9/litb/litaa": "schützenswertes",
      "satz1/nr9/litb": "berechtigte Belange"},   # an item's text holds its sub-items
     ["satz1/nr9/litaa", "satz2"]),
    ("de", "", [{"abs": "2", "text": BGB_312_2}], {"abs2/satz1/nr6": "Teilzeit"}, ["abs2/satz1/nr3"]),
    # § 112 Abs. 5 BetrVG: a period inside an item ends a sentence of the item, not a Satz of the Absatz
    ("de", "", [{"abs": "5", "text": "Die Einigungsstelle hat zu achten. Dabei hat sie sich leiten zu lassen:\n"
                 "1. Sie soll Leistungen vorsehen.\n2. Sie hat die Aussichten zu berücksichtigen. Sie soll "
                 "Arbeitnehmer ausschließen.\n2a. Sie soll die Förderungsmöglichkeiten berücksichtigen.\n"
                 "3. Sie hat darauf zu achten, dass der Fortbestand nicht gefährdet wird.\nSatz 1 gilt entsprechend."}],
     {"abs5/satz2/nr3": "Fortbestand", "abs5/satz2/nr2a": "Förderungsmöglichkeiten", "abs5/satz3": "entsprechend"},
     ["abs5/satz3/nr3", "abs5/satz4"]),
    # Art. 271a Abs. 1 OR, Art. 112 Abs. 2 BV, Art. 139 StGB as ch_fulltext prints them (abridged): items nest by
    # indentation; "abis." is an item; a Ziffer's own number opens its text
    ("ch", "", [{"abs": "1", "text": "Die Kündigung ist anfechtbar, wenn sie ausgesprochen wird:\na. weil der Mieter "
                 "Ansprüche geltend macht;\ne. vor Ablauf von drei Jahren nach einem Verfahren, in dem der Vermieter:\n"
                 "  1. zu einem erheblichen Teil unterlegen ist;\n"
                 "  4. mit dem Mieter einen Vergleich geschlossen hat;\n"
                 "f. wegen Änderungen in der familiären Situation des Mieters."}],
     {"abs1/satz1/lita": "Ansprüche", "abs1/satz1/lite/ziff4": "Vergleich", "abs1/satz1/litf": "familiären",
      "abs1/satz1/lite": "erheblichen Teil"},
     ["abs1/satz1/ziff1", "abs1/satz2"]),
    ("ch", "", [{"abs": "2", "text": "Er beachtet dabei folgende Grundsätze:\na. Die Versicherung ist obligatorisch.\n"
                 "abis. Sie gewährt Geld- und Sachleistungen.\nb. Die Renten haben den Existenzbedarf zu decken."}],
     {"abs2/satz1/litabis": "Sachleistungen", "abs2/satz1/litb": "Existenzbedarf"}, ["abs2/satz2"]),
    ("ch", "", [{"abs": None, "ziff": "3", "text": "3. Der Dieb wird bestraft, wenn er:\na. gewerbsmässig stiehlt;\n"
                 "d. sonst seine Gefährlichkeit offenbart."}],
     {"ziff3/abs1/satz1/litd": "Gefährlichkeit"}, ["ziff3/abs1/satz1/ziff3"]),
    ("int", "", [{"abs": "1", "text": "This Convention applies:\na. when the States are Contracting States;\n"
                  "b. when the rules lead to the law of a Contracting State."}],
     {"par1/satz1/pta": "Contracting States", "par1/satz1/ptb": "rules"}, ["par1/satz1/lita"]),
    ("cn", "", [{"kuan": 1, "text": "劳动者有下列情形之一的，用人单位可以解除劳动合同：",
                 "items": ["（一）在试用期间被证明不符合录用条件的；", "（二）严重违反用人单位的规章制度的；"]}],
     {"para1/item2": "严重违反"}, ["para1/item3"]),
    ("eu", "", [{"para": "1", "text": "Processing shall be lawful only if:\n(a) the data subject has given consent;\n"
                 "(f) processing is necessary for the purposes of the legitimate interests."}],
     {"par1/sub1/pta": "consent", "par1/sub1/ptf": "legitimate"}, ["par1/sub1/ptg"]),
    ("us", "(a) In general.—Any person who\n  (1) knowingly accesses a computer;\n  (2) intentionally accesses it.\n"
           "(b) Repealed. Pub. L. 104–294, title VI, § 604(b)(17), Oct. 11, 1996, 110 Stat. 3507.", None,
     {"a/1": "knowingly", "a/2": "intentionally"}, ["a/3", "b/1"]),
    ("us-ca", "(a) An employer shall indemnify.\n(b) All awards.\n(c) For purposes of this section:\n(1) the term "
              "includes costs.", None,
     {"a": "indemnify", "c/1": "costs"}, ["d", "b/1"]),
]


@pytest.mark.parametrize("code, text, paragraphs, present, absent", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_levels(code: str, text: str, paragraphs, present: dict[str, str], absent: list[str]) -> None:
    got = parse(code, text, paragraphs)
    for path, words in present.items():
        assert path in got, (path, sorted(got))
        assert words in got[path]["text"], (path, got[path]["text"])
    for path in absent:
        assert path not in got, path


# the repeal marks each snapshot uses (found in the shared files: check.md §3), and texts that are no mark
REPEAL_CASES = [
    ("de", "(weggefallen)", "weggefallen"), ("de", "(aufgehoben)", "aufgehoben"), ("de", "(entfallen)", "entfallen"),
    ("de", "-", "no text left: “-”"), ("de", "Die Kündigung bedarf der schriftlichen Form.", None),
    ("de", "(gegenstandslos)", None),
    ("ch", "Aufgehoben", "Aufgehoben"), ("ch", "…", "aufgehoben: only “…” is left"),
    ("ch", "Aufgehoben durch Ziff. I 2 des BG vom 19. Juni 2015",
     "Aufgehoben durch Ziff. I 2 des BG vom 19. Juni 2015"),
    ("ch", "Aufgehoben werden die folgenden Erlasse: …", None),
    ("int", "…", "aufgehoben: only “…” is left"),
    ("cn", "（删去）", "删去"), ("cn", "本法自2021年1月1日起施行。", None),
    ("us", "Repealed. Pub. L. 106–469, title I, § 103(5)(A), Nov. 9, 2000, 114 Stat. 2029.",
     "Repealed. Pub. L. 106–469, title I, § 103(5)(A), Nov. 9, 2000, 114 Stat. 2029."),
    ("us", "[Repealed]", "Repealed"), ("us", "Omitted.", None), ("us", "[Reserved].", None),
    ("us-ca", "[Repealed]", "Repealed"),
    ("eu", "Directive 95/46/EC is repealed with effect from 25 May 2018.", None),
]


@pytest.mark.parametrize("code, text, mark", REPEAL_CASES)
def test_repeal_marks(code: str, text: str, mark: str | None) -> None:
    parser = get(code).parts.structure
    assert parser is not None
    assert parser.repeal.mark(text) == mark


def test_repealed_nodes_are_marked() -> None:
    got = parse("de", "", [{"abs": "2", "text": BGB_312_2}, {"abs": "3", "text": "(weggefallen)"}])
    assert got["abs2/satz1/nr4"].get("repealed") == "weggefallen" and "repealed" not in got["abs2/satz1/nr6"]
    assert got["abs3"].get("repealed") == "weggefallen"
    got = parse("us", "(1) Repealed. Pub. L. 106–469.\n(2) The term “importer” means any person.")
    assert got["1"]["repealed"].startswith("Repealed.") and "repealed" not in got["2"]


@pytest.mark.parametrize("code", list(PACKAGES))
def test_every_jurisdiction_declares_a_typed_parser(code: str) -> None:
    """The hook is declared on each registered jurisdiction and satisfies the protocol."""
    parser = get(code).parts.structure
    assert isinstance(parser, StructureParser) and isinstance(parser.repeal, RepealMarks)
