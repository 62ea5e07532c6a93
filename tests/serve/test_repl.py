"""`pygate repl`: blocks gated and run in one session, findings shown inline."""

from __future__ import annotations

import subprocess


def test_repl_runs_blocks_in_one_session_and_shows_findings(binary):
    script = "x = 41\nx + 1\nimport os\nfor i in range(3):\n    print(i)\n\ny = x * 2\ny\n"
    out = subprocess.run([binary, "repl", "--profile", "safe_eval"], input=script, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "42"
    assert lines[1] == "pygate: not run, the gate decided deny:"
    assert "PG003" in lines[2]
    assert lines[3:7] == ["0", "1", "2", "82"]


def test_repl_with_a_profile_that_does_not_load(binary):
    out = subprocess.run([binary, "repl", "--profile", "no_such_profile"], input="", capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and "profile" in out.stderr


def test_what_the_sandbox_prints_cannot_drive_the_terminal(binary):
    # A title (OSC 0), the clipboard (OSC 52), a cleared screen (CSI 2J), an
    # 8-bit CSI, and a carriage return that would hide the line before it.
    script = ('print("before\\x1b]0;TITLE\\x07\\x1b]52;c;cHduZWQ=\\x07\\x1b[2J\\x9b31m\\rafter")\n'
              'print("tab\\tkept")\n')
    out = subprocess.run([binary, "repl", "--profile", "safe_eval"], input=script.encode(), capture_output=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    for control in (b"\x1b", b"\x07", b"\x9b", b"\xc2\x9b", b"\r"):
        assert control not in out.stdout
    lines = out.stdout.decode().splitlines()
    assert lines[0].startswith("before\ufffd]0;TITLE\ufffd") and lines[0].endswith("after")
    assert lines[1] == "tab\tkept"
