"""MCP sessions with a ceiling that evicts rather than locks out: idle sessions go first, and each client address has a share.

    limiter = SessionLimiter(SessionLimits(max_sessions=1000), sdk_sessions=SdkSessions(manager))
    Route("/mcp", endpoint=limiter.guard(StreamableHTTPASGIApp(manager)))

The SDK alone refuses every new client with 503 once 10,000 sessions are open, and an abandoned session lives
30 minutes: a flood of `initialize` requests locked everyone out. Here, a request that opens a session when the
server is full (or when its address holds its whole share) first evicts the least recently used idle session —
one with no request in flight and no open stream — of the address holding the most sessions (its own address when
it is at its share). Only when nothing can be evicted is it refused: 503 (server full) or 429 (this address's
share), with Retry-After and a JSON-RPC error carrying an ATDF envelope. A legacy SSE connection counts as a
session for as long as it is open; it is never idle, so it is never evicted.
"""

from __future__ import annotations

import itertools
import logging
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import anyio
from mcp.server.streamable_http import MCP_SESSION_ID_HEADER
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.shared.inbound import MCP_PROTOCOL_VERSION_HEADER
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .codes import Code
from .l10n import gettext as _
from .rest import error_response

__all__ = ["DEFAULT_MAX_SESSIONS", "DEFAULT_SESSION_IDLE_TIMEOUT", "SdkSessions", "SessionLimiter", "SessionLimits"]

DEFAULT_MAX_SESSIONS = 1000
DEFAULT_SESSION_IDLE_TIMEOUT = 600.0  # seconds: 10 minutes (the SDK's own default is 30)
RETRY_AFTER_SECONDS = 5
_log = logging.getLogger("atdf_mcp.sessions")


