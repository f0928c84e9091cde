"""RAG baseline harness: build prompts with retrieved provisions, run them against any OpenAI-compatible
chat endpoint, and write outputs that ``legalcite score crosslex`` reads (``id``, ``output``).

``run`` is resumable: every answer is appended (and flushed) as soon as it arrives, and a rerun skips the
ids already answered, so a killed run loses at most the requests in flight. Requests that still fail after
the retries go to ``OUT.errors.jsonl`` (rewritten each run) and are tried again by the next run. Failed requests (network
errors, 429, 5xx) are retried with exponential backoff, honouring ``Retry-After``; token usage and cost
are summed from the endpoint's ``usage`` field.
"""
from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from legalcite import jurisdictions

SYSTEM_PROMPT = (
    "You are a careful legal assistant. Answer the question using the provisions given below where they "
    "apply. Cite every provision you rely on in its usual citation form (for example § 823 Abs. 1 BGB, "
    "《中华人民共和国民法典》第五百七十七条, 42 U.S.C. § 1983, Cal. Lab. Code § 1194). Do not cite provisions "
    "you are not sure exist."
)
TEXT_CHARS = 1500


# --- prompts ---------------------------------------------------------------------------------------------

def read_jsonl(path: str | Path) -> Iterator[dict]:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def build_prompts(
    questions: Iterable[dict],
    index,
    *,
    k: int = 5,
    per_jurisdiction: bool = False,
    kind: str | None = None,
    system_prompt: str = SYSTEM_PROMPT,
    reranker=None,
) -> Iterator[dict]:
    """One prompt record per question line (``id``, ``question``; optional ``jurisdictions``): the
    retrieved provisions with text and canonical citation, and the chat ``messages`` to send."""
    for n, q in enumerate(questions, 1):
        question = q.get("question") or q.get("query")
        if not question:
            raise ValueError(f"question line {n} has neither 'question' nor 'query'")
        qid = q.get("id", n)
        wanted = q.get("jurisdictions") or ([q["jurisdiction"]] if q.get("jurisdiction") else None)
        groups: list[tuple[str | None, list]] = []
        if per_jurisdiction:
            for j in wanted or index.manifest["jurisdictions"]:
                groups.append((j, index.search(question, k, jurisdictions=[j], kind=kind, reranker=reranker)))
        else:
            groups.append((None, index.search(question, k, jurisdictions=wanted, kind=kind, reranker=reranker)))
        retrieved, blocks, i = [], [], 0
        for j, hits in groups:
            if j is not None:
                blocks.append(f"## {jurisdictions.get(j).name if j in jurisdictions.PACKAGES else j}")
            for h in hits:
                i += 1
                pos = index.position(h.key)
                text = index.unit(pos)["text"] if pos is not None else h.snippet
                cite = jurisdictions.print_key(h.key)
                retrieved.append({"key": h.key, "citation": cite, "jurisdiction": h.jurisdiction,
                                  "heading": h.heading, "score": h.score, "text": text})
                head = f" — {h.heading}" if h.heading else ""
                blocks.append(f"[{i}] {cite} ({h.key}){head}\n{text[:TEXT_CHARS]}")
        user = f"Question: {question}\n\nProvisions:\n\n" + ("\n\n".join(blocks) if blocks else "(none found)")
        yield {"id": qid, "question": question, "k": k, "index": str(index.path),
               "messages": [{"role": "system", "content": system_prompt}, {"role": "user", "content": user}],
               "retrieved": retrieved}


# --- running against an OpenAI-compatible endpoint ---------------------------------------------------------

def chat_url(endpoint: str) -> str:
    e = endpoint.rstrip("/")
    return e if e.endswith("/chat/completions") else e + "/chat/completions"


def errors_path(out_path: Path) -> Path:
    """Failed requests of the latest run go beside the outputs, so the outputs hold one answer per id."""
    return out_path.with_name(out_path.name + ".errors.jsonl")


