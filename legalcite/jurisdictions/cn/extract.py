"""China (PRC): statutes and judicial interpretations, case numbers, document numbers, English renderings.

Forms (keys per docs/keys.md):

- ``《中华人民共和国民法典》第五百零九条第二款`` / ``《民法典》第509条`` / ``民法典第1062条`` (no brackets: the
  title is found by a bounded lookback before ``第``) → ``cn/中华人民共和国民法典/art509/para2``;
- unit chains parsed by ``units.lark`` (beside this module) into :class:`~.groups.Group` s by the Transformer in
  :mod:`.units`: lists, ranges (expanded over the work's article list by :func:`unit_paths`), ``之一``
  (``art133-1``), ``第（二）项``, ``以下``;
- short forms ``本法/同法/该法第X条``, a bare ``第X条`` after a named law, ``前条``, ``上述规定``: linked by
  :mod:`.link` to the last named law (dropped when there is none);
- case numbers ``（2021）京01民终1234号`` → ``cn/case/(2021)京01民终1234号``; ``法释〔2020〕26号`` →
  ``cn/法释[2020]26号``;
- English: ``Article 577 of the Civil Code of the People's Republic of China``, ``Article 47 of the PRC Labor
  Contract Law``, ``PRC Criminal Law, Art. 264`` (names from ``data/english.json``). Without a PRC cue in
  the citation, the hint, the language or the prose, English forms yield nothing.

Titles resolve through :mod:`legalcite.jurisdictions.cn.laws` (the generated ``data/laws.json.gz``:
``python -m legalcite.jurisdictions.cn.build``). Lark and the tables load on first use.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from legalcite.core.link import CONTINUES
from legalcite.core.scan import Context, Extractor
from legalcite.jurisdictions.cn.groups import Group
from legalcite.jurisdictions.cn.laws import (FOLD_TABLE, LAWLIKE, articles_index, en_norm, lookup, strip_category,
                                             strip_version, tables, title_before, visible, work_of_title)
from legalcite.keys import CN_NUMERAL_CHARS, cn_ascii_brackets, cn_numeral_irregular, cn_to_int, int_to_cn
from legalcite.models import Citation, Form, Kind, Span, StatuteMetadata, Unit

WINDOW = 160           # characters after an anchor handed to the unit grammar
TITLE_MAX = 90         # longest title read between 《 and 》
RANGE_MAX = 300        # a longer range keeps only its endpoints

_NUM = "0-9０-９零〇一二两三四五六七八九十百千"
_ART_ANCHOR = (rf"第\s*[{_NUM}]{{1,10}}\s*(?:[、，,至到和及与\-－—~～]\s*(?:第\s*)?[{_NUM}]{{1,10}}\s*){{0,12}}条")
_CASE_ANCHOR = r"[（(]\s*[12１２][09０９][0-9０-９]{2}\s*[）)]"
_DOCNO = r"(?:法释|法发|法办|高检发释字|法)\s*[〔\[［(（]\s*(?:19|20)\d{2}\s*[〕\]］)）]\s*第?\s*\d{1,4}\s*号"
# 前款 where a sentence, clause or quote starts with it ("。前款规定的期间…", "规定：“前款…"): where link.py binds it; a
# statute's own "依照前款"/"单位犯前款罪" is none (the test behind the match keeps the anchor's leading 前)
_REF_ANCHOR = r"前条|前款(?<=[。；;：:“\"「『，,（( \t　]前款)|上述规定|上述条款|上述法条|前述规定"
_EN_ANCHOR = r"\bArt(?:icles?\b|s?\.)\s*\d"
_EN_PARA = (r"aragraph\s*\d{1,2}\s*,?\s*(?:(?:[Ii]tem|[Ss]ubparagraph)\s*\(?\d{1,2}\)?\s*,?\s*)?"
            r"of\s+Art(?:icle\b|\.)")
# The leading one-character lookahead lets the scanner's prefilter reject most positions with one set test; the
# lowercase "paragraph 2 of Article 509" is a literal (core.scan), so that no lowercase letter is in that test.
ANCHOR_PARTS = (("《", "《"), ("第", _ART_ANCHOR), ("（(", _CASE_ANCHOR), ("法高", _DOCNO), ("前上", _REF_ANCHOR),
                ("A", _EN_ANCHOR), ("P", r"\bP" + _EN_PARA))  # (first characters, pattern): core.scan's union
ANCHOR = "(?=[《第（(法高前上AP])(?:" + "|".join(rx for _, rx in ANCHOR_PARTS) + ")"
# 本条/同条 (the article being discussed), with the levels they print (本条第二款), as 前款 in _REF_ANCHOR: found as
# literals (core.scan), as 本 and 同 start many words (合同); not 本条例 (this regulation), 本条款, 同条件, nor 本条
# ending another word (基本条件, 成本条目)
_CONTINUATION = r"(?<![基根资成样文版剧日副账书课])本条(?![例款文目件约])|同条(?=\s*第)"
LITERALS = ("paragraph", "本条", "同条")
LITERAL_ANCHOR = r"\bp" + _EN_PARA + "|" + _CONTINUATION

_SHORT_BEFORE = re.compile(r"(?:本|同|该|此|上述|前述)(法律|法|条例|规定|解释|办法|决定|细则)\s*$")


# ------------------------------------------------------------------ unit chains (Lark)


_N = r"(?:[0-9０-９]{1,5}|[零〇一二两三四五六七八九十百千]{1,10})"  # the grammar's NUM
_SIMPLE = re.compile(rf"第\s*({_N})\s*条(?:\s*之\s*({_N}))?(?:\s*第\s*({_N})\s*款)?"
                     rf"(?:\s*第\s*(?:({_N})|[（(]\s*({_N})\s*[）)])\s*项)?")
_CONTINUES = re.compile(rf"\s*(?:[、，,；;….至到\-－—–~～（(]|和|及|与|或|以下|等|第\s*[（(]"
                        rf"|第\s*{_N}\s*[款项、，,至到和及与或\-－—–~～]|{_N})")


def _simple_units(window: str) -> tuple[list[Group], int] | None:
    """The common single provision (第X条[之X][第X款][第X项]) without Lark; None when a list, range or
    anything else follows, which the grammar must read. Gives what the grammar gives (tested)."""
    m = _SIMPLE.match(window)
    if not m or _CONTINUES.match(window, m.end()):
        return None
    return _simple_groups(m)


def _simple_groups(m: re.Match) -> tuple[list[Group], int] | None:
    try:
        art = str(cn_to_int(m.group(1))) + (f"-{cn_to_int(m.group(2))}" if m.group(2) else "")
        subs = []
        if m.group(3):
            subs.append(("para", [(",", str(cn_to_int(m.group(3))))]))
        if m.group(4) or m.group(5):
            subs.append(("item", [(",", str(cn_to_int(m.group(4) or m.group(5))))]))
    except ValueError:
        return None
    return [Group("art", [(",", art)], subs, 0, m.end(), "")], m.end()


_CHAIN_SHAPE = re.compile(rf"(?:[第条款项之{_NUM}（()）、，,；;…\.至到\-－—–~～\s]|以下|以及|和|及|与|或者|或|等)+")
_TRAILING_SEP = re.compile(r"(?:[\s、，,；;…\.至到\-－—–~～（(]|以及|和|及|与|或者|或)+$")


def parse_units(window: str, fast: bool = True) -> tuple[list[Group], int] | None:
    """Parse the unit chain at the start of ``window``: its groups and where it ends."""
    # Lark: the parser and its Transformer (.units) are loaded on the first chain the fast path cannot read
    from lark.exceptions import LarkError, VisitError  # lark: heavy

    from legalcite.core.parse import Prefix, get_parser, longest_prefix  # heavy: imports lark

    if fast:
        simple = _simple_units(window)
        if simple is not None:
            return simple

    # Only characters the grammar knows go to Lark, trailing separators cut: the usual chain then parses
    # whole in one call; otherwise the longest accepted prefix is taken.
    shape = _CHAIN_SHAPE.match(window)
    cut = window[: shape.end()] if shape else window
    cut = _TRAILING_SEP.sub("", cut)
    if fast:
        m = _SIMPLE.fullmatch(cut)
        simple = _simple_groups(m) if m else None
        if simple is not None:
            return simple
    parser = get_parser(__package__, "units")
    try:
        pre = Prefix(parser.parse(cut), len(cut))
    except LarkError:
        pre = longest_prefix(parser, cut)
    except Exception:  # pragma: no cover - a grammar callback error: same as no parse
        return None
    if pre is None:
        return None
    from legalcite.jurisdictions.cn.units import TRANSFORMER  # heavy: imports lark

    try:
        return TRANSFORMER.transform(pre.tree), pre.end
    except VisitError:  # a numeral the grammar admits but cn_to_int refuses: no chain here
        return None


def _expand(values: list[tuple[str, str]], work: str | None) -> list[str]:
    """Values with ranges expanded: over the work's article list when known, else over integers."""
    out: list[str] = []
    for op, v in values:
        if op == "~" and out:
            lo = out[-1]
            universe = articles_index(work) if work else None
            if universe and lo in universe[1] and v in universe[1]:
                i, j = universe[1][lo], universe[1][v]
                if 0 < j - i <= RANGE_MAX:
                    out.extend(universe[0][i + 1: j + 1])
                    continue
            if lo.isdigit() and v.isdigit() and 0 < int(v) - int(lo) <= RANGE_MAX:
                out.extend(str(n) for n in range(int(lo) + 1, int(v) + 1))
                continue
        out.append(v)
    return out


