# corpus: profile=safe_eval decision=deny
"""Reading a credential from os.environ (exfiltration starts with a read)."""
import os  # expect: PG003

token = os.environ["GITHUB_TOKEN"]  # expect: PG010
print(len(token))
