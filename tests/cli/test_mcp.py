"""``legalcite mcp`` through the official SDK's client over stdio, as an agent's client starts it (issue 32): the
four tools listed with their parameters, each called, and bad calls answered with a tool error while the server
goes on."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

import anyio  # noqa: E402  (a dependency of mcp)
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TEXT = "Der Schaden ist nach § 823 Abs. 1 BGB zu ersetzen. Die Kündigung regelt § 9999 BGB."


def serve(calls: list[tuple[str, dict[str, Any]]], *args: str, tmp: Path) -> tuple[list[Any], list[Any]]:
    """Start ``python -m legalcite mcp ARGS`` as an MCP client does, list its tools and make ``calls`` in order;
    the tools and each call's result."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "legalcite", "mcp", *args], cwd=str(ROOT),
                                   env={"PYTHONPATH": str(ROOT), "LEGALCITE_CACHE": str(tmp / "cache")})

    async def session() -> tuple[list[Any], list[Any]]:
        with open(tmp / "server.err", "w", encoding="utf-8") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                tools = (await s.list_tools()).tools
                return tools, [await s.call_tool(name, arguments) for name, arguments in calls]

    return anyio.run(session)


def data(result) -> Any:
    """A successful call's structured result; the text of a failed one fails the test."""
    assert not result.is_error, result.content[0].text
    return result.structured_content


def error(result) -> str:
    assert result.is_error, result.structured_content
    return result.content[0].text


def test_the_four_tools_and_what_they_take(small_store, tmp_path):
    tools, _ = serve([], "--store", str(small_store), tmp=tmp_path)
    schemas = {t.name: t.input_schema for t in tools}
    assert set(schemas) == {"extract", "check", "search", "print_key"}
    assert {n: s.get("required") for n, s in schemas.items()} == {
        "extract": ["text"], "check": ["text"], "search": ["query"], "print_key": ["key"]}
    assert set(schemas["check"]["properties"]) == {"text", "question", "jurisdiction"}
    assert all(t.description and t.annotations.read_only_hint for t in tools)


def test_extract_gives_keys_and_spans(small_store, tmp_path):
    _, [result] = serve([("extract", {"text": TEXT})], "--store", str(small_store), tmp=tmp_path)
    cites = data(result)["citations"]
    assert [c["key"] for c in cites] == ["de/bgb/s823/abs1", "de/bgb/s9999"]
    assert [TEXT[slice(*c["span"])] for c in cites] == ["§ 823 Abs. 1 BGB", "§ 9999 BGB"]


def test_check_gives_the_record_legalcite_check_writes(small_store, tmp_path):
    """The tool's citations and summary are the record of ``legalcite check`` for the same text, field for field."""
    _, [result] = serve([("check", {"text": TEXT})], "--store", str(small_store), tmp=tmp_path)
    got = data(result)
    answers = tmp_path / "answer.jsonl"
    answers.write_text(json.dumps({"id": "a", "answer": TEXT}) + "\n", encoding="utf-8")
    cli = subprocess.run([sys.executable, "-m", "legalcite", "check", str(answers), "--store", str(small_store)],
                         capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT),
                                                                        "LEGALCITE_CACHE": str(tmp_path / "cache")})
    assert cli.returncode == 0, cli.stderr
    record = json.loads(cli.stdout)
    assert got == {"citations": record["citations"], "summary": record["summary"]}
    assert [(c["key"], c["status"]) for c in got["citations"]] == [("de/bgb/s823/abs1", "real"),
                                                                   ("de/bgb/s9999", "invented")]
    assert all(c["reason"] and c["evidence"] for c in got["citations"])


def test_search_answers_from_the_index(small_store, tmp_path):
    pytest.importorskip("bm25s")
    from legalcite.retrieval.index import build_index
    from tests.retrieval.fixtures import UNITS

    build_index(UNITS, tmp_path / "ix", kind="bm25", progress=False)
    _, [hits, only_cn, absent, blank] = serve(
        [("search", {"query": "Schadensersatz Körper Gesundheit verletzt", "k": 3}),
         ("search", {"query": "盗窃", "jurisdictions": ["cn"], "k": 1}),
         ("search", {"query": "Kündigung", "jurisdictions": ["ch"]}),
         ("search", {"query": "盗窃", "jurisdictions": [" ", "cn"], "k": 1})],  # a blank entry names none
        "--store", str(small_store), "--index", str(tmp_path / "ix"), tmp=tmp_path)
    found = data(hits)["hits"]
    assert found[0]["key"] == "de/bgb/s823" and found[0]["rank"] == 1
    cli = subprocess.run([sys.executable, "-m", "legalcite", "search", str(tmp_path / "ix"),
                          "Schadensersatz Körper Gesundheit verletzt", "-k", "3", "--format", "json"],
                         capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert json.loads(cli.stdout) == found   # what `legalcite search` lists
    assert [h["key"] for h in data(only_cn)["hits"]] == ["cn/中华人民共和国刑法/art264"]
    assert "holds no units of ch" in error(absent)
    assert data(blank) == data(only_cn)


@pytest.mark.parametrize(("key", "language", "printed"), [
    ("de/bgb/s823/abs1", None, "§ 823 Abs. 1 BGB"),
    ("int/echr/art6", "en", "Article 6 ECHR"),
    ("int/echr/art6", None, "Art. 6 EMRK"),
])
def test_print_key(small_store, tmp_path, key, language, printed):
    args = {"key": key} | ({"language": language} if language else {})
    _, [result] = serve([("print_key", args)], "--store", str(small_store), tmp=tmp_path)
    assert data(result) == {"key": key, "printed": printed}


def test_bad_calls_are_tool_errors_and_the_server_goes_on(small_store, tmp_path):
    calls = [("extract", {}),                                            # a required argument missing
             ("check", {"text": TEXT, "jurisdiction": "xx"}),            # no such jurisdiction
             ("check", {"text": "§ 1 BGB " * 200_000}),                  # longer than --max-chars
             ("print_key", {"key": "nonsense"}),                         # not a key
             ("search", {"query": "Haftung"}),                           # no --index given
             ("search", {"query": "Haftung", "k": 0}),                   # outside the schema's bounds
             ("check", {"text": TEXT})]                                  # and the server still answers
    _, results = serve(calls, "--store", str(small_store), tmp=tmp_path)
    said = [error(r) for r in results[:-1]]
    assert "text" in said[0] and "required" in said[0].lower()
    assert "unknown jurisdiction 'xx'" in said[1]
    assert "more than 1,000,000" in said[2]
    assert "not a canonical key" in said[3]
    assert "--index" in said[4] and "legalcite index build" in said[4]
    assert "k" in said[5]
    assert len(data(results[-1])["citations"]) == 2
    assert "Traceback" not in (tmp_path / "server.err").read_text(encoding="utf-8")


@pytest.mark.parametrize(("args", "said"), [
    (["--store", "{tmp}/no-store.sqlite"], "no-store.sqlite"),
    (["--store", "{store}", "--index", "{tmp}/no-index"], "no-index"),
])
def test_a_store_or_index_that_cannot_be_used_stops_it_at_once(small_store, tmp_path, args, said):
    """A store or index named on the command line and unusable is one line and exit 2, before any client talks
    to it (not an error at the first check)."""
    argv = [a.format(tmp=tmp_path, store=small_store) for a in args]
    r = subprocess.run([sys.executable, "-m", "legalcite", "mcp", *argv], capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT), "LEGALCITE_CACHE": str(tmp_path / "cache")},
                       stdin=subprocess.DEVNULL, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert said in r.stderr.splitlines()[-1] and "Traceback" not in r.stderr
