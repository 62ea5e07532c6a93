"""A warm run's sandbox is a cold run's: the same probes, run cold and warm
under every built-in profile (and one allowing processes), see the same
thing of their own sandbox, or the warm run is cold and says why.

The probe reports what a program can observe of itself: its `isolation`
block, the seccomp mode and no-new-privileges bit (prctl), its rlimits, ids
and groups, environment, open descriptors, work directory (its file
system's size and inodes, its entries and modes), network (which
namespace, which sockets it may open), the Landlock answers for a set of
paths, signals to processes outside, and the interpreter's flags, argv and
import path. While it sleeps, the test reads its /proc/PID/status from
outside (Seccomp, NoNewPrivs, capabilities, signal masks). A profile that
preloads nothing gets `[runner] preload = ["json"]` so that it has a
template (code_pool, which allows no import, allows json for it). $PYGATE
names the binary.
"""

from __future__ import annotations

import json
import os

import pytest

BUILT_INS = ["safe_eval", "data_processing", "plotting", "networked", "code_pool", "repo_tooling"]

PROBE = r'''
import ctypes, errno, json, os, resource, socket, stat, sys, time
libc = ctypes.CDLL(None, use_errno=True)
workdir = os.getcwd()

def attempt(action):
    try:
        action()
        return "ok"
    except OSError as error:
        return errno.errorcode.get(error.errno, str(error.errno))

def opened(path, flags):
    def action():
        os.close(os.open(path, flags | os.O_CLOEXEC))
    return attempt(action)

def descriptor(fd):
    try:
        return stat.S_IFMT(os.fstat(fd).st_mode)
    except OSError:
        return None

def socket_of(family, kind):
    def action():
        socket.socket(family, kind).close()
    return attempt(action)

paths = ["/etc/passwd", "/etc/shadow", "/etc/hostname", "/tmp", "/root", "/home", "/", "/usr/lib/python3.11/os.py",
         "/usr/bin/python3", "/proc/self/status", "/proc/self/mountinfo", "/sys/class/net", "/dev/null",
         "/dev/urandom", "/dev/shm", "main.py", "input", "output", "..", "/var/tmp"]
landlock = {path: {"read": opened(path, os.O_RDONLY), "write": opened(path, os.O_WRONLY)} for path in paths}
landlock["output/new.txt"] = {"create": opened("output/new.txt", os.O_WRONLY | os.O_CREAT)}
landlock["new.txt"] = {"create": opened("new.txt", os.O_WRONLY | os.O_CREAT)}
space = os.statvfs(".")
probe = {
    "pid": os.getpid(),
    "prctl": {"seccomp": libc.prctl(21, 0, 0, 0, 0), "no_new_privs": libc.prctl(39, 0, 0, 0, 0),
              "dumpable": libc.prctl(3, 0, 0, 0, 0)},
    "rlimits": {name: resource.getrlimit(getattr(resource, name)) for name in sorted(dir(resource))
                if name.startswith("RLIMIT_")},
    "ids": [os.getresuid(), os.getresgid(), os.getgroups()],
    "umask": os.umask(0o022),
    "environment": {key: value.replace(workdir, "<workdir>") for key, value in os.environ.items()},
    "descriptors": {fd: descriptor(fd) for fd in range(4096) if descriptor(fd) is not None},
    "workdir": {"size": space.f_blocks * space.f_frsize, "inodes": space.f_files, "flags": space.f_flag,
                "entries": sorted(os.listdir(".")), "modes": [oct(os.stat(name).st_mode) for name in
                                                              (".", "main.py", "input", "output")]},
    "network": {"namespace": os.stat("/proc/self/ns/net").st_ino,
                "inet": socket_of(socket.AF_INET, socket.SOCK_STREAM),
                "inet6": socket_of(socket.AF_INET6, socket.SOCK_DGRAM),
                "netlink": socket_of(socket.AF_NETLINK, socket.SOCK_RAW),
                "unix": socket_of(socket.AF_UNIX, socket.SOCK_STREAM)},
    "landlock": landlock,
    "signals": {"init": attempt(lambda: os.kill(1, 0)), "parent": attempt(lambda: os.kill(os.getppid(), 0))},
    "fork": attempt(lambda: os._exit(0) if os.fork() == 0 else os.wait()),
    "python": {"flags": [sys.flags.isolated, sys.flags.dont_write_bytecode, sys.flags.ignore_environment,
                         sys.flags.no_user_site, sys.flags.safe_path],
               "argv": sys.argv, "path0": sys.path[0].replace(workdir, "<workdir>"),
               "main": __file__.replace(workdir, "<workdir>") if "__file__" in globals() else None,
               "name": __name__, "cwd_is_home": os.environ.get("HOME") == workdir},
}
print(json.dumps(probe), flush=True)
time.sleep(0.5)
'''

