# corpus: profile=repo_tooling decision=deny
"""expanduser('~/...') reads from the home folder, outside the working folder."""
import os.path

key = open(os.path.expanduser("~/.ssh/id_rsa")).read()  # expect: PG006 PG010
print(key[:10])
