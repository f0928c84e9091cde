"""European Union: provisions of EU acts, the treaties and the Charter (``Art. 6 Abs. 1 lit. f DSGVO``,
``Article 6(1)(f) GDPR``, ``point (f) of the first subparagraph of Article 6(1) of Regulation (EU) 2016/679``,
``article 6, paragraphe 1, point f), du RGPD``, ``Art. 101 AEUV``), acts by number (``Richtlinie 93/13/EWG``),
recitals (``Erwägungsgrund 26 DSGVO``), Court of Justice and General Court cases (``C-486/08``, ``Case T-201/04``)
and ECLI-only citations (``ECLI:EU:C:2010:215``).

Where ``Art. 6 Abs. 1 lit. f DSGVO`` becomes ``eu/reg-2016-679/art6/par1/ptf``:
1. the scanner stops at ``Art.`` (:attr:`EuropeanExtractor.anchor`);
2. ``statute.lark`` parses the unit chain (``Art. 6 Abs. 1 lit. f``) — :func:`_group` turns it into paths;
3. :func:`_act_after` reads the act that follows: an act number (``der Verordnung (EU) 2016/679``, the ``act`` rule
   of the same grammar) or a name from the tables (``DSGVO`` → ``reg-2016-679``, :mod:`.acts`);
4. each path becomes a :class:`Citation` with the EU labels of docs/keys.md (``art``, ``par``, ``sub``, ``pt``,
   ``satz``; ``recital`` for recitals). A level the EU labels do not name (``Teil B``, ``fünfter
   Gedankenstrich``, a sub-point ``(i)``) ends the key there: less precise, never wrong.

A chain with no act after it is German prose's business when it is written in German (``Art. 7 Abs. 3``: the
German extractor reads it, and :mod:`.link` gives it the EU act when the previous statute cited was one); an
English or French one (``Article 7(3)``) is an EU short form here. ``of this Regulation``/``dieser Verordnung``
(the document's own article) stays unresolved; ``of that Directive`` takes the last directive cited.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass, field
from typing import Sequence

from legalcite.core.scan import Context, Extractor, Marks
from legalcite.jurisdictions.eu import acts as _acts
from legalcite.keys import clean_segment, roman_to_int
from legalcite.models import CaseMetadata, Citation, Form, Kind, Span, StatuteMetadata, Unit

WINDOW = 320
_ORDINALS = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth".split(), 1)}
_ORDINALS.update({w: i for i, w in enumerate("premier deuxième troisième quatrième cinquième sixième".split(), 1)})
_ORDINALS["première"] = 1
# levels in nesting order; a list item restarts at its own level
_RANK = {"art": 0, "recital": 0, "par": 1, "sub": 2, "pt": 3, "satz": 4}


# the terminals a chain or an act holds once (its sign, the act's type): a run of tokens ends before a second one
# (core.parse.run_end), so that a run of chains (``Article 1 Article 1 …``) is parsed a chain at a time
_ONCE = {"chain": frozenset({"ART", "ARTS", "RECITAL", "RECITALS"}), "act": frozenset({"ACT_TYPE"}),
         "case": frozenset()}


def _longest(start: str, text: str, pos: int, size: int = WINDOW):
    """The longest parse at ``pos``: ``start`` is ``chain`` or ``act`` (``statute.lark``) or ``case``
    (``case.lark``)."""
    from legalcite.core.parse import get_parser, run_prefix  # heavy: imports lark

    parser = get_parser(__package__, "case") if start == "case" else get_parser(__package__, "statute",
                                                                              "start" if start == "chain" else start)
    return run_prefix(parser, text[pos:pos + size], signs=_ONCE[start])


# ---------------------------------------------------------------- unit chains

@dataclass
class _Item:
    path: list[tuple[str, str]]
    range_to: list[tuple[str, str]] | None = None
    following: str | None = None
    stopped: str | None = None       # the printed level no EU label names, where the key stops
    from_paren: bool = False         # "(1)" right after the article: paragraph, or point in a definitions article


@dataclass
class _Group:
    start: int
    end: int
    items: list[_Item] = field(default_factory=list)
    sign: str = "art"                # art | recital
    language: str = "de"             # of the sign: de | en | fr
    act: "_Act | None" = None


@dataclass(frozen=True)
class _Act:
    work: str | None                 # None: this document's own act, or an act named earlier ("that Regulation")
    end: int
    printed: str
    kind: str = ""                   # "self" | "anaphora" | "name" | "number"
    anaphora: str | None = None      # reg | dir | dec for "that Regulation" / "that Directive"


def _v(tok) -> str:
    return str(tok).strip()


def _paren(tok) -> str:
    s = _v(tok)
    return s.strip("()").strip()


def _sign_language(tok: str) -> str:
    t = tok.strip()
    if t.startswith(("Article", "Recital", "recital")):
        return "en"
    if t.startswith(("article", "art.", "considérant")):
        return "fr"
    return "de"


def _ord(text: str) -> str | None:
    """``first subparagraph`` → ``1``; ``last`` (a position the citation does not number) → None."""
    words = text.lower().replace(",", " ").split()
    return next((str(_ORDINALS[w]) for w in words if w in _ORDINALS), None)


def _group(text: str, pos: int, ctx: Context | None = None) -> _Group | None:
    """Parse one unit chain at ``pos`` (with English ``point (f) of …`` prefixes) into items."""
    res = _longest("chain", text, pos)
    if res is None:
        return None
    if res.truncated and ctx is not None:
        ctx.skip_to = pos + res.end
        return None
    tree = res.tree
    pre_points: list[str] = []
    pre_sub = pre_par = None
    if tree.data == "pre_chain":
        *pres, sign_tree, refs_tree = tree.children
        for p in pres:
            if p.data == "pre_point":
                pre_points = [_paren(v.children[0]) for v in p.children[1].children
                              if getattr(v, "data", None) == "pval"]
            elif p.data == "pre_sub":
                pre_sub = _ord(_v(p.children[0]))  # None for "the last subparagraph": the key stops above it
            elif p.data == "pre_par":
                pre_par = _v(p.children[1])
    else:
        sign_tree, refs_tree = tree.children[0].children
    sign_tok = sign_tree.children[0]
    group = _Group(pos, pos + res.end, sign="recital" if "recital" in sign_tree.data else "art",
                   language="en" if pre_points or pre_sub or pre_par else _sign_language(str(sign_tok)))
    plural = sign_tree.data in ("sign_arts", "sign_recitals")
    main = group.sign
    prev: list[tuple[str, str]] = []
    pending_range = False
    end = group.start
    for child in refs_tree.children:
        if child.data == "range_sep":
            pending_range = True
            continue
        if child.data == "sep":
            continue
        item, used = _item(child.children, prev, main, plural, first=not group.items)
        if item is None:
            break  # the chain ends before this list member; what came before stands
        end = max([end] + [pos + t.end_pos for part in used for t in part.scan_values(lambda v: hasattr(v, "end_pos"))])
        if pending_range and group.items:
            group.items[-1].range_to = item.path
            pending_range = False
        else:
            group.items.append(item)
        prev = item.path
        if len(used) < len(child.children):
            break  # a part that does not fit ends the chain ("Art. 3 a priori")
    if not group.items:
        return None
    group.end = end
    if pre_points or pre_sub or pre_par:
        base = group.items[0]
        extra: list[tuple[str, str]] = []
        if pre_par:
            extra.append(("par", pre_par))
        if pre_sub:
            extra.append(("sub", pre_sub))
        if pre_points:
            group.items = [_Item(base.path + extra + [("pt", v.lower())], stopped=base.stopped) for v in pre_points]
        else:
            group.items = [_Item(base.path + extra, stopped=base.stopped)]
    return group


_LABEL_OF = {"abs": "par", "uabs": "sub", "satz": "satz", "nr": "pt", "lit": "pt", "point": "pt"}


def _level_value(label: str, tok) -> str:
    s = _v(tok).strip("()").strip()
    return s.lower() if label == "pt" else s


def _item(parts, prev: list[tuple[str, str]], main: str, plural: bool, *, first: bool) -> tuple[_Item | None, list]:
    """One list member's parts → (its path, the parts used). The German list conventions of
    :mod:`legalcite.jurisdictions.de` hold: a bare number after ``Art. 13,`` is the next article, after ``Abs. 1
    und`` the next paragraph; a member that starts with a level (``oder Absatz 5 Unterabsatz 2``) attaches below
    the previous member's higher levels."""
    parts = list(parts)
    head = parts[0]
    used = [head]
    attach = False
    if first:
        if head.data != "bare":
            return None, []
        path = [(main, _v(head.children[0]))]
    elif head.data == "bare" and (plural or len(prev) == 1):
        path = [(main, _v(head.children[0]))]
    elif head.data in ("bare", "letter", "paren") and prev:
        # "Abs. 4 bis 6", "Buchstabe a, b und d", "(a) to (e)": the previous member's last level
        label, value = prev[-1][0], _v(head.children[0]).strip("()").strip()
        if label == "pt" and value.isalpha() == prev[-1][1].isalpha():
            path = prev[:-1] + [("pt", value.lower())]
        elif label in ("par", "sub", "satz") and value.isdigit():
            path = prev[:-1] + [(label, value)]
        else:
            return None, []
    else:
        path, used, attach = list(prev), [], True
    item = _Item(path)
    for part in parts[len(used):]:
        if item.stopped:
            used.append(part)
            continue
        kind = part.data
        last = item.path[-1][0] if item.path else None
        if kind == "paren":
            v = _paren(part.children[0])
            if v.isdigit():
                if last in ("art", "recital") and main == "art":
                    item.path.append(("par", v))
                    item.from_paren = True
                elif last == "par":
                    item.path.append(("pt", v))  # Article 7(1)(2)? rare; a numbered point
                else:
                    item.stopped = f"({v})"
            elif last == "pt":
                item.stopped = f"({v})"  # a sub-point (i), (ii): not a level the EU labels name
            elif last in ("art", "par", "sub"):
                item.path.append(("pt", v.lower()))
            else:
                break
        elif kind == "roman" and last == "art":
            item.path.append(("par", str(roman_to_int(_v(part.children[0])))))
        elif kind == "bare" and last == "par":
            item.path.append(("satz", _v(part.children[0])))  # "Art. 6 I 1": the Satz after a Roman Absatz
        elif kind == "letter" and last in ("par", "sub", "satz"):
            item.path.append(("pt", _v(part.children[0]).lower()))
        elif kind in _LABEL_OF:
            label = _LABEL_OF[kind]
            if attach:
                item.path = [p for p in item.path if _RANK.get(p[0], 9) < _RANK[label]]
                attach = False
            item.path.append((label, _level_value(label, part.children[1])))
        elif kind in ("sub_ord", "satz_ord"):
            n = _ord(_v(part.children[0]))
            if n is None:
                item.stopped = _v(part.children[0]).lstrip(", ")  # "last subparagraph": no number to key
            else:
                item.path.append(("sub" if kind == "sub_ord" else "satz", n))
        elif kind == "stop":
            item.stopped = re.sub(r"\s+", " ", _v(part.children[0]).lstrip(", "))
        elif kind == "following":
            item.following = "ff." if _v(part.children[0]).startswith(("ff", "et")) else "f."
        else:
            break  # a part that does not fit ("Art. 3 a priori"): the member ends before it
        used.append(part)
    if not item.path or attach:
        return None, []
    return item, used


