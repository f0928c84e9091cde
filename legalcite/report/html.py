"""The HTML check report: one self-contained file a person opens in a browser, no network at view time.

Why this shape:
- The summary (counts by status, jurisdiction and model, an inline SVG bar chart, the LexAssay deduction per
  answer) is rendered here in Python with every value escaped, so it reads even with scripts off.
- The answers travel as one JSON data block (``<script type="application/json">``, with ``<``, ``>``, ``&``
  written as ``\\u003c``… so no value can close the element); ``report.js`` builds each page of answers with
  DOM calls (``textContent``, never ``innerHTML``), so a ``<script>`` in an answer stays text. Only
  http/https URLs become links, checked here and again in the script.
- A Content-Security-Policy allows exactly the inline script and style shipped (by hash) and nothing else:
  anything injected would not run even if escaping failed.
- Citation spans are cut into text segments here, in code points, because JavaScript counts UTF-16 units; the
  Markdown answers use (bold, italic, code, headings, bullets) is read here too (:mod:`legalcite.report.markdown`)
  and travels as a style per segment, which the script turns into elements — never into HTML.
- 10,000 answers: the script filters the whole list in memory and renders one page (50 answers) at a time.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import IO, Any, Iterable, Mapping, Sequence
from urllib.parse import urlsplit

from legalcite.io import BadLine, Reader
from legalcite.errors import InputError
from legalcite.io.files import atomic_write_text
from legalcite.jurisdictions import guess_language, print_key
from legalcite.report import markdown
from legalcite.status import DEDUCTED, Status

STATUSES: tuple[str, ...] = tuple(s.value for s in Status)
_DEDUCTED = frozenset(s.value for s in DEDUCTED)
DEDUCTION_PER_CITATION = 0.25  # LexAssay: per distinct deducted citation
PAGE_SIZE = 50
_NONE = "(none)"
_CTRL = re.compile(r"[\x00-\x20\x7f]")


def safe_href(url: Any) -> str | None:
    """The URL if it is an absolute http(s) URL a link may point to, else None (``javascript:``, ``data:``,
    relative paths and URLs with control characters or spaces are shown as text only)."""
    if not isinstance(url, str):
        return None
    u = url.strip()
    if not u or _CTRL.search(u):
        return None
    try:
        parts = urlsplit(u)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return u


def _str(v: Any) -> str | None:
    return None if v is None else str(v)


def _printed(key: Any, language: str | None = None) -> str | None:
    """The checked unit as its jurisdiction prints it (``§ 823 BGB``), for the reader of the tooltip; a treaty in
    the answer's ``language`` (``Article 6(1) ECHR`` beside an English answer, not ``Art. 6 Ziff. 1 EMRK``)."""
    return print_key(key, language) if isinstance(key, str) and key else None


def _language(text: Any) -> str | None:
    """The answer's language as the checker guesses it for its reasons (None: no text, or no telling)."""
    return guess_language(text) if isinstance(text, str) else None


def segments(text: str, spans: list[tuple[int, Any]]) -> tuple[list[list[Any]], set[int]]:
    """Cut ``text`` into ``[piece, citation indices]`` runs (``[]`` for plain text). ``spans`` are
    ``(index, [start, end])`` in code points. Citations with the same span share one run (``§ 76 Abs. 1
    Sätze 2 und 3 FGO`` is two citations); a span that is malformed, outside the text or overlapping an
    earlier run is not marked inline (its citation is still listed under the answer).
    Returns the runs and the indices marked inline."""
    good: list[tuple[int, int, int]] = []
    for ci, sp in spans:
        if not (isinstance(sp, (list, tuple)) and len(sp) == 2):
            continue
        s, e = sp
        if not (isinstance(s, int) and isinstance(e, int)) or isinstance(s, bool) or isinstance(e, bool):
            continue
        if 0 <= s < e <= len(text):
            good.append((s, -e, ci))
    good.sort()
    runs: list[list[Any]] = []
    inline: set[int] = set()
    pos = 0
    last: tuple[int, int] | None = None
    for s, neg_e, ci in good:
        e = -neg_e
        if (s, e) == last:
            runs[-1][1].append(ci)
            inline.add(ci)
            continue
        if s < pos:
            continue
        if s > pos:
            runs.append([text[pos:s], []])
        runs.append([text[s:e], [ci]])
        inline.add(ci)
        pos, last = e, (s, e)
    if pos < len(text):
        runs.append([text[pos:], []])
    return runs, inline


