# corpus: profile=networked decision=allow
# A Request whose URL is changed to another http: URL reads nothing local.
import urllib.request

request = urllib.request.Request("http://example.org/")
request.full_url = "https://example.org/data.json"
request.type = "https"
print(request.get_full_url())
