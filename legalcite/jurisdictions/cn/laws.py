"""Chinese law titles → work ids: title normalisation (shared with the table build), the generated table
``data/laws.json.gz`` with the hand-kept ``data/aliases.json`` and ``data/english.json``, and the lookback that
finds a title printed before ``第…条`` without brackets."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from legalcite.core.data import load, without_gc
from legalcite.keys import cn_ascii_brackets

PRC = "中华人民共和国"
LOOKBACK = 80          # characters searched before 第…条 for a title without brackets

# ------------------------------------------------------------------ title normalisation (shared with the build)

_FOLD: dict[str, str | None] = {chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)}  # full-width → ASCII
_FOLD.update({"〔": "[", "〕": "]", "［": "[", "］": "]"})
_FOLD.update(dict.fromkeys("\u3000 \t\r\n《》〈〉<>＜＞、·“”\"", None))  # dropped from lookup keys
FOLD_TABLE = str.maketrans(_FOLD)
_VERSION = re.compile(r"[(（]\s*(?:\d{4}\s*年?\s*(?:\d{1,2}\s*月\s*(?:\d{1,2}\s*日)?)?)?\s*"
                      r"(?:第?[一二三四五六七八九十\d]*次)?\s*(?:修正|修订|修改|版|年版|文本|公布)?\s*[)）]\s*$")
LAWLIKE = re.compile(r"(?:法|法典|条例|规定|解释|决定|办法|细则|通则|总则|规则|意见|批复|修正案)$")


def title_key(s: str) -> str:
    """The lookup key of a title: full-width forms folded, whitespace, 《》〈〉 and 、 dropped — so
    ``最高人民法院关于适用〈中华人民共和国民法典〉…`` and ``…适用《中华人民共和国民法典》…`` share a key."""
    return s.translate(FOLD_TABLE)


def work_of_title(title: str) -> str:
    """The work id of a title (docs/keys.md): as printed, brackets ASCII (（）→(), 〔〕→[]), whitespace and invisible
    format characters (a zero-width space, a soft hyphen, a BOM) removed, ``/`` → ``-``. The one rule for
    extraction, the table build, the snapshot readers and official downloads."""
    return cn_ascii_brackets(re.sub(r"\s+", "", visible(title))).replace("/", "-")


# Unicode format characters (category Cf) that print as nothing
_FORMAT = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]+")


def visible(text: str) -> str:
    """``text`` without invisible format characters (a zero-width space or joiner, a soft hyphen, a BOM, bidi
    marks): a title pasted with one is the same title."""
    return _FORMAT.sub("", text) if _FORMAT.search(text) else text


def strip_version(title: str) -> str:
    """``中华人民共和国刑法（2020修正）`` → ``中华人民共和国刑法``; titles without a note unchanged."""
    m = _VERSION.search(title)
    if m and re.search(r"\d|修", m.group()):
        return title[: m.start()].rstrip()
    return title


# ------------------------------------------------------------------ tables


@dataclass(frozen=True)
class _Tables:
    aliases: dict[str, Any]
    tails: dict[str, tuple[int, ...]]  # last two key characters → alias lengths ending so, longest first
    works: dict[str, dict]
    english: Any                      # compiled English name pattern
    english_titles: dict[str, str]


@functools.cache
def tables() -> _Tables:
    """The law tables, built once per process from ``laws.json.gz``, ``aliases.json`` and ``english.json``: alias keys,
    the works, and the English names with the pattern that finds them."""
    with without_gc():
        return _build_tables()


def _build_tables() -> _Tables:
    data = load(__package__, "laws.json.gz")
    aliases = dict(data["aliases"])
    extra = load(__package__, "aliases.json")
    works = data["works"]
    title_to_work = {w["title"]: wid for wid, w in works.items()}
    for alias, title in extra.get("aliases", {}).items():
        wid = title_to_work.get(title)
        if wid is not None:
            aliases.setdefault(title_key(alias), wid)
    english = load(__package__, "english.json")
    en_titles: dict[str, str] = {}
    for name, title in english["names"].items():
        wid = title_to_work.get(title)
        if wid is not None:
            en_titles[en_norm(name)] = wid
    names = sorted(en_titles, key=len, reverse=True)
    name_rx = "|".join(re.escape(n).replace(r"\ ", r"\s+").replace("'", "['’]") for n in names)
    cue = r"PRC|P\.R\.C\.|People['’]s\s+Republic\s+of\s+China(?:['’]s)?|China['’]s|Chinese"
    english_rx = re.compile(
        rf"(?:[Tt]he\s+)?(?:(?P<cue1>{cue})\s+)?(?P<name>{name_rx})"
        rf"(?:\s+of\s+(?:the\s+)?(?P<cue2>People['’]s\s+Republic\s+of\s+China|PRC|P\.R\.C\.|China))?",
        re.IGNORECASE)
    tails: dict[str, set[int]] = {}
    for k in aliases:
        tails.setdefault(k[-2:], set()).add(len(k))
    return _Tables(aliases, {t: tuple(sorted(n, reverse=True)) for t, n in tails.items()}, works, english_rx,
                   en_titles)


def en_norm(name: str) -> str:
    """An English law name as the tables key it: curly apostrophes straightened, whitespace collapsed, lower case."""
    return re.sub(r"\s+", " ", name.replace("’", "'")).strip().lower()


def lookup(title: str) -> str | None:
    """The work id of a printed title or alias, or None when unknown or ambiguous."""
    t = tables()
    title = title.replace("全国人大常委会", "全国人民代表大会常务委员会")
    for form in (title, strip_version(title)):
        hit = t.aliases.get(title_key(form))
        if isinstance(hit, str):
            return hit
        if hit is not None:
            return None
    if title.startswith(PRC) and len(title) > len(PRC) + 1:  # 中华人民共和国破产法: the PRC before a short name
        hit = lookup(title[len(PRC):])
        if hit is not None and t.works.get(hit, {}).get("title", "").startswith(PRC):
            return hit
    return None


@functools.cache
def categories() -> frozenset[str]:
    """The classes law databases file laws under, which model answers print before a title (``《社会法-军人保险法》``,
    ``《民法商法-公司法》``): the categories and levels of the corpus documents (LawRefBook's folders, the classes of
    flk.npc.gov.cn: 宪法相关法, 民法商法, 行政法, 经济法, 社会法, 刑法, 诉讼与非诉讼程序法; 行政法规, 司法解释 …) and
    the hand-kept variants of ``data/aliases.json`` (``categories``: 民商法 …)."""
    out = set(load(__package__, "aliases.json").get("categories", ()))
    for w in tables().works.values():
        for v in (w.get("category"), w.get("level")):
            out.update(p for p in (v or "").split("/") if p and not p.isascii())
    return frozenset(out)


_CATEGORY_HEAD = re.compile(r"\s*([^\s\-－—–_·:：/／|｜]{2,12})\s*[\-－—–_·:：/／|｜]\s*(\S.*)")


def strip_category(printed: str) -> str | None:
    """The title after a database class (``社会法-军人保险法`` → ``军人保险法``) where the class is one of
    :func:`categories` and the rest names a known law; None otherwise (``刑法-刑法`` → ``刑法``)."""
    m = _CATEGORY_HEAD.fullmatch(printed)
    if m is None or m.group(1) not in categories():
        return None
    rest = m.group(2).strip()
    return rest if lookup(rest) is not None else None


def work_articles(work: str) -> list[str] | None:
    """Article segments (``577``, ``133-1``) of a known work in document order, or None without a list."""
    found = articles_index(work)
    return None if found is None else list(found[0])


@functools.lru_cache(maxsize=512)
def articles_index(work: str) -> tuple[tuple[str, ...], dict[str, int]] | None:
    """The article list of ``work`` and each article's position in it (cached: ranges index it)."""
    w = tables().works.get(work)
    if not w or not w.get("articles"):
        return None
    top, gaps, subs = w["articles"]
    gap = set(gaps)
    by_base: dict[int, list[str]] = {}
    for s in subs:
        by_base.setdefault(int(s.split("-")[0]), []).append(s)
    out: list[str] = []
    for n in range(1, top + 1):
        if n not in gap:
            out.append(str(n))
        out.extend(by_base.get(n, ()))
    return tuple(out), {a: i for i, a in enumerate(out)}


