"""One orchestration: ``legalcite.check``, ``legalcite check`` (and its worker processes), the Dask runner and
``annotate(status=True)`` give the same statuses, reasons and evidence for the same answers — a short cite bound
through the case table included (it was ``real`` through the library and ``not_checked`` through the CLI)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from legalcite.annotation import find_marks
from legalcite.checker import CheckOptions, check
from legalcite.cli import main

ANSWERS = [
    "The forum non conveniens standard is settled; a plaintiff's choice of forum deserves less deference when "
    "the plaintiff is foreign. Piper Aircraft, 454 U.S. at 241.",
    "## Kündigung\n\n- Die Kündigungsfrist beträgt vier Wochen zum Fünfzehnten oder zum Ende eines "
    "Kalendermonats (§ 622 Abs. 1 BGB).\n- Schadensersatz wegen Verletzung des Körpers folgt aus § 823 Abs. 7 BGB.",
    "依据《中华人民共和国民法典》第五百七十七条的规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，"
    "应当承担继续履行、采取补救措施或者赔偿损失等违约责任。",
    "Wer einem andern widerrechtlich Schaden zufügt, wird ihm zum Ersatze verpflichtet (Art. 41 Abs. 1 OR). "
    "Marbury v. Madison, 5 U.S. 137 (1803).",
]


def _rows(checked: list[dict]) -> list[tuple]:
    return [(c["key"], c["status"], c["reason"], json.dumps(c["evidence"], sort_keys=True)) for c in checked]


@pytest.fixture(scope="module")
def library(case_store: Path) -> list[list[tuple]]:
    return [_rows([json.loads(json.dumps(cc.to_dict())) for cc in check(a, store=case_store)]) for a in ANSWERS]


@pytest.fixture(scope="module")
def answers_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("one_path") / "answers.jsonl"
    path.write_text("".join(json.dumps({"id": f"a{i}", "answer": a}, ensure_ascii=False) + "\n"
                            for i, a in enumerate(ANSWERS)), encoding="utf-8")
    return path


@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_cli_gives_the_librarys_verdicts(library, answers_file: Path, case_store: Path, tmp_path: Path,
                                             workers: str) -> None:
    out = tmp_path / "out.jsonl"
    assert main(["check", str(answers_file), "--store", str(case_store), "-o", str(out), "--workers", workers]) == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [_rows(r["citations"]) for r in records] == library
    # the short cite was bound to Piper Aircraft through the case table, not left as us/case/454/u.s.
    assert library[0][0][:2] == ("us/case/454/u.s./235", "real")


def test_annotate_gives_the_librarys_verdicts(library, case_store: Path) -> None:
    for answer, rows in zip(ANSWERS, library):
        marks = find_marks(answer, options=CheckOptions(store=case_store))
        assert [(m.citation.key, m.status, m.reason) for m in marks] == [r[:3] for r in rows]


def test_the_dask_runner_gives_the_librarys_verdicts(library, answers_file: Path, case_store: Path,
                                                      tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="dask.distributed not installed (pip install legalcite[dist])")
    from legalcite.distributed import run_check

    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        run_check(answers_file, tmp_path / "dask.jsonl", CheckOptions(store=str(case_store)), client=client,
                  lines_per_partition=2)
    records = [json.loads(line) for line in (tmp_path / "dask.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [_rows(r["citations"]) for r in records] == library


def test_the_mcp_check_tool_gives_the_librarys_verdicts(library, case_store: Path) -> None:
    from legalcite.mcp_server import Tools

    tools = Tools(CheckOptions(store=case_store))   # plain Python: the MCP SDK only wraps these methods
    assert [_rows(tools.check(a)["citations"]) for a in ANSWERS] == library


# The side doors (docs/check.md, "Side doors"): each is pinned against the main path on the same input, so that
# what it skips is exactly what its docstring says.

def test_check_citations_is_steps_3_and_4_of_the_main_path(library, case_store: Path) -> None:
    """Given the citations the main path extracts, ``check_citations`` gives its verdicts; what it skips is step 2,
    so a short cite that only the case tables bind (``454 U.S. at 241``) is not among them."""
    from legalcite.checker import check_citations
    from legalcite.pipeline import extract

    options = CheckOptions(store=case_store)
    for answer, rows in zip(ANSWERS, library):
        got = _rows([cc.to_dict() for cc in check_citations(extract(answer), answer, options)])
        if answer is ANSWERS[0]:
            assert rows[0][0] == "us/case/454/u.s./235" and rows[0][0] not in [r[0] for r in got]
        else:
            assert got == rows, answer


@pytest.mark.parametrize("cite", ["§ 622 Abs. 1 BGB", "§ 823 Abs. 7 BGB", "§ 9999 BGB", "Art. 41 Abs. 1 OR",
                                  "《中华人民共和国民法典》第五百七十七条", "Marbury v. Madison, 5 U.S. 137 (1803)",
                                  "42 U.S.C. § 1983"])
def test_corpus_show_says_what_the_check_says(cite: str, case_store: Path, capsys: pytest.CaptureFixture) -> None:
    """``corpus show`` asks only the store's resolver: its status and reason are the check's, less the note the
    check adds to what stays undecided offline (that the official sources would be asked)."""
    from legalcite.resolve.cases import OFFLINE_HINT

    [cc] = check(cite, store=case_store)
    main(["corpus", "show", cite, "--store", str(case_store)])
    said = [line for line in capsys.readouterr().err.splitlines() if " → " in line]
    reason = cc.reason.removesuffix(" (offline)").removesuffix(f"; {OFFLINE_HINT}")
    assert len(said) == 1 and said[0].split(" → ", 1)[1].startswith(
        f"{cc.citation.key}: {cc.status.value} ({reason})"), (said, cc.reason)
