"""Linking of US and California short forms (``Id.``, ``supra``, ``550 U.S. at 570``, ``§ 1671(b)``,
``Rule 56``): one linker for both, since a California opinion cites federal law and the other way round."""
from __future__ import annotations

from legalcite.core.link import keyed
from legalcite.core.scan import Context
from legalcite.models import Citation, Form, Kind

_STATUTE_WORKS_WITH_TITLE = ("usc", "cfr")
_RULE_WORKS = frozenset({"frcp", "frcrp", "fre", "frap"})
_US = frozenset({"us", "us-ca"})


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    """Bind the US and California short forms to their antecedents (``antecedent`` = index in the list):
    ``Id.``/``Ibid.`` → the citation just before; ``Name, supra`` → the last full case of that name;
    ``550 U.S. at 570`` → the last full case in that volume and reporter; ``§ 1671(b)`` / ``section 1542`` →
    the code of the last statute cited (its title too, for the U.S. Code and C.F.R.); ``Rule 56`` → the rule
    set last cited. A short form with no antecedent keeps ``key=None``."""
    if not any(c.jurisdiction in _US or c.form is Form.ID for c in citations):
        return citations  # every binding below needs a US antecedent, but "Id.", which repeats any citation
    out: list[Citation] = []
    last_full_case: dict[tuple[str, str], int] = {}
    cases_by_name: list[tuple[str, int]] = []
    last_statute: int | None = None
    last_rule: int | None = None
    for i, c in enumerate(citations):
        if c.form is Form.FULL and keyed(c):
            if c.kind is Kind.CASE and c.jurisdiction in _US and c.metadata.volume is not None:
                last_full_case[(c.metadata.volume, c.metadata.reporter)] = i
                if c._link.get("short_name"):
                    cases_by_name.append((c._link["short_name"].lower(), i))
            elif c.kind is Kind.STATUTE and c.jurisdiction in _US:
                if c.work in _RULE_WORKS:
                    last_rule = i
                elif c.work != "const":
                    last_statute = i
            out.append(c)
            continue
        ante: int | None = None
        if c.form is Form.ID and c._link.get("id"):
            # "Id." is the authority cited just before; if that one is unresolved, so is "Id.". A mention of an
            # amendment in prose is no authority "Id." could repeat, and "Id. at 299" (a page) needs a case.
            prev = next((j for j in range(len(out) - 1, -1, -1) if not out[j]._link.get("prose")), None)
            if prev is not None and keyed(out[prev]) and (c.pin is None or out[prev].kind is Kind.CASE):
                prev -= out[prev]._link.get("parallel_index", 0)  # a parallel group is one authority
                a = out[prev]
                # "Id." alone repeats the pin of the cite before it; the antecedent is that cite's own full
                # citation, so every short form points at a full one
                ante = a.antecedent if a.antecedent is not None else prev
                c = c.replace(jurisdiction=a.jurisdiction, kind=a.kind, work=a.work, units=a.units,
                              antecedent=ante, pin=c.pin or a.pin, metadata=None)
        elif c.form is Form.SUPRA:
            want = (c.metadata.antecedent_guess or "").lower()
            vr = (c.metadata.volume, c.metadata.reporter)
            if vr in last_full_case:
                ante = last_full_case[vr]
            else:
                for name, idx in reversed(cases_by_name):
                    if name == want or want in (out[idx].metadata.case_name or "").lower().split():
                        ante = idx
                        break
            if ante is not None:
                a = out[ante]
                c = c.replace(jurisdiction=a.jurisdiction, work=a.work, units=a.units, antecedent=ante)
        elif c.form is Form.SHORT and c.kind is Kind.CASE and c.metadata.volume is not None:
            ante = last_full_case.get((c.metadata.volume, c.metadata.reporter))
            if ante is None:  # a short cite to a parallel reporter of an earlier case
                for idx in reversed(list(last_full_case.values())):
                    par = out[idx].metadata.parallel
                    if any(p.startswith(f"{c.metadata.volume} {c.metadata.reporter} ") for p in par):
                        ante = idx
                        break
            if ante is not None:
                a = out[ante]
                c = c.replace(jurisdiction=a.jurisdiction, work=a.work, units=a.units, antecedent=ante)
        elif c.form is Form.SHORT and c.kind is Kind.STATUTE and c.work is None:
            if c._link.get("rule_short") and last_rule is not None:
                ante = last_rule
            elif c._link.get("section_short") and last_statute is not None:
                ante = last_statute
            # the code in scope: named earlier in the same paragraph
            if ante is not None and "\n\n" in ctx.text[out[ante].span.end : c.span.start]:
                ante = None
            if ante is not None:
                a = out[ante]
                head = tuple(u for u in a.units if u.label == "t") if a.work in _STATUTE_WORKS_WITH_TITLE else ()
                c = c.replace(jurisdiction=a.jurisdiction, work=a.work, units=head + c.units, antecedent=ante)
        out.append(c)
    return out
