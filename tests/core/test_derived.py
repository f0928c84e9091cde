"""``legalcite.core.data.derived``: a structure built from a package's tables, kept on disk for the next process
(the German law-name index: the cold start of ``legalcite parse``). It must never serve an old structure: a
changed table or changed code is a new file; a damaged file is rebuilt; an unwritable cache only costs the build."""
from __future__ import annotations

import pickle

import pytest

from legalcite.core import data


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LEGALCITE_CACHE", str(tmp_path))
    return tmp_path / "derived"


class Counter:
    calls = 0


def _build() -> dict:
    Counter.calls += 1
    return {"built": Counter.calls}


def test_built_once_then_read_from_disk(cache):
    Counter.calls = 0
    first = data.derived("legalcite.jurisdictions.de", "t", _build, inputs=("english.json",))
    again = data.derived("legalcite.jurisdictions.de", "t", _build, inputs=("english.json",))
    assert first == again == {"built": 1} and Counter.calls == 1
    assert len(list(cache.glob("de-t-*.pickle"))) == 1


def test_another_input_or_dependency_is_another_file(cache):
    Counter.calls = 0
    data.derived("legalcite.jurisdictions.de", "t", _build, inputs=("english.json",))
    data.derived("legalcite.jurisdictions.de", "t", _build, inputs=("courts.json",))
    data.derived("legalcite.jurisdictions.de", "t", _build, inputs=("english.json",), depends=("legalcite.keys",))
    assert Counter.calls == 3 and len(list(cache.glob("de-t-*.pickle"))) == 3


def test_a_damaged_file_is_rebuilt(cache):
    Counter.calls = 0
    data.derived("legalcite.jurisdictions.de", "t", _build, inputs=("english.json",))
    [path] = cache.glob("de-t-*.pickle")
    path.write_bytes(b"\x80\x05garbage")
    assert data.derived("legalcite.jurisdictions.de", "t", _build, inputs=("english.json",)) == {"built": 2}
    assert pickle.loads(path.read_bytes()) == {"built": 2}


def test_an_unwritable_cache_still_gives_the_value(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("LEGALCITE_CACHE", str(blocker))  # derived/ cannot be created under a file
    Counter.calls = 0
    assert data.derived("legalcite.jurisdictions.de", "t", _build, inputs=("english.json",)) == {"built": 1}


def test_the_law_index_from_disk_equals_a_fresh_build(cache):
    from legalcite.jurisdictions.de import laws

    laws.index.cache_clear()
    try:
        fresh = laws.LawIndex()
        laws.index()                      # builds and writes
        laws.index.cache_clear()
        loaded = laws.index()             # reads
        assert loaded.__dict__ == fresh.__dict__
        assert loaded.lookup_abbr("BGB") == "bgb" and loaded.units("bgb")[:1] == ["s1"]
    finally:
        laws.index.cache_clear()
