# corpus: profile=safe_eval decision=deny
"""urlopen stored on self in __init__ and called later through the attribute: the store hands a function that
opens file: URLs to reads no site shows (PG006), and the call through the attribute is judged (PG005)."""
from urllib.request import urlopen  # expect: PG003


class Loader:
    def __init__(self):
        self.opener = urlopen  # expect: PG006

    def load(self, url):
        return self.opener(url).read()  # expect: PG005
