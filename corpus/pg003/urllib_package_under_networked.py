# corpus: profile=networked decision=deny
"""Allowing urllib.parse does not allow the urllib package itself."""
import urllib  # expect: PG003

print(urllib)