@dataclass(frozen=True, slots=True)
class SessionLimits:
    """--max-sessions, --max-sessions-per-client and --session-idle-timeout."""

    max_sessions: int = DEFAULT_MAX_SESSIONS
    idle_timeout: float = DEFAULT_SESSION_IDLE_TIMEOUT
    per_client: int | None = None  # None: a quarter of max_sessions

    @property
    def client_share(self) -> int:
        """How many sessions one client address may hold at once."""
        return self.per_client if self.per_client is not None else max(1, self.max_sessions // 4)


@dataclass(slots=True)
class _Session:
    client: str
    last_used: float
    active: int = 0  # requests in flight, open streams included


class SdkSessions:
    """The SDK session manager's live sessions: the one place that reaches into its (private) session table."""

    def __init__(self, manager: StreamableHTTPSessionManager) -> None:
        self.manager = manager

    def alive(self, session_id: str) -> bool:
        """Whether the SDK still serves this session (it ends them itself on idle timeout, DELETE or crash)."""
        return session_id in self.manager._server_instances

    async def close(self, session_id: str) -> None:
        """End a session as a DELETE would: its id answers 404 from now on, and its server task stops."""
        transport = self.manager._server_instances.get(session_id)
        if transport is not None:
            await self.manager._discard_session(session_id, transport)


class SessionLimiter:
    """Admits new MCP sessions within `limits`, evicting idle ones (LRU) to make room; see the module docstring."""

    def __init__(self, limits: SessionLimits, sdk_sessions: SdkSessions | None = None) -> None:
        self.limits = limits
        self.sdk_sessions = sdk_sessions
        self.sessions: dict[str, _Session] = {}
        self.opening: Counter[str] = Counter()  # per client address: session-opening requests not answered yet
        self._stream_ids = itertools.count()

    def guard(self, app: ASGIApp, *, streams: bool = False) -> ASGIApp:
        """`app` behind the limiter: Streamable HTTP by default, or legacy SSE (`streams`: one session per GET)."""
        return _Guarded(self, app, streams)  # an object, not a function: Starlette routes call it as a raw ASGI app

    def counts(self) -> Counter[str]:
        """Sessions held per client address, opening ones included."""
        held = Counter(session.client for session in self.sessions.values())
        held.update(self.opening)
        return held

    async def _serve_streamable(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        session_id = Headers(scope=scope).get(MCP_SESSION_ID_HEADER)
        if session_id is not None:
            session = self.sessions.get(session_id)
            if session is None:  # unknown, expired or evicted: the SDK answers 404
                await app(scope, receive, send)
                return
            session.active += 1
            try:
                await app(scope, receive, send)
            finally:
                session.active -= 1
                session.last_used = time.monotonic()
            return
        version = Headers(scope=scope).get(MCP_PROTOCOL_VERSION_HEADER)
        if scope["method"] != "POST" or (version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS):
            await app(scope, receive, send)  # only a handshake-era POST (initialize) opens a session; 2026 requests never do
            return
        client = _client_of(scope)
        if not await self._make_room(client, scope, receive, send):
            return
        self.opening[client] += 1
        opened: list[_Session] = []

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] < 400:
                new_id = Headers(raw=message.get("headers", [])).get(MCP_SESSION_ID_HEADER)
                if new_id is not None:  # the SDK registered the session: from now on it is ours to count
                    session = self.sessions[new_id] = _Session(client, time.monotonic(), active=1)
                    opened.append(session)
                    self._release_opening(client)
            await send(message)

        try:
            await app(scope, receive, watch)
        finally:
            if opened:
                opened[0].active -= 1
                opened[0].last_used = time.monotonic()
            else:
                self._release_opening(client)

    async def _serve_stream(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        client = _client_of(scope)
        if not await self._make_room(client, scope, receive, send):
            return
        key = f"sse:{next(self._stream_ids)}"
        self.sessions[key] = _Session(client, time.monotonic(), active=1)
        try:
            await app(scope, receive, send)
        finally:
            self.sessions.pop(key, None)

    async def _make_room(self, client: str, scope: Scope, receive: Receive, send: Send) -> bool:
        """Whether a new session of `client` may open, after evicting what must go; else answer the refusal."""
        self._forget_ended()
        held = self.counts()
        at_share = held[client] >= self.limits.client_share
        full = sum(held.values()) >= self.limits.max_sessions
        if not (at_share or full):
            return True
        victim = self._victim(client if at_share else None, held)
        if victim is not None:
            evicted = self.sessions.pop(victim)
            _log.info("evicting idle session %s of %s (idle %.0f s) to admit %s", victim[:12], evicted.client,
                      time.monotonic() - evicted.last_used, client)
            if self.sdk_sessions is not None:
                with anyio.CancelScope(shield=True):
                    await self.sdk_sessions.close(victim)
            return True
        await self._refuse(client, at_share, scope, receive, send)
        return False

    def _victim(self, client: str | None, held: Counter[str]) -> str | None:
        """The idle session to evict: `client`'s own LRU one, or else the LRU one of the address holding the most."""
        idle = [(session_id, s) for session_id, s in self.sessions.items() if s.active == 0 and (client is None or s.client == client)]
        if not idle:
            return None
        return min(idle, key=lambda item: (-held[item[1].client], item[1].last_used))[0]

    def _forget_ended(self) -> None:
        """Drop the sessions the SDK has ended itself (idle timeout, DELETE)."""
        if self.sdk_sessions is None:
            return
        alive = self.sdk_sessions.alive
        for session_id in [k for k, s in self.sessions.items() if s.active == 0 and not k.startswith("sse:") and not alive(k)]:
            del self.sessions[session_id]

    def _release_opening(self, client: str) -> None:
        self.opening[client] -= 1
        if self.opening[client] <= 0:
            del self.opening[client]

    async def _refuse(self, client: str, at_share: bool, scope: Scope, receive: Receive, send: Send) -> None:
        limits = self.limits
        if at_share:
            status, detail = 429, _("Your address already holds {count} MCP sessions, all of them busy "
                                    "(the most one address may hold).").format(count=limits.client_share)
            fix = _("Close sessions you no longer use (DELETE /mcp with their Mcp-Session-Id), or retry later.")
        else:
            status, detail = 503, _("The server holds its maximum of {count} MCP sessions, all of them busy.").format(
                count=limits.max_sessions)
            fix = _("Retry after the Retry-After delay; the operator can raise --max-sessions.")
        _log.warning("refusing a new session from %s: %s", client, detail)
        response = error_response(Code.TOO_MANY_SESSIONS, detail, status=status, jsonrpc=True,
                                  headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
                                  context={"retryable": True, "retry_after_seconds": RETRY_AFTER_SECONDS, "solution": fix,
                                           "max_sessions": limits.max_sessions, "max_sessions_per_client": limits.client_share})
        await response(scope, receive, send)


class _Guarded:
    """One ASGI app behind a SessionLimiter."""

    def __init__(self, limiter: SessionLimiter, app: ASGIApp, streams: bool) -> None:
        self.limiter = limiter
        self.app = app
        self.streams = streams

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
        elif self.streams:
            await self.limiter._serve_stream(self.app, scope, receive, send)
        else:
            await self.limiter._serve_streamable(self.app, scope, receive, send)


def _client_of(scope: Scope) -> str:
    client: Any = scope.get("client")
    return str(client[0]) if client else "unknown"
