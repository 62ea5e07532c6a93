# Leave zombies and orphans: children that exit unreaped, and one that outlives us.
import os, sys
made = 0
for _ in range(3):
    try:
        pid = os.fork()
    except OSError as error:
        print("fork refused:", error.errno, flush=True)
        raise SystemExit(3)
    if pid == 0:
        os._exit(0)
    made += 1
print("left", made, "zombies", flush=True)
