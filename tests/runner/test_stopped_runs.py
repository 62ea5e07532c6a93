"""Runs, sessions and the repl stopped from outside leave no mount and no
work directory behind.

`pygate run`, a session's worker and `pygate repl` are each killed with
SIGTERM, SIGHUP and SIGKILL (the run with SIGINT too), and the repl's terminal
is closed, while a program runs; then the mounts of the test's $TMPDIR in
this process's mount table (the host's) and the work directories in it are
counted. As root each work directory is a tmpfs, so a leak there is memory
held until reboot. $PYGATE names the binary.
"""

from __future__ import annotations

import json
import os
import pty
import select
import shutil
import signal
import subprocess
import tempfile
import time
from typing import Callable, List

import pytest

SLOW_PROGRAM = "open('output/result.txt', 'w').write('x' * 100000)\nimport time\ntime.sleep(60)\n"


@pytest.fixture(scope="module")
def binary() -> str:
    path = os.environ.get("PYGATE")
    if not path:
        pytest.fail("set PYGATE to the pygate binary")
    return path


@pytest.fixture
def tmpdir_of_run():
    """A $TMPDIR of the test's own, which the program's unprivileged uid can enter."""
    path = tempfile.mkdtemp(prefix="pygate-stop-test-")
    os.chmod(path, 0o1777)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def mounts_under(path: str) -> List[str]:
    with open("/proc/self/mountinfo") as mountinfo:
        points = [line.split()[4] for line in mountinfo]
    return [point for point in points if point.startswith(path + "/")]


def work_directories(path: str) -> List[str]:
    return sorted(name for name in os.listdir(path) if name.startswith("pygate-run-"))


def processes_of(path: str) -> List[int]:
    """pygate's processes and the program's: $TMPDIR or $HOME lies in `path`."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as environ:
                variables = environ.read().split(b"\0")
        except OSError:
            continue
        if f"TMPDIR={path}".encode() in variables or any(
                variable.startswith(f"HOME={path}/".encode()) for variable in variables):
            found.append(int(name))
    return found


def program_running(path: str) -> bool:
    """The program (its $HOME is its work directory) has started."""
    for pid in processes_of(path):
        try:
            with open(f"/proc/{pid}/environ", "rb") as environ:
                if f"HOME={path}/pygate-run-".encode() in environ.read():
                    return True
        except OSError:
            pass
    return False


def wait_for(condition: Callable[[], bool], what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {seconds} s for {what}")
        time.sleep(0.05)


def assert_nothing_left(binary: str, path: str, killed_by_sigkill: bool) -> None:
    wait_for(lambda: not processes_of(path), "every process of the run to end")
    assert mounts_under(path) == [], "a work directory's tmpfs is still mounted on the host"
    if killed_by_sigkill:
        # Nothing could clean up after SIGKILL: the next run in the same
        # $TMPDIR removes the directory the dead one left.
        quick = os.path.join(path, "quick.py")
        with open(quick, "w") as source:
            source.write("pass\n")
        subprocess.run([binary, "run", "--unsafe-skip-gate", "--format", "json", quick],
                       env={**os.environ, "TMPDIR": path}, capture_output=True, timeout=60, check=True)
        assert mounts_under(path) == []
    assert work_directories(path) == []


RUN_SIGNALS = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGKILL]


@pytest.mark.parametrize("stop", RUN_SIGNALS, ids=[stop.name for stop in RUN_SIGNALS])
def test_a_stopped_run_leaves_nothing(binary, tmpdir_of_run, stop):
    program = os.path.join(tmpdir_of_run, "slow.py")
    with open(program, "w") as source:
        source.write(SLOW_PROGRAM)
    run = subprocess.Popen([binary, "run", "--unsafe-skip-gate", program], env={**os.environ, "TMPDIR": tmpdir_of_run},
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: program_running(tmpdir_of_run), "the program to start")
        run.send_signal(stop)
        _, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    if stop == signal.SIGKILL:
        assert run.returncode == -signal.SIGKILL
    else:
        # The shells' convention for a process ended by a signal.
        assert run.returncode == 128 + stop, err.decode(errors="replace")
    assert_nothing_left(binary, tmpdir_of_run, stop == signal.SIGKILL)


def session_workers(server_pid: int) -> List[int]:
    workers = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{name}/cmdline", "rb") as cmdline:
                arguments = cmdline.read().split(b"\0")
        except (OSError, IndexError, ValueError):
            continue
        if parent == server_pid and b"serve-session-worker" in arguments:
            workers.append(int(name))
    return workers


SESSION_SIGNALS = [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL]


@pytest.mark.parametrize("stop", SESSION_SIGNALS, ids=[stop.name for stop in SESSION_SIGNALS])
def test_a_stopped_session_leaves_nothing(binary, tmpdir_of_run, stop):
    server = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env={**os.environ, "TMPDIR": tmpdir_of_run})
    try:
        server.stdin.write(json.dumps({"op": "session_open", "id": 1, "profile": "safe_eval"}).encode() + b"\n")
        server.stdin.flush()
        wait_for(lambda: program_running(tmpdir_of_run), "the session's interpreter to start")
        workers = session_workers(server.pid)
        assert len(workers) == 1
        os.kill(workers[0], stop)
        wait_for(lambda: not session_workers(server.pid), "the session's worker to end")
        server.stdin.close()
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert_nothing_left(binary, tmpdir_of_run, stop == signal.SIGKILL)


REPL_STOPS = ["SIGTERM", "SIGHUP", "SIGKILL", "terminal_closed"]


@pytest.mark.parametrize("stop", REPL_STOPS)
def test_a_stopped_repl_leaves_nothing(binary, tmpdir_of_run, stop):
    pid, terminal = pty.fork()
    if pid == 0:
        os.environ["TMPDIR"] = tmpdir_of_run
        os.execv(binary, [binary, "repl", "--profile", "safe_eval"])
    try:
        wait_for(lambda: program_running(tmpdir_of_run), "the repl's session to start")
        if stop == "terminal_closed":
            os.close(terminal)
            terminal = -1
        else:
            os.kill(pid, getattr(signal, stop))
        # Whatever the repl printed is read, so that it never blocks on a full terminal.
        deadline = time.monotonic() + 30
        while os.waitpid(pid, os.WNOHANG) == (0, 0):
            assert time.monotonic() < deadline, "the repl did not end"
            if terminal >= 0 and select.select([terminal], [], [], 0.05)[0]:
                try:
                    os.read(terminal, 65536)
                except OSError:
                    pass
            else:
                time.sleep(0.05)
        pid = 0
    finally:
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        if terminal >= 0:
            os.close(terminal)
    assert_nothing_left(binary, tmpdir_of_run, False)


# A run allowed several processes, whose program starts one that leaves its
# session and orphans a grandchild (setsid, then a double fork), and keeps a
# child of its own: pygate killed with SIGKILL by `timeout -s KILL` must
# take every one of them with it, and leave no cgroup for long.
ESCAPING_PROGRAM = """\
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(120)
    os._exit(0)
