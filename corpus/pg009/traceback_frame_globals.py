# corpus: profile=safe_eval decision=deny
"""An exception's traceback leads to the frame that raised it and that frame's globals."""
try:
    1 / 0
except ZeroDivisionError as exc:
    scope = exc.__traceback__.tb_frame.f_globals  # expect: PG009 PG009 PG009
    print(len(scope))
