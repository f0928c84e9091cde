"""Germany: statutes (``§ 823 Abs. 1 BGB``), decisions (``BAG, Urteil vom 5. Mai 2022 – 2 AZR 363/21``),
reporters (``BGHZ 164, 11``).

Where ``§ 823 Abs. 1 BGB`` becomes ``de/bgb/s823/abs1``:
1. the scanner stops at the anchor ``§`` (``ANCHOR`` below);
2. ``statute.lark`` (beside this module) parses the sign and unit chain (``§ 823 Abs. 1``) — :func:`_statute_group`;
3. :mod:`legalcite.jurisdictions.de.laws` looks up the law name that follows (``BGB`` → ``bgb``);
4. :func:`legalcite.core.chains.expand` turns each list item / range of the chain into one :class:`Citation` with
   its units.
Decisions and reporters go through ``case.lark`` the same way; short forms are bound in :mod:`.link`.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass, field
from typing import Sequence

from legalcite.core.chains import Item, back_fill, expand
from legalcite.core.data import load
from legalcite.core.scan import Context, anchor_of
from legalcite.jurisdictions.de import laws as de_laws
from legalcite.keys import clean_segment, numeral_value, roman_to_int, work_id
from legalcite.models import CaseMetadata, Citation, Form, Kind, ReporterMetadata, Span, StatuteMetadata, Unit

WINDOW = 320  # characters a statute chain may span

# Label order inside a provision (DESIGN.md §2): a list item restarts at its own level.
_RANK = {"s": 0, "art": 0, "abs": 1, "uabs": 2, "satz": 3, "hs": 4, "nr": 5, "lit": 6, "alt": 7}
_LEVEL_LABEL = {"ABS": "abs", "UABS": "uabs", "SATZ": "satz", "HS": "hs", "NR": "nr", "ALT": "alt",
                "SUBSECTION": "abs", "SECTION": "s"}
_CONNECTOR = re.compile(
    r"[ \t]*(?:,|;|und|sowie|oder|bzw\.|i\.[ \t]?V\.[ \t]?m\.|iVm\.?|in[ \t]+Verbindung[ \t]+mit|and|in conjunction with)"
    r"[ \t]*(?=§|Art(?:\.|ikel)?[ \t]*\d)"
)
_VERSION = re.compile(r"[ \t]*,?[ \t]*(?P<v>[an]\.[ \t]?F\.|[an]F\b|alter Fassung|neuer Fassung)")
# "ebd." / "ebenda" / "a.a.O.": the previous citation again (an id form; link() fills it in)
_EBD_ANCHOR = r"(?<![\w.])(?:ebd\.|ebenda\b|a\.[ \t]?a\.[ \t]?O\.)"
_EBD = re.compile(_EBD_ANCHOR)
_COMMENTARY = re.compile(r"[ \t]*,?[ \t]*(?:Rn|Rdn|Rz|RdNr|Rdnr|Randnr|Randnummer)\.?[ \t]*\d")
_SAME_LAW = re.compile(r"[ \t]*(?:dieses[ \t]+Gesetzes|desselben[ \t]+Gesetzes|d\.[ \t]?G\.)")


@dataclass
class _Group:
    """``§§ 280 Abs. 1, 281`` and the law after it."""

    start: int
    end: int
    items: list[Item] = field(default_factory=list)
    law: de_laws.LawMatch | None = None
    english: bool = False
    version: str | None = None


def _tok_value(tok) -> str:
    return str(tok).replace(" ", "").strip()  # "613 a" → "613a"


def _paren_value(tok) -> str:
    return str(tok).strip()[1:-1]


# Characters a run of unit chains is made of: used to skip pathological runs in one regex step.
_CHAIN_RUN = re.compile(r"(?:[§\d\s.,;:()<>\-–—IVXa-z]|Abs|Satz|Nr|Art|Alt|Hs|UAbs|S\b)+")


def _statute_group(text: str, pos: int, ctx: Context | None = None) -> _Group | None:
    """Parse the sign and unit chain at ``pos`` with the Lark grammar; None if it is no citation."""
    from legalcite.core.parse import get_parser, longest_prefix

    window = text[pos : pos + WINDOW]
    res = longest_prefix(get_parser(__package__, "statute"), window)
    if res is None:
        return None
    if res.truncated and ctx is not None:
        # No real citation chain is this long: skip the whole run of chain characters (linear time).
        ctx.state["skip_to"] = _CHAIN_RUN.match(text, pos).end()
        return None
    sign_tree, refs_tree = res.tree.children
    sign = sign_tree.data
    plural = sign in ("sign_ss", "sign_arts")
    main = "art" if sign in ("sign_art", "sign_arts", "sign_en_art") else "s"
    group = _Group(pos, pos + res.end, english=sign.startswith("sign_en"))
    prev: list[tuple[str, str]] = []
    pending_range = False
    for child in refs_tree.children:
        if child.data == "range_sep":
            pending_range = True
            continue
        if child.data == "sep":
            continue
        parts = child.children  # a `ref`
        path: list[tuple[str, str]] = []
        following = version = None
        first = parts[0]
        # where does this item attach? (see module docstring of DESIGN.md lists)
        if not group.items:
            if first.data != "bare":
                return None
            path = [(main, numeral_value(_tok_value(first.children[0])))]
            parts = parts[1:]
        elif first.data == "bare" and (plural or len(prev) == 1):
            path = [(main, numeral_value(_tok_value(first.children[0])))]
            parts = parts[1:]
        elif first.data in ("bare", "roman") and prev:
            label = prev[-1][0] if first.data == "bare" else "abs"
            base = [p for p in prev if _RANK.get(p[0], 9) < _RANK.get(label, 9)]
            v = _tok_value(first.children[0])
            path = base + [(label, str(roman_to_int(v)) if first.data == "roman" else numeral_value(v))]
            parts = parts[1:]
        else:
            path = list(prev)  # a labeled part: attach below the previous item's higher levels
            if first.data in ("labeled",):
                label = _LEVEL_LABEL[first.children[0].children[0].type]
                path = [p for p in prev if _RANK.get(p[0], 9) < _RANK.get(label, 9)]
            elif first.data == "lit":
                path = [p for p in prev if _RANK.get(p[0], 9) < _RANK["lit"]]
        for part in parts:
            kind = part.data
            if kind == "roman":
                path.append(("abs", str(roman_to_int(_tok_value(part.children[0])))))
            elif kind == "bare":
                # "§ 812 I 1": a bare number after an Absatz numeral is the Satz
                label = "satz" if path and path[-1][0] == "abs" else ("nr" if path and path[-1][0] == "satz" else None)
                if label is None:
                    return None
                path.append((label, numeral_value(_tok_value(part.children[0]))))
            elif kind == "paren":
                v = _paren_value(part.children[0])
                if v[0].isdigit():
                    label = "abs" if not any(p[0] == "abs" for p in path) else "satz"
                    path.append((label, numeral_value(v)))
                else:
                    path.append(("lit", v.lower()))
            elif kind == "labeled":
                label = _LEVEL_LABEL[part.children[0].children[0].type]
                tok = part.children[1]
                v = _paren_value(tok) if tok.type == "PAREN" else _tok_value(tok)
                path.append((label, numeral_value(v)))
            elif kind == "lit":
                tok = part.children[1]
                v = _paren_value(tok) if tok.type == "PAREN" else _tok_value(tok).rstrip(")")
                path.append(("lit", v.lower()))
            elif kind == "following":
                following = "ff." if _tok_value(part.children[0]).startswith(("ff", "et")) else "f."
            elif kind == "version":
                version = _tok_value(part.children[0])
        if not path:
            return None
        if pending_range and group.items:
            group.items[-1].range_to = path
            pending_range = False
        else:
            group.items.append(Item(path, following=following, version=version))
        prev = path
    return group if group.items else None


def _listed(work: str | None):
    """``label`` → the values of that label the law's table of contents lists (``s`` → ``823``, ``823a`` …)."""
    def values(label: str) -> list[str] | None:
        # asked only for ranges and "f.": the full unit lists are not loaded for a plain citation (cold start)
        units = de_laws.index().units(work) if work else None
        if not units:
            return None
        return [u[len(label):] for u in units if u.startswith(label) and u[len(label):][:1].isdigit()]
    return values


