# corpus: profile=safe_eval decision=deny
"""http.client is an HTTP client allowed only by the networked profile."""
import http.client  # expect: PG003

conn = http.client.HTTPSConnection("api.example.com")  # expect: PG005
conn.request("GET", "/")  # expect: PG005
