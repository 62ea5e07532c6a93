"""A program that makes a million files ends at the disk limit, and the
kernel memory its files hold stays under a stated bound: cold, warm and in
a session.

Each file of a work directory (a tmpfs, as root) costs the kernel an inode,
a dentry and, for a long name, the name: slab memory that no rlimit or
cgroup of the run counts. The tmpfs holds at most 16 inodes a MiB of
`disk_mb` (4,096 under data_processing's 256 MiB), so a program creating
files with 200-byte names in a loop meets ENOSPC after about 4,000 and its
run ends `disk_limit`. While its files exist (the program sleeps once it
stops, and a session keeps them after its step), the machine's Slab
(/proc/meminfo) is read: it must not have grown by more than
SLAB_BOUND_MB. Run by ctest on its own (serve_million_files_bounded), as
root. $PYGATE names the binary; $PYGATE_FILES changes the million.
"""

from __future__ import annotations

import json
import os
import time

import pytest

FILES = int(os.environ.get("PYGATE_FILES", "1000000"))
# The bound the docs state (docs/runner.md): the files' slab, about 5 MiB,
# with room for what the rest of a busy machine allocates meanwhile.
SLAB_BOUND_MB = 64

PROGRAM = f"""\
import time
made = 0
try:
    for number in range({FILES}):
        with open(f"output/{{number:0200d}}", "w"):
            pass
        made += 1
finally:
    print("made", made, flush=True)
    time.sleep(2)
"""

# data_processing (which preloads: its runs are warm) with file names made
# at run time allowed, so that a session's step passes the gate too.
PROFILE = """\
name = "million_files"
extends = "data_processing"
description = "data_processing whose programs may name files in output/ at run time"
[filesystem]
dynamic_paths = "allow"
"""

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the work directory is a tmpfs only as root")


@pytest.fixture
def server(serve, tmp_path):
    profile = tmp_path / "million_files.toml"
    profile.write_text(PROFILE)
    return serve("--profile", str(profile))


def slab_kb() -> int:
    with open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("Slab:"):
                return int(line.split()[1])
    raise AssertionError("no Slab line in /proc/meminfo")


def follow(server, request, timeout=300):
    """Sends `request` with streaming on; returns (the answer, the growth of
    Slab in KiB while the program's files existed, how many it made)."""
    before = slab_kb()
    server.send({**request, "stream": True})
    growth = None
    made = None
    out = ""
    while True:
        message = server.read(timeout)
        if message.get("id") != request["id"]:
            continue
        if message.get("event") == "stdout":
            # A session's driver streams what print() writes piece by piece.
            out += message["data"]
            if made is None and out.startswith("made ") and out.endswith("\n"):
                made = int(out.split()[1])
                growth = slab_kb() - before
            continue
        if "event" in message:
            continue
        return message, growth, made


def check(answer_status, growth, made, mode):
    print(f"{mode}: {made} files made of {FILES}, Slab grew by {growth / 1024:.1f} MiB, status {answer_status}")
    assert made is not None and made < FILES, f"{mode}: the tmpfs took {made} files"
    assert answer_status == "disk_limit", mode
    assert growth < SLAB_BOUND_MB * 1024, f"{mode}: Slab grew by {growth / 1024:.1f} MiB"


@pytest.mark.parametrize("mode", ["cold", "warm"])
def test_a_run_making_a_million_files_ends_at_the_disk_limit(server, mode):
    answer, growth, made = follow(server, {"id": 1, "op": "run", "code": PROGRAM, "warm": mode == "warm"})
    result = answer["result"]
    assert result["warm"] == (mode == "warm"), result.get("warm_unavailable")
    check(result["status"], growth, made, mode)
    # Its answer lists 1,000 of the files, and says so: a bounded line.
    assert len(result["outputs"]) == 1000
    assert any("more than 1000 files" in note for note in result["notes"]), result["notes"]
    assert len(json.dumps(answer)) < 1 << 20
    assert server.close() == 0
    assert server.work_directories() == []


def test_a_session_step_making_a_million_files_ends_at_the_disk_limit(server):
    opened = server.ask({"id": "open", "op": "session_open"}, 120)
    session = opened["result"]["session"]
    answer, growth, made = follow(server, {"id": 2, "op": "session_exec", "session": session, "code": PROGRAM})
    check(answer["result"]["status"], growth, made, "session")
    # The session goes on, its files still there, and its kernel memory too.
    time.sleep(0.5)
    again = server.ask({"id": 3, "op": "session_exec", "session": session, "code": "print(made)"}, 120)
    assert again["result"]["status"] == "ok" and again["result"]["stdout"] == f"{made}\n", again
    closed = server.ask({"id": 4, "op": "session_close", "session": session}, 120)
    assert closed["result"]["reason"] == "closed"
    assert server.close() == 0
    assert server.work_directories() == []
