"""A seventeenth probe from outside: the live catalogue where people run it (editors, deploys, containers, long runs).

Real `atdf-mcp serve` subprocesses (stdio with the SDK client, HTTP with POST /reset) followed catalogues edited as
editors save (vim, emacs, JetBrains, VS Code, `sed -i`), a Kubernetes ConfigMap volume updated as kubelet's
AtomicWriter does it, `git checkout` of 300 files, servers run as a user whose OS file watches or cache folder are
out of reach, and a thousand reloads of a handler module. Each test is a problem found that way, or a way of saving
that was checked to hold, kept so it stays so. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import anyio
import httpx
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from test_live_reload import HANDLERS, ROOT, Inbox, child_env, connected, http_server, mcp_tool, rss_kib, text_of, tools_of

TOOLS_CHANGED = "notifications/tools/list_changed"
STRANGER = 54321  # a user id no account has: its inotify instances and watches are its own
as_root = pytest.mark.skipif(sys.platform != "linux" or os.geteuid() != 0, reason="runs the server as another user (Linux, root)")


def _stranger_imports() -> bool:
    """Whether STRANGER can run this interpreter and import atdf_mcp and mcp from this checkout."""
    probe = subprocess.run(as_stranger(sys.executable, "-c", "import atdf_mcp, mcp"), env={**os.environ, "PYTHONPATH": str(ROOT)},
                           capture_output=True, timeout=60, check=False)
    return probe.returncode == 0


@pytest.fixture(scope="module")
def stranger_reach() -> Iterator[None]:
    """STRANGER reaches the interpreter and this checkout: a folder on the way that only its owner may search (a
    checkout cloned into `mktemp -d`, mode 0700, as CI does) is made searchable by others (o+x: no listing) for these
    tests, and given its mode back after them."""
    if _stranger_imports():
        yield
        return
    opened: list[tuple[Path, int]] = []
    for place in (ROOT.resolve(), Path(sys.prefix).resolve()):
        for folder in (place, *place.parents):
            mode = folder.stat().st_mode
            if not mode & stat.S_IXOTH and folder.stat().st_uid == os.geteuid() and folder not in dict(opened):
                folder.chmod(stat.S_IMODE(mode) | stat.S_IXOTH)
                opened.append((folder, stat.S_IMODE(mode)))
    try:
        if not _stranger_imports():
            pytest.skip("another user cannot run this checkout's interpreter or read its package")
        yield
    finally:
        for folder, mode in reversed(opened):
            folder.chmod(mode)


@contextlib.contextmanager
def open_folder() -> Iterator[Path]:
    """A temporary folder every user can read (pytest's tmp_path is its owner's only)."""
    folder = Path(tempfile.mkdtemp(prefix="atdf-live3-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def stranger_catalogue(base: Path) -> Path:
    """A catalogue with one tool (echo) and its handlers, owned by STRANGER."""
    folder = base / "catalogue"
    folder.mkdir()
    (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "Give the text back.")), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    for path in (folder, *folder.iterdir()):
        os.chown(path, STRANGER, STRANGER)
    return folder


def as_stranger(*command: str) -> list[str]:
    """`command` run as STRANGER, with no supplementary group."""
    return ["setpriv", f"--reuid={STRANGER}", f"--regid={STRANGER}", "--clear-groups", *command]


HOG = """
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
held, kind, folder = 0, sys.argv[1], sys.argv[2]
if kind == "instances":
    while libc.inotify_init1(0) >= 0:
        held += 1
else:  # every watch: the same files watched by instance after instance (each pair is one watch)
    files = []
    for i in range(2048):
        open(os.path.join(folder, str(i)), "w").close()
        files.append(os.path.join(folder, str(i)).encode())
    full = False
    while not full and (fd := libc.inotify_init1(0)) >= 0:
        for path in files:
            if libc.inotify_add_watch(fd, path, 2) < 0:
                full = True
                break
            held += 1
