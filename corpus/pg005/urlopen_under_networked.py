# corpus: profile=networked decision=allow
"""networked allows urllib.request as an import and exempts it from PG005 by its allow list."""
import json
import urllib.request
from urllib.error import HTTPError


def get_json(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return json.load(response)
    except HTTPError as err:
        return {"error": err.code}
