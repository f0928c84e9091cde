"""The bulk downloader of :mod:`legalcite.net` against a local HTTP server (127.0.0.1, random port): resume with
Range, servers that ignore Range, broken connections, checksums and the manifest, Retry-After, the allow-list; then
the ``corpus fetch`` download layout of the sources end to end (server → files → rows)."""
from __future__ import annotations

import functools
import gzip
import hashlib
import io
import json
import zipfile
import zlib
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from legalcite.net import ChecksumMismatch, Downloader, FetchError, NotAllowed, read_checksums
from legalcite.sources.base import FetchOptions
from legalcite.sources.flk import Flk
from legalcite.sources.gii import Gii
from tests.conftest import OFFICIAL as FIX
from tests.conftest import local_server
BLOB = bytes(range(256)) * 400  # 102,400 bytes


def _zip_of(path: Path, member: str) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.write(path, member)
    return buf.getvalue()


def _docx() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("word/document.xml", (FIX / "flk_document.xml").read_bytes())
    return buf.getvalue()


@functools.cache
def _bomb() -> bytes:
    """65 MiB of zeros gzipped: about 65 kB on the wire, past the 64 MiB the client lets a compressed answer
    expand to (made a piece at a time: the zeros are never held whole)."""
    z = zlib.compressobj(wbits=31)  # 31: the gzip format
    zeros = bytes(1 << 20)
    return b"".join(z.compress(zeros) for _ in range(65)) + z.flush()


class Files(BaseHTTPRequestHandler):
    hits: list[tuple[str, str | None]] = []
    broken_once: set[str] = set()

    def log_message(self, *args):
        pass

    def do_POST(self):  # noqa: N802
        form = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        Files.hits.append((self.path, form))
        body = (FIX / "flk_detail.json").read_bytes() if form == "id=dGVzdC1sYXc" else b"{}"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):  # noqa: N802
        path = self.path.split("?")[0]
        rng = self.headers.get("Range")
        Files.hits.append((path, rng))
        if path == "/off":
            self.send_response(302)
            self.send_header("Location", "https://evil.example.com/blob")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path == "/busy" and sum(1 for p, _ in Files.hits if p == "/busy") == 1:
            self.send_response(429)
            self.send_header("Retry-After", "2")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path in ("/bomb", "/gzipped"):  # compressed on the way: Content-Encoding, decoded by the client
            body = _bomb() if path == "/bomb" else gzip.compress(BLOB)
            self.send_response(200)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Content-Type", "application/zip")
            self.end_headers()
            self.wfile.write(body)
            return
        data = {"/blob": BLOB, "/norange": BLOB, "/broken": BLOB, "/busy": BLOB,
                "/fixg/xml.zip": _zip_of(FIX / "gii_fixg.xml", "BJNR000000001.xml"),
                "/gii-toc.xml": (FIX / "gii-toc.xml").read_bytes(),
                "/api/": (FIX / "flk_search_test_law.json").read_bytes(),
                "/flfg/WORD/fixture0000000000000000000000.docx": _docx()}.get(path)
        if data is None:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        start = 0
        if rng and path != "/norange":
            start = int(rng.split("=")[1].split("-")[0])
        body = data[start:]
        self.send_response(206 if start else 200)
        if start:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Type", "application/zip")
        self.end_headers()
        if path == "/broken" and path not in Files.broken_once:
            Files.broken_once.add(path)
            self.wfile.write(body[:30000])  # then the connection drops
            self.wfile.flush()
            self.close_connection = True
            return
        self.wfile.write(body)


@pytest.fixture(scope="module")
def server():
    with local_server(Files) as origin:
        yield origin


@pytest.fixture(autouse=True)
def _reset():
    Files.hits.clear()
    Files.broken_once.clear()


