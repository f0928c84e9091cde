"""What the metrics share on top of the one JSONL reader (:mod:`legalcite.io`): rows with their file, line
and id; the fields a metric needs, type-checked; citation strings → keys; answer extraction; option labels.

Why here: every benchmark reads the same kinds of files and must treat bad input the same way — any bad line or
mistyped field stops the score with ``file:line (id …)`` and what was expected (a score depends on every line),
an unparseable citation is reported (never dropped), and the answer of a free-text response is taken by one
documented rule (``docs/metrics.md``).
"""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import legalcite.keys as _keys
from legalcite.io import Line, as_binary, read_records
from legalcite.errors import FieldError
from legalcite.jurisdictions import lookup as jurisdiction_code

_KEY_RE = re.compile(r"[a-z]{2}(?:-[a-z]{2})?/[^\s/]+(?:/[^\s/]+)*")
MAX_BAD_SHOWN = 20


class ScoreInputError(FieldError):
    """Input a metric cannot score: a bad line, a missing or mistyped field, a duplicate gold id. A score depends
    on every line, so any of these stops the run (exit code 2) with ``file:line (id …)`` and what was expected."""


@dataclass(frozen=True)
class Row:
    """One JSON object of a scored file, as :mod:`legalcite.io` read it (path, line number, id)."""

    rec: Line

    @property
    def data(self) -> dict[str, Any]:
        """The line's JSON object (``{}`` for a line that held none)."""
        return self.rec.data or {}

    @property
    def source(self) -> str:
        """The file the line came from, as messages name it."""
        return self.rec.path

    @property
    def line(self) -> int:
        """The line's number in its file (1-based)."""
        return self.rec.lineno

    def where(self) -> str:
        """``file:line (id …)``: how messages name this line."""
        return self.rec.where()

    def need(self, name: str) -> Any:
        """The field ``name``; a :class:`ScoreInputError` naming the fields the line has when it is missing (a null
        value counts as present)."""
        if name not in self.data:
            have = ", ".join(map(repr, sorted(self.data))) or "none"
            raise ScoreInputError(f"{self.where()}: missing field {name!r} (the line has {have})")
        return self.data[name]


def _rows(source: Any, name: str | None) -> list[Row]:
    """Every record of an input through the one reader; any bad line stops the score, all of them reported."""
    good, bad = read_records(source, name=name)
    if bad:
        shown = "\n".join(f"  {b}" for b in bad[:MAX_BAD_SHOWN])
        more = f"\n  … and {len(bad) - MAX_BAD_SHOWN} more" if len(bad) > MAX_BAD_SHOWN else ""
        head = f"{bad[0]}" if len(bad) == 1 else f"{len(bad)} bad lines (a score needs every line):\n{shown}{more}"
        raise ScoreInputError(head)
    return [Row(r) for r in good]


def iter_rows(lines: Iterable[str], source: str = "<input>") -> Iterable[Row]:
    """Rows of JSONL text lines (tests, and callers that hold the input in memory)."""
    return iter(_rows(as_binary("\n".join(lines)), source))


def read_rows(path: str | Path) -> list[Row]:
    """All rows of a JSONL file (UTF-8, or UTF-16/32 by BOM); ``-`` reads standard input."""
    return _rows(None if str(path) == "-" else path, None)


def named_path(spec: str) -> tuple[str, str]:
    """``NAME=FILE`` → (name, file); a bare ``FILE`` (or one whose whole spelling exists) is named by its stem. For
    commands that read several files of one kind (validators, the parts of a split)."""
    name, sep, path = spec.partition("=")
    if sep and name and path and not Path(spec).exists():
        return name, path
    return Path(spec).stem, spec


def rows_of(source: str | Path | Iterable[Row]) -> list[Row]:
    """A path (read with :func:`read_rows`) or rows already read."""
    return read_rows(source) if isinstance(source, (str, Path)) else list(source)


# Where a model's free-text answer may stand in a response line (runners name it differently).
RESPONSE_FIELDS = ("response", "output", "generation", "completion")
# A graded answer's text (LexAssay tasks, judged open answers): ``answer``, else where runners put a model's output.
ANSWER_FIELDS = ("answer", *RESPONSE_FIELDS)


