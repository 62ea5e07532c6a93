"""End of input, SIGTERM, and what a long session leaves behind: nothing."""

from __future__ import annotations

import os
import random
import signal
import threading
import time

from process_probe import children_of, open_descriptors

LONG_RUN = 'print("started", flush=True)\nn = int(input())\ntotal = 0\nfor i in range(n):\n    total += i\n'


def test_end_of_input_finishes_what_is_in_flight(serve):
    server = serve()
    server.send({"id": 1, "op": "run", "code": "print('done')"})
    server.send({"id": 2, "op": "check", "code": "x = 1\n"})
    server.process.stdin.close()
    answers = {m["id"]: m for m in server.read_all_until_closed()}
    assert answers[1]["result"]["stdout"] == "done\n"
    assert answers[2]["result"]["decision"] == "allow"
    assert server.process.wait(timeout=30) == 0


def test_sigterm_cancels_runs_and_exits_zero(serve):
    server = serve("--max-runs", "1")
    server.send({"id": "long", "op": "run", "code": LONG_RUN, "stdin": "1000000000", "stream": True})
    assert server.read()["event"] == "stdout"
    server.send({"id": "queued", "op": "run", "code": "print(1)"})
    time.sleep(0.2)
    workers = children_of(server.process.pid)
    assert workers, "the run has a worker process"
    server.process.send_signal(signal.SIGTERM)
    answers = {m["id"]: m for m in server.read_all_until_closed()}
    assert answers["long"]["error"]["code"] == "cancelled"
    assert answers["queued"]["error"]["code"] == "cancelled"
    assert server.process.wait(timeout=30) == 0
    for pid in workers:
        assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"
    assert server.work_directories() == []


def test_sigterm_after_the_client_went_away_cancels_what_is_queued(serve):
    """The client closed its end (end of input), then its supervisor sends
    SIGTERM: the server does not run out its queue first."""
    server = serve("--max-runs", "1")
    server.send({"id": "long", "op": "run", "code": LONG_RUN, "stdin": "1000000000", "stream": True})
    assert server.read()["event"] == "stdout"
    for number in range(3):
        server.send({"id": f"queued{number}", "op": "run", "code": LONG_RUN, "stdin": "1000000000"})
    server.process.stdin.close()
    time.sleep(0.5)
    stopped = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    answers = {m["id"]: m for m in server.read_all_until_closed(timeout=30)}
    assert server.process.wait(timeout=30) == 0
    assert time.monotonic() - stopped < 15, "the server ran its queue out before it ended"
    for name in ("long", "queued0", "queued1", "queued2"):
        assert answers[name]["error"]["code"] == "cancelled", answers[name]
    assert server.work_directories() == []


def test_killed_server_takes_its_runs_with_it(serve):
    server = serve()
    server.send({"id": 1, "op": "run", "code": LONG_RUN, "stdin": "1000000000", "stream": True})
    assert server.read()["event"] == "stdout"
    worker = children_of(server.process.pid)[0]
    programs = children_of(worker)
    assert programs, "the worker runs the interpreter"
    server.process.kill()
    server.process.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(os.path.exists(f"/proc/{p}") for p in [worker, *programs]):
        time.sleep(0.05)
    assert not any(os.path.exists(f"/proc/{p}") for p in [worker, *programs])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not server.work_directories() == []:
        time.sleep(0.05)
    assert server.work_directories() == []


def test_no_leaks_after_ten_thousand_mixed_requests(serve):
    server = serve()
    pid = server.process.pid
    warm = server.ask({"id": "warm", "op": "check", "code": "x = 1\n"})
    assert "result" in warm
    descriptors = open_descriptors(pid)
    threads = len(os.listdir(f"/proc/{pid}/task"))
    rng = random.Random(7)
    codes = ["x = 1\n", "import os\nos.system('id')\n", "print(sum(range(10)))\n", "def f(:\n"]
    requests = []
    for i in range(10_000):
        kind = rng.random()
        if i % 200 == 0:
            requests.append({"id": i, "op": "run", "code": "print(%d)" % i})
        elif kind < 0.02:
            requests.append({"id": i, "op": "bogus"})
        elif kind < 0.04:
            requests.append({"id": i, "op": "cancel", "target": i - 1})
        else:
            requests.append({"id": i, "op": "check", "code": rng.choice(codes)})
    # Written from another thread while this one reads, as a pipelining client does.
    writer = threading.Thread(target=lambda: [server.send(r) for r in requests])
    writer.start()
    sent = len(requests)
    answers = {}
    while len(answers) < sent:
        message = server.read(120)
        if "event" not in message:
            answers[message["id"]] = message
    writer.join()
    for i in range(0, 10_000, 200):
        answer = answers[i]
        assert answer.get("result", {}).get("stdout") == "%d\n" % i or answer["error"]["code"] == "cancelled", answer
    time.sleep(0.5)
    assert children_of(pid) == []
    assert open_descriptors(pid) == descriptors
    assert len(os.listdir(f"/proc/{pid}/task")) == threads
    assert server.work_directories() == []
    assert server.close() == 0
