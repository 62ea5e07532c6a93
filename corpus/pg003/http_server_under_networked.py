# corpus: profile=networked decision=deny
"""networked allows http.client; http.server is a sibling submodule, not allowed."""
import http.client
import http.server  # expect: PG003

print(http.client.OK)
