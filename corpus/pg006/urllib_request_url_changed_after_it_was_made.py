# corpus: profile=networked decision=deny
# A Request made with an http: URL is checked where it is made; urlopen
# opens what the request says when it is opened, so changing its URL or
# scheme afterwards to `file:` reads a local file.
import urllib.request

request = urllib.request.Request("http://example.org/")
request.full_url = "file:/etc/hostname"  # expect: PG006
print(urllib.request.urlopen(request).read())
other = urllib.request.Request("http://example.org/data")
setattr(other, "full_url", "file:///etc/passwd")  # expect: PG006
third = urllib.request.Request("http://localhost/etc/hostname")
third.type = "file"  # expect: PG006
fourth = urllib.request.Request("http://example.org/")
fourth._full_url = "file:/etc/hostname"  # expect: PG006
fourth._parse()
fifth = urllib.request.Request("http://example.org/etc/hostname")
fifth.set_proxy("localhost", "file")  # expect: PG006
