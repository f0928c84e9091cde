"""German decisions (``BAG, Urteil vom 5. Mai 2022 – 2 AZR 363/21`` → ``de/case/bag/2-azr-363-21``) and reporters
(``BGHZ 164, 11`` → ``de/rep/bghz/164/11``; loose-leaf collections: ``SozR 3-2500 § 5 Nr 23`` →
``de/rep/sozr/3-2500-s5/23``).

Court and reporter names are data (``data/courts.json``, ``data/reporters.json``): :func:`court_at` and
:func:`reporter_at` read a name from its table, and ``case.lark`` parses what follows it, with :class:`CaseParts`
embedded in the parser. A decision without a court (``Urteil vom 13. Mai 2004 - 2 AZR 426/03``, a docket in a list)
takes the court named before it when linked (:mod:`.link`).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from lark import Token, Transformer

from legalcite.core.data import load
from legalcite.core.parse import Reject, get_parser, parse_prefix
from legalcite.keys import work_id
from legalcite.models import CaseMetadata, Citation, Form, Kind, ReporterMetadata, Span, Unit

WINDOW = 240  # characters a decision or reporter cite may span after its anchor


@dataclass(slots=True)
class Cite:
    """One volume-and-page (or loose-leaf number) of a reporter, with its pin cites."""

    volume: str
    page: str
    pins: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Reporter:
    name: str | None          # as printed ("BStBl II" with its series), None when the extractor read it
    cites: list[Cite]
    end: int


@dataclass(slots=True)
class Decision:
    decision_type: str | None = None
    date: str | None = None
    dockets: list[str] = field(default_factory=list)
    reporter: Reporter | None = None
    end: int = 0


_SPACES = re.compile(r"\s+")
# the value of a part after the separators it carries ("- 2 AZR 363/21" → "2 AZR 363/21", ", Urteil" → "Urteil")
_LEAD = re.compile(r"^(?:[-–—,(:;][ \t]*)*(?:(?:und|sowie|in)[ \t]+)?(?:(?:Az\.|Aktenzeichen:?|AZ)[ \t]*)?")
_DATE = re.compile(r"\d.*$")
_CITE = re.compile(r"(\d+)[ \t]*,[ \t]*(?:S\.[ \t]*)?(\d+)")


def _squash(s: str) -> str:
    return _SPACES.sub(" ", s).strip()


def _value(tok: Token) -> str:
    return _squash(tok[_LEAD.match(tok).end():])


class CaseParts(Transformer):
    """The tree → parts Transformer of ``case.lark``, run inside the LALR parser (no tree is built)."""

    def dockets(self, toks: list[Token]) -> tuple[str, list[str], int]:
        return ("dockets", [_value(t) for t in toks], toks[-1].end_pos)

    def cite(self, children: list[Token]) -> tuple[Cite, int]:
        volume, page = _CITE.search(children[0]).groups()
        return Cite(volume, page, [_pin(p) for p in children[1:]]), children[-1].end_pos

    def cites(self, children: list) -> tuple[str | None, list[Cite], int]:
        series = str(children[0]) if isinstance(children[0], Token) else None
        cites = [c for c in children if isinstance(c, tuple)]
        return series, [c for c, _ in cites], cites[-1][1]

    def loose(self, children: list[Token]) -> tuple[str | None, list[Cite], int]:
        """``3-2500 § 5 Nr 23``, ``406.11 § 9 BauGB Nr. 74``, ``§ 626 BGB 2002 Nr. 5``: the collection's number (or
        the law, without one) and the heading's units are the volume, each number after ``Nr`` a page."""
        number = children[0] if children[0].type == "NUM" else None
        rest = children[1:] if number is not None else children
        heading, nrs, pins = rest[0], rest[1], [_pin(t) for t in rest[2:]]
        prefix, units = _heading(heading)
        volume = "-".join([_SPACES.sub("", number) if number is not None else prefix, *units])
        return None, [Cite(volume, n, pins) for n in _numbers(nrs)], children[-1].end_pos

    def annotated(self, children: list[Token]) -> tuple[str | None, list[Cite], int]:
        """``Nr. 17 zu § 74 HGB`` (AP): the law and the heading's units are the volume, the number the page."""
        nrs, heading, pins = children[0], children[1], [_pin(p) for p in children[2:]]
        prefix, units = _heading(heading)
        return None, [Cite("-".join([prefix, *units]), n, pins) for n in _numbers(nrs)], children[-1].end_pos

    def reporter_cite(self, children: list) -> Reporter:
        name, (series, cites, end) = _value(children[0]), children[1]
        if name.endswith(".") and name[:-1] in _reporters():  # "Slg."
            name = name[:-1]
        return Reporter(f"{name} {series}" if series else name, cites, end)

    # ---- entry points

    def court_rest(self, children: list) -> Decision:
        return _decision(children)

    def decision(self, children: list) -> Decision:
        d = _decision(children)
        if d.reporter is not None and not _known_reporter(d.reporter.name):
            raise Reject  # with no court, only a reporter the tables know makes it a citation
        return d

    def dated(self, children: list) -> Decision:
        return _decision(children)

    def docket(self, children: list) -> Decision:
        return _decision(children)

    def reporter(self, children: list) -> Reporter:
        series, cites, end = children[0]
        return Reporter(series, cites, end)