def unit_paths(groups: list[Group], work: str | None) -> list[tuple[tuple[Unit, ...], int, int]]:
    """Each cited provision as (units, start, end) in window offsets. A group of sub-units only
    (``、第二款``) replaces the levels from its own downward in the previous provision."""
    out: list[tuple[tuple[Unit, ...], int, int]] = []
    prev: tuple[Unit, ...] | None = None
    for g in groups:
        if g.kind == "art":
            arts = g.arts
            if g.sep == "~" and prev:
                arts = [("~", g.arts[0][1])] + g.arts[1:]
                base = [prev[0].value]
            else:
                base = []
            art_values = _expand([(",", base[0])] + arts if base else arts, work)
            if base:
                art_values = art_values[1:]
            heads: list[tuple[Unit, ...]] = [(Unit("art", a),) for a in art_values]
        else:
            if prev is None:
                continue
            heads = [()]
        paths = heads
        for label, vals in g.subs:
            if g.kind == "sub" and not paths[0]:
                level = 1 if label == "para" else 2
                keep = tuple(u for u in prev if {"art": 0, "para": 1, "item": 2}[u.label] < level)
                paths = [keep]
            values = _expand(vals, None)
            paths = [p + (Unit(label, v),) for p in paths for v in values]
        if g.kind == "sub" and g.sep == "~" and prev is not None and paths and len(paths[0]) == len(prev):
            last = paths[0][-1]
            if prev[-1].label == last.label and prev[-1].value.isdigit() and last.value.isdigit():
                lo, hi = int(prev[-1].value), int(last.value)
                if 0 < hi - lo <= RANGE_MAX:
                    paths = [prev[:-1] + (Unit(last.label, str(n)),) for n in range(lo + 1, hi + 1)]
        for p in paths:
            if p:
                out.append((p, g.start, g.end))
        if paths and paths[-1]:
            prev = paths[-1]
    return out


