"""Warm runs beside a CPU hog on every core: none is taken for a timeout.

A warm run's program is its template's child, and the template reaps it as
soon as it ends; the run's worker must see that end through a handle that
names that program and nothing else (the pidfd the child sends), never
through its bare pid. 2,000 runs of `print(n)` under `data_processing`, two
at a time, `"timeout": 3`, while one busy process per core competes for the
CPU: each must answer `ok`, warm, with its own output, and within its
limit. Run by ctest on its own (serve_warm_runs_under_load), not with the
rest of tests/serve: it takes minutes. $PYGATE names the binary;
$PYGATE_LOAD_RUNS changes the count.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

RUNS = int(os.environ.get("PYGATE_LOAD_RUNS", "2000"))
TIMEOUT_SECONDS = 3
IN_FLIGHT = 2


def cpu_hogs():
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 1)]


def test_warm_runs_beside_a_cpu_hog_never_time_out_falsely(serve):
    server = serve("--profile", "data_processing")
    first = server.ask({"id": "first", "op": "run", "code": "print('up')"}, timeout=120)
    assert first["result"]["status"] == "ok" and first["result"]["warm"], first
    hogs = cpu_hogs()
    wrong = []
    durations = []
    try:
        sent = answered = 0
        started = time.monotonic()
        while answered < RUNS:
            while sent < RUNS and sent - answered < IN_FLIGHT:
                server.send({"id": sent, "op": "run", "code": f"print({sent})", "timeout": TIMEOUT_SECONDS})
                sent += 1
            message = server.read(timeout=60)
            if "event" in message:
                continue
            answered += 1
            result = message.get("result")
            if result is None:
                wrong.append((message.get("id"), message))
                continue
            durations.append(result["duration_ms"])
            if (result["status"] != "ok" or not result["warm"] or result["stdout"] != f"{message['id']}\n"
                    or result["duration_ms"] > TIMEOUT_SECONDS * 1000):
                wrong.append((message["id"], {key: result.get(key) for key in
                                              ("status", "warm", "stdout", "duration_ms", "warm_unavailable")}))
        elapsed = time.monotonic() - started
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    durations.sort()
    print(f"{RUNS} warm runs beside {len(hogs)} CPU hogs in {elapsed:.0f} s; duration median "
          f"{durations[len(durations) // 2]:.1f} ms, slowest {durations[-1]:.1f} ms")
    assert wrong == [], f"{len(wrong)} of {RUNS} runs went wrong, the first: {wrong[:5]}"
    assert server.close() == 0
    assert server.work_directories() == []
