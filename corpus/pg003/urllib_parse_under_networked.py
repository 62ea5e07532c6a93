# corpus: profile=networked decision=allow
"""urllib.parse is allowed by networked; quoting is not network access."""
import urllib.parse
from urllib.parse import urlencode

query = urlencode({"q": "pygate", "page": 2})
print(urllib.parse.urljoin("https://example.com/api/", "search?" + query))
