"""Germany: where the scan stops (:data:`GermanExtractor.anchor`) and what each stop is.

The anchor is one pattern whose named groups say which kind of stop it is; each alternative starts with a
character test, so the scanner rejects most positions of German prose at once:

- ``de_sign`` — ``§``/``§§`` before a number: a statute chain (:func:`.statute.statutes`);
- ``de_abbr`` — an abbreviation-shaped word (two capitals: ``BGH``, ``OLG``, ``NJW``, ``SozR``, ``BGB``, ``ECLI``) or
  a law's name as a compound (``Einkommensteuergesetzes``): a court, a reporter, an ECLI, a Roman-numbered docket or
  a law named alone — the tables decide (:mod:`.case`, :mod:`.laws`);
- ``de_word`` — ``Art.``/``Artikel``/``Paragraph``/``Section``/``Article`` before a number (a statute chain), a
  decision type before its date (``Urteil vom``, ``Beschluss des … vom``), ``Ebd.``, a reporter whose name has one
  capital (``Buchholz``), a docket after a Roman senate or a letter (``I R 83/07``, ``L 4 KR 295/14``);
- ``de_num`` — a date before a docket (``20. Dezember 1995 - 6 B 35.95``, ``1967-12-19, 2 BvL 4/65``) or a docket
  (``1 BvR 2821/11``).

Stops that start with a common lowercase letter are literals (:mod:`legalcite.core.scan`), found by ``str.find``:
``ebd.``, ``ebenda``, ``a.a.O.`` (``de_id``), English ``section 1 KSchG`` and lowercase ``art. 5 GG`` (``de_section``),
``wistra 2005, 12`` (``de_lower``).

For the ranking between jurisdictions (:func:`legalcite.pipeline.reading_rank`) the package says which law names it
knows (:func:`knows_name`) and how German a text's prose reads (:func:`cue_count`).
"""
from __future__ import annotations

import dataclasses
import functools
import re
import sys
from dataclasses import dataclass
from typing import Sequence

from legalcite.core.link import CONTINUES
from legalcite.core.scan import Context, Extractor, anchor_of
from legalcite.jurisdictions import claimed_elsewhere
from legalcite.jurisdictions.de import case
from legalcite.jurisdictions.de import laws as de_laws
from legalcite.jurisdictions.de.statute import NamedLaws, levels, statutes
from legalcite.models import Citation, Form, Kind, Span, StatuteMetadata, Unit

# possessive where the engine has it (Python 3.11): a lowercase run is never given back to find a capital in it
_POSSESSIVE = "+" if sys.version_info >= (3, 11) else ""
_CAPITALS = re.compile(r"[A-ZÄÖÜ]")
# the end of a compound whose last part is a law's head noun ("Einkommensteuergesetzes", "Zivilprozessordnung"), as
# lookbehinds at the end of the word's lowercase run (each of one width, as the engine needs), behind one lookbehind of
# their last three letters (one test rejects the lowercase run of a plain noun)
_LAW_ENDINGS = ("gesetz", "gesetze", "gesetzes", "gesetzen", "gesetzbuch", "gesetzbuchs", "gesetzbuches", "ordnung",
                "ordnungen")
_LAW_ENDING = "(?<=%s)(?:%s)(?![\\w])" % ("|".join(sorted({e[-3:] for e in _LAW_ENDINGS})),
                                          "|".join(f"(?<={e})" for e in _LAW_ENDINGS))
_NOT_BEFORE = r"[\w§/.&+\-]"  # what a capitalised stop does not follow: it starts no word, path or pairing there
_WORD_START = rf"(?<!{_NOT_BEFORE})"
MONTHS = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
          "Dezember")
