"""`pygate hook`: the hosts' documented payloads, Python hidden in shell commands, and what the hook
may never do: approve a command it did not wholly judge."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from hook_client import claude_answer, claude_payload, gemini_answer, gemini_payload, hook


def claude(binary, command, cwd="/tmp", *args):
    return claude_answer(hook(binary, "claude-code", claude_payload(command, cwd), *args))


@pytest.mark.parametrize("command, decision", [
    ("python3 -c 'import os; os.system(\"id\")'", "deny"),
    ('python -c "import subprocess"', "deny"),
    ("echo hi; /usr/bin/python3.11 -u -c 'import socket'", "deny"),
    ("python3 - <<'EOF'\nimport os\nos.remove('x')\nEOF\n", "deny"),
    ("python3 <<EOF\nprint('$HOME')\nEOF\n", "ask"),
    ('python3 -c "$CODE"', "ask"),
    ("python3 $SCRIPT", "ask"),
    ("python3 does_not_exist_yet.py", "ask"),
    ("python3 -m http.server", "ask"),
    ("echo 'print(1)' | python3", "ask"),
    ("uv run python -c 'import shutil; shutil.rmtree(\"/\")'", "deny"),
    ("$(which python3) -c 'print(1)'", "ask"),
])
def test_refusals_and_unknowns_are_answered(binary, command, decision):
    got, reason = claude(binary, command)
    assert got == decision, (command, reason)
    if decision == "deny":
        assert "PG0" in reason
    if decision == "ask":
        assert "pygate" in reason


def test_passing_python_gets_no_decision_but_says_it_passed(binary):
    # The host's own permission rules and prompt apply, as without pygate.
    got, context = claude(binary, "python3 -c 'print(1 + 1)'")
    assert got is None
    assert "passed profile safe_eval" in context and "--approve" in context


def test_not_python_gets_no_answer_at_all(binary):
    out = hook(binary, "claude-code", claude_payload("npm test"))
    assert out.returncode == 0 and out.stdout == ""
    assert json.loads(hook(binary, "gemini-cli", gemini_payload("ls")).stdout) == {}


def test_scripts_are_read_from_the_calls_folder(binary, tmp_path):
    (tmp_path / "good.py").write_text("print(sum(range(10)))\n")
    (tmp_path / "bad.py").write_text("import ctypes\n")
    assert claude(binary, "python3 good.py", str(tmp_path))[0] is None
    assert claude(binary, "uv run bad.py", str(tmp_path))[0] == "deny"
    assert claude(binary, "python3 < bad.py", str(tmp_path))[0] == "deny"
    assert claude(binary, "./bad.py", str(tmp_path))[0] == "deny"


def test_gemini_shell_tool_folder_is_where_scripts_are_read(binary, tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "bad.py").write_text("import ctypes\n")
    payload = gemini_payload("python3 bad.py", str(tmp_path))
    payload["tool_input"]["dir_path"] = "sub"
    assert gemini_answer(hook(binary, "gemini-cli", payload))[0] == "deny"


def test_interpreter_tools_are_gated(binary):
    refused = claude_payload(None, tool="mcp__sandbox__run_python", tool_input={"code": "eval(input())"})
    assert claude_answer(hook(binary, "claude-code", refused))[0] == "deny"
    passing = claude_payload(None, tool="mcp__sandbox__run_python", tool_input={"code": "print(1)"})
    assert claude_answer(hook(binary, "claude-code", passing))[0] is None
    # An interpreter tool's code is Python and nothing else: the opt-in approves it.
    assert claude_answer(hook(binary, "claude-code", passing, "--approve"))[0] == "allow"


def test_gemini_cli_never_allows_by_default(binary):
    assert json.loads(hook(binary, "gemini-cli", gemini_payload("python3 -c 'print(1)'")).stdout) == {}
    approved = hook(binary, "gemini-cli", gemini_payload("python3 -c 'print(1)'"), "--approve")
    assert json.loads(approved.stdout) == {"decision": "allow"}
    deny = gemini_answer(hook(binary, "gemini-cli", gemini_payload("python3 -c 'import os'")))
    assert deny[0] == "deny" and "PG003" in deny[1]
    # Gemini CLI has no "ask": what cannot be determined is refused, with the reason.
    unknown = gemini_answer(hook(binary, "gemini-cli", gemini_payload("python3 $X")))
    assert unknown[0] == "deny" and "cannot tell" in unknown[1]


def test_a_module_beside_the_code_stops_approval(binary, tmp_path):
    # `python3 -c` puts the working folder first on sys.path: ./math.py would be imported, unjudged.
    (tmp_path / "math.py").write_text("import os\nos.system('id')\n")
    got, context = claude(binary, "python3 -c 'import math; print(math.pi)'", str(tmp_path), "--approve")
    assert got is None and "math.py" in context
    # -I (and -P) keep the folder off sys.path.
    assert claude(binary, "python3 -I -c 'import math; print(math.pi)'", str(tmp_path), "--approve")[0] == "allow"


def test_the_interpreters_environment_stops_approval(binary, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    out = hook(binary, "claude-code", claude_payload("python3 -c 'print(1)'", str(tmp_path)), "--approve", env=env)
    got, context = claude_answer(out)
    assert got is None and "PYTHONPATH" in context


def test_a_redirection_through_a_symlink_is_not_approved(binary, tmp_path):
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "link").symlink_to(tmp_path / "elsewhere")
    command = "python3 -c 'print(1)' > output/link"
    got, context = claude(binary, command, str(tmp_path), "--profile", "data_processing", "--approve")
    assert got is None and "symbolic link" in context


def test_profile_and_bad_input(binary, tmp_path):
    out = hook(binary, "claude-code", claude_payload("python3 -c 'import pandas'", str(tmp_path)), "--profile",
               "data_processing", "--approve")
    assert claude_answer(out)[0] == "allow"
    bad = subprocess.run([binary, "hook", "claude-code"], input="not json", capture_output=True, text=True)
    assert bad.returncode == 2 and "not a JSON object" in bad.stderr
    no_profile = hook(binary, "claude-code", claude_payload("ls"), "--profile", "nope")
    assert no_profile.returncode == 2