# ------------------------------------------------------------------ case and document numbers

_CASE = re.compile(r"[（(]\s*([12１２][09０９][0-9０-９]{2})\s*[）)]\s*"
                   r"((?:最高法|最高人民法院)?[\u4e00-\u9fff]{0,4}?[0-9０-９]{0,4}"
                   r"[\u4e00-\u9fff]{0,6}?[民刑行执赔知破商财保认清协司请救特督催国委他再申监复初终][\u4e00-\u9fff]{0,4}?"
                   r"(?:字第|第)?\s*[0-9０-９]{1,7}\s*号(?:之[一二三四五六七八九十0-9]{1,2})?)")


def _case(text: str, m: re.Match) -> list[Citation]:
    cm = _CASE.match(text, m.start(), min(len(text), m.start() + 40))
    if not cm:
        return []
    number = re.sub(r"\s+", "", f"({cm.group(1)}){cm.group(2)}").translate(FOLD_TABLE)
    number = cn_ascii_brackets(number)
    return [Citation(jurisdiction="cn", kind=Kind.CASE, work="case", units=(Unit("", number),),
                     span=Span(cm.start(), cm.end()), text=text[cm.start():cm.end()])]


def _docno(text: str, m: re.Match) -> list[Citation]:
    work = cn_ascii_brackets(re.sub(r"\s+", "", m.group()).translate(FOLD_TABLE).replace("第", ""))
    return [Citation(jurisdiction="cn", kind=Kind.INTERPRETATION, work=work, span=Span(m.start(), m.end()),
                     text=m.group())]


