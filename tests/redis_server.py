"""A real Redis for tests: Debian's `redis-server` on a free 127.0.0.1 port, no persistence, stopped by its PID."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

from local_server import free_port, stop_process

REDIS_SERVER = shutil.which("redis-server")
MISSING = "redis-server is not installed (Debian: apt-get install redis-server); the Redis task store tests need a real one"


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """Start `redis-server` on a free loopback port, wait for PING, yield its URL (`redis://127.0.0.1:PORT/0`), stop it."""
    assert REDIS_SERVER is not None, MISSING
    import redis

    port = free_port()
    log = folder / f"redis-{port}.log"
    process = subprocess.Popen([REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                "--dir", str(folder), "--logfile", str(log)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = redis.Redis(host="127.0.0.1", port=port, socket_connect_timeout=1)
        deadline = time.monotonic() + 15
        while True:
            assert process.poll() is None, f"redis-server exited: {log.read_text(errors='replace') if log.exists() else ''}"
            with contextlib.suppress(redis.exceptions.ConnectionError):
                if client.ping():
                    break
            assert time.monotonic() < deadline, "redis-server did not answer PING within 15 s"
            time.sleep(0.05)
        client.close()
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        if process.poll() is None:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(5)
        stop_process(process)


def flush(url: str) -> None:
    """Empty the server's databases (between tests sharing one server)."""
    import redis

    with redis.Redis.from_url(url) as client:
        client.flushall()
