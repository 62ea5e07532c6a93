# corpus: profile=networked decision=allow
"""http.client is one of the HTTP clients the networked profile exempts."""
import http.client

conn = http.client.HTTPSConnection("api.example.com", timeout=5)
conn.request("GET", "/status")
print(conn.getresponse().status)
