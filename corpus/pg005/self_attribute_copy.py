# corpus: profile=safe_eval decision=deny
"""urlopen stored on self in __init__ and called later through the attribute."""
from urllib.request import urlopen  # expect: PG003


class Loader:
    def __init__(self):
        self.opener = urlopen  # expect: PG005

    def load(self, url):
        return self.opener(url).read()  # expect: PG005