def done_ids(out_path: Path) -> set:
    """Ids already answered in ``out_path`` (lines with an ``output`` and no ``error``)."""
    ids = set()
    if out_path.exists():
        with open(out_path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    r = json.loads(line)
                except json.JSONDecodeError:  # a line torn by a kill: that id is simply redone
                    continue
                if "error" not in r and "output" in r:
                    ids.add(r["id"])
    return ids


def usage_totals(out_path: Path, price_in: float = 0.0, price_out: float = 0.0) -> dict:
    """Answers, tokens and cost over the whole outputs file (all runs that filled it)."""
    n = pt = ct = 0
    seen = set()
    if out_path.exists():
        for line in open(out_path, encoding="utf-8"):
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            if "output" in r and r["id"] not in seen:
                seen.add(r["id"])
                n += 1
                pt += r.get("usage", {}).get("prompt_tokens", 0)
                ct += r.get("usage", {}).get("completion_tokens", 0)
    return {"answered": n, "prompt_tokens": pt, "completion_tokens": ct,
            "cost": round(pt / 1e6 * price_in + ct / 1e6 * price_out, 6)}


async def _one(client, url: str, prompt: dict, model: str, *, params: dict, retries: int, backoff: float,
               headers: dict) -> dict:
    body = {"model": model, "messages": prompt["messages"], **params}
    t0 = time.monotonic()
    last = ""
    for attempt in range(1, retries + 2):
        try:
            r = await client.post(url, json=body, headers=headers)
            if r.status_code == 200:
                data = r.json()
                choice = data["choices"][0]
                usage = data.get("usage") or {}
                return {"id": prompt["id"], "model": model, "output": choice["message"]["content"],
                        "finish_reason": choice.get("finish_reason"),
                        "usage": {"prompt_tokens": int(usage.get("prompt_tokens", 0)),
                                  "completion_tokens": int(usage.get("completion_tokens", 0))},
                        "attempts": attempt, "latency_s": round(time.monotonic() - t0, 3),
                        "retrieved_keys": [x["key"] for x in prompt.get("retrieved", [])]}
            last = f"HTTP {r.status_code}: {r.text[:200]}"
            if r.status_code not in (408, 409, 429) and r.status_code < 500:
                break  # a request the endpoint will never accept: no retry
            wait = backoff * 2 ** (attempt - 1)
            ra = r.headers.get("retry-after")
            if ra:
                try:
                    wait = max(wait, min(float(ra), 60.0))
                except ValueError:
                    pass
        except (KeyError, IndexError, ValueError) as e:
            last = f"malformed response: {e}"
            wait = backoff * 2 ** (attempt - 1)
        except Exception as e:  # httpx transport errors and timeouts
            last = f"{type(e).__name__}: {e}"
            wait = backoff * 2 ** (attempt - 1)
        if attempt <= retries:
            await asyncio.sleep(wait)
    return {"id": prompt["id"], "model": model, "error": last, "attempts": attempt}


async def _run(prompts: list[dict], out_path: Path, url: str, model: str, *, concurrency: int, retries: int,
               backoff: float, params: dict, headers: dict, timeout: float, progress) -> dict:
    import httpx

    sem = asyncio.Semaphore(concurrency)
    stats = {"answered": 0, "failed": 0, "prompt_tokens": 0, "completion_tokens": 0}
    out_path.parent.mkdir(parents=True, exist_ok=True)
    if out_path.exists() and out_path.stat().st_size:
        with open(out_path, "rb+") as fh:          # a line torn by a kill must not swallow the next answer
            fh.seek(-1, os.SEEK_END)
            if fh.read(1) != b"\n":
                fh.write(b"\n")
    with open(out_path, "a", encoding="utf-8") as out, open(errors_path(out_path), "w", encoding="utf-8") as err:
        async with httpx.AsyncClient(timeout=timeout) as client:
            async def task(p):
                async with sem:
                    res = await _one(client, url, p, model, params=params, retries=retries, backoff=backoff,
                                     headers=headers)
                fh = err if "error" in res else out
                fh.write(json.dumps(res, ensure_ascii=False) + "\n")
                fh.flush()
                if "error" in res:
                    stats["failed"] += 1
                else:
                    stats["answered"] += 1
                    stats["prompt_tokens"] += res["usage"]["prompt_tokens"]
                    stats["completion_tokens"] += res["usage"]["completion_tokens"]
                if progress:
                    progress(stats["answered"] + stats["failed"])

            await asyncio.gather(*(task(p) for p in prompts))
    return stats


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
    million tokens). ``api_key`` defaults to ``$OPENAI_API_KEY`` (optional for local servers)."""
    from legalcite.retrieval.index import Progress

    if not isinstance(prompts, (list, tuple)):
        prompts = list(read_jsonl(prompts))
    out_path = Path(out_path)
    seen = done_ids(out_path)
    todo = [p for p in prompts if p["id"] not in seen]
    key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY")
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    params: dict[str, Any] = {}
    if temperature is not None:
        params["temperature"] = temperature
    if max_tokens is not None:
        params["max_tokens"] = max_tokens
    prog = Progress("rag run", len(todo), progress) if progress else None
    stats = asyncio.run(_run(todo, out_path, chat_url(endpoint), model, concurrency=concurrency, retries=retries,
                             backoff=backoff, params=params, headers=headers, timeout=timeout, progress=prog))
    stats["skipped_already_done"] = len(prompts) - len(todo)
    stats["file_totals"] = usage_totals(out_path, price_in, price_out)
    stats["total_tokens"] = stats["prompt_tokens"] + stats["completion_tokens"]
    stats["cost"] = round(stats["prompt_tokens"] / 1e6 * price_in + stats["completion_tokens"] / 1e6 * price_out, 6)
    return stats
