# corpus: profile=networked decision=review
"""A URL whose scheme is not constant may be a file: URL: review, not allow."""
import urllib.request


def fetch(url):
    return urllib.request.urlopen(url).read()  # expect: PG006
