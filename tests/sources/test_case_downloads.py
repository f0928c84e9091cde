"""US case tables by download (``legalcite corpus cases --download courtlistener|cap``), through httpx's transport
layer: CourtListener's bulk-data bucket (an S3 ListObjectsV2 listing, paged, over the bz2-compressed fixture
exports) and the Caselaw Access Project's static site (``tests/fixtures/cap_static``, in the layout of
capstone's ``export_cap_static.py``). The newest export is picked, sizes and published MD5s are checked, a cut
connection is resumed with a Range request, a full disk stops the download before it starts, a missing reporter and
a malformed CasesMetadata.json end with a sentence naming them; CAP's last pages decide "a page inside another
decision", and several decisions at one page stay several."""
from __future__ import annotations

import bz2
import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape

import httpx
import pytest

from legalcite.corpora.cases import CaseRecord, CaseTable
from legalcite.errors import InputError
from legalcite.net import ChecksumMismatch, DiskFull, Downloader, FetchError
from legalcite.sources import cap, courtlistener
from tests.conftest import bulk_files

CAP_FIX = Path(__file__).parents[1] / "fixtures" / "cap_static"
BUCKET = courtlistener.BULK_BASE
CAP_BASE = cap.BASE


class Site:
    """A static file host for ``httpx.MockTransport``: ``files`` by URL path, Range requests answered with 206, an S3
    ListObjectsV2 listing at ``/?list-type=2`` (``page`` keys a page), a connection cut once after ``cut[path]``
    bytes; every request is recorded."""

    def __init__(self, files: dict[str, bytes], *, etags: dict[str, str] | None = None, page: int = 2,
                 cut: dict[str, int] | None = None, sizes: dict[str, int] | None = None) -> None:
        self.files, self.etags, self.page, self.cut = files, etags or {}, page, dict(cut or {})
        self.sizes = sizes or {}
        self.seen: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(request)
        path = request.url.path
        if path == "/" and request.url.params.get("list-type") == "2":
            return self._listing(request.url.params)
        body = self.files.get(path)
        if body is None:
            return httpx.Response(404, headers={"content-type": "application/xml"}, content=b"<Error>NoSuchKey</Error>")
        start = int(request.headers["range"].split("=")[1].split("-")[0]) if "range" in request.headers else 0
        headers = {"content-length": str(len(body) - start), "content-type": "application/octet-stream"}
        if start:
            headers["content-range"] = f"bytes {start}-{len(body) - 1}/{len(body)}"
        if path in self.cut:
            at = self.cut.pop(path)

            def broken():
                yield body[start:at]
                raise httpx.ReadError("connection reset by peer")
            return httpx.Response(206 if start else 200, headers=headers, content=broken())
        return httpx.Response(206 if start else 200, headers=headers, content=body[start:])

    def _listing(self, params) -> httpx.Response:
        prefix, token = params.get("prefix", ""), params.get("continuation-token")
        keys = sorted(p.lstrip("/") for p in self.files if p.lstrip("/").startswith(prefix))
        first = int(token) if token else 0
        chunk, more = keys[first:first + self.page], first + self.page < len(keys)
        items = "".join(
            f"<Contents><Key>{escape(k)}</Key><LastModified>2024-05-06T12:00:00.000Z</LastModified>"
            f"<ETag>&quot;{self.etags.get(k, hashlib.md5(self.files['/' + k]).hexdigest() + '-3')}&quot;</ETag>"
            f"<Size>{self.sizes.get(k, len(self.files['/' + k]))}</Size><StorageClass>STANDARD</StorageClass>"
            f"</Contents>" for k in chunk)
        xml = (f'<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/'
               f'2006-03-01/"><Name>com-courtlistener-storage</Name><Prefix>{escape(prefix)}</Prefix>'
               f"<KeyCount>{len(chunk)}</KeyCount><MaxKeys>{self.page}</MaxKeys>"
               f"<IsTruncated>{str(more).lower()}</IsTruncated>{items}"
               + (f"<NextContinuationToken>{first + self.page}</NextContinuationToken>" if more else "")
               + "</ListBucketResult>")
        return httpx.Response(200, headers={"content-type": "application/xml"}, content=xml.encode())