def _statutes(text: str, pos: int, ctx: Context) -> list[Citation]:
    """A chain of groups joined by ``i.V.m.``, ``,``, ``und`` …; groups without a law take the next law."""
    groups: list[_Group] = []
    while True:
        g = _statute_group(text, pos, ctx)
        if g is None:
            break
        law = de_laws.match_law(text, g.end)
        if law is not None and _not_german(law, g):
            break  # "Art. 6 DSGVO", "Art. 4 EUV", "Art. 41 OR", "Art. 3 EMRK": another jurisdiction's act; the chain
            # ends before it
        if law is None:
            same = _SAME_LAW.match(text, g.end)
            if same:
                g.end = same.end()
        else:
            g.law, g.end = law, law.end
        v = _VERSION.match(text, g.end)
        if v:
            g.version, g.end = v.group("v"), v.end()
        if _COMMENTARY.match(text, g.end):
            break  # "ZPO, 5. Aufl., § 766 Rn. 48": a commentary's margin number, not the statute
        groups.append(g)
        c = _CONNECTOR.match(text, g.end)
        if not c or len(groups) > 12:
            break
        pos = c.end()
    if not groups:
        return []
    groups = back_fill(groups, "law")  # "§ 280 Abs. 1 i.V.m. § 241 Abs. 2 BGB" — both BGB
    if all(g.law is None for g in groups) and ctx.jurisdiction != "de" and ctx.language not in (None, "de"):
        return []  # "§ 1671(b) and 550 U.S. …" in English prose: leave it to the other extractors
    out: list[Citation] = []
    span = Span(groups[0].start, groups[-1].end)
    for g in groups:
        if g.law is None and g.english:
            continue  # "Section 1983": not German
        # A bare "§ 1542" stays a short form here (so the scan moves past it); link() binds it to a law named
        # earlier, or drops it in text that is not German.
        if g.law is not None and g.english and not g.law.known:
            continue  # "Section 5 of the FooAct": not known as German law
        if g.law is not None and g.law.ambiguous and not _german_cue(text, g.start, ctx):
            continue  # "Article 585 of the Civil Code": Chinese, Californian or German? Context decides.
        work = g.law.work if g.law else None
        for item in g.items:
            for path in expand(item, _listed(work)):
                version = item.version or g.version
                unknown = g.law.printed if g.law is not None and not g.law.known else None
                implausible = ("Art. of a law cited by § only" if work and not unknown and path[0][0] == "art"
                               and not g.english and _cited_by_section_only(work) else None)
                metadata = StatuteMetadata(version=version, following="ff." if item.following == "ff." else None,
                                           unknown_work=unknown, implausible=implausible
                                           ) if version or item.following or unknown or implausible else None
                out.append(Citation(
                    jurisdiction="de", kind=Kind.STATUTE, work=work,
                    units=tuple(Unit(lab, clean_segment(val)) for lab, val in path), span=span,
                    text=text[span.start : span.end], form=Form.FULL if work else Form.SHORT, metadata=metadata,
                ))
    return out