def _decision(children: list) -> Decision:
    d = Decision()
    for ch in children:
        if isinstance(ch, Reporter):
            d.reporter, d.end = ch, ch.end
        elif isinstance(ch, tuple):  # dockets
            d.dockets, d.end = ch[1], ch[2]
        elif ch.type == "DTYPE":
            d.decision_type, d.end = _value(ch).lstrip("-"), ch.end_pos
        elif ch.type == "DATE":
            d.date, d.end = _DATE.search(ch).group(), ch.end_pos
        elif ch.type == "PANEL":
            d.end = ch.end_pos
    if not d.dockets and d.reporter is None:
        raise Reject
    return d


def _pin(tok: Token) -> str:
    return str(tok).lstrip(", \t").strip("()<>")


_NUMBER = re.compile(r"\d+")


def _numbers(nrs: str) -> list[str]:
    return _NUMBER.findall(nrs)


def _heading(heading: str) -> tuple[str, list[str]]:
    """A loose-leaf heading (``§ 132 Abs. 2 Ziff. 1 VwGO``) → (the law's id, ``vwgo``; the units read by the statute
    grammar, ``["s132", "abs2", "nr1"]``)."""
    from legalcite.jurisdictions.de.statute import parse_chain

    chain = parse_chain(heading)
    if chain is None:
        raise Reject
    units = [f"{label}{value}" for label, value in chain.items[0].path]
    return work_id(heading[chain.end:].strip()), units


# ---------------------------------------------------------------- tables

@functools.cache
def _courts() -> dict:
    return load(__package__, "courts.json")


@functools.cache
def federal_courts() -> frozenset[str]:
    """Abbreviations of the courts that stand alone (``BGH``, ``BVerfG``)."""
    return frozenset(_courts()["federal"].values())


@functools.cache
def reporting_only_courts() -> frozenset[str]:
    """Courts that are not German but whose decisions German reporters print (``EuGH GRUR 2010, 933``)."""
    return frozenset(_courts()["reporting_only"].values())


@functools.cache
def placed_courts() -> frozenset[str]:
    """Abbreviations of the courts that take a place (``OLG München``)."""
    return frozenset(_courts()["placed"].values())


@functools.cache
def _reporters() -> dict[str, str]:
    """Reporter name → its kind: ``volume``, ``year``, ``loose_leaf`` or ``annotated`` (data/reporters.json)."""
    data = load(__package__, "reporters.json")
    return {name: kind for kind in ("volume", "year", "loose_leaf", "annotated") for name in data[kind]}


def reporter_names() -> list[str]:
    return list(_reporters())


def _known_reporter(name: str | None) -> bool:
    return bool(name) and name.split(" ")[0] in _reporters()


_PLACE = re.compile(r"[ \t]+([A-ZÄÖÜ][\wäöüßÄÖÜ\-]+(?:[ \t]a\.[ \t]?M\.|[ \t]\(Oder\))?)")
_ABBR = re.compile(r"[A-ZÄÖÜ][\wÄÖÜäöüß]*")
_REPORTER_NAME = re.compile(r"[A-Za-zÄÖÜ][\wÄÖÜäöüß&+\-]*(?:/[A-Z][A-Za-z]*)?(?:[ \t]+(?:Int|Beilage)\b)?")


def court_at(text: str, pos: int) -> tuple[str, int] | None:
    """The court abbreviation at ``pos`` (``BGH``; ``OLG München`` with its place) and where it ends."""
    m = _ABBR.match(text, pos)
    if m is None:
        return None
    name = m.group()
    if name in federal_courts() or name in reporting_only_courts():
        return name, m.end()
    if name in placed_courts():
        p = _PLACE.match(text, m.end())
        if p:
            return f"{name} {p.group(1)}", p.end()
    return None


# what follows a reporter's name when it is cited: a volume or year (after a series: "BStBl II 2018"), a loose-leaf
# collection's number or heading ("SozR 3-2500 § 5", "EzA § 626"), an entry number ("AP Nr. 17 zu § 74 HGB")
_AFTER_REPORTER = re.compile(r"\.?[ \t]+(?:[IVX]+[ \t]+)?\d|[ \t]+(?:§|Nr)")