# ------------------------------------------------------------------ statutes


def _cites(text: str, start: int, chain_at: int, work: str | None, form: Form,
           link: dict | None = None) -> list[Citation]:
    """Citations of the unit chain at ``chain_at``, the first one's span starting at ``start``. ``link``: the
    linker's private flags of a short form (``ref``: what it refers to; ``suffix``: 本法 or 本条例 …)."""
    parsed = parse_units(text[chain_at: chain_at + WINDOW])
    if parsed is None:
        return []
    groups, _ = parsed
    if not groups or groups[0].kind != "art":
        return []
    out: list[Citation] = []
    for i, (units, s, e) in enumerate(unit_paths(groups, work)):
        a = start if i == 0 else chain_at + s
        b = chain_at + e
        note = _read_as(text[chain_at + s: b])
        out.append(Citation(jurisdiction="cn", kind=Kind.STATUTE, work=work, units=units, span=Span(a, b),
                            text=text[a:b], form=form, _link=link,
                            metadata=StatuteMetadata(read_as=note) if note else None))
    return out


_ZERO_UNIT = re.compile("[零〇○][十拾百佰千仟]")
_NUMBERED = re.compile(rf"第\s*([{CN_NUMERAL_CHARS}]+)\s*([条款项])")


def _read_as(chain: str) -> str | None:
    """How the irregular numerals of a unit chain were read (``第三百零十条 read as 第三百一十条``: a 零 before a
    unit, which no statute prints, taken as a reader takes it); None for the usual chain."""
    if not _ZERO_UNIT.search(chain):
        return None
    notes = [f"{m.group()} read as 第{int_to_cn(cn_to_int(m.group(1)))}{m.group(2)}"
             for m in _NUMBERED.finditer(chain) if cn_numeral_irregular(m.group(1))]
    return "; ".join(notes) or None


def _close_title(text: str, pos: int) -> int | None:
    """Index of the 》 closing the 《 at ``pos`` (inner 《》/〈〉 nest), or None within TITLE_MAX."""
    limit = min(len(text), pos + TITLE_MAX)
    k = pos
    for _ in range(3):  # at most two inner 《》
        j = text.find("》", k, limit)
        if j < 0:
            return None
        if text.count("《", pos, j) == text.count("》", pos, j) + 1:
            title = text[pos:j]
            return None if ("\n" in title or "。" in title or "；" in title) else j
        k = j + 1
    return None


# A control character or a lone surrogate (a JSON "\ud800" that reached the text) is no part of a law's title, and
# must never reach a key: 《民法\ud800典》 and 《\x00》 are not titles; nor is one holding U+FFFD, the character a
# reader puts where it could not read one (a lone surrogate in JSON Lines: 《民法\ufffd典》).
_NOT_IN_TITLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffd]")

_AFTER_TITLE = re.compile(r"\s*(?:[（(][^（）()《》\n]{1,30}[）)])?\s*(?:的|之)?\s*")


_TITLE_FINAL = frozenset("法典定释例则见复令程法)）》")
_TITLE_STOP = frozenset("。；;，,\n《：:“”")


def _outer_title(text: str, pos: int, close: int | None) -> tuple[tuple[int, str], int] | None:
    """A known title that starts before the 《 at ``pos`` and runs past its 》 (``最高人民法院关于适用《民法典》
    有关担保制度的解释``): ``((start, work), end)``, the longest such title ending within 40 characters."""
    lo = (close + 1) if close is not None else pos + 1
    ends = []
    for e in range(lo, min(len(text), lo + 40) + 1):
        ch = text[e - 1]
        if e > lo and ch in _TITLE_STOP:
            break
        if ch in _TITLE_FINAL:
            ends.append(e)
    for e in reversed(ends[-8:]):  # longest first; at most 8 lookups per 《
        found = title_before(text, e)
        if found and found[0] < pos:
            return found, e
    return None