def downloader(tmp_path: Path, site: Site, base: str, **kw) -> Downloader:
    from legalcite.sources.base import origin

    opts = dict(allowed={origin(base)}, transport=httpx.MockTransport(site), retries=2, backoff=0.0,
                min_interval=0.0, sleep=lambda s: None, timeout=5.0)
    return Downloader(tmp_path / "dl", **{**opts, **kw})


# ------------------------------------------------------------------ CourtListener's bucket

def bucket_files() -> dict[str, bytes]:
    """The fixture export of 2024-05-06 (dockets and courts stamped a day earlier: the script passed midnight), an
    older export, and the clusters file of a newer run whose citations file is not there yet."""
    f = bulk_files()
    out = {f"/bulk-data/{p.name}.bz2": bz2.compress(p.read_bytes()) for p in f.values()}
    for kind in ("dockets", "courts"):
        out[f"/bulk-data/{f[kind].name.replace('2024-05-06', '2024-05-05')}.bz2"] = \
            out.pop(f"/bulk-data/{f[kind].name}.bz2")
    stale = bz2.compress(b"id,volume,reporter,page,type,cluster_id\n")
    out["/bulk-data/citations-2024-01-31.csv.bz2"] = stale
    out["/bulk-data/opinion-clusters-2024-01-31.csv.bz2"] = stale
    out["/bulk-data/opinion-clusters-2024-08-31.csv.bz2"] = stale          # a run still under way
    out["/bulk-data/citation-map-2024-05-06.csv.bz2"] = stale              # another table sharing the prefix
    return out


def test_courtlistener_download_picks_the_newest_export_and_loads_it(tmp_path: Path) -> None:
    files = bucket_files()
    cites = "bulk-data/citations-2024-05-06.csv.bz2"
    site = Site(files, etags={cites: hashlib.md5(files["/" + cites]).hexdigest()})   # a plain upload: an MD5
    said: list[str] = []
    with downloader(tmp_path, site, BUCKET) as dl:
        paths, export = courtlistener.download_bulk(dl, ("citations", "clusters", "dockets", "courts"), say=said.append)
        assert export == "2024-05-06"
        assert {k: p.name for k, p in paths.items()} == {
            "citations": "citations-2024-05-06.csv.bz2", "clusters": "opinion-clusters-2024-05-06.csv.bz2",
            "dockets": "dockets-2024-05-05.csv.bz2", "courts": "courts-2024-05-05.csv.bz2"}
        assert all(p.read_bytes() == files[f"/bulk-data/{p.name}"] for p in paths.values())
        assert dl.manifest["citations-2024-05-06.csv.bz2"]["md5"] == site.etags[cites]
    # the listing is paged (two keys a page here) and asked per table prefix
    listings = [r.url.params for r in site.seen if r.url.path == "/"]
    assert any("continuation-token" in p for p in listings)
    assert {p["prefix"] for p in listings} == {f"bulk-data/{n}-" for n in courtlistener.BULK_FILES.values()}
    assert "2024-05-06" in said[0] and "no checksum published" in said[0]
    rows = list(courtlistener.read_bulk(paths["citations"], paths["clusters"], paths["dockets"], paths["courts"]))
    azar = next(r for r in rows if isinstance(r, CaseRecord) and r.key == "us/case/925/f.3d/1291")
    assert azar.name == "J.D. v. Azar" and azar.court == "D.C. Cir." and azar.snapshot == "2024-05-06"


def test_courtlistener_export_of_a_given_date_and_one_with_a_table_missing(tmp_path: Path) -> None:
    files = bucket_files()
    with downloader(tmp_path, Site(files), BUCKET) as dl:
        listing = {k: courtlistener.bulk_listing(dl, k) for k in ("citations", "clusters")}
    assert courtlistener.newest_export(listing, "2024-01-31")["clusters"].date == "2024-01-31"
    with pytest.raises(InputError, match="no citations file of 2023-12-31.*2024-01-31, 2024-05-06"):
        courtlistener.newest_export(listing, "2023-12-31")
    listing["clusters"] = [f for f in listing["clusters"] if f.date != "2024-05-06"]
    with pytest.raises(InputError, match="export of 2024-05-06 has no opinion-clusters file"):
        courtlistener.newest_export(listing)


