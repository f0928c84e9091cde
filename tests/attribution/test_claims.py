"""The claim a citation supports, as a lawyer reads it (legalcite.attribution.claims): answers written the way
language models write them — abbreviations in German, English and French, Chinese punctuation, Markdown lists,
tables, headings and footnotes, bare lists of articles, quoted provisions.

Each row gives the answer, the citation (its first occurrence, or ``(text, n)`` for the n-th), the other citations
of the answer (blanked like it), and the claim a lawyer reads for the citation. Spans are found by string search,
so the rows do not depend on the extractor.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legalcite.attribution.claims import Quote, claim_for, is_bare


def _span(text: str, cite: str | tuple[str, int]) -> tuple[int, int]:
    s, n = (cite, 0) if isinstance(cite, str) else cite
    at = -1
    for _ in range(n + 1):
        at = text.index(s, at + 1)
    return at, at + len(s)


def _claim(text: str, cite, others=()):
    me = _span(text, cite)
    spans = [_span(text, o) for o in others]
    return claim_for(text, *me, [s for s in spans if s != me])


# (answer, citation, other citations, the claim)
SENTENCES = [
    # German abbreviations inside the sentence do not cut it (issue 24: the claim was "EUR verhängen")
    ("Die Aufsichtsbehörde kann bei Verstößen Geldbußen von bis zu 20 Mio. EUR verhängen (Art. 82 Abs. 1 DSGVO).",
     "Art. 82 Abs. 1 DSGVO", (),
     "Die Aufsichtsbehörde kann bei Verstößen Geldbußen von bis zu 20 Mio. EUR verhängen"),
    ("Vorab: Der Urlaub beträgt z. B. bei einer Fünftagewoche ca. 20 Tage, bzw. i. d. R. mehr (§ 3 BUrlG). Danach "
     "gilt Weiteres.", "§ 3 BUrlG", (),
     "Vorab: Der Urlaub beträgt z. B. bei einer Fünftagewoche ca. 20 Tage, bzw. i. d. R. mehr"),
    ("Der Verkäufer haftet u. a. für Sachmängel (vgl. Fn. 3), s. dazu Nr. 2 der Übersicht und S. 14, Rz. 5 "
     "(§ 437 BGB). Das ist h. M.", "§ 437 BGB", (),
     "Der Verkäufer haftet u. a. für Sachmängel (vgl. Fn. 3), s. dazu Nr. 2 der Übersicht und S. 14, Rz. 5"),
    ("Das Bußgeld kann bis zu 4 Mrd. EUR betragen, d. h. 4 % des Umsatzes (Art. 83 Abs. 5 DSGVO).",
     "Art. 83 Abs. 5 DSGVO", (), "Das Bußgeld kann bis zu 4 Mrd. EUR betragen, d. h. 4 % des Umsatzes"),
    ("Am 1. Januar 2024 trat die Reform in Kraft; seitdem gilt die Frist nach § 622 Abs. 2 BGB. Sonst nichts.",
     "§ 622 Abs. 2 BGB", (), "Am 1. Januar 2024 trat die Reform in Kraft; seitdem gilt die Frist nach"),
    # English: v., Inc., No., e.g., i.e., cf.
    ("In Smith v. Jones, Acme Inc. argued that No. 5 applies, e.g. to lost profits, i.e. damages (cf. 42 U.S.C. "
     "§ 1983). The court disagreed.", "42 U.S.C. § 1983", (),
     "In Smith v. Jones, Acme Inc. argued that No. 5 applies, e.g. to lost profits, i.e. damages (cf"),
    ("The U.S. Supreme Court held so. Copyright lasts for the life of the author plus 70 years under 17 U.S.C. "
     "§ 302(a). Next point.", "17 U.S.C. § 302(a)", (),
     "Copyright lasts for the life of the author plus 70 years under"),
    # French (Swiss) abbreviations: art., al., let.
    ("Selon l'art. 41 al. 1 let. a CO, celui qui cause un dommage est tenu de le réparer, cf. ch. 2. Ensuite, le "
     "juge fixe le mode.",
     "art. 41 al. 1 let. a CO", (), "Selon l' , celui qui cause un dommage est tenu de le réparer, cf. ch. 2"),
    # Chinese punctuation ends sentences; a line break after Chinese does too
    ("第一句。根据《民法典》第五百七十七条，当事人一方不履行合同义务的，应当承担违约责任。第三句。",
     "《民法典》第五百七十七条", (), "根据 ，当事人一方不履行合同义务的，应当承担违约责任"),
    ("您好，这个问题涉及离婚\n《民法典》第一千零七十九条规定，调解无效的，应当准予离婚\n希望对您有帮助",
     "《民法典》第一千零七十九条", (), "规定，调解无效的，应当准予离婚"),
    # a quotation is not cut at its own sentence ends
    ("§ 823 Abs. 1 BGB lautet: „Wer vorsätzlich oder fahrlässig das Eigentum verletzt, ist zum Ersatz verpflichtet. "
     "Das gilt auch sonst.“ Daher haftet A.", "§ 823 Abs. 1 BGB", (),
     "lautet: „Wer vorsätzlich oder fahrlässig das Eigentum verletzt, ist zum Ersatz verpflichtet. Das gilt auch "
     "sonst.“"),
    # hard-wrapped prose (LEXam answers) is one paragraph
    ("Das Bundesgericht verwirft die Auffassung, dass Art. 423 OR in \neinem solchen Fall nicht anwendbar sei. "
     "Weiter.", "Art. 423 OR", (), "Das Bundesgericht verwirft die Auffassung, dass in einem solchen Fall nicht "
                                  "anwendbar sei"),
    # an Erwägung wrapped to the start of a line is no list item
    ("Das Bundesgericht hat dies bestätigt (BGE 140 III 86\nE. 2) und die Haftung aus Art. 41 OR bejaht. Weiter.",
     "Art. 41 OR", ("BGE 140 III 86",), "Das Bundesgericht hat dies bestätigt ( E. 2) und die Haftung aus bejaht"),
    # another citation in the sentence is blanked too
    ("Nach § 823 Abs. 1 BGB haftet der Schädiger, vgl. § 249 BGB.", "§ 823 Abs. 1 BGB", ("§ 249 BGB",),
     "Nach haftet der Schädiger, vgl"),
]


@pytest.mark.parametrize("text, cite, others, claim", SENTENCES)
def test_the_claim_is_the_whole_sentence(text: str, cite, others, claim: str) -> None:
    got = _claim(text, cite, others)
    assert got.text == claim and not got.bare


# Markdown: (answer, citation, other citations, claim, where)
MARKDOWN = [
    # bold around the citation, a list item is its own claim
    ("Die wichtigsten Normen:\n\n- **Art. 82 DSGVO**: Schadensersatz für materielle und immaterielle Schäden\n"
     "- **Art. 83 DSGVO**: Geldbußen bis 20 Mio. EUR oder 4 % des Umsatzes\n",
     "Art. 83 DSGVO", ("Art. 82 DSGVO",), "Geldbußen bis 20 Mio. EUR oder 4 % des Umsatzes", "item"),
    ("1. Kündigungsfrist: vier Wochen zum Fünfzehnten (§ 622 Abs. 1 BGB)\n2. Probezeit: zwei Wochen (§ 622 Abs. 3 "
     "BGB)\n", "§ 622 Abs. 3 BGB", ("§ 622 Abs. 1 BGB",), "Probezeit: zwei Wochen", "item"),
    # a list item's lazy continuation line belongs to it
    ("- BGE 126 III 69 (Untermiete): Unzulässige Untermiete ist ein Eingriff in die Rechte des \nVermieters, "
     "woraus sich ein Anspruch aus Art. 423 OR ergibt.\n- Zweiter Punkt.", "Art. 423 OR", ("BGE 126 III 69",),
     "Untermiete): Unzulässige Untermiete ist ein Eingriff in die Rechte des Vermieters, woraus sich ein Anspruch "
     "aus ergibt", "item"),
    # a table row is its own claim, the header is not part of it
    ("| Norm | Inhalt |\n|---|---|\n| Art. 82 DSGVO | Schadensersatz |\n| Art. 83 DSGVO | Geldbußen bis 20 Mio. "
     "EUR |\n", "Art. 83 DSGVO", ("Art. 82 DSGVO",), "Geldbußen bis 20 Mio. EUR", "row"),
    # a heading is its own claim …
    ("## Schadensersatz nach Art. 82 DSGVO\n\nDie Aufsichtsbehörde verhängt Geldbußen (Art. 83 DSGVO).",
     "Art. 82 DSGVO", ("Art. 83 DSGVO",), "Schadensersatz nach", "heading"),
    # … and not the claim of the text under it
    ("## Geldbußen\n\nDer Betroffene hat Anspruch auf Ersatz seines Schadens (Art. 82 DSGVO).",
     "Art. 82 DSGVO", (), "Der Betroffene hat Anspruch auf Ersatz seines Schadens", "sentence"),
    ("**Ergebnis**\nDer Betroffene hat Anspruch auf Ersatz seines Schadens (Art. 82 DSGVO).",
     "Art. 82 DSGVO", (), "Der Betroffene hat Anspruch auf Ersatz seines Schadens", "sentence"),
    # a list item whose first line is a bold title: the title is a heading, the text under it the claim
    ("2. **Frist**\n   Die Widerrufsfrist beträgt 14 Tage (§ 355 Abs. 2 BGB).\n\n3. **Rücksendung und Erstattung**\n"
     "   Die empfangenen Leistungen sind spätestens nach 14 Tagen zurückzugewähren (§ 356 Abs. 1 BGB).\n",
     "§ 356 Abs. 1 BGB", ("§ 355 Abs. 2 BGB",),
     "Die empfangenen Leistungen sind spätestens nach 14 Tagen zurückzugewähren", "sentence"),
    # a footnote's claim is the sentence that carries its marker
    ("Geldbußen bis zu 20 Mio. EUR sind möglich.[^1] Der Rest folgt.\n\n[^1]: Art. 83 Abs. 5 DSGVO.",
     "Art. 83 Abs. 5 DSGVO", (), "Geldbußen bis zu 20 Mio. EUR sind möglich", "footnote"),
    ("Wer fremde Sachen wegnimmt, wird bestraft [1]. Mehr nicht.\n\n[1] § 242 StGB", "§ 242 StGB", (),
     "Wer fremde Sachen wegnimmt, wird bestraft", "footnote"),
    # a blockquote is read as prose
    ("> Der Arbeitgeber hat den Urlaub zu gewähren (§ 7 BUrlG).", "§ 7 BUrlG", (),
     "Der Arbeitgeber hat den Urlaub zu gewähren", "sentence"),
    # a Chinese numbered list
    ("法律分析：\n一、当事人一方不履行合同义务的，应当承担违约责任（《民法典》第五百七十七条）；\n二、其他。",
     "《民法典》第五百七十七条", (), "当事人一方不履行合同义务的，应当承担违约责任", "item"),
]


@pytest.mark.parametrize("text, cite, others, claim, where", MARKDOWN)
def test_markdown_structure(text: str, cite, others, claim: str, where: str) -> None:
    got = _claim(text, cite, others)
    assert (got.text, got.where) == (claim, where)


# citations that state nothing beyond themselves (issue 27): never judged
BARE = [
    ("[法条]刑法第264条", "刑法第264条", ()),
    ("法律依据：\n《民法典》第五百七十七条\n《民法典》第五百八十四条", "《民法典》第五百八十四条",
     ("《民法典》第五百七十七条",)),
    ("法律依据：《劳动合同法》第三十九条、第四十条", "《劳动合同法》第三十九条", ("第四十条",)),
    ("相关法条：《民法典》第一千零七十九条。", "《民法典》第一千零七十九条", ()),
    ("See 42 U.S.C. § 1983.", "42 U.S.C. § 1983", ()),
    ("Rechtsgrundlage: Art. 41 OR", "Art. 41 OR", ()),
    ("Rechtsgrundlagen: Art. 41 OR, Art. 97 OR sowie Art. 8 ZGB.", "Art. 97 OR", ("Art. 41 OR", "Art. 8 ZGB")),
    ("Relevant provisions:\n- 42 U.S.C. § 1983\n- 28 U.S.C. § 1331", "28 U.S.C. § 1331", ("42 U.S.C. § 1983",)),
    ("| Norm |\n|---|\n| § 823 Abs. 1 BGB |", "§ 823 Abs. 1 BGB", ()),
    ("Vgl. §§ 280, 281 BGB.", "§§ 280, 281 BGB", ()),
    ("Base légale : art. 41 al. 1 CO.", "art. 41 al. 1 CO", ()),
]


@pytest.mark.parametrize("text, cite, others", BARE)
def test_a_bare_citation_states_nothing(text: str, cite, others) -> None:
    assert _claim(text, cite, others).bare


@pytest.mark.parametrize("claim, bare", [
    ("法条", True), ("根据 的规定", True), ("See also", True), ("gemäß", True), ("Legal basis", True),
    ("根据 ，当事人应当承担违约责任", False), ("Schadensersatz", False), ("Damages", False), ("", True),
])
def test_is_bare(claim: str, bare: bool) -> None:
    assert is_bare(claim) is bare


# quotations of the provision: (answer, citation, the quotations)
QUOTES = [
    ("《票据法》第四十五条规定：'付款人在商业票据到期日之前可以申请停止支付'。", "《票据法》第四十五条",
     [Quote("付款人在商业票据到期日之前可以申请停止支付", True)]),
    ("根据《民法典》第五百七十七条的规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担违约责任。”",
     "《民法典》第五百七十七条",
     [Quote("当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担违约责任。", True)]),
    ("《劳动合同法》第三十九条规定：劳动者严重违反用人单位的规章制度的，用人单位可以解除劳动合同。所以可以解除。",
     "《劳动合同法》第三十九条", [Quote("劳动者严重违反用人单位的规章制度的，用人单位可以解除劳动合同", False)]),
    ("§ 823 Abs. 1 BGB lautet: „Wer vorsätzlich oder fahrlässig das Leben verletzt, ist zum Ersatz verpflichtet.“",
     "§ 823 Abs. 1 BGB", [Quote("Wer vorsätzlich oder fahrlässig das Leben verletzt, ist zum Ersatz verpflichtet.",
                                True)]),
    ("Art. 41 OR: «Wer einem andern widerrechtlich Schaden zufügt, wird ihm zum Ersatze verpflichtet.»",
     "Art. 41 OR", [Quote("Wer einem andern widerrechtlich Schaden zufügt, wird ihm zum Ersatze verpflichtet.",
                          True)]),
    ('42 U.S.C. § 1983 provides that "every person who, under color of any statute, subjects any citizen to the '
     'deprivation of any rights shall be liable".', "42 U.S.C. § 1983",
     [Quote("every person who, under color of any statute, subjects any citizen to the deprivation of any rights "
            "shall be liable", True)]),
    ("„Wer einem andern widerrechtlich Schaden zufügt, wird ihm zum Ersatze verpflichtet.“ (Art. 41 Abs. 1 OR)",
     "Art. 41 Abs. 1 OR", [Quote("Wer einem andern widerrechtlich Schaden zufügt, wird ihm zum Ersatze "
                                 "verpflichtet.", True)]),
    ("法律依据：《中华人民共和国民法典》第五百七十七条 当事人一方不履行合同义务的，应当承担违约责任。\n",
     "《中华人民共和国民法典》第五百七十七条", [Quote("当事人一方不履行合同义务的，应当承担违约责任", False)]),
    # a quoted term after a verb of another kind is no quotation of the provision
    ("§ 823 BGB schützt sogenannte „sonstige Rechte“.", "§ 823 BGB", []),
    ("根据《民法典》第五百七十七条规定，当事人应当承担违约责任。", "《民法典》第五百七十七条",
     []),   # 规定， : a paraphrase
]


@pytest.mark.parametrize("text, cite, quotes", QUOTES)
def test_quotations_of_the_provision(text: str, cite: str, quotes: list[Quote]) -> None:
    assert list(_claim(text, cite).quotes) == quotes


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab .!?。\n|#-*>[]^1:()„“\"'«»")) | st.characters(), max_size=200),
       st.data())
def test_claim_for_never_raises(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    got = claim_for(text, start, end)
    assert isinstance(got.text, str) and len(got.text) <= len(text) and isinstance(got.bare, bool)


# ------------------------------------------------------------------ the claim of each of many citations (issue 35)
# claim_for once blanked every other citation of the answer in turn and read its citation's whole line (and the lines
# around it) again: quadratic in a long answer. It now blanks only the citations near the claim (claims.Spans) and reads
# each line once (claims._Lines). The implementation before (a copy, kept as the oracle) must give the same claims.

def _oracle_lines(text: str, lo: int, hi: int) -> list[tuple[int, int, str]]:
    from legalcite.attribution import claims as c

    lo = text.rfind("\n", 0, lo) + 1
    out = []
    while lo <= hi and lo <= len(text):
        nl = text.find("\n", lo)
        e = len(text) if nl < 0 else nl
        out.append((lo, e, next((k for k, pat in c._LINE_KINDS if pat.match(text[lo:e])), "para")))
        if nl < 0:
            break
        lo = nl + 1
    return out


def _oracle_block(text: str, start: int) -> tuple[str, int, int]:
    from legalcite.attribution import claims as c

    lines = _oracle_lines(text, max(0, start - c._LOOK), min(len(text), start + c._LOOK))
    i = next((j for j, (s, e, _) in enumerate(lines) if s <= start <= e), len(lines) - 1)
    kind = lines[i][2]
    if kind in c._SINGLE:
        return kind, lines[i][0], lines[i][1]
    first = i
    if kind in ("para", "quote"):
        while first > 0 and lines[first - 1][2] in ("para", "quote", *c._STARTS):
            first -= 1
            if lines[first][2] in c._STARTS:
                break
        kind = lines[first][2] if lines[first][2] in c._STARTS else "para"
    last = i
    while last + 1 < len(lines) and lines[last + 1][2] in ("para", "quote"):
        last += 1
    return kind, lines[first][0], lines[last][1]


def _oracle_marker(text: str, b0: int, b1: int) -> tuple[int, int] | None:
    import re

    m = re.match(r"\s*\[(\^?[^\]\s]{1,20})\]", text[b0:b1])
    if not m:
        return None
    mark = f"[{m.group(1)}]"
    for hit in re.finditer(re.escape(mark) + r"(?!:)", text):
        line = text.rfind("\n", 0, hit.start()) + 1
        if not (b0 <= hit.start() < b1) and text[line:hit.start()].strip():
            return hit.start(), hit.end()
    return None


# the patterns claims.py wrote as alternations before (now each a set of first characters, for speed)
_OLD_INLINE = (r"\*\*|__|~~|`+|\*|\[\^[^\]\s]{1,20}\]|<[A-Za-z/][^<>\n]{0,30}>|\]\([^()\s]{0,300}\)|"
               r"\[(?=[^\[\]\n]{1,300}\]\()")
_OLD_END = r"\.{3}|…+|[.!?]+|[。！？；]+|\n"


def _oracle_unmark(s: str, kind: str) -> str:
    import re

    from legalcite.attribution import claims as c

    s = c._LINE_MARK.sub(lambda m: " " * len(m.group()), s) if kind != "row" else s
    s = re.sub(_OLD_INLINE, lambda m: " " * len(m.group()), s)
    return s.replace("|", ";") if kind == "row" else s


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(".…!?。！？；\n*_~`[]<>()^/aB1 \x00")), max_size=40), st.data())
def test_the_rewritten_patterns_find_what_the_old_ones_found(s: str, data: st.DataObject) -> None:
    import re

    from legalcite.attribution import claims as c

    lo = data.draw(st.integers(0, len(s)))
    hi = data.draw(st.integers(lo, len(s)))
    for old, new in ((_OLD_END, c._END), (_OLD_INLINE, c._INLINE)):
        assert [m.span() for m in re.compile(old).finditer(s, lo, hi)] == [m.span() for m in new.finditer(s, lo, hi)]


def _oracle_claim(text: str, start: int, end: int, others: list[tuple[int, int]], window: int = 600,
                  marker: bool = False):
    from legalcite.attribution import claims as c

    kind, b0, b1 = _oracle_block(text, start)
    if kind in ("footnote", "refnote") and not marker:
        at = _oracle_marker(text, b0, b1)
        if at is not None:
            got = _oracle_claim(text, at[0], at[1], others, window, True)
            return c.Claim(got.text, got.bare, got.quotes, "footnote", got.span)
    lo, hi = max(b0, start - window), min(b1, end + window)
    chunk = list(_oracle_unmark(text[lo:hi], kind))
    for s, e in [(start, end), *others]:
        for i in range(max(s, lo), min(e, hi)):
            chunk[i - lo] = c._BLANK
    s = "".join(chunk)
    rs, re_ = max(0, start - lo), max(0, min(end, hi) - lo)
    spans = c._protected(s)
    sent = c._sentence_around(s, spans, rs, re_)
    if marker and sent[0] and not s[sent[0]:rs].strip():
        sent = (c._sentence_around(s, spans, sent[0] - 1, sent[0] - 1)[0], sent[0])
    claim = c._clean(s[sent[0]:sent[1]])
    where = {"item": "item", "row": "row", "heading": "heading", "boldhead": "heading"}.get(kind, "sentence")
    quotes = c._quotes(text, s, lo, rs, re_, spans, sent) if kind not in ("heading", "boldhead") else ()
    return c.Claim(claim, c.is_bare(claim), quotes, where, (lo + sent[0], lo + sent[1]))


# the starts of the lines an answer is made of (Markdown blocks, footnotes and their markers), and what fills them
_LINE_HEADS = ["", "", "", "# ", "## ", "- ", "* ", "1. ", "a) ", "| ", "|---|---|", "> ", "```", "[^1]: ", "[1] ",
               "**Titel**", "---", "   ", "法律依据：", "一、"]
_WORDS = ["Der Käufer haftet", "nach", "§ 823 BGB", "z. B.", "Art. 41 OR", "[^1]", "[1]", "„Zitat.“", "(", ")",
          "42 U.S.C. § 1983", "根据", "《民法典》第五百七十七条", "。", ".", "!", ";", ",", "lautet:", "provides that",
          "\"quoted\"", "Mio.", "1.", "Januar"]


@st.composite
def _answers(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 12))):
        words = draw(st.lists(st.sampled_from(_WORDS), max_size=12))
        line = draw(st.sampled_from(_LINE_HEADS)) + " ".join(words)
        lines.append(line * draw(st.sampled_from([1, 1, 1, 2, 40, 200])))   # now and then a line of thousands
    return "\n".join(lines)


@settings(max_examples=300, deadline=None)
@given(_answers(), st.data())
def test_claims_of_many_citations_are_the_claims_read_one_by_one(text: str, data: st.DataObject) -> None:
    from legalcite.attribution.claims import Spans

    def span() -> tuple[int, int]:
        start = data.draw(st.integers(0, len(text)))
        return start, data.draw(st.integers(start, min(len(text), start + 40)))

    spans = [span() for _ in range(data.draw(st.integers(1, 8)))]
    index = Spans(spans)
    for me in spans:
        others = [s for s in spans if s != me]
        expected = _oracle_claim(text, *me, others)
        assert claim_for(text, *me, others) == expected
        assert claim_for(text, *me, index) == expected   # (its own span among the others changes nothing)


def test_spans_near_a_window_are_the_ones_that_overlap_it() -> None:
    from legalcite.attribution.claims import Spans

    spans = [(0, 5), (3, 40), (10, 12), (50, 60), (55, 56), (70, 70)]
    index = Spans(spans)
    for lo in range(0, 80, 3):
        for hi in range(lo, 90, 7):
            assert sorted(index.near(lo, hi)) == sorted({(s, e) for s, e in spans if s < hi and e > lo})
