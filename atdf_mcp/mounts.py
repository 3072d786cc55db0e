"""The file system a folder lives on, for the watcher: on a network file system, edits made elsewhere send no event.

    >>> mountinfo = "36 1 8:1 / / rw - ext4 /dev/sda1 rw\\n48 36 0:45 / /srv/catalogue rw - nfs4 nas:/export rw\\n"
    >>> remote_file_system("/srv/catalogue/travel", mountinfo)    # without `mountinfo`: /proc/self/mountinfo
    'nfs4'
    >>> remote_file_system("/home", mountinfo) is None             # a local file system
    True
"""

from __future__ import annotations

import os
import re

__all__ = ["REMOTE_TYPES", "remote_file_system"]

# File systems whose changes made by another machine (or a VM's host) reach no inotify watch here.
REMOTE_TYPES = frozenset({"nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "vboxsf", "vmhgfs", "afs", "ceph", "lustre",
                          "gpfs", "beegfs", "davfs", "fuse.sshfs", "fuse.rclone", "fuse.s3fs", "fuse.glusterfs",
                          "fuse.gcsfuse", "fuse.vmhgfs-fuse", "fuse.cephfs", "fuse.davfs", "fuse.juicefs"})
_ESCAPE = re.compile(r"\\([0-7]{3})")


def remote_file_system(folder: str | os.PathLike[str], mountinfo: str | None = None) -> str | None:
    """The type of the network file system `folder` is on (its deepest mount in /proc/self/mountinfo, or `mountinfo`),
    or None: a local one, or no mount table to read (not Linux)."""
    if mountinfo is None:
        try:
            with open("/proc/self/mountinfo", encoding="utf-8", errors="surrogateescape") as file:
                mountinfo = file.read()
        except OSError:
            return None
    path = os.path.join(os.path.realpath(folder), "")
    best, kind = "", None
    for line in mountinfo.splitlines():
        fields, _, after = line.partition(" - ")
        parts, types = fields.split(), after.split()
        if len(parts) < 5 or not types:
            continue
        point = os.path.join(_ESCAPE.sub(lambda m: chr(int(m.group(1), 8)), parts[4]), "")
        if path.startswith(point) and len(point) >= len(best):
            best, kind = point, types[0]
    return kind if kind in REMOTE_TYPES else None