def _bracketed(text: str, m: re.Match, ctx: Context) -> list[Citation]:
    pos = m.start()
    # 《》 inside a longer title (…适用《民法典》有关担保制度的解释第二条): the whole title, from the 第 after it.
    close = _close_title(text, pos)
    if pos > 0 and "\u4e00" <= text[pos - 1] <= "\u9fff":
        outer = _outer_title(text, pos, close)
        if outer is not None:
            (start, work), end = outer
            after = _AFTER_TITLE.match(text, end).end()
            if text.startswith("第", after):
                cites = _cites(text, start, after, work, Form.FULL)
                if cites:
                    return cites
            return [Citation(jurisdiction="cn", kind=Kind.STATUTE, work=work, span=Span(start, end),
                             text=text[start:end])]
    if close is None:
        return []
    printed = visible(text[pos + 1: close])
    if not printed.strip() or _NOT_IN_TITLE.search(printed):
        # no title, but a law was named: its articles are no one's, and the last law named before is no longer the
        # one a bare 第X条 after them means (the linker: ref "unread")
        after = _AFTER_TITLE.match(text, close + 1).end()
        return _cites(text, after, after, None, Form.SHORT, {"ref": "unread"}) if text.startswith("第", after) else []
    work = lookup(printed)
    if work is None:  # 《社会法-军人保险法》: a law database's class before the title
        rest = strip_category(printed)
        work = lookup(rest) if rest else None
    known = work is not None
    if work is None:
        work = work_of_title(strip_version(printed))
    after = _AFTER_TITLE.match(text, close + 1).end()
    if text.startswith("第", after) or re.match(rf"[{_NUM}]{{1,10}}\s*条", text[after: after + 12]):
        cites = _cites(text, pos, after, work, Form.FULL)
        if cites:
            return cites
    if known or LAWLIKE.search(strip_version(printed)):
        return [Citation(jurisdiction="cn", kind=Kind.STATUTE, work=work, span=Span(pos, close + 1),
                         text=text[pos: close + 1])]
    return []


def _article(text: str, m: re.Match, ctx: Context) -> list[Citation]:
    pos = m.start()
    before = text[max(0, pos - 8): pos]
    short = _SHORT_BEFORE.search(before)
    found = title_before(text, pos)
    if short:  # 本法/同法/该法 — unless a longer title ends here (劳动合同法 ends in 同法)
        start = pos - (len(before) - short.start())
        if found is None or found[0] >= start:
            return _cites(text, start, pos, None, Form.ID, {"ref": "law", "suffix": short.group(1)})
    if found:
        return _cites(text, found[0], pos, found[1], Form.FULL)
    return _cites(text, pos, pos, None, Form.SHORT, {"ref": "law"})


def _reference(text: str, m: re.Match, ctx: Context) -> list[Citation]:
    return [Citation(jurisdiction="cn", kind=Kind.STATUTE, work=None, span=Span(m.start(), m.end()), text=m.group(),
                     form=Form.ID, _link={"ref": "prev" if m.group() == "前条" else "group"})]


# the levels after 本条/同条 (第二款, 第二款第（一）项) and after 前款 (第（一）项 only)
_LEVELS = re.compile(rf"\s*第\s*({_N})\s*款(?:\s*第\s*(?:({_N})|[（(]\s*({_N})\s*[）)])\s*项)?")
_ITEM = re.compile(rf"\s*第\s*(?:({_N})|[（(]\s*({_N})\s*[）)])\s*项")


_LINE_REACH = 300  # characters before 前款/本条 looked at for an article cited in its line


def _continuation(text: str, m: re.Match) -> list[Citation]:
    """``前款``, ``本条``, ``同条`` with the levels they print: continuations of the article cited before (link.py
    binds them to it, or they are dropped; core.link)."""
    word = m.group()
    line = max(text.rfind("\n", max(0, m.start() - _LINE_REACH), m.start()) + 1, m.start() - _LINE_REACH)
    if text.find("条", line, m.start()) < 0:
        return []  # no article cited before it in its line (link.py's rule): a statute's own 前款, no citation
    lv = (_ITEM if word == "前款" else _LEVELS).match(text, m.end())
    units: tuple[Unit, ...] = ()
    try:
        if lv is not None and word == "前款":
            units = (Unit("item", str(cn_to_int(lv.group(1) or lv.group(2)))),)
        elif lv is not None:
            units = (Unit("para", str(cn_to_int(lv.group(1)))),)
            if lv.group(2) or lv.group(3):
                units += (Unit("item", str(cn_to_int(lv.group(2) or lv.group(3)))),)
    except ValueError:
        lv, units = None, ()
    end = lv.end() if lv is not None else m.end()
    return [Citation(jurisdiction="cn", kind=Kind.STATUTE, work=None, units=units, span=Span(m.start(), end),
                     text=text[m.start():end], form=Form.ID,
                     _link={"ref": "previous_paragraph" if word == "前款" else "article", CONTINUES: "unit"})]


