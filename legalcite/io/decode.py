"""From bytes to physical lines: :class:`LineSource` opens an input (a path, stdin or a binary file object) and
yields ``(line number, text, byte offset after the line)`` for each line, the base every input format reads.

The contract:

- **Encodings**: UTF-8 (a BOM is dropped), and UTF-16/UTF-32 by their BOM or, for UTF-16 without one, by the NUL
  pattern of its first bytes. A UTF-8 line with an undecodable byte comes as an :class:`Undecodable` marker (a bad
  line, not silently repaired); an input that is mostly not UTF-8 is an :class:`~legalcite.errors.InputError`.
- **Line numbers** count ``\\n`` only (a bare ``\\r`` is not a line break; ``\\r\\n`` is), so they match what an
  editor or ``sed -n Np`` shows.
- **Bounded memory**: with ``max_chars``, a line past the limit comes as a :class:`TooLong` marker and the rest of
  it is skipped in bounded pieces; an endless one gives the input up with an ``InputError``.

Standard library only.
"""
from __future__ import annotations

import codecs
import sys
from pathlib import Path
from typing import IO, Any, Callable, Iterator, TypeVar

from legalcite import _util
from legalcite.errors import InputError
from legalcite.io.records import STDIN, BadLine, Line, ReadStats

_BOMS = (  # longest first: the UTF-32 LE BOM starts with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
CHUNK = 1 << 16

_Source = TypeVar("_Source", bound="LineSource")
_Marker = TypeVar("_Marker", bound="Undecodable")


class LineSource:
    """The physical lines of one input, and what every format reader shares: the record limit, the counts
    (:class:`ReadStats`), and how a line that cannot be used becomes a :class:`BadLine`.

    ``source``: a path, ``"-"``/None for stdin, or a binary file object. Opening a missing or unreadable file
    raises :class:`InputError`."""

    _source: Path   # the path, when the input was opened from one (``_own``)

    def __init__(self, source: str | Path | IO[bytes] | None, *, name: str | None = None,
                 max_chars: int | None = None) -> None:
        # a record longer than this (a text, a block, a line) is never held in memory: a bad line, the rest of it
        # skipped in bounded pieces (``extract /dev/zero`` grew at 120 MB/s and ignored Ctrl-C); None: no limit
        self.max_chars = max_chars
        self.stats = ReadStats()
        self._own = False
        if source is None or (isinstance(source, str) and source == "-"):
            self._fh: IO[bytes] = sys.stdin.buffer
            self.path = name or STDIN
        elif isinstance(source, (str, Path)):
            p = Path(source)
            self.path = name or str(source)
            try:
                self._fh = p.open("rb")
            except FileNotFoundError:
                raise InputError(f"{self.path}: no such file") from None
            except IsADirectoryError:
                raise InputError(f"{self.path}: is a directory, not a file") from None
            except OSError as e:
                raise InputError(f"{self.path}: cannot be read ({e.strerror or e})") from None
            self._own = True
            self._source = p
        else:
            self._fh = source
            self.path = name or getattr(source, "name", None) or "<input>"
        self.size: int | None = None
        if self._own:
            try:
                self.size = Path(source).stat().st_size  # type: ignore[arg-type]
            except OSError:
                pass

    # -- context manager, so a command can close the file however it ends
    def __enter__(self: _Source) -> _Source:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Close the file if this source opened it (a stream handed in stays open)."""
        if self._own:
            self._fh.close()

    # -- decoding

    def _physical_lines(self) -> Iterator[tuple[int, str, int]]:
        """(line number, decoded line without its terminator, byte offset after it); a UTF-8 line that does not
        decode comes as an :class:`Undecodable` marker instead of its text."""
        head = _peek(self._fh, 4)
        encoding, skip = _sniff(head)
        self.stats.encoding = encoding
        if skip:
            self._fh.read(skip)
        if encoding == "utf-8":
            yield from self._text_or_refuse(self._utf8_lines(skip))
        else:
            yield from self._wide_lines(encoding, skip)

    def _utf8_lines(self, pos: int) -> Iterator[tuple[int, str, int]]:
        lineno = 0
        cap = self._line_cap() or -1
        for raw in iter(lambda: self._fh.readline(cap), b""):  # binary readline splits at b"\n" only
            lineno += 1
            pos += len(raw)
            self.stats.lines += 1
            if len(raw) == cap and not raw.endswith(b"\n"):
                yield lineno, TooLong(), pos  # first: a reader of one record (the whole input) stops here
                skipped = 0
                while raw and not raw.endswith(b"\n"):  # the rest of the line, a piece at a time
                    raw = self._fh.readline(CHUNK)
                    pos += len(raw)
                    skipped += len(raw)
                    self._skipping(skipped, lineno, "line")
                continue
            body = raw[:-1] if raw.endswith(b"\n") else raw
            if body.endswith(b"\r"):
                body = body[:-1]
            try:
                yield lineno, body.decode("utf-8"), pos
            except UnicodeDecodeError as e:
                yield lineno, Undecodable(e.start), pos

    def _text_or_refuse(self, lines: Iterator[tuple[int, str, int]]) -> Iterator[tuple[int, str, int]]:
        """``lines``, unless most of the first ones (up to 64 lines or 64 KiB) are not UTF-8: then the input is not
        UTF-8 text at all (binary data, or a file in Latin-1 or another encoding) and one :class:`InputError` says
        so, where a bad line each (90 for 20 KB of random bytes) would bury it. A line or two of bad bytes among
        good ones stays a bad line each, and the rest is read."""
        head: list[tuple[int, str, int]] = []
        bad: list[tuple[int, str, int]] = []
        good = 0
        for item in lines:
            head.append(item)
            if isinstance(item[1], Undecodable) and not isinstance(item[1], TooLong):
                bad.append(item)
            elif item[1].strip():
                good += 1
            # text once good lines lead (at once for a stream of good lines: a FIFO's records are not held back)
            if good > len(bad) or len(head) >= 64 or item[2] >= CHUNK or isinstance(item[1], TooLong):
                break
        if len(bad) >= 2 and len(bad) > good:
            raise InputError(f"{self.path}: not valid UTF-8 ({len(bad)} of its first {len(head)} lines are not, the "
                             f"first at line {bad[0][0]}): binary data, or text in another encoding — re-encode it "
                             "as UTF-8 (iconv -f latin1 -t utf-8)")
        yield from head
        yield from lines

    def _wide_lines(self, encoding: str, consumed: int) -> Iterator[tuple[int, str, int]]:
        decoder = codecs.getincrementaldecoder(encoding)(errors="strict")
        buf, lineno = "", 0
        skipping = False  # in a line longer than max_chars: its text is dropped as it comes
        data = self._fh.read(CHUNK)
        while True:
            try:
                buf += decoder.decode(data, final=not data)
            except UnicodeDecodeError as e:
                raise InputError(f"{self.path}: not valid {encoding.upper()} near byte {consumed + e.start:,} "
                                 "(re-encode the file as UTF-8)") from None
            consumed += len(data)
            parts = buf.split("\n")
            buf = parts.pop()
            for part in parts:
                if skipping:  # the end of the line too long to keep, already reported
                    skipping = False
                    continue
                lineno += 1
                self.stats.lines += 1
                yield lineno, part[:-1] if part.endswith("\r") else part, consumed
            if (cap := self._line_cap()) is not None and len(buf) > cap and not skipping:
                lineno += 1
                self.stats.lines += 1
                yield lineno, TooLong(), consumed  # first: a reader of one record (the whole input) stops here
                skipping, skipped = True, 0
            if skipping:
                skipped += len(buf)
                self._skipping(skipped, lineno, "line")
                buf = ""
            if not data:
                break
            data = self._fh.read(CHUNK)
        if buf:
            lineno += 1
            self.stats.lines += 1
            yield lineno, buf[:-1] if buf.endswith("\r") else buf, consumed

    def _line_cap(self) -> int | None:
        """The most a physical line may take, in bytes (UTF-8) or characters (UTF-16/32), when the record limit
        is ``max_chars``: a bound on memory that keeps every line holding a record within the limit (a character is
        at most 4 bytes in UTF-8, 6 as a JSON escape ``\\uXXXX``, and a JSON line has other fields)."""
        return None if self.max_chars is None else 6 * self.max_chars + CHUNK

    def _skip_cap(self) -> int | None:
        """How much of one record too long is skipped to reach the next one (and how much of a JSON array is held to
        parse it): at least :data:`~legalcite._util.MAX_DECODED` bytes, one line's cap if that is more; None
        without a record limit. Past it the input is given up (``check /dev/zero`` read its one block forever)."""
        cap = self._line_cap()
        return None if cap is None else max(_util.MAX_DECODED, cap)

    def _skipping(self, skipped: int, lineno: int, what: str) -> None:
        """Give up on the input when the rest of a record too long (at ``lineno``) runs past :meth:`_skip_cap`: its
        end, where the next record starts, may never come (an endless line, a stream without a blank line)."""
        cap = self._skip_cap()
        if cap is not None and skipped > cap:
            raise InputError(f"{self.path}:{lineno}: the {what} too long to read does not end within {cap:,} more "
                             "characters; the input is not read past it (an endless input? split it, or lift the "
                             "limit: --max-chars 0)")

    def _unreadable(self, marker: "Undecodable") -> str:
        if isinstance(marker, TooLong):
            return (f"more than {self.max_chars:,} characters (the limit, --max-chars); the rest was not read: "
                    "split the text or raise the limit")
        return f"not valid UTF-8 (byte {marker.at + 1} of the line); re-encode the file as UTF-8"

    def _bad(self, lineno: int, ident: Any, error: str, end: int) -> BadLine:
        self.stats.bad += 1
        return BadLine(self.path, lineno, ident, error, end)

    def _per_line(self, lines: Iterator[tuple[int, str, int]], record: Callable[[int, str, int], Line | BadLine]
                  ) -> Iterator[Line | BadLine]:
        """One record per non-blank line, made by ``record(line number, text, end)``: the formats of a record a
        line (JSON Lines, ``text``). A line that is not UTF-8 is a bad line; a blank one is counted."""
        for lineno, text, end in lines:
            if isinstance(text, Undecodable):
                yield self._bad(lineno, None, self._unreadable(text), end)
                continue
            if not text.strip():
                self.stats.blank += 1
                continue
            yield record(lineno, text, end)


class Undecodable(str):
    """Marker for a line that is not valid UTF-8; ``at`` is the offending byte's index."""

    at: int

    def __new__(cls: type[_Marker], at: int) -> _Marker:
        obj = super().__new__(cls, "")
        obj.at = at
        return obj


class TooLong(Undecodable):
    """Marker for a line longer than the reader's ``max_chars``: not held in memory, the rest of it skipped."""

    def __new__(cls) -> "TooLong":
        return super().__new__(cls, -1)


def _peek(fh: IO[bytes], n: int) -> bytes:
    """The first ``n`` bytes of ``fh`` without consuming them."""
    if hasattr(fh, "peek"):
        head: bytes = fh.peek(n)[:n]
        return head
    if fh.seekable():
        at = fh.tell()
        head = fh.read(n)
        fh.seek(at)
        return head
    raise InputError("the input cannot be peeked at; pass a file path or a buffered binary stream")


def _sniff(head: bytes) -> tuple[str, int]:
    """(encoding, BOM length) from a file's first bytes."""
    for bom, enc in _BOMS:
        if head.startswith(bom):
            return enc, len(bom)
    if len(head) >= 2 and head[0] != 0 and head[1] == 0:
        return "utf-16-le", 0
    if len(head) >= 2 and head[0] == 0 and head[1] != 0:
        return "utf-16-be", 0
    return "utf-8", 0