_MONTHS = "|".join(MONTHS)
_DOCKET_START = r"(?:[BLS][ \t]+)?(?:[IVX]+[a-z]?|\d{1,2})[ \t]+[A-Z]"
_BARE_DOCKET = r"[ \t]+[A-Z][A-Za-z]{0,5}(?:[ \t]?\([A-Za-z]+\))?[ \t]+\d{1,5}[/.]\d{2}\b"
_DECISION_WORDS = (r"Urt(?:eile?|\.)|Beschl(?:uss|üsse|\.)|Entscheidung(?:en)?|Senats(?:urteile?|beschl(?:uss|üsse))"
                   r"|Kammerbeschluss|Gerichtsbescheid")
# what follows a decision type that starts a citation: its date, its court, its panel ("Beschluss der 2. Kammer")
_DECISION_NEXT = (r"[ \t]+(?:(?:des|der|dem)[ \t][^;\n]{1,80}?[ \t(])?(?:vom|v\.)[ \t]+\d"
                  # "Urteil des Anwaltsgerichtshofs (BRAK-Mitt."
                  r"|[ \t]+(?:des|der)[ \t][A-ZÄÖÜ][\wäöüß]+[ \t]*\([A-Z]")
_STATUTE_WORDS = r"Art(?:t?\.|ikel(?:n)?)?|Paragra(?:f|ph)(?:en)?|[Ss]ections?|[Ss]ecs?\.|Articles?"
_STATUTE_WORD = re.compile(_STATUTE_WORDS)
# a level printed without its unit, abbreviated as answers and decisions write it ("Abs. 2 erfasst …", "Nr. 3",
# and "lit. a" below): the continuation of the unit cited just before it (link.py binds it, or it is
# dropped). Not the written-out "Absatz 2", "Satz 2", "Nummer 1": a statute's own text refers to its own levels so,
# constantly, and after a citation of another law too; nor "S." alone, a page as often as a Satz
_LEVEL_WORDS = r"Abs\.|Nrn?\."  # (not "Buchst.": its lead "Bu" would be tested at every "Bundes…")
_LEVEL_NEXT = r"[ \t]*(?:\(?\d|[a-z]\b)"
# the levels after "dort" ("dort Nr. 3 und 4", "dort Satz 2", "dort S. 2"): any, written out or not
_THERE_LEVELS = r"Abs(?:\.|atz\b|ätzen?\b)|S(?:atz|ätze)\b|S\.|Nrn?\.|Nummern?\b|Buchst(?:\.|abe\b)|lit\.|Ziff\."


@functools.cache
def anchor_parts() -> tuple[tuple[str, str], ...]:
    """The anchor's alternatives as (the characters it can start with, its pattern)."""
    # reporters whose names have fewer than two capitals are named here (the others are abbreviation-shaped)
    upper = "|".join(re.escape(n) for n in sorted(case.reporter_names(), key=len, reverse=True)
                     if n[0].isupper() and len(_CAPITALS.findall(n)) < 2)
    return (
        ("§", r"(?P<de_sign>§§?(?=\s*\d))"),
        # a law's name as a compound ("Einkommensteuergesetzes"); a word with two capitals (no backtracking into its
        # lowercase run where the engine allows; the word start tested after its first letter, so that the scan's
        # union rejects a position with one test of that letter: core.scan._union); a word with one: a statute
        # sign, a decision type, "Ebd.", a reporter, a docket's Roman senate or letter
        ("A-ZÄÖÜ", rf"(?P<de_abbr>[A-ZÄÖÜ](?<!{_NOT_BEFORE}.)[a-zäöüß]*{_POSSESSIVE}(?:[A-ZÄÖÜ]|{_LAW_ENDING}))"),
        # (apart, so that the scan tests this one's first two letters before its lookbehinds: core.scan.lead)
        ("A-ZÄÖÜ", rf"{_WORD_START}(?P<de_word>(?<![.\-])(?:(?:{_STATUTE_WORDS})(?=[ \t]*\d)"
                   rf"|(?:{_DECISION_WORDS})(?={_DECISION_NEXT})"
                   rf"|Ebd\.|Ebenda\b|(?:{upper})(?=\.?[ \t]+\d)|I(?=[a-z]?{_BARE_DOCKET})"
                   rf"|[BLS](?=[ \t]+\d{{1,2}}{_BARE_DOCKET})))"),
        # a level without its unit ("Abs. 2 erfasst …"): apart, behind the lead of its own first letters (in de_word,
        # the lead "Ab" of every "Abschnitt" would enter that alternation)
        ("AN", rf"{_WORD_START}(?P<de_level>(?<![.\-])(?:{_LEVEL_WORDS})(?={_LEVEL_NEXT}))"),
        ("0-9", rf"(?<![\w.,/])(?P<de_num>\d{{1,2}}(?:\.[ \t]?(?:\d{{1,2}}\.[ \t]?\d{{2,4}}|(?:{_MONTHS})[ \t]?\d{{4}})"
                rf"(?=[ \t]*[-–—,(]?[ \t]*{_DOCKET_START})|(?={_BARE_DOCKET})"
                rf"|\d\d-\d\d-\d\d(?=[ \t]*[-–—,(]?[ \t]*{_DOCKET_START})))"),
    )