def _not_german(law: de_laws.LawMatch, g: _Group) -> bool:
    """An EU act or a treaty inside German prose keeps its own jurisdiction (DESIGN.md §2): a name the German
    tables do not know, or a German law cited by ``Art.`` that Germany cites only by ``§`` (``Art. 4 EUV`` is the
    Treaty on European Union, not the Eisenbahn-Unfalluntersuchungsverordnung; ``Art. 69 StGB`` is Swiss), is not
    German when another jurisdiction's tables know the name."""
    if g.items[0].path[0][0] != "art":
        return False  # "§ 20 ZuG 2012": no other jurisdiction cites a federal or EU act by §, so a § of a name
        # only another jurisdiction knows is still a (repealed or unlisted) German law
    if law.known and not _cited_by_section_only(law.work):
        return False
    from legalcite.jurisdictions import claimed_elsewhere

    return claimed_elsewhere(law.printed, besides="de")


def _cited_by_section_only(work: str) -> bool:
    """A law whose table of contents lists §§ and no article: ``Art. 69 StGB`` is then not this law (DESIGN.md §2,
    Germany or Switzerland)."""
    listed, has_art = de_laws.index().unit_kinds.get(work, (False, False))
    return listed and not has_art


def knows_name(printed: str) -> bool:
    """Whether the German law table knows the abbreviation ``printed`` (other jurisdictions' chains end there)."""
    return de_laws.index().lookup_abbr(printed) is not None


_CUES = re.compile(r"ß|\b(?:BGH|BVerfG|BVerwG|BFH|BSG|BAG|BGHZ|BVerfGE|Bundesrepublik|Deutschland|German|Germany)\b")


