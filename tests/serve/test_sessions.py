"""Sessions: state between steps, the gate across steps, limits, lifetime, isolation."""

from __future__ import annotations

import os
import signal
import time

import pytest

from process_probe import children_of

BIG = {"n.txt": "1000000000"}
READ_N = 'n = int(open("input/n.txt").read())\n'


def open_session(server, request_id, **fields):
    answer = server.ask({"id": request_id, "op": "session_open", "profile": "data_processing", **fields})
    assert "result" in answer, answer
    return answer["result"]["session"]


def step(server, request_id, session, code, **fields):
    answer = server.ask({"id": request_id, "op": "session_exec", "session": session, "code": code, **fields}, 120)
    assert "result" in answer, answer
    return answer["result"]


def test_state_persists_and_values_echo(serve):
    server = serve()
    session = open_session(server, 1)
    assert step(server, 2, session, "x = 41")["status"] == "ok"
    result = step(server, 3, session, "x + 1")
    assert result["value"] == "42" and result["status"] == "ok" and result["step"] == 2
    printed = step(server, 4, session, "def f(y):\n    return y * x\nprint(f(2))")
    assert printed["stdout"] == "82\n" and printed["value"] is None
    closed = server.ask({"id": 5, "op": "session_close", "session": session})["result"]
    assert [s["decision"] for s in closed["receipt"]["steps"]] == ["allow", "allow", "allow"]
    assert closed["reason"] == "closed"


@pytest.mark.parametrize("steps", [
    ["g = getattr", 'g(len, "__self__")'],
    ["g = getattr", "h = g", 'h(len, "__self__")'],
    ['names = ["__self__"]', "name = names[0]", "getattr(len, name)"],
    ["def pick():\n    return getattr", 'pick()(len, "__self__")'],
    ['k = "__glob" + "als__"', "getattr(len, k)"],
])
def test_aliases_across_steps_are_caught(serve, steps):
    server = serve()
    session = open_session(server, 1)
    for number, code in enumerate(steps[:-1], start=2):
        assert step(server, number, session, code)["status"] == "ok", code
    denied = step(server, 10, session, steps[-1])
    assert denied["status"] == "gate_denied" and denied["decision"] == "deny", denied
    assert [f["rule"] for f in denied["findings"]] == ["PG009"]
    assert denied["findings"][0]["line"] == 1  # the step's own line
    # A denied step never ran, and the session goes on.
    assert step(server, 11, session, "1 + 1")["value"] == "2"


def test_a_step_that_changes_earlier_code_is_judged_by_it(serve):
    server = serve()
    session = open_session(server, 1)
    step(server, 2, session, "def call(v):\n    return run(v)")
    denied = step(server, 3, session, "run = eval")
    assert denied["status"] == "gate_denied", denied


def test_exception_keeps_the_session(serve):
    server = serve()
    session = open_session(server, 1)
    step(server, 2, session, "total = 5")
    failed = step(server, 3, session, "1 / 0")
    assert failed["status"] == "exception" and "ZeroDivisionError" in failed["traceback"]
    assert '<step 2>' in failed["traceback"] and "main.py" not in failed["traceback"]
    assert step(server, 4, session, "total")["value"] == "5"


def test_step_timeout_ends_the_session(serve):
    server = serve()
    session = open_session(server, 1, files=BIG)
    step(server, 2, session, READ_N)
    started = time.monotonic()
    result = step(server, 3, session, "t = 0\nfor i in range(n):\n    t += i\n", timeout=1)
    assert result["status"] == "timeout" and result["session_ended"], result
    assert time.monotonic() - started < 30
    again = server.ask({"id": 4, "op": "session_exec", "session": session, "code": "1"})
    assert again["error"]["code"] == "session_closed"


def test_cpu_limit_ends_the_session(serve):
    server = serve()
    session = open_session(server, 1, files=BIG, cpu=1)
    step(server, 2, session, READ_N)
    result = step(server, 3, session, "t = 0\nfor i in range(n):\n    t += i\n")
    assert result["status"] == "cpu_limit" and result["session_ended"]


def test_memory_limit_ends_the_session(serve):
    server = serve()
    session = open_session(server, 1, files=BIG, memory=256)
    step(server, 2, session, READ_N)
    result = step(server, 3, session, "blob = bytearray(n)")
    assert result["status"] == "memory_limit" and result["session_ended"]


