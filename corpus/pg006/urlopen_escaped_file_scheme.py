# corpus: profile=networked decision=deny
"""An f-string's text is as written: `\x66ile:` is `file:`, so its scheme is not taken as written."""
import urllib.request


def read(name):
    return urllib.request.urlopen(f"\x66ile:///etc/{name}").read()  # expect: PG006


print(urllib.request.urlopen("\x66ile:///etc/hosts").read())  # expect: PG006
print(urllib.request.urlopen(f"https\x3a//example.com/{input()}").read())  # expect: PG006