def cue_count(text: str) -> int:
    """How often ``text`` reads as German prose (ß, the federal courts, Deutschland): the pipeline's tie-break."""
    return len(_CUES.findall(text))


_GERMAN_CUE = re.compile(r"\b(?:German|Germany|deutsch|Deutschland|BGB|StGB|ZPO|HGB)\b", re.I)


def _german_cue(text: str, pos: int, ctx: Context) -> bool:
    """Context for an English law name other systems share: a ``de`` hint, German text, or a German cue in the
    preceding 400 characters ("Under German law, …")."""
    if ctx.jurisdiction is not None:
        return ctx.jurisdiction == "de"
    return ctx.language == "de" or bool(_GERMAN_CUE.search(text, max(0, pos - 400), pos))


# ---------------------------------------------------------------- decisions and reporters

@functools.cache
def _reporters() -> dict[str, str]:
    data = load(__package__, "reporters.json")
    return {abbr: kind for kind in ("volume", "year") for abbr in data[kind]}


@functools.cache
def _reporter_anchor() -> str:
    names = sorted(_reporters(), key=len, reverse=True)
    return r"(?<![\w/-])(?:%s)(?=[ \t]+(?:[IVX]+[ \t]+)?\d{1,4}[ \t]*,[ \t]*\d)" % "|".join(re.escape(n) for n in names)


_COURTS = (r"BVerfG|BGH|BAG|BVerwG|BFH|BSG|BPatG|BayObLG|EuGH|EGMR|KG"
           r"|(?:OLG|LG|AG|LAG|OVG|VGH|VG|FG|SG|LSG)[ \t]+[A-ZÄÖÜ][\wäöüß\-]+(?:[ \t]a\.[ \t]?M\.)?")
_DECISION_ANCHOR = rf"(?<![\w-])(?:{_COURTS})(?:-(?:Urteil|Beschluss|Beschlüsse|Urteile))?(?=[ \t,]+(?:Urt|Beschl|Urteil|Beschluss|Entscheidung|Gerichtsbescheid|Kammerbeschluss|vom|v\.|\d|[IVX]+[a-z]?[ \t]))"
_ECLI = r"ECLI:DE:[A-Za-z]+:\d{4}:[\w.]+"
# A decision without a court, found by its date and docket ("vom 21. Dezember 1977 - 7 B 109.77").
_MONTHS = r"Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember"
_DATED_DOCKET = (rf"(?<![\w.])(?:vom[ \t]+)?\d{{1,2}}\.[ \t]?(?:\d{{1,2}}\.|{_MONTHS})[ \t]?\d{{2,4}}[ \t]*[-–—,(]?[ \t]*"
                 r"(?=(?:B[ \t]+)?(?:[IVX]+[a-z]?|\d{1,2})[ \t]+[A-Z][A-Za-z]{0,5}[ \t]+\d{1,5}[/.]\d{2})")


def _case(text: str, pos: int) -> list[Citation]:
    from legalcite.core.parse import get_parser, longest_prefix

    res = longest_prefix(get_parser(__package__, "case"), text[pos : pos + 200])
    if res is None:
        return []
    tree = res.tree.children[0]
    span = Span(pos, pos + res.end)
    if tree.data == "decision":
        court = docket = date = dtype = None
        for ch in tree.children:
            if getattr(ch, "data", None) == "court":
                court = re.sub(r"-(?:Urteil|Beschluss|Beschlüsse|Urteile)$", "", str(ch.children[0]))
            elif getattr(ch, "data", None) == "dtype":
                dtype = str(ch.children[0])
            elif getattr(ch, "data", None) == "date":
                date = str(ch.children[-1])
            elif getattr(ch, "type", None) == "DOCKET":
                docket = str(ch)
        if not docket:
            return []
        metadata = CaseMetadata(court=court or None, date=date or None, decision_type=dtype or None, docket=docket)
        units = (Unit("", work_id(court)), Unit("", work_id(re.sub(r"\s+", " ", docket)))) if court else ()
        return [Citation(jurisdiction="de", kind=Kind.CASE, work="case" if court else None, units=units, span=span,
                         text=text[span.start:span.end], form=Form.FULL if court else Form.SHORT, metadata=metadata)]
    if tree.data == "reporter":
        out = []
        rep = str(tree.children[0])
        series = None
        for ch in tree.children[1:]:
            if getattr(ch, "type", None) == "ROMAN":
                series = str(ch)
            elif getattr(ch, "data", None) == "cite":
                nums = [str(t) for t in ch.children if getattr(t, "type", None) == "NUM"]
                pins = [str(p.children[0]).strip("()<>") for p in ch.children if getattr(p, "data", None) == "pin"]
                if len(nums) < 2:
                    continue
                name = f"{rep} {series}" if series else rep
                out.append(Citation(
                    jurisdiction="de", kind=Kind.REPORTER, work="rep",
                    units=(Unit("", work_id(name)), Unit("", nums[0]), Unit("", nums[1])), span=span,
                    text=text[span.start:span.end], pin=", ".join(pins) or None,
                    metadata=ReporterMetadata(reporter=name),
                ))
        return out
    if tree.data == "ecli":
        ecli = str(tree.children[0])
        court, docket = ecli_docket(ecli)
        return [Citation(jurisdiction="de", kind=Kind.CASE, work="case",
                         units=(Unit("", work_id(court)), Unit("", work_id(docket))), span=span, text=ecli,
                         metadata=CaseMetadata(ecli=ecli, court=court))]
    return []