@functools.cache
def _anchor() -> str:
    return anchor_of(anchor_parts())


@functools.cache
def _lowercase_reporters() -> list[str]:
    return sorted((n for n in case.reporter_names() if not n[0].isupper()), key=len, reverse=True)


# Anchors that start with a common lowercase letter are found as literals (core.scan), not by the alternation:
# "ebd.", "ebenda", "a.a.O." (found at their first letter), English "section 1 KSchG" and lowercase "art. 5 GG" (at
# "sec" and "art", literals other jurisdictions share), "wistra 2005, 123".
_ID_LITERALS = ("ebd.", "ebenda", "a.a.O", "a. a. O")
_SECTION_LITERALS = ("sec", "art")
# "(§ 308 BGB, dort Nr. 3 und 4)", "(Art. 6 Abs. 1 DSGVO), lit. f …": levels continuing the unit cited just before
_LEVEL_LITERALS = ("dort", "lit.")


@functools.cache
def _literal_anchor() -> str:
    lower = "|".join(re.escape(n) for n in _lowercase_reporters())
    return (r"(?<![\w.])(?:(?P<de_id>ebd\.|ebenda\b|a\.[ \t]?a\.[ \t]?O\.)"
            rf"|(?P<de_there>dort)(?=[ \t]+(?:{_THERE_LEVELS}){_LEVEL_NEXT})"
            rf"|(?P<de_level>lit\.)(?={_LEVEL_NEXT})"
            r"|(?P<de_section>(?:s(?:ections?|ecs?\.)|art\.)(?=[ \t]*\d))"
            + (rf"|(?P<de_lower>(?:{lower})(?=\.?[ \t]+\d))" if lower else "") + ")")


class GermanExtractor(Extractor):

    """German statutes (§, Art.), decisions by court, date and docket, reporters, ECLIs, and the continuations and
    ``ebd.``/``a.a.O.`` forms (the module docstring lists the stops)."""

    @property
    def anchor(self) -> str:
        return _anchor()

    @property
    def anchor_parts(self) -> tuple[tuple[str, str], ...]:
        return anchor_parts()

    @property
    def literals(self) -> tuple[str, ...]:
        return (*_ID_LITERALS, *_SECTION_LITERALS, *_LEVEL_LITERALS, *_lowercase_reporters())

    @property
    def literal_anchor(self) -> str:
        return _literal_anchor()

    @property
    def literals_not_in(self) -> dict[str, tuple[str, ...]]:
        """English ``section 1 KSchG`` is not German prose's; ``ebd.``, ``a.a.O.`` and the German reporters are not
        English prose's (core.scan: those passes over the text are saved)."""
        return {"de": ("sec",), "en": (*_ID_LITERALS, *_LEVEL_LITERALS, *_lowercase_reporters())}

    def extract(self, text: str, anchor: re.Match, ctx: Context) -> Sequence[Citation]:
        kind, pos = anchor.lastgroup, anchor.start()
        if kind == "de_sign":
            return statutes(text, pos, ctx)
        if kind == "de_abbr":
            return _abbreviation(text, pos, ctx)
        if kind == "de_word":
            return _word(text, pos, anchor.group(), ctx)
        if kind == "de_num":
            return _docket(text, pos) if anchor.group().isdigit() else _dated(text, pos)
        if kind == "de_section":
            return statutes(text, pos, ctx)
        if kind == "de_id":
            return _id(text, pos)
        if kind == "de_there":
            return _continuation(text, pos, pos + len("dort"), Form.ID, "last", ctx)
        if kind == "de_level":
            return _continuation(text, pos, pos, Form.SHORT, "unit", ctx)
        if kind == "de_lower":
            return _reporter(text, pos)
        return []