def find_text(row: Row, fields: Sequence[str]) -> tuple[str | None, str | None]:
    """``(field, text)`` of the first of ``fields`` that the row has; ``(None, None)`` when it has none. A null
    value is an empty answer (``""``); any other non-string is an error naming the line."""
    for f in fields:
        if f in row.data:
            v = row.data[f]
            if v is None:
                return f, ""
            if not isinstance(v, str):
                raise ScoreInputError(f"{row.where()}: {f!r} must be a string (the answer text), "
                                      f"not {type(v).__name__}")
            return f, v
    return None, None


def expected_fields(row: Row, fields: Sequence[str], what: str) -> ScoreInputError:
    """The error for a line that has none of ``fields``: what was expected and what the line has instead."""
    have = ", ".join(map(repr, sorted(row.data))) or "none"
    want = ", ".join(map(repr, fields))
    return ScoreInputError(f"{row.where()}: no {what}: expected one of {want}; the line has {have}")


def need_bool(value: Any, where: str, name: str) -> bool:
    """A JSON boolean (or 0/1): ``"false"`` as a string is an error, never "true because non-empty"."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    raise ScoreInputError(f"{where}: {name!r} must be true or false, not {value!r}")


def row_id(row: Row) -> str:
    """An item's id: ``id``; LexGenius rows have none, so ``<ability>:<index_in_file>``; else the line number."""
    d = row.data
    if d.get("id") not in (None, ""):
        return str(d["id"])
    if "ability" in d and "index_in_file" in d:
        return f"{d['ability']}:{d['index_in_file']}"
    return f"line{row.line}"


def index_rows(rows: Sequence[Row], *, what: str, key: Callable[[Row], Any] = row_id
               ) -> tuple[dict[Any, Row], list[dict[str, Any]]]:
    """Rows by id. The first of a repeated id is kept; the others are returned as ``duplicates`` (to report)."""
    out: dict[Any, Row] = {}
    dups: list[dict[str, Any]] = []
    for r in rows:
        k = key(r)
        if k in out:
            dups.append({"id": k if not isinstance(k, tuple) else list(k), "file": what, "line": r.line})
            continue
        out[k] = r
    return out, dups


# ---------------------------------------------------------------- citations → keys

STRING_TOKEN = "?"
"""The prefix of a citation compared as a normalised string, not as a key (see :func:`string_token`)."""
_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—―−", "-"))


def norm_identifier(text: str) -> str:
    """A citation string or benchmark identifier as strings are compared when no key can be read from it: Unicode
    NFKC (full-width forms folded), case-folded, dashes unified, whitespace collapsed. ``CN-CivilCode-Art1165`` and
    ``cn-civilcode-art1165`` are the same identifier; ``Art1165`` and ``Art1166`` are not."""
    return " ".join(unicodedata.normalize("NFKC", text).translate(_DASHES).casefold().split())


def string_token(text: str) -> str:
    """The token a citation without a key enters its key set as: its normalised string (:func:`norm_identifier`)
    behind :data:`STRING_TOKEN`, so the same identifier on the gold and the predicted side matches (CrossLex ships
    "normalized citation keys … and citation-normalization rules" of its own) and nothing matches a canonical key."""
    return STRING_TOKEN + norm_identifier(text)


def is_string_token(token: str) -> bool:
    """Whether ``token`` stands for a citation without a key (:func:`string_token`), not a canonical key."""
    return token.startswith(STRING_TOKEN)