print(held, flush=True)
sys.stdin.read()
"""


@contextlib.contextmanager
def inotify_exhausted(kind: str, base: Path) -> Iterator[int]:
    """Every inotify instance (fs.inotify.max_user_instances) or watch (max_user_watches, the files in a folder of
    `base`) that STRANGER may have, held by another process of it."""
    (base / "hog").mkdir()
    os.chown(base / "hog", STRANGER, STRANGER)
    command = as_stranger(sys.executable, "-c", HOG, kind, str(base / "hog"))
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as hog:
        try:
            yield int(hog.stdout.readline())  # type: ignore[union-attr]
        finally:
            hog.kill()


@contextlib.asynccontextmanager
async def stranger_client(folder: Path, inbox: Inbox, log: Path, **env: str) -> AsyncIterator[Client]:
    """A stdio client of `atdf-mcp serve folder` run as STRANGER (HOME as `nobody` has it: a folder that does not exist)."""
    environment = {**{k: v for k, v in os.environ.items() if k not in ("ATDF_MCP_CACHE_DIR", "XDG_CACHE_HOME")},
                   "PYTHONPATH": str(ROOT), "HOME": "/nonexistent", **env}
    command = as_stranger(sys.executable, "-m", "atdf_mcp", "serve", str(folder))
    if not environment["HOME"]:  # no HOME at all (the SDK's client passes its own on otherwise)
        command = ["env", "-u", "HOME", *command]
    params = StdioServerParameters(command=command[0], args=command[1:], env=environment)
    with log.open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy", message_handler=inbox) as client:
            yield client


def reload_lines(log: Path) -> list[str]:
    return [line for line in log.read_text().splitlines() if "reloaded (" in line]


@pytest.mark.anyio
@as_root
@pytest.mark.usefixtures("stranger_reach")
@pytest.mark.skipif(not Path("/proc/sys/fs/inotify").is_dir(), reason="inotify")
@pytest.mark.parametrize("kind", ["instances", "watches"])
async def test_a_server_out_of_inotify_watches_says_so_and_polls_without_a_reload_storm(kind: str) -> None:
    """With its user's inotify instances (fs.inotify.max_user_instances, 128 by default: every editor, IDE and
    file-sync tool of a user holds some) or watches (max_user_watches: one per folder watched) all taken, the watcher
    could not start: it logged `cannot watch ... trying again every second` and then, believing the folder was gone
    and back, reloaded the whole catalogue every second for ever (`reloaded (the catalogue folder is back)`), walking
    every file. Now it says why, what to raise, and polls the folder instead: an edit is one reload and one
    list_changed; nothing is reloaded while nothing changes."""
    with open_folder() as base, inotify_exhausted(kind, base) as held:
        assert held > 0
        folder, log, inbox = stranger_catalogue(base), base / "stderr.log", Inbox()
        async with stranger_client(folder, inbox, log) as client:
            await anyio.sleep(2.5)  # a storm would have reloaded twice by now
            assert reload_lines(log) == [], log.read_text()
            (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "Edited while polling.")), encoding="utf-8")
            await inbox.wait_for(TOOLS_CHANGED, 1, timeout=10)
            assert (await tools_of(client))["echo"] == "Edited while polling."
            await anyio.sleep(1.5)
            assert inbox.methods.count(TOOLS_CHANGED) == 1, inbox.methods
        text, reloads = log.read_text(), reload_lines(log)
    assert len(reloads) == 1, text
    warning = [line for line in text.splitlines() if "polling" in line]
    assert len(warning) == 1 and "fs.inotify.max_user_instances" in warning[0] and "WATCHFILES_FORCE_POLLING" in warning[0], text
    assert "Traceback" not in text, text


@pytest.mark.anyio
@as_root
@pytest.mark.usefixtures("stranger_reach")
@pytest.mark.parametrize("where", ["HOME of nobody", "HOME a file", "XDG_CACHE_HOME read-only", "no HOME, no account"])
async def test_a_server_whose_cache_folder_cannot_be_written_says_so_once_and_serves(where: str) -> None:
    """A container's user with no home (`nobody`: HOME=/nonexistent), a HOME that is a file, an XDG_CACHE_HOME it may
    not write: the snapshot, search and start caches each logged their own failure (up to four lines, two of them
    `... not used (NotADirectoryError ...)` about files never written). With no HOME and a user id that no account
    has (OpenShift runs containers so), Path.home() raises. Now one line says the cache folder cannot be written (or
    found), that the caches are skipped and what to set; the server serves, lists, calls and reloads as ever."""
    with open_folder() as base:
        folder, log, inbox = stranger_catalogue(base), base / "stderr.log", Inbox()
        env = {"HOME": str(folder / "echo.json")} if where == "HOME a file" else {}
        if where == "no HOME, no account":
            env["HOME"] = ""  # (stranger_client unsets an empty HOME)
        if where == "XDG_CACHE_HOME read-only":
            (base / "cache").mkdir(mode=0o555)
            env["XDG_CACHE_HOME"] = str(base / "cache")
        async with stranger_client(folder, inbox, log, **env) as client:
            assert list(await tools_of(client)) == ["echo"]
            assert (await client.call_tool("echo", {"text": "hi"})).content[0].text == "hi"  # type: ignore[union-attr]
            (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "Edited.")), encoding="utf-8")
            await inbox.wait_for(TOOLS_CHANGED, 1)
        text = log.read_text()
    cache_lines = [line for line in text.splitlines() if "cache" in line.lower() or "preview" in line]
    assert len(cache_lines) == 1, text
    assert "cannot be written" in cache_lines[0] and "ATDF_MCP_CACHE_DIR" in cache_lines[0], cache_lines
    assert "Traceback" not in text, text



@pytest.mark.anyio
@as_root
@pytest.mark.usefixtures("stranger_reach")
async def test_a_folder_inside_the_catalogue_the_server_may_not_read_leaves_the_rest_watched() -> None:
    """The watch was set with ignore_permission_denied, which makes watchfiles ignore every error of the OS watch, the
    watch limit's too (the server went deaf without a word). It is now asked for only once a folder inside turned out
    unreadable: that folder is left out and everything else is watched by OS events, with no polling."""
    with open_folder() as base:
        folder, log, inbox = stranger_catalogue(base), base / "stderr.log", Inbox()
        (folder / "private").mkdir(mode=0o700)  # root's
        async with stranger_client(folder, inbox, log) as client:
            (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "Edited.")), encoding="utf-8")
            await inbox.wait_for(TOOLS_CHANGED, 1, timeout=10)
            assert (await tools_of(client))["echo"] == "Edited."
        text = log.read_text()
    assert "polling" not in text and "Traceback" not in text, text


BALLAST = '''
BALLAST = b"x" * (16 << 20)  # what a handler module may hold: a table, a model, a cache
VERSION = {n}


def echo(text):
    """Give the text back, with the module's version."""
    return f"{{text}} (v{{VERSION}})"
