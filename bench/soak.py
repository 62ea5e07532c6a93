#!/usr/bin/env python3
"""A soak: `pygate serve` under a mixed load for a while, watched for growth.

Four client threads send, in a loop: checks, cold runs (safe_eval), warm runs
(data_processing, forked from the template), sessions (open, three steps,
close), and runs cancelled while they sleep; every 60 s one run worker is
killed from outside. Every 10 s the server's tree is sampled: the RSS of all
its processes, the server's descriptors and threads, the number of processes
and the work directories in its TMPDIR. The report compares the last minute
with the first (after one minute of warming up) and says whether every
request was answered.

Usage: bench/soak.sh [--minutes M]   (PYGATE: the binary, default build/release/pygate)
Needs root (the server's runs drop to nobody; its tree is read in /proc).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from process_tree import descendants, memory_kb

ROOT = Path(__file__).resolve().parents[1]
PANDAS = "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3]})\nprint(df['a'].sum())\n"


class Client:
    """One server; requests from many threads, answers matched by id."""

    def __init__(self, binary: str, temp: str) -> None:
        self.process = subprocess.Popen([binary, "serve", "--max-runs", "4"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0,
                                        env={**os.environ, "TMPDIR": temp})
        self.ids = itertools.count(1)
        self.lock = threading.Lock()
        self.waiting = {}
        self.sent = 0
        self.answered = 0
        self.errors = Counter()
        self.killed_answers = 0  # runs whose worker the soak killed: answered internal_error, as they must be
        threading.Thread(target=self.read_loop, daemon=True).start()

    def read_loop(self) -> None:
        pending = b""
        while True:
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                message = json.loads(line)
                if "event" in message or "hello" in message:
                    continue
                with self.lock:
                    slot = self.waiting.pop(message.get("id"), None)
                    self.answered += 1
                    if "error" in message:
                        self.errors[message["error"]["code"]] += 1
                        if "ended without an answer (signal 9)" in message["error"].get("message", ""):
                            self.killed_answers += 1
                if slot is not None:
                    slot[1].append(message)
                    slot[0].set()

    def send(self, request):
        request_id = next(self.ids)
        done = threading.Event()
        box = []
        with self.lock:
            self.waiting[request_id] = (done, box)
            self.sent += 1
            self.process.stdin.write(json.dumps({"id": request_id, **request}).encode() + b"\n")
        return request_id, done, box

    def ask(self, request, timeout=120):
        _, done, box = self.send(request)
        if not done.wait(timeout):
            raise TimeoutError(f"no answer to {request['op']} within {timeout} s")
        return box[0]


def tree(root):
    return [pid for pid, _ in descendants(root)]


def rss_kb(pid):
    return memory_kb(pid, "Rss")


def sample(client, temp):
    server = client.process.pid
    processes = [server] + tree(server)
    with open(f"/proc/{server}/status") as status:
        threads = next(int(line.split()[1]) for line in status if line.startswith("Threads:"))
    return {
        "rss_mib": sum(rss_kb(pid) for pid in processes) / 1024,
        "server_rss_mib": rss_kb(server) / 1024,
        "fds": len(os.listdir(f"/proc/{server}/fd")),
        "threads": threads,
        "processes": len(processes),
        "workdirs": len([name for name in os.listdir(temp) if name.startswith("pygate-run-")]),
    }


def killed(answer):
    """A run whose worker the soak killed: the error a client must get."""
    return "ended without an answer (signal 9)" in answer.get("error", {}).get("message", "")


def worker(client, stop, failures):
    kinds = ["check", "cold", "warm", "warm", "session", "cancel"]
    while not stop.is_set():
        kind = random.choice(kinds)
        try:
            if kind == "check":
                answer = client.ask({"op": "check", "code": "import os\nos.system('id')\n"})
                assert answer["result"]["decision"] == "deny", answer
            elif kind == "cold":
                answer = client.ask({"op": "run", "code": "print(sum(range(10)))\n"})
                assert killed(answer) or answer["result"]["stdout"] == "45\n", answer
            elif kind == "warm":
                answer = client.ask({"op": "run", "code": PANDAS, "profile": "data_processing"})
                assert killed(answer) or answer["result"]["stdout"] == "6\n", answer
            elif kind == "session":
                opened = client.ask({"op": "session_open", "profile": "data_processing"})
                if "error" in opened:
                    continue  # too_many_sessions under load is an answer too
                session = opened["result"]["session"]
                for step in ("x = 1", "x += 1", "x"):
                    client.ask({"op": "session_exec", "session": session, "code": step})
                client.ask({"op": "session_close", "session": session})
            else:
                request_id, done, box = client.send({"op": "run", "code": "import time\ntime.sleep(30)\n",
                                                     "profile": "data_processing"})
                time.sleep(random.uniform(0.1, 1.0))
                client.ask({"op": "cancel", "target": request_id})
                if not done.wait(60):
                    raise TimeoutError("a cancelled run was not answered")
        except Exception as error:  # noqa: BLE001 - the soak counts every failure
            failures.append(f"{kind}: {error!r:.300}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=30.0)
    args = parser.parse_args()
    binary = os.environ.get("PYGATE", str(ROOT / "build" / "release" / "pygate"))
    temp = tempfile.mkdtemp(prefix="pygate-soak-")
    os.chmod(temp, 0o755)
    print(f"soak: {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}, {args.minutes} min, {binary}")
    client = Client(binary, temp)
    stop = threading.Event()
    failures = []
    threads = [threading.Thread(target=worker, args=(client, stop, failures)) for _ in range(4)]
    for thread in threads:
        thread.start()
    samples = []
    started = time.monotonic()
    next_kill = started + 60
    kills = 0
    while time.monotonic() - started < args.minutes * 60:
        time.sleep(10)
        samples.append((time.monotonic() - started, sample(client, temp)))
        if time.monotonic() >= next_kill:
            next_kill += 60
            for pid in tree(client.process.pid):
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                        if b"serve-run-worker" in cmdline.read():
                            os.kill(pid, signal.SIGKILL)
                            kills += 1
                            break
                except OSError:
                    pass
    stop.set()
    for thread in threads:
        thread.join()
    client.process.stdin.close()
    code = client.process.wait(120)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and os.listdir(temp):
        time.sleep(0.1)
    left = os.listdir(temp)
    shutil.rmtree(temp, ignore_errors=True)

    baseline = [values for at, values in samples if 60 <= at < 120] or [samples[0][1]]
    last = [values for at, values in samples if at >= samples[-1][0] - 60]
    print(f"requests: {client.sent} sent, {client.answered} answered; error answers {dict(client.errors)}; "
          f"run workers killed: {kills}, their runs answered internal_error: {client.killed_answers}; "
          f"unexpected answers: {len(failures)}")
    for failure in failures[:10]:
        print("  ", failure)
    for key in ("rss_mib", "server_rss_mib", "fds", "threads", "processes", "workdirs"):
        first = max(values[key] for values in baseline)
        final = max(values[key] for values in last)
        peak = max(values[key] for _, values in samples)
        print(f"{key}: first minute max {first:.1f}, last minute max {final:.1f}, peak {peak:.1f}")
    print(f"server exit code {code}; left in its TMPDIR after exit: {left}")


if __name__ == "__main__":
    main()
