"""Every op of docs/protocol.md against a live server, and every error code."""

from __future__ import annotations

import base64
import json
import subprocess

LONG_RUN = 'print("started", flush=True)\nn = int(input())\ntotal = 0\nfor i in range(n):\n    total += i\n'


def test_hello_names_protocol_and_ops(serve):
    server = serve()
    assert server.hello["protocol"] == 1
    assert server.hello["ops"] == ["check", "run", "cancel", "profiles", "rules", "explain", "version",
                                   "session_open", "session_exec", "session_files", "session_close"]
    assert server.hello["max_line"] == 16 * 1024 * 1024


def test_check_result_is_the_cli_file_entry(serve, binary, tmp_path):
    code = "import os\nos.system('id')\n"
    path = tmp_path / "agent.py"
    path.write_text(code)
    cli = json.loads(
        subprocess.run([binary, "check", "--format", "json", "--fail-on", "never", str(path)],
                       capture_output=True, check=True).stdout
    )
    server = serve()
    by_code = server.ask({"id": 1, "op": "check", "code": code, "filename": str(path)})
    by_path = server.ask({"id": 2, "op": "check", "path": str(path)})
    assert by_code["result"] == cli["files"][0]
    assert by_path["result"] == cli["files"][0]
    assert by_code["result"]["decision"] == "deny"
    assert {f["rule"] for f in by_code["result"]["findings"]} == {"PG003", "PG004"}


def test_check_defaults_and_profiles(serve):
    server = serve("--profile", "data_processing")
    answer = server.ask({"id": "a", "op": "check", "code": "import pandas\n"})
    assert answer["result"] == {"path": "<code>", "decision": "allow", "findings": []}
    strict = server.ask({"id": "b", "op": "check", "code": "import pandas\n", "profile": "safe_eval"})
    assert strict["result"]["decision"] == "deny"


def test_profile_file_is_reread_when_it_changes(serve, tmp_path):
    profile = tmp_path / "mine.toml"
    profile.write_text('name = "mine"\nextends = "safe_eval"\n[imports]\nallow_add = ["csv"]\n')
    server = serve()
    request = {"op": "check", "code": "import csv\n", "profile": str(profile)}
    assert server.ask({"id": 1, **request})["result"]["decision"] == "allow"
    profile.write_text('name = "mine"\nextends = "safe_eval"\n')
    assert server.ask({"id": 2, **request})["result"]["decision"] == "deny"
    profile.write_text('name = "mine"\nextends = "safe_eval"\nnot_a_key = 1\n')
    answer = server.ask({"id": 3, **request})
    assert answer["error"]["code"] == "profile_error"
    assert "mine.toml:3" in answer["error"]["message"]


def test_run_result_matches_cli_shape_and_streams_in_order(serve):
    server = serve()
    server.send({"id": 7, "op": "run", "code": "for i in range(3):\n    print(i, flush=True)\nprint('é')\n",
                 "stream": True})
    events, answer = [], None
    while answer is None:
        message = server.read()
        assert message["id"] == 7
        if "event" in message:
            events.append(message)
        else:
            answer = message
    assert "".join(e["data"] for e in events if e["event"] == "stdout") == "0\n1\n2\né\n"
    result = answer["result"]
    assert result["status"] == "ok" and result["exit_code"] == 0 and result["decision"] == "allow"
    assert result["stdout"] == "0\n1\n2\né\n"
    for key in ("limits", "isolation", "outputs", "provenance", "duration_ms", "max_rss_kb"):
        assert key in result
    assert result["provenance"]["profile"] == "safe_eval"


def test_run_with_files_stdin_and_tightened_limits(serve):
    server = serve()
    code = "print(open('input/a.txt').read()); print(open('input/b.bin','rb').read()); print(input())"
    answer = server.ask({"id": 1, "op": "run", "profile": "data_processing", "code": code, "stdin": "typed\n",
                         "files": {"a.txt": "text", "b.bin": {"base64": base64.b64encode(b"\x00\xff").decode()}},
                         "timeout": 5, "memory": 256})
    result = answer["result"]
    assert result["stdout"] == "text\nb'\\x00\\xff'\ntyped\n"
    assert result["limits"]["wall_seconds"] == 5 and result["limits"]["memory_mb"] == 256
    assert [i["path"] for i in result["provenance"]["inputs"]] == ["input/a.txt", "input/b.bin"]


def test_run_denied_by_the_gate_is_a_result(serve):
    server = serve()
    result = server.ask({"id": 1, "op": "run", "code": "import subprocess\n"})["result"]
    assert result["status"] == "gate_denied" and result["decision"] == "deny"
    assert result["gate"]["files"][0]["findings"][0]["rule"] == "PG003"


def test_limits_may_only_tighten(serve):
    server = serve()
    answer = server.ask({"id": 1, "op": "run", "code": "print(1)", "timeout": 100000})
    assert answer["error"]["code"] == "limit_error"
    assert "looser than the profile" in answer["error"]["message"]


