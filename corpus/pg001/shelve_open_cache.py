# corpus: profile=safe_eval decision=deny
"""A shelve cache: every value read back is unpickled."""
import shelve  # expect: PG003

db = shelve.open("cache")  # expect: PG001
settings = db.get("settings", {})
db.close()
