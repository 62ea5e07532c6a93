"""Speaking to the real `pygate hook` binary as Claude Code and Gemini CLI do."""

from __future__ import annotations

import json
import subprocess
from typing import Optional


def claude_payload(command: Optional[str], cwd: str = "/tmp", tool: str = "Bash", tool_input=None) -> dict:
    # The shape of Claude Code's PreToolUse input (its hooks reference).
    return {"session_id": "abc123", "transcript_path": "/tmp/transcript.jsonl", "cwd": cwd,
            "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": tool,
            "tool_input": tool_input if tool_input is not None else {"command": command, "description": "run"},
            "tool_use_id": "toolu_01ABC123"}


def gemini_payload(command: str, cwd: str = "/tmp") -> dict:
    # The shape of Gemini CLI's BeforeTool input (its hooks reference).
    return {"session_id": "s1", "transcript_path": "/tmp/t.json", "cwd": cwd, "hook_event_name": "BeforeTool",
            "timestamp": "2026-11-26T10:00:00Z", "tool_name": "run_shell_command",
            "tool_input": {"command": command, "description": "run"}}


def hook(binary: str, host: str, payload: dict, *args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([binary, "hook", host, *args], input=json.dumps(payload), capture_output=True, text=True,
                          timeout=60, env=env)


def claude_answer(out: subprocess.CompletedProcess):
    """(permissionDecision or None, the reason or context text)."""
    assert out.returncode == 0, out.stderr
    if not out.stdout.strip():
        return None, ""
    answer = json.loads(out.stdout)["hookSpecificOutput"]
    assert answer["hookEventName"] == "PreToolUse"
    if "permissionDecision" in answer:
        return answer["permissionDecision"], answer["permissionDecisionReason"]
    return None, answer.get("additionalContext", "")


def gemini_answer(out: subprocess.CompletedProcess):
    """(decision or None, reason)."""
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    return answer.get("decision"), answer.get("reason", "")