# ---------------------------------------------------------------- the act after a chain

_ACT_LEAD = re.compile(r"[ \t]*,?[ \t]*\[?(?:(?:der|des|dem|den|of|to|in|"
                       r"du|de[ \t]+la|de[ \t]+l['’]|de|zur|zum)[ \t]+)?"
                       r"\[?(?:(?:the|la|le|les)[ \t]+)?")
_SELF = re.compile(r"(?:dieser|der[ \t]+vorliegenden|this|du[ \t]+présent|"
                   r"de[ \t]+la[ \t]+présente|la[ \t]+présente|le[ \t]+présent)"
                   r"[ \t]+(?:Verordnung|Richtlinie|Beschlusses|Beschluss|"
                   r"Regulation|Directive|Decision|règlement|directive|décision)\b")
_THAT = re.compile(r"(?:that|jener|der[ \t]+genannten|derselben|the[ \t]+said|ladite|dudit|the[ \t]+same)[ \t]+"
                   r"(?P<t>Verordnung|Richtlinie|Beschlusses|Beschluss|Regulation|Directive|Decision|règlement|directive|décision)\b")
_TYPE_OF = {"verordnung": "reg", "regulation": "reg", "règlement": "reg", "richtlinie": "dir", "directive": "dir",
            "beschluss": "dec", "beschlusses": "dec", "decision": "dec", "décision": "dec"}
