# corpus: profile=networked decision=allow
"""The networked profile's ordinary use: a requests session calling a web API."""
import requests

session = requests.Session()
resp = requests.get("https://api.example.com/items", params={"limit": 10}, timeout=5)
resp.raise_for_status()
print(len(resp.json()))
