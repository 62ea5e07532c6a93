# corpus: profile=repo_tooling decision=deny
"""Another user's home folder, and a `..` that would take the home folder away,
stay absolute paths, which every profile refuses: even where paths that are
not constant are allowed, these are not left unknown."""
import os.path

key = open(os.path.expanduser("~root/.ssh/id_rsa")).read()  # expect: PG006 PG010
passwd = open(os.path.normpath(os.path.expanduser("~/../../etc/passwd"))).read()  # expect: PG006 PG010
print(len(key), len(passwd))