def _abbreviation(text: str, pos: int, ctx: Context) -> list[Citation]:
    """A word with two capitals (or a law's name as a compound): an ECLI, a court, a reporter, a Roman-numbered
    docket, a law named alone."""
    if text.startswith("ECLI:", pos):
        return case.ecli_citation(text, pos)
    court = case.court_at(text, pos)
    if court is not None:
        name, start, end = court
        found = _at_court(text, start, name, end)
        if found:
            return found
    found = _reporter(text, pos)
    if found:
        return found
    if _ROMAN_DOCKET.match(text, pos):
        return _docket(text, pos)
    return _law_alone(text, pos, ctx)


_ROMAN_DOCKET = re.compile(r"[IVX]+[a-z]?" + _BARE_DOCKET)
# what follows a court's name when it is cited: a decision type, a date, a docket, a reporter ("BGH GRUR 2006, 930")
_AFTER_COURT = re.compile(r"-(?:Urt|Besch|Entsch)|[ \t]*(?:[,:(<]|vom\b|v\.|\d|[IVX]+[a-z]?[ \t]|in[ \t]"
                          r"|(?:Urt|Beschl|Entsch|Gerichtsb|Kammerb)|[A-ZÄÖÜa-z][\w/&+.\-]*[ \t]+(?:[IVX]+[ \t]+)?\d)")


def _at_court(text: str, pos: int, court: str, end: int, decision_type: str | None = None) -> list[Citation]:
    if not _AFTER_COURT.match(text, end):
        return []
    d = case.parse(text[end : end + case.WINDOW], "court_rest")
    if d is None:
        return []
    if court in case.reporting_only_courts():  # "EuGH GRUR 2010, 933": the German reporter's cite, not the docket
        if d.reporter is None:
            return []
        d = dataclasses.replace(d, dockets=[])
    return case.decision_citations(text, pos, d, end, court, decision_type)


def _reporter(text: str, pos: int) -> list[Citation]:
    named = case.reporter_at(text, pos)
    if named is None:
        return []
    name, end = named
    rep = case.parse(text[end : end + case.WINDOW], "reporter")
    if rep is None:
        return []
    if rep.name:  # the series: "BStBl II"
        name = f"{name} {rep.name}"
    return case.reporter_citations(text, Span(pos, end + rep.end), rep, name)


def _word(text: str, pos: int, word: str, ctx: Context) -> list[Citation]:
    if _STATUTE_WORD.fullmatch(word):
        return statutes(text, pos, ctx)
    if word in ("Ebd.", "Ebenda"):
        return _id(text, pos)
    if len(word) == 1:  # "I R 83/07", "L 4 KR 295/14": a docket
        return _docket(text, pos)
    prose = case.court_in_prose(text, pos)
    if prose is not None:
        return _at_court(text, pos, prose[0], prose[2], prose[1])
    found = _reporter(text, pos)
    if found:
        return found
    d = case.parse(text[pos : pos + case.WINDOW], "decision")
    return case.decision_citations(text, pos, d, pos, None) if d is not None else []


_VOM = re.compile(r"(?:vom|v\.)[ \t]+$")
# the proceedings a docket names: "Revisionsverfahren B 14 AS 5/15 R", "Ausgangsverfahrens zu 1 BvL 7/14"
_PROCEEDINGS = re.compile(r"(?:[A-ZÄÖÜ][a-zäöüß]*verfahren|Verfahren|Aktenzeichen)s?"
                          r"(?:[ \t]+(?:zu|zum|im|unter)(?:[ \t]+(?:dem|den|Aktenzeichen|Az\.))?)?[ \t]+$")


