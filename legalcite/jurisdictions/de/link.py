"""Linking of German short forms: a ``§`` without a law, ``ebd.``/``a.a.O.``, a decision without a court."""
from __future__ import annotations

import dataclasses
import re

from legalcite.core.scan import Context
from legalcite.keys import work_id
from legalcite.models import Citation, Form, Kind, Unit


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    """Bind German short forms: a § without a law takes the law of the previous statute citation in the same
    paragraph when that one is German (after an EU act, ``Art. 7 Abs. 3`` is left to the EU linker); ``ebd.``/
    ``a.a.O.`` are not citations themselves; a decision without a court (``Urteil vom 13. Mai 2004 – 2 AZR
    426/03``) takes the court of the previous decision in the same paragraph."""
    out: list[Citation] = []
    last_law: tuple[str, int] | None = None
    last_court: tuple[str, int] | None = None
    text = ctx.text
    german_text = ctx.language == "de" or ctx.jurisdiction == "de"
    for i, c in enumerate(citations):
        if c.jurisdiction != "de":
            if c.kind is Kind.STATUTE and c.work is not None:
                last_law = None  # "Art. 6 DSGVO … Art. 7 Abs. 3": a bare Art. now refers to that act (its linker's)
            out.append(c)
            continue
        if c.form is Form.ID:
            # ebd. / a.a.O.: the citation just before it, if that is German and in the same paragraph
            prev = out[-1] if out else None
            if prev is not None and prev.jurisdiction == "de" and prev.work is not None \
                    and "\n\n" not in text[prev.span.end : c.span.start]:
                c = c.replace(kind=prev.kind, work=prev.work, units=prev.units, antecedent=len(out) - 1,
                              metadata=dataclasses.replace(prev.metadata, id_form=c.text))
            out.append(c)
            continue
        if c.kind is Kind.STATUTE:
            if c.work is None and last_law and "\n\n" not in text[last_law[1] : c.span.start]:
                c = c.replace(work=last_law[0], form=Form.SHORT, antecedent=_index_of(out, last_law[1]))
            if c.work is None and not german_text:
                continue  # "§ 1542" in English or Chinese prose is not a German citation
            if c.work is not None:
                last_law = (c.work, c.span.end)
        elif c.kind is Kind.CASE:
            if c.work is None and last_court and "\n\n" not in text[last_court[1] : c.span.start]:
                docket = c.metadata.docket or ""
                c = c.replace(work="case", units=(Unit("", last_court[0]), Unit("", work_id(re.sub(r"\s+", " ", docket)))),
                              antecedent=_index_of(out, last_court[1]))
            if c.work == "case" and c.units:
                last_court = (c.units[0].value, c.span.end)
        out.append(c)
    return out


def _index_of(cites: list[Citation], end: int) -> int | None:
    for j in range(len(cites) - 1, -1, -1):
        if cites[j].span.end == end:
            return j
    return None
