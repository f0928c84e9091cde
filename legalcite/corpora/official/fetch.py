"""Downloads of official bulk files: allow-listed, resumable, checksummed, with progress.

Why its own loop instead of :class:`~legalcite.resolvers.http.OfficialClient`: bulk files (a pubinfo zip is
close to 1 GB) must stream to disk and resume after a broken connection, which a buffered client cannot do. The
policy is the same: the allow-list (:func:`~legalcite.resolvers.http.check_allowed`, redirects included),
timeouts, retries with backoff and jitter, ``Retry-After``, and a pause between requests to one host.

Files land in ``dest/<name>``; ``<name>.part`` holds an interrupted download and is continued with an HTTP
``Range`` request (a server that ignores it answers 200 and the download restarts). ``dest/MANIFEST.json``
records per file the URL, size, SHA-256 and retrieval date: a later run re-hashes the file and skips the
download when it still matches, a mismatch with an expected checksum deletes the file and fails.
"""
from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO

import httpx

from legalcite.resolvers.http import (
    ALLOWED_ORIGINS,
    USER_AGENT,
    FetchError,
    NotAllowed,
    check_allowed,
    now_iso,
    parse_retry_after,
)


@dataclass
class Downloaded:
    path: Path
    url: str
    size: int
    sha256: str
    retrieved_at: str
    resumed: bool = False       # continued a .part file
    skipped: bool = False       # already present and verified


class ChecksumMismatch(FetchError):
    pass


from legalcite._util import sha256_file  # noqa: E402  (re-exported: callers import it from here)


class Progress:
    """One rewritten stderr line per file: name, bytes so far, total, percent."""

    def __init__(self, stream: IO[str] | None = sys.stderr, every: float = 0.25) -> None:
        self.stream, self.every, self._last = stream, every, 0.0

    def __call__(self, name: str, done: int, total: int | None, final: bool = False) -> None:
        if self.stream is None:
            return
        now = time.monotonic()
        if not final and now - self._last < self.every:
            return
        self._last = now
        mb = f"{done / 1e6:,.1f}" + (f" / {total / 1e6:,.1f} MB ({100 * done / total:.0f}%)" if total else " MB")
        self.stream.write(f"\r  {name}  {mb}   " + ("\n" if final else ""))
        self.stream.flush()


