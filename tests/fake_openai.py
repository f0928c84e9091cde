"""A chat-completions endpoint on 127.0.0.1 for tests (never a real API): each request's answer comes from a
``reply(body)`` callable, so a test scripts successes, HTTP errors (429 with Retry-After, 500), slow answers that
run past the client's deadline, and counts every request. A hard cap on requests fails the test instead of
letting a retry loop run away."""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable


@dataclass
class Reply:
    status: int = 200
    content: str = ""
    delay: float = 0.0                     # seconds before answering (past the client's timeout: a timeout)
    finish_reason: str = "stop"
    headers: dict[str, str] = field(default_factory=dict)
    usage: dict[str, int] | None = None    # default: prompt = characters of the last message, completion = 7


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64   # the default 5 resets connections when a test runs many requests at once

    def handle_error(self, request, client_address) -> None:  # a client that gave up is not a test failure
        pass


def user_text(body: dict) -> str:
    return body["messages"][-1]["content"]


class FakeOpenAI:
    def __init__(self, reply: Callable[[dict], Reply], *, max_requests: int = 500):
        self.reply = reply
        self.bodies: list[dict] = []
        self.inflight = self.peak = 0
        self.max_requests = max_requests
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):  # keep pytest output clean
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with fake.lock:
                    fake.bodies.append(body)
                    fake.inflight += 1
                    fake.peak = max(fake.peak, fake.inflight)
                    over = len(fake.bodies) > fake.max_requests
                r = Reply(400, "request cap exceeded") if over else fake.reply(body)
                if self.path != "/v1/chat/completions":
                    r = Reply(404, "not found")
                time.sleep(r.delay)
                with fake.lock:
                    fake.inflight -= 1
                if r.status != 200:
                    data = json.dumps({"error": r.content or "scripted"}).encode()
                else:
                    usage = r.usage or {"prompt_tokens": len(user_text(body)), "completion_tokens": 7}
                    usage = {**usage, "total_tokens": usage["prompt_tokens"] + usage["completion_tokens"]}
                    data = json.dumps({"id": "x", "object": "chat.completion", "model": body["model"],
                                       "choices": [{"index": 0, "finish_reason": r.finish_reason,
                                                    "message": {"role": "assistant", "content": r.content}}],
                                       "usage": usage}).encode()
                try:
                    self.send_response(r.status)
                    for k, v in r.headers.items():
                        self.send_header(k, v)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (its deadline passed)
                    pass

        self.server = _Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def requests(self) -> int:
        return len(self.bodies)

    def __enter__(self) -> "FakeOpenAI":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
        assert len(self.bodies) <= self.max_requests, f"{len(self.bodies)} requests: a retry loop ran away"