def reporter_at(text: str, pos: int) -> tuple[str, int] | None:
    """The reporter name at ``pos`` the tables know (``NJW``, ``BFH/NV``, ``GRUR Int``, ``Slg.``) when a cite
    follows it, and where the name ends."""
    m = _REPORTER_NAME.match(text, pos)
    if m is None:
        return None
    name, end = m.group(), m.end()
    if name not in _reporters():
        name = name.split()[0]
        end = pos + len(name)
        if name not in _reporters():
            return None
    after = _AFTER_REPORTER.match(text, end)
    if after is None:
        return None
    return name, end + 1 if text.startswith(".", end) else end


# ---------------------------------------------------------------- citations

@functools.cache
def _parser():
    return get_parser(__package__, "case", start=("court_rest", "decision", "dated", "docket", "reporter"),
                      transformer=CaseParts())


def parse(window: str, start: str):
    """The decision or reporter cite at the start of ``window``, read from the entry point ``start``."""
    return parse_prefix(_parser(), window, start)


def decision_citations(text: str, start: int, d: Decision, base: int, court: str | None,
                       decision_type: str | None = None) -> list[Citation]:
    """A parsed decision (``d``, parsed at ``base``) as citations spanning from ``start``: one per docket, or the
    reporter cite it was cited by (``BGH GRUR 2006, 930``)."""
    span = Span(start, base + d.end)
    dtype = d.decision_type or decision_type
    out = []
    for docket in d.dockets:
        units = (Unit("", work_id(court)), Unit("", work_id(docket))) if court else ()
        out.append(Citation(
            jurisdiction="de", kind=Kind.CASE, work="case" if court else None, units=units, span=span,
            text=text[span.start : span.end], form=Form.FULL if court else Form.SHORT,
            metadata=CaseMetadata(court=court, date=d.date, decision_type=dtype, docket=docket)))
    if d.reporter is not None:
        out.extend(reporter_citations(text, span, d.reporter, d.reporter.name or "", court=court, date=d.date,
                                      decision_type=dtype))
    return out


def reporter_citations(text: str, span: Span, rep: Reporter, name: str, **facts: str | None) -> list[Citation]:
    metadata = ReporterMetadata(reporter=name, **facts)
    return [Citation(jurisdiction="de", kind=Kind.REPORTER, work="rep",
                     units=(Unit("", work_id(name)), Unit("", work_id(c.volume)), Unit("", work_id(c.page))),
                     span=span, text=text[span.start : span.end], pin=", ".join(c.pins) or None, metadata=metadata)
            for c in rep.cites]


_ECLI = re.compile(r"ECLI:DE:[A-Za-z]+:\d{4}:[\w.]+")
_ECLI_ID = re.compile(r"^\d{6}([A-Z])([IVX]+|\d+)([A-Z][A-Za-z]*?)(\d+)\.(\d{2})\.\d+$")


def ecli_citation(text: str, pos: int) -> list[Citation]:
    m = _ECLI.match(text, pos)
    if m is None:
        return []
    ecli = m.group()
    court, docket = ecli_docket(ecli)
    return [Citation(jurisdiction="de", kind=Kind.CASE, work="case",
                     units=(Unit("", work_id(court)), Unit("", work_id(docket))), span=Span(pos, m.end()), text=ecli,
                     metadata=CaseMetadata(ecli=ecli, court=court))]


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
    r"(?:[ \t]+(?P<place>[A-ZÄÖÜ][\wäöüß-]+(?:[ \t]am[ \t]Main)?))?(?:[ \t]+\((?P<abbr>[A-Za-z]+)\))?"
    r"(?=[ \t]+(?:vom|v\.)[ \t]|[ \t]*\([A-Z])")


def court_in_prose(text: str, pos: int) -> tuple[str, str, int] | None:
    """``Urteil des Landesarbeitsgerichts Nürnberg`` → (``LAG Nürnberg``, ``Urteil``, end offset) for a known court."""
    m = _COURT_PROSE.match(text, pos)
    if not m:
        return None
    data = _courts()
    name = m.group("court")
    if name in federal_courts():  # "Urteil des BGH vom …"
        return name, m.group("dtype"), m.end()
    fed = {k.split()[0].rstrip("s"): v for k, v in data["federal"].items() if " " not in k}
    if name in data["federal"] or name in fed:
        return data["federal"].get(name) or fed[name], m.group("dtype"), m.end()
    if name in data["placed"]:
        place = m.group("place")
        adj = m.group("adj")
        if adj:
            base = re.sub(r"(?:en|es)$", "e", adj)
            place = data["places_adjectival"].get(base, place)
        if place:
            return f"{data['placed'][name]} {place}", m.group("dtype"), m.end()
    return None
