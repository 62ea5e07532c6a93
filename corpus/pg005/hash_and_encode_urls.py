# corpus: profile=safe_eval decision=allow
"""Hashing and base64-encoding URL strings is string work, not network access."""
import base64
import hashlib

url = "https://example.com/api?token=abc"
digest = hashlib.sha256(url.encode()).hexdigest()
encoded = base64.urlsafe_b64encode(url.encode()).decode()
print(digest[:12], encoded)
