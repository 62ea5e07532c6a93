# corpus: profile=repo_tooling decision=deny
"""Listing /etc through glob reads outside the working folder."""
import glob

for name in glob.glob("/etc/*.conf"):  # expect: PG006
    print(name)
