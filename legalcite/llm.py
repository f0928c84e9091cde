"""One client for OpenAI-compatible chat endpoints, shared by ``legalcite rag run`` and ``legalcite judge``.

Why one: both send many chat requests to endpoints that fail now and then, and both must survive it the same way.
A request that fails (network error, deadline, HTTP 408/409/429/5xx, a malformed body) is retried with exponential
backoff, honouring ``Retry-After``; other 4xx answers are final. Each attempt has a deadline (``timeout`` seconds
for the whole request, not per read). Runs are resumable: every result is appended (and flushed) to a JSONL file
as soon as it arrives, a rerun skips the keys already answered there, and a request that still fails after its
retries goes to ``OUT.errors.jsonl`` (rewritten each run) so the next run tries it again. Token usage comes from
the endpoint's ``usage`` field; cost is tokens × the endpoint's prices (per million tokens). An optional cache
(``get``/``put`` by request hash) answers repeated requests without sending them; only answers are cached, never
a failure. An endpoint that cannot be reached at all (connection refused, no route, DNS) is given up once its first
request has spent its retries without ever getting an HTTP answer: the rest of its requests fail at once with the same
cause (``stats["unreachable"]``), instead of each waiting out its own backoff. httpx is imported when a run starts,
not with this module.
"""
from __future__ import annotations

import asyncio
import hashlib
from importlib import resources
import json
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable, Protocol, Sequence

from legalcite.errors import InputError
from legalcite.io import dumps

RETRY_STATUS = frozenset({408, 409, 429})
MAX_RETRY_AFTER_S = 60.0


def chat_url(endpoint: str) -> str:
    """``http://host/v1`` → ``http://host/v1/chat/completions`` (a full URL is kept)."""
    e = endpoint.rstrip("/")
    return e if e.endswith("/chat/completions") else e + "/chat/completions"


@dataclass(frozen=True)
class Endpoint:
    """A model behind an OpenAI-compatible endpoint. ``name`` labels it in outputs (a judge's name; default the
    model); ``params`` go into every request body (``temperature``, ``max_tokens`` …); prices are per million
    prompt/completion tokens."""

    url: str
    model: str
    name: str | None = None
    api_key: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    price_in: float = 0.0
    price_out: float = 0.0

    @property
    def label(self) -> str:
        """The name outputs show for this model: ``name``, else the model id."""
        return self.name or self.model

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float:
        """The price of one call in the currency of ``price_in``/``price_out`` (both per million tokens)."""
        return prompt_tokens / 1e6 * self.price_in + completion_tokens / 1e6 * self.price_out

    def body(self, messages: Sequence[dict[str, str]]) -> dict[str, Any]:
        """The chat-completions request body: ``model``, ``messages`` and every entry of ``params``."""
        return {"model": self.model, "messages": list(messages), **self.params}


