#!/usr/bin/python3
"""Runs the hook that .pre-commit-hooks.yaml ships the way pre-commit would:
its `entry` with the staged Python files appended. A clean file must pass and
an unsafe one must fail, so the shipped hook cannot silently rot."""
import pathlib
import shlex
import subprocess
import sys
import tempfile

pygate, hooks_file = sys.argv[1], pathlib.Path(sys.argv[2])
hook = {}
for line in hooks_file.read_text().splitlines():
    if line.startswith("- id:") or line.startswith("  ") and ":" in line:
        key, _, value = line.lstrip("- ").partition(":")
        hook[key.strip()] = value.strip()
assert hook.get("id") == "pygate", hook
assert hook.get("language") == "system", hook
assert hook.get("types") == "[python]", hook
entry = shlex.split(hook["entry"])
assert entry[0] == "pygate", entry
command = [pygate] + entry[1:]

with tempfile.TemporaryDirectory() as folder:
    clean = pathlib.Path(folder, "clean.py")
    clean.write_text("total = sum([1, 2, 3])\n")
    unsafe = pathlib.Path(folder, "unsafe.py")
    unsafe.write_text("s = 'ab\u202ecd'\n")
    passed = subprocess.run(command + [str(clean)], capture_output=True, text=True)
    assert passed.returncode == 0, (passed.returncode, passed.stdout, passed.stderr)
    failed = subprocess.run(command + [str(clean), str(unsafe)], capture_output=True, text=True)
    assert failed.returncode == 1, (failed.returncode, failed.stdout, failed.stderr)
    assert "unsafe.py:1:8: error: PG000" in failed.stdout, failed.stdout
print("the shipped pre-commit hook passes clean files and fails unsafe ones")
