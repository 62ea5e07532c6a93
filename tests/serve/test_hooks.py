"""`pygate hook`: the hosts' documented payloads, and Python hidden in shell commands."""

from __future__ import annotations

import json
import subprocess

import pytest


def claude_payload(command, cwd="/tmp", tool="Bash", tool_input=None):
    # The shape of Claude Code's PreToolUse input (its hooks reference).
    return {"session_id": "abc123", "transcript_path": "/tmp/transcript.jsonl", "cwd": cwd,
            "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": tool,
            "tool_input": tool_input if tool_input is not None else {"command": command, "description": "run"},
            "tool_use_id": "toolu_01ABC123"}


def gemini_payload(command, cwd="/tmp"):
    # The shape of Gemini CLI's BeforeTool input (its hooks reference).
    return {"session_id": "s1", "transcript_path": "/tmp/t.json", "cwd": cwd, "hook_event_name": "BeforeTool",
            "timestamp": "2026-11-26T10:00:00Z", "tool_name": "run_shell_command",
            "tool_input": {"command": command, "description": "run"}}


def hook(binary, host, payload, *args):
    out = subprocess.run([binary, "hook", host, *args], input=json.dumps(payload), capture_output=True, text=True,
                         timeout=60)
    return out


def claude_decision(binary, command, cwd="/tmp"):
    out = hook(binary, "claude-code", claude_payload(command, cwd))
    assert out.returncode == 0, out.stderr
    if not out.stdout.strip():
        return None, ""
    answer = json.loads(out.stdout)["hookSpecificOutput"]
    assert answer["hookEventName"] == "PreToolUse"
    return answer["permissionDecision"], answer["permissionDecisionReason"]


@pytest.mark.parametrize("command, decision", [
    ("npm test", None),
    ("ls -la && git status", None),
    ("python3 -c 'print(1 + 1)'", "allow"),
    ("python3 -c 'import os; os.system(\"id\")'", "deny"),
    ('python -c "import subprocess"', "deny"),
    ("cd /tmp && python3 -c 'print(2)' | cat", "allow"),
    ("echo hi; /usr/bin/python3.11 -u -c 'import socket'", "deny"),
    ("python3 - <<'EOF'\nimport os\nos.remove('x')\nEOF\n", "deny"),
    ("python3 <<EOF\nprint('fine')\nEOF\n", "allow"),
    ("python3 <<EOF\nprint('$HOME')\nEOF\n", "ask"),
    ('python3 -c "$CODE"', "ask"),
    ("python3 $SCRIPT", "ask"),
    ("python3 does_not_exist_yet.py", "ask"),
    ("python3 -m http.server", "ask"),
    ("echo 'print(1)' | python3", "ask"),
    ("uv run python -c 'import shutil; shutil.rmtree(\"/\")'", "deny"),
    ("FOO=1 env python3 -c 'print(3)'", "allow"),
    ("$(which python3) -c 'print(1)'", "ask"),
])
def test_claude_code_commands(binary, command, decision):
    got, reason = claude_decision(binary, command)
    assert got == decision, (command, reason)
    if decision == "deny":
        assert "PG0" in reason


def test_scripts_are_read_from_the_calls_folder(binary, tmp_path):
    (tmp_path / "good.py").write_text("print(sum(range(10)))\n")
    (tmp_path / "bad.py").write_text("import ctypes\n")
    assert claude_decision(binary, "python3 good.py", str(tmp_path))[0] == "allow"
    assert claude_decision(binary, "uv run bad.py", str(tmp_path))[0] == "deny"
    assert claude_decision(binary, "python3 < bad.py", str(tmp_path))[0] == "deny"


def test_interpreter_tools_are_gated(binary):
    payload = claude_payload(None, tool="mcp__sandbox__run_python", tool_input={"code": "eval(input())"})
    out = hook(binary, "claude-code", payload)
    assert json.loads(out.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_gemini_cli_answers_allow_or_deny(binary):
    allow = hook(binary, "gemini-cli", gemini_payload("python3 -c 'print(1)'"))
    assert json.loads(allow.stdout) == {"decision": "allow"}
    deny = json.loads(hook(binary, "gemini-cli", gemini_payload("python3 -c 'import os'")).stdout)
    assert deny["decision"] == "deny" and "PG003" in deny["reason"]
    # Gemini CLI has no "ask": what cannot be determined is refused, with the reason.
    unknown = json.loads(hook(binary, "gemini-cli", gemini_payload("python3 $X")).stdout)
    assert unknown["decision"] == "deny" and "cannot tell" in unknown["reason"]
    other = hook(binary, "gemini-cli", gemini_payload("ls"))
    assert json.loads(other.stdout) == {}


def test_profile_and_bad_input(binary):
    out = hook(binary, "claude-code", claude_payload("python3 -c 'import pandas'"), "--profile", "data_processing")
    assert json.loads(out.stdout)["hookSpecificOutput"]["permissionDecision"] == "allow"
    bad = subprocess.run([binary, "hook", "claude-code"], input="not json", capture_output=True, text=True)
    assert bad.returncode == 2 and "not a JSON object" in bad.stderr
    no_profile = hook(binary, "claude-code", claude_payload("ls"), "--profile", "nope")
    assert no_profile.returncode == 2