# What /proc/PID/status says of the probe, read from outside.
STATUS_LINES = ["Seccomp", "NoNewPrivs", "Uid", "Gid", "Groups", "CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb",
                "SigBlk", "SigIgn", "SigCgt", "Speculation_Store_Bypass"]

FOUR_PROCESSES = """\
name = "four_processes"
extends = "data_processing"
description = "data_processing with room for four processes"
[limits]
processes = 4
"""


# The runs that cannot be warm, and the reason they say: children of a warm
# run's program would outlive it as orphans of the template's worker; a run
# allowed 64 MiB (code_pool) would start with its template's address space
# counted against it, with less than 64 MiB left.
COLD = {"four_processes": "processes", "code_pool": "memory limit"}


def profile_file(tmp_path, name):
    """A profile under which runs may be warm: the built-in itself when it
    preloads modules, else the built-in with a preload of json."""
    if name == "four_processes":
        text = FOUR_PROCESSES
    elif name in ("data_processing", "plotting"):
        return name
    else:
        # code_pool allows no import at all: json is allowed, and the import
        # statement, so that it can be preloaded (the gate's tables; its
        # limits, which make the sandbox, stay code_pool's).
        imports = '[imports]\nallow = ["json"]\n[syntax]\nforbid = []\n' if name == "code_pool" else ""
        text = f'name = "{name}_warm"\nextends = "{name}"\ndescription = "{name} with a template"\n' \
               f'{imports}[runner]\npreload = ["json"]\n'
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    return str(path)


# glibc keeps signals 32 and 33 for itself (thread cancellation and setxid
# across threads): sigaction refuses them, so no program can read or set
# their dispositions, and a template's libraries may have made glibc install
# its handler for 33. They are left out of the signal masks compared.
GLIBC_SIGNALS = (1 << 31) | (1 << 32)


def status_of(pid):
    lines = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in STATUS_LINES:
                lines[key] = value.strip()
    for key in ("SigBlk", "SigIgn", "SigCgt"):
        lines[key] = f"{int(lines[key], 16) & ~GLIBC_SIGNALS:016x}"
    return lines


def probe(server, request_id, warm):
    server.send({"id": request_id, "op": "run", "code": PROBE, "warm": warm, "stream": True})
    out = ""
    seen = None
    status = None
    while True:
        message = server.read(120)
        if message.get("id") != request_id:
            continue
        if message.get("event") == "stdout":
            out += message["data"]
            if seen is None and out.endswith("\n"):
                seen = json.loads(out)
                try:
                    status = status_of(seen["pid"])
                except OSError:
                    status = None  # in a PID namespace of its own: pid 1 there names another process here
            continue
        if "event" in message:
            continue
        assert "result" in message, message
        return message["result"], seen, status


def comparable(result, seen, host_namespace):
    """What must be equal between a cold and a warm run: everything the run
    observed, but for what names this one run (its pid, the namespace's
    number: the cold run's is new, the warm run's its template's)."""
    seen = dict(seen)
    seen.pop("pid")
    network = dict(seen["network"])
    network["namespace"] = "own" if network["namespace"] != host_namespace else "host's"
    seen["network"] = network
    return {"isolation": result["isolation"], "status": result["status"], "stderr": result["stderr"],
            "limits": result["limits"], "seen": seen}


def differences(warm, cold, where=""):
    """Each place where the warm run saw other than the cold one."""
    if isinstance(warm, dict) and isinstance(cold, dict):
        found = []
        for key in sorted(set(warm) | set(cold), key=str):
            found += differences(warm.get(key, "<none>"), cold.get(key, "<none>"), f"{where}/{key}")
        return found
    return [] if warm == cold else [f"{where}: warm {warm!r}, cold {cold!r}"]


@pytest.mark.parametrize("name", BUILT_INS + ["four_processes"])
def test_a_warm_run_sees_what_a_cold_run_sees(serve, tmp_path, name):
    server = serve("--unsafe-skip-gate", "--profile", profile_file(tmp_path, name))
    host_namespace = os.stat("/proc/self/ns/net").st_ino
    cold, cold_seen, cold_status = probe(server, "cold", False)
    warm, warm_seen, warm_status = probe(server, "warm", True)
    assert cold["status"] == "ok", cold
    assert not cold["warm"]
    if name in COLD:
        assert not warm["warm"]
        assert COLD[name] in warm["warm_unavailable"], warm
        return
    assert warm["warm"], warm.get("warm_unavailable")
    assert differences(comparable(warm, warm_seen, host_namespace), comparable(cold, cold_seen, host_namespace)) == []
    assert differences(warm_status, cold_status) == []
    assert server.close() == 0
