"""docs/protocol.md is a contract: every `→` line is sent to a live server and
each answer compared with the `←` line that follows (a "…" matches any value)."""

from __future__ import annotations

import json
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
ANY = "…"


def examples():
    """(request line, [expected answers]) in the order the page gives them."""
    pairs = []
    for raw in DOC.read_text(encoding="utf-8").splitlines():
        if raw.startswith("→ "):
            pairs.append((raw[2:], []))
        elif raw.startswith("← "):
            pairs[-1][1].append(json.loads(raw[2:]))
    return pairs


def matches(expected, actual) -> bool:
    if expected == ANY:
        return True
    if isinstance(expected, dict):
        return (isinstance(actual, dict) and expected.keys() == actual.keys()
                and all(matches(expected[k], actual[k]) for k in expected))
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(expected) == len(actual)
                and all(matches(e, a) for e, a in zip(expected, actual)))
    return expected == actual


def test_the_page_has_examples_of_every_op_and_error():
    pairs = examples()
    ops = {json.loads(line)["op"] for line, _ in pairs if line.startswith("{")}
    assert ops >= {"check", "run", "cancel", "profiles", "rules", "explain", "version"}
    assert all(answers for _, answers in pairs)


def test_every_example_answers_as_documented(serve):
    server = serve()
    for line, expected in examples():
        server.send_raw(line.encode() + b"\n")
        for want in expected:
            got = server.read()
            assert matches(want, got), f"\n{line}\nexpected {json.dumps(want)}\n     got {json.dumps(got)}"
