"""Decide how each tool runs (DESIGN decision 8) and load its dispatcher once per catalogue.

Order: inline in the descriptor (`handler`, or `endpoint` + `method`), then `atdf-mcp.yaml`
bindings, then convention (a function named like the tool in `handlers.py` at the catalogue root).
A binding that cannot be loaded is a problem for `validate` and stderr; the tool stays listed and
answers HANDLER_UNAVAILABLE.
"""

from __future__ import annotations

import _imp
import contextlib
import hashlib
import importlib
import importlib.util
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Any

from .catalog import Catalog, Problem
from .codes import Code
from .dialects import DIALECT
from .dispatch import Dispatcher
from .dispatch.python import DEFAULT_MAX_THREADS, PythonDispatcher
from .model import Descriptor
from .redact import register as register_secrets
from .redirect import stdout_to_stderr

__all__ = ["IMPORT_SECONDS", "Bound", "bind_catalog", "function_loader", "import_seconds"]

CONVENTION_MODULE = "handlers"
IMPORT_SECONDS = 30.0
"""Longest a handler module may take to import (its top level) before its tools answer HANDLER_UNAVAILABLE."""
IMPORT_SECONDS_VARIABLE = "ATDF_MCP_IMPORT_SECONDS"  # the environment variable that sets another limit
BROKEN_SUFFIX = "; every call answers HANDLER_UNAVAILABLE until it imports"
_stuck: dict[str, int] = {}  # a catalogue's package name → how many times it was purged with a stuck import (its suffix)
_waiting: dict[str, dict[str, str]] = {}  # the same → each stuck module → why: not tried again (no thread more) until a
# module of the catalogue changes


@dataclass(frozen=True)
class Bound:
    """A tool's dispatcher, or the reason it has none."""

    dispatcher: Dispatcher | None
    reason: str | None = None
    binding: dict[str, Any] | None = None
    warnings: tuple[str, ...] = ()  # the tool runs, but some calls will fail (an unset environment variable, ...)
    broken: bool = False  # no dispatcher because a catalogue module failed to import (a reload keeps the last good one)


Memo = Mapping[str, tuple[Descriptor, Bound, tuple[Problem, ...]]]  # tool id → (the tool, its binding, its problems)


def bind_catalog(catalog: Catalog, *, http_client_factory: Callable[[], Any] | None = None,
                 default_timeout: float | None = None, previous: Memo | None = None, last_good: Memo | None = None,
                 ) -> tuple[dict[str, Bound], list[Problem], dict[str, tuple[Descriptor, Bound, tuple[Problem, ...]]]]:
    """A Bound per tool of the catalogue, the problems found while loading bindings, and the memo for a reload.

    `http_client_factory` returns the httpx.AsyncClient HTTP tools use (default: the shared pool of
    atdf_mcp.dispatch.http); `default_timeout` is the server's per-call limit for tools without one. With
    `previous` (the memo of the snapshot before, same config and handler modules), a tool that did not change
    keeps its binding. With `last_good` (the memo of the snapshot served before), a tool whose handler module an edit
    broke (it no longer imports) keeps the dispatcher it had, and the error says so.
    """
    loader = _ModuleLoader(catalog.root)
    http = _HttpBinder(catalog, http_client_factory, default_timeout)
    bound: dict[str, Bound] = {}
    problems: list[Problem] = []
    memo: dict[str, tuple[Descriptor, Bound, tuple[Problem, ...]]] = {}
    for tool in catalog.tools:
        kept = previous.get(tool.id) if previous is not None else None
        if kept is not None and kept[0] is tool:
            memo[tool.id] = kept
        else:
            good = last_good.get(tool.id) if last_good is not None else None
            memo[tool.id] = (tool, *_bind_one(tool, catalog, loader, http, good[1] if good is not None else None))
        bound[tool.id] = memo[tool.id][1]
        problems += memo[tool.id][2]
        if isinstance(bound[tool.id].binding, dict) and bound[tool.id].binding.get("endpoint"):
            http.ensure_options()
    problems += http.problems
    return bound, problems, memo