_ECLI_ID = re.compile(r"^\d{6}([A-Z])([IVX]+|\d+)([A-Z][A-Za-z]*?)(\d+)\.(\d{2})\.\d+$")


def ecli_docket(ecli: str) -> tuple[str, str]:
    """``ECLI:DE:BGH:2019:300719UIZR126.18.0`` → (``BGH``, ``I ZR 126/18``): the docket is decoded where the
    court uses the federal pattern (date, decision type, docket with ``.`` for ``/``); else the ECLI itself."""
    parts = ecli.split(":")
    m = _ECLI_ID.match(parts[4]) if len(parts) >= 5 else None
    if m:
        return parts[2], f"{m.group(2)} {m.group(3)} {m.group(4)}/{m.group(5)}"
    return parts[2], "ecli-" + ":".join(parts[3:])


# "Urteil des Landesarbeitsgerichts Nürnberg vom 15. Februar 2017 - 4 Sa 365/16", "Entscheidung des
# Bundesgerichtshofs vom 21. April 2016 (I ZR 276/14)": the court written out, from data/courts.json.
_COURT_PROSE = re.compile(
    r"(?P<dtype>Urteile?|Beschlüsse|Beschluss|Entscheidung|Gerichtsbescheid|Senatsurteil|Senatsbeschluss)[ \t]+"
    r"(?:des|der|dem)[ \t]+(?:(?P<adj>[A-ZÄÖÜ][\wäöüß-]+(?:en|es|e))[ \t]+)?(?P<court>[A-ZÄÖÜ][\wäöüß-]+?)(?:e?s)?"
    r"(?:[ \t]+(?P<place>[A-ZÄÖÜ][\wäöüß-]+(?:[ \t]am[ \t]Main)?))?(?:[ \t]+\([A-Za-z]+\))?"
    r"[ \t]+(?=vom[ \t]|v\.[ \t])")


@functools.cache
def _courts() -> dict:
    return load(__package__, "courts.json")


def _court_in_prose(text: str, pos: int) -> tuple[str, int] | None:
    """``Urteil des Landesarbeitsgerichts Nürnberg`` → (``LAG Nürnberg``, end offset) if the court is known."""
    m = _COURT_PROSE.match(text, pos)
    if not m:
        return None
    data = _courts()
    name = m.group("court")
    fed = {k.split()[0].rstrip("s"): v for k, v in data["federal"].items() if " " not in k}
    if name in data["federal"] or name in fed:
        return data["federal"].get(name) or fed[name], m.end()
    if name in data["placed"]:
        place = m.group("place")
        adj = m.group("adj")
        if adj:
            base = re.sub(r"(?:en|es)$", "e", adj)
            place = data["places_adjectival"].get(base, place)
        if place:
            return f"{data['placed'][name]} {place}", m.end()
    return None


# ---------------------------------------------------------------- the extractor

_STATUTE_ANCHOR = (r"§§?|(?<![\w.])(?:Artt?\.?|art\.|Artikel|Paragra(?:f|ph)(?:en)?)(?=[ \t]*\d)"
                   r"|(?<![\w])(?:[Ss]ections?|[Ss]ecs?\.|Articles?)(?=[ \t]*\d)")