# ------------------------------------------------------------------ English renderings

_EN_UNITS = re.compile(
    r"Art(?:icles?|s?\.)\s*(?P<list>\d{1,4}(?:\s*(?:,\s*(?:and\s+|or\s+)?|and|or|to|through|[-–—])\s*\d{1,4}(?![\d(]))*)"
    r"(?:\s*(?:\(\s*(?P<pp>\d{1,2})\s*\)|,\s*(?:[Pp]aragraph|[Pp]ara\.)\s*(?P<para>\d{1,2})))?"
    r"(?:\s*(?:\(\s*(?P<ip>\d{1,2})\s*\)|,\s*(?:[Ii]tem|[Ss]ubparagraph)\s*\(?(?P<item>\d{1,2})\)?))?")
_EN_OF = re.compile(r"\s*,?\s*(?:of\s+)?")
@dataclass
class _Cues:
    """Per document (``ctx.own``): whether it says PRC/China/Chinese (``cue``), and whether it may at all
    (``possible``), each counted once."""

    cue: bool | None = None
    possible: bool | None = None


_EN_CUE_DOC = re.compile(r"\bPRC\b|People['’]s Republic of China|\bChin(?:a|ese)\b")


def _en_cue(ctx: Context) -> bool:
    if ctx.jurisdiction == "cn" or ctx.language == "zh":
        return True
    if ctx.jurisdiction is not None:
        return False
    cues = ctx.own(_Cues)
    if cues.cue is None:
        cues.cue = bool(_EN_CUE_DOC.search(ctx.text))
    return cues.cue


