# corpus: profile=safe_eval decision=deny
"""The posix module under an alias: os.system without naming os."""
import posix as p  # expect: PG003

p.system("id")  # expect: PG004
