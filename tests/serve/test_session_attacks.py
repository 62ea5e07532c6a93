"""Every program of the runner's attack tests, sent as a session step, escapes
nothing: the gate refuses it, or it runs and the layers contain it."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from process_probe import children_of

ATTACKS = sorted((Path(__file__).resolve().parents[1] / "runner" / "attacks").glob("*.py"))
MARKERS = ("CONNECTED", "LEAKED", "PTRACE", "RAISED", "SIGNALLED")


@pytest.mark.parametrize("attack", ATTACKS, ids=[a.stem for a in ATTACKS])
def test_attack_as_a_session_step_escapes_nothing(serve, tmp_path, attack):
    secret = tmp_path / "secret.txt"
    secret.write_text("the caller's secret\n")
    outside = tmp_path / "outside.txt"
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.setblocking(False)
    port = listener.getsockname()[1]
    target = str(outside) if attack.stem == "write_outside" else str(secret)
    server = serve()
    opened = server.ask({"id": 1, "op": "session_open", "profile": "data_processing", "timeout": 5, "cpu": 2,
                         "memory": 256, "output_limit": 65536,
                         "files": {"target.txt": target, "port.txt": str(port)}})
    session = opened["result"]["session"]
    answer = server.ask({"id": 2, "op": "session_exec", "session": session, "code": attack.read_text()}, 120)
    result = answer.get("result", {})
    text = result.get("stdout", "") + result.get("stderr", "")
    assert not any(marker in text for marker in MARKERS), (attack.stem, result.get("status"), text[-2000:])
    assert secret.read_text() == "the caller's secret\n"
    assert not outside.exists()
    with pytest.raises(BlockingIOError):
        listener.accept()
    listener.close()
    # The server is unharmed, and closing the session leaves nothing behind.
    assert server.ask({"id": 3, "op": "version"})["result"]["protocol"] == 1
    server.ask({"id": 4, "op": "session_close", "session": session}, 60)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and (children_of(server.process.pid) or server.work_directories()):
        time.sleep(0.05)
    assert children_of(server.process.pid) == []
    assert server.work_directories() == []