def _dated(text: str, pos: int) -> list[Citation]:
    """``vom 20. Dezember 1995 - 6 B 35.95``: a decision by date and docket, its court named before it."""
    return _courtless(text, pos, "dated", _VOM, 6)


def _docket(text: str, pos: int) -> list[Citation]:
    """A docket alone (its court named before it); the span takes the proceedings word before it."""
    return _courtless(text, pos, "docket", _PROCEEDINGS, 50)


def _courtless(text: str, pos: int, entry: str, lead: re.Pattern, reach: int) -> list[Citation]:
    """A decision without its court (:mod:`.link` gives it the one named before it), parsed from ``entry``; its span
    starts at the ``lead`` words before ``pos`` where they are (``vom``, ``Revisionsverfahren``)."""
    d = case.parse(text[pos : pos + case.WINDOW], entry)
    if d is None:
        return []
    before = lead.search(text, max(0, pos - reach), pos)
    return case.decision_citations(text, before.start() if before else pos, d, pos, None)


# A law named alone ("EStG", "SGB II", "des Einkommensteuergesetzes"): a work-level citation, German text only,
# not a commentary's title ("Zöller, ZPO, 32. Aufl.", "MüKo-ZPO").
_WORD = re.compile(r"[A-ZÄÖÜ][\wÄÖÜäöüß&\-]*")
_EDITION = re.compile(r"[ \t]*,?[ \t]*(?:\d+\.[ \t]*Aufl|Kommentar\b|Komm\.|Bd\.[ \t]*\d"
                      r"|§+[ \t]*\d+[a-z]?[ \t]*(?:Rn|Rz|Rdnr)\b)")   # ("Kirchhof, EStG, § 9 Rz G 60": a commentary)


def _law_alone(text: str, pos: int, ctx: Context) -> list[Citation]:
    if not (ctx.language == "de" or ctx.jurisdiction == "de"):
        return []
    if pos and text[pos - 1] in "-/":
        return []  # "MüKo-ZPO", "Wieczorek/Schütze": part of a commentary's name
    word = _WORD.match(text, pos)
    if word is None:
        return []
    named = ctx.own(NamedLaws).works
    if word.group() in named:  # "… § 37 Abs. 2 BbgHG … werden im BbgHG geregelt": a law this text cites
        law = de_laws.LawMatch(named[word.group()], False, word.end(), word.group())
    elif de_laws.index().may_name(word.group()):
        law = de_laws.match_law(text, pos, allow_unknown=False) or de_laws.defined_law(text, pos)
    else:
        law = de_laws.defined_law(text, pos)
    if law is None or law.agreement or law.end > pos + 80 or _EDITION.match(text, law.end):
        return []
    if law.printed in case.federal_courts():
        return []   # "Das BSG hat entschieden": the court, not a law of the same letters (BSG 2014)
    if ctx.prose not in (None, "de"):
        return []  # German-language text whose prose is another country's (Swiss): asked only once a law matched
    if not law.known:
        if _claimed_elsewhere(law.printed):
            return []
        named[law.printed] = law.work
    span = Span(pos, law.end)
    metadata = StatuteMetadata(work_only=True, unknown_work=None if law.known else law.printed)
    return [Citation(jurisdiction="de", kind=Kind.STATUTE, work=law.work, span=span, text=text[span.start:span.end],
                     metadata=metadata)]


def knows_name(printed: str) -> bool:
    """Whether the German law table knows the abbreviation ``printed`` (other jurisdictions' chains end there)."""
    return de_laws.index().lookup_abbr(printed) is not None


# the words, without a boundary in front, so that the engine skips to their first letters (B, D, G)
_CUE_WORDS = re.compile(r"(?:BGHZ?|BVerfGE?|BVerwG|BFH|BSG|BAG|Bundesrepublik|Deutschland|Germany?)\b")


