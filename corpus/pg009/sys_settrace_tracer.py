# corpus: profile=safe_eval decision=deny
"""sys.settrace installs a tracer that sees every frame."""
import sys


def tracer(frame, event, arg):
    return tracer


sys.settrace(tracer)  # expect: PG009