def deduction_of(record: Mapping[str, Any]) -> float:
    """The record's LexAssay deduction: the check's own figure when present, else 0.25 per distinct key
    whose status LexAssay deducts (misattributed, invented) and that is confirmed (docs/statuses.md)."""
    summary = record.get("summary")
    if isinstance(summary, Mapping):
        x = summary.get("lexassay_deduction")
        if isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x):
            return float(x)
    keys = {c.get("key") for c in _citations(record)
            if c.get("status") in _DEDUCTED and c.get("confirmed", True) is True}  # records before `confirmed`: kept
    return DEDUCTION_PER_CITATION * len(keys)


def _citations(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    cs = record.get("citations")
    return [c for c in cs if isinstance(c, Mapping)] if isinstance(cs, list) else []


def _plain(v: Any, depth: int = 0) -> Any:
    """JSON-safe copy of free-form details: NaN/Infinity (which Python's json reads and writes but
    JavaScript's JSON.parse rejects) and non-JSON values become strings."""
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)
    if v is None or isinstance(v, (str, int, float, bool)):
        return v
    if depth > 20:
        return str(v)
    if isinstance(v, Mapping):
        return {str(k): _plain(x, depth + 1) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x, depth + 1) for x in v]
    return str(v)


def _evidence(ev: Any) -> list[dict[str, Any]]:
    out = []
    for e in ev if isinstance(ev, list) else []:
        if not isinstance(e, Mapping):
            continue
        out.append({
            "source": _str(e.get("source")),
            "key": _str(e.get("key")),
            "url": _str(e.get("url")),
            "href": safe_href(e.get("url")),
            "snapshot": _str(e.get("snapshot")),
            "details": _plain(e.get("details")) or None,
        })
    return out


@dataclass
class Summary:
    """What the top of the report shows; also handy for tests and the CLI's one-line message."""

    answers: int = 0
    citations: int = 0
    errors: list[tuple[Any, str]] = field(default_factory=list)
    by_status: Counter = field(default_factory=Counter)
    by_jurisdiction: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    by_model: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    model_answers: Counter = field(default_factory=Counter)
    model_deduction: dict[str, float] = field(default_factory=lambda: defaultdict(float))  # model → summed
    deductions: Counter = field(default_factory=Counter)  # deduction value -> answers

    @property
    def total_deduction(self) -> float:
        """The LexAssay deduction summed over all answers."""
        return sum(d * n for d, n in self.deductions.items())

    def statuses(self) -> list[str]:
        """Known statuses in the order of docs/statuses.md, then any unknown ones seen, sorted."""
        extra = sorted(s for s in self.by_status if s not in STATUSES)
        return list(STATUSES) + extra


def prepare(records: Iterable[Mapping[str, Any]], answers: Mapping[int, Any] | None = None
            ) -> tuple[Summary, list[dict[str, Any]]]:
    """Check records → (summary, the compact per-answer list the page script renders).

    ``answers`` maps input line numbers to the answer text, or to ``{"text", "model"}`` (:func:`read_answers`),
    for records written without them; a record's own ``"text"``/``"model"`` win."""
    summ = Summary()
    items: list[dict[str, Any]] = []
    for rec in records:
        if not isinstance(rec, Mapping):
            summ.errors.append((None, f"not a JSON object: {rec!r}"[:500]))
            continue
        if "error" in rec and "citations" not in rec:
            summ.errors.append((rec.get("line"), str(rec.get("error"))))
            continue
        line = rec.get("line")
        text, model = rec.get("text"), rec.get("model")
        extra = answers.get(line) if answers is not None and isinstance(line, int) else None
        if isinstance(extra, str):
            extra = {"text": extra}
        if isinstance(extra, Mapping):
            text = text if isinstance(text, str) else extra.get("text")
            model = model if model is not None else extra.get("model")
        model = _str(model) or _NONE
        cites = _citations(rec)
        ded = deduction_of(rec)
        summ.answers += 1
        summ.model_answers[model] += 1
        summ.model_deduction[model] += ded
        summ.deductions[ded] += 1
        cdata = []
        language = _language(text) if cites else None
        for c in cites:
            status = _str(c.get("status")) or "unknown"
            jur = _str(c.get("jurisdiction")) or _NONE
            summ.citations += 1
            summ.by_status[status] += 1
            summ.by_jurisdiction[jur][status] += 1
            summ.by_model[model][status] += 1
            cdata.append({
                "key": _str(c.get("key")),
                "text": _str(c.get("text")),
                "status": status,
                "confirmed": c.get("confirmed") if isinstance(c.get("confirmed"), bool) else None,
                "jurisdiction": jur,
                "kind": _str(c.get("kind")),
                "reason": _str(c.get("reason")),
                "checked_key": _str(c.get("checked_key")),
                "checked_as": _printed(c.get("checked_key"), language),
                "evidence": _evidence(c.get("evidence")),
            })
        runs = None
        if isinstance(text, str):
            runs, inline = segments(text, [(i, c.get("span")) for i, c in enumerate(cites)])
            runs = markdown.render(text, runs)
            for i in inline:
                cdata[i]["inline"] = True
        items.append({"line": line if isinstance(line, int) else _str(line), "id": _str(rec.get("id")),
                      "model": None if model == _NONE else model, "deduction": ded,
                      "segments": runs, "citations": cdata})
    return summ, items


