# corpus: profile=networked decision=deny
# urllib's openers have file methods that read a path whatever the URL says:
# URLopener.open_local_file("/etc/passwd") and FileHandler.file_open on a
# request whose selector is a path.
import urllib.request

a = urllib.request.URLopener().open_local_file("/etc/passwd").read()  # expect: PG006
b = urllib.request.URLopener().open_file("file:///etc/passwd").read()  # expect: PG006
req = urllib.request.Request("http://example.com/etc/passwd")
c = urllib.request.FileHandler().file_open(req).read()  # expect: PG006
