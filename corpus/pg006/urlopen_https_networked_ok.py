# corpus: profile=networked decision=allow
"""HTTPS URLs, constant or starting with a constant scheme, are what the networked profile is for."""
import urllib.request

print(urllib.request.urlopen("https://example.com/api").read())
user = "octocat"
print(urllib.request.urlopen(f"https://api.github.com/users/{user}").read())
request = urllib.request.Request("https://example.com/", headers={"Accept": "application/json"})
print(urllib.request.urlopen(request).read())
