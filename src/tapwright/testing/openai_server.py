"""A loopback OpenAI-compatible chat-completions server for tests and benchmarks.

It speaks the real wire protocol (``POST /v1/chat/completions`` with JSON in and
out), so the official ``openai`` client talks to it unmodified. Replies come
from a script (a queue of :class:`Reply`) or from a ``responder`` function;
every request is recorded.

Example:
    with ScriptedOpenAIServer() as server:
        server.push(tool_calls_reply(("web__click", {"target": "Log in"})))
        client = AsyncOpenAI(base_url=server.base_url, api_key="test")
        ...
        assert server.request_count == 1
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_ids = itertools.count(1)


@dataclass(slots=True)
class Reply:
    """One scripted HTTP reply.

    ``body`` is JSON-encoded unless ``raw`` is given; ``delay_s`` waits before
    answering (a "hung" reply is simply a long delay, cut short when the server stops).
    """

    status: int = 200
    body: dict[str, Any] | None = None
    raw: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0


@dataclass(slots=True)
class RecordedRequest:
    """A request as the server received it."""

    method: str
    path: str
    headers: dict[str, str]
    body: str
    received_at: float

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


Responder = Callable[[dict[str, Any]], Reply]


def _tokens(text: str) -> int:
    # About four characters per token: good enough for budgets and accounting tests.
    return max(1, len(text) // 4)


def completion(
    message: dict[str, Any],
    *,
    finish_reason: str = "stop",
    model: str = "scripted",
    prompt_tokens: int | None = None,
    completion_tokens: int | None = None,
) -> dict[str, Any]:
    """A ``chat.completion`` body around one assistant message.

    Token counts default to an estimate from the message (the server fills
    prompt tokens from the request when left as ``None``).
    """
    produced = json.dumps(message)
    return {
        "id": f"chatcmpl-{next(_ids)}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason, "logprobs": None}],
        "usage": {
            "prompt_tokens": prompt_tokens if prompt_tokens is not None else -1,
            "completion_tokens": completion_tokens if completion_tokens is not None else _tokens(produced),
            "total_tokens": 0,
        },
    }


def tool_calls_reply(*calls: tuple[str, dict[str, Any] | str], content: str | None = None, **kw: Any) -> Reply:
    """A reply whose assistant message calls the given functions in order.

    A string instead of a dict is sent as the raw ``arguments`` text (for malformed JSON).
    """
    tool_calls = [
        {
            "id": f"call_{next(_ids)}",
            "type": "function",
            "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)},
        }
        for name, args in calls
    ]
    message = {"role": "assistant", "content": content, "tool_calls": tool_calls}
    return Reply(body=completion(message, finish_reason=kw.pop("finish_reason", "tool_calls"), **kw))


def text_reply(content: str, *, finish_reason: str = "stop", **kw: Any) -> Reply:
    """A plain assistant text message."""
    return Reply(body=completion({"role": "assistant", "content": content}, finish_reason=finish_reason, **kw))


def refusal_reply(refusal: str) -> Reply:
    """An assistant message with ``refusal`` set (structured-output refusal)."""
    return Reply(body=completion({"role": "assistant", "content": None, "refusal": refusal}))


def error_reply(status: int, message: str, *, headers: dict[str, str] | None = None, kind: str = "error") -> Reply:
    """An HTTP error in OpenAI's error envelope."""
    body = {"error": {"message": message, "type": kind, "param": None, "code": None}}
    return Reply(status=status, body=body, headers=dict(headers or {}))


def rate_limited(retry_after: float | None = 1.0) -> Reply:
    """A 429 with an optional ``Retry-After`` header (seconds)."""
    headers = {"retry-after": f"{retry_after:g}"} if retry_after is not None else {}
    return error_reply(429, "Rate limit reached (scripted)", headers=headers, kind="rate_limit_error")


def hung(seconds: float = 30.0) -> Reply:
    """A reply that does not come for ``seconds`` (enough to trip a client timeout)."""
    return Reply(delay_s=seconds, body=completion({"role": "assistant", "content": "too late"}))


class ScriptedOpenAIServer:
    """An OpenAI-compatible HTTP server on 127.0.0.1 (port 0), in a background thread.

    Args:
        replies: initial script, consumed one reply per chat-completion request.
        responder: called with the request JSON when the script is empty; without
            one, an empty script answers 500 ("script exhausted").
        delay_s: added to every reply (for benchmarks with a fixed model latency).
    """

    def __init__(
        self, replies: list[Reply] | None = None, *, responder: Responder | None = None, delay_s: float = 0.0
    ) -> None:
        self.script: deque[Reply] = deque(replies or [])
        self.responder = responder
        self.delay_s = delay_s
        self.requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------

    def start(self) -> ScriptedOpenAIServer:
        handler = _make_handler(self)
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        httpd = self._httpd
        # A short poll keeps stop() (and so every test's teardown) fast.
        self._thread = threading.Thread(target=lambda: httpd.serve_forever(poll_interval=0.02), name="openai-loopback",
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> ScriptedOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- script and records ----------------------------------------------------------

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        """The ``base_url`` to give the OpenAI client (ends in ``/v1``)."""
        return f"http://127.0.0.1:{self.port}/v1"

    def push(self, *replies: Reply) -> None:
        with self._lock:
            self.script.extend(replies)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if r.path.endswith("/chat/completions")]

    @property
    def request_count(self) -> int:
        return len(self.chat_requests)

    def all_bodies(self) -> str:
        """Every recorded request body joined (to assert what never reached the model)."""
        with self._lock:
            return "\n".join(r.body for r in self.requests)

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self.script.clear()

    def _next_reply(self, payload: dict[str, Any]) -> Reply:
        with self._lock:
            if self.script:
                return self.script.popleft()
        if self.responder is not None:
            return self.responder(payload)
        return error_reply(500, "scripted server: script exhausted", kind="server_error")

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _wait(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)


def _make_handler(server: ScriptedOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body are two writes: no delayed-ACK stall between them

        def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
            return

        def _send(self, reply: Reply) -> None:
            payload = reply.raw if reply.raw is not None else json.dumps(reply.body or {}).encode()
            try:
                self.send_response(reply.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                for key, value in reply.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                return  # the client gave up (a timeout test); nothing to tell it

        def do_GET(self) -> None:
            server._record(RecordedRequest("GET", self.path, _lower(self.headers), "", time.time()))
            if self.path.rstrip("/").endswith("/models"):
                self._send(Reply(body={"object": "list", "data": [{"id": "scripted", "object": "model"}]}))
            else:
                self._send(error_reply(404, f"no route {self.path}"))

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(length).decode("utf-8", "replace")
            server._record(RecordedRequest("POST", self.path, _lower(self.headers), body, time.time()))
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(error_reply(404, f"no route {self.path}"))
                return
            try:
                payload = json.loads(body)
            except json.JSONDecodeError:
                self._send(error_reply(400, "request body is not JSON"))
                return
            reply = server._next_reply(payload)
            server._wait(server.delay_s + reply.delay_s)
            if reply.body is not None and reply.raw is None:
                usage = reply.body.get("usage")
                if isinstance(usage, dict) and usage.get("prompt_tokens") == -1:
                    usage["prompt_tokens"] = _tokens(body)
                if isinstance(usage, dict):
                    usage["total_tokens"] = int(usage.get("prompt_tokens", 0)) + int(usage.get("completion_tokens", 0))
            self._send(reply)

    return Handler


def _lower(headers: Any) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in headers.items()}
