# Fork bomb: every process forks forever.
import os
created = 0
while True:
    try:
        os.fork()
        created += 1
    except OSError as error:
        print("fork refused:", error.errno, flush=True)
        raise SystemExit(3)
