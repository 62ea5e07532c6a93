# corpus: profile=safe_eval decision=deny
"""__import__ with a module name split to dodge the import allowlist."""
module = __import__("o" + "s")  # expect: PG002
module.system("id")  # expect: PG004