def cue_count(text: str) -> int:
    """How often ``text`` reads as German prose (ß, the federal courts, Deutschland): the pipeline's tie-break.
    The words count where a word starts (the boundary in front is tested here: a regex that starts with one is
    tried at every position)."""
    n = text.count("ß")
    for m in _CUE_WORDS.finditer(text):
        before = text[m.start() - 1] if m.start() else ""
        if not (before.isalnum() or before == "_"):
            n += 1
    return n


def _claimed_elsewhere(printed: str) -> bool:
    return claimed_elsewhere(printed, besides="de")


# "ebd." / "ebenda" / "a.a.O.": the previous citation again (an id form; link() fills it in), with the levels it
# prints in place of that citation's ("ebd. S. 2": Satz 2 of the provision cited before, page 2 of a decision)
_ID = re.compile(r"(?:[Ee]bd\.|[Ee]benda\b|a\.[ \t]?a\.[ \t]?O\.)")
_ID_PIN = re.compile(r"[ \t]*,?[ \t]*((?:Rn|Rz|S)\.?[ \t]*(\d+))")
# after "ebd. S. 2": more levels, a range or f./ff. (then the grammar reads the chain)
_MORE_LEVELS = re.compile(r"[ \t]*(?:,[ \t]*)?(?:[A-Z]|lit|f\.|ff|bis|und|[-–])")

_ID_LEVELS = re.compile(r"[ \t]*,?[ \t]*")


def _id(text: str, pos: int) -> list[Citation]:
    m = _ID.match(text, pos)
    if m is None:
        return []
    pin = _ID_PIN.match(text, m.end())
    end = pin.end() if pin else m.end()
    if pin and pin.group(1)[0] == "S" and not _MORE_LEVELS.match(text, end):
        # "ebd. S. 2", "a.a.O., S. 5": Satz 2 where the citation before is a provision, else a page (read without the
        # grammar: the commonest form after a.a.O.)
        return [Citation(jurisdiction="de", kind=Kind.STATUTE, work=None, units=(Unit("satz", pin.group(2)),),
                         span=Span(pos, end), text=text[pos:end], pin=pin.group(1), form=Form.ID)]
    read = levels(text, _ID_LEVELS.match(text, m.end()).end()) if not (pin and pin.group(1)[0] == "R") else None
    paths, end = (read[0], max(end, read[1])) if read else ([()], end)
    if pin and pin.group(1)[0] == "S":
        paths = paths[:1]  # "a.a.O., S. 12 f.": a page (and the next) where the citation before is no provision
    return [Citation(jurisdiction="de", kind=Kind.STATUTE, work=None, units=units, span=Span(pos, end),
                     text=text[pos:end], pin=pin.group(1) if pin else None, form=Form.ID) for units in paths]


# what a bare level after another reference follows: a number, a Roman numeral or a letter ("BayObLGZ 1996 Nr. 6",
# "BGBl. I Nr. 12", "Anlage 1 Nr. 3", "Teil B Nr. 2"), or a noun or abbreviation that is no law's name
# ("Geschäftsanteil Nr. 1", "BGBl. Nr. 5"; "§ 626 BGB Abs. 2" continues § 626)
_BEFORE_LEVEL = re.compile(r"(?:(?P<number>\d[\d./]*|\b[IVX]+|\b[A-Z])|(?P<word>\b[A-ZÄÖÜ][\w/-]*)\.?)[ \t]*,?[ \t]*$")
# capitalised at a sentence's start, these words lead into a level as their lowercase forms do ("Nach Abs. 2 …")
_LEADS = frozenset({"Nach", "Gemäß", "Gemäss", "Gem", "Laut", "Lt", "Vgl", "Siehe", "S", "Die", "Der", "Das", "Des",
                    "Dem", "Den", "In", "Im", "Aus", "Auch", "Und", "Sowie", "Oder", "Bzw", "Ferner", "Zudem", "Dazu",
                    "Hierzu", "Insbesondere", "Außerdem", "Ausserdem"})
