# corpus: profile=safe_eval decision=deny
"""ctypes loads libc and calls system() without any process module."""
import ctypes  # expect: PG003

libc = ctypes.CDLL(None)  # expect: PG004
libc.system(b"id")  # expect: PG004
