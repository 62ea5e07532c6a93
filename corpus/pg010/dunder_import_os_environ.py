# corpus: profile=safe_eval decision=deny
"""__import__('os').environ: PG002 for the call, PG010 for what it reaches."""
token = __import__("os").environ["NPM_TOKEN"]  # expect: PG002 PG010