_PAREN_NAME = re.compile(r"[ \t]*\(([^()\n]{2,60})\)")
_TREATY_CONTEXT = frozenset({"teu", "tfeu", "charter"})


def _act_after(text: str, pos: int) -> _Act | None:
    """The act that follows a unit chain at ``pos``, if any (number, name, self-reference, anaphora)."""
    lead = _ACT_LEAD.match(text, pos)
    p = lead.end() if lead else pos
    idx = _acts.index()
    found = _act_number(text, p)
    if found:
        works, end = found
        act = _Act(works[0], end, text[p:end], "number")
    else:
        m = idx.match_name(text, p)
        if m:
            act = _Act(m.work, m.end, m.printed, "name")
            num = _act_number(text, _skip_spaces(text, m.end))
            if num and num[0][0] == m.work:  # "Klausel-RL 93/13/EWG", "Consumer Rights Directive 2011/83/EU"
                act = _Act(m.work, num[1], text[p:num[1]], "name")
        elif (s := _SELF.match(text, p)):
            return _Act(None, s.end(), s.group(), "self")
        elif (t := _THAT.match(text, p)):
            return _Act(None, t.end(), t.group(), "anaphora", _TYPE_OF[t.group("t").lower()])
        else:
            return None
    # "(VRRL)", "(Datenschutz-Grundverordnung)": the same act named again in brackets
    pn = _PAREN_NAME.match(text, act.end)
    if pn:
        again = idx.match_name(pn.group(1), 0)
        if again and again.work == act.work and again.end == len(pn.group(1)):
            act = _Act(act.work, pn.end(), act.printed, act.kind)
    return act


