# corpus: profile=safe_eval decision=deny
"""os.environb is the bytes view of the same environment."""
import os  # expect: PG003

key = os.environb[b"OPENAI_API_KEY"]  # expect: PG010
