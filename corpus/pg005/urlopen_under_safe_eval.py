# corpus: profile=safe_eval decision=deny
"""urllib.request is an HTTP client, not allowed under safe_eval: import and call are both findings."""
import urllib.request  # expect: PG003


def fetch(url):
    with urllib.request.urlopen(url, timeout=5) as response:  # expect: PG005
        return response.read()
