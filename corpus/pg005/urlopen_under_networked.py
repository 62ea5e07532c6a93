# corpus: profile=networked decision=allow
"""networked allows urllib.request as an import and exempts it from PG005 by its allow list
(a URL whose scheme is not constant is a review: pg006/urlopen_dynamic_url_review.py)."""
import json
import urllib.request
from urllib.error import HTTPError


def get_json(path):
    try:
        with urllib.request.urlopen(f"https://api.example.com/{path}", timeout=10) as response:
            return json.load(response)
    except HTTPError as err:
        return {"error": err.code}
