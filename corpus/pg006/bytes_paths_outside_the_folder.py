# corpus: profile=repo_tooling decision=deny
"""A path given as bytes is the same path to the OS: folded as its bytes, refused like the str."""
import os  # expect: PG003

open(b"/etc/passwd", "w").write("x")  # expect: PG006
open(b"../x", "w")  # expect: PG006
os.remove(os.path.join(b"/etc", b"hosts"))  # expect: PG006
