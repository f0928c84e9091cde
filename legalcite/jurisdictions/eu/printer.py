"""EU keys → readable citations, in English (the default, the language EU law is most cited in across the
Union: ``Article 6(1), first subparagraph, point (f) GDPR``), German (``Art. 6 Abs. 1 UAbs. 1 lit. f DSGVO``) or
French (``article 6, paragraphe 1, premier alinéa, point f) RGPD``).

One rule: the act's short name where the tables give one (``DSGVO``/``GDPR``, ``AEUV``/``TFEU``, ``GRCh``/
``Charter``), else its number in the form of its time (``der Verordnung (EU) 2016/679``, ``der Verordnung (EG)
Nr. 593/2008``, ``der Richtlinie 93/13/EWG``). Every printed citation parses back to its key (tested over the
tables). Cases print as their number (``EuGH, C-486/08``; before 1989 ``Rs. 6/72``), ECLI keys as the ECLI.
"""
from __future__ import annotations

from collections.abc import Sequence

import re

from legalcite.jurisdictions.eu import acts as _acts
from legalcite.keys import split, split_segment
from legalcite.jurisdictions.interface import Printer

LANGUAGES = ("en", "de", "fr")   # the registry asks for no other (jurisdictions.Jurisdiction.print_key)
_ORD = {"en": ("first", "second", "third", "fourth", "fifth", "sixth"),
        "fr_sub": ("premier", "deuxième", "troisième", "quatrième", "cinquième", "sixième"),
        "fr_satz": ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième")}


def _ordinal(value: str, table: str) -> str | None:
    n = int(value) if value.isdigit() else 0
    return _ORD[table][n - 1] if 1 <= n <= len(_ORD[table]) else None
_TYPE_NAME = {"de": {"reg": "Verordnung", "dir": "Richtlinie", "dec": "Beschluss"},
              "en": {"reg": "Regulation", "dir": "Directive", "dec": "Decision"},
              "fr": {"reg": "règlement", "dir": "directive", "dec": "décision"}}
# the series of an act's number by date: EWG/EEC before 1993, EG/EC until the Lisbon Treaty, then EU
_SERIES = {"de": ("EWG", "EG", "EU"), "en": ("EEC", "EC", "EU"), "fr": ("CEE", "CE", "UE")}
_SHORT_FR = {"reg-2016-679": "RGPD", "tfeu": "TFUE", "teu": "TUE", "charter": "Charte"}


def _series(year: int, language: str) -> str:
    old, mid, new = _SERIES[language]
    return old if year < 1993 else (mid if year < 2010 else new)


def act_name(work: str, language: str = "en") -> str:
    """How a citation names the act after its article: the short name, else the number (with ``der``/``of``)."""
    idx = _acts.index()
    if language == "fr" and work in _SHORT_FR:
        return _SHORT_FR[work]
    short = idx.short(work, "de" if language == "de" else "en") if work in idx.acts else None
    if short and idx.match_name(short, 0) and idx.match_name(short, 0).work == work:
        return short
    m = re.match(r"^(reg|dir|dec)-(\d{4})-(\d+)$", work)
    if not m:
        return work.upper()
    kind, year, num = m.group(1), int(m.group(2)), m.group(3)
    lead = {"de": "des" if kind == "dec" else "der", "en": "of", "fr": "du" if kind == "reg" else "de la"}[language]
    form = _number_form(kind, year, num, language)
    return f"{lead} {form.replace('Beschluss', 'Beschlusses', 1) if language == 'de' and kind == 'dec' else form}"


def _number_form(kind: str, year: int, num: str, language: str) -> str:
    """``Verordnung (EU) 2016/679``, ``Verordnung (EG) Nr. 593/2008``, ``Richtlinie 93/13/EWG`` (the form of the
    act's time: one numbering since 2015, regulations number-first with ``Nr.``/``No`` before)."""
    name = _TYPE_NAME[language][kind]
    if year >= 2015:
        return f"{name} ({_series(year, language)}) {year}/{num}"
    if kind == "reg":
        no = {"de": "Nr.", "en": "No", "fr": "n°"}[language]
        return f"{name} ({_series(year, language)}) {no} {num}/{year}"
    yy = str(year) if year >= 1999 else str(year)[2:]
    return f"{name} {yy}/{num}/{_series(year, language)}"


def _units_de(pairs: list[tuple[str, str]]) -> str:
    out = []
    for label, value in pairs:
        out.append({"art": f"Art. {value}", "recital": f"Erwägungsgrund {value}", "par": f"Abs. {value}",
                    "sub": f"UAbs. {value}", "satz": f"Satz {value}",
                    "pt": f"Nr. {value}" if value.isdigit() else f"lit. {value}"}.get(label, f"{label} {value}"))
    return " ".join(out)


def _units_en(pairs: list[tuple[str, str]], work: str) -> str:
    if not pairs:
        return ""
    label, value = pairs[0]
    if label == "recital":
        return f"Recital {value}"
    head = f"Article {value}"
    rest = pairs[1:]
    if rest and rest[0][0] == "pt" and rest[0][1].isdigit() and _acts.index().point_article(work, value):
        # a definitions article: "Article 4(1)" is point (1)
        head += f"({rest[0][1]})"
        rest = rest[1:]
    tail = []
    for label, value in rest:
        if label == "par" and not tail and "(" not in head[len("Article "):]:
            head += f"({value})"
        else:
            tail.append(_unit_en(label, value) or f"{label} {value}")
    return ", ".join([head, *tail])


def _unit_en(label: str, value: str) -> str | None:
    """One unit in English, as it follows an article: ``paragraph 2``, ``first subparagraph``, ``point (f)``."""
    if label == "par":
        return f"paragraph {value}"
    if label in ("sub", "satz") and _ordinal(value, "en"):
        return f"{_ordinal(value, 'en')} {'subparagraph' if label == 'sub' else 'sentence'}"
    if label == "pt":
        return f"point ({value})"
    if label in ("art", "recital"):
        return f"{label.capitalize() if label == 'recital' else 'Article'} {value}"
    return None


# a level's name in a list of its members ("Article 6 GDPR has paragraphs 1–4"): what the store resolver says
LEVEL_NAMES = {"art": "articles", "par": "paragraphs", "sub": "subparagraphs", "pt": "points", "satz": "sentences"}


def print_units(segs: Sequence[str], language: str | None = None) -> str | None:
    """Unit segments without the act, in English: ``["par9"]`` → ``paragraph 9``, ``["pt", "z"]`` → ``point (z)``."""
    units = [_unit_en(*split_segment(seg)) for seg in segs]
    return None if None in units else ", ".join(units)


def _units_fr(pairs: list[tuple[str, str]]) -> str | None:
    """French units, or None where French has no form here (recitals, far ordinals): the caller prints English."""
    out = []
    for label, value in pairs:
        if label == "art":
            out.append(f"article {value}")
        elif label == "par":
            out.append(f"paragraphe {value}")
        elif label == "pt":
            out.append(f"point {value})" if value.isalpha() else f"point {value}")
        elif label in ("sub", "satz") and _ordinal(value, f"fr_{label}"):
            out.append(f"{_ordinal(value, f'fr_{label}')} {'alinéa' if label == 'sub' else 'phrase'}")
        else:
            return None
    return ", ".join(out)


def print_key(key: str, language: str | None = None) -> str | None:
    """A readable citation for an ``eu/...`` key (see the module docstring), in ``language`` (English by default);
    None when it has no form for it."""
    language = language or "en"
    jur, work, segs = split(key)
    if jur != "eu":
        return None
    if work == "case" and segs:
        m = re.match(r"^([ctf])-(\d+)-(\d{2})$", segs[0])
        if not m:
            return None
        prefix, num, year = m.group(1).upper(), m.group(2), m.group(3)
        old = prefix == "C" and 50 <= int(year) <= 88
        number = f"{num}/{year}" if old else f"{prefix}-{num}/{year}"
        court = {"C": "EuGH", "T": "EuG", "F": "EuGöD"}[prefix]
        if language == "de":
            return f"{court}, Rs. {number}"
        return f"{'Case' if language == 'en' else 'aff.'} {number}"
    if work == "ecli" and segs:
        m = re.match(r"^([ctf])-(\d{4})-(\d+)$", segs[0])
        return f"ECLI:EU:{m.group(1).upper()}:{m.group(2)}:{m.group(3)}" if m else None
    pairs = [split_segment(s) for s in segs]
    name = act_name(work, language)
    if not pairs:
        return act_alone(work, language)
    if language == "fr":
        units = _units_fr(pairs)
        if units is None:
            language, name = "en", act_name(work, "en")
        else:
            return f"{units}, {name}" if name.startswith(("du ", "de la ")) else f"{units} {name}"
    if language == "en":
        units = _units_en(pairs, work)
        return f"{units}{',' if ', ' in units and name.startswith('of ') else ''} {name}"
    return f"{_units_de(pairs)} {name}"


def act_alone(work: str, language: str = "en") -> str:
    """The act itself (a work-level key): its number, with the short name in brackets (``Verordnung (EU) 2016/679
    (DSGVO)``); the treaties and the Charter by name (a name alone is a mention, not a citation: docs/keys.md)."""
    m = re.match(r"^(reg|dir|dec)-(\d{4})-(\d+)$", work)
    if not m:
        return act_name(work, language)
    lang = "en" if language == "fr" else language
    numbered = _number_form(m.group(1), int(m.group(2)), m.group(3), lang)
    short = act_name(work, language)
    return numbered if short.startswith(("der ", "des ", "of ", "du ", "de la ")) else f"{numbered} ({short})"


# sub-units in reasons are English in every language (LEVEL_NAMES too)
PRINTER = Printer(print_key, print_units, LEVEL_NAMES, LANGUAGES)