def test_profiles_rules_explain_version(serve, binary):
    server = serve()
    profiles = server.ask({"id": 1, "op": "profiles"})["result"]["profiles"]
    names = [p["name"] for p in profiles]
    assert names[0] == "safe_eval" and "data_processing" in names
    assert [p["name"] for p in profiles if p["default"]] == ["safe_eval"]
    toml = server.ask({"id": 2, "op": "profiles", "name": "plotting"})["result"]["toml"]
    assert toml == subprocess.run([binary, "profile", "show", "plotting"], capture_output=True,
                                  text=True, check=True).stdout.split("\n", 2)[2]
    rules = server.ask({"id": 3, "op": "rules"})["result"]
    cli_rules = json.loads(subprocess.run([binary, "rules", "--format", "json"], capture_output=True,
                                          check=True).stdout)
    assert rules == cli_rules
    explained = server.ask({"id": 4, "op": "explain", "rule": "PG004"})["result"]
    assert explained["rule"]["id"] == "PG004" and "subprocess" in explained["help"]
    assert server.ask({"id": 5, "op": "explain", "rule": "PG999"})["error"]["code"] == "not_found"
    version = server.ask({"id": 6, "op": "version"})["result"]
    assert version["protocol"] == 1 and version["pygate_version"] == server.hello["pygate_version"]


def test_errors_name_what_and_the_server_goes_on(serve):
    server = serve()
    cases = [
        (b"not json\n", None, "parse_error"),
        (b"[1, 2]\n", None, "invalid_request"),
        (b'{"op": "check", "code": ""}\n', None, "invalid_request"),
        (b'{"id": 1.5, "op": "version"}\n', None, "invalid_request"),
        (b'{"id": true, "op": "version"}\n', None, "invalid_request"),
        (b'{"id": 1, "op": "nope"}\n', 1, "unknown_op"),
        (b'{"id": 2}\n', 2, "invalid_request"),
        (b'{"id": 3, "op": "check"}\n', 3, "invalid_request"),
        (b'{"id": 4, "op": "check", "code": "x", "path": "y"}\n', 4, "invalid_request"),
        (b'{"id": 5, "op": "check", "code": 12}\n', 5, "invalid_request"),
        (b'{"id": 6, "op": "check", "code": "x", "tiemout": 1}\n', 6, "invalid_request"),
        (b'{"id": 7, "op": "run", "code": "x", "timeout": -1}\n', 7, "invalid_request"),
        (b'{"id": 8, "op": "run", "code": "x", "files": {"../evil": "x"}}\n', 8, "invalid_request"),
        (b'{"id": 9, "op": "run", "code": "x", "files": {"a": {"base64": "!!"}}}\n', 9, "invalid_request"),
        (b'{"id": 10, "op": "check", "path": "/nonexistent/file.py"}\n', 10, "read_error"),
        (b'{"id": 11, "op": "check", "code": "x", "profile": "no_such"}\n', 11, "profile_error"),
        (b'{"id": 12, "op": "cancel"}\n', 12, "invalid_request"),
        (b'{"id": 13, "op": "version"}\xff\n', None, "invalid_utf8"),
    ]
    for line, expected_id, code in cases:
        server.send_raw(line)
        answer = server.read()
        assert answer["id"] == expected_id, line
        assert answer["error"]["code"] == code, (line, answer)
        assert answer["error"]["message"], line
    assert server.ask({"id": "still", "op": "version"})["result"]["protocol"] == 1


def test_duplicate_id_in_flight(serve):
    server = serve("--max-runs", "1")
    server.send({"id": "r", "op": "run", "code": LONG_RUN, "stdin": "100000000", "stream": True})
    assert server.read()["event"] == "stdout"  # it is running
    server.send({"id": "r", "op": "version"})
    answer = server.read()
    assert answer["id"] == "r" and answer["error"]["code"] == "duplicate_id"
    server.send({"id": "c", "op": "cancel", "target": "r"})
    answers = {(m["id"], "error" in m): m for m in (server.read(), server.read())}
    assert answers[("r", True)]["error"]["code"] == "cancelled"
    assert answers[("c", False)]["result"] == {"target": "r", "cancelled": True, "state": "running"}


def test_cancel_queued_and_unknown(serve):
    server = serve("--max-runs", "1")
    server.send({"id": 1, "op": "run", "code": LONG_RUN, "stdin": "100000000", "stream": True})
    assert server.read()["event"] == "stdout"
    server.send({"id": 2, "op": "run", "code": "print(2)"})
    server.send({"id": 3, "op": "cancel", "target": 2})
    dropped = server.read()
    assert dropped == {"id": 2, "error": {"code": "cancelled", "message": "cancelled: dropped before it started"}}
    assert server.read()["result"] == {"target": 2, "cancelled": True, "state": "queued"}
    assert server.ask({"id": 4, "op": "cancel", "target": "zzz"})["result"] == {
        "target": "zzz", "cancelled": False, "state": "not_found"}
    server.send({"id": 5, "op": "cancel", "target": 1})
    seen = {server.read()["id"], server.read()["id"]}
    assert seen == {1, 5}


def test_ids_are_strings_or_integers_and_distinct(serve):
    server = serve()
    assert server.ask({"id": "1", "op": "version"})["id"] == "1"
    assert server.ask({"id": 1, "op": "version"})["id"] == 1
    assert server.ask({"id": -7, "op": "version"})["id"] == -7
