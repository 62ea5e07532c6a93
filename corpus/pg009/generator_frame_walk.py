# corpus: profile=safe_eval decision=deny
"""From a running generator's frame up to its caller's globals."""
def probe():
    yield


gen = probe()
next(gen)
caller_globals = gen.gi_frame.f_back.f_globals  # expect: PG009 PG009 PG009