# A law named alone ("EStG", "SGB II", "des Einkommensteuergesetzes"): a work-level citation, German text only.
_LAW_NAME_ANCHOR = (r"(?<![\w§/.-])(?:[A-ZÄÖÜ][A-Za-zÄÖÜäöü]*(?:G|O|B|V|VO|GB)(?:[ \t]+(?:[IVX]+|\d{1,2}))?"
                    r"|[A-ZÄÖÜ][a-zäöüß]+(?:gesetz|gesetzbuch|ordnung)(?:es|s|e)?(?:[ \t]+[A-ZÄÖÜ][a-zäöüß]+)*)(?![\w-])")


def _law_alone(text: str, anchor: re.Match, ctx: Context) -> list[Citation]:
    if not (ctx.language == "de" or ctx.jurisdiction == "de"):
        return []
    law = de_laws.match_law(text, anchor.start(), allow_unknown=False)
    if law is None or law.end > anchor.end() + 80 or ctx.prose not in (None, "de"):
        return []  # no German law named here, or German-language text whose prose is another country's (Swiss)
    span = Span(anchor.start(), law.end)
    return [Citation(jurisdiction="de", kind=Kind.STATUTE, work=law.work, span=span, text=text[span.start:span.end],
                     metadata=StatuteMetadata(work_only=True))]


_STATUTE_RX = re.compile(_STATUTE_ANCHOR)
_LAW_NAME_RX = re.compile(_LAW_NAME_ANCHOR)


class GermanExtractor:

    @property
    def anchor(self) -> str:
        # Each alternative starts with a one-character lookahead: the regex engine then rejects most text
        # positions with one set test instead of trying every alternative (3-4x faster scanning).
        reporters = "".join(sorted({re.escape(n[0]) for n in _reporters()}))
        alts = (
            ("§APSsa", _STATUTE_ANCHOR),
            (reporters, _reporter_anchor()),
            ("BEKOLAVFS", _DECISION_ANCHOR),
            ("E", _ECLI),
            ("A-ZÄÖÜ", _LAW_NAME_ANCHOR),
            ("v0-9", _DATED_DOCKET),
            ("UB", r"(?<![\w-])(?:Urteil|Beschluss|Urt\.|Beschl\.)(?=[ \t]+(?:vom|v\.)[ \t]+\d)"),
            ("ea", _EBD_ANCHOR),
            ("UBESG", r"(?<![\w-])(?:Urteile?|Beschlüsse|Beschluss|Entscheidung|Gerichtsbescheid|Senatsurteil|Senatsbeschluss)"
                      r"(?=[ \t]+(?:des|der|dem)[ \t])"),
        )
        return anchor_of(alts)

    def extract(self, text: str, anchor: re.Match, ctx: Context) -> Sequence[Citation]:
        pos = anchor.start()
        ch = text[pos]
        if ch == "§" or _STATUTE_RX.match(text, pos):
            return _statutes(text, pos, ctx)
        m = _EBD.match(text, pos)
        if m:
            pin = re.compile(r"[ \t]*,?[ \t]*((?:Rn|Rz|S)\.?[ \t]*\d+)").match(text, m.end())
            end = pin.end() if pin else m.end()
            return [Citation(jurisdiction="de", kind=Kind.STATUTE, work=None, span=Span(pos, end), text=text[pos:end],
                             pin=pin.group(1) if pin else None, form=Form.ID)]
        prose = _court_in_prose(text, pos)
        if prose:
            found = _case(text, prose[1])
            if found and found[0].kind is Kind.CASE:
                c = found[0]
                docket = c.metadata.docket or ""
                span = Span(pos, c.span.end)
                return [c.replace(work="case", units=(Unit("", work_id(prose[0])), Unit("", work_id(re.sub(r"\s+", " ", docket)))),
                                  span=span, text=text[span.start:span.end], form=Form.FULL,
                                  metadata=dataclasses.replace(c.metadata, court=prose[0]))]
        found = _case(text, pos)
        if not found:
            m = _LAW_NAME_RX.match(text, pos)
            if m:
                return _law_alone(text, m, ctx)
        return found


EXTRACTOR = GermanExtractor()
