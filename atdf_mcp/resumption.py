"""Stream resumption on stateful /mcp: each session keeps its last events, bounded, and replays them after `Last-Event-ID`.

    manager = ResumableSessions(server, limits=ReplayLimits(max_events=500, max_bytes=1 << 20), json_response=False)
    GET /mcp  Mcp-Session-Id: S  Last-Event-ID: 3f2a9c01.41   → events 42, 43... of the stream event 41 was on, then its live tail

A client whose connection drops mid-call (a proxy's timeout, a laptop's Wi-Fi) reconnects with the id of the last
event it read and gets what the server sent meanwhile: the call's progress, logs and result. The SDK resumes through an
`EventStore`, but one store per session manager: its stream ids are JSON-RPC request ids, which every session reuses
(1, 2, 3...), so one shared store would mix sessions' streams and could replay one client's results to another. Here
each session gets its own store (`SessionEvents`), made when the SDK admits the session and emptied when it ends.

Bounds, per session: at most `max_events` events and `max_bytes` bytes of JSON; the oldest go first, and a message
larger than `max_bytes` is sent but not kept. A `Last-Event-ID` the session no longer holds (evicted, or of a message
not kept) resumes with a `notifications/message` warning saying events were lost, then the live stream, and so does a
replay whose next events were evicted before they could be sent; an answer not kept replays as a JSON-RPC error with its
request's id (EVENTS_LOST: the request ran), which ends its stream. An id the session never issued opens the live stream
as before. `--stateless` servers keep no events (no session to resume).
"""

from __future__ import annotations

import itertools
import json
import logging
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from mcp.server.streamable_http import GET_STREAM_KEY, EventCallback, EventId, EventMessage, EventStore, StreamableHTTPServerTransport, StreamId
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types import (
    INTERNAL_ERROR,
    ErrorData,
    JSONRPCError,
    JSONRPCMessage,
    JSONRPCNotification,
    JSONRPCResponse,
    RequestId,
    jsonrpc_message_adapter,
)

from .codes import Code
from .envelope import build_entry, envelope
from .l10n import gettext as _

__all__ = ["DEFAULT_MAX_REPLAY_BYTES", "DEFAULT_MAX_REPLAY_EVENTS", "ReplayLimits", "ResumableSessions", "SessionEvents"]

DEFAULT_MAX_REPLAY_EVENTS = 500
DEFAULT_MAX_REPLAY_BYTES = 1024 * 1024  # 1 MiB of JSON per session
_log = logging.getLogger("atdf_mcp.resumption")


@dataclass(frozen=True, slots=True)
class ReplayLimits:
    """How much each stateful session keeps for clients that resume: events and bytes of JSON."""

    max_events: int = DEFAULT_MAX_REPLAY_EVENTS
    max_bytes: int = DEFAULT_MAX_REPLAY_BYTES


@dataclass(slots=True)
class _Event:
    stream: StreamId
    text: str | None  # the message as JSON; None: a priming event, or a message too large to keep
    size: int
    dropped: bool = False  # a message too large to keep
    answers: RequestId | None = None  # a dropped message's request id, when it was an answer