def _bind_one(tool: Descriptor, catalog: Catalog, loader: _ModuleLoader, http: _HttpBinder,
              last_good: Bound | None = None) -> tuple[Bound, tuple[Problem, ...]]:
    """One tool's binding and the problems it has (with the binding it had, when its handler module no longer imports)."""
    binding = _binding_for(tool, catalog)
    refused_before = len(http.refused)
    result = _bind(tool, binding, loader, catalog, http)
    where = (catalog.config.file if binding.get("_from") == "config" else None) or tool.source.file
    pointer = f"/bindings/{tool.id}" if binding.get("_from") == "config" else tool.source.pointer
    problems = list(http.refused[refused_before:])
    if result.broken and last_good is not None and last_good.dispatcher is not None:  # an edit broke the module: keep serving
        why = (result.reason or "").removesuffix(BROKEN_SUFFIX)
        problems.append(Problem(where, pointer, f"{why}; the last good version of its handler is still served until the module "
                                                "imports again", "error", Code.HANDLER_UNAVAILABLE))
        return last_good, tuple(problems)
    if result.dispatcher is None and (binding or result.broken):
        problems.append(Problem(where, pointer, result.reason or "binding unavailable", "error", Code.HANDLER_UNAVAILABLE))
    elif result.dispatcher is None:  # listed, but every call would answer HANDLER_UNAVAILABLE
        problems.append(Problem(where, pointer, result.reason or "no handler", "warning", Code.NO_HANDLER))
    problems += [Problem(where, pointer, message, "warning", Code.CONFIGURATION_ERROR) for message in result.warnings]
    loose = _loose_arguments(tool, result.dispatcher)
    if loose:
        problems.append(Problem(where, pointer, f"tool {tool.id!r}: its handler needs {', '.join(map(repr, loose))}, which the "
                                "input schema does not require: a call without it answers VALIDATION_ERROR; mark it required "
                                "in the descriptor, or give the handler's parameter a default", "warning", Code.CONFIGURATION_ERROR))
    return result, tuple(problems)


def _loose_arguments(tool: Descriptor, dispatcher: Dispatcher | None) -> list[str]:
    """The parameters a Python handler needs that the tool's input schema leaves optional without a default (or does not
    declare)."""
    if not isinstance(dispatcher, PythonDispatcher) or not dispatcher.required:
        return []
    schema = tool.input_schema or {}
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    given = {name for name, prop in properties.items() if isinstance(prop, dict) and "default" in prop}  # filled in at call
    return sorted(dispatcher.required.difference(schema.get("required") or (), given))


def function_loader(root: Path | None) -> Callable[[str], tuple[Callable[..., Any] | None, str]]:
    """Resolves `module:function` references as handlers are (the catalogue's modules first): (function, "") or (None, why)."""
    return _ModuleLoader(root).load


def purge_catalogue_modules(root: Path | None, changed: Iterable[str] = ()) -> None:
    """Forget every module imported from the catalogue folder, so that the next binding imports it again.

    The bytecode caches of the `changed` files go too: they trust a modification time in whole seconds and the size,
    so an edit within the same second that keeps the size would otherwise be served from the old bytecode.
    """
    if root is None:
        return
    prefix = _ModuleLoader.package_name(root, fresh=False)  # and the packages of imports that got stuck
    stuck = _waiting.pop(prefix, None)
    if stuck:  # a module changed: one that got stuck may be fixed, and is imported under a fresh name (its thread holds
        _stuck[prefix] = _stuck.get(prefix, 0) + 1  # the old name's import lock for good)
    for name in [n for n in list(sys.modules) if n.partition(".")[0].startswith(prefix)]:  # a copy: threads import meanwhile
        sys.modules.pop(name, None)  # the private package itself has no file; a failed import may have dropped it
    for name, _ in catalogue_modules(root):
        if stuck:
            _drop_stuck_lock(name)  # a sibling imported by its own name (`import helper`) keeps that name
        sys.modules.pop(name, None)
    for file in changed:
        with contextlib.suppress(OSError, ValueError, NotImplementedError):
            os.unlink(importlib.util.cache_from_source(file))
    importlib.invalidate_caches()


