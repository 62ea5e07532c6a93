# Fill the disk: write one file without end in output/.
import errno
chunk = b"\0" * (1024 * 1024)
written = 0
try:
    with open("output/huge.bin", "wb") as f:
        while True:
            f.write(chunk)
            f.flush()
            written += len(chunk)
except OSError as error:
    print("stopped after", written, "bytes:", errno.errorcode.get(error.errno), flush=True)
    raise SystemExit(3)
