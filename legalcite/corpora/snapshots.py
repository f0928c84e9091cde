"""Loaders for the snapshot files of ``../shared/corpora`` (one reader per file format), mapped to canonical keys.

The snapshot ``key`` fields are row ids (``de/bgb/823``, ``cn/民法典/577``, ``ca/fam/2310``), not canonical keys;
every reader here builds the canonical key of docs/keys.md from the row's own fields instead
(``de/bgb/s823``, ``cn/中华人民共和国民法典/art577``, ``us-ca/fam/s2310``, ``us/usc/t42/s1983``).

Two kinds of record come out:

- :class:`~legalcite.corpora.CorpusUnit`: one per provision, with text and sub-units where a full text exists,
  and *TOC-only* units (``text == ""``, ``extra["toc_only"]``) where only a table of contents lists it
  (the DE TOC lists all 99,956 §§, the CN list gives article counts, the USC list all live sections, the CA TOC
  16 complete codes), so existence can be checked where no text exists.
- :class:`Work`: one per law/code, with ``complete`` — whether the snapshot lists *every* unit of the work.
  A unit missing from an incomplete work is ``not_checked``, never ``invented`` (docs/statuses.md).

The readers themselves live in the jurisdiction packages (``legalcite/jurisdictions/<pkg>/snapshots.py``, listed by
the registry: :func:`legalcite.jurisdictions.snapshot_readers`); this module holds what they share — :class:`Work`,
:class:`SnapshotReader`, :func:`rows`, :func:`provenance` — and the merge of their records (:func:`iter_records`),
which takes the readers as an argument, so that the corpora package never imports a jurisdiction. A user's newer
snapshot in the same format plugs in by pointing ``corpora_dir`` elsewhere; a new format needs one new reader in
its jurisdiction's package.
"""
from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from legalcite._util import MAX_DECODED
from legalcite.corpora import CorpusUnit
from legalcite.errors import InputError


@dataclass(frozen=True)
class Work:
    """A law, code or constitution as the snapshots know it."""

    key: str                          # jurisdiction/work: de/bgb, cn/中华人民共和国民法典, us/usc, us-ca/lab
    jurisdiction: str
    work: str
    title: str | None
    aliases: tuple[str, ...] = ()     # abbreviations, short titles, code names
    complete: bool = False            # the snapshot lists every unit: a unit not listed does not exist
    n_units: int = 0
    repealed: bool = False
    repealed_on: str | None = None
    replaced_by: str | None = None
    source: str = ""
    snapshot: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@cache
def sources() -> dict[str, Any]:
    """Provenance of the shared snapshot files (``sources.json`` beside this module)."""
    with resources.files(__package__).joinpath("sources.json").open("rb") as fh:
        return json.load(fh)


@dataclass(frozen=True)
class SnapshotReader:
    """One snapshot file format: the jurisdiction, the file's name in the corpora folder, and its reader; ``cases``:
    a case list, whose rows are decisions (:mod:`legalcite.corpora.cases`), read after every statute snapshot."""

    jurisdiction: str
    file: str
    read: Callable[[Path], Iterator[Any]]   # Work and CorpusUnit, or CaseRecord and CaseTable
    cases: bool = False


def in_force(since: str, *, by: str | None = None, first: bool = True, wording: str = "in force from",
             stated: bool = True) -> dict[str, Any]:
    """A work's ``extra["in_force"]``: the date before which the snapshot's version of it was not in force
    (``since``, ISO), the unit or fact that says so (``by``: a key, ``Ausfertigung``), whether nothing under the
    work's name was in force before (``first``: an amended law keeps its first date; a law revised in place or a new
    law under an old name does not), how a reason says it (``in force from``, ``applies from``, ``made on``), and
    whether the act's text states it (``stated``) or it is inferred (the day a German law was made: a law may be put
    in force before it, "mit Wirkung vom")."""
    return {"from": since, "by": by, "first": first, "wording": wording, "stated": stated}


# What a snapshot file may expand to: a line, what the online client takes as one answer (MAX_DECODED, 64 MiB; the
# longest line of the shared corpora is 0.8 MB); a compressed file, MAX_RATIO times its size (the shared ones expand
# 6 to 15 times) and at least MAX_DECODED. A 4.7 MB .gz holding one 1 GiB line took 2.1 GB of memory; a 9.4 MB one
# holding 2 GiB of newlines was still being read after 150 s.
MAX_RATIO = 100
_BLOCK = 1 << 20
_CONTENT = re.compile(rb"\S[^\n]*")   # a line from its first character that is no white space


