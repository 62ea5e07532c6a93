# corpus: profile=safe_eval decision=deny
"""sys._getframe reaches the caller's frame; sys itself is not allowed under safe_eval."""
import sys


def caller_globals():
    return sys._getframe(1).f_globals  # expect: PG009 PG009
