"""Linking of Chinese short forms: ``本法/同法/该法第X条``, a bare ``第X条``, ``前条``, ``上述规定``, the continuations
``前款``/``本条``/``同条``, and an English bare article (``Article 152(1)(1)``) after a Chinese law.

Rules (docs/keys.md, China; each conservative: no key rather than a guess):

- ``本法/同法/该法第X条`` and a bare ``第X条`` take the last named CN law, a bare one within its passage (a
  paragraph, and the list it introduces with a colon: core.link.same_passage);
- ``本条``/``同条`` (``本条第二款``) are the article the citation just before them names (in the same line: a
  statute's own 款 each start a line), with the levels they print; ``前款`` is the paragraph before the current one
  of that article: the current one is what the text says it is — a cited ``第N款`` (N ≥ 2) whose words the sentence
  quotes (``第二款规定："前款…"``) — so ``前款`` is ``第N−1款`` there, else the article alone. In the sentence of the
  citation itself and outside a quote, neither binds (``违反《X法》第N条的，依照前款处理`` in a statute's own text);
- an English bare article (the EU extractor's short form) takes the Chinese law the prose names last before it
  (``Under the PRC Civil Code, …(Article 152(1)(1))``: core.link.named_before), else the one cited just before it,
  in the forms Chinese law is written in English: ``Article N(M)(K)`` with numbers only (paragraph, item).
"""
from __future__ import annotations

import re

from legalcite.core.link import Named, continued, continues, named_before, same_passage
from legalcite.core.scan import Context
from legalcite.jurisdictions.cn.extract import _cue_possible, _en_cue
from legalcite.jurisdictions.cn.laws import en_norm, tables
from legalcite.models import Citation, Form, Kind, Unit

_RANK = {"art": 0, "para": 1, "item": 2}
_SENTENCE_END = re.compile(r"[。！？；!?;]")
# what stands between a cited paragraph and 前款/本条 that the sentence quotes: 第二款规定："前款…", 第二款："…"
_QUOTES = re.compile(r"\s*(?:中|的)?(?:明确)?(?:规定)?(?:如下)?\s*(?:[：:]\s*[“\"「『]?|[，,]?\s*[“\"「『])\s*")
# the EU extractor's labels of an English bare article → Chinese labels; a lettered point is no Chinese item
_FROM_EN = {"art": "art", "par": "para", "pt": "item"}


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    """Give CN short forms their law: ``本法/同法/该法第X条`` and a bare ``第X条`` take the last named CN law;
    ``前条`` repeats the last CN provision; ``上述规定`` repeats the last citation group when it is one
    provision. ``本解释``/``本条例`` need a last law of that kind; a bare ``第X条`` binds within its passage, and
    not across a title that could not be read (its articles stay unbound too).
    ``前款``/``本条``/``同条`` and English bare articles: the module's rules. Short forms with no antecedent keep
    ``work=None`` (no key), so ``extract()`` leaves them out (``第二条被采纳`` in prose is no citation)."""
    if not any(c.work is None and (c.jurisdiction == "cn" or (c.jurisdiction == "eu" and _english_bare(c)))
               and c.kind is Kind.STATUTE for c in citations):
        return citations  # every binding below is of a CN short form, or of an English article a CN law may take
    out: list[Citation] = []
    last: int | None = None          # index in ``out`` of the last CN statute citation with a work
    last_group: list[int] = []       # indexes of the last contiguous group of such citations
    last_statute: int | None = None  # index in ``out`` of the last statute citation with a work, any jurisdiction
    for c in citations:
        if c.kind is Kind.STATUTE and c.work is None and _english_bare(c):
            c = _english(c, out, ctx, last_statute)
        elif c.jurisdiction == "cn" and c.kind is Kind.STATUTE and c.work is None:
            if c._link.get("ref") == "unread":   # the articles of a title that could not be read (《\x00》第三条):
                last, last_group = None, []       # no law, and the last one named before it is not the one meant
                out.append(c)
                continue
            c = _short(c, out, ctx, last, last_group)
            if c.work is not None:
                last_group = [len(out)]
        elif c.jurisdiction == "cn" and c.kind is Kind.STATUTE:
            if last is not None and out[last].span.end + 2 >= c.span.start and c.form == Form.FULL:
                last_group.append(len(out))
            else:
                last_group = [len(out)]
        if c.kind is Kind.STATUTE and c.work is not None:
            last_statute = len(out)
            if c.jurisdiction == "cn":
                last = len(out)
        out.append(c)
    return out