def load_key_map(path: str | Path) -> dict[str, tuple[str, ...]]:
    """A benchmark's own identifiers mapped onto canonical keys: ``{normalised identifier: keys}`` from a file of
    rows ``id`` (the benchmark's identifier, e.g. ``CN-CivilCode-Art1165``) and ``key`` (a canonical key, or in
    JSONL a list of keys), read by the one reader (JSON Lines, a JSON array, or a CSV/TSV with a header ``id,key``).
    An identifier on several rows maps to all their keys. A row without ``id`` or ``key``, or a key that is not a
    canonical key, stops with ``file:line (id …)``."""
    out: dict[str, tuple[str, ...]] = {}
    rows = read_rows(path)
    if not rows:
        raise ScoreInputError(f"{path}: the key map has no row")
    for r in rows:
        ident, keys = r.need("id"), r.need("key")
        keys = [keys] if isinstance(keys, str) else keys
        if not isinstance(ident, (str, int)) or not str(ident).strip():
            raise ScoreInputError(f"{r.where()}: 'id' must be the benchmark's identifier, not {ident!r}")
        if not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys):
            raise ScoreInputError(f"{r.where()}: 'key' must be a canonical key or a list of them, not {keys!r}")
        for k in keys:
            if not _KEY_RE.fullmatch(k.strip()):
                raise ScoreInputError(f"{r.where()}: {k!r} is not a canonical key (jurisdiction/work/unit…, "
                                      "docs/keys.md)")
        n = norm_identifier(str(ident))
        out[n] = tuple(dict.fromkeys([*out.get(n, ()), *(k.strip() for k in keys)]))
    return out


@dataclass
class KeyResolver:
    """Turns citation strings into canonical keys with :func:`legalcite.parse`, once per distinct string.

    A string that ``key_map`` names (a benchmark's own identifier) becomes the keys it maps to; a string that is
    already a key is taken as it is. A string the parser cannot read is collected in ``unparsed`` (with the item
    id and side) so the report can list it, and is compared as a normalised string (:func:`string_token`)."""

    parse: Callable[..., list] | None = None
    key_map: dict[str, tuple[str, ...]] | None = None
    unparsed: list[dict[str, Any]] = field(default_factory=list)
    mapped: int = 0
    _cache: dict[tuple[str, str | None], tuple[tuple[str, ...], str | None]] = field(default_factory=dict)

    def _parse(self) -> Callable[..., list]:
        if self.parse is None:
            from legalcite.pipeline import parse  # heavy: the extraction stack, only for a string not a key

            self.parse = parse
        return self.parse

    def keys(self, citation: Any, *, jurisdiction: str | None = None) -> tuple[tuple[str, ...], str | None]:
        """``(keys, error)``: the keys a citation string (or ``{"key"|"text"|"citation": …}`` object) names."""
        if isinstance(citation, dict):
            citation = citation.get("key") or citation.get("citation") or citation.get("text") or ""
        if not isinstance(citation, str) or not citation.strip():
            return (), f"not a citation string: {citation!r}"
        s = citation.strip()
        if self.key_map and (mapped := self.key_map.get(norm_identifier(s))):
            self.mapped += 1
            return mapped, None
        if _KEY_RE.fullmatch(s):
            return (s,), None
        hint = jurisdiction_code(jurisdiction)  # gold files name jurisdictions as benchmark labels (DE, CA)
        ck = (s, hint)
        if ck not in self._cache:
            self._cache[ck] = self._parse_string(s, hint)
        return self._cache[ck]

    def _parse_string(self, s: str, hint: str | None) -> tuple[tuple[str, ...], str | None]:
        parse = self._parse()
        try:
            cites = parse(s, jurisdiction=hint) if hint else parse(s)
        except Exception as e:  # parser gaps must be reported, not crash the scoring run
            if hint:
                try:
                    cites = parse(s)
                except Exception as e2:
                    return (), f"{type(e2).__name__}: {e2}"
            else:
                return (), f"{type(e).__name__}: {e}"
        found = tuple(dict.fromkeys(c.key for c in cites if getattr(c, "key", None)))
        return (found, None) if found else ((), "no citation with a key")

    def key_set(self, citations: Iterable[Any] | None, *, item: str, side: str, level: str,
                jurisdiction: str | None = None) -> set[str]:
        """The set of keys at ``level``. A string without a key enters the set as its normalised string
        (:func:`string_token`): the same identifier on both sides matches, and nothing else does (an unparseable
        gold string costs recall, a predicted one precision). Each is listed in ``unparsed``."""
        out: set[str] = set()
        if isinstance(citations, (str, dict)):  # one citation given bare, not in a list
            citations = [citations]
        for c in citations or ():
            ks, err = self.keys(c, jurisdiction=jurisdiction)
            if err:
                text = c if isinstance(c, str) else json.dumps(c, ensure_ascii=False)
                self.unparsed.append({"id": item, "side": side, "citation": text, "error": err,
                                      "compared_as": string_token(text)})
                out.add(string_token(text))
                continue
            for k in ks:
                try:
                    out.add(_keys.key_at(k, level))
                except _keys.InvalidKey as e:
                    self.unparsed.append({"id": item, "side": side, "citation": k, "error": str(e),
                                          "compared_as": string_token(k)})
                    out.add(string_token(k))
        return out


