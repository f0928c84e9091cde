"""RAG baseline harness: build prompts with retrieved provisions, run them against any OpenAI-compatible
chat endpoint, and write outputs that ``legalcite score`` reads (``id``, ``output``).

With ``benchmark=`` the prompt is the benchmark's own task (options, conclusion pools, the answer format its
scorer reads; :mod:`legalcite.metrics.prompts`), so prompts → model → ``legalcite score`` needs no glue code.
``run`` goes through :mod:`legalcite.llm` (the client ``legalcite judge`` uses too): resumable (every answer is
appended and flushed as it arrives; a rerun skips the ids already answered), retries with exponential backoff
honouring ``Retry-After``, failures in ``OUT.errors.jsonl`` for the next run, tokens and cost from ``usage``.

Beside :mod:`legalcite.judge` rather than in :mod:`legalcite.retrieval`: it needs the benchmarks' task text
(:mod:`legalcite.metrics`, which sits above the check), while the check's attribution uses retrieval's tokenizer
and embedders, so retrieval must not import the metrics.
"""
from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from legalcite import jurisdictions
from legalcite._util import Progress
from legalcite.errors import InputError
from legalcite.io import read_records
from legalcite.llm import Endpoint, Request, done_keys, run_requests, usage_totals
from legalcite.metrics.prompts import index_codes, task_text

SYSTEM_PROMPT = (
    "You are a careful legal assistant. Answer the question using the provisions given below where they "
    "apply. Cite every provision you rely on in its usual citation form (for example § 823 Abs. 1 BGB, "
    "《中华人民共和国民法典》第五百七十七条, 42 U.S.C. § 1983, Cal. Lab. Code § 1194). Do not cite provisions "
    "you are not sure exist."
)
TEXT_CHARS = 1500


# --- prompts ---------------------------------------------------------------------------------------------

def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    """The records of a prompts file through the one reader (:mod:`legalcite.io`); a bad line raises
    ``InputError`` naming it (the CLI reports bad lines and runs the rest)."""
    good, bad = read_records(path)
    if bad:
        raise InputError("; ".join(map(str, bad[:5])) + (f" (and {len(bad) - 5} more)" if len(bad) > 5 else ""))
    return [r.data or {} for r in good]   # (data is None for plain text only, which this JSON read never gives)


def build_prompts(
    questions: Iterable[dict],
    index,
    *,
    k: int = 5,
    per_jurisdiction: bool = False,
    kind: str | None = None,
    system_prompt: str = SYSTEM_PROMPT,
    reranker=None,
    benchmark: str | None = None,
    template: str | None = None,
) -> Iterator[dict]:
    """One prompt record per question line (``id``, ``question``; optional ``jurisdictions``): the
    retrieved provisions with text and canonical citation, and the chat ``messages`` to send.

    With ``benchmark`` (``crosslex``, ``lexam``, ``lexam-open``, ``lexgenius``) the question line is a benchmark
    item and the prompt carries its options or conclusion pools and the answer format its scorer reads
    (:mod:`legalcite.metrics.prompts`; ``template`` replaces the benchmark's). A prompt for which nothing was
    retrieved says so in the prompt, in its ``warnings`` and as a Python warning."""
    for n, q in enumerate(questions, 1):
        yield build_prompt(q, index, n=n, k=k, per_jurisdiction=per_jurisdiction, kind=kind,
                           system_prompt=system_prompt, reranker=reranker, benchmark=benchmark, template=template)


