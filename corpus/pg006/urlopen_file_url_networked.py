# corpus: profile=networked decision=deny
"""urllib opens file: URLs as local files: the networked profile's HTTP client is no file reader."""
import urllib.request

print(urllib.request.urlopen("file:///etc/passwd").read())  # expect: PG006
print(urllib.request.urlopen(" <URL:FILE://localhost/etc/shadow>").read())  # expect: PG006
request = urllib.request.Request("fi" + "le:///proc/self/environ")
print(urllib.request.urlopen(request).read())  # expect: PG006
opener = urllib.request.build_opener()
print(opener.open("file:///etc/hostname").read())  # expect: PG006
