"""CourtListener as a case-table source: the bulk-data files (``legalcite corpus cases``) read by their documented
columns into case rows and per-reporter table rows; bad files rejected with the file and the missing columns; the
API answer judged against the cited name, per citation, after it is shared and cached by key."""
from __future__ import annotations

import bz2
import json
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from legalcite.corpora.cases import CaseRecord, CaseTable
from legalcite.errors import InputError
from legalcite.models import CaseMetadata, Citation, Kind, Unit
from legalcite.resolve.online import resolve_online
from legalcite.sources.courtlistener import read_bulk, snapshot_of
from legalcite.status import Status
from tests.conftest import ROUTES, Router, bulk_files

FAST = dict(backoff=0.0, timeout=5.0, use_cache=False, retries=0)


def _read(**files) -> tuple[dict[str, CaseRecord], dict[str, CaseTable]]:
    rows = list(read_bulk(**files))
    return ({r.key: r for r in rows if isinstance(r, CaseRecord)},
            {t.reporter: t for t in rows if isinstance(t, CaseTable)})


def test_bulk_rows_by_documented_columns() -> None:
    cases, tables = _read(**bulk_files())
    piper = cases["us/case/454/u.s./235"]
    assert piper.name == "Piper Aircraft Co. v. Reyno" and piper.date == "1981-12-08" and piper.court == "SCOTUS"
    assert set(piper.parallel) == {"us/case/102/s.ct./252", "us/case/70/l.ed.2d/419"}   # one cluster, three cites
    assert cases["us/case/102/s.ct./252"].case_id == piper.case_id == "courtlistener:2"
    assert piper.parties == ("piper aircraft", "reyno") and piper.first_page == 235 and piper.last_page is None
    assert cases["us/case/925/f.3d/1291"].court == "D.C. Cir."                            # courts file
    assert cases["us/case/905/f.supp.2d/121"].date == "2012"    # date_filed_is_approximate: the year only
    assert cases["us/case/1/cranch/137"].name == "Marbury v. Madison"
    assert cases["us/case/5/u.s./137"].extra["url"].startswith("https://www.courtlistener.com/c/U.S./5/137/")
    us = tables["us/case/u.s."]
    assert (us.min_volume, us.max_volume, us.n_cases, us.closed) == (5, 556, 11, False)
    # F. Supp. 2d ended in 2014 (reporters-db), but the table's newest decision is of 2012: not known to be closed
    assert tables["us/case/f.supp.2d"].closed is False
    assert snapshot_of(bulk_files()["citations"]) == "2024-05-06" and us.snapshot == "2024-05-06"


def test_bulk_files_compressed_and_without_optional_files(tmp_path: Path) -> None:
    files = bulk_files()
    for kind in ("citations", "clusters"):
        (tmp_path / f"{files[kind].name}.bz2").write_bytes(bz2.compress(files[kind].read_bytes()))
    cases, _ = _read(citations=tmp_path / f"{files['citations'].name}.bz2",
                     clusters=tmp_path / f"{files['clusters'].name}.bz2")
    assert len(cases) == 25 and cases["us/case/925/f.3d/1291"].court is None    # no dockets file: no court


def test_a_finished_series_the_table_reaches_is_closed(tmp_path: Path) -> None:
    files = bulk_files()
    clusters = files["clusters"].read_text().replace('"1987-01-01","t"', '"1993-06-30","f"')  # F.2d's last year
    (tmp_path / "clusters.csv").write_text(clusters)
    _, tables = _read(citations=files["citations"], clusters=tmp_path / "clusters.csv")
    assert tables["us/case/f.2d"].closed is True and tables["us/case/f.2d"].max_volume == 821


@pytest.mark.parametrize("kind,header", [
    ("citations", "id,volume,reporter,cluster_id\n"),
    ("clusters", "id,case_name,docket_id\n"),
])
def test_a_file_missing_a_column_is_refused_with_its_name(tmp_path: Path, kind: str, header: str) -> None:
    bad = tmp_path / f"{kind}.csv"
    bad.write_text(header)
    files = {**bulk_files(), kind: bad}
    with pytest.raises(InputError, match=rf"{kind}.csv is not a CourtListener {kind} file.*lacks"):
        _read(**files)


