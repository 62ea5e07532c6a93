"""A process's descendants and their memory, read from /proc (for the
benchmarks that watch a server's tree: warm_runs.py, soak.py)."""

from __future__ import annotations

import os
from typing import List, Tuple


def parent_of(pid: int) -> int:
    """The parent's pid, -1 when `pid` is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[1])
    except OSError:
        return -1


def descendants(root: int) -> List[Tuple[int, bytes]]:
    """Every process under `root`, with its command line."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            children.setdefault(parent_of(int(entry)), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for pid in children.get(todo.pop(), []):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                    found.append((pid, cmdline.read()))
            except OSError:
                continue
            todo.append(pid)
    return found


def memory_kb(pid: int, field: str) -> int:
    """A field of /proc/PID/smaps_rollup (Rss, Pss, ...) in KiB; 0 when unreadable."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
