"""Repeal and application read from the EU acts' own texts, as the Chinese reader reads ``……同时废止``.

An act of the snapshot that repeals another says so in an article of its own (GDPR Art. 94: "Directive 95/46/EC
is repealed with effect from 25 May 2018"; DSA Art. 89: "Articles 12 to 15 of Directive 2000/31/EC are deleted";
NIS 2 Art. 42: "In Regulation (EU) No 910/2014, Article 19 is deleted with effect from 18 October 2024"), and
usually where its references now point ("References to the repealed Directive shall be construed as references
to this Regulation"; "… to Articles 4, 5, 6 and 8 of this Regulation, respectively"). :class:`Clauses` reads both
with the EU extractor (the acts and articles named are keys like any citation's), and the article on entry into
force and application ("It shall apply from 25 May 2018"; "However, … shall apply from 16 November 2022"): the
earliest date from which any part of the act applies, where the act says when it applies as a whole.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from legalcite.corpora import CorpusUnit
from legalcite.corpora.snapshots import Work, in_force
from legalcite.pipeline import extract

_SENTENCE = re.compile(r"(?<=[.;])\s+(?=[A-Z(\d])|\n")
_NUMBER = re.compile(r"^\s*\d+\.\s+")
_REPEAL = re.compile(r"^(?P<what>.+?)\s+(?:is|are)\s+(?:hereby\s+)?(?P<how>repealed|deleted)\b(?P<rest>.*)$", re.S)
_EFFECT = re.compile(r"with\s+effect\s+from\s+(\d{1,2}\s+[A-Z][a-z]+\s+\d{4})")
_REFERENCES = re.compile(
    r"^(?:Any\s+)?[Rr]eferences?\s+(?:made\s+)?to\s+(?P<old>.+?)\s+shall\s+be\s+construed\s+as\s+"
    r"(?:being\s+made\s+to|references?\s+to|a\s+reference\s+to)\s+(?P<new>.+?)(?P<each>,?\s+respectively)?"
    r"(?:,?\s+and\s+shall\s+be\s+read\s+in\s+accordance\s+with\s+(?P<table>the\s+correlation\s+table[^.]*))?\.?$",
    re.S)
# what references are construed for: the repealed act or its provisions, not its bodies ("the Working Party")
_OF_PROVISIONS = re.compile(r"(?:the\s+repealed\s+|Articles?\s|Directive\s|Regulation\s)")
_SELF = re.compile(r"\bthis\s+(Regulation|Directive|Decision)\b")
_WHOLE_ACT = re.compile(r"(?:This\s+(?:Regulation|Directive|Decision)|It)\s+shall\s+apply\s+from\s+"
                        r"(\d{1,2}\s+[A-Z][a-z]+\s+\d{4})")
_APPLIES = re.compile(r"shall\s+apply\s+from\s+(\d{1,2}\s+[A-Z][a-z]+\s+\d{4})")


def _date(text: str) -> str | None:
    try:
        return _dt.datetime.strptime(" ".join(text.split()), "%d %B %Y").date().isoformat()
    except ValueError:
        return None


@dataclass
class Gone:
    """One act or provision that an act of the snapshot repeals or deletes."""

    clause: str                    # the article that says so (eu/reg-2016-679/art94)
    how: str                       # "repealed" or "deleted", as the clause says
    on: str | None                 # the date it takes effect, where the clause (or the act's application) gives it
    sentence: str
    successor: str | None = None   # what references to it are read as: an act's work id, or an article's key
    table: str | None = None       # the correlation table the clause names, where it names one

    def fields(self) -> dict[str, Any]:
        """The CorpusUnit fields of a repealed provision."""
        return {"repealed": True, "repealed_on": self.on, "replaced_by": self.successor}

    def extra(self) -> dict[str, Any]:
        """The unit's ``extra`` fields for the repeal: how (repealed or deleted), the clause, the start of its sentence
        (300 characters) and the correlation table where the clause names one."""
        return {"repeal_mark": self.how, "repeal_clause": self.clause, "repeal_text": self.sentence[:300],
                **({"correlation_table": self.table} if self.table else {})}


@dataclass
class Clauses:
    """The repeal clauses and application dates of the snapshot's acts."""

    works: dict[str, Gone] = field(default_factory=dict)          # eu/dir-1995-46 → what repealed it
    units: dict[str, Gone] = field(default_factory=dict)          # eu/dir-2000-31/art12 → what deleted it
    dates: dict[str, dict[str, Any]] = field(default_factory=dict)  # act work id → its in_force record

    @classmethod
    def read(cls, groups: Mapping[tuple[str, str], Mapping[str, dict]], by_celex: Mapping[str, dict]) -> Clauses:
        """From the snapshot's rows grouped by (CELEX, unit) → language → row (English read)."""
        out = cls()
        articles = [(act, r) for (celex, _), langs in groups.items() if (r := langs.get("en"))
                    and r.get("type") == "article" and (act := by_celex.get(celex))]
        main: dict[str, str] = {}
        for act, r in articles:   # application first: a deletion without a date takes effect when the act applies
            text = r.get("text") or ""
            if (m := _WHOLE_ACT.search(text)) and (whole := _date(m.group(1))):
                first = min([whole, *(d for x in _APPLIES.finditer(text) if (d := _date(x.group(1))))])
                main[act["work"]] = whole
                out.dates[act["work"]] = in_force(first, by=f"eu/{act['work']}/art{r['unit']}", first=True,
                                                  wording="applies from")
        for act, r in articles:
            text = r.get("text") or ""
            if "repealed" in text or "deleted" in text:
                out._read_article(act, f"eu/{act['work']}/art{r['unit']}", text, main.get(act["work"]))
        return out

    def _read_article(self, act: dict, clause: str, text: str, applies: str | None) -> None:
        gone_here: list[str] = []
        for sentence in (s.strip() for s in _SENTENCE.split(text)):
            sentence = _NUMBER.sub("", sentence)
            if (m := _REPEAL.match(sentence)) and not m.group("what").lower().startswith(("the ", "where", "if ")):
                on = (d := _EFFECT.search(m.group("rest"))) and _date(d.group(1)) or applies
                for key in _most_precise(_keys(m.group("what"), act)):
                    if key.count("/") == 1:
                        self.works[key] = Gone(clause, m.group("how"), on, sentence)
                    else:
                        self.units[key] = Gone(clause, m.group("how"), on, sentence)
                    gone_here.append(key)
            elif (m := _REFERENCES.match(sentence)) and _OF_PROVISIONS.match(m.group("old")):
                old = gone_here if m.group("old").startswith("the repealed") else \
                    _most_precise(_keys(m.group("old"), act))
                new = _most_precise(_keys(m.group("new"), act))
                pairs = list(zip(old, new)) if m.group("each") and len(old) == len(new) else \
                    [(o, new[0]) for o in old] if len(new) == 1 else []
                for o, n in pairs:
                    gone = self.works.get(o) or self.units.get(o)
                    if gone is not None:
                        gone.successor = n.split("/", 1)[1] if n.count("/") == 1 else n
                        gone.table = m.group("table")

    def records(self, source: str) -> Iterator[Work | CorpusUnit]:
        """The repealed acts (Works), the deleted provisions the full text does not hold (their acts' Works,
        incomplete where the snapshot lists none of their units), and the acts' application dates."""
        for key, g in self.works.items():
            wid = key.split("/")[1]
            yield Work(key, "eu", wid, None, (), complete=False, repealed=True, repealed_on=g.on,
                       replaced_by=g.successor, source=f"{source} ({g.clause})", extra=g.extra())
        for key, g in self.units.items():
            _, wid, seg = key.split("/", 2)
            yield CorpusUnit(key=key, jurisdiction="eu", work=wid, work_title=None, heading=None, text="",
                             language="en", **g.fields(), source=f"{source} ({g.clause})", extra=g.extra())
            yield Work(f"eu/{wid}", "eu", wid, None, (), complete=False, source=f"{source} ({g.clause})")
        for wid, since in self.dates.items():
            yield Work(f"eu/{wid}", "eu", wid, None, (), complete=False, source=source, extra={"in_force": since})


def _keys(text: str, act: dict) -> list[str]:
    """The EU keys ``text`` cites, "this Regulation" read as ``act``."""
    kind = "Regulation" if act["work"].startswith("reg-") else "Directive"
    named = _SELF.sub(f"{kind} (EU) {act['number']}", text)
    return list(dict.fromkeys(c.key for c in extract(named, jurisdiction="eu") if c.key and c.key.startswith("eu/")))


def _most_precise(keys: list[str]) -> list[str]:
    """``keys`` without those another one refines (``eu/reg-2014-910`` beside ``eu/reg-2014-910/art19``)."""
    return [k for k in keys if not any(o != k and o.startswith(k + "/") for o in keys)]