def test_corpus_cases_command(small_store: Path, tmp_path: Path) -> None:
    store = tmp_path / "store.sqlite"
    shutil.copy(small_store, store)
    f = bulk_files()
    cmd = [sys.executable, "-m", "legalcite", "corpus", "cases", "--citations", str(f["citations"]), "--clusters",
           str(f["clusters"]), "--dockets", str(f["dockets"]), "--courts", str(f["courts"]), "--store", str(store)]
    run = subprocess.run(cmd, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    info = subprocess.run([sys.executable, "-m", "legalcite", "corpus", "info", "--store", str(store)],
                          capture_output=True, text=True)
    assert "courtlistener" in info.stdout and "bge" in info.stdout
    show = subprocess.run([sys.executable, "-m", "legalcite", "corpus", "show", "us/case/925/f.3d/1291", "--store",
                           str(store)], capture_output=True, text=True)
    assert json.loads(show.stdout)[0]["name"] == "J.D. v. Azar"
    # bad arguments: exit 2 with the reason, the store untouched
    (tmp_path / "clusters.csv").write_text("id,case_name\n")
    for args in (["--citations", str(f["citations"])], [], ["--list", str(tmp_path / "nope.jsonl")],
                 ["--citations", str(f["citations"]), "--clusters", str(tmp_path / "clusters.csv")]):
        bad = subprocess.run([sys.executable, "-m", "legalcite", "corpus", "cases", *args, "--store", str(store)],
                             capture_output=True, text=True)
        assert bad.returncode == 2 and bad.stderr.startswith("legalcite: ")
    # a load that failed half-way (the clusters file lacks date_filed) rolled back: the earlier table is whole
    from legalcite.corpora.store import Store

    with Store(store) as s:
        assert s.cases_at("us/case/925/f.3d/1291") and s.meta["case_tables"].startswith("courtlistener: ")


def test_case_list_lines_are_checked(tmp_path: Path) -> None:
    from legalcite.corpora.cases import read_case_list

    good = tmp_path / "list.jsonl"
    good.write_text('{"citation": "925 F.3d 1291", "name": "J.D. v. Azar", "last_page": 1349}\n\n')
    [rec, table] = read_case_list(good, table="mine", key_of=lambda s: "us/case/925/f.3d/1291")
    assert (rec.key, rec.first_page, rec.last_page, table.reporter) == ("us/case/925/f.3d/1291", 1291, 1349,
                                                                         "us/case/f.3d")
    for line, why in (('{"name": "x"}', "citation"), ("[1]", "citation"), ("{oops", "not JSON")):
        bad = tmp_path / "bad.jsonl"
        bad.write_text(line + "\n")
        with pytest.raises(InputError, match=why):
            list(read_case_list(bad, table="mine", key_of=lambda s: None))
    nokey = tmp_path / "nokey.jsonl"
    nokey.write_text('{"citation": "§ 823 BGB"}\n')
    with pytest.raises(InputError, match="no reporter citation"):
        list(read_case_list(nokey, table="mine", key_of=lambda s: "de/bgb/s823"))


# ------------------------------------------------------------------ the API answer and the cited name

def _cite(name: str | None, page: str = "137") -> Citation:
    return Citation(jurisdiction="us", kind=Kind.CASE, work="case", units=(Unit("", "5"), Unit("", "u.s."),
                                                                           Unit("", page)),
                    metadata=CaseMetadata(case_name=name, volume="5", reporter="U.S."))


@pytest.fixture
def router(monkeypatch) -> Router:
    monkeypatch.setenv("COURTLISTENER_TOKEN", "tok-SECRET-123")
    return Router(ROUTES)


def test_api_answer_judged_per_citation(router: Router) -> None:
    cites = [_cite("Marbury v. Madison"), _cite("Varghese v. China Southern Airlines Co."), _cite(None)]
    right, wrong, unnamed = resolve_online(cites, transport=httpx.MockTransport(router), **FAST)
    assert right.status is Status.REAL and unnamed.status is Status.REAL
    assert wrong.status is Status.MISATTRIBUTED and wrong.confirmed is False
    assert "not Varghese v. China Southern Airlines Co." in wrong.reason
    ev = wrong.evidence[0].details
    assert ev["cited_name"] == "Varghese v. China Southern Airlines Co." and ev["listed_name"] == "Marbury v. Madison"
    # one request for the three citations of one key: the answer is shared, the name test is not
    assert len([r for r in router.seen if r.url.host == "www.courtlistener.com"]) == 1
