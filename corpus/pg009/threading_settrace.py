# corpus: profile=safe_eval decision=deny
"""threading.settrace installs a tracer for every new thread."""
import threading  # expect: PG003


def tracer(frame, event, arg):
    return None


threading.settrace(tracer)  # expect: PG009