def request_hash(endpoint: Endpoint, messages: Sequence[dict[str, str]]) -> str:
    """What identifies a request for the cache: URL, model, parameters and messages (not the key or prices)."""
    blob = json.dumps([chat_url(endpoint.url), endpoint.body(messages)], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class Cache(Protocol):
    """Where answers are kept by :func:`request_hash`, so a rerun pays only for requests not answered before."""

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored answer record for ``key``, or None when the request was never answered."""

    def put(self, key: str, value: dict[str, Any]) -> None:
        """Store (or replace) the answer record for ``key``."""


@dataclass
class Request:
    """One chat request of a run: ``key`` identifies it for resuming, ``record`` holds the fields copied into its
    output line (``id``, ``judge`` …)."""

    key: Hashable
    endpoint: Endpoint
    messages: list[dict[str, str]]
    record: dict[str, Any] = field(default_factory=dict)


def _usage(data: dict[str, Any]) -> dict[str, int]:
    u = data.get("usage") or {}
    return {"prompt_tokens": int(u.get("prompt_tokens") or 0),
            "completion_tokens": int(u.get("completion_tokens") or 0)}


async def complete(client: Any, endpoint: Endpoint, messages: Sequence[dict[str, str]], *, retries: int = 4,
                   backoff: float = 1.0, timeout: float = 120.0) -> dict[str, Any]:
    """Send one chat request (with retries). Returns ``{"output", "finish_reason", "usage", "attempts",
    "latency_s"}``, or ``{"error", "attempts"}`` when every attempt failed or the endpoint refused it, with
    ``"unreachable": True`` when no attempt got an HTTP answer and the connection itself failed."""
    url = chat_url(endpoint.url)
    headers = {"Authorization": f"Bearer {endpoint.api_key}"} if endpoint.api_key else {}
    body = endpoint.body(messages)
    t0 = time.monotonic()
    last = ""
    attempt = 0
    got_http = connect_failed = False
    for attempt in range(1, retries + 2):
        wait = backoff * 2 ** (attempt - 1)
        try:
            r = await asyncio.wait_for(client.post(url, json=body, headers=headers), timeout)
            got_http = True  # an HTTP answer came: the endpoint is there
            if r.status_code == 200:
                data = r.json()
                choice = data["choices"][0]
                content = choice["message"]["content"]
                if not isinstance(content, str):
                    raise ValueError("message content is not text")
                return {"output": content, "finish_reason": choice.get("finish_reason"), "usage": _usage(data),
                        "attempts": attempt, "latency_s": round(time.monotonic() - t0, 3)}
            last = f"HTTP {r.status_code}: {r.text[:200]}"
            if r.status_code not in RETRY_STATUS and r.status_code < 500:
                break  # a request the endpoint will never accept: no retry
            ra = r.headers.get("retry-after")
            if ra:
                try:
                    wait = max(wait, min(float(ra), MAX_RETRY_AFTER_S))
                except ValueError:
                    pass
        except asyncio.TimeoutError:
            last = f"no answer within {timeout:g} s"
        except (KeyError, IndexError, TypeError, ValueError) as e:
            last = f"malformed response: {type(e).__name__}: {e}"
        except Exception as e:  # httpx transport errors (connection refused, reset …)
            last = f"{type(e).__name__}: {e}"
            connect_failed = connect_failed or _unreachable(e)
        if attempt <= retries:
            await asyncio.sleep(wait)
    out = {"error": last, "attempts": attempt}
    if connect_failed and not got_http:
        out["unreachable"] = True
    return out


def _unreachable(e: BaseException) -> bool:
    """A failure to connect at all (refused, no route, unknown host, connect timeout), as opposed to an endpoint
    that answered badly or dropped a request."""
    import httpx  # httpx: heavy

    return isinstance(e, (httpx.ConnectError, httpx.ConnectTimeout, httpx.UnsupportedProtocol))


# ------------------------------------------------------------------ resumable runs over a JSONL file

def errors_path(out_path: Path) -> Path:
    """Failed requests of the latest run go beside the outputs, so the outputs hold only answers."""
    return out_path.with_name(out_path.name + ".errors.jsonl")


def answered(out_path: Path) -> Iterable[dict[str, Any]]:
    """The answer records of an outputs file (lines with ``output`` and no ``error``); a line torn by a kill is
    skipped, so that request is simply sent again."""
    if not out_path.exists():
        return
    with open(out_path, encoding="utf-8") as fh:
        for line in fh:
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(r, dict) and "error" not in r and "output" in r:
                yield r


def done_keys(out_path: Path, key_of: Callable[[dict[str, Any]], Hashable]) -> set:
    """Keys already answered in ``out_path`` (see :func:`answered`)."""
    return {key_of(r) for r in answered(out_path)}


def usage_totals(out_path: Path, key_of: Callable[[dict[str, Any]], Hashable],
                 price: Callable[[dict[str, Any]], tuple[float, float]] = lambda r: (0.0, 0.0)) -> dict[str, Any]:
    """Answers, tokens and cost over the whole outputs file (every run that filled it, each key once).
    ``price(record)`` gives the (input, output) price per million tokens of the endpoint that answered it."""
    n = pt = ct = 0
    cost = 0.0
    seen = set()
    for r in answered(out_path):
        k = key_of(r)
        if k in seen:
            continue
        seen.add(k)
        u = r.get("usage") or {}
        p, c = int(u.get("prompt_tokens", 0)), int(u.get("completion_tokens", 0))
        n, pt, ct = n + 1, pt + p, ct + c
        pin, pout = price(r)
        cost += p / 1e6 * pin + c / 1e6 * pout
    return {"answered": n, "prompt_tokens": pt, "completion_tokens": ct, "cost": round(cost, 6)}


def _end_with_newline(path: Path) -> None:
    """A line torn by a kill must not swallow the next answer."""
    if path.exists() and path.stat().st_size:
        with open(path, "rb+") as fh:
            fh.seek(-1, os.SEEK_END)
            if fh.read(1) != b"\n":
                fh.write(b"\n")


async def _run(requests: Sequence[Request], out_path: Path, *, concurrency: int, retries: int, backoff: float,
               timeout: float, cache: Cache | None, progress: Callable[[int], None] | None) -> dict[str, Any]:
    import httpx  # httpx: heavy

    sem = asyncio.Semaphore(max(1, concurrency))
    stats: dict[str, Any] = {"answered": 0, "failed": 0, "cached": 0, "sent": 0, "prompt_tokens": 0,
                             "completion_tokens": 0, "cost": 0.0, "by_endpoint": {}, "unreachable": {}}
    reached: set[str] = set()  # endpoints that gave an HTTP answer in this run
    out_path.parent.mkdir(parents=True, exist_ok=True)
    _end_with_newline(out_path)
    with open(out_path, "a", encoding="utf-8") as out, open(errors_path(out_path), "w", encoding="utf-8") as err:
        async with httpx.AsyncClient(timeout=timeout) as client:
            first_contact: dict[str, asyncio.Lock] = {}

            async def send(req: Request) -> dict[str, Any]:
                """One request, unless its endpoint was given up in this run (then it fails at once, with the
                cause); an endpoint that never answered and could not be connected to is given up."""
                label = req.endpoint.label
                down = stats["unreachable"].get(label)
                if down is not None:
                    return {"error": f"not sent: {down}", "attempts": 0, "unreachable": True}
                res = await complete(client, req.endpoint, req.messages, retries=retries, backoff=backoff,
                                     timeout=timeout)
                stats["sent"] += 1
                if not res.get("unreachable"):
                    reached.add(label)
                elif label not in reached:
                    stats["unreachable"].setdefault(label, f"{chat_url(req.endpoint.url)} could not be reached "
                                                           f"({res['error']})")
                return res

            async def contact(req: Request) -> dict[str, Any]:
                """:func:`send`, one request at a time to an endpoint until one is answered (first contact)."""
                label = req.endpoint.label
                if label not in reached:
                    async with first_contact.setdefault(label, asyncio.Lock()):
                        if label not in reached:
                            return await send(req)
                return await send(req)

            async def one(req: Request) -> None:
                h = request_hash(req.endpoint, req.messages) if cache is not None else None
                hit = cache.get(h) if cache is not None and h is not None else None
                if hit is not None:
                    res = {**hit, "attempts": 0, "latency_s": 0.0, "cached": True}
                else:
                    async with sem:
                        res = await contact(req)
                    if "error" not in res and cache is not None and h is not None:
                        cache.put(h, {k: res[k] for k in ("output", "finish_reason", "usage")})
                rec = {**req.record, "model": req.endpoint.model, **res}
                fh = err if "error" in res else out
                fh.write(dumps(rec) + "\n")
                fh.flush()
                if "error" in res:
                    stats["failed"] += 1
                else:
                    stats["answered"] += 1
                    stats["cached"] += bool(res.get("cached"))
                    if not res.get("cached"):  # spent in this run; a cached answer costs nothing now
                        p, c = res["usage"]["prompt_tokens"], res["usage"]["completion_tokens"]
                        e = stats["by_endpoint"].setdefault(req.endpoint.label, {"requests": 0, "prompt_tokens": 0,
                                                                                 "completion_tokens": 0, "cost": 0.0})
                        e["requests"] += 1
                        e["prompt_tokens"] += p
                        e["completion_tokens"] += c
                        e["cost"] = round(e["cost"] + req.endpoint.cost(p, c), 6)
                        stats["prompt_tokens"] += p
                        stats["completion_tokens"] += c
                        stats["cost"] += req.endpoint.cost(p, c)
                if progress:
                    progress(stats["answered"] + stats["failed"])

            await asyncio.gather(*(one(r) for r in requests))
    stats["cost"] = round(stats["cost"], 6)
    stats["total_tokens"] = stats["prompt_tokens"] + stats["completion_tokens"]
    return stats


def run_requests(requests: Sequence[Request], out_path: str | Path, *, concurrency: int = 4, retries: int = 4,
                 backoff: float = 1.0, timeout: float = 120.0, cache: Cache | None = None,
                 progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Send every request whose key ``out_path`` has not answered yet (the caller filters with
    :func:`done_keys`); returns counts, tokens and cost of this run (cached answers cost nothing)."""
    return asyncio.run(_run(list(requests), Path(out_path), concurrency=concurrency, retries=retries,
                            backoff=backoff, timeout=timeout, cache=cache, progress=progress))


class SqliteCache:
    """Answers by request hash in SQLite (one table). Why SQLite: many concurrent runs may share one cache file,
    and a killed run must not leave it half-written."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=30)
        self._db.execute("PRAGMA busy_timeout = 30000")
        self._db.execute("CREATE TABLE IF NOT EXISTS chat_cache (hash TEXT PRIMARY KEY, answer TEXT NOT NULL, "
                         "stored_at REAL NOT NULL)")
        self._db.commit()

    def get(self, key: str) -> dict[str, Any] | None:
        row = self._db.execute("SELECT answer FROM chat_cache WHERE hash = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        self._db.execute("INSERT OR REPLACE INTO chat_cache VALUES (?, ?, ?)",
                         (key, json.dumps(value, ensure_ascii=False), time.time()))
        self._db.commit()

    def close(self) -> None:
        """Close the database; every :meth:`put` is already committed, so nothing is lost."""
        self._db.close()


# ------------------------------------------------------------------ judges: endpoint specs, prompt files, answers
# Shared by ``legalcite judge`` and the attribution opinion (``check --attribution-judge``), which sits below the
# metrics and so cannot import :mod:`legalcite.judge`.

class JudgeInputError(InputError):
    """A judge specification, template or configuration that cannot be used."""


def parse_judge(spec: str, *, api_key: str | None = None, params: dict[str, Any] | None = None,
                price_in: float = 0.0, price_out: float = 0.0) -> Endpoint:
    """``[NAME=]MODEL@URL`` → an :class:`Endpoint` (``gpt4o=gpt-4o@https://api.openai.com/v1``)."""
    name: str | None
    name, sep, rest = spec.partition("=")
    if not sep or "@" in name:
        name, rest = None, spec
    model, at, url = rest.rpartition("@")
    if not at or not model or not url.startswith(("http://", "https://")):
        raise JudgeInputError(f"judge {spec!r}: expected [NAME=]MODEL@URL, e.g. gpt4o=gpt-4o@http://127.0.0.1:8000/v1")
    return Endpoint(url, model, name=name or None, api_key=api_key, params=dict(params or {}),
                    price_in=price_in, price_out=price_out)


def strip_reasoning(answer: str) -> str:
    """The final answer of a reasoning model: the text after its last ``</think>`` (as LEXam grades it)."""
    return answer.rsplit("</think>", 1)[-1].strip() if "</think>" in answer else answer


@dataclass(frozen=True)
class PromptFile:
    """A versioned prompt, named so that every record it made says which text made it (``id``: ``name@version``):
    the judge's (:func:`load_prompt`, with a system message) and the open-question answer prompt
    (:func:`legalcite.metrics.prompts.load_answer_prompt`, ``{course}`` and ``{question}``, no system message of
    its own)."""

    name: str
    version: str
    system: str
    template: str
    source: str = ""

    @property
    def id(self) -> str:
        """``name@version``: what every record made with this prompt carries to say which text made it."""
        return f"{self.name}@{self.version}"


def read_prompt_file(path: str | Path | None, default: str, error: type[Exception] = JudgeInputError, *,
                     package: str = "legalcite.metrics") -> dict[str, Any]:
    """A versioned prompt file: JSON with ``name``, ``version``, ``template`` (a string or a list of lines, joined
    here) and optionally ``system``, ``source``, ``changes``; the shipped file ``default`` (package data of
    ``package``) when ``path`` is None. The judge's prompt, the open-question answer prompt and the attribution
    opinion's prompt are such files, so a reader can tell from the ``name@version`` a record carries which text
    made it. A file that cannot be used raises ``error``."""
    where = path or default
    try:
        if path is None:
            text = resources.files(package).joinpath(default).read_text(encoding="utf-8")
        else:
            text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, json.JSONDecodeError) as e:
        raise error(f"{where}: cannot read the prompt file ({e})") from None
    tpl = data.get("template") if isinstance(data, dict) else None
    if isinstance(tpl, list) and all(isinstance(x, str) for x in tpl):
        tpl = "\n".join(tpl)
    if not isinstance(tpl, str) or not data.get("name"):
        raise error(f"{where}: a prompt file needs 'name', 'version' and 'template'")
    return {**data, "template": tpl}


def check_template(template: str, fields: Sequence[str]) -> None:
    """A :class:`JudgeInputError` naming the placeholders of ``fields`` that ``template`` lacks."""
    missing = [p for p in fields if p not in template]
    if missing:
        raise JudgeInputError(f"the prompt template lacks {', '.join(missing)}")


def load_prompt(path: str | Path | None, *, shipped: tuple[str, str], fields: Sequence[str]) -> PromptFile:
    """A judge's prompt file (JSON: ``name``, ``version``, ``system``, ``template`` as a string or a list of lines,
    optional ``source``); when ``path`` is None, the file ``shipped`` names (package, file). ``fields``: the
    placeholders its template must hold."""
    data = read_prompt_file(path, shipped[1], JudgeInputError, package=shipped[0])
    tpl = data["template"]
    if not isinstance(data.get("system"), str):
        raise JudgeInputError(f"{path or shipped[1]}: a prompt file needs 'name', 'version', 'system' and "
                              "'template'")
    check_template(tpl, fields)
    return PromptFile(str(data["name"]), str(data.get("version", "")), data["system"], tpl, str(data.get("source", "")))


__all__ = ["Endpoint", "Request", "Cache", "SqliteCache", "chat_url", "complete", "run_requests", "done_keys",
           "answered", "usage_totals", "errors_path", "request_hash", "JudgeInputError", "parse_judge",
           "strip_reasoning", "PromptFile", "read_prompt_file", "check_template", "load_prompt"]