# ---------------------------------------------------------------- summary HTML (Python-side, escaped)

def _e(v: Any) -> str:
    return html.escape(str(v), quote=True)


def _cls(status: str) -> str:
    """CSS class for a status; unknown statuses share one class (a status string never reaches a class list)."""
    return f"st-{status}" if status in STATUSES else "st-other"


def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if x else "0"


def _matrix(rows: Mapping[str, Counter], statuses: list[str], head: str, extra: Mapping[str, list[str]] | None = None,
            extra_head: Sequence[str] = ()) -> str:
    out = [f'<table class="matrix"><thead><tr><th>{_e(head)}</th>']
    out += [f'<th>{_e(h)}</th>' for h in extra_head]
    out += [f'<th><span class="badge {_cls(s)}">{_e(s)}</span></th>' for s in statuses]
    out.append("<th>total</th></tr></thead><tbody>")
    for name in sorted(rows, key=lambda r: (-sum(rows[r].values()), r)):
        c = rows[name]
        out.append(f"<tr><th>{_e(name)}</th>")
        out += [f'<td class="num">{_e(v)}</td>' for v in (extra or {}).get(name, [])]
        out += [f'<td class="num">{c.get(s, 0) or ""}</td>' for s in statuses]
        out.append(f'<td class="num">{sum(c.values())}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def bar_chart(by_jurisdiction: Mapping[str, Counter], statuses: list[str]) -> str:
    """Inline SVG: one horizontal bar per jurisdiction, stacked by status, scaled to the largest total."""
    jurs = sorted(by_jurisdiction, key=lambda j: (-sum(by_jurisdiction[j].values()), j))
    if not jurs:
        return '<p class="muted">No citations.</p>'
    label_w, bar_w, num_w, bar_h, gap = 90, 480, 60, 22, 8
    width = label_w + bar_w + num_w
    height = len(jurs) * (bar_h + gap) + gap
    top = max(sum(c.values()) for c in by_jurisdiction.values()) or 1
    out = [(f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}"><title>Citations by status per jurisdiction</title>')]
    for row, j in enumerate(jurs):
        y = gap + row * (bar_h + gap)
        c = by_jurisdiction[j]
        out.append(f'<text class="lbl" x="{label_w - 8}" y="{y + bar_h * 0.7:.1f}" text-anchor="end">{_e(j)}</text>')
        x = float(label_w)
        for s in statuses:
            n = c.get(s, 0)
            if not n:
                continue
            w = bar_w * n / top
            out.append(f'<rect class="{_cls(s)}" x="{x:.2f}" y="{y}" width="{w:.2f}" height="{bar_h}">'
                       f'<title>{_e(j)} · {_e(s)}: {n}</title></rect>')
            x += w
        out.append(f'<text class="num" x="{x + 6:.1f}" y="{y + bar_h * 0.7:.1f}">{sum(c.values())}</text>')
    out.append("</svg>")
    legend = "".join(f'<span class="badge {_cls(s)}">{_e(s)}</span>' for s in statuses)
    return "".join(out) + f'<div class="legend">{legend}</div>'


def summary_html(summ: Summary) -> str:
    """The report's summary section (totals, statuses by jurisdiction and model, deductions per answer) as HTML, every
    value from the records escaped."""
    statuses = summ.statuses()
    n_ded = sum(n for d, n in summ.deductions.items() if d)
    mean = summ.total_deduction / summ.answers if summ.answers else 0.0
    parts = ['<section id="summary"><h2>Summary</h2><dl class="totals">',
             f'<div><dt>answers</dt><dd id="n-answers">{summ.answers}</dd></div>',
             f'<div><dt>citations</dt><dd id="n-citations">{summ.citations}</dd></div>',
             f'<div><dt>answers with a deduction</dt><dd>{n_ded}</dd></div>',
             (f'<div><dt>LexAssay deduction, total · mean per answer</dt><dd>{_fmt(summ.total_deduction)} · '
              f'{mean:.3f}</dd></div>'),
             f'<div><dt>error lines</dt><dd>{len(summ.errors)}</dd></div></dl>']
    total = summ.citations or 1
    parts.append('<div class="cols"><div><h3>By status</h3><table class="matrix"><tbody>')
    for s in statuses:
        n = summ.by_status.get(s, 0)
        parts.append(f'<tr><th><span class="badge {_cls(s)}">{_e(s)}</span></th><td class="num">{n}</td>'
                     f'<td class="num">{100 * n / total:.1f}%</td></tr>')
    parts.append('</tbody></table></div><div><h3>Statuses per jurisdiction</h3>')
    parts.append(bar_chart(summ.by_jurisdiction, statuses))
    parts.append("</div></div>")
    parts.append("<h3>By jurisdiction</h3>" + _matrix(summ.by_jurisdiction, statuses, "jurisdiction"))
    extra = {m: [str(summ.model_answers[m]), f"{summ.model_deduction[m] / summ.model_answers[m]:.3f}"]
             for m in summ.model_answers}
    rows = {m: summ.by_model.get(m, Counter()) for m in summ.model_answers}
    parts.append("<h3>By model</h3>" + _matrix(rows, statuses, "model", extra, ["answers", "mean deduction"]))
    parts.append('<h3>LexAssay deduction per answer</h3><table class="matrix"><thead><tr><th>deduction</th>'
                 '<th>answers</th></tr></thead><tbody>')
    for d in sorted(summ.deductions):
        parts.append(f'<tr><td class="num">{_fmt(d)}</td><td class="num">{summ.deductions[d]}</td></tr>')
    parts.append('</tbody></table><p class="muted">Each answer below shows its own deduction; sort by it '
                 'with “largest deduction first”.</p>')
    if summ.errors:
        shown = summ.errors[:1000]
        parts.append(f'<details class="errors"><summary>{len(summ.errors)} input lines could not be checked'
                     '</summary><ul>')
        parts += [f"<li>line {_e(ln if ln is not None else '?')}: {_e(msg)}</li>" for ln, msg in shown]
        if len(summ.errors) > len(shown):
            parts.append(f"<li>… {len(summ.errors) - len(shown)} more</li>")
        parts.append("</ul></details>")
    parts.append("</section>")
    return "".join(parts)


def filters_html(summ: Summary) -> str:
    """The status and jurisdiction checkboxes (all checked) with their counts, as HTML."""
    def boxes(kind: str, values: list[str], counts: Counter) -> str:
        return "".join(
            f'<label><input type="checkbox" data-filter="{kind}" value="{_e(v)}" checked> '
            f'<span class="badge {_cls(v) if kind == "status" else "jur"}">{_e(v)}</span> '
            f'<span class="muted">{counts.get(v, 0)}</span></label>' for v in values)

    jur_counts = Counter({j: sum(c.values()) for j, c in summ.by_jurisdiction.items()})
    return ('<fieldset><legend>Status</legend>' + boxes("status", summ.statuses(), summ.by_status) + '</fieldset>'
            '<fieldset><legend>Jurisdiction</legend>' + boxes("jurisdiction", sorted(jur_counts), jur_counts)
            + '</fieldset>')


# ---------------------------------------------------------------- page assembly

_MARK = re.compile(r"<!--@([A-Z]+)-->")


def _asset(name: str) -> str:
    return resources.files("legalcite.report").joinpath(name).read_text(encoding="utf-8")


def json_for_script(obj: Any) -> str:
    """JSON safe inside ``<script type="application/json">``: no ``<``, ``>`` or ``&`` can end or open a tag,
    and U+2028/2029 are escaped for older parsers."""
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (s.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _sha256(s: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode("ascii")


def render(records: Iterable[Mapping[str, Any]], *, title: str | None = None,
           answers: Mapping[int, Any] | None = None, page_size: int = PAGE_SIZE) -> str:
    """The whole report as one HTML string (see the module docstring for what it holds)."""
    summ, items = prepare(records, answers)
    title = title or "legalcite check report"
    script, style = _asset("report.js"), _asset("report.css")
    csp = (f"default-src 'none'; script-src '{_sha256(script)}'; style-src '{_sha256(style)}'; "
           "img-src data:; base-uri 'none'; form-action 'none'")
    data = {"statuses": summ.statuses(), "known": list(STATUSES), "pageSize": int(page_size), "answers": items}
    fill = {
        "TITLE": _e(title),
        "CSP": _e(csp),
        "STYLE": style,
        "SUMMARY": summary_html(summ),
        "FILTERS": filters_html(summ),
        "DATA": json_for_script(data),
        "SCRIPT": script,
    }
    # One pass over the template only: a value that happens to contain a marker is never expanded.
    return _MARK.sub(lambda m: fill[m.group(1)], _asset("template.html"))


def write_report(records: Iterable[Mapping[str, Any]], out_path: str | Path, *, title: str | None = None,
                 answers: Mapping[int, Any] | None = None) -> Path:
    """Write the report for check records (the dicts of check JSONL) to ``out_path``, atomically (a full disk
    leaves no half-written page); returns the path."""
    return atomic_write_text(out_path, render(records, title=title, answers=answers))


class NotCheckOutput(InputError):
    """The file given to the report holds no ``legalcite check`` records (an answers file, say)."""


def read_records(source: str | Path | IO[bytes] | None) -> tuple[list[dict[str, Any]], list[BadLine]]:
    """The records of a check output file (the one JSONL reader), and its bad lines. A line that is JSON but no
    check record (no ``citations``, no ``error``) is a bad line; a file with no check record at all raises
    :class:`NotCheckOutput`, so an unchecked answers file is never reported as "n answers, 0 citations"."""
    good: list[dict[str, Any]] = []
    bad: list[BadLine] = []
    with Reader(source) as reader:
        for rec in reader:
            if isinstance(rec, BadLine):
                bad.append(rec)
            elif "citations" in rec.data or "error" in rec.data:  # type: ignore[operator]
                good.append(rec.data)  # type: ignore[arg-type]
            else:
                bad.append(rec.bad("not a `legalcite check` record (it has no 'citations' and no 'error')"))
    if not good and reader.stats.records:
        raise NotCheckOutput(f"{reader.path} holds no `legalcite check` output (no line has 'citations'); run "
                             f"`legalcite check {reader.path} -o checked.jsonl` first and report on that file")
    return good, bad


ANSWER_FIELDS = ("answer", "text", "response", "output", "prediction")


def read_answers(path: str | Path, text_field: str | None = None) -> dict[int, dict[str, Any]]:
    """``{"text", "model"}`` by the line number the check gives each answer, read from the file the check read
    (JSON Lines, or plain text in blank-line-separated blocks, as ``legalcite check`` reads it), for check output
    written without the answer text. The text is ``text_field``, else the first of ``ANSWER_FIELDS`` present;
    lines the check could not read have no entry."""
    fields = (text_field,) if text_field else ANSWER_FIELDS
    out: dict[int, dict[str, Any]] = {}
    with Reader(path, format="auto") as reader:
        for rec in reader:
            if isinstance(rec, BadLine):
                continue
            if rec.data is None:
                out[rec.lineno] = {"text": rec.text}
            else:
                text = next((rec.data[f] for f in fields if isinstance(rec.data.get(f), str)), None)
                out[rec.lineno] = {"text": text, "model": _str(rec.data.get("model"))}
    return out
