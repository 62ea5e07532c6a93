# Sleep past the wall-clock limit: uses no CPU, so only the wall clock stops it.
import time
time.sleep(3600)
