"""A stand-in model on 127.0.0.1 for real hosts: it speaks the Anthropic Messages API, the OpenAI Chat Completions and
Responses APIs and the Gemini API (streamed as each host asks), follows a script of tool calls, and records every tool
result exactly as the host hands it to the model.

The script is stateless: the number of tool results already in the conversation picks the next call, so a host's side
requests (titles, token counts, checks with no tools offered) get a short text and change nothing.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

FINAL = "stand-in done"


@dataclass
class Script:
    """The calls to make, one a turn, each `(tool, arguments)` (None: the `suggested_arguments` of the envelope the last
    result holds, as a model would retry); what came back for each (as the model got it); the tool names offered; and
    every request."""

    calls: list[tuple[str, dict[str, Any] | None]]
    seen: list[Any] = field(default_factory=list)
    offered: list[list[str]] = field(default_factory=list)
    requests: list[tuple[str, Any]] = field(default_factory=list)

    def next_call(self, offered: list[str], results: list[Any]) -> tuple[str, dict[str, Any]] | None:
        """The call to answer with after `results`, or None (answer text); records what the model sees."""
        if offered:
            self.offered.append(offered)
        if len(results) > len(self.seen):
            self.seen[:] = results
        if not offered or len(results) >= len(self.calls):
            return None
        tool, arguments = self.calls[len(results)]
        if arguments is None:
            suggested = [error["context"]["suggested_arguments"] for envelope in envelopes(results[-1:])
                         for error in envelope["errors"] if "suggested_arguments" in error.get("context", {})]
            if not suggested:
                return None
            arguments = suggested[0]
        names = [name for name in offered if name == tool or name.endswith(f"_{tool}") or name.endswith(f".{tool}")
                 or name.endswith(f"/{tool}")]
        return (names[0], arguments) if names else None


def sse(event: str | None, data: Any) -> bytes:
    """One server-sent event."""
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {json.dumps(data)}\n\n".encode()


class StandIn(BaseHTTPRequestHandler):
    """Routes by path: /v1/messages (Anthropic), /chat/completions, /responses (OpenAI), :generateContent (Gemini)."""

    script: Script
    protocol_version = "HTTP/1.0"

    def log_message(self, *args: Any) -> None:
        """Quiet."""

    def do_GET(self) -> None:
        """Model lists and health checks: one model."""
        self.answer({"object": "list", "data": [{"id": "stand-in", "object": "model", "owned_by": "tests"}],
                     "models": [{"name": "models/stand-in"}]})

    def do_HEAD(self) -> None:
        """Reachability checks."""
        self.send_response(200)
        self.end_headers()

    def do_POST(self) -> None:
        """One model turn in the API the path names."""
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        request = json.loads(body or b"{}")
        path = self.path.split("?", 1)[0]
        self.script.requests.append((self.path, request))
        if path.endswith("/count_tokens") or path.endswith(":countTokens"):
            self.answer({"input_tokens": 1, "totalTokens": 1})
        elif path.endswith("/messages"):
            self.anthropic(request)
        elif path.endswith("/chat/completions"):
            self.chat(request)
        elif path.endswith("/responses"):
            self.openai_responses(request)
        elif ":generateContent" in path or ":streamGenerateContent" in path:
            self.gemini(request, stream=":stream" in path)
        else:
            self.answer({"error": {"message": f"stand-in: no {path}"}}, status=404)

    def answer(self, document: Any, status: int = 200) -> None:
        """A JSON answer."""
        data = json.dumps(document).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def stream(self, events: list[bytes]) -> None:
        """A server-sent event stream."""
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.end_headers()
        for event in events:
            self.wfile.write(event)
        self.wfile.flush()

    def anthropic(self, request: dict[str, Any]) -> None:
        """Anthropic Messages: a tool_use block or a text block, streamed or not."""
        offered = [tool["name"] for tool in request.get("tools", []) if "name" in tool]
        results = [block for message in request.get("messages", []) if isinstance(message.get("content"), list)
                   for block in message["content"] if block.get("type") == "tool_result"]
        call = self.script.next_call(offered, results)
        step = len(results)
        block: dict[str, Any] = ({"type": "tool_use", "id": f"toolu_{step}", "name": call[0], "input": call[1]} if call
                                 else {"type": "text", "text": FINAL})
        stop = "tool_use" if call else "end_turn"
        usage = {"input_tokens": 1, "output_tokens": 1}
        message = {"id": f"msg_{step}", "type": "message", "role": "assistant", "model": request.get("model", "stand-in"),
                   "stop_reason": None, "stop_sequence": None, "usage": usage}
        if not request.get("stream"):
            self.answer({**message, "content": [block], "stop_reason": stop})
            return
        start = {**block, "input": {}} if call else {"type": "text", "text": ""}
        delta = ({"type": "input_json_delta", "partial_json": json.dumps(call[1])} if call
                 else {"type": "text_delta", "text": FINAL})
        self.stream([sse("message_start", {"type": "message_start", "message": {**message, "content": []}}),
                     sse("content_block_start", {"type": "content_block_start", "index": 0, "content_block": start}),
                     sse("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
                     sse("content_block_stop", {"type": "content_block_stop", "index": 0}),
                     sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                                           "usage": {"output_tokens": 1}}),
                     sse("message_stop", {"type": "message_stop"})])

    def chat(self, request: dict[str, Any]) -> None:
        """OpenAI Chat Completions: a tool call or text, streamed or not."""
        offered = [tool["function"]["name"] for tool in request.get("tools", []) if "function" in tool]
        results = [message for message in request.get("messages", []) if message.get("role") == "tool"]
        call = self.script.next_call(offered, results)
        step = len(results)
        message: dict[str, Any] = ({"role": "assistant", "content": None, "tool_calls": [
            {"index": 0, "id": f"call_{step}", "type": "function",
             "function": {"name": call[0], "arguments": json.dumps(call[1])}}]} if call else {"role": "assistant", "content": FINAL})
        finish = "tool_calls" if call else "stop"
        head = {"id": f"c{step}", "created": int(time.time()), "model": "stand-in"}
        usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
        if not request.get("stream"):
            self.answer({**head, "object": "chat.completion", "usage": usage,
                         "choices": [{"index": 0, "message": message, "finish_reason": finish}]})
            return
        chunks = [{"choices": [{"index": 0, "delta": message, "finish_reason": None}]},
                  {"choices": [{"index": 0, "delta": {}, "finish_reason": finish}], "usage": usage}]
        self.stream([sse(None, {**head, "object": "chat.completion.chunk", **chunk}) for chunk in chunks] + [b"data: [DONE]\n\n"])

    def openai_responses(self, request: dict[str, Any]) -> None:
        """OpenAI Responses: a function_call item or a message item, streamed."""
        namespaces = {f"{group['name']}__{tool['name']}": (group["name"], tool["name"]) for group in request.get("tools", [])
                      if group.get("type") == "namespace" for tool in group.get("tools", [])}  # Codex: MCP tools by server
        offered = [tool["name"] for tool in request.get("tools", []) if tool.get("type") == "function"] + list(namespaces)
        items = request.get("input", [])
        results = [item for item in items if isinstance(item, dict) and item.get("type") == "function_call_output"]
        call = self.script.next_call(offered, results)
        step = len(results)
        named = ({"namespace": namespaces[call[0]][0], "name": namespaces[call[0]][1]} if call and call[0] in namespaces
                 else {"name": call[0] if call else ""})
        item: dict[str, Any] = ({"type": "function_call", "id": f"fc_{step}", "call_id": f"call_{step}", **named,
                                 "arguments": json.dumps(call[1]), "status": "completed"} if call else
                                {"type": "message", "id": f"msg_{step}", "role": "assistant", "status": "completed",
                                 "content": [{"type": "output_text", "text": FINAL, "annotations": []}]})
        usage = {"input_tokens": 1, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 1,
                 "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 2}
        response = {"id": f"resp_{step}", "object": "response", "created_at": int(time.time()), "model": "stand-in",
                    "status": "in_progress", "output": []}
        self.stream([sse("response.created", {"type": "response.created", "response": response}),
                     sse("response.output_item.added", {"type": "response.output_item.added", "output_index": 0, "item": item}),
                     sse("response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}),
                     sse("response.completed", {"type": "response.completed",
                                                "response": {**response, "status": "completed", "output": [item], "usage": usage}})])

    def gemini(self, request: dict[str, Any], *, stream: bool) -> None:
        """Gemini generateContent: a functionCall part or a text part, streamed (alt=sse) or not."""
        offered = [declaration["name"] for tool in request.get("tools", [])
                   for declaration in tool.get("functionDeclarations", tool.get("function_declarations", []))]
        results = [part for content in request.get("contents", []) for part in content.get("parts", [])
                   if "functionResponse" in part]
        call = self.script.next_call(offered, results)
        part: dict[str, Any] = {"functionCall": {"name": call[0], "args": call[1]}} if call else {"text": self.gemini_text(request)}
        chunk = {"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
                 "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
                 "modelVersion": "stand-in"}
        if stream:
            self.stream([sse(None, chunk)])
        else:
            self.answer(chunk)

    @staticmethod
    def gemini_text(request: dict[str, Any]) -> str:
        """The text of a Gemini answer: JSON where the request asks for JSON (Gemini CLI's next-speaker check)."""
        config = request.get("generationConfig") or request.get("generation_config") or {}
        if config.get("responseMimeType") == "application/json":
            return json.dumps({"reasoning": "stand-in", "next_speaker": "user"})
        return FINAL


@contextlib.contextmanager
def stand_in(calls: list[tuple[str, dict[str, Any] | None]]) -> Iterator[tuple[str, Script]]:
    """The stand-in model on a free 127.0.0.1 port, following `calls`: its base URL and its script."""
    script = Script(calls)
    handler = type("ScriptedStandIn", (StandIn,), {"script": script})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", script
    finally:
        httpd.shutdown()
        httpd.server_close()


def envelopes(seen: Any) -> list[dict[str, Any]]:
    """Every ATDF error envelope in what the model saw: in objects, in JSON strings, in text around JSON."""
    found: list[dict[str, Any]] = []
    if isinstance(seen, dict):
        if seen.get("status") == "error" and isinstance(seen.get("errors"), list):
            return [seen]
        for value in seen.values():
            found += envelopes(value)
    elif isinstance(seen, list):
        for value in seen:
            found += envelopes(value)
    elif isinstance(seen, str):
        decoder = json.JSONDecoder()
        index = seen.find("{")
        while index != -1:
            try:
                value, end = decoder.raw_decode(seen, index)
            except ValueError:
                index = seen.find("{", index + 1)
                continue
            found += envelopes(value)
            index = seen.find("{", end)
    return found


def text_of(seen: Any) -> str:
    """What the model saw of one tool result, as one string: the Anthropic tool_result's or the chat message's
    `content`, the Responses item's `output`, the Gemini part's `functionResponse.response` (JSON where not a string)."""
    if isinstance(seen, dict):
        seen = seen["functionResponse"]["response"] if "functionResponse" in seen else seen.get("content", seen.get("output", seen))
    return seen if isinstance(seen, str) else json.dumps(seen, ensure_ascii=False)