class SessionEvents(EventStore):
    """One session's events, oldest first, within `limits`; ids are `<store>.<n>`, n counting the session's events and
    <store> random, so an id of another session (or of an earlier server) is never read as one of this session's."""

    def __init__(self, limits: ReplayLimits, *, json_response: bool = False) -> None:
        self.limits = limits
        self.json_response = json_response  # POSTs answer one JSON body: only the GET stream's events can be resumed
        self.events: OrderedDict[int, _Event] = OrderedDict()
        self.bytes = 0
        self._numbers = itertools.count(1)
        self._issued = 0
        self._evicted = 0  # the last event number evicted
        self._prefix = secrets.token_hex(4)

    async def store_event(self, stream_id: StreamId, message: JSONRPCMessage | None) -> EventId:
        """Keep one event (evicting the oldest past the limits) and return its id."""
        if self.json_response and stream_id != GET_STREAM_KEY:
            return ""  # an answer in a JSON body carries no event id, and cannot be resumed
        number = self._issued = next(self._numbers)
        text = message.model_dump_json(by_alias=True, exclude_unset=True) if message is not None else None
        size = len(text) if text is not None else 0
        dropped = size > self.limits.max_bytes
        answers = None
        if dropped:
            _log.info("event %d of stream %s not kept for resumption: %d bytes (the most is %d)", number, stream_id, size,
                      self.limits.max_bytes)
            text, size = None, 0
            if isinstance(message, JSONRPCResponse | JSONRPCError):
                answers = message.id
        self.events[number] = _Event(stream_id, text, size, dropped, answers)
        self.bytes += size
        while len(self.events) > self.limits.max_events or self.bytes > self.limits.max_bytes:
            self._evicted, evicted = self.events.popitem(last=False)
            self.bytes -= evicted.size
        return self._id(number)

    def _id(self, number: int) -> EventId:
        return f"{self._prefix}.{number}"

    def _number(self, event_id: EventId) -> int:
        """The event number an id of this store carries; 0 for any other id."""
        prefix, _, number = event_id.partition(".")
        return int(number) if prefix == self._prefix and number.isdigit() and len(number) < 19 else 0

    async def replay_events_after(self, last_event_id: EventId, send_callback: EventCallback) -> StreamId | None:
        """Send the events of `last_event_id`'s stream that came after it; the stream to go on with live (None: none)."""
        number = self._number(last_event_id)
        event = self.events.get(number)
        if event is None:
            if 0 < number <= self._issued:  # ours, but gone: say so rather than let the client wait for it
                await send_callback(EventMessage(_lost_notice(number, self.limits)))
            return GET_STREAM_KEY  # the live stream of the session, as a GET without Last-Event-ID opens
        stream, sent, answered = event.stream, number, False
        while True:  # what is stored while earlier events are being sent goes out too, in order
            if self._evicted > sent:  # pushed out before they could be sent (a slow reader, a busy session): said
                await send_callback(EventMessage(_lost_notice(sent, self.limits)))
                sent = self._evicted
            later = [(n, e) for n, e in self.events.items() if n > sent and e.stream == stream]
            if not later:
                break
            for n, e in later:
                sent = n
                if e.answers is not None:  # the answer itself was too large to keep: the request gets an error
                    await send_callback(EventMessage(_lost_answer(e.answers, self.limits), self._id(n)))
                    answered = True
                    continue
                if e.text is None:  # a priming event (nothing to send), or a message too large to have been kept
                    if e.dropped:
                        await send_callback(EventMessage(_lost_notice(n - 1, self.limits)))
                    continue
                message = jsonrpc_message_adapter.validate_json(e.text)
                await send_callback(EventMessage(message, self._id(n)))
                answered = answered or isinstance(message, JSONRPCResponse | JSONRPCError)
        return None if answered else stream  # a stream whose answer was replayed is over: no live tail to wait on

    def clear(self) -> None:
        """Forget every event (the session has ended)."""
        self.events.clear()
        self.bytes = 0


def _lost_notice(number: int, limits: ReplayLimits) -> JSONRPCNotification:
    """The warning a resuming client gets when events it missed are no longer kept."""
    detail = _("Events after {event} are no longer kept: this session keeps its last {events} events and {size} KiB; "
               "answers sent meanwhile may be lost.").format(event=number, events=limits.max_events, size=limits.max_bytes // 1024)
    entry = build_entry(Code.EVENTS_LOST, detail, "server", parameter="Last-Event-ID", context={
        "retryable": True, "solution": _("Send again any request still waiting for its answer.")})
    return JSONRPCNotification(jsonrpc="2.0", method="notifications/message",
                               params={"level": "warning", "logger": "atdf.resumption", "data": envelope([entry])})


def _lost_answer(request: RequestId, limits: ReplayLimits) -> JSONRPCError:
    """The error a resuming client gets for a request whose answer was too large to keep: the request ran."""
    detail = _("The answer to request {request} was sent while the client was away, and it is larger than the {size} KiB "
               "this session keeps for resumption.").format(request=json.dumps(request), size=limits.max_bytes // 1024)
    entry = build_entry(Code.EVENTS_LOST, detail, "server", parameter="Last-Event-ID", context={
        "retryable": True, "solution": _("The request ran: send it again if running it twice is safe, and keep the "
                                         "connection open until a large answer has arrived.")})
    return JSONRPCError(jsonrpc="2.0", id=request, error=ErrorData(code=INTERNAL_ERROR, message=detail, data=envelope([entry])))


class ResumableSessions(StreamableHTTPSessionManager):
    """The SDK's session manager, with a `SessionEvents` store of its own for every stateful session."""

    def __init__(self, app: Any, *, limits: ReplayLimits, **options: Any) -> None:
        super().__init__(app, **options)
        self.limits = limits

    def _admit_session(self, requestor: Any) -> StreamableHTTPServerTransport | None:
        transport = super()._admit_session(requestor)
        if transport is not None:  # the SDK passes one store to every transport; each session gets its own instead
            transport._event_store = SessionEvents(self.limits, json_response=self.json_response)
        return transport

    async def _discard_session(self, session_id: str, transport: StreamableHTTPServerTransport) -> None:
        await super()._discard_session(session_id, transport)
        store = transport._event_store
        if isinstance(store, SessionEvents):
            store.clear()
