"""German decisions (``BAG, Urteil vom 5. Mai 2022 – 2 AZR 363/21`` → ``de/case/bag/2-azr-363-21``) and reporters
(``BGHZ 164, 11`` → ``de/rep/bghz/164/11``; loose-leaf collections: ``SozR 3-2500 § 5 Nr 23`` →
``de/rep/sozr/3-2500-s5/23``).

Court and reporter names are data (``data/courts.json``, ``data/reporters.json``): :func:`court_at` and
:func:`reporter_at` read a name from its table, and ``case.lark`` parses what follows it, with its Transformer
(:class:`legalcite.jurisdictions.de.trees.DecisionParts`) embedded in the parser. A decision without a court
(``Urteil vom 13. Mai 2004 - 2 AZR 426/03``, a docket in a list) takes the court named before it when linked
(:mod:`.link`).
"""
from __future__ import annotations

import functools
import re

from legalcite.jurisdictions.de.parts import Decision, Reporter, courts, federal_courts, reporter_kinds
from legalcite.keys import work_id
from legalcite.models import CaseMetadata, Citation, Form, Kind, ReporterMetadata, Span, Unit

WINDOW = 240  # characters a decision or reporter cite may span after its anchor


# ---------------------------------------------------------------- tables

@functools.cache
def reporting_only_courts() -> frozenset[str]:
    """Courts that are not German but whose decisions German reporters print (``EuGH GRUR 2010, 933``)."""
    return frozenset(courts()["reporting_only"].values())


@functools.cache
def placed_courts() -> frozenset[str]:
    """Abbreviations of the courts that take a place (``OLG München``)."""
    return frozenset(courts()["placed"].values())


def reporter_names() -> list[str]:
    """Every reporter name of ``data/reporters.json``, of all kinds (what the anchors are built from)."""
    return list(reporter_kinds())


_PLACE = re.compile(r"[ \t]+([A-ZÄÖÜ][\wäöüßÄÖÜ\-]+(?:[ \t]a\.[ \t]?M\.|[ \t]\(Oder\))?)")
_ABBR = re.compile(r"[A-ZÄÖÜ][\wÄÖÜäöüß]*")
_REPORTER_NAME = re.compile(r"[A-Za-zÄÖÜ][\wÄÖÜäöüß&+\-]*(?:/[A-Z][A-Za-z]*)?(?:[ \t]+(?:Int|Beilage)\b)?")


def court_at(text: str, pos: int) -> tuple[str, int, int] | None:
    """The court abbreviation at ``pos`` (``BGH``; ``OLG München`` with its place; ``Hessisches FG`` with the place
    as an adjective before it), where its citation starts and where the name ends."""
    m = _ABBR.match(text, pos)
    if m is None:
        return None
    name = m.group()
    if name in federal_courts() or name in reporting_only_courts():
        return name, pos, m.end()
    if name in placed_courts():
        p = _PLACE.match(text, m.end())
        if p:
            return f"{name} {p.group(1)}", pos, p.end()
        a = _adjective_before().search(text, max(0, pos - 40), pos)
        if a:
            return f"{name} {courts()['places_adjectival'][a.group(1)]}", a.start(), m.end()
    return None


@functools.cache
def _adjective_before() -> re.Pattern:
    """A Land's adjective in any case ending right before a court: ``Hessisches FG`` → Hessen."""
    adjectives = sorted(courts()["places_adjectival"], key=len, reverse=True)
    return re.compile(r"(?<![\w-])(%s)[nrms]?[ \t]+$" % "|".join(map(re.escape, adjectives)))


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
    if name not in reporter_kinds():
        name = name.split()[0]
        end = pos + len(name)
        if name not in reporter_kinds():
            return None
    after = _AFTER_REPORTER.match(text, end)
    if after is None:
        return None
    return name, end + 1 if text.startswith(".", end) else end


# ---------------------------------------------------------------- citations

