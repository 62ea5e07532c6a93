# corpus: profile=safe_eval decision=deny
"""A lambda returns __import__; calling its result imports a module."""
get_importer = lambda: __import__  # expect: PG002

platform_module = get_importer()("platform")  # expect: PG002