def _initialized(module: ModuleType | None) -> bool:
    """Whether `module` is one whose import has finished (not None, nor still running its top level)."""
    return module is not None and not getattr(getattr(module, "__spec__", None), "_initializing", False)


def _drop_stuck_lock(name: str) -> None:
    """Forget the import lock of `name` while its module is still initializing (a stuck import thread holds the lock for
    good), so that the fixed file imports under the same name: the thread keeps its lock, the next import gets a new one.
    CPython's private lock table; without it a module imported by its own name needs a restart."""
    module = sys.modules.get(name)
    if module is None or _initialized(module):
        return
    locks = getattr(getattr(importlib, "_bootstrap", None), "_module_locks", None)
    if isinstance(locks, dict):
        _imp.acquire_lock()  # the lock that guards the table
        try:
            locks.pop(name, None)
        finally:
            _imp.release_lock()


def catalogue_modules(root: Path) -> list[tuple[str, str]]:
    """(name, file) of every imported module whose file lies in the catalogue folder."""
    inside = str(root) + os.sep
    # a copy in one C call: list(sys.modules.items()) allocates a tuple an item, and a collection that triggers may run
    # Python code (a weakref callback, a finalizer) that lets an importing thread change sys.modules mid-iteration
    return [(name, file) for name, module in sys.modules.copy().items()
            if isinstance(file := getattr(module, "__file__", None), str) and os.path.abspath(file).startswith(inside)]


def _binding_for(tool: Descriptor, catalog: Catalog) -> dict[str, Any]:
    if tool.binding.get("handler") or tool.binding.get("endpoint"):
        return {**tool.binding, "_from": "descriptor"}
    configured = catalog.config.bindings.get(tool.id)
    if configured:
        return {**configured, "_from": "config"}
    return {}


def _max_threads(binding: dict[str, Any]) -> int:
    """The binding's `max_threads` (threads one sync tool may run at once), else the default."""
    value = binding.get("max_threads")
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else DEFAULT_MAX_THREADS


def _bind(tool: Descriptor, binding: dict[str, Any], loader: _ModuleLoader, catalog: Catalog, http: _HttpBinder) -> Bound:
    reference = binding.get("handler")
    if isinstance(reference, str):
        function, reason = loader.load(reference)
        if function is None:
            return Bound(None, f"tool {tool.id!r}: handler {reference!r} {reason}", binding, broken=loader.broken(reference))
        return Bound(PythonDispatcher(function, reference, max_threads=_max_threads(binding)), None, binding)
    if binding.get("endpoint"):
        return http.bind(tool, binding)
    function, failure = loader.convention(tool.id)
    if function is not None:
        return Bound(PythonDispatcher(function, f"{CONVENTION_MODULE}:{_identifier(tool.id)}", max_threads=_max_threads(binding)),
                     None, {"_from": "convention"})
    if failure is not None:  # handlers.py is there but does not import: say why, not "add a function"
        return Bound(None, f"tool {tool.id!r}: {CONVENTION_MODULE}.py {failure}{BROKEN_SUFFIX}", {"_from": "convention"}, broken=True)
    function_name = f"{_identifier(tool.id)}()"
    yaml = f"`bindings: {{{tool.id}: {{handler: \"module:function\"}}}}` in atdf-mcp.yaml"
    where = (f"{yaml}, " if not DIALECT[tool.dialect].inline_binding else
             f"\"handler\": \"module:function\" (or \"endpoint\" + \"method\") to its descriptor, {yaml}, ")
    return Bound(None, f"tool {tool.id!r} has no handler, so every call answers HANDLER_UNAVAILABLE: add {where}"
                       f"or a function {function_name} in {CONVENTION_MODULE}.py beside the descriptors", None)


