# Leave the process group: double fork, setsid in the grandchild, which
# then sleeps forever with a marker in its argv.
import os, sys, time
try:
    pid = os.fork()
except OSError as error:
    print("fork refused:", error.errno, flush=True)
    raise SystemExit(3)
if pid == 0:
    if os.fork() == 0:
        os.setsid()
        os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(3600)", "pygate-escapee"])
    os._exit(0)
os.waitpid(pid, 0)
print("escaped the group", flush=True)
