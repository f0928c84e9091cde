"""Linking of Chinese short forms: ``本法/同法/该法第X条``, a bare ``第X条``, ``前条``, ``上述规定``."""
from __future__ import annotations

from legalcite.core.scan import Context
from legalcite.jurisdictions.cn.laws import tables
from legalcite.models import Citation, Form, Kind


def link(citations: list[Citation], ctx: Context) -> list[Citation]:
    """Give CN short forms their law: ``本法/同法/该法第X条`` and a bare ``第X条`` take the last named CN law;
    ``前条`` repeats the last CN provision; ``上述规定`` repeats the last citation group when it is one
    provision. ``本解释``/``本条例`` need a last law of that kind; a bare ``第X条`` binds within its paragraph, and
    not across a title that could not be read (its articles stay unbound too).
    Short forms with no antecedent keep ``work=None`` (no key), so ``extract()`` leaves them out
    (``第二条被采纳`` in prose is no citation)."""
    if not any(c.jurisdiction == "cn" and c.kind is Kind.STATUTE and c.work is None for c in citations):
        return citations  # every binding below is of a CN short form
    out: list[Citation] = []
    last: int | None = None          # index in ``out`` of the last CN statute citation with a work
    last_group: list[int] = []       # indexes of the last contiguous group of such citations
    for c in citations:
        if c.jurisdiction != "cn" or c.kind != Kind.STATUTE or c.work is not None:
            if c.jurisdiction == "cn" and c.kind == Kind.STATUTE and c.work is not None:
                if last is not None and out[last].span.end + 2 >= c.span.start and c.form == Form.FULL:
                    last_group.append(len(out))
                else:
                    last_group = [len(out)]
                last = len(out)
            out.append(c)
            continue
        ref = c._link.get("ref")
        if ref == "unread":  # the articles of a title that could not be read (《\x00》第三条): no law, and the last one
            last, last_group = None, []   # named before it is not the one meant after it
            out.append(c)
            continue
        if last is None or (c.form == Form.SHORT and "\n\n" in ctx.text[out[last].span.end: c.span.start]):
            out.append(c)  # unresolved: no key; extract() leaves it out unless unresolved=True
            continue
        ante = out[last]
        suffix = c._link.get("suffix")
        if suffix and suffix != "法律":  # 本解释 needs an interpretation, 本法 a 法/法典
            title = tables().works.get(ante.work, {}).get("title", ante.work or "")
            if not (title.endswith(suffix) or (suffix == "法" and title.endswith("法典"))):
                out.append(c)
                continue
        if ref == "law":
            out.append(c.replace(work=ante.work, antecedent=last))
        elif ref == "prev" or (ref == "group" and len(last_group) == 1):
            out.append(c.replace(work=ante.work, units=ante.units, antecedent=last))
        else:
            out.append(c)
            continue
        last = len(out) - 1
        last_group = [last]
    return out