# ------------------------------------------------------------------ lookback: the title before 第…条

_NOTE_END = re.compile(r"[(（][^()（）]{1,20}[)）]\s*$")


def _suffix_start(window: str, n: int) -> int:
    """Where in ``window`` the last ``n`` key characters begin (dropped characters skipped)."""
    kept = 0
    for i in range(len(window) - 1, -1, -1):
        if _FOLD.get(window[i], window[i]):
            kept += 1
            if kept == n:
                return i
    return 0


def title_before(text: str, pos: int) -> tuple[int, str] | None:
    """The longest known title that ends right before ``pos`` (whitespace, 》 and a version note allowed
    in between), within :data:`LOOKBACK` characters: ``(start, work)``."""
    lo = max(0, pos - LOOKBACK)
    window = text[lo:pos]
    found = _title_ending(window)
    if found is None and (window[-1:] in ")）" or window[-2:-1] in ")）"):  # 民法典（2020年）第…
        m = _NOTE_END.search(window)
        if m and strip_version(window) != window:
            found = _title_ending(window[: m.start()])
    return None if found is None else (lo + found[0], found[1])


def _title_ending(window: str) -> tuple[int, str] | None:
    """The longest alias that is a suffix of ``window`` (in key form): ``(start in window, work)``."""
    key = window.translate(FOLD_TABLE)
    t = tables()
    for n in t.tails.get(key[-2:], ()):
        if n > len(key):
            continue
        hit = t.aliases.get(key[-n:])
        if isinstance(hit, str):
            start = len(window) - n if len(key) == len(window) else _suffix_start(window, n)
            if start > 0 and window[start - 1] == "《":
                start -= 1
            return start, hit
    return None
