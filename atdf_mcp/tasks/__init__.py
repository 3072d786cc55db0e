"""Tasks: tool calls that outlive a request, for the Agent Tool Service API (atdf_mcp.ats) and MCP tasks.

A task store (`store.py`: memory; `redis.py`: shared by replicas) keeps each task's state and numbered events; the
runner (`runner.py`) runs the call and feeds the store.
"""

from __future__ import annotations

from dataclasses import dataclass

from .runner import DEFAULT_MAX_TASKS, TaskRunner, TooManyTasks, event_of_result
from .store import DEFAULT_TASK_TTL, MemoryTaskStore, TaskEvent, TaskInfo, TaskStore, TaskStoreUnavailable

__all__ = ["DEFAULT_HEARTBEAT_TIMEOUT", "DEFAULT_MAX_TASKS", "DEFAULT_TASK_TTL", "MemoryTaskStore", "TaskEvent", "TaskInfo",
           "TaskOptions", "TaskRunner", "TaskStore", "TaskStoreUnavailable", "TooManyTasks", "event_of_result"]

DEFAULT_HEARTBEAT_TIMEOUT = 15.0  # `serve --task-heartbeat`: a replica silent this long has lost its tasks (WORKER_LOST)


@dataclass(frozen=True)
class TaskOptions:
    """`serve --task-store`, `--task-ttl`, `--max-tasks` and `--task-heartbeat`."""

    store: str | None = None  # None: in this process's memory
    ttl: float = DEFAULT_TASK_TTL
    max_tasks: int = DEFAULT_MAX_TASKS
    heartbeat_timeout: float = DEFAULT_HEARTBEAT_TIMEOUT

    def open_store(self) -> TaskStore:
        """The task store these options name: memory (None, `memory://`), or Redis (`redis://HOST:PORT/DB`)."""
        url = self.store
        if url is None or url == "memory://":
            return MemoryTaskStore(ttl=self.ttl)
        if url.startswith(("redis://", "rediss://", "unix://")):
            from .redis import RedisTaskStore

            return RedisTaskStore(url, ttl=self.ttl, heartbeat_timeout=self.heartbeat_timeout)
        raise ValueError(f"{url!r} is not a task store: use memory:// or redis://HOST:PORT/DB")
