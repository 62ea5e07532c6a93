"""Malformed, oversized, binary and deeply nested lines: each answered, the server stays up."""

from __future__ import annotations

import json
import os
import random


def test_oversized_line_is_skipped_to_its_end(serve):
    server = serve("--max-line", "4096")
    server.send_raw(b'{"id": 1, "op": "check", "code": "' + b"x" * 100_000 + b'"}\n')
    answer = server.read()
    assert answer["id"] is None and answer["error"]["code"] == "line_too_long"
    assert server.ask({"id": 2, "op": "version"})["result"]["protocol"] == 1


def test_deeply_nested_json_is_refused_not_crashed(serve):
    server = serve()
    for depth in (1000, 100_000):
        server.send_raw(b"[" * depth + b"]" * depth + b"\n")
        assert server.read()["error"]["code"] in ("invalid_request", "parse_error")
        server.send_raw(b'{"id": 1, "op": "check", "code": ' + b"[" * depth + b"]" * depth + b"}\n")
        assert server.read()["error"]["code"] in ("invalid_request", "parse_error")
    assert server.ask({"id": 2, "op": "version"})["result"]["protocol"] == 1


def test_nesting_and_values_of_one_line_are_bounded_before_it_is_parsed(serve):
    server = serve()
    deep = b'{"id": 1, "op": "check", "code": "x = 1", "extra": ' + b"[" * 33 + b"]" * 33 + b"}\n"
    server.send_raw(deep)
    refused = server.read()
    assert refused["error"] == {"code": "invalid_request", "message": "the request nests deeper than 32 levels"}
    many = b'{"id": 2, "op": "check", "code": "x = 1", "extra": [' + b",".join([b"0"] * 100_001) + b"]}\n"
    server.send_raw(many)
    refused = server.read()
    assert refused["error"] == {"code": "invalid_request", "message": "the request holds more than 100000 values"}
    # Within the bounds, the same shapes are read as requests (and their
    # unknown field refused by name).
    server.send_raw(b'{"id": 3, "op": "check", "code": "x = 1", "extra": ' + b"[" * 30 + b"]" * 30 + b"}\n")
    assert "extra" in server.read()["error"]["message"]
    assert server.ask({"id": 4, "op": "version"})["result"]["protocol"] == 1


def test_a_profile_that_is_no_regular_file_is_refused_at_once(serve, tmp_path):
    """A FIFO would block a check thread for ever; /proc/self/fd/0 is the
    server's own input, whose requests it would swallow."""
    fifo = tmp_path / "profile.toml"
    os.mkfifo(fifo)
    server = serve()
    for number, path in enumerate((str(fifo), "/proc/self/fd/0", "/dev/zero", str(tmp_path))):
        answer = server.ask({"id": number, "op": "check", "code": "x = 1\n", "profile": path}, timeout=10)
        assert answer["error"]["code"] == "profile_error", answer
    run = server.ask({"id": "run", "op": "run", "code": "print(1)", "profile": str(fifo)}, timeout=10)
    assert run["error"]["code"] == "profile_error"
    opened = server.ask({"id": "open", "op": "session_open", "profile": "/proc/self/fd/0"}, timeout=10)
    assert opened["error"]["code"] == "profile_error"
    assert server.ask({"id": "after", "op": "version"})["result"]["protocol"] == 1


def test_random_garbage_every_line_answered(serve):
    server = serve()
    rng = random.Random(1)
    valid = json.dumps({"id": 0, "op": "check", "code": "import os\nprint(os.getcwd())\n"}).encode()
    lines = []
    for i in range(400):
        choice = rng.random()
        if choice < 0.3:  # bytes, anything but a newline
            line = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(b"\n", b" ")
        elif choice < 0.6:  # a valid request, mutated
            mutated = bytearray(valid)
            for _ in range(rng.randrange(1, 6)):
                mutated[rng.randrange(len(mutated))] = rng.randrange(32, 127)
            line = bytes(mutated)
        elif choice < 0.8:  # a valid request, cut short
            line = valid[: rng.randrange(1, len(valid))]
        else:  # well-formed JSON of the wrong shape
            line = json.dumps(rng.choice([None, 1, "s", [], {"id": {}}, {"id": i, "op": 5},
                                          {"id": i, "op": "check", "code": None},
                                          {"id": i, "op": "run", "code": "x", "stdin": 5}])).encode()
        if not line.strip(b" \t\r"):
            line = b"x"
        lines.append(line)
    server.send_raw(b"\n".join(lines) + b"\n")
    for _ in lines:
        answer = server.read()
        assert ("error" in answer) != ("result" in answer)
        if "error" in answer:
            assert answer["error"]["message"]
    assert server.ask({"id": "end", "op": "version"})["result"]["protocol"] == 1


def test_code_with_nul_and_surrogate_escapes(serve):
    server = serve()
    nul = server.ask({"id": 1, "op": "check", "code": "x = 1\x00\n"})
    assert nul["result"]["decision"] == "deny" and nul["result"]["findings"][0]["rule"] == "PG000"
    server.send_raw(b'{"id": 2, "op": "check", "code": "\\ud800"}\n')
    assert server.read()["error"]["code"] in ("parse_error", "invalid_request")
    assert server.ask({"id": 3, "op": "version"})["result"]["protocol"] == 1


def test_a_final_line_without_newline_is_served(binary):
    import subprocess

    out = subprocess.run([binary, "serve"], input=b'{"id": 1, "op": "version"}', capture_output=True, timeout=30)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines[1]["id"] == 1 and lines[1]["result"]["protocol"] == 1
    assert out.returncode == 0
