# corpus: profile=safe_eval decision=deny
"""The module's namespace, subscripted with a constant, reaches the same alias."""
import collections

collections.__dict__["_sys"].modules["os"].system("id")  # expect: PG002 PG004 PG009