# a statute's own text numbers its Absätze at a line's start ("(2) Absatz 1 gilt entsprechend"): its bare levels are
# its own, also after it cites another law ("nach § 5 des Heimarbeitsgesetzes … in Satz 1 Nr. 5 genannten"); looked for
# as a string (a regex anchored at each line's start would test every position of the text)
_STATUTE_ABSATZ = "(2) "
# a written-out level with its number right before an abbreviated one ("Satzes 2 Nr. 2", "Absatz 1 lit. a"): the
# chain's first level (alone, the written-out form is a statute's own reference and no anchor)
_WRITTEN_OUT_BEFORE = re.compile(r"(?<![\wäöüß])(?:Abs(?:atz(?:es)?|ätzen?)|S(?:atz(?:es)?|ätzen?))"
                                 r"[ \t]+\d+[a-z]?[ \t]+$")


_UNIT_SIGN = re.compile(r"§|\bArt(?:\.|ikel)[ \t]*\d")
_SENTENCE_END = re.compile(r"[.!?;][ \t]+(?=[A-ZÄÖÜ(])|\n")
_SENTENCE_REACH = 300


def _sentence_start(text: str, pos: int) -> int:
    start = max(0, pos - _SENTENCE_REACH)
    for m in _SENTENCE_END.finditer(text, start, pos):
        start = m.end()
    return start


def _other_reference(text: str, pos: int) -> bool:
    """Whether the bare level at ``pos`` is part of a reference that is no provision cited before (a reporter's
    number, a gazette's, an annex's): what stands before it says so, unless that is a law's name (``§ 626 BGB
    Abs. 2``)."""
    m = _BEFORE_LEVEL.search(text, max(0, pos - 40), pos)
    if m is None:
        return False
    if m.group("number"):
        return True
    name = m.group("word")
    if m.group().rstrip(" \t,").endswith(".") and len(_CAPITALS.findall(name)) < 2:
        return False  # "… die fristlose Kündigung. Abs. 2 bestimmt …": a sentence ends there (not "BGBl. Nr. 5")
    return name not in _LEADS and not (knows_name(name) or _claimed_elsewhere(name))


@dataclass
class _StatuteText:
    """Per document: whether it is a statute's own text (:data:`_STATUTE_ABSATZ`), looked for once, at its first bare
    level."""

    own: bool | None = None


def _statute_text(ctx: Context) -> bool:
    state = ctx.own(_StatuteText)
    if state.own is None:
        state.own = ctx.text.startswith(_STATUTE_ABSATZ) or "\n" + _STATUTE_ABSATZ in ctx.text
    return state.own


def _continuation(text: str, pos: int, at: int, form: Form, continues: str, ctx: Context) -> list[Citation]:
    """The levels at ``at`` (``dort Nr. 3 und 4``, a bare ``Abs. 2``): one citation per provision, without a work
    until link.py binds it to the unit it continues (core.link: ``continues`` is ``"last"`` for the citation just
    before, ``"unit"`` for the article or § cited last)."""
    if continues == "unit":
        if _statute_text(ctx):
            return []
        lead = _WRITTEN_OUT_BEFORE.search(text, max(0, pos - 30), pos)
        if lead is not None:  # "des in § 7 GewStG eingefügten Satzes 2 Nr. 2": the chain starts at the written-out
            # level — only where its sentence cites the unit (a statute's "im Sinne des Satzes 1 Nr. 2" is its own)
            if not _UNIT_SIGN.search(text, _sentence_start(text, lead.start()), lead.start()):
                return []
            pos = at = lead.start()
        if _other_reference(text, pos):
            return []
    read = levels(text, _ID_LEVELS.match(text, at).end())
    if read is None:
        return []
    paths, end = read
    flags = {CONTINUES: continues}
    return [Citation(jurisdiction="de", kind=Kind.STATUTE, work=None, units=units, span=Span(pos, end),
                     text=text[pos:end], form=form, _link=flags) for units in paths]


EXTRACTOR = GermanExtractor()
