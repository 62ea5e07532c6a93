"""What a server leaves behind: its children, descriptors and work directories."""

from __future__ import annotations

import os
from typing import List


def children_of(pid: int) -> List[int]:
    """The live processes whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def processes_named(root: int, marker: str) -> List[int]:
    """The live descendants of `root` whose command line holds `marker`."""
    found, todo = [], [root]
    while todo:
        for child in children_of(todo.pop()):
            todo.append(child)
            try:
                with open(f"/proc/{child}/cmdline", "rb") as cmdline:
                    if marker.encode() in cmdline.read():
                        found.append(child)
            except OSError:
                pass
    return found


def open_descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))
