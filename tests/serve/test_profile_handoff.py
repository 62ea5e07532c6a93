"""A run and a session apply the very profile the server resolved and
checked, never a copy read again from disk by the worker: an edit of the
profile's files between the server's check and the worker's start changes
nothing, and the receipt's digest is the digest of what applied.

The edit is made certain, not raced: the server keeps a profile file
resolved while the file's own bytes stay the same, so editing the file it
`extends` leaves the server's copy as it was while the files on disk say
otherwise. Whatever copy the server gates with (asked through the `profiles`
op, which answers from the same resolution), the run's limits and digests
must be that copy's."""

from __future__ import annotations

import hashlib
from pathlib import Path

PARENT = 'name = "parent"\nextends = "data_processing"\n[limits]\nwall_seconds = {seconds}\ncpu_seconds = {seconds}\n'
CHILD = 'name = "child"\nextends = "parent.toml"\n'


def profile_files(tmp_path: Path) -> Path:
    (tmp_path / "parent.toml").write_text(PARENT.format(seconds=7))
    child = tmp_path / "child.toml"
    child.write_text(CHILD)
    return child


def servers_copy(server, request_id, child: Path):
    """The TOML of the profile the server applies to requests naming `child`, and its digest."""
    toml = server.ask({"id": request_id, "op": "profiles", "name": str(child)})["result"]["toml"]
    return toml, hashlib.sha256(toml.encode()).hexdigest()


def seconds_in(toml: str) -> int:
    for line in toml.splitlines():
        if line.startswith("wall_seconds = "):
            return int(line.split("=")[1])
    raise AssertionError(f"no wall_seconds in\n{toml}")


def test_a_run_applies_the_profile_the_server_checked(serve, tmp_path):
    child = profile_files(tmp_path)
    server = serve()
    before, _ = servers_copy(server, 1, child)
    assert seconds_in(before) == 7
    (tmp_path / "parent.toml").write_text(PARENT.format(seconds=3))
    checked, digest = servers_copy(server, 2, child)

    answer = server.ask({"id": 3, "op": "run", "profile": str(child), "code": "print('ran')"})
    result = answer["result"]
    assert result["status"] == "ok", answer
    assert result["limits"]["wall_seconds"] == seconds_in(checked)
    assert result["limits"]["cpu_seconds"] == seconds_in(checked)
    assert result["provenance"]["profile"] == "child"
    assert result["provenance"]["profile_sha256"] == digest
    assert server.close() == 0


def test_a_session_applies_the_profile_the_server_checked(serve, tmp_path):
    child = profile_files(tmp_path)
    server = serve()
    servers_copy(server, 1, child)
    (tmp_path / "parent.toml").write_text(PARENT.format(seconds=3))
    checked, digest = servers_copy(server, 2, child)

    opened = server.ask({"id": 3, "op": "session_open", "profile": str(child)})
    assert "result" in opened, opened
    session = opened["result"]["session"]
    # Steps are gated under the server's copy; the sandbox must be built from it too.
    assert opened["result"]["limits"]["step_seconds"] == seconds_in(checked)
    assert opened["result"]["limits"]["cpu_seconds"] == seconds_in(checked)
    step = server.ask({"id": 4, "op": "session_exec", "session": session, "code": "x = 41\nx + 1"})
    assert step["result"]["value"] == "42", step
    closed = server.ask({"id": 5, "op": "session_close", "session": session})["result"]
    receipt = closed["receipt"]
    assert receipt["profile"] == "child"
    assert receipt["profile_sha256"] == digest
    assert receipt["run"]["provenance"]["profile_sha256"] == digest
    assert receipt["run"]["limits"]["cpu_seconds"] == seconds_in(checked)
    assert server.close() == 0