@functools.cache
def _parser():
    # Lark: the parser and its Transformer are built on the first decision or reporter cite
    from legalcite.core.parse import get_parser  # heavy: imports lark
    from legalcite.jurisdictions.de.trees import DecisionParts  # heavy: imports lark

    return get_parser(__package__, "case", start=("court_rest", "decision", "dated", "docket", "reporter"),
                      transformer=DecisionParts())


def parse(window: str, start: str):
    """The decision or reporter cite at the start of ``window``, read from the entry point ``start``: its commonest
    shapes token by token (:func:`legalcite.jurisdictions.de.trees.read_case`), the others by the parser."""
    no_citation, read_case, parse_prefix = _reader()
    read = read_case(_parser(), window, start)
    if read is no_citation:
        return None
    return read or parse_prefix(_parser(), window, start)


@functools.cache
def _reader():
    """``trees``' token reader, its no-citation answer and the parser's prefix reader (both import Lark: loaded on
    the first parse, so that importing the sources and resolvers stays light)."""
    from legalcite.core.parse import parse_prefix  # heavy: imports lark
    from legalcite.jurisdictions.de.trees import NO_CITATION, read_case  # heavy: imports lark

    return NO_CITATION, read_case, parse_prefix


def decision_citations(text: str, start: int, d: Decision, base: int, court: str | None,
                       decision_type: str | None = None) -> list[Citation]:
    """A parsed decision (``d``, parsed at ``base``) as citations spanning from ``start``: one per docket, or the
    reporter cite it was cited by (``BGH GRUR 2006, 930``)."""
    span = Span(start, base + d.end)
    dtype = d.decision_type or decision_type
    court = court or d.court
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
    """A reporter citation for each volume-and-page of ``rep`` (its pins joined as the pin), all with ``span`` and the
    metadata ``facts`` (court, date, decision type)."""
    metadata = ReporterMetadata(reporter=name, **facts)
    return [Citation(jurisdiction="de", kind=Kind.REPORTER, work="rep",
                     units=(Unit("", work_id(name)), Unit("", work_id(c.volume)), Unit("", work_id(c.page))),
                     span=span, text=text[span.start : span.end], pin=", ".join(c.pins) or None, metadata=metadata)
            for c in rep.cites]


_ECLI = re.compile(r"ECLI:DE:[A-Za-z]+:\d{4}:[\w.]+")
_ECLI_ID = re.compile(r"^\d{6}([A-Z])([IVX]+|\d+)([A-Z][A-Za-z]*?)(\d+)\.(\d{2})\.\d+$")


def ecli_citation(text: str, pos: int) -> list[Citation]:
    """The German ECLI at ``text[pos:]`` as a case citation (court and docket decoded where the ECLI allows:
    :func:`ecli_docket`); ``[]`` when none starts there."""
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


@functools.cache
def _federal_stems() -> dict[str, str]:
    """A federal court's one-word name without its genitive ``s`` (``Bundesgerichtshof``) → its abbreviation."""
    return {k.split()[0].rstrip("s"): v for k, v in courts()["federal"].items() if " " not in k}


_ADJ_ENDING = re.compile(r"(?:en|es)$")  # "Hessischen" → "Hessische": a place's adjective in its table's form


def court_in_prose(text: str, pos: int) -> tuple[str, str, int] | None:
    """``Urteil des Landesarbeitsgerichts Nürnberg`` → (``LAG Nürnberg``, ``Urteil``, end offset) for a known court."""
    m = _COURT_PROSE.match(text, pos)
    if not m:
        return None
    data = courts()
    name = m.group("court")
    if name in federal_courts():  # "Urteil des BGH vom …"
        return name, m.group("dtype"), m.end()
    fed = _federal_stems()
    if name in data["federal"] or name in fed:
        return data["federal"].get(name) or fed[name], m.group("dtype"), m.end()
    if name in data["placed"]:
        place = m.group("place")
        adj = m.group("adj")
        if adj:
            base = _ADJ_ENDING.sub("e", adj)
            place = data["places_adjectival"].get(base, place)
        if place:
            return f"{data['placed'][name]} {place}", m.group("dtype"), m.end()
    return None
