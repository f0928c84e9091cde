"""Shared test fixtures and helpers. ``../shared`` (corpora and test data) sits beside the checkout, in CI too;
``LEGALCITE_SHARED`` overrides its location. Without it (a fresh clone alone) the tests that read it skip, saying
why — every use of it goes through the ``shared_dir`` fixture or those built on it — and the rest run. Tests
mirror the layout: ``tests/<jurisdiction>/`` per jurisdiction package (``cases.py`` holds its table of ``(text,
expected keys)`` rows), ``tests/core/`` for the shared mechanisms, ``tests/io/`` for the readers and writers.

- ``small_corpora`` / ``small_store`` / ``store`` / ``case_store``: a store built from ``tests/fixtures/corpora``,
  rows written for the tests in the snapshots' formats (its README says what they keep true), so that the real
  loaders run on a fresh clone too; built once per session.
- ``subset_corpora`` / ``subset_store``: a larger store from a *subset* of ``../shared/corpora`` (all tables of
  contents and lists, full texts of a few laws), filtered line by line into a temporary directory, for the tests
  that judge against whole laws (they skip without ``../shared``).
- :class:`Router` and :func:`docx`: answers of the official sources from ``tests/fixtures/official`` (written in
  each source's documented format) through ``httpx.MockTransport``; :func:`local_server`: a real HTTP server on
  127.0.0.1 for fault injection.
"""
from __future__ import annotations

import contextlib
import gzip
import json
import os
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEGALCITE_SHARED", ROOT.parent / "shared"))
CORPORA = SHARED / "corpora"
TESTDATA = SHARED / "testdata"


NO_SHARED = (f"the shared corpora and test data are not at {SHARED} (set LEGALCITE_SHARED to the folder that "
             "holds corpora/ and testdata/)")


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(NO_SHARED)
    return SHARED


@pytest.fixture(scope="session")
def corpora_dir(shared_dir: Path) -> Path:
    return shared_dir / "corpora"


@pytest.fixture(scope="session")
def testdata_dir(shared_dir: Path) -> Path:
    return shared_dir / "testdata"


# ------------------------------------------------------------------ a tiny store from the corpora fixture

FIXTURE_CORPORA = Path(__file__).parent / "fixtures" / "corpora"