# ---------------------------------------------------------------- answers in free text

MARKER = r"###\s*([^#\n]{1,200}?)\s*###"
# Named rules for taking an answer out of a free-text response; the last match wins in every rule.
ANSWER_RULES: dict[str, str] = {
    "marker": MARKER,                                               # LEXam: "... ###C###"
    # "Antwort: C", "The answer is (B)", "Die richtige Antwort ist C." (whole words: "ist C" is not "is" + "t")
    "answer-line": r"(?:answer|antwort|lösung|答案|选项)\s*(?:(?:is|ist|lautet|wäre|would\s+be)\b|是|为)?\s*[:：]?\s*"
                   r"\(?((?-i:[A-Z]{1,2})|[a-z])\)?(?![A-Za-z])",
    "bare": r"^\s*\(?([A-Za-z])\)?[.)]?\s*$",                       # the whole response is one letter
}


def extract_answer(text: Any, rule: str = "marker", pattern: str | None = None) -> str | None:
    """The answer in a response: the last match of ``pattern`` (group 1, else the whole match) or of the named
    ``rule`` (see :data:`ANSWER_RULES`); None when nothing matches."""
    if not isinstance(text, str):
        return None
    if pattern is None:
        if rule not in ANSWER_RULES:
            raise ValueError(f"unknown answer rule {rule!r}; one of {sorted(ANSWER_RULES)}")
        pattern = ANSWER_RULES[rule]
    last = None
    for m in re.finditer(pattern, text, flags=re.IGNORECASE | re.MULTILINE):
        last = m
    if last is None:
        return None
    value = last.group(1) if last.re.groups else last.group(0)
    return value.strip() if value is not None else None


def option_label(index: int) -> str:
    """The label of the option at 0-based ``index``: A … Z, then AA, AB, … (spreadsheet columns), as LEXam labels
    its items of up to 32 options."""
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise ValueError(f"an option index is an integer ≥ 0, not {index!r}")
    out = ""
    n = index + 1
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def label_index(label: str) -> int | None:
    """The 0-based index of an option label (``A`` → 0, ``AA`` → 26); None when it is not one."""
    s = label.strip().upper()
    if not s or not s.isascii() or not s.isalpha():
        return None
    n = 0
    for ch in s:
        n = n * 26 + ord(ch) - 64
    return n - 1


def norm_label(x: Any) -> str | None:
    """An option label or conclusion id, compared case-insensitively (upper-cased), surrounding space and
    ``()``/``.``/``:`` ignored."""
    if x is None:
        return None
    s = str(x).strip().strip("().:").strip()
    return s.upper() if s else None


def parse_mapping(x: Any) -> dict[str, str] | None:
    """A T3 answer: a JSON object, or text ``CN=c2; CA=c1`` / ``CN: c2, CA: c1`` / ``{"CN": "c2"}``.
    Jurisdiction names are upper-cased, conclusion ids normalised by :func:`norm_label`."""
    if isinstance(x, str):
        s = x.strip()
        if s.startswith("{"):
            try:
                x = json.loads(s)
            except json.JSONDecodeError:
                return None
        else:
            pairs = re.findall(r"([A-Za-z][A-Za-z_-]*)\s*[=:：]\s*([^\s,;，；]+)", s)
            if not pairs:
                return None
            x = dict(pairs)
    if not isinstance(x, dict):
        return None
    return {str(k).strip().upper(): norm_label(v) or "" for k, v in x.items()}


def rounded(x: float | None, ndigits: int = 6) -> float | None:
    """Stable JSON numbers: 6 decimals (so output does not change with float noise)."""
    return None if x is None else round(float(x), ndigits)
