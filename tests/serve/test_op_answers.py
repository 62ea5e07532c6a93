"""Every op docs/protocol.md names is one the server has, and each gets an
answer of its own kind: none falls through to another op's answer (the
`version` one, say), and a name no op has is `unknown_op`."""

from __future__ import annotations

import json
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"

# A request of each op, and the keys of its answer: a result's or an error's code.
REQUESTS = {
    "check": ({"code": "x = 1\n"}, {"path", "decision", "findings"}),
    "run": ({"code": "print(1)\n"}, {"decision", "status", "stdout", "provenance"}),
    "cancel": ({"target": "nothing"}, {"target", "cancelled", "state"}),
    "profiles": ({}, {"profiles"}),
    "rules": ({}, {"rules"}),
    "explain": ({"rule": "PG004"}, {"rule", "help"}),
    "version": ({}, {"pygate_version", "protocol", "python", "default_profile"}),
    "session_open": ({"profile": "data_processing"}, {"session", "profile", "limits"}),
    "session_exec": ({"session": "no-such-session", "code": "1"}, "session_closed"),
    "session_files": ({"session": "no-such-session"}, "session_closed"),
    "session_close": ({"session": "no-such-session"}, "session_closed"),
}


def documented_ops():
    """The ops of the hello line the page shows, and those its headings name."""
    text = DOC.read_text(encoding="utf-8")
    hello = json.loads(next(line for line in text.splitlines() if line.startswith('{"hello"')))
    headed = set()
    for heading in re.findall(r"^###? (.*)$", text, flags=re.MULTILINE):
        headed.update(re.findall(r"`([a-z_]+)`", heading))
    return hello["hello"]["ops"], headed


def test_the_page_and_the_server_name_the_same_ops(serve):
    listed, headed = documented_ops()
    server = serve()
    assert server.hello["ops"] == listed
    assert headed == set(listed)
    assert set(REQUESTS) == set(listed)


def test_every_op_gets_its_own_answer(serve):
    listed, _ = documented_ops()
    server = serve()
    for number, op in enumerate(listed):
        fields, expected = REQUESTS[op]
        answer = server.ask({"id": number, "op": op, **fields})
        if isinstance(expected, str):
            assert answer.get("error", {}).get("code") == expected, (op, answer)
        else:
            assert "result" in answer, (op, answer)
            assert expected <= set(answer["result"]), (op, answer)
            if op != "version":
                assert "pygate_version" not in answer["result"], (op, answer)
        if op == "session_open":
            closed = server.ask({"id": "close", "op": "session_close", "session": answer["result"]["session"]})
            assert closed["result"]["reason"] == "closed", closed
    assert server.close() == 0


def test_a_name_no_op_has_is_unknown_op(serve):
    server = serve()
    for name in ("", "Version", "version ", "session", "check_op"):
        answer = server.ask({"id": 1, "op": name})
        assert answer["error"]["code"] == "unknown_op", (name, answer)
        assert answer["error"]["message"].startswith(f"unknown op `{name}` (ops: check, run, cancel,")