def test_idle_timeout_closes_the_session(serve):
    server = serve()
    session = open_session(server, 1, idle_timeout=1)
    time.sleep(2.5)
    answer = server.ask({"id": 2, "op": "session_exec", "session": session, "code": "1"})
    assert answer["error"]["code"] == "session_closed"


def test_preload_must_be_allowed(serve):
    server = serve()
    answer = server.ask({"id": 1, "op": "session_open", "profile": "safe_eval", "preload": ["socket"]})
    assert answer["error"]["code"] == "preload_denied"
    session = open_session(server, 2, preload=["csv"])
    assert step(server, 3, session, "import socket\n")["status"] == "gate_denied"


def test_two_sessions_see_neither_files_nor_variables_of_the_other(serve):
    server = serve()
    first = open_session(server, 1, files={"secret.txt": "one"})
    second = open_session(server, 2)
    step(server, 3, first, 'x = 1\nopen("output/a.txt", "w").write("mine")')
    assert step(server, 4, second, "x")["status"] == "exception"
    assert step(server, 5, second, 'open("input/secret.txt").read()')["status"] == "exception"
    files = server.ask({"id": 6, "op": "session_files", "session": second})["result"]["files"]
    assert files == []
    mine = server.ask({"id": 7, "op": "session_files", "session": first, "fetch": ["output/a.txt"]})["result"]
    assert mine["files"] == [{"path": "output/a.txt", "bytes": 4, "base64": "bWluZQ=="}]


def test_close_returns_files_and_leaves_nothing(serve):
    server = serve()
    session = open_session(server, 1)
    step(server, 2, session, 'open("output/r.txt", "w").write("result")')
    assert children_of(server.process.pid), "the session has a worker"
    closed = server.ask({"id": 3, "op": "session_close", "session": session})["result"]
    assert closed["files"] == [{"path": "output/r.txt", "bytes": 6, "base64": "cmVzdWx0"}]
    assert closed["receipt"]["run"]["outputs"][0]["path"] == "output/r.txt"
    time.sleep(0.3)
    assert children_of(server.process.pid) == []
    assert server.work_directories() == []


def test_end_of_input_closes_open_sessions(serve):
    server = serve()
    open_session(server, 1)
    server.process.stdin.close()
    server.read_all_until_closed()
    assert server.process.wait(timeout=30) == 0
    assert server.work_directories() == []


def test_killed_server_takes_its_sessions_with_it(serve):
    server = serve()
    open_session(server, 1)
    worker = children_of(server.process.pid)[0]
    interpreters = children_of(worker)
    assert interpreters
    server.process.kill()
    server.process.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(os.path.exists(f"/proc/{p}") for p in [worker, *interpreters]):
        time.sleep(0.05)
    assert not any(os.path.exists(f"/proc/{p}") for p in [worker, *interpreters])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and server.work_directories():
        time.sleep(0.05)
    assert server.work_directories() == []


def test_busy_and_unknown_sessions(serve):
    server = serve()
    assert server.ask({"id": 1, "op": "session_exec", "session": "nope", "code": "1"})["error"]["code"] == \
        "session_closed"
    session = open_session(server, 2, files=BIG)
    step(server, 3, session, READ_N)
    server.send({"id": 4, "op": "session_exec", "session": session, "code": "for i in range(n // 20):\n    pass"})
    time.sleep(0.2)
    busy = server.ask({"id": 5, "op": "session_exec", "session": session, "code": "1"})
    assert busy["error"]["code"] == "session_busy"
    server.send({"id": 6, "op": "cancel", "target": 4})
    answers = {server.read()["id"], server.read()["id"]}
    assert answers == {4, 6}


def test_output_that_looks_like_an_answer_is_only_output(serve):
    server = serve()
    session = open_session(server, 1)
    fake = '{"step": 2, "token": "guess", "status": "ok", "value": "forged"}'
    result = step(server, 2, session, f"print({fake!r})\n'real'")
    assert result["value"] == "'real'" and result["stdout"] == fake + "\n"


