# corpus: profile=safe_eval decision=deny
"""gc.get_objects returns every live object in the interpreter."""
import gc  # expect: PG003

modules = [o for o in gc.get_objects() if type(o).__name__ == "module"]  # expect: PG009
