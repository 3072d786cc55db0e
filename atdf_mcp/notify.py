"""Telling connected clients that the catalogue changed, in both protocol eras.

    notifier = ChangeNotifier(server, log_levels)        # CatalogServer does this once
    await notifier.lists_changed(tools=True, prompts=False, resources=False)
    await notifier.warn("2 descriptors failed to reload; their last good version is served")

Handshake-era connections (stdio, legacy SSE, stateful Streamable HTTP) are registered when the client sends
`notifications/initialized`, so a client that never sent another request still hears about changes; each gets
`notifications/*/list_changed` on its standalone channel. 2026-07-28 clients have no such channel: they open a
`subscriptions/listen` stream, served by the SDK's `ListenHandler` over an in-process bus this class publishes to.

A tool set's sessions and listen streams hear only of the lists their own view changed (`lists_changed(of_set=...)`):
an edit to a file another set shows, or that no set shows, is told to the whole catalogue's clients only.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.subscriptions import (
    InMemorySubscriptionBus,
    ListenHandler,
    PromptsListChanged,
    ResourcesListChanged,
    ResourceUpdated,
    ToolsListChanged,
)

__all__ = ["LOGGER_NAME", "ChangeNotifier"]

LOGGER_NAME = "atdf-mcp"  # the `logger` of the log notifications clients get about reloads
_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
_log = logging.getLogger("atdf_mcp.notify")
_METHODS = {"tools": "notifications/tools/list_changed", "prompts": "notifications/prompts/list_changed",
            "resources": "notifications/resources/list_changed"}
_EVENTS = {"tools": ToolsListChanged, "prompts": PromptsListChanged, "resources": ResourcesListChanged}
Changes = Mapping[str, bool]
"""Which lists changed: {"tools": bool, "prompts": bool, "resources": bool}."""


class ChangeNotifier:
    """Every connected client, and the notifications that tell them what changed."""

    def __init__(self, server: Server, log_levels: weakref.WeakKeyDictionary[Any, str],
                 toolset_of: Callable[[Any], Callable[[], str | None]] = lambda ctx: lambda: None) -> None:
        self.connections: weakref.WeakSet[Any] = weakref.WeakSet()
        self.log_levels = log_levels
        self.toolset_of = toolset_of  # a request's context → what tells the tool set its connection sees
        self.toolsets: weakref.WeakKeyDictionary[Any, Callable[[], str | None]] = weakref.WeakKeyDictionary()
        self.buses: dict[str | None, InMemorySubscriptionBus] = {}  # one per tool set (None: the whole catalogue)
        self._listens: dict[str | None, ListenHandler] = {}
        server.add_notification_handler("notifications/initialized", types.NotificationParams, self._initialized)
        server.add_request_handler("subscriptions/listen", types.SubscriptionsListenRequestParams, self._listen)

    @property
    def bus(self) -> InMemorySubscriptionBus:
        """The bus of the whole catalogue's listen streams."""
        return self._bus_of(None)

    def _bus_of(self, toolset: str | None) -> InMemorySubscriptionBus:
        if toolset not in self.buses:
            self.buses[toolset] = InMemorySubscriptionBus()
            self._listens[toolset] = ListenHandler(self.buses[toolset])
        return self.buses[toolset]

    async def _listen(self, ctx: ServerRequestContext, params: types.SubscriptionsListenRequestParams) -> Any:
        """Serve a listen stream from the bus of the tool set its request sees."""
        toolset = self.toolset_of(ctx)()
        self._bus_of(toolset)
        return await self._listens[toolset](ctx, params)

    async def _initialized(self, ctx: ServerRequestContext, params: Any) -> None:
        connection = getattr(ctx.session, "_connection", None)
        if connection is not None:
            self.connections.add(connection)
            self.toolsets[connection] = self.toolset_of(ctx)
            connection.exit_stack.callback(self.connections.discard, connection)

    async def lists_changed(self, *, tools: bool, prompts: bool, resources: bool,
                            of_set: Callable[[str], Changes] | None = None) -> None:
        """Send the list_changed notifications of the lists that changed, to every connection and listen stream; those of
        a tool set get what `of_set(name)` says changed in its view (None: what changed in the whole catalogue)."""
        whole = {"tools": tools, "prompts": prompts, "resources": resources}
        seen: dict[str | None, Changes] = {None: whole}

        def changes(toolset: str | None) -> Changes:
            if toolset not in seen:
                seen[toolset] = of_set(toolset) if of_set is not None else whole
            return seen[toolset]

        for connection in list(self.connections):
            changed = changes(self.toolsets.get(connection, _no_set)())
            for kind, method in _METHODS.items():
                if changed.get(kind):
                    await _notify(connection, method, None)
        for toolset, bus in list(self.buses.items()):
            changed = changes(toolset)
            for kind, event in _EVENTS.items():
                if changed.get(kind):
                    await bus.publish(event())

    async def resources_updated(self, uris: Iterable[str], shows: Callable[[str, str], bool] | None = None) -> None:
        """Tell the listen streams subscribed to these resources that their content changed (2026-07-28 clients); those
        of a tool set only of the resources `shows(set, uri)` says it shows (None: all)."""
        for uri in uris:
            for toolset, bus in list(self.buses.items()):
                if toolset is None or shows is None or shows(toolset, uri):
                    await bus.publish(ResourceUpdated(uri=uri))

    async def warn(self, text: str | Callable[[str | None], str | None]) -> None:
        """A `warning` log notification to every handshake-era connection whose log level lets it through; `text` may be
        the text for the connections of a tool set (None: the whole catalogue), None for a set that is not concerned."""
        threshold = _LEVELS.index("warning")
        for connection in list(self.connections):
            level = self.log_levels.get(connection, "debug")
            if (_LEVELS.index(level) if level in _LEVELS else 0) > threshold:
                continue
            said = text if isinstance(text, str) else text(self.toolsets.get(connection, _no_set)())
            if said is not None:
                await _notify(connection, "notifications/message", {"level": "warning", "logger": LOGGER_NAME, "data": said})


def _no_set() -> None:
    """The tool set of a connection registered without one: the whole catalogue."""
    return None


async def _notify(connection: Any, method: str, params: dict[str, Any] | None) -> None:
    """Best effort: a connection that is closing must not stop the others from hearing."""
    try:
        await connection.notify(method, params)
    except Exception:
        _log.debug("could not send %s to a connection", method, exc_info=True)