def dl(tmp_path: Path, origin: str, **kw) -> Downloader:
    sleeps: list[float] = []
    opts = dict(allowed={origin}, timeout=5.0, retries=2, backoff=0.0, min_interval=0.0, sleep=sleeps.append)
    opts.update(kw)
    d = Downloader(tmp_path, **opts)
    d.sleeps = sleeps  # type: ignore[attr-defined]
    return d


SHA = hashlib.sha256(BLOB).hexdigest()


def test_download_records_checksum_and_skips_a_verified_copy(tmp_path, server):
    with dl(tmp_path, server) as d:
        got = d.fetch(f"{server}/blob", "blob.zip")
        assert got.sha256 == SHA and got.size == len(BLOB) and not got.skipped
        assert (tmp_path / "blob.zip").read_bytes() == BLOB and not (tmp_path / "blob.zip.part").exists()
        again = d.fetch(f"{server}/blob", "blob.zip")
    assert again.skipped and len(Files.hits) == 1
    import json

    m = json.loads((tmp_path / "MANIFEST.json").read_text())
    assert m["blob.zip"]["sha256"] == SHA and m["blob.zip"]["retrieved_at"].endswith("Z")


def test_a_corrupted_copy_is_downloaded_again(tmp_path, server):
    with dl(tmp_path, server) as d:
        d.fetch(f"{server}/blob", "blob.zip")
        (tmp_path / "blob.zip").write_bytes(b"garbage")
        assert not d.fetch(f"{server}/blob", "blob.zip").skipped
    assert (tmp_path / "blob.zip").read_bytes() == BLOB


def test_resume_from_a_part_file_with_range(tmp_path, server):
    (tmp_path / "blob.zip.part").write_bytes(BLOB[:50000])
    with dl(tmp_path, server) as d:
        got = d.fetch(f"{server}/blob", "blob.zip")
    assert got.resumed and got.sha256 == SHA
    assert Files.hits == [("/blob", "bytes=50000-")]


def test_a_server_ignoring_range_restarts_cleanly(tmp_path, server):
    (tmp_path / "n.zip.part").write_bytes(b"x" * 50000)
    with dl(tmp_path, server) as d:
        got = d.fetch(f"{server}/norange", "n.zip")
    assert not got.resumed and got.sha256 == SHA


def test_a_broken_connection_is_resumed(tmp_path, server):
    with dl(tmp_path, server) as d:
        got = d.fetch(f"{server}/broken", "b.zip")
    assert got.sha256 == SHA and got.resumed
    assert [r for _, r in Files.hits] == [None, "bytes=30000-"]


def test_expected_checksum_mismatch_deletes_and_fails(tmp_path, server):
    with dl(tmp_path, server, checksums={"blob.zip": "0" * 64}) as d:
        with pytest.raises(ChecksumMismatch):
            d.fetch(f"{server}/blob", "blob.zip")
    assert not (tmp_path / "blob.zip").exists() and not (tmp_path / "blob.zip.part").exists()
    sums = tmp_path / "SHA256SUMS"
    sums.write_text(f"{SHA}  blob.zip\n")
    with dl(tmp_path, server, checksums=read_checksums(sums)) as d:
        assert d.fetch(f"{server}/blob", "blob.zip").sha256 == SHA


def test_retry_after_is_honoured(tmp_path, server):
    with dl(tmp_path, server) as d:
        assert d.fetch(f"{server}/busy", "busy.zip").sha256 == SHA
        assert 2.0 in d.sleeps  # type: ignore[attr-defined]


def test_a_gzip_bomb_is_refused_not_recorded(tmp_path, server):
    """Issue 28: the downloader wrote a 1 GiB file from a gzip bomb and recorded it as a success. A body sent with a
    Content-Encoding may expand to 64 MiB (the online client's cap); past it the download fails at once (no
    retry), and neither the file, nor its part, nor a manifest entry is left."""
    with dl(tmp_path, server) as d:
        with pytest.raises(FetchError, match=r"bomb.zip from 127\.0\.0\.1 expands past 67,108,864 bytes from its "
                                             r"gzip encoding") as e:
            d.fetch(f"{server}/bomb", "bomb.zip")
        assert not e.value.transient and [p for p, _ in Files.hits] == ["/bomb"]
        got = d.fetch(f"{server}/gzipped", "small.zip")  # a compressed answer within the cap is fine
    assert got.path.read_bytes() == BLOB
    assert sorted(p.name for p in tmp_path.iterdir()) == ["MANIFEST.json", "small.zip"]
    assert "bomb.zip" not in json.loads((tmp_path / "MANIFEST.json").read_text(encoding="utf-8"))


