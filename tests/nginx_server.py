"""A real nginx from Debian, run from the shipped deploy/nginx.conf with this test's ports and paths (tests skip with the
reason when nginx is not installed; .ci/run installs it)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

__all__ = ["MISSING", "NGINX", "nginx"]

NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
MISSING = "nginx is not installed (apt-get install nginx-light)"
SHIPPED = Path(__file__).parent.parent / "deploy" / "nginx.conf"


def config_for(upstreams: Sequence[int], port: int, folder: Path) -> str:
    """deploy/nginx.conf with these upstream ports, this listen port, and its pid and temp files in `folder`."""
    text = SHIPPED.read_text(encoding="utf-8")
    servers = re.findall(r"^\s*server 127\.0\.0\.1:\d+ .*;$", text, flags=re.MULTILINE)
    assert servers, "deploy/nginx.conf lists no upstream server"
    template = servers[0].strip()
    replaced = "\n".join("        " + re.sub(r"127\.0\.0\.1:\d+", f"127.0.0.1:{p}", template) for p in upstreams)
    text = text.replace("\n".join(servers), replaced)
    text = text.replace("listen 127.0.0.1:8080;", f"listen 127.0.0.1:{port};")
    text = text.replace("/tmp/atdf-mcp-nginx", str(folder / "nginx"))
    if os.geteuid() == 0:  # workers would switch to `nobody`, who cannot write the test's temp folders
        text = "user root;\n" + text
    return text


@contextlib.contextmanager
def nginx(upstreams: Sequence[int], port: int, folder: Path) -> Iterator[str]:
    """Run nginx in the foreground on 127.0.0.1:`port` in front of `upstreams`; yield its URL; stop it."""
    assert NGINX is not None, MISSING
    folder.mkdir(parents=True, exist_ok=True)
    conf = folder / "nginx.conf"
    conf.write_text(config_for(upstreams, port, folder), encoding="utf-8")
    log = (folder / "nginx.log").open("wb")
    process = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(folder), "-g", "daemon off;"], stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 15
        while True:
            assert process.poll() is None, (folder / "nginx.log").read_text(errors="replace")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
            assert time.monotonic() < deadline, "nginx did not start listening"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        log.close()