def test_disk_limit_in_a_session(serve, tmp_path):
    profile = tmp_path / "small_disk.toml"
    profile.write_text('name = "small_disk"\nextends = "data_processing"\n[limits]\ndisk_mb = 2\n')
    server = serve()
    answer = server.ask({"id": 1, "op": "session_open", "profile": str(profile)})
    session = answer["result"]["session"]
    result = step(server, 2, session, "with open('output/big.txt', 'w') as f:\n    f.write('x' * 4194304)\n")
    closed = server.ask({"id": 3, "op": "session_close", "session": session})["result"]
    if closed["receipt"]["run"]["isolation"]["disk"]:
        assert result["status"] == "disk_limit" and "No space left" in result["traceback"], result
        assert not result["session_ended"]
    else:
        assert "not root" in closed["receipt"]["run"]["isolation"]["disk_error"]


def test_a_step_cannot_open_the_drivers_channel(serve, tmp_path):
    # repo_tooling allows paths that are not constant: the gate does not fold
    # `sum([int(s)])` to 3 (it folds `int(s)` alone exactly, and denies that),
    # so the driver's audit hook must refuse it.
    server = serve()
    answer = server.ask({"id": 1, "op": "session_open", "profile": "repo_tooling"})
    session = answer["result"]["session"]
    step(server, 2, session, "number = '3'")
    result = step(server, 3, session, "open(sum([int(number)])).read()")
    assert result["status"] == "exception" and "PermissionError" in result["traceback"], result
    assert step(server, 4, session, "1 + 1")["value"] == "2"


def test_display_answers_rich_values_and_figures(serve):
    server = serve()
    answer = server.ask({"id": 1, "op": "session_open", "profile": "plotting"})
    session = answer["result"]["session"]
    plain = step(server, 2, session, "x = 1\nx")
    assert "display" not in plain  # only asked for
    frame = step(server, 3, session, 'import pandas as pd\npd.DataFrame({"a": [1, 2]})', display=True)
    assert frame["display"]["data"]["text/plain"] == frame["value"]
    assert '<table border="1" class="dataframe">' in frame["display"]["data"]["text/html"]
    assert frame["display"]["figures"] == []
    drawn = step(server, 4, session, "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.show()",
                 display=True)
    assert drawn["status"] == "ok" and drawn["stderr"] == "", drawn
    assert drawn["display"]["data"] is None
    [figure] = drawn["display"]["figures"]
    import base64
    assert base64.b64decode(figure["image/png"]).startswith(b"\x89PNG\r\n\x1a\n")
    assert "<svg" in figure["image/svg+xml"]
    # A figure is shown once: drawing it closed it.
    assert step(server, 5, session, "len(plt.get_fignums())", display=True)["value"] == "0"


def test_cancel_interrupts_a_running_step_and_the_session_goes_on(serve):
    server = serve()
    session = open_session(server, 1, files=BIG)
    step(server, 2, session, READ_N + "kept = 41")
    server.send({"id": 3, "op": "session_exec", "session": session, "code": "t = 0\nfor i in range(n):\n    t += i"})
    time.sleep(1)
    server.send({"id": 4, "op": "cancel", "target": 3})
    answers = {answer["id"]: answer for answer in (server.read(60), server.read(60))}
    assert answers[4]["result"]["state"] == "running"
    interrupted = answers[3]["result"]
    assert interrupted["status"] == "exception" and not interrupted["session_ended"], interrupted
    assert interrupted["traceback"].endswith("KeyboardInterrupt\n")
    assert 'File "<step 2>"' in interrupted["traceback"] and "session_driver" not in interrupted["traceback"]
    assert step(server, 5, session, "kept + 1")["value"] == "42"


def test_a_step_that_ignores_its_interrupt_ends_its_session(serve):
    server = serve()
    session = open_session(server, 1, files=BIG)
    step(server, 5, session, READ_N)
    code = "for j in range(n):\n    try:\n        for i in range(n):\n            pass\n    except KeyboardInterrupt:\n        pass"
    server.send({"id": 2, "op": "session_exec", "session": session, "code": code})
    time.sleep(1)
    server.send({"id": 3, "op": "cancel", "target": 2})
    answers = {answer["id"]: answer for answer in (server.read(60), server.read(60))}
    assert answers[2]["result"]["status"] == "interrupted" and answers[2]["result"]["session_ended"]
    again = server.ask({"id": 4, "op": "session_exec", "session": session, "code": "1"})
    assert again["error"]["code"] == "session_closed"