def import_seconds() -> float:
    """The import limit of handler modules: ATDF_MCP_IMPORT_SECONDS when it is a positive number, else IMPORT_SECONDS."""
    try:
        seconds = float(os.environ.get(IMPORT_SECONDS_VARIABLE, ""))
    except ValueError:
        return IMPORT_SECONDS
    return seconds if 0 < seconds < float("inf") else IMPORT_SECONDS


def _identifier(tool_id: str) -> str:
    return re.sub(r"\W", "_", tool_id)


class _HttpBinder:
    """Builds HTTP dispatchers; httpx is imported only when a catalogue has an HTTP-bound tool."""

    def __init__(self, catalog: Catalog, client_factory: Callable[[], Any] | None, default_timeout: float | None) -> None:
        self.catalog = catalog
        self.client_factory = client_factory
        self.default_timeout = default_timeout
        self.options: Any = None
        self.problems: list[Problem] = []  # of the config's http options
        self.refused: list[Problem] = []  # endpoints the egress policy refuses, per tool

    def ensure_options(self) -> Any:
        """The HTTP options of the catalogue's config, read once (their problems reported once)."""
        from .dispatch.http import HttpOptions

        if self.options is None:
            config = self.catalog.config
            self.options, issues = HttpOptions.from_config(config.http, server_timeout=self.default_timeout or config.timeout)
            self.options = replace(self.options, allow_private_networks=config.allow_private_networks)
            self.problems += [Problem(config.file or str(self.catalog.root), pointer, message, "warning", Code.CONFIGURATION_ERROR)
                              for pointer, message in issues]
        return self.options

    def bind(self, tool: Descriptor, binding: dict[str, Any]) -> Bound:
        from .dispatch.http import HttpDispatcher, compile_spec

        spec, reason, warnings = compile_spec(tool, binding, self.ensure_options())
        if spec is None:
            return Bound(None, reason, binding, tuple(warnings))
        register_secrets(spec.secrets)  # masked in every log line and result from now on
        if spec.refused:  # published, but every call answers EGRESS_REFUSED
            self._refused(tool, binding, spec.refused)
        return Bound(HttpDispatcher(tool, spec, self.client_factory), None, binding, tuple(warnings))

    def _refused(self, tool: Descriptor, binding: dict[str, Any], why: str) -> None:
        from .egress import LOAD_HINT

        in_config = binding.get("_from") == "config"
        where = (self.catalog.config.file if in_config else None) or tool.source.file
        pointer = f"/bindings/{tool.id}" if in_config else tool.source.pointer
        message = f"tool {tool.id!r}: endpoint refused: {why}; every call answers EGRESS_REFUSED. {LOAD_HINT}"
        self.refused.append(Problem(where, pointer, message, "error", Code.EGRESS_REFUSED))


