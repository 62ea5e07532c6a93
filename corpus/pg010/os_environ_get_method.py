# corpus: profile=safe_eval decision=deny
"""os.environ.get is still a read of the environment."""
import os  # expect: PG003

secret = os.environ.get("AWS_SECRET_ACCESS_KEY", "")  # expect: PG010
print(secret[:4])
