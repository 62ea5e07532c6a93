# corpus: profile=safe_eval decision=deny
"""Allowing sys grants its constants, not its frames, tracers, hooks or module table."""
import sys

frame = sys._getframe(0)  # expect: PG009
sys.settrace(print)  # expect: PG009
sys.setrecursionlimit(10**6)  # expect: PG008
os_module = sys.modules["os"]  # expect: PG002
loader = sys.meta_path[0]  # expect: PG002
sys.addaudithook(print)  # expect: PG010
sys.set_int_max_str_digits(0)  # expect: PG010