class _ModuleLoader:
    """Imports handler modules: the catalogue root first (under a private name), then installed packages."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.cache: dict[str, tuple[ModuleType | None, str | None]] = {}
        self.prefix = self.package_name(root)
        self._has_convention: bool | None = None  # whether the root holds handlers.py: looked at once per load
        if root is not None and str(root) not in sys.path:
            sys.path.append(str(root))  # lets handler modules import their sibling helpers

    @staticmethod
    def package_name(root: Path | None, *, fresh: bool = True) -> str:
        """The private package the catalogue's handler modules are imported under. Once modules are purged after an
        import that never finished (its thread holds the module's import lock for good), a fresh one: the next load
        imports the fixed file under another name instead of waiting on that lock, while until then the modules that
        did import are served once, under the name they have (`fresh=False`: the first name, which starts every other)."""
        name = "_atdf_catalog_" + hashlib.sha1(str(root).encode()).hexdigest()[:10]
        stuck = _stuck.get(name, 0) if fresh else 0
        return f"{name}_{stuck}" if stuck else name

    def load(self, reference: str) -> tuple[Callable[..., Any] | None, str]:
        module_name, sep, attribute = reference.partition(":")
        if not sep or not module_name or not attribute:
            return None, "is not of the form \"module:function\""
        module, reason = self._module(module_name)
        if module is None:
            return None, reason or "could not be imported"
        target: Any = module
        for part in attribute.split("."):
            target = getattr(target, part, None)
            if target is None:
                return None, f"names no attribute {attribute!r} in module {module_name!r}"
        if not callable(target):
            return None, f"is not callable ({type(target).__name__})"
        return target, ""

    def convention(self, tool_id: str) -> tuple[Callable[..., Any] | None, str | None]:
        """The function of `handlers.py` named like the tool, or None; and why the module does not import, if it does not."""
        if self._has_convention is None:
            self._has_convention = self.root is not None and (self.root / f"{CONVENTION_MODULE}.py").is_file()
        if not self._has_convention:
            return None, None
        module, reason = self._module(CONVENTION_MODULE)
        if module is None:
            return None, reason or "could not be imported"
        function = getattr(module, _identifier(tool_id), None)
        return (function if callable(function) else None), None

    def broken(self, reference: str) -> bool:
        """Whether `module:function` failed because its module, a file of the catalogue, does not import."""
        name = reference.partition(":")[0]
        return name in self.cache and self.cache[name][0] is None and self._local_file(name) is not None

    def _module(self, name: str) -> tuple[ModuleType | None, str | None]:
        if name not in self.cache:
            with stdout_to_stderr():  # a module that prints at import must not write into the stdio protocol
                self.cache[name] = self._import(name)
        return self.cache[name]

    def _import(self, name: str) -> tuple[ModuleType | None, str | None]:
        """The module, imported in a thread of its own within import_seconds(): one that loops or blocks at its top
        level costs that long, once, instead of the load (validate, serve, a reload) waiting forever."""
        local = self._local_file(name) is not None
        base = self.package_name(self.root, fresh=False)
        waiting = _waiting.get(base, {}).get(name) if local else None  # one lookup: a reload may purge meanwhile
        if waiting is not None and not _initialized(sys.modules.get(f"{self.prefix}.{name}")):
            return None, waiting  # its last import is still stuck and no catalogue module changed since
        if waiting is not None:  # it was only slow: its import has finished since, and is served
            _waiting.get(base, {}).pop(name, None)
        done: list[tuple[ModuleType | None, str | None]] = []
        worker = threading.Thread(target=lambda: done.append(self._import_now(name)), name=f"atdf-import-{name}", daemon=True)
        worker.start()
        seconds = import_seconds()
        worker.join(seconds)
        if done:
            return done[0]
        then = ("fix it (a reload imports it again once a module of the catalogue changed; one that is only slow is "
                "served, once imported, to a tool bound again: its descriptor edited)") if local else "fix it and restart the server"
        reason = (f"did not finish importing within {seconds:g} s (a loop, a sleep or a blocking call at its top "
                  f"level?); {then}, or raise {IMPORT_SECONDS_VARIABLE} if it is only slow")
        if local:
            _waiting.setdefault(base, {})[name] = reason
        return None, reason

    def _import_now(self, name: str) -> tuple[ModuleType | None, str | None]:
        try:
            if self._local_file(name) is not None:
                # Catalogue modules live in a private package per root, so two catalogues' handlers.py never
                # collide, and handler modules can import their siblings relatively (`from . import helpers`).
                self._package()
                return importlib.import_module(f"{self.prefix}.{name}"), None
            return importlib.import_module(name), None
        except ModuleNotFoundError as exc:
            return None, f"could not be imported: no module named {exc.name!r}"
        except BaseException as exc:  # a handler module that fails at import (even sys.exit) must not stop the server
            return None, f"could not be imported: {type(exc).__name__}: {exc}"

    def _package(self) -> None:
        if self.prefix not in sys.modules:
            package = ModuleType(self.prefix, f"handlers of the catalogue at {self.root}")
            package.__path__ = [str(self.root)]
            sys.modules[self.prefix] = package

    def _local_file(self, name: str) -> Path | None:
        if self.root is None:
            return None
        base = self.root.joinpath(*name.split("."))
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file():
                return candidate
        return None
