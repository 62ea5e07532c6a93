# corpus: profile=safe_eval decision=deny
"""An import under a condition that is never true is still an import."""
DEBUG = False

if DEBUG:
    import pdb as debugger  # expect: PG003
    print(debugger)
