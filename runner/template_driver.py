# pygate's warm-run template: the main.py of an interpreter that imports the
# profile's preload modules once and then forks one child per warm run.
#
# The template runs only this file, never untrusted code. It was started by
# the runner under the layers a run gets, except the two that would stop it
# forking (the process filter and the one-process signal filter) and its
# work directory, which holds the runs' own. Each child is handed its run's
# layers by its run worker as data (runner/warm_layers.hpp): the steps a cold
# child takes (runner/child_steps.hpp), in the same order, each with what it
# applies. It takes them one by one through STEPS below, which interprets
# and never decides: a step it does not know fails the setup, and the run
# starts cold. The last step is the program: main.py, run as
# `python -I -B main.py` would, in a fresh `__main__`; the template reports
# how it ended.
#
# Descriptor 3 is the template's link to its server (a SOCK_SEQPACKET
# socket): it answers `ready` once, then receives `fork` requests, each with
# the socket of one run. Messages are JSON, descriptors ride along with them.


def _template():
    import array
    import ctypes
    import gc
    import json
    import os
    import platform
    import select
    import socket
    import sys

    libc = ctypes.CDLL(None, use_errno=True)
    PR_SET_PDEATHSIG = 1
    PR_SET_SECCOMP = 22
    SECCOMP_MODE_FILTER = 2
    SYS_landlock_restrict_self = 446  # the same number on x86-64 and aarch64
    MAX_FDS = 8

    def send(sock, message, fds=()):
        data = json.dumps(message).encode()
        if fds:
            sock.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))])
        else:
            sock.send(data)

    def receive(sock):
        data, fds, _flags, _address = socket.recv_fds(sock, 1 << 20, MAX_FDS)
        if not data:
            return None, fds
        return json.loads(data), fds

    def preload(modules):
        loaded, failed = {}, {}
        for name in modules:
            try:
                module = __import__(name)
                for part in name.split(".")[1:]:
                    module = getattr(module, part)
                loaded[name] = str(getattr(module, "__version__", ""))
            except BaseException as error:  # a preload that fails makes no template
                failed[name] = f"{type(error).__name__}: {error}"
        return loaded, failed

    link = socket.socket(fileno=3)
    request, _ = receive(link)
    if request is None or request.get("op") != "preload":
        return 2
    os.environ.update(request.get("environment", {}))
    loaded, failed = preload(request.get("modules", []))
    sys.stdout.flush()
    sys.stderr.flush()
    send(link, {"ready": {"python": platform.python_version(), "modules": loaded, "failed": failed}})
    if failed:
        return 1
    template_pid = os.getpid()
    # What a child uses is imported here, once: a child that imports
    # nothing writes fewer of the pages it shares with the template, and
    # each page it writes is copied.
    import atexit  # noqa: F401
    import random
    import resource
    import signal
    import threading  # noqa: F401
    import types  # noqa: F401

    descriptor_limit = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if descriptor_limit == resource.RLIM_INFINITY:
        descriptor_limit = 1 << 20

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    def install_filter(program):
        buffer = ctypes.create_string_buffer(program, len(program))
        fprog = SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
        if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
            return ctypes.get_errno()
        return 0

    PR_SET_NO_NEW_PRIVS = 38

    def take_session(_step, _fds):
        os.setsid()

    def take_parent_death(_step, _fds):
        if libc.prctl(PR_SET_PDEATHSIG, 9, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl")
        if os.getppid() != template_pid:
            raise OSError(3, "the template is gone")

    def take_cgroup(step, _fds):
        # The run's worker wrote this child into the run's cgroup before it
        # handed the steps over: there is nothing left to do here.
        if step.get("joined_by") != "worker":
            raise OSError(22, "a cgroup this child would have to join")

    def take_stdio(step, fds):
        for target, handed in enumerate(step["descriptors"]):
            os.dup2(fds[handed], target)

    def take_close_fds(step, _fds):
        # As the cold child's close-on-exec: every descriptor from `keep` on
        # closes when the program starts (the link is needed until then).
        layers["keep"] = step["keep"]

    def take_workdir(step, _fds):
        os.chdir(step["path"])

    def take_network(step, _fds):
        # The template was started in the empty network namespace a run
        # gets, and its children cannot leave it (its seccomp filter refuses
        # unshare and setns). A child still in its worker's namespace (its
        # template was refused one) would have less than a cold run may get:
        # it fails, and the run starts cold, where the kernel says why.
        if os.stat("/proc/self/ns/net").st_ino == step["not"]:
            raise OSError(95, "the template has no network namespace of its own")  # ENOTSUP
        layers["netns"] = True

    def take_rlimits(step, _fds):
        for number, soft, hard in step["limits"]:
            resource.setrlimit(number, (soft, hard))

    def take_no_new_privs(_step, _fds):
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl")

    def take_landlock(step, fds):
        if libc.syscall(SYS_landlock_restrict_self, fds[step["ruleset"]], 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self")

    def take_drop_user(step, _fds):
        # The template runs as the unprivileged user already, with no
        # groups: the child checks it is who the run says, and would change
        # if it could (it cannot: it holds no privilege).
        uid, gid, groups = step["uid"], step["gid"], step["groups"]
        if os.getgroups() != groups:
            os.setgroups(groups)
        if os.getresgid() != (gid, gid, gid):
            os.setresgid(gid, gid, gid)
        if os.getresuid() != (uid, uid, uid):
            os.setresuid(uid, uid, uid)
        if os.getresuid() != (uid, uid, uid) or os.getresgid() != (gid, gid, gid) or os.getgroups() != groups:
            raise OSError(1, "not the run's user")

    def take_filter(step, _fds):
        error = install_filter(bytes.fromhex(step["program"]))
        if error:
            raise OSError(error, "seccomp")

    # One function a step, by the step's id (runner/child_steps.hpp): the
    # runner says which steps, in which order, with what; a step missing here
    # fails the setup and the run starts cold. The last step, "exec", is the
    # program (child below).
    STEPS = {
        "session": take_session,
        "parent_death": take_parent_death,
        "cgroup": take_cgroup,
        "stdio": take_stdio,
        "close_fds": take_close_fds,
        "workdir": take_workdir,
        "network": take_network,
        "rlimits": take_rlimits,
        "no_new_privs": take_no_new_privs,
        "landlock": take_landlock,
        "drop_user": take_drop_user,
        "seccomp": take_filter,
        "signal_filter": take_filter,
    }
    layers = {}

    def child(run):
        """In the forked child: the run's layers, then its code. Never returns."""
        step_id = "session"
        try:
            # Before anything else, so that the run's worker can watch it: its
            # session and its death with the template (as the first steps
            # will say again), and its own pidfd, sent with its pid. The
            # worker watches and stops it through that, never through a pid
            # the template may have reaped meanwhile.
            os.setsid()
            step_id = "parent_death"
            take_parent_death(None, None)
            own = os.pidfd_open(os.getpid())
            try:
                send(run, {"pid": os.getpid()}, [own])
            finally:
                os.close(own)
            step_id = "waiting for the run's layers"
            setup, fds = receive(run)
            if setup is None:
                os._exit(127)
            steps = setup["steps"]
            for step in steps[:-1]:
                step_id = step["step"]
                take = STEPS.get(step_id)
                if take is None:
                    raise OSError(38, "a step this template does not know")  # ENOSYS
                if step_id == "session":
                    continue  # taken above, before the pid was sent
                take(step, fds)
            program = steps[-1]
            step_id = program["step"]
            if step_id != "exec":
                raise OSError(22, "the last step is not the program")
            ready = {"ready": True}
            if "netns" in layers:
                ready["netns"] = layers["netns"]
            send(run, ready)
        except OSError as error:
            try:
                send(run, {"setup_failed": step_id, "errno": error.errno or 0})
            finally:
                os._exit(127)
        except BaseException:
            os._exit(127)
        # The exec step: nothing of the template reaches the program. No
        # descriptor but those it keeps (0, 1 and 2), its own environment,
        # arguments and import path, its own random state, and a fresh
        # __main__.
        os.close(run.detach())
        # The template could open no descriptor above its own limit.
        os.closerange(layers.get("keep", 3), descriptor_limit)
        os.environ.clear()
        os.environ.update(program["environment"])
        # sys.path stays the template's: started with -I as a cold run's
        # interpreter is, it holds neither the work directory nor the
        # current one.
        main_path = os.path.join(os.getcwd(), program["argv"][0])
        sys.argv[:] = program["argv"]
        run_main(main_path)

    def run_main(main_path):
        import atexit
        import signal
        import threading
        import types

        main = types.ModuleType("__main__")
        main.__file__ = main_path
        main.__cached__ = None
        main.__builtins__ = __builtins__
        sys.modules["__main__"] = main
        code = 0
        try:
            with open(main_path, "rb") as source:
                compiled = compile(source.read(), main_path, "exec")
            exec(compiled, main.__dict__)
        except SystemExit as end:
            code = exit_code(end)
        except KeyboardInterrupt as interrupt:
            report(interrupt)
            flush()
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
            code = 130
        except BaseException as error:
            report(error)
            code = 1
        try:
            threading._shutdown()
            atexit._run_exitfuncs()
        except SystemExit as end:
            code = exit_code(end)
        except BaseException as error:
            report(error)
        if not flush() and code == 0:
            code = 120
        os._exit(code)

    def exit_code(end):
        if end.code is None:
            return 0
        if isinstance(end.code, int):
            return end.code & 0xFF
        try:
            print(end.code, file=sys.stderr)
        except BaseException:
            pass
        return 1

    def report(error):
        # The traceback starts at main.py, as the interpreter's own would.
        traceback = error.__traceback__
        if traceback is not None and traceback.tb_frame.f_code.co_name == "run_main":
            traceback = traceback.tb_next
        # The hook shows the exception's own traceback: set it first.
        sys.excepthook(type(error), error.with_traceback(traceback), traceback)

    def flush():
        ok = True
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:
                ok = False
        return ok

    def spare(control):
        """A child forked ahead of its run: it does now what every run's
        child does first, so that the pages this writes (and so copies) are
        copied before a run waits on them, then waits for its run."""
        os.close(link.detach())
        for held in list(children.values()):
            os.close(held[1].detach())
        children.clear()
        runs.clear()
        random.seed()
        tempfile = sys.modules.get("tempfile")
        if tempfile is not None:
            tempfile.tempdir = None  # found again from the run's own environment
        numpy_random = sys.modules.get("numpy.random")
        if numpy_random is not None:
            numpy_random.seed()
        json.loads(json.dumps({"warm": [1, 2.5, "up"]}))
        exec(compile("pass", "main.py", "exec"), {"__name__": "__main__"})
        try:
            request, fds = receive(control)
        except OSError:
            os._exit(0)
        if request is None or len(fds) != 1:
            os._exit(0)
        os.close(control.detach())
        child(socket.socket(fileno=fds[0]))

    def fork_spare():
        """A new spare: its pid, its pidfd and the template's end of its socket;
        None when the kernel refuses a process now (RLIMIT_NPROC counts every
        process and thread of the uid, a run's too): the next run asks again."""
        try:
            spare_made = make_spare()
        except OSError:
            return None
        poller.register(spare_made[1], select.POLLIN)
        return spare_made

    def make_spare():
        control, spare_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        sys.stdout.flush()
        sys.stderr.flush()
        # Every object so far moves to the collector's permanent generation:
        # a collection in the child would otherwise visit (and so copy) every
        # page the preloaded modules fill. Memory freed so far goes back to
        # the kernel: a child that reuses it gets fresh pages, not copies.
        gc.freeze()
        libc.malloc_trim(0)
        try:
            pid = os.fork()
        except OSError:
            control.close()
            spare_end.close()
            raise
        if pid == 0:
            # Nothing a child does may return into the template's own code.
            try:
                control.close()
                spare(spare_end)
            finally:
                os._exit(127)
        spare_end.close()
        return pid, os.pidfd_open(pid), control

    # The runs: each `fork` request brings the socket of one run, which goes
    # to the spare child waiting for it; a new spare is forked at once. A
    # run's child is watched through a pidfd, and its wait status and
    # resource use are sent on the run's socket when it ends. The socket is
    # watched too, for its hang-up only (the child reads it): a run whose
    # worker is gone is killed, through its pidfd.
    children = {}  # pidfd -> (pid, run socket)
    runs = {}  # run socket's fd -> pidfd
    poller = select.poll()
    poller.register(link.fileno(), select.POLLIN)
    waiting = fork_spare()
    while True:
        for fd, _events in poller.poll():
            if fd == link.fileno():
                request, fds = receive(link)
                if request is None:
                    return 0
                if request.get("op") != "fork" or len(fds) != 1:
                    for extra in fds:
                        os.close(extra)
                    continue
                run = socket.socket(fileno=fds[0])
                if waiting is None:
                    waiting = fork_spare()
                if waiting is None:
                    run.close()  # its worker hears nothing and starts the run cold
                    continue
                poller.unregister(waiting[1])
                pid, pidfd, control = waiting
                try:
                    send(control, {"op": "run"}, [run.fileno()])
                except OSError:
                    pass  # the spare is gone: its pidfd says so, and the run's worker hears nothing
                control.close()
                children[pidfd] = (pid, run)
                runs[run.fileno()] = pidfd
                poller.register(pidfd, select.POLLIN)
                poller.register(run.fileno(), 0)
                waiting = fork_spare()
            elif fd in runs:
                poller.unregister(fd)
                try:
                    signal.pidfd_send_signal(runs.pop(fd), signal.SIGKILL)
                except ProcessLookupError:
                    pass
            elif waiting is not None and fd == waiting[1]:
                # The spare died before any run reached it: another one.
                poller.unregister(fd)
                os.close(fd)
                os.wait4(waiting[0], 0)
                waiting[2].close()
                waiting = fork_spare()
            elif fd in children:
                pid, run = children.pop(fd)
                poller.unregister(fd)
                os.close(fd)
                if runs.pop(run.fileno(), None) is not None:
                    poller.unregister(run.fileno())
                _pid, status, usage = os.wait4(pid, 0)
                try:
                    send(run, {"exited": status, "user_ms": usage.ru_utime * 1000.0,
                               "sys_ms": usage.ru_stime * 1000.0, "max_rss_kb": usage.ru_maxrss})
                except OSError:
                    pass
                run.close()


sys_exit_code = _template()
del _template
raise SystemExit(sys_exit_code)