def test_courtlistener_download_resumes_a_cut_connection(tmp_path: Path) -> None:
    files = bucket_files()
    clusters = "/bulk-data/opinion-clusters-2024-05-06.csv.bz2"
    site = Site(files, cut={clusters: len(files[clusters]) // 2})
    with downloader(tmp_path, site, BUCKET) as dl:
        paths, _ = courtlistener.download_bulk(dl)
    asked = [r.headers.get("range") for r in site.seen if r.url.path == clusters]
    assert asked == [None, f"bytes={len(files[clusters]) // 2}-"]      # the second request continued the first
    assert paths["clusters"].read_bytes() == files[clusters]


@pytest.mark.parametrize("lie,match", [
    ("etag", "MD5 .* does not match the source's"),
    ("size", "bytes, where the source lists"),
])
def test_courtlistener_download_with_a_wrong_checksum_or_size_keeps_nothing(tmp_path: Path, lie: str,
                                                                            match: str) -> None:
    files = bucket_files()
    cites = "bulk-data/citations-2024-05-06.csv.bz2"
    site = Site(files, etags={cites: hashlib.md5(b"other bytes").hexdigest()} if lie == "etag" else None,
                sizes={cites: len(files["/" + cites]) + 1} if lie == "size" else None)
    with downloader(tmp_path, site, BUCKET) as dl, pytest.raises(ChecksumMismatch, match=match):
        courtlistener.download_bulk(dl)
    assert not list((tmp_path / "dl").glob("citations-*"))


def test_courtlistener_download_stops_before_it_starts_on_a_full_disk(tmp_path: Path) -> None:
    site = Site(bucket_files())
    with downloader(tmp_path, site, BUCKET, free_space=lambda p: (64 << 20) + 1000) as dl, \
            pytest.raises(DiskFull, match=r"not enough disk space .* MB needed .* free some space"):
        courtlistener.download_bulk(dl)
    assert all(r.url.path == "/" for r in site.seen)          # only the listing was asked for


def test_a_disk_that_fills_during_a_download_ends_it_and_keeps_the_part(tmp_path: Path, monkeypatch) -> None:
    import errno

    from legalcite import net

    class Full:   # a file system that takes 10 bytes, then has no space left
        def __init__(self, out):
            self.out = out

        def write(self, b: bytes) -> None:
            self.out.write(b[:10])
            raise OSError(errno.ENOSPC, "No space left on device")

    real = net._write_chunk
    monkeypatch.setattr(net, "_write_chunk", lambda out, chunk, name, dest: real(
        Full(out) if name.endswith(".bz2") else out, chunk, name, dest))
    site = Site(bucket_files())
    with downloader(tmp_path, site, BUCKET) as dl:
        with pytest.raises(DiskFull, match="filled up while downloading citations-2024-05-06"):
            courtlistener.download_bulk(dl)
    assert (tmp_path / "dl" / "citations-2024-05-06.csv.bz2.part").stat().st_size == 10
    assert sum(r.url.path.endswith(".bz2") for r in site.seen) == 1          # not retried: waiting frees nothing


# ------------------------------------------------------------------ the Caselaw Access Project

def cap_files(**override: bytes) -> dict[str, bytes]:
    out = {"/" + p.relative_to(CAP_FIX).as_posix(): p.read_bytes() for p in CAP_FIX.rglob("*.json")}
    out.update({k if k.startswith("/") else "/" + k: v for k, v in override.items()})
    return out


def _cap(tmp_path: Path, wanted: list[str], files: dict[str, bytes] | None = None,
         **kw) -> tuple[list[cap.CapVolume], Site]:
    site = Site(files or cap_files())
    with downloader(tmp_path, site, CAP_BASE, **kw) as dl:
        return cap.download_cap(dl, wanted), site


def test_cap_download_and_reader(tmp_path: Path) -> None:
    vols, site = _cap(tmp_path, ["U.S.", "f3d"])
    assert [(v.reporter.short_name, v.volume) for v in vols] == [("U.S.", "384"), ("F.3d", "925")]
    assert [r.url.path for r in site.seen] == ["/ReportersMetadata.json", "/us/VolumesMetadata.json",
                                               "/f3d/VolumesMetadata.json", "/us/384/CasesMetadata.json",
                                               "/f3d/925/CasesMetadata.json"]
    rows = list(cap.read_cap(vols))
    cases = {r.key: r for r in rows if isinstance(r, CaseRecord)}
    tables = {t.reporter: t for t in rows if isinstance(t, CaseTable)}
    miranda = cases["us/case/384/u.s./436"]
    assert (miranda.name, miranda.date, miranda.court, miranda.first_page, miranda.last_page) == (
        "Miranda v. Arizona", "1966-06-13", "U.S.", 436, 545)
    assert set(miranda.parallel) == {"us/case/86/s.ct./1602", "us/case/16/l.ed.2d/694"}
    assert miranda.case_id == "cap:1001" and miranda.extra["url"] == f"{CAP_BASE}/us/384/html/0436-01.html"
    assert set(cases) == {"us/case/384/u.s./436", "us/case/925/f.3d/1291"}   # parallel cites are no rows
    assert cases["us/case/925/f.3d/1291"].last_page == 1349
    us = tables["us/case/u.s."]
    assert (us.min_volume, us.max_volume, us.complete, us.closed, us.snapshot) == (384, 384, True, False, "2024-03-01")
    # a second run asks for the lists again (CAP adds volumes) but not for a volume it has intact
    again, site2 = _cap(tmp_path, ["U.S."])
    assert [v.path for v in again] == [vols[0].path]
    assert [r.url.path for r in site2.seen] == ["/ReportersMetadata.json", "/us/VolumesMetadata.json"]


def test_cap_reporter_the_site_lacks_fails_before_any_volume(tmp_path: Path) -> None:
    with pytest.raises(FetchError, match=r"no volumes of F\. Supp\. 2d: f-supp-2d/VolumesMetadata.json .*404"):
        _cap(tmp_path, ["U.S.", "F. Supp. 2d"])
    assert not list((tmp_path / "dl").glob("*.CasesMetadata.json"))


def test_cap_unknown_reporter_name_is_named_with_the_nearest(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"lists no reporter 'F\.3rd'.*did you mean F\.3d"):
        _cap(tmp_path, ["F.3rd"])


@pytest.mark.parametrize("body,match", [
    (b'[{"id": 1, "name_abbreviation": "A v. B", "first_page": "1"', "us/384/CasesMetadata.json .* not readable JSON"),
    (b'{"cases": []}', "us/384/CasesMetadata.json .* not a JSON list but dict"),
    (b'[{"id": 1, "citations": "384 U.S. 436"}]', r"us/384/CasesMetadata.json .*case 1 is not a case object"),
])
def test_malformed_cases_metadata_is_named(tmp_path: Path, body: bytes, match: str) -> None:
    vols, _ = _cap(tmp_path, ["U.S."], cap_files(**{"us/384/CasesMetadata.json": body}))
    with pytest.raises(InputError, match=match):
        list(cap.read_cap(vols))


def test_cap_disk_check_extrapolates_from_the_volumes_present(tmp_path: Path) -> None:
    files = cap_files(**{"us/VolumesMetadata.json": json.dumps(
        [{"volume_number": v, "reporter_slug": "us"} for v in ("384", "385", "386")]).encode()})
    for v in ("385", "386"):
        files[f"/us/{v}/CasesMetadata.json"] = b"[]"
    _cap(tmp_path, ["U.S."], {k: v for k, v in files.items() if "385" not in k and "386" not in k} | {
        "/us/VolumesMetadata.json": (CAP_FIX / "us" / "VolumesMetadata.json").read_bytes()})   # 384 is present
    size = (CAP_FIX / "us" / "384" / "CasesMetadata.json").stat().st_size
    with pytest.raises(DiskFull, match="for 2 CAP volumes"):
        _cap(tmp_path, ["U.S."], files, free_space=lambda p: (64 << 20) + size)   # less than two more volumes


def test_several_decisions_at_one_page_stay_several(tmp_path: Path) -> None:
    """An orders list prints many dispositions on one page (CAP numbers their files 0901-01, 0901-02 …): the
    store keeps one row that names them all, so none of them is misattributed and no other name passes."""
    from legalcite.checker import check
    from legalcite.corpora.snapshots import Work
    from legalcite.corpora.store import Store, merge_cases_into_store, write_store

    def case(n: int, name: str, first: str, last: str) -> dict:
        return {"id": n, "name": name, "name_abbreviation": name, "decision_date": "2014-03-03", "first_page": first,
                "last_page": last, "citations": [{"type": "official", "cite": f"572 U.S. {first}"}],
                "file_name": f"{int(first):04d}-{n:02d}"}
    path = tmp_path / "572.json"   # synthetic names: the shape of an orders list, not its content
    path.write_text(json.dumps([case(1, "Alpha v. Beta", "901", "901"), case(2, "Gamma v. Delta", "901", "903"),
                                case(3, "Epsilon v. Zeta", "905", "905")]))
    store = tmp_path / "store.sqlite"
    write_store([Work("de/bgb", "de", "bgb", "BGB", complete=True)], store)
    merge_cases_into_store(cap.read_cap([cap.CapVolume(path, cap.CapReporter("U.S.", "us"), "572")]), store,
                           table="cap", note="test")
    with Store(store) as s:
        [row] = s.cases_at("us/case/572/u.s./901")
    assert row.name == "Alpha v. Beta" and row.last_page == 903
    assert [d["name"] for d in row.extra["shared"]] == ["Gamma v. Delta"]
    verdicts: dict[str, Callable] = {
        "Gamma v. Delta, 572 U.S. 901 (2014).": lambda c: c.status.value == "real" and "Gamma v. Delta" in c.reason,
        "Alpha v. Beta, 572 U.S. 901 (2014).": lambda c: c.status.value == "real",
        "Omega v. Psi, 572 U.S. 901 (2014).": lambda c: c.status.value == "misattributed" and "Gamma v. Delta" in
        c.reason and "Alpha v. Beta" in c.reason,
        "Omega v. Psi, 572 U.S. 902 (2014).": lambda c: c.status.value == "misattributed",   # inside 901–903
        "Gamma v. Delta, 572 U.S. 902 (2014).": lambda c: c.status.value == "real" and "begins at page 901" in c.reason,
    }
    for text, ok in verdicts.items():
        [c] = check(text, store=store)
        assert ok(c), (text, c.status, c.reason)


def test_cap_through_the_command_then_check(tmp_path: Path, monkeypatch, capsys) -> None:
    """``corpus cases --download cap`` end to end; a failed download or a bad file leaves the store as it was."""
    import functools

    from legalcite import net
    from legalcite.checker import check
    from legalcite.cli import main
    from legalcite.corpora.snapshots import Work
    from legalcite.corpora.store import Store, write_store

    store = tmp_path / "store.sqlite"
    write_store([Work("de/bgb", "de", "bgb", "BGB", complete=True)], store)
    files = cap_files()
    site = Site(files)
    monkeypatch.setattr(net, "Downloader", functools.partial(
        Downloader, transport=httpx.MockTransport(site), min_interval=0.0, sleep=lambda s: None, backoff=0.0))
    args = ["corpus", "cases", "--download", "cap", "--reporters", "U.S.", "F.3d", "--store", str(store),
            "--dir", str(tmp_path / "dl")]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "U.S. (1 volumes)" in err and "loaded case table 'cap': 2 citations" in err
    got = {t: check(t, store=store)[0] for t in (
        "Miranda v. Arizona, 384 U.S. 436 (1966).",
        "Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).",
        "See 925 F.3d 1339.",
        "Smithfield v. Atlantic Coast Holdings, 612 U.S. 1001 (2023).",
        "Smithfield v. Atlantic Coast Holdings, 384 U.S. 1001 (1966).")}
    assert [(c.status.value, "1291–1349" in c.reason or c.status.value != "misattributed") for c in got.values()] == [
        ("real", True), ("misattributed", True), ("invented", True), ("not_findable", True), ("invented", True)]
    # a volume CAP does not hold (612 U.S.: beyond its coverage, U.S. is a running series) proves nothing; a page
    # past the last decision of a volume CAP lists whole does
    assert "no decision is listed at 612 U.S. 1001" in got["Smithfield v. Atlantic Coast Holdings, 612 U.S. 1001 "
                                                           "(2023)."].reason
    past = got["Smithfield v. Atlantic Coast Holdings, 384 U.S. 1001 (1966)."]
    assert "after the last page of its last decision, Miranda v. Arizona" in past.reason and past.confirmed is False
    assert past.evidence[0].details["volume_complete"] is True
    pages = next(e for e in got["See 925 F.3d 1339."].evidence if e.source.startswith("case table:cap"))
    assert pages.details["holder_pages"] == "1291–1349" and not pages.details.get("pages_inferred")
    before = shutil.copy(store, tmp_path / "before.sqlite")
    for broken, why in (({"/f3d/VolumesMetadata.json": None}, "HTTP 404"),
                        ({"/us/384/CasesMetadata.json": b"[{]"}, "us/384/CasesMetadata.json")):
        site.files = {k: v for k, v in {**files, **broken}.items() if v is not None}
        assert main([*args, "--refresh"]) == 2
        assert why in capsys.readouterr().err
        with Store(store) as s, Store(before) as b:
            assert s.cases_at("us/case/925/f.3d/1291") == b.cases_at("us/case/925/f.3d/1291")
            assert s.meta["case_tables"] == b.meta["case_tables"]
    assert main(["corpus", "cases", "--download", "cap", "--store", str(store)]) == 2
    assert "--download cap needs --reporters" in capsys.readouterr().err


def test_courtlistener_through_the_command(tmp_path: Path, monkeypatch, capsys) -> None:
    """``corpus cases --download courtlistener --with-dockets``: loaded, the downloads deleted on request; a full disk
    is exit 2 with the sentence, nothing asked for but the listing, the store as it was."""
    import functools

    from legalcite import net
    from legalcite.cli import main
    from legalcite.corpora.snapshots import Work
    from legalcite.corpora.store import Store, write_store

    store = tmp_path / "store.sqlite"
    write_store([Work("de/bgb", "de", "bgb", "BGB", complete=True)], store)
    site = Site(bucket_files())
    free = {"bytes": 1 << 40}
    monkeypatch.setattr(net, "Downloader", functools.partial(
        Downloader, transport=httpx.MockTransport(site), min_interval=0.0, sleep=lambda s: None, backoff=0.0,
        free_space=lambda p: free["bytes"]))
    args = ["corpus", "cases", "--download", "courtlistener", "--store", str(store), "--dir", str(tmp_path / "dl")]
    free["bytes"] = 64 << 20
    assert main([*args, "--with-dockets"]) == 2
    assert "not enough disk space" in capsys.readouterr().err and all(r.url.path == "/" for r in site.seen)
    with Store(store) as s:
        assert not s.has_cases()
    free["bytes"] = 1 << 40
    assert main([*args, "--with-dockets", "--delete-downloads"]) == 0
    err = capsys.readouterr().err
    assert "CourtListener bulk data of 2024-05-06" in err and "loaded case table 'courtlistener'" in err
    with Store(store) as s:
        [azar] = s.cases_at("us/case/925/f.3d/1291")
        assert azar.court == "D.C. Cir." and "CourtListener bulk data of 2024-05-06" in s.meta["case_tables"]
    assert not list((tmp_path / "dl").glob("*.csv.bz2"))
    assert main([*args, "--reporters", "U.S."]) == 2 and "--reporters is for --download cap" in capsys.readouterr().err
