# corpus: profile=safe_eval decision=deny
"""Raising the recursion limit lets deep recursion crash the interpreter."""
import sys

sys.setrecursionlimit(10**6)  # expect: PG008
