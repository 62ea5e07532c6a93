# corpus: profile=safe_eval decision=deny
"""locals() exposes a frame's namespace."""
def snapshot(a, b):
    return locals()  # expect: PG009


print(snapshot(1, 2))