'''


@pytest.mark.anyio
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads RSS from /proc")
async def test_a_handler_module_imported_again_frees_the_one_before(tmp_path: Path) -> None:
    """handlers.py holding 16 MB, edited and reloaded 20 times: the server kept every old module alive (RSS +330 MB;
    a handler module holding a model or a big table ran a long-lived server out of memory). Two things held them: the
    cache of each function's parameters (an lru_cache of 4,096 functions, each holding its module's globals), and the
    collector's freeze after each reload, which froze the old module's reference cycle with the new snapshot (only a
    25 % growth in the number of objects unfroze it; a module of a few big objects never grows it). Now the cache
    holds its functions weakly and a reload that imported a module again collects once, a second after it."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "Give the text back.")), encoding="utf-8")
    (folder / "handlers.py").write_text(BALLAST.format(n=0), encoding="utf-8")
    # glibc raises its mmap threshold when a big block is freed, so the next 16 MB come from the heap, which it may keep
    # after they are freed: RSS then depends on timing. A fixed threshold keeps every 16 MB block an mmap, returned to
    # the system when freed, so RSS measures what is still alive (the modules kept alive grew it 330 MB).
    env = {**child_env(), "MALLOC_MMAP_THRESHOLD_": str(1 << 20)}
    with http_server(folder, "--no-watch", env=env) as (process, url, _), anyio.fail_after(60):
        async with Client(f"{url}/mcp", mode="legacy") as client, httpx.AsyncClient(base_url=url, timeout=30) as http:
            assert text_of(await client.call_tool("echo", {"text": "hi"})) == "hi (v0)"
            before = rss_kib(process.pid)
            for n in range(1, 21):
                (folder / "handlers.py").write_text(BALLAST.format(n=n), encoding="utf-8")
                assert (await http.post("/reset")).json()["status"] == "reloaded"
                assert text_of(await client.call_tool("echo", {"text": "hi"})) == f"hi (v{n})"
            await anyio.sleep(2)  # the collection a second after the last reload
            after = rss_kib(process.pid)
    assert after - before < 64 * 1024, f"RSS grew from {before} KiB to {after} KiB over 20 reloads of a 16 MB module"


def _description(n: int) -> str:
    return json.dumps(mcp_tool("echo", f"Give the text back (save {n})."))


def save_as_vim(folder: Path, n: int) -> None:
    """vim (backupcopy=auto): the `4913` probe file, the file renamed to `file~`, a new file written, the backup gone."""
    path = folder / "echo.json"
    (folder / "4913").write_bytes(b"")
    (folder / "4913").unlink()
    path.rename(folder / "echo.json~")
    path.write_text(_description(n), encoding="utf-8")
    (folder / "echo.json~").unlink()


def save_as_emacs(folder: Path, n: int) -> None:
    """emacs: the `.#file` lock (a symlink that dangles), `#file#` auto-saved, the first save renames to `file~`."""
    path = folder / "echo.json"
    os.symlink(f"user@host.{os.getpid()}:1700000000", folder / ".#echo.json")
    (folder / "#echo.json#").write_text(_description(n)[:20], encoding="utf-8")
    path.rename(folder / "echo.json~")
    path.write_text(_description(n), encoding="utf-8")
    (folder / "#echo.json#").unlink()
    (folder / ".#echo.json").unlink()
    (folder / "echo.json~").unlink()


def save_as_jetbrains(folder: Path, n: int) -> None:
    """JetBrains safe write: `file___jb_tmp___` written, the file renamed to `file___jb_old___`, the temporary renamed over."""
    path = folder / "echo.json"
    (folder / "echo.json___jb_tmp___").write_text(_description(n), encoding="utf-8")
    path.rename(folder / "echo.json___jb_old___")
    (folder / "echo.json___jb_tmp___").rename(path)
    (folder / "echo.json___jb_old___").unlink()


def save_in_place(folder: Path, n: int) -> None:
    """VS Code and nano (its `.file.swp` lock beside): the file truncated, then written."""
    (folder / ".echo.json.swp").write_bytes(b"b0nano 7.2")
    with (folder / "echo.json").open("r+", encoding="utf-8") as file:
        file.truncate(0)
        file.flush()
        file.write(_description(n))
    (folder / ".echo.json.swp").unlink()


def save_as_sed(folder: Path, n: int) -> None:
    """`sed -i`: a `sedXXXXXX` temporary written beside, renamed over the file."""
    subprocess.run(["sed", "-i", f"s/(save [0-9]*)/(save {n})/", str(folder / "echo.json")], check=True)


@pytest.mark.anyio
@pytest.mark.skipif(shutil.which("sed") is None, reason="sed")
@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_each_editors_save_is_one_list_changed_and_the_new_list(transport: str) -> None:
    """Checked to hold: each editor's save, byte for byte as it does it (probe files, backups, locks, temporaries
    renamed over), is one reload, one tools/list_changed and the saved description; no warning reaches the client."""
    saves = [save_as_vim, save_as_emacs, save_as_jetbrains, save_in_place, save_as_sed]
    with open_folder() as base:
        folder = base / "catalogue"
        folder.mkdir()
        (folder / "echo.json").write_text(_description(0), encoding="utf-8")
        (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
        inbox = Inbox()
        async with connected(transport, folder, inbox) as (client, _):
            for n, save in enumerate(saves, 1):
                save(folder, n)
                await inbox.wait_for(TOOLS_CHANGED, n)
                assert (await tools_of(client))["echo"] == f"Give the text back (save {n}).", save.__name__
            await anyio.sleep(0.5)
        assert inbox.methods.count(TOOLS_CHANGED) == len(saves), inbox.methods
        assert inbox.logs == [], inbox.logs
        logs = [base / "stdio.log"] if transport == "stdio" else list(base.glob("serve-*.log"))
        reloads = [line for log in logs for line in log.read_text().splitlines() if "reloaded (" in line]
    assert len(reloads) == len(saves), reloads


def atomic_write(folder: Path, payload: dict[str, str]) -> None:
    """What kubelet's AtomicWriter does to a ConfigMap or Secret volume: the payload written into a new `..TIMESTAMP`
    folder, a `..data_tmp` symlink to it renamed over `..data`, a `key -> ..data/key` symlink made for each new key,
    the old folder removed, and the symlinks of the keys no longer there removed."""
    data = folder / "..data"
    old = os.readlink(data) if data.is_symlink() else None
    old_keys = set(os.listdir(folder / old)) if old else set()
    stamp = Path(tempfile.mkdtemp(prefix=time.strftime("..%Y_%m_%d_%H_%M_%S.", time.gmtime()), dir=folder))
    for key, content in payload.items():
        (stamp / key).write_text(content, encoding="utf-8")
    os.symlink(stamp.name, folder / "..data_tmp")
    os.rename(folder / "..data_tmp", data)
    for key in payload:
        if not (folder / key).is_symlink():
            os.symlink(os.path.join("..data", key), folder / key)
    if old:
        shutil.rmtree(folder / old)
    for key in old_keys - set(payload):
        (folder / key).unlink()


@pytest.mark.anyio
@pytest.mark.parametrize("watching", ["events", "polling"])
async def test_a_configmap_volume_update_reaches_a_connected_client(watching: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked to hold (README: "an edit reaches every pod"): each AtomicWriter update, with a key edited, one added,
    one removed and handlers.py changed, is one tools/list_changed, the new list, and calls run the new handler; with
    OS events, and polled (WATCHFILES_FORCE_POLLING=1: a network file system or bind mount that sends no events)."""
    if watching == "polling":
        monkeypatch.setenv("WATCHFILES_FORCE_POLLING", "1")
    with open_folder() as base:
        folder = base / "catalogue"
        folder.mkdir()

        def tool(name: str, text: str) -> str:
            return json.dumps(mcp_tool(name, text))

        atomic_write(folder, {"echo.json": tool("echo", "v1"), "gone.json": tool("gone", "g"), "handlers.py": HANDLERS})
        inbox = Inbox()
        async with connected("stdio", folder, inbox) as (client, _):
            assert await tools_of(client) == {"echo": "v1", "gone": "g"}
            shouting = HANDLERS.replace('    """Give the text back."""\n    return text\n', '    """Give the text back."""\n    return text + "!"\n')
            atomic_write(folder, {"echo.json": tool("echo", "v2"), "new.json": tool("new", "n"), "handlers.py": shouting})
            await inbox.wait_for(TOOLS_CHANGED, 1)
            assert await tools_of(client) == {"echo": "v2", "new": "n"}
            assert text_of(await client.call_tool("echo", {"text": "hi"})) == "hi!"
            atomic_write(folder, {"echo.json": tool("echo", "v3"), "new.json": tool("new", "n"), "handlers.py": HANDLERS})
            await inbox.wait_for(TOOLS_CHANGED, 2)
            assert await tools_of(client) == {"echo": "v3", "new": "n"}
            assert text_of(await client.call_tool("echo", {"text": "hi"})) == "hi"
            await anyio.sleep(1.5 if watching == "polling" else 0.5)
        assert inbox.methods.count(TOOLS_CHANGED) == 2, inbox.methods


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True)


@pytest.mark.anyio
@pytest.mark.skipif(shutil.which("git") is None, reason="git")
async def test_a_checkout_or_stash_pop_of_300_files_is_one_list_changed() -> None:
    """Checked to hold: `git checkout` of another branch (300 files: 299 edited, one removed, one added), back, and
    `git stash` / `git stash pop` of 300 edits are each one reload and one tools/list_changed."""
    with open_folder() as base:
        folder = base / "catalogue"
        folder.mkdir()
        git(folder, "init", "-q", "-b", "main")
        git(folder, "config", "user.email", "probe@example.invalid")
        git(folder, "config", "user.name", "probe")
        for i in range(300):
            (folder / f"t{i:03}.json").write_text(json.dumps(mcp_tool(f"t{i:03}", "one")), encoding="utf-8")
        git(folder, "add", ".")
        git(folder, "commit", "-qm", "one")
        git(folder, "checkout", "-qb", "two")
        for i in range(1, 300):
            (folder / f"t{i:03}.json").write_text(json.dumps(mcp_tool(f"t{i:03}", "two")), encoding="utf-8")
        (folder / "t000.json").unlink()
        (folder / "new.json").write_text(json.dumps(mcp_tool("new", "two")), encoding="utf-8")
        git(folder, "add", "-A")
        git(folder, "commit", "-qm", "two")
        git(folder, "checkout", "-q", "main")
        inbox = Inbox()
        async with connected("stdio", folder, inbox) as (client, _):
            expected = 0
            for step in (("checkout", "-q", "two"), ("checkout", "-q", "main"), ("stash",), ("stash", "pop", "-q")):
                if step == ("stash",):
                    for i in range(300):
                        (folder / f"t{i:03}.json").write_text(json.dumps(mcp_tool(f"t{i:03}", "edited")), encoding="utf-8")
                    await inbox.wait_for(TOOLS_CHANGED, expected + 1)
                    await anyio.sleep(1.0)  # these 300 writes of the test's own are one burst on a quiet machine, two
                    expected = inbox.methods.count(TOOLS_CHANGED)  # on a busy one: git's steps are what is counted
                git(folder, *step)
                expected += 1
                await inbox.wait_for(TOOLS_CHANGED, expected)
                await anyio.sleep(0.3)
                assert inbox.methods.count(TOOLS_CHANGED) == expected, (step, inbox.methods)
            assert set((await tools_of(client)).values()) == {"edited"}


MOUNTINFO = r"""27 1 254:0 / / rw,relatime - ext4 /dev/vda rw
31 27 0:44 / /srv/catalogue rw,relatime - nfs4 files:/export/catalogue rw,vers=4.2
32 27 0:45 / /srv/catalogue/local rw,relatime - tmpfs tmpfs rw
33 27 0:46 / /mnt/shared\040drive rw,relatime - cifs //nas/share rw
34 27 0:47 / /home/me/remote rw,relatime - fuse.sshfs me@box:/srv rw
"""


@pytest.mark.parametrize(("folder", "expected"), [
    ("/srv/catalogue", "nfs4"), ("/srv/catalogue/tools", "nfs4"), ("/srv/catalogue/local/x", None),
    ("/srv/catalogue2", None), ("/mnt/shared drive/tools", "cifs"), ("/home/me/remote", "fuse.sshfs"), ("/tmp", None),
])
def test_a_catalogue_on_a_network_file_system_is_polled(folder: str, expected: str | None) -> None:
    """On NFS, SMB/CIFS, 9p, sshfs and the like, an edit made by another machine (or the host of a VM or container)
    sends no inotify event: the server saw nothing and said nothing (the catalogue stayed as it was at start). Now the
    watcher reads the file system type of the catalogue's mount (/proc/self/mountinfo) and polls those, saying so."""
    from atdf_mcp.mounts import remote_file_system

    assert remote_file_system(folder, MOUNTINFO) == expected


@pytest.mark.anyio
@pytest.mark.skipif(not Path("/proc/self/mountinfo").is_file(), reason="Linux mount table")
async def test_a_catalogue_on_a_local_file_system_is_watched_by_events(tmp_path: Path) -> None:
    """The other side of the test above: a local folder is watched by OS events, and nothing about polling is said."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "v1")), encoding="utf-8")
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "v2")), encoding="utf-8")
        with anyio.fail_after(0.9):  # sooner than a poll would
            await inbox.wait_for(TOOLS_CHANGED, 1)
        assert (await tools_of(client))["echo"] == "v2"
    assert "polling" not in (tmp_path / "stdio.log").read_text()


@pytest.mark.anyio
@pytest.mark.parametrize("toolset", [None, "mine"])
async def test_in_progressive_disclosure_an_edit_of_an_unlisted_tool_changes_no_tools_list(toolset: str | None) -> None:
    """With `disclosure: progressive`, tools/list is the pinned tools and the three meta-tools. An edit of any other
    tool sent notifications/tools/list_changed, and the client listed again the same list (one spurious
    list_changed per save, to every session). Now tools/list_changed goes out when that list changes: a pinned
    tool edited, a tool pinned; the Level-1 index (`ardf://catalog/index`) still says the rest changed."""
    with open_folder() as base:
        folder = base / "catalogue"
        folder.mkdir()
        (folder / "atdf-mcp.yaml").write_text("disclosure: progressive\npinned: [echo]\ntoolsets:\n  mine: {ids: [\"*\"]}\n",
                                              encoding="utf-8")
        (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "v1")), encoding="utf-8")
        (folder / "other.json").write_text(json.dumps(mcp_tool("other", "v1")), encoding="utf-8")
        inbox = Inbox()
        async with connected("stdio", folder, inbox, *(("--toolset", toolset) if toolset else ())) as (client, _):
            listed = (await client.list_tools()).tools
            (folder / "other.json").write_text(json.dumps(mcp_tool("other", "v2")), encoding="utf-8")
            await inbox.wait_for("notifications/resources/list_changed", 1)  # ardf://tool/other changed
            await anyio.sleep(0.3)
            assert TOOLS_CHANGED not in inbox.methods, inbox.methods
            assert (await client.list_tools()).tools == listed
            (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "v2")), encoding="utf-8")
            await inbox.wait_for(TOOLS_CHANGED, 1)
            await anyio.sleep(0.3)
            assert inbox.methods.count(TOOLS_CHANGED) == 1, inbox.methods
            assert {t.name: t.description for t in (await client.list_tools()).tools}["echo"] == "v2"


@pytest.mark.anyio
@pytest.mark.parametrize("copy", ["cp -r", "rsync -a --delay-updates"])
async def test_a_folder_copied_in_or_synced_over_is_one_list_changed(copy: str) -> None:
    """Checked to hold: `cp -r pack catalogue/` (a folder moved in is one event for the folder) and `rsync -a
    --delay-updates src/ catalogue/` (every file first written into a `.~tmp~` folder inside, then renamed into place)
    are each one reload and one tools/list_changed, and nothing of `.~tmp~` is ever served."""
    if shutil.which(copy.split()[0]) is None:
        pytest.skip(f"{copy.split()[0]} is not installed")
    with open_folder() as base:
        folder, source = base / "catalogue", base / "source"
        folder.mkdir()
        source.mkdir()
        (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "v1")), encoding="utf-8")
        shutil.copy(folder / "echo.json", source / "echo.json")
        (source / "echo.json").write_text(json.dumps(mcp_tool("echo", "v2, synced")), encoding="utf-8")  # (another size:
        # rsync's quick check skips a file of the same size and modification second)
        for i in range(30):
            (source / f"t{i:02}.json").write_text(json.dumps(mcp_tool(f"t{i:02}", "copied")), encoding="utf-8")
        inbox = Inbox()
        async with connected("stdio", folder, inbox) as (client, _):
            if copy == "cp -r":
                subprocess.run(["cp", "-r", str(source), str(folder / "pack")], check=True)
            else:
                subprocess.run(["rsync", "-a", "--delay-updates", f"{source}/", f"{folder}/"], check=True)
            await inbox.wait_for(TOOLS_CHANGED, 1)
            await anyio.sleep(0.5)
            tools = await tools_of(client)
        assert inbox.methods.count(TOOLS_CHANGED) == 1, inbox.methods
        assert len(tools) == 31 and tools["t00"] == "copied", tools
        assert tools["echo"] == ("v1" if copy == "cp -r" else "v2, synced"), tools  # cp -r: pack/echo.json, the same id: the first
        assert ".~tmp~" not in (base / "stdio.log").read_text()


@pytest.mark.anyio
@pytest.mark.parametrize("gap", ["truncated", "half written"])
async def test_a_save_caught_in_the_middle_of_its_write_sends_no_warning(gap: str) -> None:
    """A save that truncates and then writes (VS Code, nano, `>` in a shell), or writes in pieces, slower than the
    watcher's 50 ms (a big file, a busy or remote disk): the reload read the file empty or half written, sent every
    client a `warning` (EMPTY_FILE, INVALID_JSON) and a second reload a moment later. A file with a new error that
    changed in the last moments is now read once more before anything is said: one list_changed, no warning."""
    with open_folder() as base:
        folder = base / "catalogue"
        folder.mkdir()
        (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "v1")), encoding="utf-8")
        inbox = Inbox()
        async with connected("stdio", folder, inbox) as (client, _):
            text = json.dumps(mcp_tool("echo", "v2"))
            with (folder / "echo.json").open("r+", encoding="utf-8") as file:
                file.truncate(0)
                if gap == "half written":
                    file.write(text[:20])
                file.flush()
                await anyio.sleep(0.15)
                file.write(text[20:] if gap == "half written" else text)
            await inbox.wait_for(TOOLS_CHANGED, 1)
            await anyio.sleep(0.6)
            assert (await tools_of(client))["echo"] == "v2"
        assert inbox.logs == [] and inbox.methods.count(TOOLS_CHANGED) == 1, (inbox.methods, inbox.logs)