def build_prompt(q: dict, index, *, n: int = 1, k: int = 5, per_jurisdiction: bool = False, kind: str | None = None,
                 system_prompt: str = SYSTEM_PROMPT, reranker=None, benchmark: str | None = None,
                 template: str | None = None) -> dict:
    """The prompt record of one question line (``n``: its line number, the id of a line without ``id``).
    A line without what its kind of prompt needs raises ``ValueError`` naming the field."""
    qid = q.get("id", n)
    if benchmark:
        task = task_text(benchmark, q, where=f"question line {n} (id {qid!r})", template=template)
        question, wanted = task.query, task.jurisdictions
    else:
        asked = q.get("question") or q.get("query")
        if not asked or not isinstance(asked, str):
            raise ValueError(f"question line {n} has neither 'question' nor 'query'")
        question, wanted = asked, index_codes(q.get("jurisdictions") or q.get("jurisdiction"))
    groups: list[tuple[str | None, list]] = []
    if per_jurisdiction:
        for j in wanted or index.manifest["jurisdictions"]:
            groups.append((j, index.search(question, k, jurisdictions=[j], kind=kind, reranker=reranker)))
    else:
        groups.append((None, index.search(question, k, jurisdictions=wanted, kind=kind, reranker=reranker)))
    retrieved, blocks, i = [], [], 0
    language = jurisdictions.guess_language(question)   # a treaty named as the question does ("Article 6 ECHR")
    for j, hits in groups:
        if j is not None:
            blocks.append(f"## {jurisdictions.get(j).name if j in jurisdictions.PACKAGES else j}")
        for h in hits:
            i += 1
            pos = index.position(h.key)
            text = index.unit(pos)["text"] if pos is not None else h.snippet
            cite = jurisdictions.print_key(h.key, language)
            retrieved.append({"key": h.key, "citation": cite, "jurisdiction": h.jurisdiction,
                              "heading": h.heading, "score": h.score, "text": text})
            head = f" — {h.heading}" if h.heading else ""
            blocks.append(f"[{i}] {cite} ({h.key}){head}\n{text[:TEXT_CHARS]}")
    notes = []
    if not retrieved:
        notes.append(f"no provision retrieved for {qid!r} (jurisdictions {wanted or 'all'}, k={k}): the prompt "
                     "says '(none found)'")
        warnings.warn(f"rag prompts: {notes[-1]}", stacklevel=3)
    provisions = "\n\n".join(blocks) if retrieved else "(none found)"
    if benchmark:
        user = f"Provisions:\n\n{provisions}\n\n{task.text}"
    else:
        user = f"Question: {question}\n\nProvisions:\n\n{provisions}"
    rec = {"id": qid, "question": question, "k": k, "index": str(index.path),
           "messages": [{"role": "system", "content": system_prompt}, {"role": "user", "content": user}],
           "retrieved": retrieved}
    if benchmark:
        rec["benchmark"] = benchmark
        if task.prompt:  # the versioned prompt file the task text comes from (lexam-open)
            rec["prompt"] = task.prompt
    if q.get("copy") is not None:  # a shuffled copy (``legalcite mcq shuffle``): answered and scored per copy
        rec["copy"] = q["copy"]
    if notes:
        rec["warnings"] = notes
    return rec


# --- running against an OpenAI-compatible endpoint (the client is legalcite.llm, shared with `legalcite judge`) ---

def _by_id(record: dict) -> Any:
    """A prompt's or an answer's key: its id, and its ``copy`` for shuffled copies of one item."""
    copy = record.get("copy")
    return record["id"] if copy is None else (record["id"], copy)


def done_ids(out_path: Path) -> set:
    """Ids (``(id, copy)`` for shuffled copies) already answered in ``out_path``."""
    return done_keys(Path(out_path), _by_id)


def run(
    prompts: Sequence[dict] | str | Path,
    out_path: str | Path,
    *,
    endpoint: str,
    model: str,
    concurrency: int = 4,
    retries: int = 4,
    backoff: float = 1.0,
    api_key: str | None = None,
    temperature: float | None = 0.0,
    max_tokens: int | None = None,
    price_in: float = 0.0,
    price_out: float = 0.0,
    timeout: float = 120.0,
    progress: bool = False,
) -> dict:
    """Send every prompt not yet answered in ``out_path``; returns counts, tokens and cost (prices are per
    million tokens). ``api_key`` defaults to ``$OPENAI_API_KEY`` (optional for local servers). Each output line
    has ``id``, ``model``, ``output``, ``finish_reason`` and the ``max_tokens`` budget it ran with, when one was set
    (LexAssay scores an answer cut at the token limit 0, and counts a re-run with the full budget instead),
    ``usage``, ``attempts``, ``latency_s``, the prompt's ``retrieved_keys`` and its ``copy`` when it has one
    (shuffled copies of one item share an id and are answered, resumed and scored per copy)."""
    if isinstance(prompts, (str, Path)):
        prompts = read_jsonl(prompts)
    out_path = Path(out_path)
    seen = done_ids(out_path)
    todo = [p for p in prompts if _by_id(p) not in seen]
    params: dict[str, Any] = {}
    if temperature is not None:
        params["temperature"] = temperature
    if max_tokens is not None:
        params["max_tokens"] = max_tokens
    ep = Endpoint(endpoint, model, api_key=api_key if api_key is not None else os.environ.get("OPENAI_API_KEY"),
                  params=params, price_in=price_in, price_out=price_out)
    requests = [Request(_by_id(p), ep, p["messages"],
                        {"id": p["id"], **({"copy": p["copy"]} if p.get("copy") is not None else {}),
                         **({"max_tokens": max_tokens} if max_tokens is not None else {}),
                         "retrieved_keys": [x["key"] for x in p.get("retrieved", [])]})
                for p in todo]
    prog = Progress("rag run", len(todo), progress) if progress else None
    stats = run_requests(requests, out_path, concurrency=concurrency, retries=retries, backoff=backoff,
                         timeout=timeout, progress=prog)
    stats["skipped_already_done"] = len(prompts) - len(todo)
    stats["file_totals"] = usage_totals(out_path, _by_id, lambda r: (price_in, price_out))
    return stats
