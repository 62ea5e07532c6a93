# Memory split across processes: each stays under RLIMIT_AS, together they
# hold more than the memory limit.
import os, time
children = []
for _ in range(3):
    pid = os.fork()
    if pid == 0:
        block = b"x" * (60 * 1024 * 1024)
        time.sleep(2)
        os._exit(0)
    children.append(pid)
killed = 0
for pid in children:
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        killed += 1
if killed:
    print("children killed:", killed, flush=True)
    raise SystemExit(3)
print("held 180 MiB in 3 processes", flush=True)