class Downloader:
    def __init__(self, dest: str | Path, *, allowed: frozenset[str] | set[str] = ALLOWED_ORIGINS,
                 transport: httpx.BaseTransport | None = None, timeout: float = 60.0, retries: int = 4,
                 backoff: float = 1.0, max_backoff: float = 60.0, max_retry_after: float = 300.0,
                 min_interval: float = 1.0, progress: Progress | None = None,
                 checksums: Mapping[str, str] | None = None, sleep: Callable[[float], None] = time.sleep) -> None:
        self.dest = Path(dest)
        self.dest.mkdir(parents=True, exist_ok=True)
        self.allowed = frozenset(allowed)
        self.retries, self.backoff, self.max_backoff = retries, backoff, max_backoff
        self.max_retry_after, self.min_interval = max_retry_after, min_interval
        self.progress = progress or Progress(None)
        self.checksums = dict(checksums or {})
        self.sleep = sleep
        self._next: dict[str, float] = {}
        self._client = httpx.Client(transport=transport, timeout=httpx.Timeout(timeout), follow_redirects=False,
                                    headers={"User-Agent": USER_AGENT}, trust_env=False)
        self.manifest_path = self.dest / "MANIFEST.json"
        try:
            self.manifest: dict[str, dict] = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.manifest = {}

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> Downloader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _save_manifest(self) -> None:
        tmp = self.manifest_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.manifest, indent=1, sort_keys=True, ensure_ascii=False), encoding="utf-8")
        tmp.replace(self.manifest_path)

    def _pace(self, host: str) -> None:
        wait = self._next.get(host, 0.0) - time.monotonic()
        if wait > 0:
            self.sleep(wait)
        self._next[host] = time.monotonic() + self.min_interval

    def fetch(self, url: str, name: str, *, expected_sha256: str | None = None, refresh: bool = False,
              data: Mapping[str, str] | None = None) -> Downloaded:
        """Download ``url`` to ``dest/name`` (or verify the copy already there); ``data`` makes it a form POST
        (API answers such as flk's ``/api/detail``)."""
        check_allowed(url, self.allowed)
        if "/" in name or name in ("", ".", ".."):
            raise ValueError(f"bad file name {name!r}")
        expected = (expected_sha256 or self.checksums.get(name) or "").lower() or None
        path, part = self.dest / name, self.dest / f"{name}.part"
        rec = self.manifest.get(name)
        if path.exists() and not refresh:
            digest = sha256_file(path)
            if (expected and digest == expected) or (not expected and rec and rec.get("sha256") == digest):
                return Downloaded(path, rec["url"] if rec else url, path.stat().st_size, digest,
                                  rec["retrieved_at"] if rec else now_iso(), skipped=True)
        last: FetchError | None = None
        resumed = False
        for attempt in range(self.retries + 1):
            try:
                resumed |= self._stream(url, name, part, data)
                last = None
                break
            except NotAllowed:
                raise
            except FetchError as e:
                last = e
                if attempt == self.retries or (e.status is not None and e.status != 429 and e.status < 500):
                    break
                delay = e.retry_after if e.retry_after is not None else \
                    random.uniform(0, min(self.max_backoff, self.backoff * 2 ** attempt))
                if delay > self.max_retry_after:
                    break
                self.sleep(delay)
        if last is not None:
            if attempt:
                last.reason = f"{last.reason} (after {attempt + 1} attempts)"
            raise last
        digest = sha256_file(part)
        if expected and digest != expected:
            part.unlink(missing_ok=True)
            raise ChecksumMismatch(f"{name}: SHA-256 {digest} does not match the expected {expected}", url=url)
        part.replace(path)
        retrieved = now_iso()
        self.manifest[name] = {"url": url, "size": path.stat().st_size, "sha256": digest, "retrieved_at": retrieved}
        self._save_manifest()
        return Downloaded(path, url, path.stat().st_size, digest, retrieved, resumed=resumed)

    def _stream(self, url: str, name: str, part: Path, data: Mapping[str, str] | None = None) -> bool:
        """One attempt: continue ``part`` from its size. Returns whether it resumed. Raises FetchError."""
        if data is not None:
            part.unlink(missing_ok=True)  # an API answer is not resumable
        have = part.stat().st_size if part.exists() else 0
        headers = {"Range": f"bytes={have}-"} if have else {}
        current = check_allowed(url, self.allowed)
        for _ in range(6):
            self._pace(current.host)
            try:
                with self._client.stream("POST" if data is not None else "GET", current, headers=headers,
                                         data=data) as resp:
                    if resp.status_code in (301, 302, 303, 307, 308) and "location" in resp.headers:
                        target = current.join(resp.headers["location"])
                        try:
                            current = check_allowed(target, self.allowed)
                        except NotAllowed:
                            raise NotAllowed(f"refused a redirect from {current.host} to {target.host}: not an "
                                             "allow-listed official source", url=str(current)) from None
                        continue
                    if resp.status_code == 416 and have:  # our .part is stale or complete: start over
                        part.unlink()
                        raise FetchError(f"{current.host} refused the resume range; restarting", url=str(current))
                    if resp.status_code == 429 or resp.status_code >= 500:
                        raise FetchError(f"{current.host} answered HTTP {resp.status_code}", url=str(current),
                                         status=resp.status_code,
                                         retry_after=parse_retry_after(resp.headers.get("retry-after")))
                    if resp.status_code not in (200, 206):
                        raise FetchError(f"{current.host} answered HTTP {resp.status_code} for {current.path}",
                                         url=str(current), status=resp.status_code)
                    resumed = resp.status_code == 206 and have > 0
                    total = _total(resp, have if resumed else 0)
                    done = have if resumed else 0
                    with open(part, "ab" if resumed else "wb") as out:
                        for chunk in resp.iter_bytes():  # as received: a break keeps what came
                            out.write(chunk)
                            done += len(chunk)
                            self.progress(name, done, total)
                    self.progress(name, done, total, final=True)
                    if total is not None and done != total:
                        raise FetchError(f"truncated download of {name}: {done} of {total} bytes", url=str(current))
                    return resumed
            except FetchError:
                raise
            except httpx.TimeoutException:
                raise FetchError(f"{current.host} timed out", url=str(current)) from None
            except httpx.HTTPError as e:
                raise FetchError(f"download of {name} broke off ({type(e).__name__})", url=str(current)) from None
        raise FetchError(f"too many redirects for {url}", url=url)


def _total(resp: httpx.Response, offset: int) -> int | None:
    cr = resp.headers.get("content-range", "")
    if "/" in cr and cr.rsplit("/", 1)[1].isdecimal():
        return int(cr.rsplit("/", 1)[1])
    cl = resp.headers.get("content-length")
    return offset + int(cl) if cl and cl.isdecimal() and "content-encoding" not in resp.headers else None


def read_checksums(path: str | Path) -> dict[str, str]:
    """A ``sha256sum``-style file (``<hex>  <name>`` per line) → {name: hex}."""
    out = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 2 and len(parts[0]) == 64:
            out[parts[1].lstrip("*")] = parts[0].lower()
    return out


def manifest_entry(d: Downloaded) -> dict:
    out = asdict(d)
    out["path"] = str(d.path)
    return out
