"""International treaties (``int``): European Court of Human Rights judgments by application number
(``no. 13444/04``, ``Nr. 68959/01``, ``requête n° 23380/09`` → ``int/case/echr/13444-04``).

Treaty articles (``Art. 6 Ziff. 1 EMRK``, ``Article 6 § 1 ECHR``, ``Art. 1 Abs. 1 lit. a CISG``) are read by the
Swiss extractor (:mod:`legalcite.jurisdictions.ch.extract`): they are printed in the same article chains and named
by the same classified compilation, whose table gives them their ``int`` keys.

An application number is only a number: it is read when the European Court of Human Rights is named within the
300 characters before it (``EGMR``, ``ECtHR``, ``Cour européenne …``), when the number is called an application
(``application no.``, ``requête n°``, ``Beschwerde-Nr.``), or when a case name (``X v. Y``) comes before it and the
Court's reports or a paragraph pin after it (``no. 48787/99, ECHR 2004-VII``).
"""
from __future__ import annotations

import functools
import re
from typing import Sequence

from legalcite.core.data import load
from legalcite.core.scan import Context, Extractor
from legalcite.models import CaseMetadata, Citation, Kind, Span, Unit

LOOKBACK = 300

_NUMBER = r"\d{1,6}/\d{2}(?![\d/])"
# "no. 13444/04", "Nr. 68959/01", "requête n° 23380/09", "application nos. 123/04 and 456/05": what may precede
# the first number (read backwards from it) and the list that may follow it
_CALLED = re.compile(r"(?:(?P<called>[Aa]pplications?|[Rr]equêtes?|[Rr]icors[oi]|Beschwerden?)[ \t-]*)?"
                     r"(?:[Nn]os?\.|Nrn?\.|n[°o]s?|N°|no)[ \t]*$")
_LIST = re.compile(r"%s(?:[ \t]*(?:,|and|und|et|e)[ \t]*%s)*" % (_NUMBER, _NUMBER))
# The anchor is the number itself (digits are cheap to test; "no." before it is read backwards).
ANCHOR = r"(?=[0-9])(?<![\d/])" + _NUMBER


# "Ilaşcu and Others v. Moldova and Russia [GC], no. 48787/99, ECHR 2004-VII": a case name before, the Court's
# reports (or a paragraph pin) after
_CASE_NAME = re.compile(r"\s(?:v\.|c\.)\s+[A-Z]")
_REPORTS = re.compile(r"\s*(?:,\s*)?(?:ECHR\s+\d{4}|CEDH\s+\d{4}|§+\s*\d|\[GC\]|(?:judgment|arrêt)\s)")


@functools.cache
def _court() -> re.Pattern:
    names = sorted(load(__package__, "treaties.json")["ecthr_court"], key=len, reverse=True)
    return re.compile("|".join(re.escape(n) for n in names))


class TreatyExtractor(Extractor):
    """European Court of Human Rights judgments by application number (treaty articles are the Swiss extractor's: the
    module docstring says why and when a number counts)."""

    anchor = ANCHOR

    def extract(self, text: str, anchor: re.Match, ctx: Context) -> Sequence[Citation]:
        pos = anchor.start()
        before = _CALLED.search(text, max(0, pos - 40), pos)
        if not before:
            return []
        start = before.start()
        m = _LIST.match(text, pos)
        if not (before.group("called") or _court().search(text, max(0, start - LOOKBACK), start)
                or _CASE_NAME.search(text, max(0, start - 150), start) and _REPORTS.match(text, m.end())):
            return []
        span = Span(start, m.end())
        out = []
        for num in re.findall(_NUMBER, m.group()):
            out.append(Citation(jurisdiction="int", kind=Kind.CASE, work="case",
                                units=(Unit("", "echr"), Unit("", num.replace("/", "-"))), span=span,
                                text=text[span.start:span.end], metadata=CaseMetadata(court="ECtHR", docket=num)))
        return out


EXTRACTOR = TreatyExtractor()
