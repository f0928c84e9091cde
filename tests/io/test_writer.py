"""The one JSON Lines writer: each record flushed, NaN refused, a full disk an OutputError, dumps round trips."""
from __future__ import annotations

import json

import pytest

from legalcite.errors import OutputError
from legalcite.io import JsonlWriter, dumps


def test_writer_flushes_each_record_and_refuses_nan(tmp_path):
    p = tmp_path / "out" / "o.jsonl"
    w = JsonlWriter(p)
    w.write({"id": 1, "t": "a\ud800"})
    assert p.read_text(encoding="utf-8") == '{"id":1,"t":"a\ufffd"}\n'  # flushed before close
    with pytest.raises(ValueError):
        w.write({"x": float("nan")})
    w.close()


def test_writer_on_a_full_disk_raises_output_error():
    with pytest.raises(OutputError, match="/dev/full"):
        with JsonlWriter("/dev/full") as w:
            w.write({"id": 1})


def test_dumps_round_trips():
    obj = {"id": "x", "citations": [{"key": "cn/中华人民共和国民法典/art1"}]}
    assert json.loads(dumps(obj)) == obj