def _short(c: Citation, out: list[Citation], ctx: Context, last: int | None, last_group: list[int]) -> Citation:
    """A CN short form with its law (and units) where its rule finds them; ``c`` itself where none does."""
    ref = c._link.get("ref")
    if ref in ("article", "previous_paragraph"):
        return _continuation(c, out, ctx)
    if last is None or (c.form == Form.SHORT and not same_passage(ctx, out[last].span.end, c.span.start)):
        return c  # unresolved: no key; extract() leaves it out unless unresolved=True
    ante = out[last]
    suffix = c._link.get("suffix")
    if suffix and suffix != "法律":  # 本解释 needs an interpretation, 本法 a 法/法典
        title = tables().works.get(ante.work, {}).get("title", ante.work or "")
        if not (title.endswith(suffix) or (suffix == "法" and title.endswith("法典"))):
            return c
    if ref == "law":
        return c.replace(work=ante.work, antecedent=last)
    if ref == "prev" or (ref == "group" and len(last_group) == 1):
        return c.replace(work=ante.work, units=ante.units, antecedent=last)
    return c


def _continuation(c: Citation, out: list[Citation], ctx: Context) -> Citation:
    """``本条``/``同条``/``前款`` bound to the article cited just before them (the module's rules)."""
    at = continues(c, out, ctx)
    if at is None:
        return c
    prev, text = out[at], ctx.text
    if prev.jurisdiction != "cn" or prev.units[0].label != "art" or "\n" in text[prev.span.end:c.span.start]:
        return c
    quoted = _QUOTES.fullmatch(text, prev.span.end, c.span.start) is not None
    if not quoted and not _SENTENCE_END.search(text, prev.span.end, c.span.start):
        return c  # in the citation's own sentence, outside a quote: a statute's own 前款/本条
    levels = c.units
    if c._link.get("ref") == "previous_paragraph":
        para = next((u.value for u in prev.units if u.label == "para"), None)
        if quoted and para is not None and para.isdigit():
            if int(para) < 2:
                return c  # the paragraph before the first: none
            levels = (Unit("para", str(int(para) - 1)),) + levels
        elif levels:
            return c  # 前款第（一）项 where the text does not say which paragraph 前款 is
    units = continued(prev.units[:1], levels, _RANK)
    if units is None:
        return c
    return c.replace(work=prev.work, units=units, antecedent=at)


def _english_bare(c: Citation) -> bool:
    """An article without its act as the EU extractor reads it in English (``Article 152(1)(1)``)."""
    return c.jurisdiction == "eu" and bool(c.units) and c.units[0].label == "art" and not c._link.get("refers_to")


def _english(c: Citation, out: list[Citation], ctx: Context, last_statute: int | None) -> Citation:
    """An English bare article with the Chinese law the prose names last before it, else the one of the statute
    cited just before it; ``c`` itself where that is no Chinese law, or the article is not in a Chinese form."""
    units = []
    for u in c.units:
        label = _FROM_EN.get(u.label)
        if label is None or not u.value.isdigit():
            return c  # "Art. 9(2)(a)": a lettered point is no Chinese item
        units.append(Unit(label, u.value))
    named = named_before(ctx, out, c)
    if named is not None:
        if named.jurisdiction != "cn":
            return c
        return c.replace(jurisdiction="cn", work=named.work, units=tuple(units), form=Form.SHORT)
    if last_statute is None:
        return c
    prev = out[last_statute]
    if prev.jurisdiction != "cn" or not same_passage(ctx, prev.span.end, c.span.start):
        return c
    return c.replace(jurisdiction="cn", work=prev.work, units=tuple(units), form=Form.SHORT, antecedent=last_statute)


def names(text: str, start: int, end: int, ctx: Context) -> list[Named]:
    """The Chinese laws ``text[start:end]`` names in English (``the PRC Civil Code``, ``China's Labor Contract
    Law``), with a PRC cue in the name or the document: the namer of core.link.named_before (``names_at``)."""
    if ctx.jurisdiction != "cn" and (ctx.language not in (None, "en") or not _cue_possible(ctx)):
        return []  # English names, in English prose: German or Chinese prose names a Chinese law otherwise
    t = tables()
    out = []
    for m in t.english.finditer(text, start, end):
        work = t.english_titles.get(en_norm(m.group("name")))
        if work is not None and (m.group("cue1") or m.group("cue2") or _en_cue(ctx)):
            out.append(Named("cn", work, m.start(), m.end()))
    return out