def _en_values(s: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    op = ","
    for tok in re.findall(r"\d+|to|through|[-–—]", s):
        if tok.isdigit():
            out.append((op, tok))
            op = ","
        else:
            op = "~"
    return out


def _cue_possible(ctx: Context) -> bool:
    """Whether the text holds any word an English rendering needs to be Chinese without a ``cn`` hint (``PRC``,
    ``P.R.C.``, ``China``, ``Chinese``, in any case): a few substring tests of the lowercased text, once per document,
    before any name is looked for ("Art. 3 GG" in German prose)."""
    cues = ctx.own(_Cues)
    if cues.possible is None:
        low = ctx.text.lower()
        cues.possible = "chin" in low or "prc" in low or "p.r.c" in low
    return cues.possible


@functools.cache
def _name_ends() -> tuple[str, ...]:
    """The last words an English name of a law can end with, lowercased."""
    return tuple({n.rsplit(" ", 1)[-1] for n in tables().english_titles})


# what the English name pattern (cn.laws) may end with after the name: "of (the) PRC" and its variants
_OF_CHINA = tuple(re.compile(r"\s+of\s+(?:the\s+)?" + cue + r"$", re.IGNORECASE)
                  for cue in (r"People['’]s\s+Republic\s+of\s+China", "PRC", r"P\.R\.C\.", "China"))


def _ends_with_name_word(text: str) -> bool:
    word = text.rsplit(None, 1)[-1].lower().replace("’", "'") if text.strip() else ""
    return not word.isascii() or word.endswith(_name_ends())


def _name_may_end_before(text: str, pos: int) -> bool:
    """Whether an English name of a law may end right before ``pos`` (spaces and a comma between): the word there,
    or the one before its ``of the PRC``, ends with a name's last word. A cheap test before the names are searched
    for behind the article (a search at each of a hundred positions, for each anchor of a run: ``Article 1 of the
    PRC Article 1 …``); an unusual word (not ASCII) is searched for as before."""
    before = text[max(0, pos - 100):pos].rstrip()
    before = before[:-1].rstrip() if before.endswith(",") else before
    return _ends_with_name_word(before) or any(
        (m := rx.search(before)) is not None and _ends_with_name_word(before[:m.start()]) for rx in _OF_CHINA)


def _english(text: str, m: re.Match, ctx: Context) -> list[Citation]:
    if ctx.jurisdiction != "cn" and ctx.language != "zh" and not _cue_possible(ctx):
        return []
    um = _EN_UNITS.match(text, m.start(), min(len(text), m.start() + 120))
    if not um:
        return []
    t = tables()
    name = None
    start, end = um.start(), um.end()
    of = _EN_OF.match(text, um.end())
    if of:
        nm = t.english.match(text, of.end(), min(len(text), of.end() + 120))
        if nm:
            name, end = nm, nm.end()
    # PRC Criminal Law, Art. 264 / the Civil Code Article 577
    if name is None and _name_may_end_before(text, m.start()):
        lo = max(0, m.start() - 100)
        for nm in t.english.finditer(text, lo, m.start()):
            if re.fullmatch(r"\s*,?\s*", text[nm.end(): m.start()]):
                name, start = nm, nm.start()
                break
    if name is None:
        return []
    if not (name.group("cue1") or name.group("cue2")) and not _en_cue(ctx):
        return []
    work = t.english_titles.get(en_norm(name.group("name")))
    if work is None:
        return []
    arts = _expand(_en_values(um.group("list")), work)
    subs: tuple[Unit, ...] = ()
    para = um.group("para") or um.group("pp")
    item = um.group("item") or um.group("ip")
    if para:
        subs += (Unit("para", para),)
    if item:
        subs += (Unit("item", item),)
    return [Citation(jurisdiction="cn", kind=Kind.STATUTE, work=work,
                     units=(Unit("art", a),) + (subs if len(arts) == 1 else ()), span=Span(start, end),
                     text=text[start:end], metadata=StatuteMetadata(language="en")) for a in arts]


_EN_PARA = re.compile(r"[Pp]aragraph\s*(\d{1,2})\s*,?\s*"
                      r"(?:(?:[Ii]tem|[Ss]ubparagraph)\s*\(?(\d{1,2})\)?\s*,?\s*)?of\s+")


def _english_paragraph(text: str, m: re.Match, ctx: Context) -> list[Citation]:
    """``Paragraph 2 of Article 509 of the PRC Civil Code`` → ``art509/para2``."""
    pm = _EN_PARA.match(text, m.start())
    if not pm:
        return []
    art = re.compile(_EN_ANCHOR).match(text, pm.end())
    found = _english(text, art, ctx) if art else []
    if len(found) != 1 or len(found[0].units) != 1:
        return []
    c = found[0]
    units = c.units + (Unit("para", pm.group(1)),) + ((Unit("item", pm.group(2)),) if pm.group(2) else ())
    return [c.replace(units=units, span=Span(m.start(), c.span.end), text=text[m.start():c.span.end])]


# ------------------------------------------------------------------ the extractor


_RUN_TITLE = re.compile(r"《(?:\s*《)+")
_RUN_ART = re.compile(rf"(?:第\s*{_N}\s*条\s*){{3,}}")


class CnExtractor(Extractor):
    """Chinese statutes and judicial interpretations, case numbers, document numbers and English renderings (the module
    docstring lists the forms)."""

    anchor = ANCHOR
    anchor_parts = ANCHOR_PARTS
    literals = LITERALS
    literal_anchor = LITERAL_ANCHOR
    # "paragraph 2 of Article 509" is English, 前款 Chinese (core.scan: those passes over the text are saved)
    literals_not_in = {"de": LITERALS, "en": LITERALS[1:]}

    def extract(self, text: str, anchor: re.Match, ctx: Context) -> Sequence[Citation]:
        g = anchor.group()
        if g == "《":
            run = _RUN_TITLE.match(text, anchor.start())
            if run:  # 《《《…: only the last one can open a title
                ctx.skip_to = run.end() - 1
                return []
            return _bracketed(text, anchor, ctx)
        if g.startswith("第"):
            run = _RUN_ART.match(text, anchor.start())
            if run:  # 第一条第一条第一条… is no prose: read the first, skip the run in one step
                ctx.skip_to = run.end()
            return _article(text, anchor, ctx)
        if g.startswith("Art"):
            return _english(text, anchor, ctx)
        if g[0] in "Pp":
            return _english_paragraph(text, anchor, ctx)
        if g in ("前款", "本条", "同条"):
            return _continuation(text, anchor)
        if g[0] in "（(":
            return _case(text, anchor)
        if g in ("前条", "上述规定", "上述条款", "上述法条", "前述规定"):
            return _reference(text, anchor, ctx)
        return _docno(text, anchor)


EXTRACTOR = CnExtractor()