if os.fork() == 0:
    time.sleep(120)
    os._exit(0)
time.sleep(120)
"""

FOUR_PROCESSES = """\
name = "four_processes"
extends = "safe_eval"
description = "safe_eval with limits.processes = 4"
[limits]
processes = 4
"""


def pygate_cgroups() -> List[str]:
    """The run cgroups pygate made (pygate-<pid>-<n>), wherever this machine's
    hierarchies put this process's."""
    found = []
    with open("/proc/self/cgroup") as cgroups:
        for line in cgroups:
            _, controllers, path = line.rstrip("\n").split(":", 2)
            base = "/sys/fs/cgroup" + ("" if not controllers else "/" + controllers.split(",")[0])
            folder = base + (path if path != "/" else "")
            try:
                found += [os.path.join(folder, name) for name in os.listdir(folder) if name.startswith("pygate-")]
            except OSError:
                pass
    return sorted(set(found))


def program_processes(path: str) -> List[int]:
    """The program's processes: their $HOME is a work directory in `path`."""
    found = []
    for pid in processes_of(path):
        try:
            with open(f"/proc/{pid}/environ", "rb") as environ:
                if f"HOME={path}/pygate-run-".encode() in environ.read():
                    found.append(pid)
        except OSError:
            pass
    return found


@pytest.mark.skipif(os.geteuid() != 0, reason="the processes run as nobody, and pygate makes their cgroup, as root")
def test_a_run_of_several_processes_killed_by_timeout_leaves_nothing(binary, tmpdir_of_run):
    program = os.path.join(tmpdir_of_run, "escape.py")
    with open(program, "w") as source:
        source.write(ESCAPING_PROGRAM)
    profile = os.path.join(tmpdir_of_run, "four_processes.toml")
    with open(profile, "w") as source:
        source.write(FOUR_PROCESSES)
    cgroups_before = pygate_cgroups()
    run = subprocess.Popen(["timeout", "-s", "KILL", "5", binary, "run", "--unsafe-skip-gate", "--profile", profile,
                            program], env={**os.environ, "TMPDIR": tmpdir_of_run},
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: len(program_processes(tmpdir_of_run)) >= 3, "the program, its child and its grandchild to start")
        _, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == -signal.SIGKILL or run.returncode == 128 + signal.SIGKILL, err.decode(errors="replace")
    wait_for(lambda: not program_processes(tmpdir_of_run), "every process of the program to end", seconds=10)
    assert_nothing_left(binary, tmpdir_of_run, True)
    # The next run that makes a cgroup removes the one the dead run left.
    quick = os.path.join(tmpdir_of_run, "quick.py")
    subprocess.run([binary, "run", "--unsafe-skip-gate", "--profile", profile, "--format", "json", quick],
                   env={**os.environ, "TMPDIR": tmpdir_of_run}, capture_output=True, timeout=60, check=True)
    left = sorted(set(pygate_cgroups()) - set(cgroups_before))
    assert left == [], "the killed run's cgroup is still there"
