# corpus: profile=repo_tooling decision=deny
"""Absolute paths are outside every profile's prefixes."""

for line in open("/etc/passwd"):  # expect: PG006
    print(line.split(":")[0])
