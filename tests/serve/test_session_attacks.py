"""Every program of the runner's attack tests, sent as a session step, escapes
nothing: the gate refuses it, or it runs and the layers contain it."""

from __future__ import annotations

import time

import pytest

from attack_scene import ATTACKS, AttackScene
from process_probe import children_of

@pytest.mark.parametrize("attack", ATTACKS, ids=[a.stem for a in ATTACKS])
def test_attack_as_a_session_step_escapes_nothing(serve, tmp_path, attack):
    scene = AttackScene(tmp_path)
    server = serve()
    opened = server.ask({"id": 1, "op": "session_open", "profile": "data_processing", "timeout": 5, "cpu": 2,
                         "memory": 256, "output_limit": 65536, "files": scene.files_for(attack)})
    session = opened["result"]["session"]
    answer = server.ask({"id": 2, "op": "session_exec", "session": session, "code": attack.read_text()}, 120)
    scene.assert_contained(attack, answer.get("result", {}))
    scene.close()
    # The server is unharmed, and closing the session leaves nothing behind.
    assert server.ask({"id": 3, "op": "version"})["result"]["protocol"] == 1
    server.ask({"id": 4, "op": "session_close", "session": session}, 60)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and (children_of(server.process.pid) or server.work_directories()):
        time.sleep(0.05)
    assert children_of(server.process.pid) == []
    assert server.work_directories() == []