def test_allow_list_and_redirects(tmp_path, server):
    with dl(tmp_path, server) as d:
        with pytest.raises(NotAllowed):
            d.fetch("https://evil.example.com/x.zip", "x.zip")
        with pytest.raises(NotAllowed):
            d.fetch(f"{server}/off", "off.zip")
        with pytest.raises(ValueError):
            d.fetch(f"{server}/blob", "../escape.zip")
        with pytest.raises(FetchError) as e:
            d.fetch(f"{server}/missing", "missing.zip")
    assert "404" in e.value.reason
    assert [p for p, _ in Files.hits] == ["/off", "/missing"]  # 404 is an answer: not retried


def test_default_allow_list_refuses_local_hosts(tmp_path, server):
    with Downloader(tmp_path) as d, pytest.raises(NotAllowed):
        d.fetch(f"{server}/blob", "blob.zip")
    assert not Files.hits


def test_gii_download_path_end_to_end(tmp_path, server):
    gii = Gii(base=server)
    with dl(tmp_path, server) as d:
        files = gii.download(d, ["fixg"], FetchOptions(), lambda m: None)  # not in the table: TOC consulted
        rows = [r for path, tag in files for r in gii.records(path, tag, ["fixg"])]
    assert [p for p, _ in Files.hits] == ["/gii-toc.xml", "/fixg/xml.zip"]
    assert rows[0].key == "de/fixg" and len(rows) == 7


def test_flk_download_path_end_to_end(tmp_path, server):
    import json

    flk = Flk(base=server, files=server)
    with dl(tmp_path, server) as d:
        files = flk.download(d, ["测试法"], FetchOptions(), lambda m: None)
        rows = [r for path, tag in files for r in flk.records(path, tag, ["测试法"])]
    assert [p for p, _ in Files.hits] == ["/api/", "/api/detail", "/flfg/WORD/fixture0000000000000000000000.docx"]
    assert Files.hits[1][1] == "id=dGVzdC1sYXc"  # the detail API is a form POST of the search hit's id
    meta = json.loads((tmp_path / "中华人民共和国测试法.json").read_text(encoding="utf-8"))
    assert meta["status"] == "有效" and meta["url"].endswith(".docx")
    assert rows[0].key == "cn/中华人民共和国测试法" and len(rows) == 6


def test_progress_writes_lines_where_stderr_is_no_terminal() -> None:
    """A log or a CI job gets a plain line every few seconds and one per finished file, never a bare ``\\r``."""
    from legalcite.net import Progress

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    log, tty = io.StringIO(), Tty()
    for out in (log, tty):
        p = Progress(out, every=0.0, line_every=0.0)
        p("citations-2024-05-06.csv.bz2", 5_000_000, 10_000_000)
        p("citations-2024-05-06.csv.bz2", 10_000_000, 10_000_000, final=True)
    assert "\r" not in log.getvalue() and log.getvalue().splitlines() == [
        "  citations-2024-05-06.csv.bz2  5.0 / 10.0 MB (50%)",
        "  citations-2024-05-06.csv.bz2  10.0 / 10.0 MB (100%) done"]
    assert tty.getvalue().startswith("\r") and tty.getvalue().endswith("\n")
    quiet = io.StringIO()
    p = Progress(quiet, line_every=3600.0)
    p("x", 1, 10)
    p("x", 2, 10)                       # within the interval: no second line
    assert len(quiet.getvalue().splitlines()) == 1
