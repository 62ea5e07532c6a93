# Output flood: 16 MiB on stdout and stderr, then a normal exit.
import sys
line = "x" * 1023 + "\n"
for _ in range(16 * 1024):
    sys.stdout.write(line)
    sys.stderr.write(line)
