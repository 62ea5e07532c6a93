"""A live `pygate serve` for the protocol tests: $PYGATE names the binary."""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from typing import Any, Dict, List, Optional

import pytest

from process_probe import processes_named


@pytest.fixture(scope="session")
def binary() -> str:
    path = os.environ.get("PYGATE")
    if not path:
        pytest.fail("set PYGATE to the pygate binary")
    return path


class Server:
    """One `pygate serve` process, spoken to line by line."""

    def __init__(self, binary: str, *args: str) -> None:
        # Its own TMPDIR, where its runs' work directories go: what it leaves
        # behind is told apart from what other programs on the machine do.
        self.temp = tempfile.mkdtemp(prefix="pygate-serve-test-")
        os.chmod(self.temp, 0o755)  # the runs' unprivileged uid must reach its work directory
        self.process = subprocess.Popen(
            [binary, "serve", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            env={**os.environ, "TMPDIR": self.temp},
        )
        self.pending = b""
        self.hello = json.loads(self.read_line(10))["hello"]

    def send_raw(self, data: bytes) -> None:
        self.process.stdin.write(data)

    def send(self, request: Dict[str, Any]) -> None:
        self.send_raw(json.dumps(request).encode() + b"\n")

    def work_directories(self) -> List[str]:
        """The runs' and sessions' work directories, not a live warm-run
        template's (pygate-run-<its worker's pid>-...), which lives as long as
        the server."""
        templates = self.template_directories()
        return [name for name in os.listdir(self.temp) if name.startswith("pygate-run-") and name not in templates]

    def template_directories(self) -> List[str]:
        workers = processes_named(self.process.pid, "serve-template-worker")
        return [name for name in os.listdir(self.temp)
                if any(name.startswith(f"pygate-run-{pid}-") for pid in workers)]

    def read_line(self, timeout: float = 30) -> bytes:
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer within {timeout} s")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 1 << 20)
                if not chunk:
                    raise EOFError("the server closed its output")
                self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line

    def read(self, timeout: float = 30) -> Dict[str, Any]:
        return json.loads(self.read_line(timeout))

    def ask(self, request: Dict[str, Any], timeout: float = 30) -> Dict[str, Any]:
        """Sends one request and returns its answer (events are skipped)."""
        self.send(request)
        while True:
            message = self.read(timeout)
            if message.get("id") == request["id"] and "event" not in message:
                return message

    def read_all_until_closed(self, timeout: float = 60) -> List[Dict[str, Any]]:
        messages = []
        try:
            while True:
                messages.append(self.read(timeout))
        except EOFError:
            pass
        return messages

    def close(self) -> int:
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            return self.process.wait(timeout=60)
        finally:
            self.process.stdout.close()
            self.process.stderr.close()


@pytest.fixture
def serve(binary: str):
    servers: List[Server] = []

    def start(*args: str) -> Server:
        server = Server(binary, *args)
        servers.append(server)
        return server

    yield start
    for server in servers:
        if server.process.poll() is None:
            server.process.kill()
        server.process.wait()
        shutil.rmtree(server.temp, ignore_errors=True)
