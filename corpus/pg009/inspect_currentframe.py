# corpus: profile=safe_eval decision=deny
"""inspect.currentframe and the frame's back pointer."""
import inspect  # expect: PG003

frame = inspect.currentframe()  # expect: PG009
outer = frame.f_back  # expect: PG009
