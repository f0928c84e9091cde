"""A load that takes long says what it is loading on stderr (``legalcite._util.loading``), so no command sits
silent for seconds (the first ``search`` on an index, ``check`` reading a law's tables); a quick one says nothing."""
from __future__ import annotations

import logging
import threading

import pytest

from legalcite import _util
from legalcite.cli import main
from legalcite.retrieval.index import build_index
from tests.retrieval.fixtures import UNITS


@pytest.fixture
def said():
    """The messages of the ``legalcite.loading`` logger while a test runs."""
    got: list[str] = []
    spoke = threading.Event()

    class Keep(logging.Handler):
        def emit(self, record):
            got.append(record.getMessage())
            spoke.set()

    handler = Keep()
    level = _util.LOADING.level
    _util.LOADING.setLevel(logging.INFO)   # (setLevel, not the attribute: it clears the logger's isEnabledFor cache)
    _util.LOADING.addHandler(handler)
    yield got, spoke
    _util.LOADING.removeHandler(handler)
    _util.LOADING.setLevel(level)


def test_a_long_load_is_said_a_quick_one_is_not(said):
    got, spoke = said
    with _util.loading("loading the quick part", after=3600):
        pass
    with _util.loading("loading the slow part", after=0.01):
        assert spoke.wait(60)              # still loading when the delay is over: said while it loads
    assert got == ["loading the slow part …"]


def test_search_and_check_say_what_they_load(tmp_path, small_store, capsys, monkeypatch):
    monkeypatch.setattr(_util, "LOADING_AFTER", 0)   # every load counts as long
    index = build_index(UNITS, tmp_path / "ix", kind="bm25", progress=False)
    assert main(["search", str(index), "Diebstahl fremde Sache", "-k", "1"]) == 0
    err = capsys.readouterr().err
    assert f"legalcite: checking the index {index} (0 MB) …" in err
    assert f"legalcite: loading the BM25 part of the index {index} …" in err
    src = tmp_path / "a.jsonl"
    src.write_text('{"id": 1, "answer": "Wer eine fremde Sache wegnimmt, wird bestraft (§ 242 StGB)."}\n',
                   encoding="utf-8")
    from legalcite.attribution import store as attribution_store

    attribution_store.forget()   # (an earlier test of this process may have read the matrix: read once per process)
    assert main(["check", str(src), "--store", str(small_store)]) == 0
    err = capsys.readouterr().err
    assert "legalcite: reading the BM25 matrix of de/stgb …" in err


def test_the_cli_shows_them_on_the_current_stderr(capsys):
    _util.say_loading_on_stderr()
    _util.say_loading_on_stderr()                    # once per process: one handler, one line per message
    with _util.loading("loading the model", after=0):
        pass
    assert capsys.readouterr().err == "legalcite: loading the model …\n"
