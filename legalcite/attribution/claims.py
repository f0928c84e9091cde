"""The claim a citation supports: the sentence around it, with every citation text blanked out, and its language.

Standard library only.
"""
from __future__ import annotations

import re
from typing import Iterable

_WORD = re.compile(r"[^\W\d_]{3,}", re.UNICODE)
_CJK = re.compile(r"[\u4e00-\u9fff]")

_STOP = {
    "de": set("""der die das den dem des ein eine einer eines einem einen und oder aber auch nicht nur noch
        ist sind war waren wird werden wurde wurden kann können muss müssen darf soll sollen hat haben hatte
        nach gemäß gem für mit von vom zum zur bei aus auf über unter durch gegen ohne bis als wie wenn dass
        daß sich sie ihr ihre ihren ihm ihn wer was dies diese dieser dieses jede jeder jedes alle allem
        zwar sowie bzw abs satz art nummer absatz paragraph artikel gesetz gesetzes hier dabei daher damit
        insoweit soweit also etwa sofern jedoch sondern denn weil dann dort""".split()),
    "en": set("""the and for that this with from under are was were been being has have had not but any all
        such shall may must can will would should which who whom whose what when where there their they them
        its his her into upon than then also other each only more most some same section sections code
        title act law laws article amendment clause subdivision paragraph pursuant provided except""".split()),
    "zh": set(),
}


SHORT = 3


def language_of(text: str, default: str | None = None) -> str:
    """``zh`` when the text is mostly CJK, else ``de`` when it looks German, else ``en``. A short text (at most
    :data:`SHORT` words) with no evidence either way (``Leibesvisitation``, the topic of a BGE Regeste) is
    ``default`` where one is given: the attribution passes the law's language, so that a topic is not judged as a
    cross-lingual claim."""
    cjk = len(_CJK.findall(text))
    if cjk and cjk * 3 >= len(text.replace(" ", "")):
        return "zh"
    words = [w.lower() for w in _WORD.findall(text)]
    de = sum(w in _STOP["de"] or any(ch in w for ch in "äöüß") for w in words)
    en = sum(w in _STOP["en"] for w in words)
    if de == en == 0 and default is not None and len(words) <= SHORT:
        return default
    return "de" if de > en else "en"


# ------------------------------------------------------------------ the statement around a citation

def statement_for(text: str, start: int, end: int, others: Iterable[tuple[int, int]] = (), *,
                  window: int = 600) -> str:
    """The sentence around ``text[start:end]`` (bounded to ``window`` characters each side), with the citation and
    ``others`` (spans of other citations) blanked out. Abbreviation periods (``Abs.``, ``S.``, ``Nr.``) inside a
    citation do not end the sentence, because citation spans are blanked before splitting."""
    lo, hi = max(0, start - window), min(len(text), end + window)
    chunk = list(text[lo:hi])
    for s, e in [(start, end), *others]:
        for i in range(max(s, lo), min(e, hi)):
            chunk[i - lo] = " "
    chunk_s = "".join(chunk)
    rel_s, rel_e = start - lo, end - lo
    # sentence start: last terminator before the citation that is followed by whitespace or is CJK
    begin = 0
    for m in re.finditer(r"[.!?。！？；]\s|[。！？；]|\n\s*\n", chunk_s[:rel_s]):
        if not re.search(r"\b(?:Abs|Nr|S|Art|vgl|bzw|z\.B|u\.a|lit|Buchst|ff?|No|Sec|Cal|Civ|Proc|Lab|\d{1,2})\.\s$",
                         chunk_s[max(0, m.start() - 8):m.end()]):
            begin = m.end()
    finish = len(chunk_s)
    for m in re.finditer(r"[.!?。！？；](?:\s|$)|[。！？；]|\n\s*\n", chunk_s[rel_e:]):
        seg = chunk_s[max(rel_e, rel_e + m.start() - 8):rel_e + m.end()]
        if re.search(r"\b(?:Abs|Nr|S|Art|vgl|bzw|lit|Buchst|ff?|No|Sec|\d{1,2})\.\s?$", seg):
            continue
        finish = rel_e + m.end()
        break
    sentence = chunk_s[begin:finish]
    return re.sub(r"\s+", " ", sentence).strip(" ()[]（）,;:.。")
