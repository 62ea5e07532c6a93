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


def open_descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))
