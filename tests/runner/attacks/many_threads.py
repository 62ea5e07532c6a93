# Thousands of threads, each sleeping.
import threading, time
threads = []
try:
    for _ in range(5000):
        t = threading.Thread(target=time.sleep, args=(3600,), daemon=True)
        t.start()
        threads.append(t)
except (RuntimeError, MemoryError) as error:
    print("stopped at", len(threads), "threads:", error, flush=True)
    raise SystemExit(3)
print("STARTED", len(threads))
