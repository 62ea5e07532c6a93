#!/usr/bin/python3
"""Prints which of the runner's layers this machine could not test.

The runner's tests check each layer where the kernel grants it, and where it
does not, that the run reports it missing with the kernel's reason while the
other layers still contain the attack; they pass either way. This asks the
real runner which case this machine is, so that a reader of a green run knows
what it covered:
    tests/runner/untested_layers.py build/release/pygate
It runs a trivial program with `pygate run --format json` (with room for four
processes, so that a cgroup is made) as the caller and, when the caller is root,
as nobody, as the tests do, and prints one line per layer missing from either
run's `isolation`. Exits 1 only when a run fails.
"""
import json
import os
import subprocess
import sys
import tempfile

NOBODY = 65534

PROFILE = """name = "layers_probe"
extends = "safe_eval"
description = "safe_eval with room for four processes, so that the run gets a cgroup"
[limits]
processes = 4
"""


def run(pygate, directory, as_nobody):
    argv = ["/usr/bin/env", f"TMPDIR={directory}", pygate, "run", "--unsafe-skip-gate", "--format", "json",
            "--profile", os.path.join(directory, "probe.toml"), os.path.join(directory, "probe.py")]
    if as_nobody:
        argv = ["/usr/bin/setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *argv]
    process = subprocess.run(argv, capture_output=True, text=True, check=False)
    try:
        result = json.loads(process.stdout)
    except json.JSONDecodeError:
        sys.exit(f"untested_layers.py: pygate run gave no result (exit {process.returncode}): {process.stderr}")
    if result.get("status") != "ok":
        sys.exit(f"untested_layers.py: the probe did not run: {result.get('status')} {result.get('error', '')}")
    return result["isolation"]


def missing_layers(isolation, as_nobody):
    """(layer, reason) for each layer that did not hold in this run."""
    abi = isolation["landlock_abi"]
    if not isolation["netns"]:
        yield "network namespace", isolation.get("netns_error", "no reason given")
    if not isolation["pidns"]:
        yield "PID namespace", isolation.get("pidns_error", "no reason given")
    if abi == 0:
        yield "Landlock", isolation.get("landlock_error") or "this kernel has no Landlock"
    else:
        if not isolation["landlock_tcp"]:
            yield "Landlock TCP rules", f"Landlock ABI {abi}; they need 4"
        if not isolation["landlock_signals"]:
            yield "Landlock signal scoping", f"Landlock ABI {abi}; it needs 6"
    # Unprivileged, no cgroup is the documented behaviour, which a test checks.
    if not isolation["cgroup"] and not as_nobody:
        yield "cgroup", isolation.get("cgroup_error", "no reason given")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: untested_layers.py PYGATE")
    pygate = os.path.abspath(sys.argv[1])
    root = os.geteuid() == 0
    lines = []
    with tempfile.TemporaryDirectory(prefix="pygate-layers-") as directory:
        os.chmod(directory, 0o1777)  # like /tmp: nobody makes its work directory here
        for name, text in (("probe.py", "print('ok')\n"), ("probe.toml", PROFILE)):
            with open(os.path.join(directory, name), "w", encoding="utf-8") as file:
                file.write(text)
            os.chmod(os.path.join(directory, name), 0o644)
        for as_nobody in (False, True) if root else (False,):
            who = "pygate as nobody" if as_nobody else f"pygate as uid {os.geteuid()}"
            for layer, reason in missing_layers(run(pygate, directory, as_nobody), as_nobody):
                lines.append(f"untested on this machine: {layer}, {who} ({reason})")
    if not root:
        lines.append(f"untested on this machine: pygate started as root, and as nobody (the tests run as uid "
                     f"{os.geteuid()}, so they cannot switch)")
    print("\n".join(lines) if lines else "untested on this machine: none; every layer of the runner was tested")


if __name__ == "__main__":
    main()