@pytest.fixture(scope="session")
def small_corpora(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``tests/fixtures/corpora/*.jsonl`` (rows written for the tests, in the snapshots' formats), gzipped under the
    snapshots' file names, as ``corpus build`` reads them."""
    out = tmp_path_factory.getbasetemp() / "lc_small_corpora"
    if not (out / "done").exists():
        out.mkdir(exist_ok=True)
        for src in sorted(FIXTURE_CORPORA.glob("*.jsonl")):
            with gzip.open(out / (src.name + ".gz"), "wb") as fo:
                fo.write(src.read_bytes())
        (out / "done").write_text("ok")
    return out


@pytest.fixture(scope="session")
def small_store(small_corpora: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _built(small_corpora, tmp_path_factory.getbasetemp() / "lc_small_store" / "store.sqlite")


def _built(corpora: Path, path: Path) -> Path:
    from legalcite.cli.corpus import build_steps
    from legalcite.corpora.store import build_store
    from legalcite.jurisdictions import snapshot_readers

    build_store(corpora, path, readers=snapshot_readers(), steps=build_steps())  # a later call: up to date
    return path


# ------------------------------------------------------------------ a larger store from the shared corpora

# Which full-text rows the subset keeps: substrings of the raw JSON line (the files use ", " / ": " separators).
DE_LAWS = ("BGB", "StGB", "KSchG", "GG", "BGBEG", "BUrlG", "SGB 5", "TzBfG")
CN_LAWS = ("中华人民共和国民法典", "中华人民共和国劳动合同法", "中华人民共和国刑法", "中华人民共和国公司法")
CA_CODES = ("LAB", "CONS", "CIV", "PEN", "CCP", "GOV")
SUBSET = {
    "de_toc.jsonl.gz": [f'"abbr": "{a}"' for a in DE_LAWS],
    "de_fulltext.jsonl.gz": [f'"jurabk": "{a}"' for a in DE_LAWS],
    "cn_laws.jsonl.gz": [f'"title": "{t}"' for t in CN_LAWS],
    "cn_fulltext.jsonl.gz": [f'"law_title": "{t}"' for t in CN_LAWS[:3]],
    "ca_codes_toc.jsonl.gz": [f'"code": "{c}"' for c in CA_CODES],
    "ca_fulltext.jsonl.gz": [f'"code": "{c}"' for c in CA_CODES[:4]],
    "us_usc_sections.jsonl.gz": ['"title": 42,', '"title": 18,'],
    "us_usc_text.jsonl.gz": ['"title": 17,', '"key": "us/usc/42/1983"', '"key": "us/usc/18/1030"',
                             '"key": "us/usc/42/6232"'],
    "ch_fulltext.jsonl.gz": [f'"abbr": "{a}"' for a in ("OR", "ZGB", "StGB", "SVG", "CISG", "LugÜ", "UNO-Pakt II",
                                                         "ZPO")],
}


def _filter(src: Path, dst: Path, needles: list[str] | None) -> None:
    with gzip.open(src, "rt", encoding="utf-8") as fi, gzip.open(dst, "wt", encoding="utf-8") as fo:
        for line in fi:
            if needles is None or any(n in line for n in needles):
                fo.write(line)


@pytest.fixture(scope="session")
def subset_corpora(corpora_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from legalcite.jurisdictions import snapshot_readers

    out = tmp_path_factory.getbasetemp() / "lc_subset_corpora"
    if not (out / "done").exists():
        out.mkdir(exist_ok=True)
        for reader in snapshot_readers():
            if (corpora_dir / reader.file).exists():   # a case table the folder may lack (us_scotus_cases)
                _filter(corpora_dir / reader.file, out / reader.file, SUBSET.get(reader.file))
        (out / "done").write_text("ok")
    return out


@pytest.fixture(scope="session")
def subset_store(subset_corpora: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _built(subset_corpora, tmp_path_factory.getbasetemp() / "lc_subset_store" / "store.sqlite")


COURTLISTENER_BULK = Path(__file__).parent / "fixtures" / "courtlistener_bulk"
CASE_LIST = Path(__file__).parent / "fixtures" / "case_list_pages.jsonl"


def bulk_files(folder: Path = COURTLISTENER_BULK) -> dict[str, Path]:
    """The CourtListener bulk-data fixture: citations, clusters, dockets, courts of 2024-05-06."""
    return {kind: folder / f"{name}-2024-05-06.csv" for kind, name in
            (("citations", "citations"), ("clusters", "opinion-clusters"), ("dockets", "dockets"),
             ("courts", "courts"))}


@pytest.fixture(scope="session")
def case_store(small_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small store plus two case tables: the CourtListener bulk fixture (``courtlistener``) and a case list
    with one decision's pages (``cap``), loaded as ``legalcite corpus cases`` loads them."""
    import shutil

    from legalcite.casenames import party_keys
    from legalcite.corpora.cases import read_case_list
    from legalcite.corpora.store import merge_cases_into_store
    from legalcite.pipeline import parse
    from legalcite.sources.courtlistener import read_bulk

    path = tmp_path_factory.getbasetemp() / "lc_case_store" / "store.sqlite"
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        tmp = path.with_name("building.sqlite")
        shutil.copy(small_store, tmp)
        merge_cases_into_store(read_bulk(**bulk_files()), tmp, table="courtlistener", note="fixture")
        merge_cases_into_store(read_case_list(CASE_LIST, table="cap", key_of=lambda s: parse(s)[0].key,
                                              parties_of=party_keys), tmp, table="cap", note="fixture")
        tmp.rename(path)
    return path


@pytest.fixture(scope="session")
def store(small_store: Path):
    from legalcite.corpora.store import Store

    return Store(small_store)


# ------------------------------------------------------------------ the official sources, without the network

OFFICIAL = Path(__file__).parent / "fixtures" / "official"


def fixture_bytes(name: str) -> bytes:
    return (OFFICIAL / name).read_bytes()


class Router:
    """Maps (host, path[, a query or form value]) to a fixture response; records every request. Use as the
    handler of ``httpx.MockTransport``; unknown routes answer 404."""

    def __init__(self, routes: dict[tuple[str, ...], tuple[int, str, str | bytes]]):
        self.routes = routes
        self.seen: list[Any] = []

    def __call__(self, request):
        import httpx

        self.seen.append(request)
        u = request.url
        extra = ""
        if request.method == "POST":  # form fields: CourtListener's page, flk's law id
            form = httpx.URL("?" + request.content.decode()).params
            extra = form.get("page") or form.get("id") or ""
        elif u.params.get("searchWord"):
            extra = u.params["searchWord"]
        elif u.params.get("sectionNum"):
            extra = u.params["sectionNum"]
        for key in ((u.host, u.path, extra), (u.host, u.path)):
            if key in self.routes:
                status, ctype, content = self.routes[key]
                content = fixture_bytes(content) if isinstance(content, str) else content
                return httpx.Response(status, headers={"content-type": ctype}, content=content)
        return httpx.Response(404, headers={"content-type": "text/html"}, content=b"<html>not found</html>")


def docx(document_xml: str) -> bytes:
    """A minimal .docx (a zip with word/document.xml) around a fixture document."""
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                    'package/2006/content-types"/>')
        zf.writestr("word/document.xml", (OFFICIAL / document_xml).read_bytes())
    return buf.getvalue()


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:  # a client that gave up (a deadline) is no error
        pass


@contextlib.contextmanager
def local_server(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Serve ``handler`` on 127.0.0.1 at a free port in a thread; yields the origin ``http://127.0.0.1:N``."""
    srv = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
# Every source's documented answers, by (host, path[, query or form value]).
ROUTES = {
    ("www.gesetze-im-internet.de", "/bgb/__823.html"): (200, "text/html; charset=utf-8", "gii_norm_s823.html"),
    ("www.gesetze-im-internet.de", "/bgb/__10.html"): (200, "text/html", "gii_norm_weggefallen.html"),
    ("www.gesetze-im-internet.de", "/gg/art_20.html"): (200, "text/html", "gii_norm_art20.html"),
    ("www.gesetze-im-internet.de", "/bgb/__9999.html"): (404, "text/html", "gii_404.html"),
    ("www.gesetze-im-internet.de", "/bgb/index.html"): (200, "text/html; charset=utf-8", "gii_index_bgb.html"),
    ("www.gesetze-im-internet.de", "/bgb/__1542.html"): (404, "text/html", "gii_404.html"),  # listed, yet 404
    ("www.gesetze-im-internet.de", "/gii-toc.xml"): (200, "application/xml", "gii-toc.xml"),
    ("www.gesetze-im-internet.de", "/fixg/__1.html"): (200, "text/html", "gii_norm_s823.html"),  # wrong § on the page
    ("dejure.org", "/dienste/vernetzung/rechtsprechung"): (200, "text/html", "dejure_case.html"),
    ("www.courtlistener.com", "/api/rest/v4/citation-lookup/", "137"): (200, "application/json", "cl_200.json"),
    ("www.courtlistener.com", "/api/rest/v4/citation-lookup/", "1"): (200, "application/json", "cl_300.json"),
    ("www.courtlistener.com", "/api/rest/v4/citation-lookup/", "138"): (200, "application/json", "cl_400.json"),
    ("www.courtlistener.com", "/api/rest/v4/citation-lookup/", "999"): (200, "application/json", "cl_404.json"),
    ("www.courtlistener.com", "/api/rest/v4/citation-lookup/", "139"): (200, "application/json", "cl_429_item.json"),
    ("www.courtlistener.com", "/api/rest/v4/citation-lookup/", "140"): (429, "application/json", "cl_throttled.json"),
    ("www.law.cornell.edu", "/uscode/text/18/1030"): (200, "text/html", "cornell_usc_18_1030.html"),
    ("www.law.cornell.edu", "/uscode/text/18/1"): (200, "text/html", "cornell_repealed.html"),
    ("www.law.cornell.edu", "/uscode/text/18"): (200, "text/html", "cornell_usc_18.html"),
    ("www.law.cornell.edu", "/uscode/text/42/1983"): (200, "text/html", "cornell_usc_42_1983.html"),
    ("www.law.cornell.edu", "/constitution/amendmentxiv"): (200, "text/html", "cornell_amend14.html"),
    ("www.law.cornell.edu", "/rules/frcp/rule_56"): (200, "text/html", "cornell_frcp56.html"),
    ("leginfo.legislature.ca.gov", "/faces/codes_displaySection.xhtml", "1542"):
        (200, "text/html;charset=UTF-8", "leginfo_civ_1542.html"),
    ("leginfo.legislature.ca.gov", "/faces/codes_displaySection.xhtml", "99999"):
        (200, "text/html;charset=UTF-8", "leginfo_empty.html"),
    ("flk.npc.gov.cn", "/api/", "中华人民共和国民法典"): (200, "application/json", "flk_search_civil_code.json"),
    ("flk.npc.gov.cn", "/api/", "中华人民共和国合同法"): (200, "application/json", "flk_search_contract_law.json"),
    ("flk.npc.gov.cn", "/api/", "中华人民共和国不存在法"): (200, "application/json", "flk_search_empty.json"),
    ("flk.npc.gov.cn", "/api/", "中华人民共和国测试法"): (200, "application/json", "flk_search_test_law.json"),
    ("flk.npc.gov.cn", "/api/detail", "dGVzdC1sYXc"): (200, "application/json;charset=UTF-8", "flk_detail.json"),
    ("wb.flk.npc.gov.cn", "/flfg/WORD/fixture0000000000000000000000.docx"): (200, DOCX, docx("flk_document.xml")),
}


@pytest.fixture
def router() -> Router:
    """A :class:`Router` over :data:`ROUTES`."""
    return Router(ROUTES)


# ------------------------------------------------------------------ official bulk files, made from the fixtures

def fixture_docx(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("word/document.xml", (OFFICIAL / "flk_document.xml").read_bytes())
    return path


def _dat(*rows: list[str]) -> str:
    return "".join("\t".join(f"`{v}`" if v != "NULL" else v for v in r) + "\n" for r in rows)


def make_pubinfo(path: Path) -> Path:
    """A pubinfo zip in the capublic layout: LAW_SECTION_TBL.dat (18 columns, backtick-enclosed, tab-separated)
    and one .lob (CAML XML) per section text."""
    def row(i, code, sec, active="Y", lob=None):
        return [f"pk{i}", code, sec, "2018", "157", "1", "2019-01-01 00:00:00", f"v{i}", "3.", "NULL", "NULL",
                "5.", "NULL", f"Amended by Stats. 2018, Ch. {i}.", lob or f"LAW_SECTION_TBL_pk{i}.lob", active,
                "u", "2026-05-02 10:00:00"]
    lob = ('<?xml version="1.0" ?><caml:Law xmlns:caml="http://lc.ca.gov/legalservices/schemas/caml.1#">'
           '<caml:Content><p>(a) First fixture subdivision.</p><p>(b) Second fixture subdivision.</p>'
           '</caml:Content></caml:Law>')
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("LAW_SECTION_TBL.dat", _dat(row(1, "CIV", "1542."), row(2, "LAB", "2802."),
                                                row(3, "CIV", "9999.", active="N"), row(4, "CONS", "SEC. 1.")))
        for i in (1, 2, 3, 4):
            zf.writestr(f"LAW_SECTION_TBL_pk{i}.lob", lob)
    return path


# ------------------------------------------------------------------ extraction helpers (from tests.conftest import …)

def keys(text: str, **kw) -> list[str]:
    """The keys ``legalcite.extract`` finds in ``text`` (short forms without a key left out)."""
    import legalcite

    return [c.key for c in legalcite.extract(text, **kw) if c.key]


def assert_round_trip(key: str) -> str:
    """Print ``key`` with its jurisdiction's printer and parse it back (with that jurisdiction as the hint):
    the same key, once. Returns the printed citation."""
    from legalcite import jurisdictions

    printed = jurisdictions.print_key(key)
    assert printed != key, f"no printed form for {key}"
    found = keys(printed, jurisdiction=key.split("/", 1)[0])
    assert found == [key], (printed, found)
    return printed


def assert_spans_exact(text: str, cites: list) -> None:
    """Every citation's span indexes the input and its text is that slice; spans come in order."""
    for c in cites:
        assert 0 <= c.span.start <= c.span.end <= len(text)
        assert text[c.span.start : c.span.end] == c.text
    assert [c.span.start for c in cites] == sorted(c.span.start for c in cites)


def write_jsonl_gz(path: Path, rows: list[dict]) -> Path:
    """Hand-written snapshot rows as a ``.jsonl.gz`` file (for the readers' tests)."""
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return path