def snapshot_lines(path: Path) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of each non-blank line of a ``.jsonl`` or ``.jsonl.gz`` file, read a block at a
    time: no line longer than :data:`~legalcite._util.MAX_DECODED` bytes is held, a compressed file is not read
    past :data:`MAX_RATIO` times its size (each an :class:`~legalcite.errors.InputError` naming the file: a
    decompression bomb), and a run of blank lines costs no Python step per line. A damaged file (bad UTF-8, a
    truncated gzip stream) is an InputError naming the file and the line."""
    compressed = path.suffix == ".gz"
    lineno = 0
    try:
        cap = max(MAX_DECODED, MAX_RATIO * path.stat().st_size) if compressed else None
        with (gzip.open if compressed else open)(path, "rb") as fh:
            for lineno, line in _capped_lines(fh, path, cap, MAX_DECODED):
                yield lineno, line.decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError) as e:  # gzip.BadGzipFile is an OSError
        why = "not valid UTF-8" if isinstance(e, UnicodeDecodeError) else \
            "the compressed stream ends early" if isinstance(e, EOFError) else (getattr(e, "strerror", None) or e)
        raise InputError(f"{path}: unreadable after line {lineno} ({why}); the file is damaged: fetch or copy "
                         "it again") from None


def _capped_lines(fh: Any, path: Path, cap: int | None, max_line: int) -> Iterator[tuple[int, bytes]]:
    """The non-blank lines of a binary stream, numbered: :func:`snapshot_lines` without the decoding."""
    def too_long(lineno: int) -> InputError:
        return InputError(f"{path}:{lineno}: a line longer than {max_line:,} bytes (a decompression bomb?); no "
                          "snapshot line is that long: nothing was built from this file")

    lineno = 1          # the number of the line whose start is in `head`
    head: list[bytes] = []
    head_len = total = 0
    while block := fh.read(_BLOCK):
        total += len(block)
        if cap is not None and total > cap:
            raise InputError(f"{path}: expands past {cap:,} bytes, more than a snapshot of its size may ({MAX_RATIO} "
                             f"times it, at least {max_line:,}; a decompression bomb?): nothing was built from this "
                             "file")
        first = block.find(b"\n")
        if first < 0:
            head.append(block)
            head_len += len(block)
            if head_len > max_line:
                raise too_long(lineno)
            continue
        if head_len + first > max_line:
            raise too_long(lineno)
        line = b"".join(head) + block[:first]
        if line.strip():
            yield lineno, line
        lineno += 1
        last = block.rfind(b"\n")
        body, pos = block[first + 1:last + 1], 0   # whole lines only
        for m in _CONTENT.finditer(body):
            lineno += body.count(b"\n", pos, m.start())
            pos = m.start()
            yield lineno, m.group()
        lineno += body.count(b"\n", pos)
        head, head_len = [block[last + 1:]], len(block) - last - 1
    line = b"".join(head)
    if line.strip():
        yield lineno, line


def rows(path: Path) -> Iterator[dict]:
    """The JSON objects of a ``.jsonl`` or ``.jsonl.gz`` file, blank lines skipped, read as
    :func:`snapshot_lines` reads (capped). A malformed line or one that is no object is an
    :class:`~legalcite.errors.InputError` naming the file and the line: a store is never built from part of a
    snapshot."""
    for lineno, line in snapshot_lines(path):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(f"{path}:{lineno}: malformed snapshot line ({e.msg.removesuffix(' at')}, "
                             f"column {e.colno}); the file is damaged: fetch or copy it again") from None
        if not isinstance(obj, dict):
            raise InputError(f"{path}:{lineno}: a snapshot line must be a JSON object")
        yield obj


def provenance(name: str) -> tuple[str, str | None]:
    """(source line, snapshot date) of a shared snapshot file, from ``sources.json``."""
    s = sources().get(name, {})
    return f"{name}: {s.get('source', 'unknown source')}", s.get("snapshot")


# ================================================================== merge

def _norm_jurisdictions(jurisdictions: Iterable[str] | None) -> set[str] | None:
    if jurisdictions is None:
        return None
    return {j.replace("_", "-").lower() for j in jurisdictions}


def merge_unit(toc: CorpusUnit, full: CorpusUnit) -> CorpusUnit:
    """A full-text unit over its TOC-only twin: text from the full text, repeal from either."""
    extra = {**toc.extra, **full.extra}
    extra.pop("toc_only", None)
    return replace(full, repealed=full.repealed or toc.repealed, heading=full.heading or toc.heading,
                   valid_from=full.valid_from or toc.valid_from, extra=extra)


def merge_work(a: Work, b: Work) -> Work:
    """Two records of one work (TOC and full text, list and repeal clause): the incomplete or repealed
    facts win, titles and aliases are joined."""
    nested = bool(a.extra.get("nested") or b.extra.get("nested"))
    for clause, listed in ((a, b), (b, a)):
        # a repeal clause names an older law of the same title than the listed version: the listed one stands
        if clause.extra.get("repeal_clause") and not listed.extra.get("repeal_clause") and clause.repealed_on \
                and (listed.extra.get("version_date") or "") > clause.repealed_on:
            return listed
    # two dates before which the work was not in force: the one its text states, else the later
    dates = [w.extra["in_force"] for w in (a, b) if w.extra.get("in_force")]
    since = {"in_force": max(dates, key=lambda d: (d.get("stated", True), d["from"]))} if dates else {}
    return replace(
        a, title=a.title or b.title, aliases=tuple(dict.fromkeys(a.aliases + b.aliases)),
        complete=(a.complete or b.complete) and not nested, n_units=max(a.n_units, b.n_units),
        repealed=a.repealed or b.repealed, repealed_on=a.repealed_on or b.repealed_on,
        replaced_by=a.replaced_by or b.replaced_by,
        source=a.source if b.source == a.source else f"{a.source}; {b.source}",
        extra={**b.extra, **a.extra, **({"nested": True} if nested else {}), **since},
    )


def iter_records(corpora_dir: Path | str, readers: Sequence[SnapshotReader],
                 jurisdictions: Iterable[str] | None = None) -> Iterator[Work | CorpusUnit]:
    """Every Work and CorpusUnit of the snapshots that ``readers`` read (the registry's:
    :func:`legalcite.jurisdictions.snapshot_readers`), merged per canonical key (full text over TOC-only units).
    Missing files are skipped. Works come last per jurisdiction, after all their units."""
    corpora_dir = Path(corpora_dir)
    wanted = _norm_jurisdictions(jurisdictions)
    order: list[str] = []
    for r in readers:
        if r.jurisdiction not in order:
            order.append(r.jurisdiction)
    for jur in order:
        if wanted is not None and jur not in wanted:
            continue
        toc: dict[str, CorpusUnit] = {}
        works: dict[str, Work] = {}
        nested_works: set[str] = set()
        for reader in (r for r in readers if r.jurisdiction == jur):
            path = corpora_dir / reader.file
            if not path.exists():
                continue
            for rec in reader.read(path):
                if isinstance(rec, Work):
                    works[rec.key] = merge_work(works[rec.key], rec) if rec.key in works else rec
                    if rec.extra.get("nested"):
                        nested_works.add(rec.key)
                elif not isinstance(rec, CorpusUnit):  # case-table rows (legalcite.corpora.cases) pass through
                    yield rec
                elif rec.extra.get("toc_only"):
                    toc[rec.key] = rec
                else:
                    twin = toc.pop(rec.key, None)
                    yield merge_unit(twin, rec) if twin else rec
        for u in toc.values():
            if f"{u.jurisdiction}/{u.work}" in nested_works:
                continue  # a flat TOC of a nested law lists §§ that are not units of their own
            yield u
        for w in works.values():
            yield w


def iter_units(corpora_dir: Path | str, readers: Sequence[SnapshotReader], jurisdictions: Iterable[str] | None = None
               ) -> Iterator[CorpusUnit]:
    """Every corpus unit of the snapshots under its canonical key (full-text and TOC-only units)."""
    for rec in iter_records(corpora_dir, readers, jurisdictions):
        if isinstance(rec, CorpusUnit):
            yield rec


def iter_works(corpora_dir: Path | str, readers: Sequence[SnapshotReader], jurisdictions: Iterable[str] | None = None
               ) -> Iterator[Work]:
    """Every work with its completeness, repeal state and aliases."""
    for rec in iter_records(corpora_dir, readers, jurisdictions):
        if isinstance(rec, Work):
            yield rec