def _skip_spaces(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


def _act_number(text: str, pos: int) -> tuple[list[str], int] | None:
    """``Verordnung (EU) 2016/679``, ``Directives 98/6/EC and 2000/31/EC`` at ``pos`` → (works, end)."""
    if pos >= len(text) or not (text[pos].isalpha()):
        return None
    res = _longest("act", text, pos, 120)
    if res is None:
        return None
    head, *nums = res.tree.children
    type_tok = next(t for t in head.children if getattr(t, "type", "") == "ACT_TYPE")
    kind = _act_kind(str(type_tok))
    if kind is None:
        return None
    works = []
    for n in nums:
        if getattr(n, "data", None) != "act_num":
            continue
        numbered = any(getattr(t, "type", "") == "NO" for t in n.children)
        number = next(str(t) for t in n.children if getattr(t, "type", "") == "NUMBER")
        a, b = number.split("/")
        w = _acts.act_work(kind, a, b, numbered=numbered)
        if w is None:
            return None
        works.append(w)
    return (works, pos + res.end) if works else None


def _act_kind(word: str) -> str | None:
    w = word.lower()
    if w.endswith(("vo", "verordnung", "verordnungen")) or w.startswith(("regulation", "règlement")):
        return "reg"
    if w.endswith(("rl", "richtlinie", "richtlinien")) or w.startswith(("directive",)):
        return "dir"
    if "beschluss" in w or "decision" in w or w.startswith("décision"):
        return "dec"
    return None


# ---------------------------------------------------------------- provisions

_CONNECTOR = re.compile(
    r"[ \t]*(?:,|;|und|sowie|oder|bzw\.|i\.[ \t]?V\.[ \t]?m\.|iVm\.?|"
    r"in[ \t]+Verbindung[ \t]+mit|and|or|in[ \t]+conjunction"
    r"[ \t]+with|read[ \t]+in[ \t]+conjunction[ \t]+with|et|ou)?"
    r"(?:[ \t]*,)?[ \t]*(?:(?:des|der|den|dem|the|l['’])[ \t]*)?"
    r"(?=Art(?:t|s)?\.?[ \t]*\d|Artikel|Articles?[ \t]*\d|articles?[ \t]*\d|art\.[ \t]*\d|points?[ \t]*[(\d])"
)


def _expand(item: _Item, work: str | None) -> list[list[tuple[str, str]]]:
    """A list member → paths: a range yields every article the act's TOC lists between its ends (integers when it
    lists none; letters for points); ``f.`` the article and the next; ``ff.`` keeps the first."""
    paths = [item.path]
    if item.range_to is not None:
        a, b = item.path, item.range_to
        if len(a) == len(b) and a[:-1] == b[:-1] and a[-1][0] == b[-1][0]:
            lo, hi = a[-1][1], b[-1][1]
            vals = _between(work if len(a) == 1 else None, lo, hi)
            paths = [a[:-1] + [(a[-1][0], v)] for v in vals] if vals else [a, b]
        else:
            paths = [a, b]
    elif item.following == "f." and len(item.path) == 1:
        nxt = _next_unit(work, item.path[0][1])
        if nxt:
            paths = [item.path, [(item.path[0][0], nxt)]]
    return paths


def _between(work: str | None, lo: str, hi: str) -> list[str]:
    units = _acts.index().units(work) if work else None
    if units and lo in units and hi in units and units.index(lo) <= units.index(hi):
        return units[units.index(lo): units.index(hi) + 1]
    if lo.isdigit() and hi.isdigit() and 0 <= int(hi) - int(lo) <= 400:
        return [str(v) for v in range(int(lo), int(hi) + 1)]
    if len(lo) == 1 and len(hi) == 1 and lo.isalpha() and hi.isalpha() and lo <= hi:
        return [chr(c) for c in range(ord(lo), ord(hi) + 1)]
    return []


def _next_unit(work: str | None, unit: str) -> str | None:
    units = _acts.index().units(work) if work else None
    if units and unit in units and units.index(unit) + 1 < len(units):
        return units[units.index(unit) + 1]
    return str(int(unit) + 1) if unit.isdigit() else None


def _statutes(text: str, pos: int, ctx: Context) -> list[Citation]:
    """A chain of groups joined by ``,``, ``und``, ``i.V.m.``, ``and`` …; groups without an act take the next act."""
    groups: list[_Group] = []
    while len(groups) < 12:
        g = _group(text, pos, ctx)
        if g is None:
            break
        act = _act_after(text, g.end)
        if act is not None:
            g.act, g.end = act, act.end
        groups.append(g)
        c = _CONNECTOR.match(text, g.end)
        if not c or act is not None and act.kind in ("self",):
            break
        pos = c.end()
    if not groups:
        return []
    act = None
    for g in reversed(groups):  # "Art. 6 Abs. 2 und Art. 13 der Richtlinie …": both of the directive
        if g.act is not None:
            act = g.act
        elif act is not None:
            g.act = act
    if any(g.act for g in groups):
        while groups[-1].act is None:
            groups.pop()
    elif all(g.language == "de" for g in groups) and ctx.language in (None, "de"):
        return []  # "Art. 7 Abs. 3" in German: the German extractor's short form (bound by link)
    span = Span(groups[0].start, groups[-1].end)
    out: list[Citation] = []
    idx = _acts.index()
    for g in groups:
        work = g.act.work if g.act else None
        flags = {}
        if g.act is not None and g.act.kind in ("self", "anaphora"):
            flags["refers_to"] = g.act.kind if g.act.kind == "self" else g.act.anaphora
        for item in g.items:
            for path in _expand(item, work):
                if work and item.from_paren and len(path) > 1 and path[1][0] == "par" \
                        and idx.point_article(work, path[0][1]):
                    path = [path[0], ("pt", path[1][1])] + path[2:]  # GDPR Art. 4(1): definition point (1)
                metadata = StatuteMetadata(work_name=g.act.printed if g.act else None,
                                           following=item.following if item.following == "ff." else None,
                                           unkeyed_level=item.stopped)
                out.append(Citation(
                    jurisdiction="eu", kind=Kind.STATUTE, work=work,
                    units=tuple(Unit(lab, clean_segment(val)) for lab, val in path), span=span,
                    text=text[span.start:span.end], form=Form.FULL if work else Form.SHORT, metadata=metadata,
                    _link=flags))
    return out


def _acts_alone(text: str, pos: int) -> list[Citation]:
    """An act cited by its number without a unit (``Richtlinie 93/13/EWG``, ``Directives 98/6/EC and 2000/31/EC``):
    a work-level citation of that act (a *number* identifies the act; a name alone is a mention, docs/keys.md)."""
    found = _act_number(text, pos)
    if not found:
        return []
    works, end = found
    pn = _PAREN_NAME.match(text, end)
    if pn and len(works) == 1:
        again = _acts.index().match_name(pn.group(1), 0)
        if again and again.work == works[0] and again.end == len(pn.group(1)):
            end = pn.end()
    span = Span(pos, end)
    return [Citation(jurisdiction="eu", kind=Kind.STATUTE, work=w, span=span, text=text[pos:end],
                     metadata=StatuteMetadata(work_name=text[pos:end])) for w in works]


# ---------------------------------------------------------------- cases and ECLI

_CASE_NO = re.compile(r"(?P<p>[CTF])\s?[-‐‑–]\s?(?P<n>\d{1,4})/(?P<y>\d{2})")
_OLD_NO = re.compile(r"(?P<n>\d{1,4})/(?P<y>\d{2})")
_ECLI_PARTS = re.compile(r"EU\s*:\s*(?P<court>[CTF])\s*:\s*(?P<year>\d{4})\s*:\s*(?P<no>\d+)")
_CASE_AHEAD = re.compile(
    r"[^;\n]{0,160}?(?=(?:verb(?:\.|undene)\s+)?(?:Rs\.|Rechtssachen?|(?:[Jj]oined\s+)?[Cc]ases?|aff(?:\.|aires?))?\s*"
    r"(?<![\w/-])[CTF]\s?[-‐‑–]\s?\d{1,4}/\d{2}(?![\d/]))")


def case_key_value(prefix: str, number: str, year: str) -> str:
    """``C``, ``486``, ``08`` → ``c-486-08`` (docs/keys.md: ``eu/case/c-486-08``)."""
    return f"{prefix.lower()}-{int(number)}-{year}"


def _cases(text: str, pos: int) -> list[Citation]:
    """Case numbers (and a following ECLI) at ``pos``; an ECLI alone keys ``eu/ecli/...``."""
    res = _longest("case", text, pos, 200)
    if res is None:
        return []
    tree = res.tree
    end = pos + res.end
    ecli = None
    numbers: list[dict] = []
    for tok in tree.scan_values(lambda v: hasattr(v, "type")):
        if tok.type == "CASENO":
            m = _CASE_NO.search(str(tok))
            numbers.append({"value": case_key_value(m["p"], m["n"], m["y"]),
                            "printed": f"{m['p']}-{int(m['n'])}/{m['y']}"})
        elif tok.type == "OLDNO":
            m = _OLD_NO.search(str(tok))
            # numbered before the Court of First Instance existed (1989): every such case is the Court of Justice's
            numbers.append({"value": case_key_value("C", m["n"], m["y"]), "printed": f"{int(m['n'])}/{m['y']}"})
        elif tok.type == "APPEAL" and numbers:
            numbers[-1]["appeal"] = str(tok)  # "C-402/05 P": same number, the P marks the appeal
        elif tok.type == "ECLI":
            ecli = _ECLI_PARTS.search(str(tok))
    span = Span(pos, end)
    if tree.data == "ecli_only":
        value = f"{ecli['court'].lower()}-{ecli['year']}-{ecli['no']}"
        return [Citation(jurisdiction="eu", kind=Kind.CASE, work="ecli", units=(Unit("", value),), span=span,
                         text=text[pos:end], metadata=CaseMetadata(ecli=_ecli_text(ecli)))]
    out = []
    for n in numbers:
        metadata = CaseMetadata(docket=n["printed"] + (f" {n['appeal']}" if n.get("appeal") else ""),
                                ecli=_ecli_text(ecli) if ecli is not None and len(numbers) == 1 else None)
        out.append(Citation(jurisdiction="eu", kind=Kind.CASE, work="case", units=(Unit("", n["value"]),),
                            span=span, text=text[pos:end], metadata=metadata))
    return out


def _ecli_text(m: re.Match) -> str:
    return f"ECLI:EU:{m.group('court')}:{m.group('year')}:{m.group('no')}"


@functools.cache
def _courts_longest_first() -> list[str]:
    return sorted(_acts.index().courts, key=len, reverse=True)


def _court_cases(text: str, pos: int) -> list[Citation]:
    """``EuGH, Urteil vom 22. April 2010 – C-486/08``: the court's name, then (within the citation) the number."""
    ahead = _CASE_AHEAD.match(text, pos)
    if not ahead:
        return []
    at = ahead.end()
    court = next((n for n in _courts_longest_first() if text.startswith(n, pos)), None)
    return [c.replace(span=Span(pos, c.span.end), text=text[pos:c.span.end],
                      metadata=dataclasses.replace(c.metadata, court=court)) for c in _cases(text, at)]


# ---------------------------------------------------------------- the extractor

# Each anchor in two parts: what starts with a capital (or a digit) is in the scan's alternation, what starts with a
# lowercase letter is found as a literal (core.scan: a lowercase letter in the alternation's first set would stop the
# scan at every few characters of prose)
_SIGN_UPPER = r"(?<![\w.])(?:Artt?\.?|Arts\.|Artikel[sn]?|Articles?)(?=[ \t]*\d)"
_SIGN_LOWER = r"(?<![\w.])(?:articles?|art\.)(?=[ \t]*\d)"
_SIGN = _SIGN_UPPER + "|" + _SIGN_LOWER
_RECITAL_UPPER = r"(?<![\w.])(?:Erwägungsgr(?:und|ünde)|ErwGr?\.?|Recitals?)(?=[ \t]*\d)"
_RECITAL_LOWER = r"(?<![\w.])recitals?(?=[ \t]*\d)"
_RECITAL = _RECITAL_UPPER + "|" + _RECITAL_LOWER
_PREFIX = (r"(?<![\w])(?:points?(?=[ \t]*(?:\([a-z0-9]{1,3}\)|\d+)[ \t]+"
           r"(?:(?:and|or|to|,)[ \t]*(?:\([a-z0-9]{1,3}\)|\d+)[ \t]*)*of[ \t])"
           r"|paragraph(?=[ \t]*\d+[ \t]+of[ \t]+Article))")
# An act cited by number alone is anchored at its number (rare in prose, cheap to find) and the type word before it
# is looked up behind the anchor: an anchor on every capitalised word would cost more than all EU citations.
_ACT_NUMBER = r"(?<=[ \t(])\d{1,4}/\d{1,4}(?![\d/]\d)"
_ACT_BEFORE = re.compile(
    r"(?<![\w-])(?:(?:[A-ZÄÖÜ][\wäöüß-]*(?:richtlinie|verordnung|beschluss)(?:en|es|s)?|[A-ZÄÖÜ][\wäöüß]*-(?:RL|VO)"
    r"|Richtlinien?|Verordnung(?:en)?|Beschlusse?s?|RL|VO|Regulations?|Directives?|(?:Framework[ \t]+)?Decisions?"
    r"|[Rr]èglements?|[Dd]irectives?|[Dd]écisions?))[ \t]+"
    r"(?:\((?:EU|EG|EWG|EC|EEC|EGKS|EAG|Euratom|EU,[ \t]*Euratom|UE|CE|CEE)\)[ \t]+)?"
    r"(?:No\.?[ \t]*|Nr\.[ \t]*|n°[ \t]*)?$")
_INTRO_NUMBER = r"(?=[ \t]+(?:[CTF][ \t]?[-‐‑–][ \t]?)?\d{1,4}/\d{2}(?![\d/]))"
_INTRO_UPPER = r"(?<![\w-])(?:Rs\.|Rechtssachen?|(?:Joined[ \t]+)?Cases?)" + _INTRO_NUMBER
_INTRO_LOWER = (r"(?<![\w-])(?:verb(?:\.|undene)[ \t]+(?:Rs\.|Rechtssachen?)|aff(?:\.|aires?))" + _INTRO_NUMBER)
_INTRO = (r"(?<![\w-])(?:verb(?:\.|undene)[ \t]+)?(?:Rs\.|Rechtssachen?|(?:Joined[ \t]+)?Cases?|aff(?:\.|aires?))"
          + _INTRO_NUMBER)
_NUMBER = r"(?<![\w/-])[CTF][ \t]?[-‐‑–][ \t]?\d{1,4}/\d{2}(?![\d/])"


@functools.cache
def _court_anchor() -> str:
    """The courts' names (``data/aliases.json``) followed, within the citation, by a case number."""
    alt = "|".join(re.escape(n).replace(r"\ ", r"[ \t]+") for n in _courts_longest_first())
    return (rf"(?<![\w-])(?:{alt})(?![\w])"
            r"(?=[^;\n]{0,160}?(?<![\w/-])[CTF][ \t]?[-‐‑–][ \t]?\d{1,4}/\d{2}(?![\d/]))")
_ECLI = r"(?:ECLI[ \t]*:[ \t]*EU[ \t]*:|(?<![\w:])EU[ \t]*:[ \t]*[CTF][ \t]*:[ \t]*\d{4})"

_SUBPARA_BEFORE = re.compile(r"(?<![\w])(?:the[ \t]+)?(?:first|second|third|fourth|fifth|sixth|last)[ \t]+subparagraph"
                             r"[ \t]+of[ \t]+$")


@functools.cache
def _court_rx() -> re.Pattern:
    return re.compile(_court_anchor())


_SIGN_RX = re.compile(_SIGN + "|" + _RECITAL + "|" + _PREFIX)
_ACT_NUMBER_RX = re.compile(_ACT_NUMBER)
_INTRO_RX = re.compile(_INTRO)
_NUMBER_RX = re.compile(_NUMBER)
_ECLI_RX = re.compile(_ECLI)


# A chain with a German sign is EU law only where an EU act is named after it (:func:`_statutes`): by name, or by its
# type (``der Verordnung (EU) 2016/679``, ``dieser Richtlinie``, ``Rom-I-VO``). Both are looked for in the reach of
# the chain first, which is far cheaper than parsing it: most "Art." in German text cite German law.
_GERMAN_SIGN = re.compile(r"Art(?!icle)|Erw")
_ACT_TYPES = ("verordnung", "richtlinie", "beschluss", "regulation", "directive", "decision", "règlement", "décision")
_VO_RL = re.compile(r"(?:VO|RL)\b")  # "Rom-I-VO", "Klausel-RL"
_REACH = WINDOW + 80


_ACT_NUMBER_IN = re.compile(r"\d/\d")
_ACT_TYPE_IN = re.compile("|".join(_ACT_TYPES), re.IGNORECASE)


def _type_marks(text: str, a: int, b: int) -> list[int]:
    """Where an act's type is written (``Verordnung``, ``Rom-I-VO``), in ``[a, b)`` (:class:`Marks`); the substring
    tests first (most stretches of prose name none)."""
    if not _types_in(text, a, b):
        return []
    return sorted([m.start() for rx in (_ACT_TYPE_IN, _VO_RL) for m in rx.finditer(text, a, b)])


def _reference_marks(text: str, a: int, b: int) -> list[int]:
    """Where an act's number (``93/13``) or a reference to this or that act (``dieser Verordnung``) starts, in ``[a,
    b)`` (:class:`Marks`); read on past ``b`` so that a phrase across it is found, each start tried (overlapping)."""
    out = []
    stop = min(len(text), b + _REACH)
    for rx in (_ACT_NUMBER_IN, _SELF, _THAT):
        m = rx.search(text, a, stop)
        while m is not None and m.start() < b:
            out.append(m.start())
            m = rx.search(text, m.start() + 1, stop)
    return sorted(out)


@dataclass
class _Reach:
    """Per document (``ctx.own``): where an act's type, its number or reference, and a name may be written, each
    read once (:class:`Marks`), for :func:`_act_in_reach`."""

    types: Marks | None = None
    references: Marks | None = None
    names: Marks | None = None

    def of(self, text: str) -> "_Reach":
        if self.types is None:
            self.types = Marks(text, _type_marks, _types_in)
            self.references = Marks(text, _reference_marks, _references_in)
            self.names = Marks(text, _acts.index().name_marks, _acts.index().may_name_in)
        return self


def _types_in(text: str, a: int, b: int) -> bool:
    """Whether an act's type is written in ``text[a:b]`` (a lone window: :class:`Marks`)."""
    low = text[a:b].lower()
    return any(t in low for t in _ACT_TYPES) or _VO_RL.search(text, a, b) is not None


def _references_in(text: str, a: int, b: int) -> bool:
    """Whether an act's number or a reference to this or that act is written in ``text[a:b]`` (a lone window)."""
    return any(rx.search(text, a, b) is not None for rx in (_ACT_NUMBER_IN, _SELF, _THAT))


def _act_in_reach(text: str, pos: int, ctx: Context) -> bool:
    """Whether an EU act may be named within the reach of a chain at ``pos``: by number (a type word and a number
    with a slash: ``Richtlinie 93/13/EWG``), as this or that act (``dieser Verordnung``), or by name."""
    end = min(len(text), pos + _REACH)
    reach = ctx.own(_Reach).of(text)
    if reach.types.any_in(pos, end) and reach.references.any_in(pos, end):
        return True
    return reach.names.any_in(pos, end)


class EuropeanExtractor(Extractor):
    """EU acts and their articles (``Art. 6 Abs. 1 DSGVO``, ``Article 17(1) GDPR``), recitals, acts named by number, and
    Court of Justice and General Court cases by number, court name or ECLI."""

    @property
    def anchor_parts(self) -> tuple[tuple[str, str], ...]:
        return (
            ("A", _SIGN_UPPER),
            ("ER", _RECITAL_UPPER),
            ("0-9", _ACT_NUMBER),
            ("RCJ", _INTRO_UPPER),
            ("CTF", _NUMBER),
            ("".join(sorted({n[0] for n in _acts.index().courts})), _court_anchor()),
            ("E", _ECLI),
        )

    @property
    def anchor(self) -> str:
        # every alternative starts with a one-character lookahead (see legalcite.core.scan)
        alts = self.anchor_parts
        combined = "".join(sorted({c for first, _ in alts for c in _expand_set(first)}))
        return f"(?=[{combined}])(?:" + "|".join(f"(?=[{first}])(?:{rx})" for first, rx in alts) + ")"

    literals = ("art", "recital", "point", "paragraph", "verb", "aff")
    # English and French words are not German prose's citations, "verb. Rs." not English prose's (core.scan)
    literals_not_in = {"de": ("recital", "point", "paragraph", "aff"), "en": ("verb",)}
    literal_anchor = "|".join((_SIGN_LOWER, _RECITAL_LOWER, _PREFIX, _INTRO_LOWER))

    def extract(self, text: str, anchor: re.Match, ctx: Context) -> Sequence[Citation]:
        pos = anchor.start()
        if _SIGN_RX.match(text, pos):
            if _GERMAN_SIGN.match(text, pos) and ctx.language in (None, "de") and not _act_in_reach(text, pos, ctx):
                return []  # "Art. 3 Abs. 1 GG": a German chain names an EU act or is the German extractor's (in
                # English or French prose, "Art. 9(2)(a)" is a short form: link.py gives it the act the prose is about)
            # "the second subparagraph of Article 17(1)": the level printed before the article (looked up
            # behind the anchor, so that common words such as "first" need no anchor of their own)
            back = _SUBPARA_BEFORE.search(text, max(0, pos - 48), pos)
            return _statutes(text, back.start() if back else pos, ctx)
        if _ECLI_RX.match(text, pos):
            return _cases(text, pos)
        if _court_rx().match(text, pos):
            found = _court_cases(text, pos)
            if found:
                return found
        if _INTRO_RX.match(text, pos) or _NUMBER_RX.match(text, pos):
            return _cases(text, pos)
        if _ACT_NUMBER_RX.match(text, pos):
            before = _ACT_BEFORE.search(text, max(0, pos - 80), pos)
            return _acts_alone(text, before.start()) if before else []
        return []


def _expand_set(first: str) -> str:
    """The characters of a one-character class body such as ``A-ZÄÖÜ`` (for the union lookahead)."""
    out, i = [], 0
    while i < len(first):
        if i + 2 < len(first) and first[i + 1] == "-":
            out += [chr(c) for c in range(ord(first[i]), ord(first[i + 2]) + 1)]
            i += 3
        else:
            out.append(first[i])
            i += 1
    return "".join(out)


EXTRACTOR = EuropeanExtractor()
