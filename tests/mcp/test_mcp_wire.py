"""`pygate mcp` spoken to line by line, for what a well-behaved SDK never
sends: malformed JSON-RPC, calls before initialize, oversized messages,
batches, old protocol revisions; and for the server dying under a call.
$PYGATE names the binary."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import time
from typing import Any, Dict, List, Optional

import pytest

INITIALIZE = {"capabilities": {}, "clientInfo": {"name": "wire-test", "version": "1"}}


class Client:
    def __init__(self, *args: str) -> None:
        binary = os.environ.get("PYGATE")
        if not binary:
            pytest.fail("set PYGATE to the pygate binary")
        self.process = subprocess.Popen(
            [binary, "mcp", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
        )
        self.pending = b""

    def send_raw(self, data: bytes) -> None:
        self.process.stdin.write(data)

    def send(self, message: Any) -> None:
        self.send_raw(json.dumps(message).encode() + b"\n")

    def read(self, timeout: float = 60) -> Any:
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no message within {timeout} s")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 1 << 20)
                if not chunk:
                    raise EOFError("pygate mcp closed its output")
                self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return json.loads(line)

    def request(self, id: Any, method: str, params: Optional[Dict[str, Any]] = None) -> Any:
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.read()

    def initialize(self, version: str = "2025-06-18") -> Any:
        answer = self.request(0, "initialize", {"protocolVersion": version, **INITIALIZE})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return answer

    def close(self) -> int:
        self.process.stdin.close()
        code = self.process.wait(timeout=60)
        self.process.stdout.close()
        return code


@pytest.fixture
def client():
    each = Client()
    yield each
    if each.process.poll() is None:
        each.process.kill()
        each.process.wait()


def error_code(message: Any) -> int:
    assert "error" in message, message
    return message["error"]["code"]


def test_version_negotiation():
    for asked, answered in [
        ("2025-06-18", "2025-06-18"),
        ("2025-03-26", "2025-03-26"),
        ("2024-11-05", "2024-11-05"),
        ("2099-01-01", "2025-06-18"),
    ]:
        each = Client()
        try:
            assert each.initialize(asked)["result"]["protocolVersion"] == answered
        finally:
            assert each.close() == 0


def test_an_old_revision_gets_no_structured_content_but_loses_nothing():
    each = Client()
    try:
        each.initialize("2024-11-05")
        tools = each.request(1, "tools/list")["result"]["tools"]
        assert all("outputSchema" not in tool for tool in tools)
        result = each.request(2, "tools/call", {"name": "check_python", "arguments": {"code": "import os"}})["result"]
        assert "structuredContent" not in result
        assert result["isError"] is True
        assert json.loads(result["content"][1]["text"])["decision"] == "deny"
    finally:
        each.close()


def test_bad_messages_get_the_errors_json_rpc_prescribes_and_the_server_goes_on(client):
    assert error_code(client.request(1, "tools/list")) == -32600  # before initialize
    assert client.request(2, "ping") == {"jsonrpc": "2.0", "id": 2, "result": {}}  # ping is always answered
    client.initialize()
    client.send_raw(b"{not json\n")
    assert client.read() == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32700, "message": "Parse error: the message is not one JSON value"},
    }
    client.send_raw(b"\xff\xfe\n")
    assert error_code(client.read()) == -32700
    client.send({"id": 3, "method": "tools/list"})  # no jsonrpc member
    answer = client.read()
    assert error_code(answer) == -32600 and answer["id"] == 3
    client.send({"jsonrpc": "2.0", "id": 4.5, "method": "tools/list"})
    answer = client.read()
    assert error_code(answer) == -32600 and answer["id"] is None
    client.send([1, 2])  # a batch is no part of 2025-06-18
    assert error_code(client.read()) == -32600
    client.send("a string")
    assert error_code(client.read()) == -32600
    assert error_code(client.request(5, "no/such/method")) == -32601
    assert error_code(client.request(6, "tools/call", {"name": "check_python"})) == -32602
    assert error_code(client.request(7, "tools/call", {"arguments": {}})) == -32602
    answer = client.request(8, "tools/call", {"name": "check_python", "arguments": {"code": "x", "tiemout": 1}})
    assert error_code(answer) == -32602 and "tiemout" in answer["error"]["message"]
    assert error_code(client.request(9, "resources/read", {})) == -32602
    assert error_code(client.request(10, "initialize", {"protocolVersion": "2025-06-18", **INITIALIZE})) == -32600
    # A notification is never answered, even a malformed or unknown one.
    client.send({"jsonrpc": "2.0", "method": "notifications/whatever", "params": 3})
    client.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 999}})
    # After all of it, the server still works.
    result = client.request(11, "tools/call", {"name": "check_python", "arguments": {"code": "print(1)"}})
    assert result["id"] == 11 and result["result"]["structuredContent"]["decision"] == "allow"
    assert client.close() == 0


def test_an_oversized_message_is_refused_and_skipped():
    each = Client("--max-message", "2048")
    try:
        each.initialize()
        big = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
               "params": {"name": "check_python", "arguments": {"code": "x = 1\n" * 1000}}}
        each.send(big)
        answer = each.read()
        assert error_code(answer) == -32600 and "2048 bytes" in answer["error"]["message"]
        ok = each.request(2, "tools/call", {"name": "check_python", "arguments": {"code": "x = 1"}})
        assert ok["result"]["structuredContent"]["decision"] == "allow"
    finally:
        assert each.close() == 0


def test_a_batch_under_2025_03_26_is_answered_as_one_array():
    each = Client()
    try:
        each.initialize("2025-03-26")
        each.send([
            {"jsonrpc": "2.0", "id": "a", "method": "tools/call",
             "params": {"name": "check_python", "arguments": {"code": "import os"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": "b", "method": "ping"},
            {"jsonrpc": "2.0", "id": "c", "method": "nope"},
        ])
        answers = each.read()
        assert isinstance(answers, list)
        by_id = {answer["id"]: answer for answer in answers}
        assert sorted(by_id) == ["a", "b", "c"]
        assert by_id["a"]["result"]["isError"] is True
        assert by_id["b"]["result"] == {}
        assert by_id["c"]["error"]["code"] == -32601
    finally:
        each.close()


def children_of(pid: int) -> List[int]:
    found: List[int] = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as listing:
            found += [int(each) for each in listing.read().split()]
    return found


def test_a_dead_server_fails_the_call_and_the_next_call_starts_a_new_one(client):
    client.initialize()
    client.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                 "params": {"name": "run_python", "arguments": {"code": "import time\ntime.sleep(8)\n"}}})
    time.sleep(1.0)
    servers = children_of(client.process.pid)
    assert len(servers) == 1
    os.kill(servers[0], signal.SIGKILL)
    answer = client.read()
    assert answer["id"] == 1
    assert error_code(answer) == -32603 and "nothing was allowed" in answer["error"]["message"]
    again = client.request(2, "tools/call", {"name": "run_python", "arguments": {"code": "print(3)"}})
    assert again["result"]["structuredContent"]["stdout"] == "3\n"
    assert children_of(client.process.pid) != servers
    assert client.close() == 0


def test_closing_stdin_exits_0_after_answering_what_is_in_flight(client):
    client.initialize()
    client.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                 "params": {"name": "run_python", "arguments": {"code": "print('late')"}}})
    client.process.stdin.close()
    answer = client.read()
    assert answer["result"]["structuredContent"]["stdout"] == "late\n"
    assert client.process.wait(timeout=60) == 0


def test_a_bad_operator_profile_exits_2():
    binary = os.environ["PYGATE"]
    done = subprocess.run([binary, "mcp", "--allow-profiles", "safe_eval,no_such_profile"],
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    assert done.returncode == 2
    assert b"no_such_profile" in done.stderr


def test_sessions_beyond_max_sessions_are_a_tool_error_that_says_so():
    each = Client("--profile", "data_processing", "--max-sessions", "1")
    try:
        each.initialize()
        first = each.request(1, "tools/call", {"name": "python_session_open", "arguments": {}})["result"]
        assert first["isError"] is False
        session = first["structuredContent"]["session"]
        second = each.request(2, "tools/call", {"name": "python_session_open", "arguments": {}})["result"]
        assert second["isError"] is True
        assert "too many sessions" in second["content"][0]["text"]
        # The open session is untouched.
        step = each.request(3, "tools/call", {"name": "python_session_exec",
                                              "arguments": {"session": session, "code": "1 + 1"}})["result"]
        assert step["structuredContent"]["value"] == "2"
    finally:
        assert each.close() == 0


def test_run_python_under_a_preloading_profile_is_warm():
    each = Client("--profile", "data_processing")
    try:
        each.initialize()
        program = "import pandas as pd\nprint(pd.DataFrame({'a': [1, 2, 3]})['a'].sum())\n"
        for number in (1, 2):
            result = each.request(number, "tools/call", {"name": "run_python", "arguments": {"code": program}})
            content = result["result"]["structuredContent"]
            assert content["status"] == "ok" and content["stdout"] == "6\n"
            assert content["warm"] is True
    finally:
        assert each.close() == 0
