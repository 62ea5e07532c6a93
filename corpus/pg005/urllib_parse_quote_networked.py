# corpus: profile=networked decision=allow
"""urllib.parse only builds strings: quoting and encoding a query is not network access."""
import urllib.parse
from urllib.parse import urlencode, urljoin

path = urllib.parse.quote("reports/2024 Q1.csv")
query = urlencode({"q": "socket timeout", "page": 2})
print(urljoin("https://api.example.com/v1/", path) + "?" + query)
